/*
 * Resize as tmux 3.3a's screen_resize_cursor: height changes move lines
 * into and out of history (screen_resize_y), width changes reflow wrapped
 * lines, history included (grid_reflow and its split/join helpers), and
 * the cursor follows its character.
 */
#include <limits.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "engine/term/vt_int.h"

static unsigned
cell_width(struct vt_cell c)
{
	if (c.cp & VT_CELL_PADDING)
		return (0);
	if (c.cp & VT_CELL_WIDE)
		return (2);
	return (1);
}

/* A cell as grid_get_cell1 returns it: content only. */
static struct vt_cell
reflow_get(struct vt_row *row, unsigned x)
{
	struct vt_cell	c = grid_row_cell(row, x);

	c.cp &= ~VT_CELL_EXTD;
	return (c);
}

/* Add n empty lines at the end of the target; returns the first. */
static unsigned
reflow_add(struct vt_grid *target, unsigned n)
{
	unsigned	first = target->sy, i;

	grid_set_lines(target, target->sy + n);
	for (i = 0; i < n; i++)
		memset(grid_row(target, first + i), 0, sizeof (struct vt_row));
	target->sy += n;
	return (first);
}

/* Move a source line to the end of the target unchanged. */
static unsigned
reflow_move(struct vt_grid *target, struct vt_row *from, uint8_t *dead)
{
	unsigned	to = reflow_add(target, 1);

	*grid_row(target, to) = *from;
	memset(from, 0, sizeof *from);
	*dead = 1;
	return (to);
}

static void
reflow_join(struct vt_screen *s, struct vt_grid *target, struct vt_grid *gd,
    unsigned sx, unsigned yy, unsigned width, int already, uint8_t *dead)
{
	struct vt_row	*gl, *from = NULL, *line_row;
	struct vt_cell	 c;
	unsigned	 lines, left, i, to, line, want = 0, at, n;
	int		 wrapped = 1;

	n = gd->hsize + gd->sy;
	if (!already)
		to = reflow_move(target, grid_row(gd, yy), &dead[yy]);
	else
		to = target->sy - 1;
	gl = grid_row(target, to);
	at = gl->used;

	lines = 0;
	for (;;) {
		if (yy + 1 + lines == n)
			break;
		line = yy + 1 + lines;
		line_row = grid_row(gd, line);

		if (~line_row->flags & VT_ROW_WRAPPED)
			wrapped = 0;
		if (line_row->used == 0) {
			if (!wrapped)
				break;
			lines++;
			continue;
		}

		c = reflow_get(line_row, 0);
		if (width + cell_width(c) > sx)
			break;
		width += cell_width(c);
		grid_set_cell(s, target, at, to, c);
		gl = grid_row(target, to);
		at++;

		from = line_row;
		for (want = 1; want < from->used; want++) {
			c = reflow_get(from, want);
			if (width + cell_width(c) > sx)
				break;
			width += cell_width(c);
			grid_set_cell(s, target, at, to, c);
			at++;
		}
		gl = grid_row(target, to);
		lines++;

		if (!wrapped || want != from->used || width == sx)
			break;
	}
	if (lines == 0 || from == NULL)
		return;

	left = from->used - want;
	if (left != 0) {
		grid_move_cells(s, gd, 0, want, yy + lines, left, 0);
		from->size = from->used = left;
		grid_row_trim_to(from, left);
		lines--;
	} else if (!wrapped)
		gl->flags &= ~VT_ROW_WRAPPED;

	for (i = yy + 1; i < yy + 1 + lines; i++) {
		grid_row_free(grid_row(gd, i));
		dead[i] = 1;
	}

	if (gd->hscrolled > to + lines)
		gd->hscrolled -= lines;
	else if (gd->hscrolled > to)
		gd->hscrolled = to;
}

