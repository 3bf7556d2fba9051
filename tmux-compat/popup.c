/*
 * display-popup: a program in a box over an attached client's panes, as
 * tmux 3.3a's popup.c. The program runs on a pane of its own (no window,
 * no pane id: engine/model's popup panes) whose screen is drawn inside
 * the box; the box's lines are popup-border-lines (or -b, -B none), its
 * title in the top border, its colours popup-style and popup-border-style
 * (or -s, -S: their colours only). While it is up it takes every key and
 * mouse event: keys go to the program encoded for its modes; Escape and
 * C-c close it unless -E is waiting for the program to finish; a drag of
 * the border (or with Meta anywhere) moves it with the first button and
 * resizes it with the third. It closes when the program exits with -E (or
 * with status 0 with -EE); a command client waiting for it then gets the
 * program's exit status (128 + SIGHUP if it was closed first).
 */
#include <sys/wait.h>

#include <signal.h>
#include <string.h>

#include <unistd.h>

#include "engine/base/buf.h"
#include "engine/base/xmalloc.h"
#include "engine/model/layout.h"
#include "engine/sys/pane-io.h"
#include "engine/term/vt.h"
#include "tmux-compat/control.h"
#include "tmux-compat/options.h"
#include "tmux-compat/paste.h"
#include "tmux-compat/style.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"

enum { POPUP_OFF, POPUP_MOVE, POPUP_SIZE };

struct tty_popup {
	struct pane	*pane;		/* the program and its screen */
	int		 close_exit;	/* 1: -E, 2: -EE */
	int		 status;	/* the exit status for a waiter */
	int		 lines;		/* popup-border-lines choice */
	char		*title;
	struct tty_style style;		/* inside */
	struct tty_style border;

	unsigned	 px, py, sx, sy;	/* where it is, box included */
	unsigned	 ppx, ppy, psx, psy;	/* where it was asked to be */

	int		 dragging;
	unsigned	 dx, dy;	/* the mouse from the corner */
	unsigned	 lx, ly, lb;	/* the last mouse event */

	char		 menu_keys[8];	/* of the popup menu's items shown */
};

/* The third button's menu (tmux's popup_menu_items). */
static const struct {
	const char	*name;		/* a format; "" a separator */
	char		 key;
} popup_menu_items[] = {
	{ "Close", 'q' },
	{ "#{?buffer_name,Paste #[underscore]#{buffer_name},}", 'p' },
	{ "", 0 },
	{ "Fill Space", 'F' },
	{ "Centre", 'C' },
	{ "", 0 },
	{ "To Horizontal Pane", 'h' },
	{ "To Vertical Pane", 'v' },
};

/* Cells of each border-lines choice: corners (tl tr bl br), -, |. */
static const char *popup_cells[][6] = {
	{ NULL },	/* single: line drawing, as pane borders */
	{ "╔", "╗", "╚", "╝", "═", "║" },
	{ "┏", "┓", "┗", "┛", "━", "┃" },
	{ "+", "+", "+", "+", "-", "|" },
	{ "╭", "╮", "╰", "╯", "─", "│" },
	{ " ", " ", " ", " ", " ", " " },
};

static int
popup_has_border(struct tty_popup *pp)
{
	return (pp->lines != POPUP_LINES_NONE);
}

/* Its program has finished (tmux: the job is gone). */
static int
popup_finished(struct tty_popup *pp)
{
	return (pp->pane->dead && pp->pane->status_ready);
}

static void
popup_inner_size(struct tty_popup *pp, unsigned *sx, unsigned *sy)
{
	unsigned	b = popup_has_border(pp) ? 2 : 0;

	*sx = pp->sx - b;
	*sy = pp->sy - b;
}

