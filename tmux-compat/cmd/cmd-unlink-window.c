/* unlink-window: remove a window from a session (-k: even its last link). */
#include "tmux-compat/tmux.h"

static enum cmd_retval
cmd_unlink_window_exec(struct cmd *self, struct cmdq_item *item)
{
	struct session	*s = item->target.s;
	struct winlink	*wl = item->target.wl;

	if (!args_has(self->args, 'k') && wl->window->references == 1) {
		cmdq_error(item, "window only linked to one session");
		return (CMD_RETURN_ERROR);
	}
	server_kill_window(s, wl);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_unlink_window_entry = {
	.name = "unlink-window",
	.alias = "unlinkw",
	.args = { "kt:", 0, 0 },
	.usage = "[-k] [-t target-window]",
	.target = { 't', CMD_FIND_WINDOW, 0 },
	.flags = 0,
	.exec = cmd_unlink_window_exec
};
