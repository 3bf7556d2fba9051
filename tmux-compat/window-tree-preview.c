/*
 * Tree mode's preview below the list (tmux 3.3a's mode_tree_draw and
 * window_tree_draw_*): a box titled with the selected item's name (and
 * the filter's state), inside it the item: a pane's screen around its
 * cursor (the cursor's cell reversed), a window's panes side by side, a
 * session's windows (their active panes) side by side, each with its
 * index or name in a small box in display-panes-colour (the current one
 * in display-panes-active-colour), "<" and ">" when some do not fit.
 */
#include <stdio.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "engine/sys/pane-io.h"
#include "engine/term/vt.h"
#include "tmux-compat/options.h"
#include "tmux-compat/paste.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"
#include "tmux-compat/window-copy.h"

struct preview {
	struct vt_rcell	*cells;
	unsigned	 sx, sy;
};

/* One of the things a window or session preview shows side by side. */
struct preview_part {
	struct pane	*pane;
	char		*label;
	char		*short_label;	/* if label is wider than the part */
	int		 current;
};

static struct vt_rcell *
window_tree_preview_at(struct preview *pv, unsigned x, unsigned y)
{
	if (x >= pv->sx || y >= pv->sy)
		return (NULL);
	return (&pv->cells[y * pv->sx + x]);
}

static void
window_tree_preview_put(struct preview *pv, unsigned x, unsigned y, const char *ch,
    int fg)
{
	struct vt_rcell	*rc = window_tree_preview_at(pv, x, y);

	if (rc == NULL)
		return;
	memset(rc, 0, sizeof *rc);
	strlcpy(rc->data, ch, sizeof rc->data);
	rc->width = 1;
	rc->fg = fg;
	rc->bg = VT_COLOUR_DEFAULT;
}

static void
window_tree_preview_text(struct preview *pv, unsigned x, unsigned y, const char *text,
    int fg)
{
	char	ch[2] = { '\0', '\0' };

	for (; *text != '\0'; text++, x++) {
		ch[0] = *text;
		window_tree_preview_put(pv, x, y, ch, fg);
	}
}

/* tmux's screen_write_box with default lines. */
static void
window_tree_preview_box(struct preview *pv, unsigned x, unsigned y, unsigned w,
    unsigned h)
{
	unsigned	i;

	window_tree_preview_put(pv, x, y, "┌", VT_COLOUR_DEFAULT);
	window_tree_preview_put(pv, x + w - 1, y, "┐", VT_COLOUR_DEFAULT);
	window_tree_preview_put(pv, x, y + h - 1, "└", VT_COLOUR_DEFAULT);
	window_tree_preview_put(pv, x + w - 1, y + h - 1, "┘", VT_COLOUR_DEFAULT);
	for (i = 1; i + 1 < w; i++) {
		window_tree_preview_put(pv, x + i, y, "─", VT_COLOUR_DEFAULT);
		window_tree_preview_put(pv, x + i, y + h - 1, "─", VT_COLOUR_DEFAULT);
	}
	for (i = 1; i + 1 < h; i++) {
		window_tree_preview_put(pv, x, y + i, "│", VT_COLOUR_DEFAULT);
		window_tree_preview_put(pv, x + w - 1, y + i, "│", VT_COLOUR_DEFAULT);
	}
}

static void
window_tree_preview_vline(struct preview *pv, unsigned x, unsigned y, unsigned ny)
{
	unsigned	i;

	for (i = 0; i < ny; i++)
		window_tree_preview_put(pv, x, y + i, "│", VT_COLOUR_DEFAULT);
}