int
popup_show(struct client *c, const struct tty_popup_spec *spec,
    struct session *s, const char *shellcmd, int argc, char **argv,
    const char *cwd, char **env, struct client *waiter, char **cause)
{
	struct tty_client	*tc = c->tty;
	struct tty_popup	*pp;
	struct tty_style	 dflt = { 0, 8, 8 }, st;
	struct pane		*p;
	unsigned		 min = spec->lines == POPUP_LINES_NONE ? 1 : 3;
	unsigned		 b = min == 1 ? 0 : 2;

	*cause = NULL;
	if (spec->sx < min || spec->sy < min || tc->sx < spec->sx ||
	    tc->sy < spec->sy)
		return (-1);
	p = spawn_popup(s, shellcmd, argc, argv, cwd, env, spec->sx - b,
	    spec->sy - b, cause);
	if (p == NULL)
		return (-1);
	pane_io_set_immediate(p, 1);	/* someone is looking at it */

	pp = xcalloc(1, sizeof *pp);
	pp->pane = p;
	pp->close_exit = spec->close_exit;
	pp->status = 128 + SIGHUP;
	pp->lines = spec->lines;
	pp->title = xstrdup(spec->title != NULL ? spec->title : "");
	/* The options' styles, then just the colours of -s and -S. */
	pp->style = dflt;
	style_apply(&pp->style, spec->popup_style, &dflt);
	if (spec->style != NULL && options_style_valid(spec->style)) {
		st = dflt;
		style_apply(&st, spec->style, &dflt);
		pp->style.fg = st.fg;
		pp->style.bg = st.bg;
	}
	pp->style.attr = 0;
	pp->border = dflt;
	style_apply(&pp->border, spec->popup_border_style, &dflt);
	if (spec->border_style != NULL &&
	    options_style_valid(spec->border_style)) {
		st = dflt;
		style_apply(&st, spec->border_style, &dflt);
		pp->border.fg = st.fg;
		pp->border.bg = st.bg;
	}
	pp->border.attr = 0;
	pp->px = pp->ppx = spec->px;
	pp->py = pp->ppy = spec->py;
	pp->sx = pp->psx = spec->sx;
	pp->sy = pp->psy = spec->sy;

	menu_close(c);	/* their waiters go on first */
	popup_close(c);
	tc->popup = pp;
	tty_wait_set(c, TTY_WAIT_POPUP, waiter);
	tty_redraw_client(c);
	return (0);
}

/* Close c's popup (its program is hung up if it still runs). */
void
popup_close(struct client *c)
{
	struct tty_popup	*pp;
	struct client		*waiter;
	int			 status;

	if (c->tty == NULL || (pp = c->tty->popup) == NULL)
		return;
	c->tty->popup = NULL;
	waiter = tty_wait_end(c, TTY_WAIT_POPUP);
	status = pp->status;
	if (pp->pane != NULL) {		/* NULL: it became a window's pane */
		pane_io_close(pp->pane);
		window_pane_destroy(pp->pane);
	}
	xfree(pp->title);
	xfree(pp);
	tty_redraw_client(c);
	if (waiter != NULL) {
		/* A command client exits with the program's status (tmux). */
		waiter->retval = status;
		cmdq_continue(waiter);
	}
}

static struct tty_client *
popup_owner(struct pane *p)
{
	struct tty_client	*tc;

	for (tc = tty_first(); tc != NULL; tc = tty_next(tc)) {
		if (tc->popup != NULL && tc->popup->pane == p && p != NULL)
			return (tc);
	}
	return (NULL);
}

/* The popup's program drew something. */
void
popup_pane_changed(struct pane *p)
{
	struct tty_client	*tc = popup_owner(p);

	vt_screen_take_events(p->screen);
	if (tc != NULL)
		tty_redraw_client(tc->c);
}

/*
 * Its terminal closed or its status arrived: once both have (tmux's job
 * completion), the status is kept and -E or -EE may close the popup.
 */
void
popup_pane_check(struct pane *p)
{
	struct tty_client	*tc = popup_owner(p);
	struct tty_popup	*pp;

	if (tc == NULL)
		return;
	pp = tc->popup;
	/*
	 * Not hung up here: a program that closed its terminal may still be
	 * finishing (the status is its own, not SIGHUP's); closing does it.
	 */
	if (!p->dead) {
		p->dead = 1;
		tty_redraw_client(tc->c);
	}
	if (!popup_finished(pp))
		return;
	if (WIFEXITED(p->status))
		pp->status = WEXITSTATUS(p->status);
	else if (WIFSIGNALED(p->status))
		pp->status = WTERMSIG(p->status);
	else
		pp->status = 0;
	if (pp->close_exit == 1 || (pp->close_exit == 2 && pp->status == 0))
		popup_close(tc->c);
}

/* Exit statuses arrived (SIGCHLD): popups whose terminal had closed. */
void
popup_reaped(void)
{
	struct tty_client	*tc, *next;

	for (tc = tty_first(); tc != NULL; tc = next) {
		next = tty_next(tc);
		if (tc->popup != NULL && tc->popup->pane->dead)
			popup_pane_check(tc->popup->pane);
	}
}

