/*
 * show-messages: the message log, newest first, each line "HH:MM: " and
 * the entry (message-log.c). -J (jobs) and -T (terminals) print what
 * zeropty has of them: nothing yet.
 */
#include <time.h>

#include "tmux-compat/tmux.h"

static void
cmd_show_messages_print(time_t t, const char *msg, void *arg)
{
	struct tm	tm;
	char		when[16];

	localtime_r(&t, &tm);
	strftime(when, sizeof when, "%H:%M", &tm);
	cmdq_print(arg, "%s: %s", when, msg);
}

static enum cmd_retval
cmd_show_messages_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;

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
