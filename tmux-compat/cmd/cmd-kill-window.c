/* kill-window: destroy a window (-a: all others in its session). */
#include "tmux-compat/tmux.h"

static enum cmd_retval
cmd_kill_window_exec(struct cmd *self, struct cmdq_item *item)
{
	struct session	*s = item->target.s;
	struct winlink	*wl = item->target.wl, *loop, *next;

	if (args_has(self->args, 'a')) {
		TAILQ_FOREACH_SAFE(loop, &s->windows, entry, next) {
			if (loop != wl)
				server_unlink_window(s, loop);
		}
		session_group_synchronize_from(s);
		server_renumber(s);
		return (CMD_RETURN_NORMAL);
	}
	server_kill_window(s, wl);
	if (session_find_by_id(s->id) == s)
		server_renumber(s);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_kill_window_entry = {
	.name = "kill-window",
	.alias = "killw",
	.args = { "at:", 0, 0 },
	.usage = "[-a] [-t target-window]",
	.target = { 't', CMD_FIND_WINDOW, 0 },
	.flags = CMD_AFTERHOOK,
	.exec = cmd_kill_window_exec
};
