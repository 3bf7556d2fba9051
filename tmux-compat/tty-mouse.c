/*
 * The mouse on an attached client (the mouse option): the outer terminal
 * reports in SGR form (1006) with button events (1002); each report
 * becomes a tmux key name (MouseDown1Pane, WheelUpStatus, MouseDrag1Border
 * ...) looked up in the key tables, with the place it happened as the
 * commands' current and "=" target. send-keys -M passes the event on: to
 * copy mode (drag selections) or, encoded, to a program that asked for
 * the mouse.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <event2/event.h>

#include "engine/base/xmalloc.h"
#include "engine/model/layout.h"
#include "engine/sys/pane-io.h"
#include "engine/term/vt.h"
#include "tmux-compat/control.h"
#include "tmux-compat/options.h"
#include "tmux-compat/style.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"
#include "tmux-compat/window-copy.h"

/* The length of a mouse report at data, 0 if incomplete, -1 if not one. */
int
tty_mouse_length(const uint8_t *data, size_t len)
{
	size_t	i;

	if (len < 3 || data[0] != 0x1b || data[1] != '[')
		return (-1);
	if (data[2] == 'M')
		return (len >= 6 ? 6 : 0);	/* X10: ESC [ M b x y */
	if (data[2] != '<')
		return (-1);
	for (i = 3; i < len; i++) {
		if (data[i] == 'M' || data[i] == 'm')
			return ((int)i + 1);
		if ((data[i] < '0' || data[i] > '9') && data[i] != ';')
			return (-1);
	}
	return (0);
}

/* Decode a report: button code, 0-based x and y, release. */
int
tty_mouse_decode(const uint8_t *data, size_t len, unsigned *b, unsigned *x,
    unsigned *y, int *release)
{
	char	 buf[64];

	if (len >= 6 && data[2] == 'M') {
		*b = data[3] - 32u;
		*x = data[4] - 33u;
		*y = data[5] - 33u;
		*release = (*b & 3) == 3;
		return (0);
	}
	if (len >= sizeof buf)
		return (-1);
	memcpy(buf, data + 3, len - 4);
	buf[len - 4] = '\0';
	if (sscanf(buf, "%u;%u;%u", b, x, y) != 3 || *x == 0 || *y == 0)
		return (-1);
	(*x)--;
	(*y)--;
	*release = data[len - 1] == 'm';
	return (0);
}

/*
 * A click on a status line range (tmux's server_client_check_mouse): a
 * window range that names no window there is no key at all.
 */
static const char *
tty_mouse_range(struct session *s, const struct tty_range *r,
    struct tty_mouse *m)
{
	struct winlink	*wl;

	switch (r->type) {
	case STYLE_RANGE_LEFT:
		return ("StatusLeft");
	case STYLE_RANGE_RIGHT:
		return ("StatusRight");
	case STYLE_RANGE_WINDOW:
		TAILQ_FOREACH(wl, &s->windows, entry) {
			if (wl->idx == (int)r->argument)
				break;
		}
		if (wl == NULL)
			return (NULL);
		m->wl_idx = wl->idx;
		return ("Status");
	default:
		return (NULL);
	}
}