/* The client's terminal changed size: keep the popup inside it (tmux). */
void
popup_resize(struct client *c)
{
	struct tty_client	*tc = c->tty;
	struct tty_popup	*pp;
	unsigned		 isx, isy;

	if (tc == NULL || (pp = tc->popup) == NULL)
		return;
	pp->sy = pp->psy > tc->sy ? tc->sy : pp->psy;
	pp->sx = pp->psx > tc->sx ? tc->sx : pp->psx;
	pp->py = pp->ppy + pp->sy > tc->sy ? tc->sy - pp->sy : pp->ppy;
	pp->px = pp->ppx + pp->sx > tc->sx ? tc->sx - pp->sx : pp->ppx;
	if (popup_has_border(pp) && (pp->sx <= 2 || pp->sy <= 2))
		return;		/* no empty screen */
	popup_inner_size(pp, &isx, &isy);
	pane_io_resize(pp->pane, isx, isy);
}

/* A key (name as tty_keys_next gives it, the bytes that made it). */
void
popup_key(struct client *c, const char *name, const uint8_t *data,
    size_t len)
{
	struct tty_popup	*pp = c->tty->popup;
	struct pane		*p = pp->pane;
	struct vt_state		 st;
	struct buf		 b;

	if ((pp->close_exit == 0 || p->dead) &&
	    (strcmp(name, "Escape") == 0 || strcmp(name, "C-c") == 0)) {
		popup_close(c);
		return;
	}
	if (p->dead)
		return;
	if (data[0] == 0x1b && len > 1 && *name != '\0') {
		buf_init(&b);
		vt_screen_state(p->screen, &st);
		if (keys_encode(name, st.mode, &b) == 0)
			pane_io_send(p, buf_data(&b), b.len);
		buf_free(&b);
		return;
	}
	pane_io_send(p, data, len);
}

/*
 * Where the popup's edge goes on one axis when the mouse at m holds it d
 * from that edge: inside the terminal's limit for a popup of size.
 */
static unsigned
popup_drag_to(unsigned m, unsigned d, unsigned size, unsigned limit)
{
	if (m < d)
		return (0);
	if (m - d + size > limit)
		return (limit - size);
	return (m - d);
}

/* A drag under way moves or resizes the popup (tmux's popup_handle_drag). */
static void
popup_drag(struct client *c, struct tty_popup *pp, unsigned b, unsigned x,
    unsigned y)
{
	struct tty_client	*tc = c->tty;
	unsigned		 px, py, isx, isy, min;

	if (!(b & 32)) {
		pp->dragging = POPUP_OFF;
		return;
	}
	if (pp->dragging == POPUP_MOVE) {
		px = popup_drag_to(x, pp->dx, pp->sx, tc->sx);
		py = popup_drag_to(y, pp->dy, pp->sy, tc->sy);
		pp->px = pp->ppx = px;
		pp->py = pp->ppy = py;
		pp->dx = x - pp->px;
		pp->dy = y - pp->py;
		tty_redraw_client(c);
		return;
	}
	min = popup_has_border(pp) ? 3 : 1;
	if (x < pp->px + min || y < pp->py + min)
		return;
	pp->sx = pp->psx = x - pp->px;
	pp->sy = pp->psy = y - pp->py;
	popup_inner_size(pp, &isx, &isy);
	pane_io_resize(pp->pane, isx, isy);
	tty_redraw_client(c);
}

/*
 * The popup's program becomes a pane beside the window's active one (the
 * window unzoomed, the active pane split in two), with the popup's screen
 * and all (tmux's popup_make_pane: as there, the screen keeps the popup's
 * lack of history); the popup closes without hanging it up.
 */
static void
popup_to_pane(struct client *c, struct tty_popup *pp, enum layout_type type)
{
	struct session		*s = tty_session(c);
	struct window		*w;
	struct layout_cell	*lc;
	struct pane		*p = pp->pane;
	char			 host[256];

	if (s == NULL || s->curw == NULL || s->curw->window->active == NULL)
		return;
	w = s->curw->window;
	window_zoom_unzoom(w);
	if ((lc = layout_split_pane(w->active, type, -1, 0)) == NULL)
		return;
	window_pane_adopt_popup(p, w);
	layout_assign_pane(lc, p);
	if (gethostname(host, sizeof host) == 0) {
		host[sizeof host - 1] = '\0';
		vt_screen_set_title(p->screen, host);
	}
	xfree(p->shell);
	p->shell = xstrdup(options_session_string(s, "default-shell"));
	/* What respawn-pane starts again from: the session's directory. */
	p->start_cwd = xstrdup(s->cwd != NULL ? s->cwd : "/");
	layout_fix_panes(w);
	window_pane_set_active(p);
	pp->pane = NULL;
	popup_close(c);
	notify_changed();
	tty_redraw_all();
}

