/*
 * Drawing an attached client: compose the whole picture (the current
 * window's panes, the borders between them, the status line) as cells,
 * then write only the cells that differ from what the terminal shows.
 * Composing is cheap next to writing to a terminal; the diff keeps the
 * bytes sent to what changed (a frame applied to a model of the terminal
 * reproduces the screen: tty_test.c).
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "engine/term/utf8.h"
#include "tmux-compat/options.h"
#include "tmux-compat/style.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"
#include "tmux-compat/tty-draw-int.h"
#include "tmux-compat/window-copy.h"

#define DRAW_OUTSIDE	0
#define DRAW_PANE	1
#define DRAW_BORDER	2

static const char *tty_draw_border_char(int, int, int, int, int);
static int	tty_draw_border_is(struct window *, struct pane *, unsigned, unsigned,
		    int, long long);

void
tty_draw_blank(struct vt_rcell *rc, const struct tty_style *st)
{
	memset(rc, 0, sizeof *rc);
	rc->data[0] = ' ';
	rc->width = 1;
	rc->attr = st != NULL ? st->attr : 0;
	rc->fg = st != NULL ? st->fg : VT_COLOUR_DEFAULT;
	rc->bg = st != NULL ? st->bg : VT_COLOUR_DEFAULT;
}

void
tty_draw_style_option(struct tty_style *st, const struct cmd_find_state *fs,
    const char *name, const struct tty_style *base)
{
	struct cmdq_item	 item;
	char			*value = options_get_for(fs, name), *expanded;

	if (value == NULL)
		return;
	/* Styles may be formats (pane-active-border-style is, in 3.3a). */
	if (strstr(value, "#{") != NULL) {
		memset(&item, 0, sizeof item);
		item.current = *fs;
		item.target = *fs;
		expanded = format_vars_for(&item, fs, value, 0);
		xfree(value);
		value = expanded;
	}
	style_apply(st, value, base);
	xfree(value);
}

unsigned
tty_draw_status_lines(struct tty_client *tc)
{
	struct session	*s = tty_session(tc->c);
	long long	 n;

	if (s == NULL)
		return (0);
	n = options_session_number(s, "status");
	if (n <= 0 || tc->sy < 2)
		return (0);
	if ((unsigned)n >= tc->sy)
		n = tc->sy - 1;
	return ((unsigned)n);
}

int
tty_draw_status_top(struct session *s)
{
	return (options_session_number(s, "status-position") == 0);
}

/* Put text (with #[style] changes) at *x, up to max columns from start. */
/*
 * One character of p: its bytes in *n and its width, 0 for a zero-width
 * character, -1 for what is not drawn (control bytes, bad UTF-8).
 */
int
tty_draw_char(const unsigned char *p, size_t *n)
{
	uint32_t	cp;
	size_t		i, need;
	int		w;

	if (*p < 0x80) {
		*n = 1;
		return (*p < 0x20 || *p > 0x7e ? -1 : 1);
	}
	need = *p >= 0xf0 ? 4 : *p >= 0xe0 ? 3 : *p >= 0xc0 ? 2 : 1;
	for (i = 1; i < need; i++) {
		if ((p[i] & 0xc0) != 0x80)
			break;
	}
	if (need == 1 || i != need) {
		*n = 1;
		return (-1);
	}
	cp = need == 2 ? (p[0] & 0x1fu) : need == 3 ? (p[0] & 0xfu) :
	    (p[0] & 0x7u);
	for (i = 1; i < need; i++)
		cp = (cp << 6) | (p[i] & 0x3fu);
	*n = need;
	w = utf8_width(cp);
	return (w < 0 ? -1 : w);
}