static void
reflow_split(struct vt_screen *s, struct vt_grid *target, struct vt_grid *gd,
    unsigned sx, unsigned yy, unsigned at, uint8_t *dead)
{
	struct vt_row	*gl = grid_row(gd, yy);
	struct vt_cell	 c;
	unsigned	 line, lines, width, i, xx, first, used = gl->used;
	int		 flags = gl->flags;

	lines = 2;
	width = 0;
	for (i = at; i < used; i++) {
		c = reflow_get(gl, i);
		if (width + cell_width(c) > sx) {
			lines++;
			width = 0;
		}
		width += cell_width(c);
	}

	line = target->sy + 1;
	first = reflow_add(target, lines);

	width = 0;
	xx = 0;
	for (i = at; i < used; i++) {
		c = reflow_get(gl, i);
		if (width + cell_width(c) > sx) {
			grid_row(target, line)->flags |= VT_ROW_WRAPPED;
			line++;
			width = 0;
			xx = 0;
		}
		width += cell_width(c);
		grid_set_cell(s, target, xx, line, c);
		xx++;
	}
	if (flags & VT_ROW_WRAPPED)
		grid_row(target, line)->flags |= VT_ROW_WRAPPED;

	gl->size = gl->used = at;
	grid_row_trim_to(gl, at);
	gl->flags |= VT_ROW_WRAPPED;
	*grid_row(target, first) = *gl;
	memset(gl, 0, sizeof *gl);
	dead[yy] = 1;

	if (width < sx && (flags & VT_ROW_WRAPPED))
		reflow_join(s, target, gd, sx, yy, width, 1, dead);
}

/* tmux's grid_reflow. */
static void
reflow_grid(struct vt_screen *s, struct vt_grid *gd, unsigned sx)
{
	struct vt_grid	*target;
	struct vt_row	*gl;
	uint8_t		*dead;
	unsigned	 yy, width, i, at, n = gd->hsize + gd->sy, w;

	target = grid_create(sx, 0, 0);
	dead = xcalloc(n + 1, 1);
	for (yy = 0; yy < n; yy++) {
		if (dead[yy])
			continue;
		gl = grid_row(gd, yy);
		at = width = 0;
		for (i = 0; i < gl->used; i++) {
			w = cell_width(reflow_get(gl, i));
			if (at == 0 && width + w > sx)
				at = i;
			width += w;
		}
		if (width == sx) {
			reflow_move(target, gl, &dead[yy]);
			continue;
		}
		if (width > sx) {
			reflow_split(s, target, gd, sx, yy, at, dead);
			continue;
		}
		if (gl->flags & VT_ROW_WRAPPED)
			reflow_join(s, target, gd, sx, yy, width, 0, dead);
		else
			reflow_move(target, gl, &dead[yy]);
	}
	xfree(dead);

	if (target->sy < gd->sy)
		reflow_add(target, gd->sy - target->sy);
	for (i = 0; i < gd->cap; i++)
		xfree(gd->rows[i].cells);
	xfree(gd->rows);
	gd->rows = target->rows;
	gd->cap = target->cap;
	gd->base = target->base;
	gd->hsize = target->sy - gd->sy;
	if (gd->hscrolled > gd->hsize)
		gd->hscrolled = gd->hsize;
	xfree(target);
}

/* tmux's grid_wrap_position. */
static void
wrap_position(struct vt_grid *gd, unsigned px, unsigned py, unsigned *wx,
    unsigned *wy)
{
	struct vt_row	*row;
	unsigned	 ax = 0, ay = 0, yy;

	for (yy = 0; yy < py; yy++) {
		row = grid_row(gd, yy);
		if (row->flags & VT_ROW_WRAPPED)
			ax += row->used;
		else {
			ax = 0;
			ay++;
		}
	}
	if (px >= grid_row(gd, yy)->used)
		ax = UINT_MAX;
	else
		ax += px;
	*wx = ax;
	*wy = ay;
}

