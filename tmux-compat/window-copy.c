/*
 * Copy mode (copy-mode, send-keys -X): a pane shows a snapshot of its
 * screen and history taken when the mode starts, scrolled by oy lines,
 * with a cursor and a selection that copies into a paste buffer. The pane
 * itself goes on reading its program's output underneath (an agent is
 * never held up by a person scrolling); refresh-from-pane takes a new
 * snapshot.
 *
 * Coordinates are tmux's window-copy ones: cx, cy in the view, oy lines
 * scrolled back; a line's absolute number is hsize - oy + cy (0 is the
 * oldest history line).
 */
#include <ctype.h>
#include <stdlib.h>
#include <regex.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "engine/sys/pane-io.h"
#include "engine/term/utf8.h"
#include "engine/term/vt.h"
#include "tmux-compat/control.h"
#include "tmux-compat/copy-reader.h"
#include "tmux-compat/options.h"
#include "tmux-compat/paste.h"
#include "tmux-compat/regcomp-limit.h"
#include "tmux-compat/style.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"
#include "tmux-compat/window-copy.h"

struct window_mode {
	int			 view;		/* view-mode: text, not the pane */
	int			 clock;		/* clock-mode, not copy mode */
	struct window_tree	*tree;		/* tree-mode, not copy mode */
	struct vt_screen	*snap;
	unsigned		 hsize, sx, sy;

	unsigned		 oy;
	unsigned		 cx, cy;
	unsigned		 lastcx;	/* wanted column on up/down */
	unsigned		 lastsx;	/* length of its line then */

	int			 sel;		/* a selection is shown */
	unsigned		 selx, sely;	/* its other end (absolute) */
	int			 rectflag;
	int			 lineflag;
	int			 wordsel;	/* select-word made it: */
	unsigned		 wordex;	/* the word's last column + 1 */

	int			 scroll_exit;	/* -e */
	int			 hide_position;

	char			*search;	/* last search string */
	int			 search_back;
	int			 search_regex;
	int			 searchx, searchy;	/* incremental start, -1 */
	unsigned		 searcho;
	/* The last search that found something: its matches are marked. */
	int			 searchcount;	/* matches, -1: none yet */
	int			 search_forward;
	char			*marked;
	int			 marked_regex;
	char			 jump_char[8];
	int			 jump_type;	/* 'f' 'F' 't' 'T' */
};

static void
window_copy_snapshot(struct pane *p, struct window_mode *wm)
{
	struct vt_state	st;

	pane_io_drain(p);
	if (wm->snap != NULL)
		vt_screen_free(wm->snap);
	if (wm->tree != NULL)
		window_tree_free(wm->tree);
	wm->snap = vt_screen_snapshot(p->screen);
	vt_screen_state(wm->snap, &st);
	wm->hsize = st.history_size;
	wm->sx = st.sx;
	wm->sy = st.sy;
	if (wm->oy > wm->hsize)
		wm->oy = wm->hsize;
	if (wm->cy >= wm->sy)
		wm->cy = wm->sy - 1;
}

static void
window_copy_free(struct pane *p)
{
	struct window_mode	*wm = p->mode;

	if (wm == NULL)
		return;
	if (wm->snap != NULL)
		vt_screen_free(wm->snap);
	if (wm->tree != NULL) {
		if (window_tree_unzoom(wm->tree) && p->window->zoomed)
			window_zoom_unzoom(p->window);
		window_tree_free(wm->tree);
	}
	xfree(wm->search);
	xfree(wm->marked);
	xfree(wm);
	p->mode = NULL;
}

int
window_copy_enter(struct pane *p, int page_up, int scroll_exit)
{
	struct window_mode	*wm;
	struct vt_state		 st;

	model_mode_free = window_copy_free;
	if ((wm = p->mode) == NULL) {
		wm = xcalloc(1, sizeof *wm);
		wm->searchcount = -1;
		wm->searchx = wm->searchy = -1;
		window_copy_snapshot(p, wm);
		vt_screen_state(wm->snap, &st);
		wm->cx = st.cx < wm->sx ? st.cx : wm->sx - 1;
		wm->cy = st.cy;
		wm->lastcx = wm->cx;
		p->mode = wm;
		notify_pane_mode_changed(p);
	}
	wm->scroll_exit = scroll_exit;
	if (page_up)
		window_copy_command(p, "page-up", 0, NULL);
	tty_redraw_all();
	return (0);
}

/* Put a new mode in p, ending any it was in (model frees it with p). */
static void
window_mode_start(struct pane *p, struct window_mode *wm)
{
	model_mode_free = window_copy_free;
	if (p->mode != NULL)
		window_copy_exit(p);
	p->mode = wm;
	notify_pane_mode_changed(p);
	tty_redraw_all();
}

/*
 * view-mode: copy mode over text instead of the pane's screen (tmux shows
 * the output of commands run from keys this way, C-b ? for one), from its
 * top.
 */
int
window_view_enter(struct pane *p, const char *text, size_t len)
{
	struct window_mode	*wm;
	struct vt_screen	*s;
	struct buf		 b;
	struct vt_state		 st;
	size_t			 i;

	s = vt_screen_new(p->sx, p->sy, 100000);
	buf_init(&b);
	/* Each line is added below the last: no empty line after them. */
	if (len > 0 && text[len - 1] == '\n')
		len--;
	for (i = 0; i < len; i++) {
		if (text[i] == '\n')
			buf_add_byte(&b, '\r');
		buf_add_byte(&b, (uint8_t)text[i]);
	}
	vt_screen_input(s, buf_data(&b), b.len, NULL);
	buf_free(&b);
	wm = xcalloc(1, sizeof *wm);
	wm->searchcount = -1;
	wm->searchx = wm->searchy = -1;
	wm->view = 1;
	wm->snap = s;
	vt_screen_state(s, &st);
	wm->hsize = st.history_size;
	wm->sx = st.sx;
	wm->sy = st.sy;
	wm->oy = wm->hsize;
	window_mode_start(p, wm);
	return (0);
}

/*
 * A line more at the bottom of the pane's view-mode, entered if the pane
 * is not in it (tmux's window_copy_add for run-shell's output).
 */
/* How many bytes of line fit in sx columns (tmux cuts, not wraps). */
static size_t
window_view_fit(const char *line, unsigned sx)
{
	const uint8_t	*s = (const uint8_t *)line;
	size_t		 i = 0, n, k;
	unsigned	 used = 0;
	uint32_t	 cp;
	int		 w;

	while (s[i] != '\0') {
		n = 1;
		cp = s[i];
		if (s[i] >= 0xc0) {
			n = s[i] >= 0xf0 ? 4 : s[i] >= 0xe0 ? 3 : 2;
			cp = s[i] & (0x3f >> (n - 1));
			for (k = 1; k < n; k++) {
				if ((s[i + k] & 0xc0) != 0x80)
					break;
				cp = (cp << 6) | (s[i + k] & 0x3f);
			}
			if (k != n)
				n = 1;
		}
		w = utf8_width(cp);
		if (w > 0 && used + (unsigned)w > sx)
			break;
		if (w > 0)
			used += (unsigned)w;
		i += n;
	}
	return (i);
}

