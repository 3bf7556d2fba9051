/*
 * customize-mode: put the target pane in tmux's options and key bindings
 * editor (window-customize.c): -N without its preview, -Z zoomed, -F the
 * items' format, -f a filter.
 */
#include "tmux-compat/cmd-entries.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/window-copy.h"

static enum cmd_retval
cmd_customize_mode_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct window_tree	*wt;

	wt = window_customize_create(item->target.wp,
	    args_get(args, 'F'), args_get(args, 'f'));
	window_tree_set_preview(wt, !args_has(args, 'N'));
	window_tree_start(item->target.wp, wt, args_has(args, 'Z'));
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_customize_mode_entry = {
	.name = "customize-mode",
	.alias = NULL,
	.args = { "F:f:Nt:Z", 0, 0 },
	.usage = "[-NZ] [-F format] [-f filter] [-t target-pane]",
	.target = { 't', CMD_FIND_PANE, 0 },
	.flags = 0,
	.exec = cmd_customize_mode_exec
};
