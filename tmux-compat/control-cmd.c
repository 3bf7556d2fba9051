/*
 * Sizes for control clients: refresh-client -C WxH and @window sizes
 * (cmd/cmd-refresh-client.c), and the session's windows sized as tmux's
 * "latest" does.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "engine/model/layout.h"
#include "tmux-compat/control.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"

#define CONTROL_SIZE_MAX	10000

static void	control_cmd_resize_window(struct window *, unsigned, unsigned);

/* Size every window of the client's session as tmux's "latest" does. */
static void
control_cmd_resize(struct session *s, unsigned sx, unsigned sy)
{
	struct winlink	*wl;

	s->sx = sx;
	s->sy = sy;
	TAILQ_FOREACH(wl, &s->windows, entry)
		control_cmd_resize_window(wl->window, sx, sy);
}

void
control_cmd_size_session(struct client *c)
{
	struct session	*s = control_session(c);
	struct winlink	*wl;
	unsigned	 sx, sy;

	if (s == NULL || !control_size(c, &sx, &sy))
		return;
	s->sx = sx;
	s->sy = sy;
	TAILQ_FOREACH(wl, &s->windows, entry) {
		if (wl->window->sx != sx || wl->window->sy != sy)
			control_cmd_resize_window(wl->window, sx, sy);
	}
}

/* Resize one window (as resize-window: a zoomed window stays zoomed). */
static void
control_cmd_resize_window(struct window *w, unsigned sx, unsigned sy)
{
	int	zoomed = w->zoomed;

	notify_window_layout_changed(w);
	if (w->sx == sx && w->sy == sy)
		return;
	window_zoom_unzoom(w);
	layout_resize(w, sx, sy);
	w->sx = sx;
	w->sy = sy;
	layout_fix_panes(w);
	if (zoomed)
		window_zoom_zoom(w->active);
}

static enum cmd_retval
control_cmd_window_size(struct cmdq_item *item, struct client *tc,
    const char *size)
{
	struct session	*s = control_session(tc);
	struct winlink	*wl;
	unsigned	 id, sx, sy;
	char		 end;
	int		 n;

	if (sscanf(size, "@%u:%n", &id, &n) != 1) {
		cmdq_error(item, "bad size argument");
		return (CMD_RETURN_ERROR);
	}
	if (size[n] == '\0') {
		/* Cleared: the window follows the session again. */
		if (s == NULL)
			return (CMD_RETURN_NORMAL);
		sx = s->sx;
		sy = s->sy;
	} else if (sscanf(size + n, "%u,%u%c", &sx, &sy, &end) != 2 &&
	    sscanf(size + n, "%ux%u%c", &sx, &sy, &end) != 2) {
		cmdq_error(item, "bad size argument");
		return (CMD_RETURN_ERROR);
	}
	if (sx < 1 || sy < 1 || sx > CONTROL_SIZE_MAX ||
	    sy > CONTROL_SIZE_MAX) {
		cmdq_error(item, "size too small or too big");
		return (CMD_RETURN_ERROR);
	}
	if (s == NULL)
		return (CMD_RETURN_NORMAL);
	/* tmux works out every window's size again and reports them all. */
	TAILQ_FOREACH(wl, &s->windows, entry) {
		if (wl->window->id == id)
			control_cmd_resize_window(wl->window, sx, sy);
		else
			notify_window_layout_changed(wl->window);
	}
	return (CMD_RETURN_NORMAL);
}

enum cmd_retval
control_cmd_size(struct cmdq_item *item, struct client *tc, const char *size)
{
	struct session	*s;
	unsigned	 sx, sy;
	char		 end;

	/* -C last on the line has no value (tmux 3.3a crashes there). */
	if (size == NULL) {
		cmdq_error(item, "bad size argument");
		return (CMD_RETURN_ERROR);
	}
	/* @W:WxH sizes one window of the session; "@W:" clears it. */
	if (*size == '@')
		return (control_cmd_window_size(item, tc, size));
	if (sscanf(size, "%u,%u%c", &sx, &sy, &end) != 2 &&
	    sscanf(size, "%ux%u%c", &sx, &sy, &end) != 2) {
		cmdq_error(item, "bad size argument");
		return (CMD_RETURN_ERROR);
	}
	if (sx < 1 || sy < 1 || sx > CONTROL_SIZE_MAX ||
	    sy > CONTROL_SIZE_MAX) {
		cmdq_error(item, "size too small or too big");
		return (CMD_RETURN_ERROR);
	}
	control_set_size(tc, sx, sy);
	if ((s = control_session(tc)) != NULL)
		control_cmd_resize(s, sx, sy);
	return (CMD_RETURN_NORMAL);
}