void
window_view_add(struct pane *p, const char *line)
{
	struct window_mode	*wm = p->mode;
	struct buf		 b;
	struct vt_state		 st;
	size_t			 len = window_view_fit(line, p->sx);

	if (wm == NULL || !wm->view) {
		window_view_enter(p, line, len);
		return;
	}
	buf_init(&b);
	buf_add(&b, "\r\n", 2);
	buf_add(&b, line, len);
	vt_screen_input(wm->snap, buf_data(&b), b.len, NULL);
	buf_free(&b);
	/* The view stays where it was: lines above it scrolled on. */
	vt_screen_state(wm->snap, &st);
	wm->oy += st.history_size - wm->hsize;
	wm->hsize = st.history_size;
	tty_redraw_all();
}

/* clock-mode: the pane shows a big clock until a key. */
int
window_clock_enter(struct pane *p)
{
	struct window_mode	*wm;

	wm = xcalloc(1, sizeof *wm);
	wm->searchcount = -1;
	wm->searchx = wm->searchy = -1;
	wm->clock = 1;
	window_mode_start(p, wm);
	return (0);
}

int
window_mode_is_clock(struct pane *p)
{
	return (p->mode != NULL && p->mode->clock);
}

/* tree-mode (window-tree.c): the pane shows the chooser wt. */
int
window_tree_enter(struct pane *p, struct window_tree *wt)
{
	struct window_mode	*wm;

	wm = xcalloc(1, sizeof *wm);
	wm->searchcount = -1;
	wm->searchx = wm->searchy = -1;
	wm->tree = wt;
	window_mode_start(p, wm);
	return (0);
}

struct window_tree *
window_mode_tree(struct pane *p)
{
	return (p->mode != NULL ? p->mode->tree : NULL);
}

/* A mode that draws itself with no cursor (clock-mode, tree-mode). */
int
window_mode_no_cursor(struct pane *p)
{
	return (p->mode != NULL && (p->mode->clock || p->mode->tree != NULL));
}

void
window_copy_exit(struct pane *p)
{
	if (p->mode == NULL)
		return;
	window_copy_free(p);
	notify_pane_mode_changed(p);
	tty_redraw_all();
}

/* --- reading the snapshot ------------------------------------------------ */

static unsigned
window_copy_abs(struct window_mode *wm, unsigned y)
{
	return (wm->hsize - wm->oy + y);
}

/* Cells of absolute line abs (sx of them, caller frees). */
static struct vt_rcell *
window_copy_line(struct window_mode *wm, unsigned abs)
{
	struct vt_rcell	*cells;
	unsigned	 i;

	cells = xcalloc(wm->sx, sizeof *cells);
	for (i = 0; i < wm->sx; i++) {
		cells[i].data[0] = ' ';
		cells[i].width = 1;
		cells[i].fg = cells[i].bg = VT_COLOUR_DEFAULT;
	}
	vt_screen_read_lines(wm->snap, (long)abs - (long)wm->hsize, 1, wm->sx,
	    cells);
	return (cells);
}

static int
window_copy_blank(const struct vt_rcell *rc)
{
	return (rc->width != 0 && (rc->data[0] == '\0' ||
	    (rc->data[0] == ' ' && rc->data[1] == '\0')));
}

/* Length of a row without trailing spaces. */
static unsigned
window_copy_row_length(const struct vt_rcell *cells, unsigned sx)
{
	while (sx > 0 && window_copy_blank(&cells[sx - 1]))
		sx--;
	return (sx);
}

/* Length of a line without trailing spaces (tmux's find_length). */
static unsigned
window_copy_length(struct window_mode *wm, unsigned abs)
{
	struct vt_rcell	*cells = window_copy_line(wm, abs);
	unsigned	 n = window_copy_row_length(cells, wm->sx);

	xfree(cells);
	return (n);
}

/* Whether the cursor's line has a wide character's second cell at x. */
static int
window_copy_padding(struct window_mode *wm, unsigned x)
{
	struct vt_rcell	*cells;
	int		 padding;

	if (x >= wm->sx)
		return (0);
	cells = window_copy_line(wm, window_copy_abs(wm, wm->cy));
	padding = cells[x].width == 0;
	xfree(cells);
	return (padding);
}

/*
 * The position indicator on the top line ("[oy/hsize]" at its right
 * end); 0 if hidden or it does not fit.
 */
static unsigned
window_copy_indicator(struct window_mode *wm, unsigned sx, char *pos,
    size_t size)
{
	unsigned	len;

	if (wm->hide_position)
		return (0);
	if (wm->searchcount >= 0)
		snprintf(pos, size, "(%d results) [%u/%u]", wm->searchcount,
		    wm->oy, wm->hsize);
	else
		snprintf(pos, size, "[%u/%u]", wm->oy, wm->hsize);
	len = (unsigned)strlen(pos);
	return (len > sx ? 0 : len);
}

/*
 * Cells of line y as copy mode shows it: the snapshot's, and on the top
 * line the indicator (tmux's formats read its copy of the screen).
 */
static struct vt_rcell *
window_copy_shown(struct window_mode *wm, unsigned y)
{
	struct vt_rcell	*cells = window_copy_line(wm, window_copy_abs(wm, y));
	char		 pos[64];
	unsigned	 len, i;

	if (y != 0 || (len = window_copy_indicator(wm, wm->sx, pos,
	    sizeof pos)) == 0)
		return (cells);
	for (i = 0; i < len; i++) {
		memset(&cells[wm->sx - len + i], 0, sizeof *cells);
		cells[wm->sx - len + i].data[0] = pos[i];
		cells[wm->sx - len + i].width = 1;
		cells[wm->sx - len + i].fg = VT_COLOUR_DEFAULT;
		cells[wm->sx - len + i].bg = VT_COLOUR_DEFAULT;
	}
	return (cells);
}

/* --- selection ----------------------------------------------------------- */

static int
window_copy_vi(struct pane *p)
{
	return (options_window_number(p->window, "mode-keys") == 1);
}

/* The selection as start and end (absolute, end exclusive), ordered. */
static int
window_copy_range(struct pane *p, struct window_mode *wm, unsigned *sx,
    unsigned *sy, unsigned *ex, unsigned *ey)
{
	unsigned	cx = wm->cx, cy = window_copy_abs(wm, wm->cy);

	if (!wm->sel)
		return (0);
	if (wm->sely < cy || (wm->sely == cy && wm->selx <= cx)) {
		*sx = wm->selx;
		*sy = wm->sely;
		*ex = cx;
		*ey = cy;
	} else {
		*sx = cx;
		*sy = cy;
		*ex = wm->selx;
		*ey = wm->sely;
	}
	if (wm->lineflag) {
		*sx = 0;
		*ex = wm->sx;
	} else if (window_copy_vi(p))
		(*ex)++;	/* vi includes the cursor's cell */
	return (1);
}

static int
window_copy_in_selection(struct pane *p, struct window_mode *wm, unsigned x,
    unsigned abs)
{
	unsigned	sx, sy, ex, ey, lo, hi;

	if (!window_copy_range(p, wm, &sx, &sy, &ex, &ey))
		return (0);
	if (abs < sy || abs > ey)
		return (0);
	if (wm->rectflag) {
		lo = sx < ex ? sx : ex;
		hi = sx < ex ? ex : sx;
		if (lo == hi)
			hi++;
		return (x >= lo && x < hi);
	}
	if (abs == sy && x < sx)
		return (0);
	if (abs == ey && x >= ex)
		return (0);
	return (1);
}

/*
 * One line of a plain selection, columns from to to, as tmux copies it:
 * a line that wraps keeps its cells up to the right edge (those never
 * written read as spaces) and goes on with no newline when the selection
 * reaches that edge; any other line stops at its last non-space.
 */