void
tty_draw_text_base(struct vt_rcell *row, unsigned sx, unsigned *x, unsigned limit,
    const char *text, struct tty_style *st, const struct tty_style *base)
{
	const unsigned char	*p = (const unsigned char *)text;
	const char		*end;
	char			*inner;
	size_t			 n;
	int			 w;
	struct vt_rcell		*rc;

	while (*p != '\0' && *x < limit && *x < sx) {
		if (p[0] == '#' && p[1] == '[' &&
		    (end = strchr((const char *)p, ']')) != NULL) {
			inner = xstrndup((const char *)p + 2,
			    (size_t)(end - (const char *)p - 2));
			style_apply(st, inner, base);
			xfree(inner);
			p = (const unsigned char *)end + 1;
			continue;
		}
		w = tty_draw_char(p, &n);
		if (w <= 0 || *x + (unsigned)w > limit || *x + (unsigned)w > sx) {
			p += n;
			if (w > 0)
				break;
			continue;
		}
		rc = &row[*x];
		tty_draw_blank(rc, st);
		memcpy(rc->data, p, n);
		rc->data[n] = '\0';
		rc->width = (uint8_t)w;
		if (w == 2) {
			tty_draw_blank(&row[*x + 1], st);
			row[*x + 1].width = 0;
			row[*x + 1].data[0] = '\0';
		}
		*x += (unsigned)w;
		p += n;
	}
}

/* Plain text (with #[style]s) at *x of a row of sx cells. */
void
tty_draw_text(struct vt_rcell *row, unsigned sx, unsigned *x, const char *text)
{
	struct tty_style st = { 0, 8, 8 };

	tty_draw_text_base(row, sx, x, sx, text, &st, &st);
}

/* For overlays (menu.c): the pieces the rest of the frame is drawn with. */
unsigned
tty_draw_text_width(const char *text)
{
	struct vt_rcell	*row;
	struct tty_style st = { 0, 8, 8 };
	unsigned	 x = 0, n = (unsigned)strlen(text) + 1;

	row = xcalloc(n, sizeof *row);
	tty_draw_text_base(row, n, &x, n, text, &st, &st);
	xfree(row);
	return (x);
}

/* Text (with #[style]s) from *x up to limit in style st. */
void
tty_draw_text_style(struct vt_rcell *row, unsigned sx, unsigned *x,
    unsigned limit, const char *text, const struct tty_style *st)
{
	struct tty_style	cur = *st;

	tty_draw_text_base(row, sx, x, limit, text, &cur, st);
}

void
tty_draw_text_limit(struct vt_rcell *row, unsigned sx, unsigned *x,
    unsigned limit, const char *text)
{
	struct tty_style	st = { 0, 8, 8 };

	tty_draw_text_base(row, sx, x, limit, text, &st, &st);
}

/* A line-drawing cell joining left, right, up and down. */
void
tty_draw_border(struct vt_rcell *rc, int l, int r, int u, int d, int utf8)
{
	strlcpy(rc->data, tty_draw_border_char(l, r, u, d, utf8), sizeof rc->data);
	if (!utf8)
		rc->attr |= VT_ATTR_CHARSET;
}

char *
tty_draw_expand(struct client *c, const struct cmd_find_state *fs,
    const char *option)
{
	struct cmdq_item	 item;
	char			*fmt, *out;

	memset(&item, 0, sizeof item);
	item.client = c;
	item.current = *fs;
	item.target = *fs;
	if ((fmt = options_get_for(fs, option)) == NULL)
		return (xstrdup(""));
	out = format_vars_for(&item, fs, fmt, 1);
	xfree(fmt);
	return (out);
}

static const char *
tty_draw_border_char(int l, int r, int u, int d, int utf8)
{
	/* VT100 line drawing (drawn with the charset switched, as tmux). */
	static const char	*ascii[16] = {
		"n", "q", "q", "q", "x", "k", "l", "w",
		"x", "j", "m", "v", "x", "u", "t", "n"
	};
	static const char	*box[16] = {
		"┼", "─", "─", "─", "│", "┐", "┌", "┬",
		"│", "┘", "└", "┴", "│", "┤", "├", "┼"
	};
	unsigned		 i = (l ? 1 : 0) | (r ? 2 : 0) | (u ? 8 : 0) |
				     (d ? 4 : 0);

	return (utf8 ? box[i] : ascii[i]);
}

/* pane-border-lines choices (tmux 3.3a's PANE_LINES_*). */
#define DRAW_LINES_SINGLE	0
#define DRAW_LINES_NUMBER	4

