/* kill-pane: destroy a pane (-a: all others); the last pane takes its window. */
#include "engine/model/layout.h"
#include "engine/sys/pane-io.h"
#include "tmux-compat/tmux.h"

static enum cmd_retval
cmd_kill_pane_exec(struct cmd *self, struct cmdq_item *item)
{
	struct pane	*wp = item->target.wp, *loop, *next;
	struct window	*w = wp->window;

	window_zoom_unzoom(w);
	if (args_has(self->args, 'a')) {
		TAILQ_FOREACH_SAFE(loop, &w->panes, entry, next) {
			if (loop == wp)
				continue;
			pane_io_close(loop);
			layout_close_pane(loop);
			window_pane_destroy(loop);
		}
		layout_fix_panes(w);
		return (CMD_RETURN_NORMAL);
	}
	server_pane_gone(wp);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_kill_pane_entry = {
	.name = "kill-pane",
	.alias = "killp",
	.args = { "at:", 0, 0 },
	.usage = "[-a] [-t target-pane]",
	.target = { 't', CMD_FIND_PANE, 0 },
	.flags = CMD_AFTERHOOK,
	.exec = cmd_kill_pane_exec
};