static void
window_copy_text_line(struct window_mode *wm, struct buf *b, unsigned y,
    unsigned from, unsigned to)
{
	struct vt_rcell	*cells;
	unsigned	 xx, x;
	int		 wrapped;

	if (from > to)
		return;
	wrapped = vt_screen_line_wrapped(wm->snap, (long)y - wm->hsize);
	xx = wrapped ? wm->sx : window_copy_length(wm, y);
	if (to > xx)
		to = xx;
	if (from > xx)
		from = xx;
	cells = window_copy_line(wm, y);
	for (x = from; x < to; x++) {
		if (cells[x].width == 0)
			continue;
		if (cells[x].data[0] == '\0')
			buf_add_byte(b, ' ');
		else
			buf_add_str(b, cells[x].data);
	}
	xfree(cells);
	if (!wrapped || to != xx)
		buf_add_byte(b, '\n');
}

/*
 * A plain selection (not by lines or a rectangle): its end no further
 * than its line's last non-space, vi including the cell there; the last
 * newline dropped as tmux drops it.
 */
static void
window_copy_text_plain(struct pane *p, struct window_mode *wm, struct buf *b)
{
	unsigned	cx = wm->cx, cy = window_copy_abs(wm, wm->cy);
	unsigned	sx, sy, ex, ey, last, lastex, y;
	int		vi = window_copy_vi(p);

	if (wm->sely < cy || (wm->sely == cy && wm->selx <= cx)) {
		sx = wm->selx;
		sy = wm->sely;
		ex = cx;
		ey = cy;
	} else {
		sx = cx;
		sy = cy;
		ex = wm->selx;
		ey = wm->sely;
	}
	last = window_copy_length(wm, ey);
	if (ex > last)
		ex = last;
	lastex = vi ? ex + 1 : ex;
	for (y = sy; y <= ey; y++) {
		window_copy_text_line(wm, b, y, y == sy ? sx : 0,
		    y == ey ? lastex : wm->sx);
	}
	if (b->len == 0)
		return;
	if ((!vi || lastex <= last) && (!vt_screen_line_wrapped(wm->snap,
	    (long)ey - wm->hsize) || lastex != last))
		b->len--;
}

/* The selected text, as tmux copies it (trailing spaces dropped). */
static char *
window_copy_text(struct pane *p, struct window_mode *wm, size_t *len)
{
	struct buf	 b;
	struct vt_rcell	*cells;
	unsigned	 sx, sy, ex, ey, y, x, from, to, n;
	char		*text;
	size_t		 start;

	if (!window_copy_range(p, wm, &sx, &sy, &ex, &ey))
		return (NULL);
	buf_init(&b);
	if (!wm->lineflag && !wm->rectflag)
		window_copy_text_plain(p, wm, &b);
	else for (y = sy; y <= ey; y++) {
		cells = window_copy_line(wm, y);
		from = (y == sy || wm->rectflag) ? sx : 0;
		to = (y == ey || wm->rectflag) ? ex : wm->sx;
		if (wm->rectflag && from > to) {
			n = from;
			from = to;
			to = n;
		}
		n = window_copy_length(wm, y);
		if (to > n && !wm->rectflag)
			to = n;
		start = b.len;
		for (x = from; x < to && x < wm->sx; x++) {
			if (cells[x].width == 0)
				continue;
			buf_add_str(&b, cells[x].data);
		}
		if (wm->rectflag) {
			while (b.len > start && b.data[b.off + b.len - 1] == ' ')
				b.len--;
		}
		xfree(cells);
		if (y != ey && (wm->rectflag ||
		    !vt_screen_line_wrapped(wm->snap, (long)y - wm->hsize)))
			buf_add_byte(&b, '\n');
	}
	/* tmux drops the final newline of a line selection in emacs mode. */
	if (wm->lineflag && window_copy_vi(p))
		buf_add_byte(&b, '\n');
	*len = b.len;
	text = xmalloc(b.len + 1);
	memcpy(text, buf_data(&b), b.len);
	text[b.len] = '\0';
	buf_free(&b);
	return (text);
}

static void
window_copy_copy(struct pane *p, struct window_mode *wm, int append)
{
	struct paste_buffer	*pb;
	char			*text, *joined;
	size_t			 len;

	if ((text = window_copy_text(p, wm, &len)) == NULL)
		return;
	if (len == 0) {
		/* tmux adds no buffer for an empty selection. */
		xfree(text);
		return;
	}
	clipboard_copied(p->window, text, len);
	if (append && (pb = paste_first()) != NULL) {
		joined = xmalloc(pb->size + len + 1);
		memcpy(joined, pb->data, pb->size);
		memcpy(joined + pb->size, text, len);
		xfree(text);
		paste_set(joined, pb->size + len, pb->name);
		return;
	}
	paste_add(text, len);
}

/* --- movement ------------------------------------------------------------ */

/*
 * The end of the cursor's line, remembered as the column to come back to
 * (tmux's window_copy_cursor_end_of_line, measured: left off the start
 * of a line and then up keeps to the ends of lines).
 */
static void
window_copy_end_of_line(struct window_mode *wm)
{
	unsigned	px = window_copy_length(wm, window_copy_abs(wm, wm->cy));

	wm->cx = px < wm->sx ? px : wm->sx - 1;
	wm->lastcx = wm->cx;
	wm->lastsx = px;
}

/*
 * Before a move up or down: remember the column unless the cursor is at
 * the end of its line (tmux's lastcx and lastsx).
 */
static void
window_copy_save_x(struct window_mode *wm)
{
	unsigned	ox = window_copy_length(wm, window_copy_abs(wm, wm->cy));

	if (wm->cx != ox) {
		wm->lastcx = wm->cx;
		wm->lastsx = ox;
	}
	wm->cx = wm->lastcx;
}

/*
 * After it: a cursor that was at a line's end stays at the end of the new
 * line, and none goes past the end (tmux's window_copy_cursor_up).
 */
static void
window_copy_clamp_x(struct window_mode *wm)
{
	unsigned	px = window_copy_length(wm, window_copy_abs(wm, wm->cy));

	if ((wm->cx >= wm->lastsx && wm->cx != px) || wm->cx > px)
		window_copy_end_of_line(wm);
}

/*
 * A line selection keeps the cursor at the end of lines below where it
 * started and at the start of lines above (tmux's LINE_SEL_*).
 */
static void
window_copy_line_x(struct window_mode *wm)
{
	if (!wm->sel || !wm->lineflag)
		return;
	if (window_copy_abs(wm, wm->cy) < wm->sely)
		wm->cx = 0;
	else
		window_copy_end_of_line(wm);
}

static void
window_copy_up(struct window_mode *wm, unsigned n)
{
	window_copy_save_x(wm);
	while (n-- > 0) {
		if (wm->cy > 0)
			wm->cy--;
		else if (wm->oy < wm->hsize)
			wm->oy++;
	}
	window_copy_clamp_x(wm);
	window_copy_line_x(wm);
}

static void
window_copy_down(struct window_mode *wm, unsigned n)
{
	window_copy_save_x(wm);
	while (n-- > 0) {
		if (wm->cy + 1 < wm->sy)
			wm->cy++;
		else if (wm->oy > 0)
			wm->oy--;
	}
	window_copy_clamp_x(wm);
	window_copy_line_x(wm);
}