/* Where x,y of the client is: a pane, a border or the status line. */
static const char *
tty_mouse_where(struct tty_client *tc, struct session *s, unsigned x,
    unsigned y, struct tty_mouse *m)
{
	struct window	*w = s->curw->window;
	struct pane	*p;
	unsigned	 status = tty_draw_status_lines(tc), top = 0, i, line;
	int		 status_top;

	status_top = options_session_number(s, "status-position") == 0;
	m->wl_idx = s->curw->idx;
	m->pane_id = w->active != NULL ? w->active->id : -1u;
	/* The status lines: the first range under the mouse says where. */
	line = status_top ? y : y - (tc->sy - status);
	if (status != 0 && (status_top ? y < status : y >= tc->sy - status)) {
		for (i = 0; i < tc->nranges; i++) {
			if (tc->ranges[i].line == line &&
			    x >= tc->ranges[i].x0 && x < tc->ranges[i].x1)
				return (tty_mouse_range(s, &tc->ranges[i], m));
		}
		return ("StatusDefault");
	}
	if (status_top)
		top = status;
	if (y < top)
		return (NULL);
	y -= top;
	TAILQ_FOREACH(p, &w->panes, entry) {
		if (w->zoomed && p != w->active)
			continue;
		if (x >= p->xoff && x < p->xoff + p->sx && y >= p->yoff &&
		    y < p->yoff + p->sy) {
			m->pane_id = p->id;
			m->px = x - p->xoff;
			m->py = y - p->yoff;
			return ("Pane");
		}
	}
	if (x < w->sx && y < w->sy) {
		/* A border: the pane left of or above it. */
		TAILQ_FOREACH(p, &w->panes, entry) {
			if ((x == p->xoff + p->sx && y >= p->yoff &&
			    y < p->yoff + p->sy) || (y == p->yoff + p->sy &&
			    x >= p->xoff && x < p->xoff + p->sx)) {
				m->pane_id = p->id;
				break;
			}
		}
		return ("Border");
	}
	return (NULL);
}

/*
 * A button pressed: MouseDown, or SecondClick and TripleClick of the same
 * button within TTY_CLICK_TIMEOUT ms of the one before (NULL: another
 * button then, no key at all, as tmux).
 */
static const char *
tty_mouse_click(struct tty_client *tc, unsigned b)
{
	struct timeval	 tv = { 0, TTY_CLICK_TIMEOUT * 1000L };
	const char	*what = NULL;
	int		 awaited = tc->click;

	evtimer_del(tc->click_ev);
	tc->click = 0;
	if (awaited == TTY_CLICK_SECOND) {
		if (b == tc->click_button) {
			what = "SecondClick";
			tc->click = TTY_CLICK_THIRD;
		}
	} else if (awaited == TTY_CLICK_THIRD) {
		if (b == tc->click_button)
			return ("TripleClick");
	} else {
		what = "MouseDown";
		tc->click = TTY_CLICK_SECOND;
	}
	tc->click_button = b;
	evtimer_add(tc->click_ev, &tv);
	return (what);
}

/*
 * Turn a report into a key name (empty if it names nothing) and remember
 * the event for "=" targets and send-keys -M.
 */
void
tty_mouse_key(struct tty_client *tc, const uint8_t *data, size_t len,
    char *name, size_t namesize)
{
	struct session	*s = tty_session(tc->c);
	struct tty_mouse *m = &tc->mouse, tmp;
	unsigned	 b, x, y, button;
	int		 release;
	const char	*where, *what;
	char		 mods[16] = "";

	*name = '\0';
	if (s == NULL || s->curw == NULL ||
	    tty_mouse_decode(data, len, &b, &x, &y, &release) != 0)
		return;
	m->lpx = m->px;
	m->lpy = m->py;
	m->lx = m->x;
	m->ly = m->y;
	m->valid = 0;
	/* A drag is named for where it started (the event before). */
	if ((b & 32) && !(b & 64) && !release && m->had_event) {
		if ((where = tty_mouse_where(tc, s, m->lx, m->ly, m)) == NULL)
			return;
		if (tty_mouse_where(tc, s, x, y, &tmp) != NULL &&
		    tmp.pane_id == m->pane_id) {
			m->px = tmp.px;
			m->py = tmp.py;
		}
	} else if ((where = tty_mouse_where(tc, s, x, y, m)) == NULL)
		return;
	m->valid = 1;
	m->had_event = 1;
	m->session_id = s->id;
	m->x = x;
	m->y = y;
	m->b = b;
	m->release = release;
	m->sgr = data[2] == '<';
	snprintf(mods, sizeof mods, "%s%s%s", (b & 16) ? "C-" : "",
	    (b & 8) ? "M-" : "", (b & 4) ? "S-" : "");
	button = (b & 3) + 1;
	if (b & 64) {
		snprintf(name, namesize, "%s%s%s", mods,
		    (b & 1) ? "WheelDown" : "WheelUp", where);
		return;
	}
	if (release) {
		what = m->dragging ? "MouseDragEnd" : "MouseUp";
		if (m->dragging)
			button = m->drag_button;
		m->dragging = 0;
		tc->drag_pane = -1u;
		tc->drag_border = 0;
	} else if (b & 32) {
		if ((b & 3) == 3)
			return;		/* motion with no button */
		what = "MouseDrag";
		m->dragging = 1;
		m->drag_button = button;
	} else if ((what = tty_mouse_click(tc, b)) == NULL)
		return;
	snprintf(name, namesize, "%s%s%u%s", mods, what, button, where);
	if (strcmp(what, "SecondClick") == 0) {
		/* DoubleClick when no third click comes. */
		tc->click_mouse = *m;
		snprintf(tc->click_name, sizeof tc->click_name, "%s%s%u%s",
		    mods, "DoubleClick", button, where);
	}
}