/*
 * A border cell joining left, right, up and down in pane-border-lines
 * lines: single is line drawing (tty_draw_border_char), double and heavy
 * their box characters, simple ASCII, number the digit of the first pane
 * whose border it is (tmux's screen_redraw_border_set).
 */
static void
tty_draw_border_cell(struct vt_rcell *rc, long long lines, int l, int r, int u,
    int d, int utf8, struct window *w, unsigned x, unsigned y, int split,
    long long status)
{
	static const char	*lined[][16] = {
		{ NULL },
		{ "╬", "═", "═", "═", "║", "╗", "╔", "╦",
		  "║", "╝", "╚", "╩", "║", "╣", "╠", "╬" },
		{ "╋", "━", "━", "━", "┃", "┓", "┏", "┳",
		  "┃", "┛", "┗", "┻", "┃", "┫", "┣", "╋" },
		{ "+", "-", "-", "-", "|", "+", "+", "+",
		  "|", "+", "+", "+", "|", "+", "+", "+" },
	};
	unsigned		 i = (l ? 1 : 0) | (r ? 2 : 0) | (u ? 8 : 0) |
				     (d ? 4 : 0), idx = 0;
	struct pane		*p;
	char			 digit[2] = { '*', '\0' };

	if (lines == DRAW_LINES_NUMBER) {
		/* tmux looks from the active pane on, round the window. */
		p = w->active;
		do {
			if (p == NULL)
				break;
			if ((!w->zoomed || p == w->active) &&
			    tty_draw_border_is(w, p, x, y, split, status)) {
				idx = window_pane_index(p) + (unsigned)
				    options_window_number(w, "pane-base-index");
				digit[0] = (char)('0' + idx % 10);
				break;
			}
			if ((p = TAILQ_NEXT(p, entry)) == NULL)
				p = TAILQ_FIRST(&w->panes);
		} while (p != w->active);
		strlcpy(rc->data, digit, sizeof rc->data);
		return;
	}
	if (lines > DRAW_LINES_SINGLE && lines < DRAW_LINES_NUMBER) {
		strlcpy(rc->data, lined[lines][i], sizeof rc->data);
		return;
	}
	strlcpy(rc->data, tty_draw_border_char(l, r, u, d, utf8), sizeof rc->data);
	if (!utf8)
		rc->attr |= VT_ATTR_CHARSET;
}

/*
 * Whether border cell x,y is p's (drawn in the active style when p is the
 * active pane): the ring around p, except that with exactly two panes and
 * pane-border-indicators colour or both, each owns half of the border
 * between them (tmux 3.3a's screen_redraw_pane_border).
 */
static int
tty_draw_border_is(struct window *w, struct pane *p, unsigned x, unsigned y,
    int split, long long status)
{
	struct pane	*second = TAILQ_NEXT(TAILQ_FIRST(&w->panes), entry);
	unsigned	 ex = p->xoff + p->sx, ey = p->yoff + p->sy;
	int		 two = second != NULL && TAILQ_NEXT(second, entry) == NULL;

	/*
	 * With pane-border-status a pane owns its sides and only the line
	 * with its status (above it for top, below for bottom).
	 */
	if (status != 0) {
		if ((p->yoff == 0 || y >= p->yoff - 1) && y <= ey &&
		    ((p->xoff != 0 && x == p->xoff - 1) || x == ex))
			return (1);
		if ((p->xoff == 0 || x >= p->xoff - 1) && x <= ex) {
			if (status == 1 && p->yoff != 0 && y == p->yoff - 1)
				return (1);
			if (status == 2 && y == ey)
				return (1);
		}
		return (0);
	}

	if (two && split && second->xoff != 0) {
		if (p->xoff == 0 && x == p->sx && y <= p->sy / 2)
			return (1);
		if (p->xoff != 0 && x == p->xoff - 1 && y > p->sy / 2)
			return (1);
	} else if ((p->yoff == 0 || y >= p->yoff - 1) && y <= ey) {
		if ((p->xoff != 0 && x == p->xoff - 1) || x == ex)
			return (1);
	}
	if (two && split && second->yoff != 0) {
		if (p->yoff == 0 && y == p->sy && x <= p->sx / 2)
			return (1);
		if (p->yoff != 0 && y == p->yoff - 1 && x > p->sx / 2)
			return (1);
	} else if ((p->xoff == 0 || x >= p->xoff - 1) && x <= ex) {
		if ((p->yoff != 0 && y == p->yoff - 1) || y == ey)
			return (1);
	}
	return (0);
}

