/*
 * run-shell: run a shell command (or with -C a tmux command); without -b
 * the client waits and its exit status becomes the command's. As tmux
 * 3.3a, the output and a "'cmd' returned N" line go to view-mode on the
 * target pane (the current one without -t); with no pane they are lost,
 * or with -b go to the current pane when the job is done.
 */
#include <sys/wait.h>

#include <stdlib.h>
#include <string.h>

#include "engine/base/buf.h"
#include "engine/base/xmalloc.h"
#include "tmux-compat/cmd-parse.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/window-copy.h"

struct run_shell_data {
	char	*cmd;
	int	 wp_id;		/* the target pane, -1: none */
	int	 background;
};

/* One line of output to the target pane, or with -b the current one. */
static void
cmd_run_shell_print(struct run_shell_data *d, const char *line)
{
	struct pane		*p = NULL;
	struct session		*s;

	if (d->wp_id != -1)
		p = window_pane_find_by_id((unsigned)d->wp_id);
	/* Without a pane, a waited-for job's output is lost (tmux). */
	if (p == NULL) {
		if (!d->background)
			return;
		if ((s = session_most_recent()) == NULL || s->curw == NULL ||
		    (p = s->curw->window->active) == NULL)
			return;
	}
	window_view_add(p, line);
}

static void
cmd_run_shell_done(struct client *c, int status, struct buf *out, void *arg)
{
	struct run_shell_data	*d = arg;
	const char		*data = NULL, *nl;
	size_t			 len = 0;
	char			*line, *msg = NULL;
	int			 retcode = 0;

	if (out != NULL && out->len != 0) {
		data = (const char *)buf_data(out);
		len = out->len;
	}
	while (len > 0) {
		nl = memchr(data, '\n', len);
		line = xstrndup(data, nl != NULL ? (size_t)(nl - data) : len);
		cmd_run_shell_print(d, line);
		xfree(line);
		if (nl == NULL)
			break;
		len -= (size_t)(nl + 1 - data);
		data = nl + 1;
	}
	if (WIFEXITED(status)) {
		if ((retcode = WEXITSTATUS(status)) != 0)
			xasprintf(&msg, "'%s' returned %d", d->cmd, retcode);
	} else if (WIFSIGNALED(status)) {
		retcode = WTERMSIG(status);
		xasprintf(&msg, "'%s' terminated by signal %d", d->cmd,
		    retcode);
		retcode += 128;
	}
	if (msg != NULL) {
		cmd_run_shell_print(d, msg);
		xfree(msg);
	}
	if (c != NULL)
		c->retval = retcode;
	xfree(d->cmd);
	xfree(d);
}

static enum cmd_retval
cmd_run_shell_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args			*args = self->args;
	struct cmd_parse_input		 pi;
	struct cmd_parse_result		 pr;
	struct run_shell_data		*d;
	char				*cmd;
	int				 failed;

	if (args_count(args) == 0)
		return (CMD_RETURN_NORMAL);
	cmd = format_vars_for(item, &item->target, args_string(args, 0), 0);
	if (args_has(args, 'd')) {
		char	*end;
		double	 delay = strtod(args_get(args, 'd'), &end);

		if (*end != '\0' || delay < 0) {
			cmdq_error(item, "invalid delay time: %s",
			    args_get(args, 'd'));
			xfree(cmd);
			return (CMD_RETURN_ERROR);
		}
	}
	if (args_has(args, 'C')) {
		memset(&pi, 0, sizeof pi);
		cmd_parse_from_string(cmd, &pi, &pr);
		xfree(cmd);
		if (pr.status == CMD_PARSE_ERROR) {
			cmdq_error(item, "%s", pr.error);
			xfree(pr.error);
			return (CMD_RETURN_ERROR);
		}
		failed = cmdq_run(item->client, pr.cmdlist);
		cmd_parse_result_free(&pr);
		return (failed ? CMD_RETURN_ERROR : CMD_RETURN_NORMAL);
	}
	d = xcalloc(1, sizeof *d);
	d->cmd = cmd;
	d->wp_id = item->target.wp != NULL ? (int)item->target.wp->id : -1;
	d->background = args_has(args, 'b');
	if (cmd_job_run(item, cmd, args_has(args, 'b'), cmd_run_shell_done,
	    d) != 0) {
		cmdq_error(item, "failed to run command: %s", cmd);
		xfree(cmd);
		xfree(d);
		return (CMD_RETURN_ERROR);
	}
	if (args_has(args, 'b'))
		return (CMD_RETURN_NORMAL);
	return (CMD_RETURN_WAIT);
}

const struct cmd_entry cmd_run_shell_entry = {
	.name = "run-shell",
	.alias = "run",
	.args = { "bd:Ct:", 0, 1 },
	.usage = "[-bC] [-d delay] [-t target-pane] [shell-command]",
	.target = { 't', CMD_FIND_PANE, CMD_FIND_CANFAIL },
	.flags = 0,
	.exec = cmd_run_shell_exec
};
