/*
 * resize-pane: set a pane's width or height (-x/-y, cells or N%) or move
 * one of its borders (-L/-R/-U/-D by an adjustment, 1 by default); -T
 * trims the lines below the cursor, history taking their place.
 */
#include <limits.h>

#include "engine/base/xmalloc.h"
#include "engine/model/layout.h"
#include "engine/sys/pane-io.h"
#include "engine/term/vt.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"

static enum cmd_retval
cmd_resize_pane_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct pane	*wp = item->target.wp;
	struct window	*w = wp->window;
	const char	*errstr = NULL;
	char		*cause = NULL;
	long long	 adjust = 1, x, y;

	if (args_has(args, 'M')) {
		/* Only from a mouse event; tmux quietly does nothing else. */
		tty_mouse_drag_border(item->client);
		return (CMD_RETURN_NORMAL);
	}
	if (args_has(args, 'T')) {
		/* As tmux: nothing for a pane in a mode. */
		if (wp->mode != NULL)
			return (CMD_RETURN_NORMAL);
		pane_io_drain(wp);
		vt_screen_trim_below_cursor(wp->screen);
		tty_redraw_all();
		return (CMD_RETURN_NORMAL);
	}
	if (args_has(args, 'Z')) {
		if (w->zoomed)
			window_zoom_unzoom(w);
		else
			window_zoom_zoom(wp);
		return (CMD_RETURN_NORMAL);
	}
	window_zoom_unzoom(w);
	if (args_count(args) != 0) {
		adjust = args_strtonum_string(args_string(args, 0), 1, INT_MAX,
		    &errstr);
		if (errstr != NULL) {
			cmdq_error(item, "adjustment %s", errstr);
			return (CMD_RETURN_ERROR);
		}
	}
	if (args_has(args, 'x')) {
		x = args_percentage(args, 'x', 0, INT_MAX, w->sx, &cause);
		if (cause != NULL) {
			cmdq_error(item, "width %s", cause);
			xfree(cause);
			return (CMD_RETURN_ERROR);
		}
		layout_resize_pane_to(wp, LAYOUT_LEFTRIGHT, (unsigned)x);
	}
	if (args_has(args, 'y')) {
		y = args_percentage(args, 'y', 0, INT_MAX, w->sy, &cause);
		if (cause != NULL) {
			cmdq_error(item, "height %s", cause);
			xfree(cause);
			return (CMD_RETURN_ERROR);
		}
		layout_resize_pane_to(wp, LAYOUT_TOPBOTTOM, (unsigned)y);
	}
	if (args_has(args, 'L'))
		layout_resize_pane(wp, LAYOUT_LEFTRIGHT, (int)-adjust, 1);
	else if (args_has(args, 'R'))
		layout_resize_pane(wp, LAYOUT_LEFTRIGHT, (int)adjust, 1);
	else if (args_has(args, 'U'))
		layout_resize_pane(wp, LAYOUT_TOPBOTTOM, (int)-adjust, 1);
	else if (args_has(args, 'D'))
		layout_resize_pane(wp, LAYOUT_TOPBOTTOM, (int)adjust, 1);
	layout_fix_panes(w);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_resize_pane_entry = {
	.name = "resize-pane",
	.alias = "resizep",
	.args = { "DLMRTt:Ux:y:Z", 0, 1 },
	.usage = "[-DLMRTUZ] [-x width] [-y height] [-t target-pane] "
	    "[adjustment]",
	.target = { 't', CMD_FIND_PANE, 0 },
	.flags = CMD_AFTERHOOK,
	.exec = cmd_resize_pane_exec
};