/*
 * pane-border-status: each pane's pane-border-format on the border line
 * above (top) or below (bottom) it, from two columns in, sx - 4 wide, over
 * the border drawn in that pane's border style, drawn as a status line is
 * (tmux 3.3a's screen_redraw_make_pane_status; the layout left the line
 * free).
 */
static void
tty_draw_pane_status(struct tty_client *tc, struct window *w,
    struct vt_rcell *frame, unsigned top, unsigned wsx, unsigned wsy)
{
	struct cmd_find_state	 fs;
	struct tty_style	 base;
	struct pane		*p;
	struct vt_rcell		*row, *rc;
	char			*text;
	long long		 where = options_window_number(w,
				     "pane-border-status");
	unsigned		 x, y, end;

	if (where == 0)
		return;
	TAILQ_FOREACH(p, &w->panes, entry) {
		if ((w->zoomed && p != w->active) || p->sx < 4)
			continue;
		if (where == 1) {
			if (p->yoff == 0)
				continue;
			y = p->yoff - 1;
		} else
			y = p->yoff + p->sy;
		if (y >= wsy || p->xoff + 2 >= wsx)
			continue;
		base = p == w->active ? tc->border_active : tc->border_normal;
		row = &frame[(top + y) * tc->sx];
		end = p->xoff + 2 + (p->sx - 4);
		if (end > wsx)
			end = wsx;
		for (x = p->xoff + 2; x < end; x++) {
			rc = &row[x];
			rc->attr = (rc->attr & VT_ATTR_CHARSET) | base.attr;
			rc->fg = base.fg;
			rc->bg = base.bg;
		}
		cmd_find_from_pane(&fs, p);
		text = tty_draw_expand(tc->c, &fs, "pane-border-format");
		format_draw(row + p->xoff + 2, end - (p->xoff + 2), text, &base,
		    NULL, NULL, 0);
		xfree(text);
	}
}