/* The mouse event's place as a target ("=", "{mouse}"). */
int
tty_mouse_target(struct client *c, struct cmd_find_state *fs)
{
	struct tty_client	*tc = c != NULL ? c->tty : NULL;
	struct session		*s;
	struct winlink		*wl;
	struct pane		*p;

	if (tc == NULL || !tc->mouse.valid ||
	    (s = session_find_by_id(tc->mouse.session_id)) == NULL ||
	    (wl = winlink_find_by_index(s, tc->mouse.wl_idx)) == NULL)
		return (-1);
	cmd_find_from_winlink(fs, wl);
	if ((p = window_pane_find_by_id(tc->mouse.pane_id)) != NULL &&
	    p->window == wl->window) {
		fs->wp = p;
	}
	return (0);
}

int
tty_mouse_encode(unsigned mode, unsigned b, unsigned x, unsigned y,
    int release, int sgr, char *buf, size_t size)
{
	if (!(mode & (VT_MODE_MOUSE_STANDARD|VT_MODE_MOUSE_BUTTON|
	    VT_MODE_MOUSE_ALL)))
		return (-1);
	if ((b & 32) && !(mode & (VT_MODE_MOUSE_BUTTON|VT_MODE_MOUSE_ALL)))
		return (-1);	/* the program did not ask for motion */
	if (sgr && (mode & VT_MODE_MOUSE_SGR)) {
		snprintf(buf, size, "\033[<%u;%u;%u%c", b, x + 1, y + 1,
		    release ? 'm' : 'M');
		return (0);
	}
	if (x > 222 || y > 222)
		return (-1);
	if (release)
		b = 3;
	snprintf(buf, size, "\033[M%c%c%c", (char)(b + 32), (char)(x + 33),
	    (char)(y + 33));
	return (0);
}

/*
 * send-keys -M: the event to the pane under it: copy mode moves its
 * cursor (and a drag its selection); a program that asked for the mouse
 * gets it in the encoding it asked for.
 */
void
tty_mouse_forward(struct client *c, struct pane *p)
{
	struct tty_client	*tc = c != NULL ? c->tty : NULL;
	struct tty_mouse	*m;
	struct vt_state		 st;
	char			 buf[64];

	if (tc == NULL || !tc->mouse.valid || p->id != tc->mouse.pane_id)
		return;
	m = &tc->mouse;
	if (window_mode_tree(p) != NULL) {
		window_tree_mouse(p, c, m->key, m->px, m->py);
		return;
	}
	if (p->mode != NULL) {
		window_copy_mouse(p, m->px, m->py, m->dragging);
		return;
	}
	vt_screen_state(p->screen, &st);
	if (tty_mouse_encode(st.mode, m->b, m->px, m->py, m->release, 1, buf,
	    sizeof buf) != 0)
		return;
	pane_io_send(p, (const uint8_t *)buf, strlen(buf));
}

