/* unlink-window: remove a window from a session (-k: even its last link). */
#include "tmux-compat/control.h"
#include "tmux-compat/tmux.h"

static enum cmd_retval
cmd_unlink_window_exec(struct cmd *self, struct cmdq_item *item)
{
	struct session	*s = item->target.s;
	struct winlink	*wl = item->target.wl, *curw;
	struct window	*w;
	unsigned	 id;

	if (!args_has(self->args, 'k') && wl->window->references == 1) {
		cmdq_error(item, "window only linked to one session");
		return (CMD_RETURN_ERROR);
	}
	/*
	 * tmux reports the new current window and then the link closed, even
	 * when the window stays linked at another index of the session.
	 */
	notify_steps_begin();
	w = wl->window;
	curw = s->curw;
	id = s->id;
	server_kill_window(s, wl);
	if (session_find_by_id(id) == s) {
		if (s->curw != curw)
			notify_step_session_window_changed(s);
		notify_step_window_close(s, w);
		notify_steps_end();
	}
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
