/* clock-mode: show a big clock in the target pane until a key. */
#include "tmux-compat/tmux.h"
#include "tmux-compat/window-copy.h"

static enum cmd_retval
cmd_clock_mode_exec(struct cmd *self, struct cmdq_item *item)
{
	window_clock_enter(item->target.wp);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_clock_mode_entry = {
	.name = "clock-mode",
	.alias = NULL,
	.args = { "t:", 0, 0 },
	.usage = "[-t target-pane]",
	.target = { 't', CMD_FIND_PANE, 0 },
	.flags = CMD_AFTERHOOK,
	.exec = cmd_clock_mode_exec
};
