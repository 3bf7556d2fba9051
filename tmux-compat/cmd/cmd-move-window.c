/*
 * move-window and link-window: put a window at an index of a session
 * (-k replaces what is there, -a/-b next to the target, -d does not select
 * it); move-window then unlinks it from where it was. move-window -r
 * renumbers a session's windows.
 */
#include <stdlib.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/cmd-entries.h"
#include "tmux-compat/options.h"
#include "tmux-compat/control.h"
#include "tmux-compat/tmux.h"

/*
 * tmux's server_link_window: link src's window into dst at dstidx (-1: the
 * first free index). -1 with *cause on failure.
 */
int
cmd_move_window_link(struct session *src, struct winlink *srcwl,
    struct session *dst, int dstidx, int killflag, int selectflag,
    char **cause)
{
	struct winlink	*dstwl = NULL;
	struct window	*w = srcwl->window;

	(void)src;
	if (dstidx != -1)
		dstwl = winlink_find_by_index(dst, dstidx);
	if (dstwl != NULL) {
		if (dstwl->window == w) {
			xasprintf(cause, "same index: %d", dstidx);
			return (-1);
		}
		if (!killflag) {
			xasprintf(cause, "index in use: %d", dstidx);
			return (-1);
		}
		if (dstwl == dst->curw)
			selectflag = 1;
		server_unlink_window(dst, dstwl);
	}
	if (dstidx == -1)
		dstidx = winlink_next_index(dst,
		    (int)options_session_number(dst, "base-index"));
	dstwl = winlink_add(dst, w, dstidx);
	if (selectflag || dst->curw == NULL)
		session_select(dst, dstwl);
	session_group_synchronize_from(dst);
	return (0);
}

static enum cmd_retval
cmd_move_window_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct cmd_find_state	 target;
	struct session		*src = item->source.s, *dst;
	struct winlink		*wl = item->source.wl;
	const char		*tflag = args_get(args, 't');
	struct winlink		*killed, *curw;
	struct window		*w = wl->window;
	char			*cause = NULL;
	int			 idx, before, steps, move;

	if (args_has(args, 'r')) {
		if (cmd_find_target(&target, item, tflag, CMD_FIND_SESSION,
		    CMD_FIND_QUIET) != 0)
			return (CMD_RETURN_ERROR);
		/* tmux 3.3a does not carry this to the session's group. */
		session_renumber(target.s,
		    (int)options_session_number(target.s, "base-index"));
		return (CMD_RETURN_NORMAL);
	}
	if (cmd_find_target(&target, item, tflag, CMD_FIND_WINDOW,
	    CMD_FIND_WINDOW_INDEX) != 0)
		return (CMD_RETURN_ERROR);
	dst = target.s;
	idx = target.idx;
	notify_steps_begin();

	before = args_has(args, 'b');
	if (args_has(args, 'a') || before) {
		idx = winlink_shuffle_up(dst, target.wl != NULL ? target.wl :
		    dst->curw, before);
		if (idx == -1)
			return (CMD_RETURN_ERROR);
	}
	/*
	 * Control clients hear tmux's steps: the window at the index killed
	 * (-k), the window linked, the new current window, the old link
	 * closed. Not for a move between sessions, which may end the source.
	 */
	move = (self->entry == &cmd_move_window_entry);
	steps = (!move || src == dst);
	killed = (idx != -1 && args_has(args, 'k')) ?
	    winlink_find_by_index(dst, idx) : NULL;
	if (killed != NULL && killed->window == w)
		killed = NULL;
	curw = dst->curw;
	if (steps && killed != NULL)
		notify_step_window_close(dst, killed->window);
	if (cmd_move_window_link(src, wl, dst, idx, args_has(args, 'k'),
	    !args_has(args, 'd'), &cause) != 0) {
		cmdq_error(item, "%s", cause);
		xfree(cause);
		return (CMD_RETURN_ERROR);
	}
	if (steps) {
		notify_step_window_add(dst, w);
		if (!args_has(args, 'd') || dst->curw != curw)
			notify_step_session_window_changed(dst);
	}
	if (move) {
		server_kill_window(src, wl);
		/* Only without -s (tmux: the destination is numbered already). */
		if (!args_has(args, 's') && session_find_by_id(src->id) == src)
			server_renumber(src);
		if (steps)
			notify_step_window_close(src, w);
	}
	if (steps)
		notify_steps_end();
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_move_window_entry = {
	.name = "move-window",
	.alias = "movew",
	.args = { "abdkrs:t:", 0, 0 },
	.usage = "[-abdkr] [-s src-window] [-t dst-window]",
	.source = { 's', CMD_FIND_WINDOW, 0 },
	.flags = 0,
	.exec = cmd_move_window_exec
};

const struct cmd_entry cmd_link_window_entry = {
	.name = "link-window",
	.alias = "linkw",
	.args = { "abdks:t:", 0, 0 },
	.usage = "[-abdk] [-s src-window] [-t dst-window]",
	.source = { 's', CMD_FIND_WINDOW, 0 },
	.flags = 0,
	.exec = cmd_move_window_exec
};
