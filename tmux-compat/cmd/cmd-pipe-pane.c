/*
 * pipe-pane: send what a pane shows to a shell command (-O, the default),
 * type the command's output into the pane (-I), or stop (no command);
 * -o only opens a pipe if none was open (so it toggles).
 */
#include "engine/base/xmalloc.h"
#include "engine/sys/pane-io.h"
#include "tmux-compat/tmux.h"

static enum cmd_retval
cmd_pipe_pane_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct pane	*wp = item->target.wp;
	char		*cmd, *cause = NULL;
	int		 old, in, out;

	/* What the pane already received is not for the new pipe. */
	pane_io_drain(wp);
	old = pane_io_pipe_active(wp);
	pane_io_pipe_close(wp);
	if (args_count(args) == 0 || *args_string(args, 0) == '\0')
		return (CMD_RETURN_NORMAL);
	if (args_has(args, 'o') && old)
		return (CMD_RETURN_NORMAL);
	if (args_has(args, 'I')) {
		in = 1;
		out = args_has(args, 'O');
	} else {
		in = 0;
		out = 1;
	}
	cmd = format_vars_for(item, &item->target, args_string(args, 0), 0);
	if (pane_io_pipe_open(wp, cmd, in, out, &cause) != 0) {
		cmdq_error(item, "%s", cause);
		xfree(cause);
		xfree(cmd);
		return (CMD_RETURN_ERROR);
	}
	xfree(cmd);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_pipe_pane_entry = {
	.name = "pipe-pane",
	.alias = "pipep",
	.args = { "IOot:", 0, 1 },
	.usage = "[-IOo] [-t target-pane] [shell-command]",
	.target = { 't', CMD_FIND_PANE, 0 },
	.flags = CMD_AFTERHOOK,
	.exec = cmd_pipe_pane_exec
};
