/*
 * copy-mode: put the target pane in copy mode (-u: a page up, -e: leave
 * when scrolled back to the bottom, -H: no position indicator); -q leaves
 * any mode.
 */
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"
#include "tmux-compat/window-copy.h"

static enum cmd_retval
cmd_copy_mode_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct pane	*p = item->target.wp;

	if (args_has(args, 'q')) {
		window_copy_exit(p);
		return (CMD_RETURN_NORMAL);
	}
	if (args_has(args, 'M')) {
		struct cmd_find_state	mfs;

		/* Start a drag selection where the mouse is. */
		if (tty_mouse_target(item->client, &mfs) != 0 ||
		    mfs.wp == NULL)
			return (CMD_RETURN_NORMAL);
		window_copy_enter(mfs.wp, 0, 0);
		tty_mouse_start_drag(item->client, mfs.wp);
		return (CMD_RETURN_NORMAL);
	}
	window_copy_enter(p, args_has(args, 'u'), args_has(args, 'e'));
	if (args_has(args, 'H') && p->mode != NULL)
		window_copy_command(p, "toggle-position", 0, NULL);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_copy_mode_entry = {
	.name = "copy-mode",
	.alias = NULL,
	.args = { "eHMs:t:uq", 0, 0 },
	.usage = "[-eHMuq] [-s src-pane] [-t target-pane]",
	.source = { 's', CMD_FIND_PANE, 0 },
	.target = { 't', CMD_FIND_PANE, 0 },
	.flags = CMD_AFTERHOOK,
	.exec = cmd_copy_mode_exec
};
