/*
 * Reading visible cells for drawing (the attached client's renderer):
 * each cell's text, width and style, with the style unpacked from the
 * screen's palette. A frozen screen is read from a decoded copy and stays
 * frozen, as captures are.
 */
#include <string.h>

#include "engine/base/xmalloc.h"
#include "engine/term/vt_int.h"

static void
render_cell(struct vt_screen *s, struct vt_cell c, struct vt_rcell *rc)
{
	const struct vt_style	*st = palette_get(&s->pal, c.style);
	const char		*data;
	size_t			 size;

	rc->cleared = 0;
	rc->attr = st->attr;
	rc->fg = st->fg;
	rc->bg = st->bg;
	rc->us = st->us;
	if (c.cp & VT_CELL_PADDING) {
		rc->width = 0;
		rc->data[0] = '\0';
		return;
	}
	rc->width = (c.cp & VT_CELL_WIDE) ? 2 : 1;
	if (c.cp & VT_CELL_CLUSTER) {
		data = palette_intern_get(&s->clusters, c.cp & VT_CELL_VALUE);
		size = strlen(data);
		/* Only drawing: a cluster too long for the cell is cut. */
		if (size > sizeof rc->data - 1) {
			size = sizeof rc->data - 1;
			while (size > 0 && (data[size] & 0xc0) == 0x80)
				size--;
		}
		memcpy(rc->data, data, size);
		rc->data[size] = '\0';
	} else {
		size = utf8_encode(c.cp & VT_CELL_VALUE, rc->data);
		rc->data[size] = '\0';
	}
}

/* Lines first..first+n-1 of the grid (0 is the oldest history line). */
static void
render_rows(struct vt_screen *s, unsigned first, unsigned n, unsigned sx,
    unsigned stride, struct vt_rcell *out)
{
	struct vt_grid		*gd = s->grid;
	struct vt_row		*row;
	struct vt_cell		*scratch = NULL, c;
	const struct vt_cell	*cells;
	unsigned		 y, x, scratch_size = 0;

	for (y = 0; y < n; y++) {
		row = grid_row_peek(gd, first + y);
		cells = fold_row_cells(row, &scratch, &scratch_size);
		for (x = 0; x < sx; x++) {
			if (x < row->len)
				c = cells[x];
			else
				c = grid_row_cell(row, x);
			render_cell(s, c, &out[y * stride + x]);
		}
	}
	xfree(scratch);
}

void
vt_screen_read_lines(struct vt_screen *s, long first, unsigned n,
    unsigned sx, struct vt_rcell *out)
{
	struct vt_screen	*t;
	struct vt_state		 st;
	unsigned		 stride = sx, top, total;

	vt_screen_state(s, &st);
	total = st.history_size + st.sy;
	if (first < -(long)st.history_size || first >= (long)st.sy)
		return;
	top = (unsigned)((long)st.history_size + first);
	if (n > total - top)
		n = total - top;
	if (sx > st.sx)
		sx = st.sx;
	if (s->fold == NULL) {
		render_rows(s, top, n, sx, stride, out);
		return;
	}
	t = fold_peek(s, top, top + n);
	render_rows(t, top, n, sx, stride, out);
	fold_peek_done(s, t);
}

void
vt_screen_read_rows(struct vt_screen *s, unsigned first, unsigned n,
    unsigned sx, struct vt_rcell *out)
{
	vt_screen_read_lines(s, (long)first, n, sx, out);
}

int
vt_screen_line_wrapped(struct vt_screen *s, long line)
{
	struct vt_screen	*t;
	struct vt_state		 st;
	unsigned		 top;
	int			 wrapped;

	vt_screen_state(s, &st);
	if (line < -(long)st.history_size || line >= (long)st.sy)
		return (0);
	top = (unsigned)((long)st.history_size + line);
	if (s->fold == NULL)
		return ((grid_row_peek(s->grid, top)->flags & VT_ROW_WRAPPED) != 0);
	t = fold_peek(s, top, top + 1);
	wrapped = (grid_row_peek(t->grid, top)->flags & VT_ROW_WRAPPED) != 0;
	fold_peek_done(s, t);
	return (wrapped);
}