static void
tty_draw_window(struct tty_client *tc, struct window *w, struct vt_rcell *frame,
    unsigned top, unsigned rows)
{
	struct cmd_find_state	 fs;
	struct tty_style	 dflt = { 0, 8, 8 }, normal, active;
	struct pane		*p, *ap = w->active;
	struct vt_rcell		*tmp;
	uint8_t			*mask;
	unsigned		 x, y, sx = tc->sx, wsx, wsy;
	int			 l, r, u, d, utf8 = (tc->c->flags & CLIENT_UTF8);
	int			 split;
	long long		 ind, status, lines;

	wsx = w->sx < sx ? w->sx : sx;
	wsy = w->sy < rows ? w->sy : rows;
	mask = xcalloc((size_t)wsx * wsy + 1, 1);
	for (y = 0; y < wsy; y++)
		for (x = 0; x < wsx; x++)
			mask[y * wsx + x] = DRAW_BORDER;
	TAILQ_FOREACH(p, &w->panes, entry) {
		if (w->zoomed && p != ap)
			continue;
		if (p->xoff >= wsx || p->yoff >= wsy)
			continue;
		tmp = xcalloc((size_t)p->sx * p->sy, sizeof *tmp);
		for (x = 0; x < p->sx * p->sy; x++)
			tty_draw_blank(&tmp[x], NULL);
		if (p->mode != NULL)
			window_copy_draw(p, tmp);
		else
			vt_screen_read_rows(p->screen, 0, p->sy, p->sx, tmp);
		for (y = 0; y < p->sy && p->yoff + y < wsy; y++) {
			for (x = 0; x < p->sx && p->xoff + x < wsx; x++) {
				frame[(top + p->yoff + y) * sx + p->xoff + x] =
				    tmp[y * p->sx + x];
				mask[(p->yoff + y) * wsx + p->xoff + x] =
				    DRAW_PANE;
			}
			/* A wide character cut by the edge is not drawn. */
			x = p->xoff + p->sx - 1;
			if (x < wsx && frame[(top + p->yoff + y) * sx + x].width
			    == 2)
				tty_draw_blank(&frame[(top + p->yoff + y) * sx + x],
				    NULL);
		}
		xfree(tmp);
	}

	/* Border styles are formats: worked out with the status line. */
	if (tc->status_dirty || !tc->border_set) {
		cmd_find_from_pane(&fs, ap);
		tc->border_normal = dflt;
		tty_draw_style_option(&tc->border_normal, &fs, "pane-border-style",
		    &dflt);
		tc->border_active = dflt;
		tty_draw_style_option(&tc->border_active, &fs,
		    "pane-active-border-style", &dflt);
		tc->border_set = 1;
	}
	normal = tc->border_normal;
	active = tc->border_active;
	/* pane-border-indicators: off, colour, arrows, both. */
	ind = options_window_number(w, "pane-border-indicators");
	split = (ind == 1 || ind == 3);
	status = options_window_number(w, "pane-border-status");
	lines = options_window_number(w, "pane-border-lines");
#define B(xx, yy) ((xx) >= 0 && (yy) >= 0 && (unsigned)(xx) < wsx && \
	(unsigned)(yy) < wsy && mask[(unsigned)(yy) * wsx + (unsigned)(xx)] == \
	DRAW_BORDER)
	for (y = 0; y < wsy; y++) {
		for (x = 0; x < wsx; x++) {
			struct vt_rcell	*rc = &frame[(top + y) * sx + x];

			if (mask[y * wsx + x] != DRAW_BORDER)
				continue;
			l = B((int)x - 1, (int)y);
			r = B((int)x + 1, (int)y);
			u = B((int)x, (int)y - 1);
			d = B((int)x, (int)y + 1);
			tty_draw_blank(rc, ap != NULL && tty_draw_border_is(w, ap, x, y,
			    split, status) ? &active : &normal);
			tty_draw_border_cell(rc, lines, l, r, u, d, utf8, w, x, y,
			    split, status);
		}
	}
#undef B
	xfree(mask);
	tty_draw_pane_status(tc, w, frame, top, wsx, wsy);
}

/* display-panes: each pane's index, big when there is room, and size. */
static void
tty_draw_display_panes(struct tty_client *tc, struct session *s, struct window *w,
    struct vt_rcell *frame, unsigned top, unsigned rows)
{
	struct pane		*p;
	struct tty_style	 st;
	char			 buf[16], rbuf[32];
	unsigned		 len, rlen, px, py, i, j, k, x, y;
	int			 colour, active;

	colour = (int)options_session_number(s, "display-panes-colour");
	active = (int)options_session_number(s, "display-panes-active-colour");
#define PUT(xx, yy, ch, f_, b_) do {					\
	x = (xx);							\
	y = (yy);							\
	if (x < tc->sx && y < rows) {					\
		struct vt_rcell	*rc_ = &frame[(top + y) * tc->sx + x];	\
		memset(rc_, 0, sizeof *rc_);				\
		rc_->data[0] = (ch);					\
		rc_->width = 1;						\
		rc_->fg = (f_);						\
		rc_->bg = (b_);						\
	}								\
} while (0)
	TAILQ_FOREACH(p, &w->panes, entry) {
		if (w->zoomed && p != w->active)
			continue;
		st.fg = p == w->active ? active : colour;
		len = (unsigned)snprintf(buf, sizeof buf, "%u",
		    window_pane_index(p) + (unsigned)options_window_number(w,
		    "pane-base-index"));
		rlen = (unsigned)snprintf(rbuf, sizeof rbuf, "%ux%u", p->sx,
		    p->sy);
		px = p->sx / 2;
		py = p->sy / 2;
		if (p->sx < len * 6 || p->sy < 5) {
			for (k = 0; k < len; k++)
				PUT(p->xoff + px - len / 2 + k, p->yoff + py,
				    buf[k], st.fg, 8);
			continue;
		}
		px -= len * 3;
		py -= 2;
		for (k = 0; k < len; k++) {
			for (j = 0; j < 5; j++) {
				for (i = 0; i < 5; i++) {
					if (tty_font_cell(buf[k], i, j))
						PUT(p->xoff + px + i,
						    p->yoff + py + j, ' ', 8,
						    st.fg);
				}
			}
			px += 6;
		}
		if (p->sy <= 6 || p->sx < rlen)
			continue;
		for (k = 0; k < rlen; k++)
			PUT(p->xoff + p->sx - rlen + k, p->yoff, rbuf[k],
			    st.fg, 8);
	}
