/*
 * show-messages: the message log, newest first, each line "HH:MM: " and
 * the entry (message-log.c). -J lists the jobs (run-shell, if-shell,
 * #() in formats) as tmux; -T (tmux's dump of each terminal's terminfo
 * capabilities) prints nothing.
 */
#include <time.h>

#include "engine/sys/job.h"
#include "tmux-compat/tmux.h"

struct cmd_show_messages_jobs {
	struct cmdq_item	*item;
	unsigned		 n;
};

static void
cmd_show_messages_print(time_t t, const char *msg, void *arg)
{
	struct tm	tm;
	char		when[16];

	localtime_r(&t, &tm);
	strftime(when, sizeof when, "%H:%M", &tm);
	cmdq_print(arg, "%s: %s", when, msg);
}

/* -J: "Job N: command [fd=F, pid=P, status=S]", newest first. */
static void
cmd_show_messages_job(const char *cmd, int fd, pid_t pid, int status,
    void *arg)
{
	struct cmd_show_messages_jobs	*jobs = arg;

	cmdq_print(jobs->item, "Job %u: %s [fd=%d, pid=%ld, status=%d]",
	    jobs->n++, cmd, fd, (long)pid, status);
}

static enum cmd_retval
cmd_show_messages_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args			*args = self->args;
	struct cmd_show_messages_jobs	 jobs = { item, 0 };

	if (args_has(args, 'J'))
		job_each(cmd_show_messages_job, &jobs);
	if (args_has(args, 'J') || args_has(args, 'T'))
		return (CMD_RETURN_NORMAL);
	message_log_each(cmd_show_messages_print, item);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_show_messages_entry = {
	.name = "show-messages",
	.alias = "showmsgs",
	.args = { "JTt:", 0, 0 },
	.usage = "[-JT] [-t target-client]",
	.flags = CMD_AFTERHOOK|CMD_CLIENT_TFLAG|CMD_NOCHANGE,
	.exec = cmd_show_messages_exec
};