static void
window_copy_scroll(struct window_mode *wm, int up, unsigned n)
{
	window_copy_save_x(wm);
	for (; n > 0; n--) {
		if (up && wm->oy < wm->hsize) {
			wm->oy++;
			if (wm->cy + 1 < wm->sy)
				wm->cy++;
		} else if (!up && wm->oy > 0) {
			wm->oy--;
			if (wm->cy > 0)
				wm->cy--;
		}
	}
	window_copy_clamp_x(wm);
}

/* Whether a cell is part of a word to #{copy_cursor_word}. */
static int
window_copy_is_word(struct pane *p, const char *data)
{
	const char	*seps = options_session_string(NULL, "word-separators");

	(void)p;
	if ((data[0] == ' ' && data[1] == '\0') || *data == '\0')
		return (0);
	return (seps == NULL || data[1] != '\0' || strchr(seps, *data) == NULL);
}

/* The separators of word motions; space motions have none. */
static const char *
window_copy_separators(int space)
{
	const char	*seps;

	if (space)
		return ("");
	seps = options_session_string(NULL, "word-separators");
	return (seps == NULL ? "" : seps);
}

/* Whether the cell at x on absolute line abs is whitespace. */
static int
window_copy_in_whitespace(struct window_mode *wm, unsigned x, unsigned abs)
{
	struct copy_reader	cr;
	int			in;

	copy_reader_start(&cr, wm->snap, wm->hsize, wm->sx, wm->sy, x, abs);
	in = copy_reader_in_set(&cr, COPY_READER_WHITESPACE);
	copy_reader_free(&cr);
	return (in);
}

/*
 * A word motion (space: a space motion): how 1 next-word, 2 next-word-end,
 * -1 previous-word (already: move back even from inside a word).  vi ends
 * on a word's last cell, emacs after it; previous-word stops at a line
 * ending in whitespace in emacs only.  The line reached comes into view
 * at the top or bottom as tmux scrolls to it.
 */
static void
window_copy_word(struct pane *p, struct window_mode *wm, int how, int space,
    int already)
{
	struct copy_reader	 cr;
	const char		*seps = window_copy_separators(space);
	unsigned		 abs = window_copy_abs(wm, wm->cy);
	int			 vi = window_copy_vi(p);

	copy_reader_start(&cr, wm->snap, wm->hsize, wm->sx, wm->sy, wm->cx,
	    abs);
	if (how == 1)
		copy_reader_next_word(&cr, seps);
	else if (how == 2) {
		if (vi && !copy_reader_in_set(&cr, COPY_READER_WHITESPACE))
			copy_reader_right(&cr, 0, 0);
		copy_reader_next_word_end(&cr, seps);
		if (vi)
			copy_reader_left(&cr, 1);
	} else
		copy_reader_previous_word(&cr, seps, already, !vi);
	copy_reader_free(&cr);
	abs = cr.cy;
	/* Past the end of the last line, tmux 3.3a shows it at the end. */
	if (abs == wm->hsize + wm->sy - 1 && cr.cx > window_copy_length(wm, abs))
		cr.cx = window_copy_length(wm, abs);
	while (abs < window_copy_abs(wm, 0) && wm->oy < wm->hsize)
		wm->oy++;
	while (abs > window_copy_abs(wm, wm->sy - 1) && wm->oy > 0)
		wm->oy--;
	wm->cy = abs - window_copy_abs(wm, 0);
	wm->cx = wm->lastcx = cr.cx;
}

/*
 * Move the cursor to absolute line abs, column x, scrolling as tmux's
 * window_copy_scroll_to: a line in view is not scrolled to, others come
 * to a quarter of the screen from the bottom.
 */
static void
window_copy_scroll_to(struct window_mode *wm, unsigned x, unsigned abs)
{
	unsigned	gap = wm->sy / 4, offset;

	wm->cx = wm->lastcx = x;
	if (abs >= wm->hsize - wm->oy && abs < wm->hsize - wm->oy + wm->sy) {
		wm->cy = abs - (wm->hsize - wm->oy);
		return;
	}
	if (abs < wm->sy) {
		offset = 0;
		wm->cy = abs;
	} else if (abs > wm->hsize + wm->sy - gap) {
		offset = wm->hsize;
		wm->cy = abs - wm->hsize;
	} else {
		offset = abs + gap - wm->sy;
		wm->cy = abs - offset;
	}
	wm->oy = wm->hsize - offset;
}

/* tmux treats a search as a regular expression only with one of these. */
static int
window_copy_has_regex(const char *s)
{
	return (s[strcspn(s, "^$*+()?[].\\")] != '\0');
}

/* tmux searches without case when the string has no capital letters. */
static int
window_copy_lowercase(const char *s)
{
	for (; *s != '\0'; s++) {
		if (*s != tolower((unsigned char)*s))
			return (0);
	}
	return (1);
}

/* A line of the snapshot as text, with the column of each byte's cell. */
static char *
window_copy_line_text(struct window_mode *wm, unsigned abs, unsigned **colp,
    size_t *lenp)
{
	struct vt_rcell	*cells = window_copy_line(wm, abs);
	unsigned	*col, x, n, i;
	char		*line;
	size_t		 off = 0;

	line = xmalloc((size_t)wm->sx * 16 + 1);
	col = xcalloc((size_t)wm->sx * 16 + 1, sizeof *col);
	for (x = 0; x < wm->sx; x++) {
		if (cells[x].width == 0)
			continue;
		n = (unsigned)strlen(cells[x].data);
		memcpy(line + off, cells[x].data, n);
		for (i = 0; i < n; i++)
			col[off + i] = x;
		off += n;
	}
	line[off] = '\0';
	col[off] = wm->sx;
	xfree(cells);
	*colp = col;
	*lenp = off;
	return (line);
}

/*
 * Where s (a regular expression if re is not NULL) matches in line, from
 * byte from on: the offset (and *len), or -1. Plain text matches without
 * case if cis.
 */
static long
window_copy_match(const char *line, size_t from, const char *s, regex_t *re,
    int cis, size_t *len)
{
	regmatch_t	 m;
	const char	*hit;

	if (re != NULL) {
		if (regexec(re, line + from, 1, &m, from != 0 ? REG_NOTBOL :
		    0) != 0 || m.rm_so == m.rm_eo)
			return (-1);
		*len = (size_t)(m.rm_eo - m.rm_so);
		return ((long)from + m.rm_so);
	}
	hit = cis ? strcasestr(line + from, s) : strstr(line + from, s);
	*len = strlen(s);
	return (hit == NULL ? -1 : hit - line);
}

/* Matches in the whole snapshot, one after another (tmux's result count). */
static int
window_copy_count(struct window_mode *wm, const char *s, regex_t *re, int cis)
{
	unsigned	 abs, *col;
	char		*line;
	size_t		 len, mlen;
	long		 at;
	int		 n = 0;

	for (abs = 0; abs < wm->hsize + wm->sy; abs++) {
		line = window_copy_line_text(wm, abs, &col, &len);
		for (at = 0; (size_t)at <= len && (at = window_copy_match(line,
		    (size_t)at, s, re, cis, &mlen)) != -1; at += mlen)
			n++;
		xfree(line);
		xfree(col);
	}
	return (n);
}

/*
 * The match nearest the cursor, from column x of line abs (forward: at or
 * after it, back: at or before it), line by line, wrapping around: 0 and
 * where it starts and ends (*ex: the column after it), or -1.
 */