#undef PUT
}

/* Compose the client's picture into frame (sx * sy cells). */
static void
tty_draw_compose(struct tty_client *tc, struct vt_rcell *frame, int *cx, int *cy,
    int *visible)
{
	struct session	*s = tty_session(tc->c);
	struct window	*w;
	struct pane	*p;
	struct vt_state	 st;
	unsigned	 i, status, top = 0;
	int		 pcx = -1, pcy = -1, pvisible = 0, prompt_line = 0;

	*cx = *cy = -1;
	*visible = 0;
	for (i = 0; i < tc->sx * tc->sy; i++)
		tty_draw_blank(&frame[i], NULL);
	if (s == NULL || s->curw == NULL)
		return;
	w = s->curw->window;
	status = tty_draw_status_lines(tc);
	if (status != 0 && tty_draw_status_top(s))
		top = status;
	tty_draw_window(tc, w, frame, top, tc->sy - status);
	if (tc->dp_on)
		tty_draw_display_panes(tc, s, w, frame, top, tc->sy - status);
	if (status != 0) {
		struct vt_rcell	*row = frame, *last;

		if (!tty_draw_status_top(s))
			row = frame + (tc->sy - status) * tc->sx;
		last = row + (status - 1) * tc->sx;
		/* Every line worked out again only as the first is (above). */
		if (tc->status_dirty || tc->status == NULL ||
		    tc->status_sx != tc->sx || tc->status_n != status) {
			if (status > 1)
				status_draw_first(tc, s, row);
			else
				status_draw(tc, s, row);
			for (i = 1; i < status; i++)
				status_draw_line(tc, s, row + i * tc->sx, i);
			xfree(tc->status);
			tc->status = xmemdup(row, status * tc->sx * sizeof *row);
			tc->status_sx = tc->sx;
			tc->status_n = status;
			tc->status_dirty = 0;
			tc->status_time = time(NULL);
		} else
			memcpy(row, tc->status, status * tc->sx * sizeof *row);
		/* Several lines: the prompt or a message on the last. */
		if (status > 1)
			status_draw_overlay(tc, s, last);
	} else if (tc->prompt != NULL || tc->message != NULL) {
		/*
		 * With the status line off, a prompt or a message still takes
		 * a line, over the panes (tmux's screen_redraw_set_context).
		 */
		status_draw(tc, s, frame + (tty_draw_status_top(s) ? 0 :
		    (tc->sy - 1) * tc->sx));
		prompt_line = 1;
	}
	/* A popup's menu is drawn over the popup. */
	if (tc->popup != NULL)
		popup_draw(tc, frame, tc->c->flags & CLIENT_UTF8, &pcx, &pcy,
		    &pvisible);
	if (tc->menu != NULL) {
		struct cmd_find_state	mfs;
		struct tty_style	dflt = { 0, 8, 8 }, mst = dflt;
		char			*value;

		cmd_find_from_session(&mfs, s);
		if ((value = options_get_for(&mfs, "mode-style")) != NULL)
			style_apply(&mst, value, &dflt);
		xfree(value);
		menu_draw(tc, frame, &mst, tc->c->flags & CLIENT_UTF8);
	}
	/*
	 * The terminal's cursor (tmux's server_client_reset_state): at a
	 * prompt's cursor, hidden, while one is up; else a popup's program's
	 * (unless its menu is up); else top left, hidden, under a menu or
	 * display-panes; else at the
	 * active pane's, shown only if the pane shows it and no message is up.
	 */
	if (tc->prompt != NULL && (status != 0 || prompt_line)) {
		*cx = (int)(tc->prompt_x < tc->sx ? tc->prompt_x : tc->sx - 1);
		/* (tmux's: the first status line, where the prompt is not.) */
		*cy = (int)(tty_draw_status_top(s) ? 0 : tc->sy - (status != 0 ?
		    status : 1));
		return;
	}
	if (tc->popup != NULL && tc->menu == NULL) {
		*cx = pcx;
		*cy = pcy;
		*visible = pvisible;
		return;
	}
	if (tc->dp_on || tc->menu != NULL) {
		*cx = *cy = 0;
		return;
	}
	if ((p = w->active) != NULL && p->mode != NULL) {
		unsigned	mx, my;

		window_copy_cursor(p, &mx, &my);
		if (mx < p->sx && my < p->sy && p->xoff + mx < tc->sx &&
		    top + p->yoff + my < tc->sy - (top ? 0 : status)) {
			*cx = (int)(p->xoff + mx);
			*cy = (int)(top + p->yoff + my);
			*visible = tc->message == NULL &&
			    !window_mode_no_cursor(p);
		}
	} else if ((p = w->active) != NULL) {
		vt_screen_state(p->screen, &st);
		if (st.cx < p->sx && st.cy < p->sy &&
		    p->xoff + st.cx < tc->sx &&
		    top + p->yoff + st.cy < tc->sy - (top ? 0 : status)) {
			*cx = (int)(p->xoff + st.cx);
			*cy = (int)(top + p->yoff + st.cy);
			*visible = (st.mode & VT_MODE_CURSOR) &&
			    tc->message == NULL;
		}
	}
}