/* An item of the popup's menu was chosen (tmux's popup_menu_done). */
static void
popup_menu_done(struct client *c, int choice, void *arg)
{
	struct tty_popup	*pp = c->tty != NULL ? c->tty->popup : NULL;
	struct paste_buffer	*pb;
	struct tty_client	*tc = c->tty;

	(void)arg;
	if (pp == NULL || choice < 0 || choice >= (int)sizeof pp->menu_keys)
		return;
	switch (pp->menu_keys[choice]) {
	case 'p':
		if ((pb = paste_first()) != NULL && pp->pane != NULL &&
		    !pp->pane->dead)
			pane_io_send(pp->pane, (const uint8_t *)pb->data,
			    pb->size);
		break;
	case 'F':	/* the box only: the program keeps its size (tmux) */
		pp->sx = tc->sx;
		pp->sy = tc->sy;
		pp->px = pp->py = 0;
		break;
	case 'C':
		pp->px = tc->sx / 2 - pp->sx / 2;
		pp->py = tc->sy / 2 - pp->sy / 2;
		break;
	case 'h':
		popup_to_pane(c, pp, LAYOUT_LEFTRIGHT);
		return;
	case 'v':
		popup_to_pane(c, pp, LAYOUT_TOPBOTTOM);
		return;
	case 'q':
		popup_close(c);
		return;
	}
	tty_redraw_client(c);
}

/* The third button's menu, centred on the mouse, opened by the mouse. */
static void
popup_menu_open(struct client *c, struct tty_popup *pp, unsigned x,
    unsigned y)
{
	struct tty_menu		*menu = menu_new("");
	struct cmd_find_state	 fs;
	struct cmdq_item	 item;
	struct session		*s = tty_session(c);
	unsigned		 i, n = 0, w;
	char			*name;

	memset(pp->menu_keys, 0, sizeof pp->menu_keys);
	memset(&item, 0, sizeof item);
	item.client = c;
	if (s != NULL)
		cmd_find_from_session(&fs, s);
	for (i = 0; i < sizeof popup_menu_items / sizeof popup_menu_items[0];
	    i++) {
		if (*popup_menu_items[i].name == '\0') {
			if (n != 0)
				pp->menu_keys[n++] = 0;
			menu_add(menu, NULL, -1, NULL);
			continue;
		}
		name = format_vars_for(&item, s != NULL ? &fs : NULL,
		    popup_menu_items[i].name, 0);
		if (*name != '\0') {
			pp->menu_keys[n++] = popup_menu_items[i].key;
			menu_add(menu, name, popup_menu_items[i].key, "");
		}
		xfree(name);
	}
	menu_set_callback(menu, popup_menu_done, NULL, 0);
	w = menu_width(menu) + 4;
	x = x >= w / 2 ? x - w / 2 : 0;
	if (menu_show(c, menu, x, y, NULL, 1, NULL) != 0)
		menu_free(menu);
}

/* A mouse report (the raw bytes) while the popup is up. */
void
popup_mouse(struct client *c, const uint8_t *data, size_t len)
{
	struct tty_popup	*pp = c->tty->popup;
	struct vt_state		 st;
	unsigned		 b, x, y, ix, iy, lb, raw;
	int			 release, border = 0;
	char			 buf[64];

	if (tty_mouse_decode(data, len, &b, &x, &y, &release) != 0)
		return;
	raw = b;
	if (release)
		b |= 3;		/* tmux's button for a release */
	lb = pp->lb;
	pp->lb = b;
	if (pp->dragging != POPUP_OFF) {
		popup_drag(c, pp, b, x, y);
		goto out;
	}
	if (x < pp->px || x > pp->px + pp->sx - 1 || y < pp->py ||
	    y > pp->py + pp->sy - 1) {
		if ((b & 3) == 2)
			popup_menu_open(c, pp, x, y);
		return;
	}
	/* 1: left or top, 2: right or bottom, in tmux's order of tests. */
	if (popup_has_border(pp)) {
		if (x == pp->px)
			border = 1;
		else if (x == pp->px + pp->sx - 1)
			border = 2;
		else if (y == pp->py)
			border = 1;
		else if (y == pp->py + pp->sy - 1)
			border = 2;
	}
	if ((b & (4|8|16)) == 0 && (b & 3) == 2 && border == 1) {
		popup_menu_open(c, pp, x, y);
		goto out;
	}
	if ((b & (4|8|16)) == 8 || border) {
		if (!(b & 32))
			goto out;
		if ((lb & 3) == 0)
			pp->dragging = POPUP_MOVE;
		else if ((lb & 3) == 2)
			pp->dragging = POPUP_SIZE;
		pp->dx = pp->lx - pp->px;
		pp->dy = pp->ly - pp->py;
		goto out;
	}
	if (pp->pane->dead)
		goto out;
	ix = x - pp->px - (popup_has_border(pp) ? 1 : 0);
	iy = y - pp->py - (popup_has_border(pp) ? 1 : 0);
	vt_screen_state(pp->pane->screen, &st);
	if (tty_mouse_encode(st.mode, raw, ix, iy, release, data[2] == '<',
	    buf, sizeof buf) == 0)
		pane_io_send(pp->pane, (const uint8_t *)buf, strlen(buf));
out:
	pp->lx = x;
	pp->ly = y;
}