/* tmux's screen_write_preview: the part of p's screen near its cursor. */
static void
window_tree_preview_pane(struct preview *pv, unsigned x, unsigned y, unsigned nx,
    unsigned ny, struct pane *p)
{
	struct vt_state	 st;
	struct vt_rcell	*rows, *rc, cell;
	unsigned	 px = 0, py = 0, i, j, cx, cy;
	int		 cursor;

	if (nx == 0 || ny == 0)
		return;
	pane_io_drain(p);	/* no reader sees a stale screen */
	vt_screen_state(p->screen, &st);
	cursor = (st.mode & VT_MODE_CURSOR) != 0;
	cx = st.cx < st.sx ? st.cx : st.sx - 1;
	cy = st.cy;
	if (cursor) {
		px = cx < nx / 3 ? 0 : cx - nx / 3;
		if (px + nx > st.sx)
			px = nx > st.sx ? 0 : st.sx - nx;
		py = cy < ny / 3 ? 0 : cy - ny / 3;
		if (py + ny > st.sy)
			py = ny > st.sy ? 0 : st.sy - ny;
	}
	rows = xcalloc((size_t)st.sx * st.sy, sizeof *rows);
	for (i = 0; i < st.sx * st.sy; i++)
		tty_draw_blank(&rows[i], NULL);
	vt_screen_read_rows(p->screen, 0, st.sy, st.sx, rows);
	for (j = 0; j < ny && py + j < st.sy; j++) {
		for (i = 0; i < nx && px + i < st.sx; i++) {
			if ((rc = window_tree_preview_at(pv, x + i, y + j)) != NULL)
				*rc = rows[(py + j) * st.sx + px + i];
		}
	}
	if (cursor && cy < st.sy) {
		cell = rows[cy * st.sx + cx];
		cell.attr |= VT_ATTR_REVERSE;
		if ((rc = window_tree_preview_at(pv, x + cx - px, y + cy - py)) != NULL)
			*rc = cell;
	}
	xfree(rows);
}

/* tmux's window_tree_draw_label: centred, boxed if there is room. */
static void
window_tree_preview_label(struct preview *pv, unsigned px, unsigned py, unsigned sx,
    unsigned sy, int fg, const char *label)
{
	size_t		len = strlen(label);
	unsigned	ox, oy;

	if (sx == 0 || sy == 1 || len > sx)
		return;
	ox = (sx - (unsigned)len + 1) / 2;
	oy = (sy + 1) / 2;
	if (ox > 1 && ox + len < sx - 1 && sy >= 3)
		window_tree_preview_box(pv, px + ox - 1, py + oy - 1, (unsigned)len + 2, 3);
	window_tree_preview_text(pv, px + ox, py + oy, label, fg);
}

/*
 * Parts side by side in sx by sy at x,y, as window_tree_draw_session and
 * _window share it: as many as fit 24 columns each around the current,
 * with "<" and ">" for the others, moved by wp->shift (the < and >
 * keys; kept within the parts), the geometry noted in wp for clicks.
 * window: labels are drawn in the whole share (tmux passes each, not
 * width, for panes).
 */
static void
window_tree_preview_parts(struct preview *pv, unsigned x, unsigned y, unsigned sx,
    unsigned sy, struct preview_part *parts, unsigned total, int window,
    int colour, int active_colour, struct window_tree_parts *wp)
{
	unsigned	visible, current = 0, start, end, each, remaining;
	unsigned	offset, width, i, loop;
	int		left, right;
	const char	*label;

	if (total == 0)
		return;
	if (sx / total < 24) {
		visible = sx / 24;
		if (visible == 0)
			visible = 1;
	} else
		visible = total;
	for (i = 0; i < total; i++) {
		if (parts[i].current) {
			current = i;
			break;
		}
	}
	if (current < visible) {
		start = 0;
		end = visible;
	} else if (current >= total - visible) {
		start = total - visible;
		end = total;
	} else {
		start = current - (visible / 2);
		end = start + visible;
	}
	if (wp->shift < -(int)start)
		wp->shift = -(int)start;
	if (wp->shift > (int)(total - end))
		wp->shift = (int)(total - end);
	start += wp->shift;
	end += wp->shift;
	left = start != 0;
	right = end != total;
	if (((left && right) && sx <= 6) || ((left || right) && sx <= 3))
		left = right = 0;
	if (left && right) {
		each = (sx - 6) / visible;
		remaining = (sx - 6) - (visible * each);
	} else if (left || right) {
		each = (sx - 3) / visible;
		remaining = (sx - 3) - (visible * each);
	} else {
		each = sx / visible;
		remaining = sx - (visible * each);
	}
	if (each == 0)
		return;
	wp->left = left ? (int)x + 2 : -1;
	wp->right = right ? (int)(x + sx - 3) : -1;
	if (left) {
		window_tree_preview_vline(pv, x + 2, y, sy);
		window_tree_preview_text(pv, x, y + sy / 2, "<", VT_COLOUR_DEFAULT);
	}
	if (right) {
		window_tree_preview_vline(pv, x + sx - 3, y, sy);
		window_tree_preview_text(pv, x + sx - 1, y + sy / 2, ">",
		    VT_COLOUR_DEFAULT);
	}
	for (loop = start, i = 0; loop < end; loop++, i++) {
		offset = (left ? 3 : 0) + i * each;
		width = loop == end - 1 ? each + remaining : each - 1;
		window_tree_preview_pane(pv, x + offset, y, width, sy, parts[loop].pane);
		label = parts[loop].label;
		if (parts[loop].short_label != NULL && strlen(label) > width)
			label = parts[loop].short_label;
		window_tree_preview_label(pv, x + offset, y, window ? each : width, sy,
		    parts[loop].current ? active_colour : colour, label);
		if (loop != end - 1)
			window_tree_preview_vline(pv, x + offset + width, y, sy);
	}
}

