/*
 * Zoom (tmux's window_zoom_zoom/window_zoom_unzoom): the active pane takes the whole
 * window while the real layout is kept aside; #{window_layout} shows the
 * kept layout, #{window_visible_layout} the zoomed one. Structural changes
 * to a window unzoom it first, as in tmux.
 */
#include <string.h>

#include "engine/base/xmalloc.h"
#include "engine/model/layout.h"
#include "tmux-compat/options.h"
#include "tmux-compat/tmux.h"

int
window_zoom_zoom(struct pane *wp)
{
	struct window	*w = wp->window;

	if (w->zoomed || window_pane_count(w) == 1)
		return (-1);
	if (w->active != wp)
		window_pane_set_active(wp);
	w->saved_layout_root = layout_zoom(wp);
	w->zoomed = 1;
	return (0);
}

int
window_zoom_unzoom(struct window *w)
{
	struct layout_cell	*saved = w->saved_layout_root;

	if (!w->zoomed)
		return (-1);
	w->zoomed = 0;
	w->saved_layout_root = NULL;
	layout_unzoom(w, saved);
	return (0);
}

/* tmux's window_zoom_push_zoom/window_zoom_pop_zoom for -Z on split/select/... */
int
window_zoom_push_zoom(struct window *w, int always, int flag)
{
	if (flag && (always || w->zoomed)) {
		w->zoom_pending = 1;
		return (window_zoom_unzoom(w) == 0);
	}
	w->zoom_pending = 0;
	return (window_zoom_unzoom(w) == 0);
}

int
window_zoom_pop_zoom(struct window *w)
{
	if (w->zoom_pending) {
		w->zoom_pending = 0;
		return (window_zoom_zoom(w->active) == 0);
	}
	return (0);
}

/* #{window_layout} of a zoomed window is the layout kept aside. */
char *
window_zoom_layout_string(struct window *w, int visible)
{
	if (!w->zoomed || visible)
		return (layout_custom_dump(w));
	return (layout_custom_dump_cell(w->saved_layout_root));
}

/*
 * The layout engine's view of window options (main-pane-width ...): the
 * effective value for the window, valid until the next call.
 */
static const char *
window_zoom_layout_option(struct window *w, const char *name)
{
	static char		*value;
	struct cmd_find_state	 fs;

	xfree(value);
	memset(&fs, 0, sizeof fs);
	fs.idx = -1;
	fs.w = w;
	fs.wp = w->active;
	value = options_get_for(&fs, name);
	return (value);
}

void
window_zoom_layout_init(void)
{
	layout_option = window_zoom_layout_option;
}