static int
window_copy_find(struct window_mode *wm, unsigned abs, unsigned x,
    const char *s, regex_t *re, int cis, int back, unsigned *fx,
    unsigned *fabs, unsigned *ex)
{
	unsigned	 total = wm->hsize + wm->sy, y, *col;
	char		*line;
	size_t		 len, mlen, hitlen = 0;
	long		 at, hit;
	int		 step;

	for (step = 0; step <= (int)total; step++) {
		y = back ? (abs + total - (unsigned)step) % total :
		    (abs + (unsigned)step) % total;
		line = window_copy_line_text(wm, y, &col, &len);
		hit = -1;
		for (at = 0; (size_t)at <= len && (at = window_copy_match(line,
		    (size_t)at, s, re, cis, &mlen)) != -1; at++) {
			if (!back) {
				if (step == 0 && col[at] < x)
					continue;
				hit = at;
				hitlen = mlen;
				break;
			}
			if (step == 0 && col[at] > x)
				break;
			hit = at;
			hitlen = mlen;
		}
		if (hit != -1) {
			*fx = col[hit];
			*fabs = y;
			*ex = col[hit + hitlen - 1] + 1;
			if (hit + hitlen <= len && col[hit + hitlen] > *ex)
				*ex = col[hit + hitlen];
		}
		xfree(line);
		xfree(col);
		if (hit != -1)
			return (0);
	}
	return (-1);
}

/*
 * search-forward-incremental and -backward-incremental (command-prompt
 * -i): arg is the prompt's text after =, + or -. Each new text searches
 * again from where the incremental search started; + and - go on from
 * the cursor; plain text (tmux's window_copy_cmd_search_*_incremental).
 */
static int	window_copy_search(struct window_mode *, const char *, int,
		    int, int);

static void
window_copy_incremental(struct pane *p, struct window_mode *wm,
    const char *arg, int backward)
{
	char	prefix = *arg++;

	if (wm->searchx == -1) {
		wm->searchx = (int)wm->cx;
		wm->searchy = (int)wm->cy;
		wm->searcho = wm->oy;
	} else if (wm->search != NULL && strcmp(arg, wm->search) != 0) {
		wm->cx = (unsigned)wm->searchx;
		wm->cy = (unsigned)wm->searchy;
		wm->oy = wm->searcho;
	}
	if (*arg == '\0') {
		wm->searchcount = -1;
		return;
	}
	xfree(wm->search);
	wm->search = xstrdup(arg);
	/* = is the command's own direction, + down and - up. */
	wm->search_back = prefix == '-' || (prefix == '=' && backward);
	wm->search_regex = 0;
	if (!window_copy_search(wm, arg, wm->search_back, 0,
	    window_copy_vi(p)))
		wm->searchcount = -1;
}

/*
 * search-forward/-backward (a regular expression if it has any of tmux's
 * special characters; -text: plain), as tmux 3.3a: without capital
 * letters, case is ignored; forward in emacs mode leaves the cursor after
 * the match (vi: on it, the search starting after the cursor), back on
 * its start; the number of matches is shown with the position.
 */
static int
window_copy_search(struct window_mode *wm, const char *s, int back, int regex,
    int vi)
{
	unsigned	 abs = window_copy_abs(wm, wm->cy), x = wm->cx;
	unsigned	 fx, fabs, ex, total = wm->hsize + wm->sy;
	regex_t		 re;
	int		 cis = window_copy_lowercase(s), found;

	if (*s == '\0')
		return (0);
	if (regex && !window_copy_has_regex(s))
		regex = 0;
	if (regex && regcomp_limit(&re, s, REG_EXTENDED | (cis ? REG_ICASE : 0)) != 0)
		return (0);
	/* Where to start: after the cursor (vi forward), before it (back). */
	if (!back && vi) {
		if (++x >= wm->sx) {
			x = 0;
			abs = (abs + 1) % total;
		}
	} else if (back) {
		if (x == 0) {
			abs = (abs + total - 1) % total;
			x = wm->sx - 1;
		} else
			x--;
	}
	found = window_copy_find(wm, abs, x, s, regex ? &re : NULL, cis, back,
	    &fx, &fabs, &ex) == 0;
	if (found) {
		wm->search_forward = !back;
		xfree(wm->marked);
		wm->marked = xstrdup(s);
		wm->marked_regex = regex;
		wm->searchcount = window_copy_count(wm, s, regex ? &re : NULL,
		    cis);
		if (!back && !vi) {
			/* After the match, onto the next line at its end. */
			if (ex >= wm->sx && fabs + 1 < total) {
				ex = 0;
				fabs++;
			} else if (ex >= wm->sx)
				ex = wm->sx - 1;
			fx = ex;
		}
		window_copy_scroll_to(wm, fx, fabs);
	}
	if (regex)
		regfree(&re);
	return (found);
}

static void
window_copy_jump(struct window_mode *wm, int type, const char *c)
{
	unsigned	 abs = window_copy_abs(wm, wm->cy), x;
	struct vt_rcell	*cells = window_copy_line(wm, abs);
	int		 fwd = (type == 'f' || type == 't');

	x = wm->cx;
	for (;;) {
		if (fwd ? x + 1 >= wm->sx : x == 0)
			break;
		x = fwd ? x + 1 : x - 1;
		if (strcmp(cells[x].data, c) == 0) {
			if (type == 't')
				x--;
			else if (type == 'T')
				x++;
			wm->cx = wm->lastcx = x;
			break;
		}
	}
	xfree(cells);
}

/* --- commands ------------------------------------------------------------ */

/*
 * Run a copy-mode command (send-keys -X NAME ARGS). Returns -1 for an
 * unknown command, 1 if the mode ended.
 */
