/* clear-history: drop a pane's history lines. */
#include "engine/sys/pane-io.h"
#include "engine/term/vt.h"
#include "tmux-compat/tmux.h"

static enum cmd_retval
cmd_clear_history_exec(struct cmd *self, struct cmdq_item *item)
{
	struct pane	*wp = item->target.wp;

	pane_io_drain(wp);
	vt_screen_clear_history(wp->screen);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_clear_history_entry = {
	.name = "clear-history",
	.alias = "clearhist",
	.args = { "t:", 0, 0 },
	.usage = "[-t target-pane]",
	.target = { 't', CMD_FIND_PANE, 0 },
	.flags = CMD_AFTERHOOK,
	.exec = cmd_clear_history_exec
};