/* Do two cells look the same? */
static int
tty_draw_same_look(const struct vt_rcell *a, const struct vt_rcell *b)
{
	return (a->width == b->width && a->attr == b->attr &&
	    a->fg == b->fg && a->bg == b->bg && strcmp(a->data, b->data) == 0);
}

/*
 * Is the terminal's cell already what the frame wants? A cleared blank is
 * not a written one: the outer terminal keeps one and not the other.
 */
static int
tty_draw_same(const struct vt_rcell *a, const struct vt_rcell *b)
{
	return (a->cleared == b->cleared && tty_draw_same_look(a, b));
}

/*
 * Where a row's cleared default blanks start: they go with one EL, as
 * tmux clears what was never written (its GRID_FLAG_CLEARED); written
 * spaces are written again.
 */
static unsigned
tty_draw_blank_from(const struct vt_rcell *row, unsigned sx)
{
	struct vt_rcell	blank;

	tty_draw_blank(&blank, NULL);
	while (sx > 0 && row[sx - 1].cleared &&
	    tty_draw_same_look(&row[sx - 1], &blank))
		sx--;
	return (sx);
}

/*
 * Write what turns the terminal's picture (tc->shown, NULL: unknown) into
 * frame, and put the cursor at cx,cy (-1: leave it) shown or not. The
 * cleared end of a row that changed goes with EL in the default style, as
 * tmux clears it (fewer bytes, and the outer terminal keeps no cells
 * there: what capture-pane -e of the outer terminal shows).
 */
/*
 * Hide the cursor before the first change it has to jump to: text written
 * where the cursor already is (a key echoed) goes out bare, as tmux writes
 * an echoed key (1 byte where the hide and show around it made it 29).
 */
static void
tty_draw_hide_cursor(struct tty_client *tc, int *hidden, struct buf *out)
{
	if (!*hidden && tc->cursor_on != 0) {
		tty_term_put(out, tc->term->civis);
		*hidden = 1;
		tc->cursor_on = 0;
	}
}