int
window_copy_command(struct pane *p, const char *name, int argc, char **argv)
{
	struct window_mode	*wm = p->mode;
	unsigned		 n, page, wx, wy;
	const char		*arg = argc > 0 ? argv[0] : NULL;

	if (wm == NULL || wm->clock || wm->tree != NULL) {
		if (wm != NULL && strcmp(name, "cancel") == 0) {
			window_copy_exit(p);
			return (1);
		}
		return (-1);
	}
	/* Another command ends an incremental search's run. */
	if (strncmp(name, "search-", 7) != 0)
		wm->searchx = wm->searchy = -1;
	page = wm->sy > 2 ? wm->sy - 2 : 1;
	if (strcmp(name, "cancel") == 0) {
		window_copy_exit(p);
		return (1);
	}
	if (strcmp(name, "cursor-up") == 0)
		window_copy_up(wm, 1);
	else if (strcmp(name, "cursor-down") == 0)
		window_copy_down(wm, 1);
	else if (strcmp(name, "cursor-left") == 0) {
		/* Off a wide character's second cell first (tmux). */
		while (wm->cx > 0 && window_copy_padding(wm, wm->cx))
			wm->cx--;
		/* At the start of a line: the end of the one above. */
		if (wm->cx == 0 && window_copy_abs(wm, wm->cy) > 0) {
			window_copy_up(wm, 1);
			window_copy_end_of_line(wm);
		} else if (wm->cx > 0)
			wm->cx--;
	} else if (strcmp(name, "cursor-right") == 0) {
		/* At the end of a line: the start of the next. */
		n = window_copy_length(wm, window_copy_abs(wm, wm->cy));
		if (wm->rectflag && wm->sel)
			n = wm->sx;
		if (wm->cx >= n) {
			wm->cx = 0;
			window_copy_down(wm, 1);
		} else {
			/* Over a wide character's second cell (tmux). */
			wm->cx++;
			while (wm->cx < n && window_copy_padding(wm, wm->cx))
				wm->cx++;
		}
	} else if (strcmp(name, "page-up") == 0) {
		window_copy_save_x(wm);
		n = wm->oy + page > wm->hsize ? wm->hsize - wm->oy : page;
		wm->oy += n;
		if (n < page)
			wm->cy = 0;
		window_copy_clamp_x(wm);
	} else if (strcmp(name, "page-down") == 0 ||
	    strcmp(name, "page-down-and-cancel") == 0) {
		window_copy_save_x(wm);
		n = page > wm->oy ? wm->oy : page;
		wm->oy -= n;
		if (n < page)
			wm->cy = wm->sy - 1;
		window_copy_clamp_x(wm);
		if (wm->oy == 0 && (wm->scroll_exit ||
		    strcmp(name, "page-down-and-cancel") == 0)) {
			window_copy_exit(p);
			return (1);
		}
	} else if (strcmp(name, "halfpage-up") == 0) {
		window_copy_save_x(wm);
		n = wm->sy / 2;
		wm->oy = wm->oy + n > wm->hsize ? wm->hsize : wm->oy + n;
		window_copy_clamp_x(wm);
	} else if (strcmp(name, "halfpage-down") == 0 ||
	    strcmp(name, "halfpage-down-and-cancel") == 0) {
		window_copy_save_x(wm);
		n = wm->sy / 2;
		wm->oy = n > wm->oy ? 0 : wm->oy - n;
		window_copy_clamp_x(wm);
		if (wm->oy == 0 && (wm->scroll_exit ||
		    strcmp(name, "halfpage-down-and-cancel") == 0)) {
			window_copy_exit(p);
			return (1);
		}
	} else if (strcmp(name, "scroll-up") == 0)
		window_copy_scroll(wm, 1, 1);
	else if (strcmp(name, "scroll-down") == 0 ||
	    strcmp(name, "scroll-down-and-cancel") == 0) {
		window_copy_scroll(wm, 0, 1);
		if (wm->oy == 0 && (wm->scroll_exit ||
		    strcmp(name, "scroll-down-and-cancel") == 0)) {
			window_copy_exit(p);
			return (1);
		}
	} else if (strcmp(name, "history-top") == 0) {
		wm->oy = wm->hsize;
		wm->cy = 0;
		wm->cx = 0;
	} else if (strcmp(name, "history-bottom") == 0) {
		wm->oy = 0;
		wm->cy = wm->sy - 1;
		wm->cx = window_copy_length(wm, window_copy_abs(wm, wm->cy));
	} else if (strcmp(name, "start-of-line") == 0)
		wm->cx = 0;
	else if (strcmp(name, "end-of-line") == 0)
		window_copy_end_of_line(wm);
	else if (strcmp(name, "back-to-indentation") == 0) {
		struct vt_rcell	*cells = window_copy_line(wm,
		    window_copy_abs(wm, wm->cy));

		for (n = 0; n + 1 < wm->sx && window_copy_blank(&cells[n]);
		    n++)
			;
		wm->cx = wm->lastcx = n;
		xfree(cells);
	} else if (strcmp(name, "top-line") == 0) {
		wm->cx = wm->lastcx = 0;
		wm->cy = 0;
	} else if (strcmp(name, "middle-line") == 0) {
		wm->cx = wm->lastcx = 0;
		wm->cy = (wm->sy - 1) / 2;
	} else if (strcmp(name, "bottom-line") == 0) {
		wm->cx = wm->lastcx = 0;
		wm->cy = wm->sy - 1;
	} else if (strcmp(name, "begin-selection") == 0) {
		wm->sel = 1;
		wm->lineflag = 0;
		wm->selx = wm->cx;
		wm->sely = window_copy_abs(wm, wm->cy);
	} else if (strcmp(name, "clear-selection") == 0) {
		wm->sel = 0;
		wm->lineflag = 0;
	} else if (strcmp(name, "select-line") == 0) {
		wm->sel = 1;
		wm->lineflag = 1;
		wm->selx = 0;
		wm->sely = window_copy_abs(wm, wm->cy);
		wm->cx = wm->lastcx = window_copy_length(wm, wm->sely);
	} else if (strcmp(name, "rectangle-toggle") == 0)
		wm->rectflag = !wm->rectflag;
	else if (strcmp(name, "other-end") == 0 && wm->sel) {
		unsigned	x = wm->selx, abs = wm->sely;

		wm->selx = wm->cx;
		wm->sely = window_copy_abs(wm, wm->cy);
		while (abs < window_copy_abs(wm, 0) && wm->oy < wm->hsize)
			wm->oy++;
		while (abs > window_copy_abs(wm, wm->sy - 1) && wm->oy > 0)
			wm->oy--;
		wm->cy = abs - window_copy_abs(wm, 0);
		wm->cx = wm->lastcx = x;
	} else if (strcmp(name, "copy-selection") == 0 ||
	    strcmp(name, "copy-selection-no-clear") == 0 ||
	    strcmp(name, "copy-pipe") == 0 ||
	    strcmp(name, "copy-pipe-no-clear") == 0) {
		window_copy_copy(p, wm, 0);
		if (strstr(name, "no-clear") == NULL)
			wm->sel = 0;
	} else if (strcmp(name, "copy-selection-and-cancel") == 0 ||
	    strcmp(name, "copy-pipe-and-cancel") == 0 ||
	    strcmp(name, "append-selection-and-cancel") == 0) {
		window_copy_copy(p, wm, name[0] == 'a');
		window_copy_exit(p);
		return (1);
	} else if (strcmp(name, "append-selection") == 0) {
		window_copy_copy(p, wm, 1);
		wm->sel = 0;
	} else if (strcmp(name, "copy-end-of-line") == 0 ||
	    strcmp(name, "copy-end-of-line-and-cancel") == 0 ||
	    strcmp(name, "copy-pipe-end-of-line") == 0 ||
	    strcmp(name, "copy-pipe-end-of-line-and-cancel") == 0) {
		wm->sel = 1;
		wm->lineflag = 0;
		wm->selx = window_copy_length(wm, window_copy_abs(wm, wm->cy));
		wm->sely = window_copy_abs(wm, wm->cy);
		window_copy_copy(p, wm, 0);
		wm->sel = 0;
		if (strstr(name, "cancel") != NULL) {
			window_copy_exit(p);
			return (1);
		}
	} else if (strcmp(name, "next-word") == 0 ||
	    strcmp(name, "next-space") == 0)
		window_copy_word(p, wm, 1, name[5] == 's', 0);
	else if (strcmp(name, "next-word-end") == 0 ||
	    strcmp(name, "next-space-end") == 0)
		window_copy_word(p, wm, 2, name[5] == 's', 0);
	else if (strcmp(name, "previous-word") == 0 ||
	    strcmp(name, "previous-space") == 0)
		window_copy_word(p, wm, -1, name[9] == 's', 1);
	else if (strcmp(name, "search-forward-incremental") == 0 ||
	    strcmp(name, "search-backward-incremental") == 0) {
		if (arg != NULL && *arg != '\0')
			window_copy_incremental(p, wm, arg, name[7] == 'b');
	} else if (strncmp(name, "search-forward", 14) == 0 ||
	    strncmp(name, "search-backward", 15) == 0) {
		if (arg != NULL && *arg != '\0') {
			xfree(wm->search);
			wm->search = xstrdup(arg);
		}
		wm->search_back = strncmp(name, "search-backward", 15) == 0;
		/* -text searches plain text, the others a regex (tmux). */
		wm->search_regex = strstr(name, "-text") == NULL;
		if (wm->search != NULL)
			window_copy_search(wm, wm->search, wm->search_back,
			    wm->search_regex, window_copy_vi(p));
	} else if (strcmp(name, "search-again") == 0 ||
	    strcmp(name, "search-reverse") == 0) {
		if (wm->search != NULL)
			window_copy_search(wm, wm->search, wm->search_back ^
			    (name[7] == 'r'), wm->search_regex,
			    window_copy_vi(p));
	} else if (strcmp(name, "goto-line") == 0 && arg != NULL) {
		n = (unsigned)strtoul(arg, NULL, 10);
		wm->oy = n > wm->hsize ? wm->hsize : n;
		window_copy_clamp_x(wm);
	} else if (strncmp(name, "jump-", 5) == 0) {
		if (strcmp(name, "jump-forward") == 0)
			wm->jump_type = 'f';
		else if (strcmp(name, "jump-backward") == 0)
			wm->jump_type = 'F';
		else if (strcmp(name, "jump-to-forward") == 0)
			wm->jump_type = 't';
		else if (strcmp(name, "jump-to-backward") == 0)
			wm->jump_type = 'T';
		if (arg != NULL)
			strlcpy(wm->jump_char, arg, sizeof wm->jump_char);
		if (wm->jump_type != 0 && wm->jump_char[0] != '\0') {
			int	type = wm->jump_type;

			if (strcmp(name, "jump-reverse") == 0)
				type = isupper(type) ? tolower(type) :
				    toupper(type);
			window_copy_jump(wm, type, wm->jump_char);
		}
	} else if (strcmp(name, "refresh-from-pane") == 0)
		window_copy_snapshot(p, wm);
	else if (strcmp(name, "toggle-position") == 0)
		wm->hide_position = !wm->hide_position;
	else if (strcmp(name, "select-word") == 0) {
		window_copy_word(p, wm, -1, 0, 0);
		wm->sel = 1;
		wm->lineflag = 0;
		wm->selx = wm->cx;
		wm->sely = window_copy_abs(wm, wm->cy);
		/* A one-letter word is selected as it is. */
		wx = wm->cx + 1;
		wy = wm->sely;
		if (wx > wm->sx - 1 && vt_screen_line_wrapped(wm->snap,
		    (long)wy - (long)wm->hsize)) {
			wx = 0;
			wy++;
		}
		if (wm->cx >= window_copy_length(wm, wm->sely) ||
		    !window_copy_in_whitespace(wm, wx, wy))
			window_copy_word(p, wm, 2, 0, 0);
		wm->wordsel = 1;
		wm->wordex = wm->cx;
	} else if (strcmp(name, "set-mark") == 0 ||
	    strcmp(name, "jump-to-mark") == 0 ||
	    strncmp(name, "next-", 5) == 0 ||
	    strncmp(name, "previous-", 9) == 0 ||
	    strcmp(name, "stop-selection") == 0 ||
	    strcmp(name, "pipe") == 0 || strcmp(name, "pipe-and-cancel") == 0)
		;	/* known to tmux, not done here yet */
	else
		return (-1);
	tty_redraw_all();
	return (0);
}