static void
window_tree_preview_session(struct preview *pv, unsigned x, unsigned y, unsigned sx,
    unsigned sy, struct session *s, struct window_tree_parts *wp)
{
	struct preview_part	*parts = NULL;
	struct winlink		*wl;
	unsigned		 n = 0, i;
	char			*name;

	TAILQ_FOREACH(wl, &s->windows, entry) {
		if (wl->window->active == NULL)
			continue;
		parts = xreallocarray(parts, n + 1, sizeof *parts);
		parts[n].pane = wl->window->active;
		parts[n].current = wl == s->curw;
		name = format_vars_window_name_now(wl->window);
		xasprintf(&parts[n].label, " %d:%s ", wl->idx, name);
		xfree(name);
		xasprintf(&parts[n].short_label, " %d ", wl->idx);
		n++;
	}
	window_tree_preview_parts(pv, x, y, sx, sy, parts, n, 0,
	    (int)options_session_number(s, "display-panes-colour"),
	    (int)options_session_number(s, "display-panes-active-colour"),
	    wp);
	for (i = 0; i < n; i++) {
		xfree(parts[i].label);
		xfree(parts[i].short_label);
	}
	xfree(parts);
}

static void
window_tree_preview_window(struct preview *pv, unsigned x, unsigned y, unsigned sx,
    unsigned sy, struct session *s, struct window *w,
    struct window_tree_parts *wp)
{
	struct preview_part	*parts = NULL;
	struct pane		*p;
	unsigned		 n = 0, i;
	long long		 base = options_window_number(w,
				     "pane-base-index");

	TAILQ_FOREACH(p, &w->panes, entry) {
		parts = xreallocarray(parts, n + 1, sizeof *parts);
		parts[n].pane = p;
		parts[n].current = p == w->active;
		xasprintf(&parts[n].label, " %lld ", (long long)n + base);
		parts[n].short_label = NULL;
		n++;
	}
	window_tree_preview_parts(pv, x, y, sx, sy, parts, n, 1,
	    (int)options_session_number(s, "display-panes-colour"),
	    (int)options_session_number(s, "display-panes-active-colour"),
	    wp);
	for (i = 0; i < n; i++)
		xfree(parts[i].label);
	xfree(parts);
}

/*
 * Draw the preview of the selected item into the mode's cells (sx by sy)
 * below the list's h lines. name is the item's (mode tree) name, sort the
 * order's; filter: 0 none, 1 active, 2 matched nothing; st: mode-style
 * for "no matches".
 */
/* The box below the list and its title (name, sort order, filter). */
static void
window_tree_preview_outline(struct preview *pv, unsigned h, const char *name,
    const char *sort, int filter, const struct tty_style *st)
{
	char		*text;
	unsigned	 x, n, sx = pv->sx;

	window_tree_preview_box(pv, 0, h, sx, pv->sy - h);
	if (sort != NULL)
		xasprintf(&text, " %s (sort: %s)", name, sort);
	else
		xasprintf(&text, " %s", name);
	if (sx - 2 >= strlen(text)) {
		window_tree_preview_text(pv, 1, h, text, VT_COLOUR_DEFAULT);
		x = 1 + (unsigned)strlen(text);
		n = filter == 2 ? sizeof "no matches" - 1 : sizeof "active" - 1;
		if (filter != 0 && sx - 2 >= strlen(text) + 10 + n + 2) {
			window_tree_preview_text(pv, x, h, " (filter: ",
			    VT_COLOUR_DEFAULT);
			x += 10;
			if (filter == 2) {
				tty_draw_text_style(pv->cells + h * sx, sx, &x,
				    sx, "no matches", st);
			} else {
				window_tree_preview_text(pv, x, h, "active",
				    VT_COLOUR_DEFAULT);
				x += 6;
			}
			window_tree_preview_text(pv, x, h, ") ", VT_COLOUR_DEFAULT);
		} else
			window_tree_preview_text(pv, x, h, " ", VT_COLOUR_DEFAULT);
	}
	xfree(text);
}