void
tty_draw_frame(struct tty_client *tc, struct vt_rcell *frame, int cx, int cy,
    int visible, struct buf *out)
{
	struct vt_rcell		*rc;
	struct tty_style	 want, none = { 0, VT_COLOUR_DEFAULT,
				     VT_COLOUR_DEFAULT };
	unsigned		 x, y, n = tc->sx * tc->sy, blank_from;
	int			 hidden = 0;

	if (tc->shown == NULL) {
		/* Start from a cleared screen in the default style. */
		tc->shown = xcalloc(n, sizeof *tc->shown);
		for (x = 0; x < n; x++)
			tty_draw_blank(&tc->shown[x], NULL);
		tty_term_put(out, tc->term->sgr0);
		tty_term_put(out, tc->term->clear);
		tc->acs = 0;
		tc->cur.attr = 0;
		tc->cur.fg = tc->cur.bg = VT_COLOUR_DEFAULT;
		tc->cx = tc->cy = 0;
	}
	for (y = 0; y < tc->sy; y++) {
		blank_from = UINT_MAX;	/* worked out at the row's first change */
		for (x = 0; x < tc->sx; x++) {
			rc = &frame[y * tc->sx + x];
			if (rc->width == 0 ||
			    tty_draw_same(rc, &tc->shown[y * tc->sx + x]))
				continue;
			if (blank_from == UINT_MAX)
				blank_from = tty_draw_blank_from(&frame[y * tc->sx],
				    tc->sx);
			if (x >= blank_from) {
				if (tc->cx != (int)x || tc->cy != (int)y) {
					tty_draw_hide_cursor(tc, &hidden, out);
					tty_term_cursor(tc->term, x, y, out);
				}
				tty_term_style(tc->term, &tc->cur, &none, out);
				tty_term_put(out, tc->term->el);
				memcpy(&tc->shown[y * tc->sx + x], rc,
				    (tc->sx - x) * sizeof *rc);
				tc->cx = (int)x;
				tc->cy = (int)y;
				break;
			}
			if (rc->width == 2 && x + 1 >= tc->sx)
				tty_draw_blank(rc, NULL);
			if (tc->cx != (int)x || tc->cy != (int)y) {
				tty_draw_hide_cursor(tc, &hidden, out);
				tty_term_cursor(tc->term, x, y, out);
			}
			want.attr = rc->attr & ~VT_ATTR_CHARSET;
			want.fg = rc->fg;
			want.bg = rc->bg;
			tty_term_style(tc->term, &tc->cur, &want, out);
			/* Line drawing: the terminal's alternate charset. */
			if ((rc->attr & VT_ATTR_CHARSET) != 0 && !tc->acs) {
				tty_term_put(out, tc->term->smacs);
				tc->acs = 1;
			} else if ((rc->attr & VT_ATTR_CHARSET) == 0 && tc->acs) {
				tty_term_put(out, tc->term->rmacs);
				tc->acs = 0;
			}
			buf_add_str(out, rc->data[0] != '\0' ? rc->data : " ");
			tc->shown[y * tc->sx + x] = *rc;
			if (rc->width == 2)
				tc->shown[y * tc->sx + x + 1] = frame[y *
				    tc->sx + x + 1];
			tc->cx = (int)(x + rc->width);
			tc->cy = (int)y;
			if (tc->cx >= (int)tc->sx)
				tc->cx = tc->cy = -1;	/* pending wrap */
		}
	}
	if (cx != -1 && (tc->cx != cx || tc->cy != cy)) {
		tty_term_cursor(tc->term, (unsigned)cx, (unsigned)cy, out);
		tc->cx = cx;
		tc->cy = cy;
	}
	if (visible && tc->cursor_on != 1) {
		tty_term_put(out, tc->term->cnorm);
		tc->cursor_on = 1;
	} else if (!visible && tc->cursor_on != 0) {
		tty_term_put(out, tc->term->civis);
		tc->cursor_on = 0;
	}
}

void
tty_draw(struct tty_client *tc, struct buf *out)
{
	unsigned	 n = tc->sx * tc->sy;
	int		 cx, cy, visible;

	/* tty_draw_compose blanks every cell first. */
	if (tc->frame_n != n) {
		xfree(tc->frame);
		tc->frame = xcalloc(n, sizeof *tc->frame);
		tc->frame_n = n;
	}
	tty_draw_compose(tc, tc->frame, &cx, &cy, &visible);
	tty_draw_frame(tc, tc->frame, cx, cy, visible, out);
}