/* The cell of the border at x,y of the box. */
static void
popup_border_cell(struct tty_popup *pp, struct vt_rcell *rc, unsigned x,
    unsigned y, int utf8)
{
	int		 top = y == 0, bottom = y == pp->sy - 1;
	int		 left = x == 0, right = x == pp->sx - 1;
	const char	*cell;

	tty_draw_blank(rc, &pp->border);
	if (pp->lines == 0) {
		tty_draw_border(rc, !left && (top || bottom),
		    !right && (top || bottom), !top && (left || right),
		    !bottom && (left || right), utf8);
		return;
	}
	if (top || bottom)
		cell = popup_cells[pp->lines][left ? (top ? 0 : 2) : right ?
		    (top ? 1 : 3) : 4];
	else
		cell = popup_cells[pp->lines][5];
	strlcpy(rc->data, cell, sizeof rc->data);
}

/*
 * Draw the popup over frame (the client's size); its program's cursor is
 * the terminal's.
 */
void
popup_draw(struct tty_client *tc, struct vt_rcell *frame, int utf8,
    int *cx, int *cy, int *visible)
{
	struct tty_popup	*pp = tc->popup;
	struct vt_rcell		*inner, *rc;
	struct vt_state		 st;
	unsigned		 x, y, b = popup_has_border(pp) ? 1 : 0;
	unsigned		 isx, isy, tx, psx, psy;

	popup_inner_size(pp, &isx, &isy);
	for (y = 0; y < pp->sy && pp->py + y < tc->sy; y++) {
		for (x = 0; x < pp->sx && pp->px + x < tc->sx; x++) {
			rc = &frame[(pp->py + y) * tc->sx + pp->px + x];
			if (b && (x == 0 || y == 0 || x == pp->sx - 1 ||
			    y == pp->sy - 1))
				popup_border_cell(pp, rc, x, y, utf8);
			else
				tty_draw_blank(rc, &pp->style);
		}
	}
	if (b && *pp->title != '\0' && pp->sx > 4) {
		tx = pp->px + 2;
		tty_draw_text_style(frame + pp->py * tc->sx, tc->sx, &tx,
		    pp->px + pp->sx - 2, pp->title, &pp->border);
	}

	/*
	 * The program's screen, its default colours the popup's; after Fill
	 * Space the box is bigger than the screen, which keeps its size.
	 */
	if (isx == 0 || isy == 0 || pp->pane == NULL)
		return;
	psx = pp->pane->sx;
	psy = pp->pane->sy;
	inner = xcalloc((size_t)psx * psy, sizeof *inner);
	for (x = 0; x < psx * psy; x++)
		tty_draw_blank(&inner[x], NULL);
	vt_screen_read_rows(pp->pane->screen, 0, psy, psx, inner);
	for (y = 0; y < isy && y < psy && pp->py + b + y < tc->sy; y++) {
		for (x = 0; x < isx && x < psx && pp->px + b + x < tc->sx;
		    x++) {
			rc = &frame[(pp->py + b + y) * tc->sx + pp->px + b + x];
			*rc = inner[y * psx + x];
			if (rc->fg == 8)
				rc->fg = pp->style.fg;
			if (rc->bg == 8)
				rc->bg = pp->style.bg;
		}
	}
	xfree(inner);
	vt_screen_state(pp->pane->screen, &st);
	if (st.cx == psx)
		st.cx--;	/* waiting to wrap: on the last column */
	if (st.cx < psx && st.cy < psy) {
		*cx = (int)(pp->px + b + st.cx);
		*cy = (int)(pp->py + b + st.cy);
		*visible = (st.mode & VT_MODE_CURSOR) != 0;
	}
}
