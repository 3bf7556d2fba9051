/* join-pane and move-pane: split a pane and put another pane there. */
#include <limits.h>

#include "engine/base/xmalloc.h"
#include "engine/model/layout.h"
#include "tmux-compat/control.h"
#include "tmux-compat/tmux.h"

static enum cmd_retval
cmd_join_pane_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct session		*dst_s = item->target.s;
	struct winlink		*dst_wl = item->target.wl, *src_wl;
	struct pane		*dst_wp = item->target.wp, *src_wp;
	struct window		*dst_w = dst_wl->window, *src_w;
	struct layout_cell	*lc;
	enum layout_type	 type;
	char			*cause = NULL;
	long long		 size = -1;
	int			 flags = 0, src_active, changed;

	src_wl = item->source.wl;
	src_wp = item->source.wp;
	src_w = src_wl->window;
	/*
	 * tmux's steps: the source's layout and active pane, the target's
	 * active pane, its session's current window, the source closed or
	 * laid out again, the target's layout.
	 */
	notify_steps_begin();
	window_zoom_unzoom(dst_w);
	window_zoom_unzoom(src_w);

	/*
	 * tmux 3.3a (unlike later versions) lets join-pane move a pane within
	 * its own window; both commands refuse a pane onto itself.
	 */
	if (src_wp == dst_wp) {
		cmdq_error(item, "source and target panes must be different");
		return (CMD_RETURN_ERROR);
	}
	type = args_has(args, 'h') ? LAYOUT_LEFTRIGHT : LAYOUT_TOPBOTTOM;
	if (args_has(args, 'l')) {
		size = args_percentage(args, 'l', 0, INT_MAX,
		    type == LAYOUT_TOPBOTTOM ? dst_wp->sy : dst_wp->sx, &cause);
	} else if (args_has(args, 'p')) {
		size = args_strtonum(args, 'p', 0, 100, &cause);
		if (cause == NULL)
			size = (type == LAYOUT_TOPBOTTOM ? dst_wp->sy :
			    dst_wp->sx) * size / 100;
	}
	if (cause != NULL) {
		cmdq_error(item, "size %s", cause);
		xfree(cause);
		return (CMD_RETURN_ERROR);
	}
	if (args_has(args, 'b'))
		flags |= LAYOUT_SPLIT_BEFORE;
	if (args_has(args, 'f'))
		flags |= LAYOUT_SPLIT_FULL;

	lc = layout_split_pane(dst_wp, type, (int)size, flags);
	if (lc == NULL) {
		cmdq_error(item, "create pane failed: pane too small");
		return (CMD_RETURN_ERROR);
	}
	src_active = (src_w->active == src_wp);
	layout_close_pane(src_wp);
	window_pane_move_to_window(src_wp, NULL);
	notify_step_layout_change(src_w);
	if (src_active && !TAILQ_EMPTY(&src_w->panes))
		notify_step_window_pane_changed(src_w);
	window_pane_move_to_window(src_wp, dst_w);
	window_pane_move_next_to(src_wp, dst_wp, flags & LAYOUT_SPLIT_BEFORE);
	layout_assign_pane(lc, src_wp);
	layout_fix_panes(dst_w);
	if (src_w != dst_w)
		layout_fix_panes(src_w);

	if (!args_has(args, 'd')) {
		changed = (dst_w->active != src_wp);
		window_set_active(dst_w, src_wp);
		if (changed)
			notify_step_window_pane_changed(dst_w);
		changed = (dst_s->curw != dst_wl);
		session_select(dst_s, dst_wl);
		if (changed)
			notify_step_session_window_changed(dst_s);
	}
	if (TAILQ_EMPTY(&src_w->panes)) {
		notify_step_window_close(dst_s, src_w);
		server_kill_window_everywhere(src_w);
	} else
		notify_step_layout_change(src_w);
	notify_step_layout_change(dst_w);
	notify_steps_end();
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_join_pane_entry = {
	.name = "join-pane",
	.alias = "joinp",
	.args = { "bdfhvp:l:s:t:", 0, 0 },
	.usage = "[-bdfhv] [-l size] [-s src-pane] [-t dst-pane]",
	.source = { 's', CMD_FIND_PANE, CMD_FIND_DEFAULT_MARKED },
	.target = { 't', CMD_FIND_PANE, 0 },
	.flags = 0,
	.exec = cmd_join_pane_exec
};

const struct cmd_entry cmd_move_pane_entry = {
	.name = "move-pane",
	.alias = "movep",
	.args = { "bdfhvp:l:s:t:", 0, 0 },
	.usage = "[-bdfhv] [-l size] [-s src-pane] [-t dst-pane]",
	.source = { 's', CMD_FIND_PANE, CMD_FIND_DEFAULT_MARKED },
	.target = { 't', CMD_FIND_PANE, 0 },
	.flags = 0,
	.exec = cmd_join_pane_exec
};
