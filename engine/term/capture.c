/*
 * capture-pane: tmux 3.3a's cmd_capture_pane_history and grid_string_cells
 * (with grid_string_cells_code for -e), and the pending input for -P.
 */
#include <limits.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "engine/term/vt_int.h"

/* SGR parameters for a colour (38/48/58 forms), as tmux. */
static size_t
capture_colour(int c, int base, int *values)
{
	size_t	n = 0;

	if (c & VT_COLOUR_256) {
		values[n++] = base + 8;
		values[n++] = 5;
		values[n++] = c & 0xff;
	} else if (c & VT_COLOUR_RGB) {
		values[n++] = base + 8;
		values[n++] = 2;
		values[n++] = (c >> 16) & 0xff;
		values[n++] = (c >> 8) & 0xff;
		values[n++] = c & 0xff;
	} else if (base != 50) {
		if (c >= 0 && c <= 7)
			values[n++] = c + base;
		else if (c == 8)
			values[n++] = base + 9;
		else if (c >= 90 && c <= 97)
			values[n++] = c + (base - 30);
	}
	return (n);
}

static void
capture_add_code(struct buf *out, size_t n, const int *s, const int *newc,
    const int *oldc, size_t nnewc, size_t noldc, int escape_c0)
{
	size_t	i;

	if (nnewc == 0)
		return;
	if (nnewc == noldc &&
	    memcmp(newc, oldc, nnewc * sizeof *newc) == 0 &&
	    (n == 0 || s[0] != 0))
		return;
	buf_add_str(out, escape_c0 ? "\\033[" : "\033[");
	for (i = 0; i < nnewc; i++) {
		if (i + 1 < nnewc)
			buf_printf(out, "%d;", newc[i]);
		else
			buf_printf(out, "%d", newc[i]);
	}
	buf_add_str(out, "m");
}

/* The escape sequences moving from style last to style gc. */
static void
capture_code(struct buf *out, const struct vt_style *last,
    const struct vt_style *gc, int escape_c0)
{
	static const struct {
		unsigned	mask;
		int		code;
	} attrs[] = {
		{ VT_ATTR_BRIGHT, 1 },
		{ VT_ATTR_DIM, 2 },
		{ VT_ATTR_ITALICS, 3 },
		{ VT_ATTR_UNDERSCORE, 4 },
		{ VT_ATTR_BLINK, 5 },
		{ VT_ATTR_REVERSE, 7 },
		{ VT_ATTR_HIDDEN, 8 },
		{ VT_ATTR_STRIKETHROUGH, 9 },
		{ VT_ATTR_UNDERSCORE_2, 42 },
		{ VT_ATTR_UNDERSCORE_3, 43 },
		{ VT_ATTR_UNDERSCORE_4, 44 },
		{ VT_ATTR_UNDERSCORE_5, 45 },
		{ VT_ATTR_OVERLINE, 53 },
	};
	int		 oldc[8], newc[8], s[32];
	size_t		 noldc, nnewc, n = 0, i;
	unsigned	 attr = gc->attr, lastattr = last->attr;
	struct vt_style	 lastc = *last;

	for (i = 0; i < sizeof attrs / sizeof attrs[0]; i++) {
		if ((!(attr & attrs[i].mask) && (lastattr & attrs[i].mask)) ||
		    (last->us != 0 && gc->us == 0)) {
			s[n++] = 0;
			lastattr &= VT_ATTR_CHARSET;
			break;
		}
	}
	for (i = 0; i < sizeof attrs / sizeof attrs[0]; i++) {
		if ((attr & attrs[i].mask) && !(lastattr & attrs[i].mask))
			s[n++] = attrs[i].code;
	}
	if (n > 0) {
		buf_add_str(out, escape_c0 ? "\\033[" : "\033[");
		for (i = 0; i < n; i++) {
			if (s[i] < 10)
				buf_printf(out, "%d", s[i]);
			else
				buf_printf(out, "%d:%d", s[i] / 10, s[i] % 10);
			if (i + 1 < n)
				buf_add_str(out, ";");
		}
		buf_add_str(out, "m");
	}

	nnewc = capture_colour(gc->fg, 30, newc);
	noldc = capture_colour(lastc.fg, 30, oldc);
	capture_add_code(out, n, s, newc, oldc, nnewc, noldc, escape_c0);
	nnewc = capture_colour(gc->bg, 40, newc);
	noldc = capture_colour(lastc.bg, 40, oldc);
	capture_add_code(out, n, s, newc, oldc, nnewc, noldc, escape_c0);
	nnewc = capture_colour(gc->us, 50, newc);
	noldc = capture_colour(lastc.us, 50, oldc);
	capture_add_code(out, n, s, newc, oldc, nnewc, noldc, escape_c0);

	if ((attr & VT_ATTR_CHARSET) && !(lastattr & VT_ATTR_CHARSET))
		buf_add_str(out, escape_c0 ? "\\016" : "\016");
	if (!(attr & VT_ATTR_CHARSET) && (lastattr & VT_ATTR_CHARSET))
		buf_add_str(out, escape_c0 ? "\\017" : "\017");
}

/* One line as tmux's grid_string_cells. */
static void
capture_line(struct vt_screen *s, struct vt_grid *gd, unsigned y,
    struct vt_style *last, int with_codes, int escape_c0, int trim,
    struct buf *out, struct vt_cell **scratch, unsigned *scratch_size)
{
	struct vt_row		*row = grid_row_peek(gd, y);
	const struct vt_cell	*cells;
	struct vt_cell		 c;
	const struct vt_style	*st;
	size_t			 start = out->len;
	unsigned		 xx;
	char			 tmp[8];
	const char		*data;
	size_t			 size;

