/* break-pane: move a pane into a window of its own. */
#include "engine/base/xmalloc.h"
#include "engine/model/layout.h"
#include "tmux-compat/options.h"
#include "tmux-compat/control.h"
#include "tmux-compat/tmux.h"

#define BREAK_PANE_TEMPLATE "#{session_name}:#{window_index}.#{pane_index}"

static enum cmd_retval
cmd_break_pane_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct session		*src_s = item->source.s, *dst_s = item->target.s;
	struct winlink		*wl = item->source.wl;
	struct pane		*wp = item->source.wp;
	struct window		*w = wl->window, *nw;
	struct cmd_find_state	 fs;
	const char		*template;
	char			*cause = NULL, *name, *out;
	int			 idx = item->target.idx, active;

	/*
	 * tmux's steps (more than one pane): the old window's new active pane
	 * and layout, the new window named, linked, made current.
	 */
	notify_steps_begin();
	if (args_has(args, 'a') || args_has(args, 'b')) {
		idx = winlink_shuffle_up(dst_s, item->target.wl != NULL ?
		    item->target.wl : dst_s->curw, args_has(args, 'b'));
		if (idx == -1)
			return (CMD_RETURN_ERROR);
	}
	window_zoom_unzoom(w);

	if (window_pane_count(w) == 1) {
		if (cmd_move_window_link(src_s, wl, dst_s, idx, 0,
		    !args_has(args, 'd'), &cause) != 0) {
			cmdq_error(item, "%s", cause);
			xfree(cause);
			return (CMD_RETURN_ERROR);
		}
		/* -n last on the line has no name (tmux 3.3a crashes). */
		if (args_get(args, 'n') != NULL) {
			names_set_window(w, args_get(args, 'n'));
			options_window_set_number(w, "automatic-rename", 0);
		}
		server_kill_window(src_s, wl);
		return (CMD_RETURN_NORMAL);
	}
	if (idx != -1 && winlink_find_by_index(dst_s, idx) != NULL) {
		cmdq_error(item, "index in use: %d", idx);
		return (CMD_RETURN_ERROR);
	}

	active = (w->active == wp);
	layout_close_pane(wp);
	window_pane_move_to_window(wp, NULL);
	layout_fix_panes(w);
	if (active)
		notify_step_window_pane_changed(w);
	notify_step_layout_change(w);

	nw = window_create(w->sx, w->sy);
	nw->automatic_rename = (int)options_window_number(nw, "automatic-rename");
	window_pane_move_to_window(wp, nw);
	window_set_active(nw, wp);
	if (args_get(args, 'n') == NULL) {
		name = spawn_pane_default_name(wp);
		names_set_window(nw, name != NULL ? name : "");
		xfree(name);
	} else {
		names_set_window(nw, args_get(args, 'n'));
		options_window_set_number(nw, "automatic-rename", 0);
	}
	layout_init(nw, wp);

	if (idx == -1)
		idx = winlink_next_index(dst_s,
		    (int)options_session_number(dst_s, "base-index"));
	notify_step_window_renamed(nw);
	wl = winlink_add(dst_s, nw, idx);
	notify_step_window_add(dst_s, nw);
	if (!args_has(args, 'd')) {
		session_select(dst_s, wl);
		notify_step_session_window_changed(dst_s);
	}
	session_group_synchronize_from(dst_s);
	notify_steps_end();

	if (args_has(args, 'P')) {
		if ((template = args_get(args, 'F')) == NULL)
			template = BREAK_PANE_TEMPLATE;
		cmd_find_from_winlink(&fs, wl);
		fs.wp = wp;
		out = format_vars_for(item, &fs, template, 0);
		cmdq_print(item, "%s", out);
		xfree(out);
	}
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_break_pane_entry = {
	.name = "break-pane",
	.alias = "breakp",
	.args = { "abdPF:n:s:t:", 0, 0 },
	.usage = "[-abdP] [-F format] [-n window-name] [-s src-pane] "
	    "[-t dst-window]",
	.source = { 's', CMD_FIND_PANE, 0 },
	.target = { 't', CMD_FIND_WINDOW, CMD_FIND_WINDOW_INDEX },
	.flags = 0,
	.exec = cmd_break_pane_exec
};