/* The mouse at x,y of the pane: the cursor goes there (a drag moves the
 * selection's end with it). */
void
window_copy_mouse(struct pane *p, unsigned x, unsigned y, int dragging)
{
	struct window_mode	*wm = p->mode;

	if (wm == NULL || wm->clock || wm->tree != NULL)
		return;
	if (y >= wm->sy)
		y = wm->sy - 1;
	/*
	 * Inside the word select-word chose, the whole word stays selected
	 * (tmux keeps a word selection to whole words).
	 */
	if (wm->sel && wm->wordsel && !wm->lineflag && !wm->rectflag &&
	    window_copy_abs(wm, y) == wm->sely && x >= wm->selx &&
	    x <= wm->wordex && window_copy_abs(wm, wm->cy) == wm->sely &&
	    wm->cx == wm->wordex)
		return;
	wm->cy = y;
	wm->cx = x < wm->sx ? x : wm->sx - 1;
	wm->lastcx = wm->cx;
	wm->lastsx = window_copy_length(wm, window_copy_abs(wm, wm->cy));
	(void)dragging;
	tty_redraw_all();
}

/* --- drawing and formats ------------------------------------------------- */

/*
 * The marked search ready to match: 0 and, for a regular expression, *re
 * compiled (*regex set; the caller regfrees it); -1 if nothing is marked.
 */
static int
window_copy_marked(struct window_mode *wm, regex_t *re, int *regex, int *cis)
{
	const char	*s = wm->marked;

	if (wm->searchcount < 0 || s == NULL || *s == '\0')
		return (-1);
	*cis = window_copy_lowercase(s);
	*regex = wm->marked_regex && window_copy_has_regex(s);
	if (*regex && regcomp_limit(re, s, REG_EXTENDED | (*cis ? REG_ICASE : 0)) != 0)
		return (-1);
	return (0);
}

/*
 * The last search's matches on a shown line in copy-mode-match-style, the
 * one at the cursor (or, emacs after a forward search, just before it) in
 * copy-mode-current-match-style (tmux's search marks).
 */
static void
window_copy_draw_matches(struct pane *p, struct window_mode *wm, unsigned y,
    struct vt_rcell *row, regex_t *re, int cis, const struct tty_style *match,
    const struct tty_style *current)
{
	const struct tty_style	*st;
	unsigned		*col, x, start, end, cx = wm->cx;
	char			*line;
	size_t			 len, mlen;
	long			 at;

	line = window_copy_line_text(wm, window_copy_abs(wm, y), &col, &len);
	for (at = 0; (size_t)at <= len && (at = window_copy_match(line,
	    (size_t)at, wm->marked, re, cis, &mlen)) != -1; at += mlen) {
		start = col[at];
		end = col[at + mlen - 1] + 1;
		st = match;
		if (y == wm->cy && ((cx >= start && cx < end) ||
		    (cx == end && wm->search_forward && !window_copy_vi(p))))
			st = current;
		for (x = start; x < end && x < wm->sx; x++) {
			row[x].attr = st->attr;
			row[x].fg = st->fg;
			row[x].bg = st->bg;
		}
	}
	xfree(line);
	xfree(col);
}

void
window_copy_draw(struct pane *p, struct vt_rcell *cells)
{
	struct window_mode	*wm = p->mode;
	struct cmd_find_state	 fs;
	struct tty_style	 dflt = { 0, 8, 8 }, st = dflt, match = dflt;
	struct tty_style	 current = dflt;
	unsigned		 x, y, sx, sy, abs, len, i;
	char			*value, pos[64];
	regex_t			 re;
	int			 marked, regex = 0, cis = 0;

	if (wm->clock) {
		window_clock_draw(p, cells);
		return;
	}
	if (wm->tree != NULL) {
		window_tree_draw(p, wm->tree, cells);
		return;
	}
	sx = p->sx < wm->sx ? p->sx : wm->sx;
	sy = p->sy < wm->sy ? p->sy : wm->sy;
	cmd_find_from_pane(&fs, p);
	if ((value = options_get_for(&fs, "mode-style")) != NULL)
		style_apply(&st, value, &dflt);
	xfree(value);
	if ((value = options_get_for(&fs, "copy-mode-match-style")) != NULL)
		style_apply(&match, value, &dflt);
	xfree(value);
	if ((value = options_get_for(&fs,
	    "copy-mode-current-match-style")) != NULL)
		style_apply(&current, value, &dflt);
	xfree(value);
	marked = window_copy_marked(wm, &re, &regex, &cis) == 0;
	for (y = 0; y < sy; y++) {
		struct vt_rcell	*row;

		abs = window_copy_abs(wm, y);
		row = window_copy_line(wm, abs);
		if (marked) {
			window_copy_draw_matches(p, wm, y, row,
			    regex ? &re : NULL, cis, &match, &current);
		}
		for (x = 0; x < sx; x++) {
			cells[y * p->sx + x] = row[x];
			if (window_copy_in_selection(p, wm, x, abs)) {
				cells[y * p->sx + x].attr = st.attr;
				cells[y * p->sx + x].fg = st.fg;
				cells[y * p->sx + x].bg = st.bg;
			}
		}
		xfree(row);
	}
	if (marked && regex)
		regfree(&re);
	if ((len = window_copy_indicator(wm, sx, pos, sizeof pos)) == 0)
		return;
	for (i = 0; i < len; i++) {
		struct vt_rcell	*rc = &cells[sx - len + i];

		memset(rc, 0, sizeof *rc);
		rc->data[0] = pos[i];
		rc->width = 1;
		rc->attr = st.attr;
		rc->fg = st.fg;
		rc->bg = st.bg;
	}
}