	/* Packed rows are decoded into scratch and stay packed. */
	cells = fold_row_cells(row, scratch, scratch_size);

	/* The width is the screen's, even for the saved grid (-a). */
	for (xx = 0; xx < s->grid->sx && xx < row->used; xx++) {
		if (xx < row->len)
			c = cells[xx];
		else
			c = grid_row_cell(row, xx);	/* blank */
		if (c.cp & VT_CELL_PADDING)
			continue;
		if (with_codes) {
			st = palette_get(&s->pal, c.style);
			capture_code(out, last, st, escape_c0);
			*last = *st;
		}
		if (c.cp & VT_CELL_CLUSTER) {
			data = palette_intern_get(&s->clusters,
			    c.cp & VT_CELL_VALUE);
			size = strlen(data);
		} else {
			size = utf8_encode(c.cp & VT_CELL_VALUE, tmp);
			data = tmp;
		}
		if (escape_c0 && size == 1 && *data == '\\') {
			data = "\\\\";
			size = 2;
		}
		buf_add(out, data, size);
	}
	if (trim) {
		while (out->len > start && out->data[out->off + out->len - 1] ==
		    ' ')
			out->len--;
	}
}

/* The lines (0 the oldest) -S and -E select, as tmux. */
static void
capture_range(unsigned hsize, unsigned sy, const struct vt_capture *cap,
    unsigned *top, unsigned *bottom)
{
	unsigned	total, tmp;

	total = hsize + sy;

	if (cap->start_all)
		*top = 0;
	else if (!cap->start_set || cap->start > 32767 ||
	    cap->start < -2147483647L - 1)
		*top = hsize;
	else if (cap->start < 0 && (unsigned long)-cap->start > hsize)
		*top = 0;
	else
		*top = hsize + cap->start;
	if (*top > total - 1)
		*top = total - 1;

	if (cap->end_all)
		*bottom = total - 1;
	else if (!cap->end_set || cap->end > 32767 ||
	    cap->end < -2147483647L - 1)
		*bottom = total - 1;
	else if (cap->end < 0 && (unsigned long)-cap->end > hsize)
		*bottom = 0;
	else
		*bottom = hsize + cap->end;
	if (*bottom > total - 1)
		*bottom = total - 1;

	if (*bottom < *top) {
		tmp = *bottom;
		*bottom = *top;
		*top = tmp;
	}
}

static int
capture_screen(struct vt_screen *s, const struct vt_capture *cap,
    struct buf *out, const char **cause)
{
	struct vt_grid	*gd;
	struct vt_style	 last;
	struct vt_cell	*scratch = NULL;
	unsigned	 top, bottom, i, scratch_size = 0;
	int		 join, trim;

	if (cause != NULL)
		*cause = NULL;
	if (cap->flags & VT_CAPTURE_ALTERNATE) {
		gd = s->saved_grid;
		if (gd == NULL) {
			if (cap->flags & VT_CAPTURE_QUIET)
				return (0);
			if (cause != NULL)
				*cause = "no alternate screen";
			return (-1);
		}
	} else
		gd = s->grid;
	capture_range(gd->hsize, gd->sy, cap, &top, &bottom);

	join = (cap->flags & VT_CAPTURE_JOIN) != 0;
	trim = !join && !(cap->flags & VT_CAPTURE_TRAILING);
	palette_style_default(&last);
	for (i = top; i <= bottom; i++) {
		capture_line(s, gd, i, &last, cap->flags & VT_CAPTURE_ESCAPES,
		    cap->flags & VT_CAPTURE_OCTAL, trim, out, &scratch,
		    &scratch_size);
		if (!join || !(grid_row_peek(gd, i)->flags & VT_ROW_WRAPPED))
			buf_add_byte(out, '\n');
	}
	xfree(scratch);
	return (0);
}

/* A frozen screen is read from a decoded copy and stays frozen. */
int
vt_screen_capture(struct vt_screen *s, const struct vt_capture *cap,
    struct buf *out, const char **cause)
{
	struct vt_screen	*t;
	unsigned		 top, bottom;
	int			 r;

	if (s->fold == NULL)
		return (capture_screen(s, cap, out, cause));
	if (cap->flags & VT_CAPTURE_ALTERNATE)
		t = fold_peek(s, 0, UINT_MAX);
	else {
		capture_range(s->fold->state.history_size,
		    s->fold->state.sy, cap, &top, &bottom);
		t = fold_peek(s, top, bottom + 1);
	}
	r = capture_screen(t, cap, out, cause);
	fold_peek_done(s, t);
	return (r);
}

void
vt_screen_capture_pending(struct vt_screen *s, unsigned flags,
    struct buf *out)
{
	struct buf	*p;
	const uint8_t	*data;
	size_t		 i;

	if (s->parser == NULL)		/* frozen with nothing pending */
		return;
	p = &s->parser->pending;
	if (p->len == 0)
		return;
	data = p->data + p->off;
	if (~flags & VT_CAPTURE_OCTAL) {
		buf_add(out, data, p->len);
		return;
	}
	for (i = 0; i < p->len; i++) {
		if (data[i] < ' ' || data[i] >= 0x80 || data[i] == '\\')
			buf_printf(out, "\\%03o", data[i]);
		else
			buf_add_byte(out, data[i]);
	}
}
