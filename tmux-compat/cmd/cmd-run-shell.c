/*
 * run-shell: run a shell command (or with -C a tmux command); without -b
 * the client waits and its exit status becomes the command's. tmux 3.3a
 * shows the output in a view mode of the pane, which command clients do
 * not see (view modes come with the interactive client).
 */
#include <sys/wait.h>

#include <stdlib.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/cmd-parse.h"
#include "tmux-compat/tmux.h"

static void
cmd_run_shell_done(struct client *c, int status, struct buf *out, void *arg)
{
	int	retcode = 0;

	if (WIFEXITED(status))
		retcode = WEXITSTATUS(status);
	else if (WIFSIGNALED(status))
		retcode = WTERMSIG(status) + 128;
	if (c != NULL)
		c->retval = retcode;
}

static enum cmd_retval
cmd_run_shell_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args			*args = self->args;
	struct cmd_parse_input		 pi;
	struct cmd_parse_result		 pr;
	char				*cmd;
	int				 failed;

	if (args_count(args) == 0)
		return (CMD_RETURN_NORMAL);
	cmd = format_for(item, &item->target, args_string(args, 0), 0);
	if (args_has(args, 'd')) {
		char	*end;
		double	 d = strtod(args_get(args, 'd'), &end);

		if (*end != '\0' || d < 0) {
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
	if (cmd_job_run(item, cmd, args_has(args, 'b'), cmd_run_shell_done,
	    NULL) != 0) {
		cmdq_error(item, "failed to run command: %s", cmd);
		xfree(cmd);
		return (CMD_RETURN_ERROR);
	}
	xfree(cmd);
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
