/*
 * Shell jobs for run-shell and if-shell: start one for a command, let the
 * command client wait for it (unless -b), and hand the result back to the
 * command; if the client went away while waiting, the result is dropped.
 */
#include <sys/queue.h>

#include "engine/base/xmalloc.h"
#include "engine/sys/job.h"
#include "tmux-compat/cmd-parse.h"
#include "tmux-compat/options.h"
#include "tmux-compat/tmux.h"

struct cmd_job {
	struct client		*c;	/* waiting, or NULL */
	cmd_job_done_cb		 done;
	void			*arg;
	int			 cfg;	/* started by the startup files */
	int			 background;
	TAILQ_ENTRY(cmd_job)	 entry;
};

static TAILQ_HEAD(, cmd_job) cmd_jobs = TAILQ_HEAD_INITIALIZER(cmd_jobs);

/*
 * Jobs of the startup files (an if-shell in ~/.tmux.conf) and of what
 * they run in turn: the client that started the server waits for them, as
 * tmux's waits for its configuration to finish (server.c).
 */
static unsigned	cmd_job_cfg_jobs;
static unsigned	cmd_job_cfg_waits;	/* of them, not -b */
static int	cmd_job_in_cfg;

unsigned
cmd_job_cfg_pending(void)
{
	return (cmd_job_cfg_jobs);
}

/* The startup files' jobs they wait for (not -b): they go on after. */
unsigned
cmd_job_cfg_waited(void)
{
	return (cmd_job_cfg_waits);
}

static void
cmd_job_finished(struct job *job, int status, struct buf *out, void *arg)
{
	struct cmd_job	*cj = arg;
	struct client	*c = cj->c;

	TAILQ_REMOVE(&cmd_jobs, cj, entry);
	cmd_job_in_cfg = cj->cfg;
	if (cj->done != NULL)
		cj->done(c, status, out, cj->arg);
	cmd_job_in_cfg = 0;
	if (c != NULL)
		cmdq_continue(c);
	if (cj->cfg) {
		cmd_job_cfg_jobs--;
		if (!cj->background)
			cmd_job_cfg_waits--;
		cfg_job_done();
	}
	xfree(cj);
}

int
cmd_job_run(struct cmdq_item *item, const char *cmd, int background,
    cmd_job_done_cb done, void *arg)
{
	struct cmd_job	*cj;
	struct session	*s = item->target.s;
	const char	*shell, *cwd;
	char		**env;
	struct job	*job;

	shell = options_session_string(s, "default-shell");
	if (shell == NULL || *shell == '\0')
		shell = "/bin/sh";
	cwd = server_client_get_cwd(item->client, s);
	cj = xcalloc(1, sizeof *cj);
	cj->c = background ? NULL : item->client;
	cj->done = done;
	cj->arg = arg;
	cj->cfg = cfg_loading || cmd_job_in_cfg;
	cj->background = background;
	env = spawn_job_environ(s);
	job = job_start(shell, cmd, cwd, env, cmd_job_finished, cj);
	spawn_free_environ(env);
	if (job == NULL) {
		xfree(cj);
		return (-1);
	}
	TAILQ_INSERT_TAIL(&cmd_jobs, cj, entry);
	if (cj->cfg) {
		cmd_job_cfg_jobs++;
		if (!background)
			cmd_job_cfg_waits++;
	}
	return (0);
}

void
cmd_job_client_gone(struct client *c)
{
	struct cmd_job	*cj;

	/*
	 * A client waiting for its job took the result with it; a job it did
	 * not wait for (if-shell inside source-file) still does its work,
	 * with no client, as a background one.
	 */
	TAILQ_FOREACH(cj, &cmd_jobs, entry) {
		if (cj->c == c) {
			cj->c = NULL;
			if (c->wait_list != NULL)
				cj->done = NULL;
		}
	}
}