/* Only the box and its title (sort NULL: a mode without orders). */
void
window_tree_preview_frame(struct vt_rcell *cells, unsigned sx, unsigned sy,
    unsigned h, const char *name, const char *sort, int filter,
    const struct tty_style *st)
{
	struct preview	pv = { cells, sx, sy };

	window_tree_preview_outline(&pv, h, name, sort, filter, st);
}

void
window_tree_preview(struct vt_rcell *cells, unsigned sx, unsigned sy,
    unsigned h, const char *name, const char *sort, int filter,
    const struct tty_style *st, struct session *s, struct winlink *wl,
    struct pane *p, struct window_tree_parts *wp)
{
	struct preview	 pv = { cells, sx, sy };
	unsigned	 bx, by;

	window_tree_preview_outline(&pv, h, name, sort, filter, st);
	bx = sx - 4;
	by = sy - h - 2;
	if (bx == 0 || by == 0 || s == NULL)
		return;
	if (p != NULL)
		window_tree_preview_pane(&pv, 2, h + 1, bx, by, p);
	else if (wl != NULL)
		window_tree_preview_window(&pv, 2, h + 1, bx, by, s, wl->window, wp);
	else
		window_tree_preview_session(&pv, 2, h + 1, bx, by, s, wp);
}

/* choose-buffer's preview: the buffer's first lines. */
void
window_tree_preview_buffer(struct vt_rcell *cells, unsigned sx, unsigned sy,
    unsigned h, const char *name, const char *sort, int filter,
    const struct tty_style *st, struct paste_buffer *pb)
{
	struct preview	 pv = { cells, sx, sy };
	const char	*p, *end, *nl;
	char		*line;
	unsigned	 y, by, x;

	window_tree_preview_outline(&pv, h, name, sort, filter, st);
	by = sy - h - 2;
	if (sx <= 4 || by == 0 || pb == NULL)
		return;
	p = pb->data;
	end = pb->data + pb->size;
	for (y = 0; y < by; y++) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		line = paste_vis(p, (size_t)(nl - p));
		x = 2;
		tty_draw_text_limit(cells + (h + 1 + y) * sx, sx, &x, sx - 2,
		    line);
		xfree(line);
		if (nl == end)
			break;
		p = nl + 1;
	}
}

/*
 * choose-client's preview (tmux's window_client_draw): the active pane of
 * the client's window, a line, and the client's status line as it was
 * drawn; with the status line at the top, tmux draws the line over the
 * pane's second row.
 */
void
window_tree_preview_client(struct vt_rcell *cells, unsigned sx, unsigned sy,
    unsigned h, const char *name, const char *sort, int filter,
    const struct tty_style *st, struct tty_client *tc)
{
	struct preview	 pv = { cells, sx, sy };
	struct session	*s;
	struct vt_rcell	*rc;
	unsigned	 bx, by, lines, at, i, row;

	window_tree_preview_outline(&pv, h, name, sort, filter, st);
	bx = sx - 4;
	by = sy - h - 2;
	if (sx <= 4 || by == 0 || tc == NULL ||
	    (s = tty_session(tc->c)) == NULL || s->curw == NULL ||
	    s->curw->window->active == NULL)
		return;
	lines = tty_draw_status_lines(tc);
	if (lines >= by)
		lines = 0;
	at = lines != 0 && options_session_number(s, "status-position") == 0 ?
	    lines : 0;
	if (by > 2 + lines)
		window_tree_preview_pane(&pv, 2, h + 1 + at, bx, by - 2 - lines,
		    s->curw->window->active);
	row = at != 0 ? h + 1 + 2 : h + 1 + by - 1 - lines;
	for (i = 0; i < bx; i++)
		window_tree_preview_put(&pv, 2 + i, row, "─", VT_COLOUR_DEFAULT);
	row = at != 0 ? h + 1 : h + 1 + by - lines;
	for (i = 0; lines != 0 && tc->status != NULL && i < bx &&
	    i < tc->status_sx; i++) {
		if ((rc = window_tree_preview_at(&pv, 2 + i, row)) != NULL)
			*rc = tc->status[i];
	}
}
