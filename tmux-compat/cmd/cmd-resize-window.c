/* resize-window: set a window's size (-x/-y) or grow/shrink it (-LRUD). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "engine/base/xmalloc.h"
#include "engine/model/layout.h"
#include "tmux-compat/options.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"

#define WINDOW_MINIMUM	1
#define WINDOW_MAXIMUM	10000

static enum cmd_retval
cmd_resize_window_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct window	*w = item->target.w;
	unsigned	 sx = w->sx, sy = w->sy;
	long long	 adjust = 1;
	char		*cause = NULL;

	if (args_count(args) != 0) {
		adjust = args_strtonum_string(args_string(args, 0), 1, INT_MAX,
		    (const char **)&cause);
		if (cause != NULL) {
			cmdq_error(item, "adjustment %s", cause);
			return (CMD_RETURN_ERROR);
		}
	}
	if (args_has(args, 'x')) {
		sx = (unsigned)args_strtonum(args, 'x', WINDOW_MINIMUM,
		    WINDOW_MAXIMUM, &cause);
		if (cause != NULL) {
			cmdq_error(item, "width %s", cause);
			xfree(cause);
			return (CMD_RETURN_ERROR);
		}
	}
	if (args_has(args, 'y')) {
		sy = (unsigned)args_strtonum(args, 'y', WINDOW_MINIMUM,
		    WINDOW_MAXIMUM, &cause);
		if (cause != NULL) {
			cmdq_error(item, "height %s", cause);
			xfree(cause);
			return (CMD_RETURN_ERROR);
		}
	}
	if (args_has(args, 'L'))
		sx = sx > adjust + WINDOW_MINIMUM ? sx - (unsigned)adjust :
		    WINDOW_MINIMUM;
	else if (args_has(args, 'R'))
		sx += (unsigned)adjust;
	if (args_has(args, 'U'))
		sy = sy > adjust + WINDOW_MINIMUM ? sy - (unsigned)adjust :
		    WINDOW_MINIMUM;
	else if (args_has(args, 'D'))
		sy += (unsigned)adjust;
	if (sx > WINDOW_MAXIMUM)
		sx = WINDOW_MAXIMUM;
	if (sy > WINDOW_MAXIMUM)
		sy = WINDOW_MAXIMUM;
	/*
	 * -a/-A size the window to the smallest/largest client; with no
	 * client attached tmux falls back to the session's default-size.
	 */
	if (args_has(args, 'a') || args_has(args, 'A')) {
		const char	*dsize;
		struct tty_client *tc;
		struct session	*ts;
		int		 sized = 0;

		/* tmux makes it the window's own window-size (-a smallest). */
		options_window_set_number(w, "window-size",
		    args_has(args, 'a') ? 1 : 0);
		for (tc = tty_first(); tc != NULL; tc = tty_next(tc)) {
			ts = tty_session(tc->c);
			if (ts != NULL && winlink_find_by_window(ts, w) != NULL) {
				tty_size_windows(ts);
				sized = 1;
			}
		}
		if (sized)
			return (CMD_RETURN_NORMAL);

		dsize = options_session_string(item->target.s, "default-size");
		if (dsize == NULL || sscanf(dsize, "%ux%u", &sx, &sy) != 2)
			return (CMD_RETURN_NORMAL);
	}
	if (sx != w->sx || sy != w->sy) {
		/* tmux resizes a zoomed window unzoomed, then zooms again. */
		int	zoomed = w->zoomed;

		window_zoom_unzoom(w);
		/* The layout may keep the window bigger (tmux: 50x9, not 50x7). */
		layout_resize(w, sx, sy);
		layout_fix_panes(w);
		if (zoomed)
			window_zoom_zoom(w->active);
	}
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_resize_window_entry = {
	.name = "resize-window",
	.alias = "resizew",
	.args = { "aADLRt:Ux:y:", 0, 1 },
	.usage = "[-aADLRU] [-x width] [-y height] [-t target-window] "
	    "[adjustment]",
	.target = { 't', CMD_FIND_WINDOW, 0 },
	.flags = CMD_AFTERHOOK,
	.exec = cmd_resize_window_exec
};