/*
 * A border drag moves the borders at the mouse's last position by how far
 * it went (tmux's cmd_resize_pane_mouse_update, with its five offsets
 * around that position).
 */
void
tty_mouse_border_update(struct tty_client *tc)
{
	static const int	 offsets[][2] = {
		{ 0, 0 }, { 0, 1 }, { 1, 0 }, { 0, -1 }, { -1, 0 },
	};
	struct tty_mouse	*m = &tc->mouse;
	struct session		*s = session_find_by_id(m->session_id);
	struct winlink		*wl;
	struct window		*w;
	struct layout_cell	*cells[5], *lc;
	unsigned		 n = 0, i, j, status, x, y, lx, ly;
	int			 top, resized = 0;
	enum layout_type	 type;

	if (s == NULL || (wl = winlink_find_by_index(s, m->wl_idx)) == NULL ||
	    (w = wl->window)->layout_root == NULL)
		return;
	status = tty_draw_status_lines(tc);
	top = options_session_number(s, "status-position") == 0;
	x = m->x;
	lx = m->lx;
	y = m->y;
	ly = m->ly;
	if (top && status != 0) {
		y = y >= status ? y - status : 0;
		ly = ly >= status ? ly - status : 0;
	} else if (status != 0) {
		if (y >= tc->sy - status)
			y = tc->sy - status - 1;
		if (ly >= tc->sy - status)
			ly = tc->sy - status - 1;
	}
	for (i = 0; i < 5; i++) {
		if ((int)lx + offsets[i][0] < 0 || (int)ly + offsets[i][1] < 0)
			continue;
		lc = layout_search_by_border(w->layout_root,
		    lx + (unsigned)offsets[i][0], ly + (unsigned)offsets[i][1]);
		for (j = 0; lc != NULL && j < n; j++) {
			if (cells[j] == lc)
				lc = NULL;
		}
		if (lc != NULL)
			cells[n++] = lc;
	}
	for (i = 0; i < n; i++) {
		type = cells[i]->parent->type;
		if (y != ly && type == LAYOUT_TOPBOTTOM) {
			layout_resize_layout(w, cells[i], type, (int)y - (int)ly,
			    0);
			resized = 1;
		} else if (x != lx && type == LAYOUT_LEFTRIGHT) {
			layout_resize_layout(w, cells[i], type, (int)x - (int)lx,
			    0);
			resized = 1;
		}
	}
	if (resized) {
		layout_fix_panes(w);
		notify_window_layout_changed(w);
		tty_redraw_all();
	}
}

int
tty_mouse_drag_border(struct client *c)
{
	struct tty_client	*tc = c != NULL ? c->tty : NULL;

	if (tc == NULL || !tc->mouse.valid)
		return (-1);
	tc->drag_border = 1;
	tty_mouse_border_update(tc);
	return (0);
}

/* copy-mode -M: start a selection where the drag began. */
void
tty_mouse_start_drag(struct client *c, struct pane *p)
{
	struct tty_client	*tc = c != NULL ? c->tty : NULL;

	if (tc == NULL || !tc->mouse.valid || p->mode == NULL)
		return;
	window_copy_mouse(p, tc->mouse.lpx, tc->mouse.lpy, 0);
	window_copy_command(p, "begin-selection", 0, NULL);
	window_copy_mouse(p, tc->mouse.px, tc->mouse.py, 1);
}

/* The sequences that turn the outer terminal's mouse reporting on or off. */
void
tty_mouse_mode(struct tty_client *tc, struct buf *out)
{
	struct session	*s = tty_session(tc->c);
	int		 on = s != NULL && options_session_number(s, "mouse");

	if (on == tc->mouse_on)
		return;
	if (on)
		buf_add_str(out, "\033[?1000h\033[?1002h\033[?1006h");
	else
		buf_add_str(out, "\033[?1006l\033[?1002l\033[?1000l");
	tc->mouse_on = on;
}