/* tmux's grid_unwrap_position. */
static void
unwrap_position(struct vt_grid *gd, unsigned *px, unsigned *py, unsigned wx,
    unsigned wy)
{
	unsigned	yy, ay = 0, last = gd->hsize + gd->sy - 1;

	for (yy = 0; yy < last; yy++) {
		if (ay == wy)
			break;
		if (~grid_row(gd, yy)->flags & VT_ROW_WRAPPED)
			ay++;
	}
	/*
	 * Never past the last line: the row ring wraps, so a last line marked
	 * wrapped would loop for ever (found by vt_fuzz).
	 */
	if (wx == UINT_MAX) {
		while (yy < last && (grid_row(gd, yy)->flags & VT_ROW_WRAPPED))
			yy++;
		wx = grid_row(gd, yy)->used;
	} else {
		while (yy < last && (grid_row(gd, yy)->flags & VT_ROW_WRAPPED)) {
			if (wx < grid_row(gd, yy)->used)
				break;
			wx -= grid_row(gd, yy)->used;
			yy++;
		}
	}
	*px = wx;
	*py = yy;
}

/* tmux's screen_resize_y; cy is the absolute cursor line. */
static void
resize_y(struct vt_screen *s, unsigned sy, unsigned *cy)
{
	struct vt_grid	*gd = s->grid;
	unsigned	 oldy = gd->sy, needed, available, i, ny;
	unsigned	 total = gd->hsize + gd->sy;

	if (sy < oldy) {
		needed = oldy - sy;
		available = oldy - 1 - s->cy;
		if (available > 0) {
			if (available > needed)
				available = needed;
			/* grid_view_delete_lines at the bottom: a clear. */
			grid_clear_cells(s, gd, 0, gd->hsize + oldy - available,
			    gd->sx, available, 0);
		}
		needed -= available;
		if (gd->history) {
			gd->hscrolled += needed;
			gd->hsize += needed;
		} else if (needed > 0) {
			ny = oldy - needed;
			grid_move_lines(s, gd, gd->hsize, gd->hsize + needed,
			    ny, 0);
			grid_clear_cells(s, gd, 0, gd->hsize + ny, gd->sx,
			    needed, 0);
			*cy -= needed;
		}
		for (i = gd->hsize + sy; i < total; i++)
			grid_row_free(grid_row(gd, i));
		gd->sy = sy;
	} else if (sy > oldy) {
		needed = sy - oldy;
		grid_set_lines(gd, gd->hsize + sy);
		available = gd->hscrolled;
		if (gd->history && available > 0) {
			if (available > needed)
				available = needed;
			gd->hscrolled -= available;
			gd->hsize -= available;
		} else
			available = 0;
		needed -= available;
		gd->sy = sy;
		for (i = gd->hsize + sy - needed; i < gd->hsize + sy; i++)
			grid_row_free(grid_row(gd, i));
	}
	s->rupper = 0;
	s->rlower = sy - 1;
}

void
resize_screen(struct vt_screen *s, unsigned sx, unsigned sy, int reflow)
{
	struct vt_grid	*gd = s->grid;
	unsigned	 cx = s->cx, cy = gd->hsize + s->cy, wx, wy;

	if (sx < 1)
		sx = 1;
	if (sy < 1)
		sy = 1;
	screen_ops_collect_end(s);
	/* Reflow and the lines moved between history and screen: unsealed. */
	if (sx != gd->sx || sy != gd->sy)
		fold_hist_unseal(gd);

	if (sx != gd->sx) {
		gd->sx = sx;
		screen_ops_reset_tabs(s);
	} else
		reflow = 0;

	if (sy != gd->sy)
		resize_y(s, sy, &cy);

	if (reflow) {
		wrap_position(gd, cx, cy, &wx, &wy);
		reflow_grid(s, gd, sx);
		unwrap_position(gd, &cx, &cy, wx, wy);
	}

	if (cy >= gd->hsize) {
		s->cx = cx;
		s->cy = cy - gd->hsize;
	} else {
		s->cx = 0;
		s->cy = 0;
	}
	/* Like tmux, cx may be left beyond the new width (no reflow). */
	if (s->cy > sy - 1)
		s->cy = sy - 1;
}