void
window_copy_cursor(struct pane *p, unsigned *cx, unsigned *cy)
{
	struct window_mode	*wm = p->mode;

	if (wm->clock) {
		window_clock_cursor(p, cx, cy);
		return;
	}
	if (wm->tree != NULL) {
		window_tree_cursor(wm->tree, cx, cy);
		return;
	}
	*cx = wm->cx;
	*cy = wm->cy;
}

/* A format's text from b (freed): NULL when empty, as tmux's. */
static char *
window_copy_take_text(struct buf *b)
{
	char	*s = NULL;

	if (b->len != 0)
		s = xstrndup((const char *)buf_data(b), b->len);
	buf_free(b);
	return (s);
}

/*
 * #{copy_cursor_line}: the cursor's line as shown (the indicator too, as
 * tmux's), up to its last non-blank
 * cell or a wide character's second cell (tmux's format_grid_line); NULL
 * when empty.
 */
static char *
window_copy_cursor_line(struct window_mode *wm)
{
	struct vt_rcell	*cells = window_copy_shown(wm, wm->cy);
	struct buf	 b;
	unsigned	 n, x;

	n = window_copy_row_length(cells, wm->sx);
	buf_init(&b);
	for (x = 0; x < n && cells[x].width != 0; x++)
		buf_add_str(&b, cells[x].data);
	xfree(cells);
	return (window_copy_take_text(&b));
}

/*
 * #{copy_cursor_word}: tmux's format_grid_word on the line shown at the
 * cursor: back to a separator (word-separators or a space), then the word
 * after it; a cursor on a separator gives the word to its right.
 */
static char *
window_copy_cursor_word(struct pane *p, struct window_mode *wm)
{
	struct vt_rcell	*cells = window_copy_shown(wm, wm->cy);
	struct buf	 b;
	unsigned	 end, x = wm->cx;
	int		 found = 0;

	end = window_copy_row_length(cells, wm->sx);
	for (;;) {
		if (x >= wm->sx || cells[x].width == 0)
			break;
		if (!window_copy_is_word(p, cells[x].data)) {
			found = 1;
			break;
		}
		if (x == 0)
			break;
		x--;
	}
	buf_init(&b);
	for (;;) {
		if (found) {
			if (end == 0 || x == end - 1 || x + 1 >= wm->sx)
				break;
			x++;
		}
		found = 1;
		if (x >= wm->sx || cells[x].width == 0 ||
		    !window_copy_is_word(p, cells[x].data))
			break;
		buf_add_str(&b, cells[x].data);
	}
	xfree(cells);
	return (window_copy_take_text(&b));
}

/*
 * #{search_match}: the last search's match at the cursor, or just before
 * it (tmux allows one position after a match); NULL if none.
 */
static char *
window_copy_search_match(struct window_mode *wm)
{
	unsigned	*col, start, end;
	regex_t		 re;
	char		*line, *text = NULL;
	size_t		 len, mlen;
	long		 at;
	int		 cis, regex;

	if (window_copy_marked(wm, &re, &regex, &cis) != 0)
		return (NULL);
	line = window_copy_line_text(wm, window_copy_abs(wm, wm->cy), &col,
	    &len);
	for (at = 0; (size_t)at <= len && (at = window_copy_match(line,
	    (size_t)at, wm->marked, regex ? &re : NULL, cis, &mlen)) != -1;
	    at += mlen) {
		start = col[at];
		end = col[at + mlen - 1] + 1;
		if (wm->cx >= start && wm->cx <= end) {
			text = xstrndup(line + at, mlen);
			break;
		}
	}
	xfree(line);
	xfree(col);
	if (regex)
		regfree(&re);
	return (text);
}

/* #{scroll_position}, #{copy_cursor_x} ... (NULL: not one of them). */
char *
window_copy_format(struct pane *p, const char *name)
{
	struct window_mode	*wm = p->mode;
	char			*s;

	if (strcmp(name, "pane_in_mode") == 0)
		return (xstrdup(wm != NULL ? "1" : "0"));
	if (strcmp(name, "pane_mode") == 0)
		return (wm == NULL ? NULL : xstrdup(wm->clock ? "clock-mode" :
		    wm->tree != NULL ? window_tree_mode_name(wm->tree) :
		    wm->view ? "view-mode" :
		    "copy-mode"));
	if (wm == NULL || wm->clock || wm->tree != NULL)
		return (NULL);
	if (strcmp(name, "scroll_position") == 0)
		xasprintf(&s, "%u", wm->oy);
	else if (strcmp(name, "copy_cursor_x") == 0)
		xasprintf(&s, "%u", wm->cx);
	else if (strcmp(name, "copy_cursor_y") == 0)
		xasprintf(&s, "%u", wm->cy);
	else if (strcmp(name, "copy_cursor_line") == 0)
		s = window_copy_cursor_line(wm);
	else if (strcmp(name, "copy_cursor_word") == 0)
		s = window_copy_cursor_word(p, wm);
	else if (strcmp(name, "search_match") == 0)
		s = window_copy_search_match(wm);
	else if (strcmp(name, "selection_present") == 0)
		s = xstrdup(wm->sel ? "1" : "0");
	else if (strcmp(name, "selection_active") == 0)
		s = xstrdup(wm->sel ? "1" : "0");
	else if (strcmp(name, "rectangle_toggle") == 0)
		s = xstrdup(wm->rectflag ? "1" : "0");
	else if (strcmp(name, "search_present") == 0)
		s = xstrdup(wm->search != NULL ? "1" : "0");
	else if (strcmp(name, "pane_search_string") == 0)
		s = xstrdup(wm->search != NULL ? wm->search : "");
	else if (strncmp(name, "selection_", 10) == 0 && wm->sel) {
		/* Start is where it began, end the cursor (not ordered). */
		if (strcmp(name, "selection_start_x") == 0)
			xasprintf(&s, "%u", wm->selx);
		else if (strcmp(name, "selection_start_y") == 0)
			xasprintf(&s, "%u", wm->sely);
		else if (strcmp(name, "selection_end_x") == 0)
			xasprintf(&s, "%u", wm->cx);
		else if (strcmp(name, "selection_end_y") == 0)
			xasprintf(&s, "%u", window_copy_abs(wm, wm->cy));
		else
			return (NULL);
	} else
		return (NULL);
	return (s);
}
