/*
 * Row and grid storage: a ring of rows (history then visible lines), each
 * row holding cells only up to its last non-blank cell. Operations mirror
 * tmux's grid.c, including its cellused/cellsize/extdsize bookkeeping,
 * which capture-pane -N and #{history_bytes} expose.
 */
#include <string.h>

#include "engine/base/xmalloc.h"
#include "engine/term/vt_int.h"

static const struct vt_cell blank_cell = { ' ', 0 };

static int
cell_is_blank(struct vt_cell c)
{
	return (c.cp == ' ' && c.style == 0);
}

struct vt_grid *
grid_create(unsigned sx, unsigned sy, unsigned hlimit)
{
	struct vt_grid	*gd;

	gd = xcalloc(1, sizeof *gd);
	gd->sx = sx;
	gd->sy = sy;
	gd->hlimit = hlimit;
	gd->cap = sy == 0 ? 1 : sy;
	gd->rows = xcalloc(gd->cap, sizeof *gd->rows);
	gd->unpacked_all = 1;
	return (gd);
}

void
grid_row_free(struct vt_row *row)
{
	xfree(row->cells);
	memset(row, 0, sizeof *row);
}

void
grid_destroy(struct vt_grid *gd)
{
	unsigned	i;

	if (gd == NULL)
		return;
	for (i = 0; i < gd->cap; i++)
		xfree(gd->rows[i].cells);
	xfree(gd->rows);
	fold_hist_free(gd->hist);
	xfree(gd);
}

/* Line y, expanded if it was packed: the caller may read or write cells. */
struct vt_row *
grid_row(struct vt_grid *gd, unsigned y)
{
	struct vt_row	*row = grid_row_peek(gd, y);

	if (row->flags & VT_ROW_PACKED) {
		fold_row_unpack(row);
		if (y < gd->hsize)
			gd->unpacked_all = 1;
	}
	return (row);
}

/* Line y as stored: only its metadata may be used, or it may be moved. */
struct vt_row *
grid_row_peek(struct vt_grid *gd, unsigned y)
{
	unsigned	i;

	/*
	 * A sealed line is wanted (a reader of history on a thawed screen):
	 * unseal them all first. Writers never reach below the last history
	 * line, which is never sealed; callers that keep row pointers across
	 * calls unseal before (resize).
	 */
	if (gd->hist != NULL && y < gd->hist->rows)
		fold_hist_unseal(gd);
	/* base < cap and y - sealed < cap mostly: no division then. */
	i = gd->base + y - grid_sealed(gd);
	if (i >= gd->cap) {
		i -= gd->cap;
		if (i >= gd->cap)
			i %= gd->cap;
	}
	return (&gd->rows[i]);
}

/* Make the ring hold lines up to n (n - grid_sealed(gd) rows). */
static void
grid_reserve(struct vt_grid *gd, unsigned n)
{
	struct vt_row	*rows;
	unsigned	 cap, i;

	n -= grid_sealed(gd);
	if (n <= gd->cap)
		return;
	cap = gd->cap;
	while (cap < n)
		cap = cap < 64 ? cap * 2 : cap + cap / 2;
	/*
	 * Never past what a full history needs (hlimit + sy + the line being
	 * scrolled in): with history-limit 2000 the 1.5x step made 3070 rows
	 * of 24 bytes for 2081 used, 23.7 KB per pane (history_fill trace).
	 */
	if (n <= gd->hlimit + gd->sy + 1 && cap > gd->hlimit + gd->sy + 1)
		cap = gd->hlimit + gd->sy + 1;
	rows = xcalloc(cap, sizeof *rows);
	for (i = 0; i < gd->cap; i++)
		rows[i] = gd->rows[(gd->base + i) % gd->cap];
	xfree(gd->rows);
	gd->rows = rows;
	gd->cap = cap;
	gd->base = 0;
}

/* Change the number of lines (hsize + sy); new lines are empty. */
void
grid_set_lines(struct vt_grid *gd, unsigned n)
{
	unsigned	old = gd->hsize + gd->sy, i;

	if (n <= grid_sealed(gd))
		fold_hist_unseal(gd);
	grid_reserve(gd, n);
	for (i = n; i < old; i++)
		grid_row_free(grid_row_peek(gd, i));
}

struct vt_cell
grid_row_cell(const struct vt_row *row, unsigned x)
{
	if (x >= row->len)
		return (blank_cell);
	return (row->cells[x]);
}

/* Drop stored cells from column n on. */
void
grid_row_trim_to(struct vt_row *row, unsigned n)
{
	if (row->len > n)
		row->len = n;
	grid_row_trim(row);
}

void
grid_row_trim(struct vt_row *row)
{
	while (row->len > 0 && cell_is_blank(row->cells[row->len - 1]))
		row->len--;
	if (row->len == 0) {
		xfree(row->cells);
		row->cells = NULL;
		row->cap = 0;
	} else if (row->cap > 16 && row->len < row->cap / 4) {
		row->cap = row->len;
		row->cells = xreallocarray(row->cells, row->cap,
		    sizeof *row->cells);
	}
}

/* Store a cell in the row's cell array (no tmux bookkeeping). */
static void
row_store(struct vt_row *row, unsigned x, struct vt_cell c)
{
	unsigned	cap;

	if (x >= row->len) {
		if (cell_is_blank(c))
			return;
		if (x >= row->cap) {
			cap = row->cap == 0 ? 8 : row->cap;
			while (cap <= x)
				cap *= 2;
			if (cap > 0xffff)
				cap = 0xffff;
			row->cells = xreallocarray(row->cells, cap,
			    sizeof *row->cells);
			row->cap = cap;
		}
		while (row->len < x)
			row->cells[row->len++] = blank_cell;
		row->cells[row->len++] = c;
		return;
	}
	row->cells[x] = c;
	if (x == row->len - 1u && cell_is_blank(c))
		grid_row_trim(row);
}

/* Whether tmux would store this cell as an extended cell. */
int
grid_cell_extended(struct vt_screen *s, struct vt_cell c)
{
	const struct vt_style	*st;

	if (c.cp & (VT_CELL_PADDING|VT_CELL_WIDE|VT_CELL_CLUSTER))
		return (1);
	if ((c.cp & VT_CELL_VALUE) < 0x20 || (c.cp & VT_CELL_VALUE) >= 0x7f)
		return (1);
	if (c.style == 0)
		return (0);
	st = palette_get(&s->pal, c.style);
	if (st->attr > 0xff)
		return (1);
	if ((st->fg & VT_COLOUR_RGB) || (st->bg & VT_COLOUR_RGB))
		return (1);
	if (st->us != 0)
		return (1);
	return (0);
}

/* tmux's grid_expand_line: grow cellsize in steps. */
void
grid_expand(struct vt_grid *gd, struct vt_row *row, unsigned sx)
{
	if (sx <= row->size)
		return;
	if (sx < gd->sx / 4)
		sx = gd->sx / 4;
	else if (sx < gd->sx / 2)
		sx = gd->sx / 2;
	else if (gd->sx > sx)
		sx = gd->sx;
	if (sx > 0xffff)
		sx = 0xffff;
	row->size = sx;
}

/* Fill cells [from, to) with a cleared cell of background style bg. */
static void
row_clear_range(struct vt_screen *s, struct vt_row *row, unsigned from,
    unsigned to, uint16_t bg)
{
	struct vt_cell		 c = { ' ', bg };
	const struct vt_style	*st;
	unsigned		 x;

	if (bg != 0) {
		st = palette_get(&s->pal, bg);
		if (st->bg & VT_COLOUR_RGB) {
			row->extd += to - from;
			c.cp |= VT_CELL_EXTD;
			row->flags |= VT_ROW_EXTDANY;
		}
	}
	if (bg == 0 && from >= row->len)
		return;
	for (x = from; x < to; x++)
		row_store(row, x, c);
	if (bg == 0)
		grid_row_trim(row);
}

void
grid_set_cell(struct vt_screen *s, struct vt_grid *gd, unsigned x,
    unsigned y, struct vt_cell c)
{
	struct vt_row	*row = grid_row(gd, y);

	if (x >= 0xffff)
		return;
	grid_expand(gd, row, x + 1);
	if (grid_row_cell(row, x).cp & VT_CELL_EXTD)
		c.cp |= VT_CELL_EXTD;
	else if (grid_cell_extended(s, c)) {
		c.cp |= VT_CELL_EXTD;
		row->extd++;
		row->flags |= VT_ROW_EXTDANY;
	}
	row_store(row, x, c);
	if (x + 1 > row->used)
		row->used = x + 1;
}

/*
 * Cells for n characters of text with flag and style. Where cells are
 * laid out as little-endian bytes, each but the last is one 8-byte store
 * (its two bytes past the cell are written over by the next).
 */
static void
grid_store_text(struct vt_cell *cells, const uint8_t *text, unsigned n,
    uint32_t flag, uint16_t style)
{
	unsigned	i = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint64_t	v = ((uint64_t)style << 32) | flag, w;

	for (; i + 4 < n; i += 4) {
		w = v | text[i];
		memcpy(&cells[i], &w, sizeof w);
		w = v | text[i + 1];
		memcpy(&cells[i + 1], &w, sizeof w);
		w = v | text[i + 2];
		memcpy(&cells[i + 2], &w, sizeof w);
		w = v | text[i + 3];
		memcpy(&cells[i + 3], &w, sizeof w);
	}
	for (; i + 1 < n; i++) {
		w = v | text[i];
		memcpy(&cells[i], &w, sizeof w);
	}
#endif
	for (; i < n; i++) {
		cells[i].cp = text[i] | flag;
		cells[i].style = style;
	}
}

/*
 * tmux's grid_set_cells: a run of ASCII in one style at x on a line (row,
 * from grid_row), the line grown once for the whole run. The cell array grows to the line's
 * cellsize at once (a 5.4 MB coloured burst reallocated each new line five
 * times in doubling steps: 40 of 525 M instructions, callgrind), and a run
 * past the stored cells, the common case, needs no look at old cells.
 */
void
grid_set_run(struct vt_screen *s, struct vt_grid *gd, struct vt_row *row,
    unsigned x, const uint8_t *text, unsigned n, uint16_t style)
{
	struct vt_cell	 c, *cells;
	unsigned	 i, cap;
	uint32_t	 flag;
	unsigned	 k;
	int		 ext;

	if (n == 0)
		return;
	if (x + n > 0xffff) {
		if (x >= 0xffff)
			return;
		n = 0xffff - x;
	}
	grid_expand(gd, row, x + n);
	c.cp = 'a';
	c.style = style;
	if ((ext = (style != 0 && grid_cell_extended(s, c))))
		row->flags |= VT_ROW_EXTDANY;
	if (x + n > row->cap) {
		cap = row->cap == 0 ? 8 : row->cap;
		while (cap < x + n)
			cap *= 2;
		if (cap < row->size)
			cap = row->size;
		if (row->cap == 0 && cap < gd->sx)
			cap = gd->sx;	/* a new line: likely to be filled */
		if (cap > 0xffff)
			cap = 0xffff;
		/* A new line's cells by malloc's quicker path. */
		if (row->cells == NULL)
			row->cells = xmalloc(cap * sizeof *row->cells);
		else {
			row->cells = xreallocarray(row->cells, cap,
			    sizeof *row->cells);
		}
		row->cap = cap;
	}
	while (row->len < x)
		row->cells[row->len++] = blank_cell;
	cells = row->cells + x;
	if (x >= row->len) {
		flag = ext ? VT_CELL_EXTD : 0;
		grid_store_text(cells, text, n, flag, style);
		if (ext)
			row->extd += n;
		/*
		 * Trailing blanks found in the text, not read back from the
		 * cells (perf: a load right after the stores stalled).
		 */
		k = n;
		if (style == 0 && !ext) {
			while (k > 0 && text[k - 1] == ' ')
				k--;
		}
		row->len = x + k;
		if (k == 0) {
			while (row->len > 0 &&
			    cell_is_blank(row->cells[row->len - 1]))
				row->len--;
			if (row->len == 0)
				grid_row_trim(row);
		}
		if (x + n > row->used)
			row->used = x + n;
		return;
	}
	for (i = 0; i < n; i++) {
		c.cp = text[i];
		if (x + i < row->len) {
			if (cells[i].cp & VT_CELL_EXTD)
				c.cp |= VT_CELL_EXTD;
		}
		if (ext && (~c.cp & VT_CELL_EXTD)) {
			c.cp |= VT_CELL_EXTD;
			row->extd++;
		}
		cells[i] = c;
	}
	if (x + n > row->len)
		row->len = x + n;
	/*
	 * Trailing blanks are dropped but the array kept: a lone space
	 * between two SGR runs shrank it and the next run grew it again
	 * (120,000 reallocs in the burst). Packing sizes it after the read.
	 */
	if (row->len == x + n && cell_is_blank(row->cells[row->len - 1])) {
		while (row->len > 0 && cell_is_blank(row->cells[row->len - 1]))
			row->len--;
		if (row->len == 0)
			grid_row_trim(row);
	}
	if (x + n > row->used)
		row->used = x + n;
}

/*
 * n cells of one non-ASCII code point (so extended) in one style at x on a
 * line (row, from grid_row), as n grid_set_cell calls would leave them;
 * none of the cells there may be part of a wide character.
 */
void
grid_set_repeat(struct vt_grid *gd, struct vt_row *row, unsigned x,
    uint32_t cp, uint16_t style, unsigned n)
{
	struct vt_cell	c;
	unsigned	i, cap;

	if (n == 0)
		return;
	if (x + n > 0xffff) {
		if (x >= 0xffff)
			return;
		n = 0xffff - x;
	}
	/*
	 * Grown as n cells one at a time grow it, which is not one step to
	 * x + n: from a quarter of the width, 6 cells make it half, and the
	 * tenth then fits (vt_fast_test).
	 */
	for (i = x + 1; i <= x + n; i = row->size + 1) {
		grid_expand(gd, row, i);
		if (row->size < i)
			break;
	}
	if (x + n > row->cap) {
		cap = row->cap == 0 ? 8 : row->cap;
		while (cap < x + n)
			cap *= 2;
		if (cap < row->size)
			cap = row->size;
		if (cap > 0xffff)
			cap = 0xffff;
		row->cells = xreallocarray(row->cells, cap, sizeof *row->cells);
		row->cap = cap;
	}
	while (row->len < x)
		row->cells[row->len++] = blank_cell;
	c.cp = cp | VT_CELL_EXTD;
	c.style = style;
	for (i = x; i < x + n; i++) {
		if (i >= row->len || (~row->cells[i].cp & VT_CELL_EXTD))
			row->extd++;
		row->cells[i] = c;
	}
	row->flags |= VT_ROW_EXTDANY;
	if (x + n > row->len)
		row->len = x + n;
	if (x + n > row->used)
		row->used = x + n;
}

/* tmux's grid_empty_line: reset a line, filling it with bg if not default. */
void
grid_empty_line(struct vt_screen *s, struct vt_grid *gd, unsigned y,
    uint16_t bg)
{
	struct vt_row	*row = grid_row(gd, y);

	grid_row_free(row);
	if (bg != 0) {
		grid_expand(gd, row, gd->sx);
		row_clear_range(s, row, 0, row->size, bg);
	}
}

/* tmux's grid_clear. */
void
grid_clear_cells(struct vt_screen *s, struct vt_grid *gd, unsigned px,
    unsigned py, unsigned nx, unsigned ny, uint16_t bg)
{
	struct vt_row	*row;
	unsigned	 yy, sx, ox;

	if (nx == 0 || ny == 0)
		return;
	if (px == 0 && nx == gd->sx) {
		for (yy = py; yy < py + ny; yy++)
			grid_empty_line(s, gd, yy, bg);
		if (py != 0)
			grid_row(gd, py - 1)->flags &= ~VT_ROW_WRAPPED;
		return;
	}
	for (yy = py; yy < py + ny; yy++) {
		row = grid_row(gd, yy);
		sx = gd->sx;
		if (sx > row->size)
			sx = row->size;
		ox = nx;
		if (bg == 0) {
			if (px > sx)
				continue;
			if (px + nx > sx)
				ox = sx - px;
		}
		grid_expand(gd, row, px + ox);
		row_clear_range(s, row, px, px + ox, bg);
	}
}

/* tmux's grid_move_cells: move nx cells from px to dx on line py. */
void
grid_move_cells(struct vt_screen *s, struct vt_grid *gd, unsigned dx,
    unsigned px, unsigned py, unsigned nx, uint16_t bg)
{
	struct vt_row	*row = grid_row(gd, py);
	struct vt_cell	*tmp;
	unsigned	 xx;

	if (nx == 0 || px == dx)
		return;
	grid_expand(gd, row, px + nx);
	grid_expand(gd, row, dx + nx);
	tmp = xreallocarray(NULL, nx, sizeof *tmp);
	for (xx = 0; xx < nx; xx++)
		tmp[xx] = grid_row_cell(row, px + xx);
	for (xx = 0; xx < nx; xx++)
		row_store(row, dx + xx, tmp[xx]);
	xfree(tmp);
	if (dx + nx > row->used)
		row->used = dx + nx;
	for (xx = px; xx < px + nx; xx++) {
		if (xx >= dx && xx < dx + nx)
			continue;
		row_clear_range(s, row, xx, xx + 1, bg);
	}
	grid_row_trim(row);
}

/* Recount extended cells as tmux's grid_compact_line. */
static void
grid_compact_row(struct vt_row *row)
{
	unsigned	x, n = 0;

	if (row->flags & VT_ROW_PACKED) {	/* already exact: just count */
		if (~row->flags & VT_ROW_PEXTD) {
			row->pextd = fold_row_count_extd(row,
			    row->size < row->len ? row->size : row->len);
			row->flags |= VT_ROW_PEXTD;
		}
		row->extd = row->pextd;
		return;
	}
	/*
	 * The cells are not trimmed to len here: the row is packed (or, if
	 * that is no smaller, trimmed) at the end of the read, and rows that
	 * leave history before then are freed as they are (60,000 reallocs
	 * in a 5.4 MB burst, most for rows dropped). A row no extended cell
	 * was ever written to has none to count (the count was 42 of 400 M
	 * instructions of the burst: each row's cells read again).
	 */
	if (~row->flags & VT_ROW_EXTDANY) {
		row->extd = 0;
		return;
	}
	for (x = 0; x < row->size && x < row->len; x++) {
		if (row->cells[x].cp & VT_CELL_EXTD)
			n++;
	}
	row->extd = n;
}

/* Drop the ny oldest history lines. */
void
grid_trim_history(struct vt_grid *gd, unsigned ny)
{
	unsigned	i;

	if (ny > gd->hsize)
		ny = gd->hsize;
	if (grid_sealed(gd) != 0) {
		i = ny < grid_sealed(gd) ? ny : grid_sealed(gd);
		fold_hist_drop(gd, i);
		gd->hsize -= i;
		ny -= i;
	}
	for (i = 0; i < ny; i++)
		grid_row_free(grid_row_peek(gd, i));
	gd->base = (gd->base + ny) % gd->cap;
	gd->hsize -= ny;
	if (gd->hscrolled > gd->hsize)
		gd->hscrolled = gd->hsize;
}

/*
 * tmux's grid_remove_history: the ny bottom lines go and the last ny
 * history lines come back into view.
 */
void
grid_remove_history(struct vt_grid *gd, unsigned ny)
{
	unsigned	i, n = gd->hsize + gd->sy;

	if (ny > gd->hsize)
		return;
	if (gd->hsize - ny < grid_sealed(gd) + 1)
		fold_hist_unseal(gd);
	for (i = 0; i < ny; i++)
		grid_row_free(grid_row_peek(gd, n - 1 - i));
	gd->hsize -= ny;
	gd->unpacked_all = 1;
}

/* tmux's grid_collect_history: free a tenth when the history is full. */
void
grid_collect_history(struct vt_grid *gd)
{
	unsigned	ny;

	if (gd->hsize == 0 || gd->hsize < gd->hlimit)
		return;
	ny = gd->hlimit / 10;
	if (ny < 1)
		ny = 1;
	if (ny > gd->hsize)
		ny = gd->hsize;
	grid_trim_history(gd, ny);
}

/* Move the top visible line into history and add an empty line. */
void
grid_scroll_history(struct vt_screen *s, struct vt_grid *gd, uint16_t bg)
{
	unsigned	yy = gd->hsize + gd->sy;

	grid_reserve(gd, yy + 1);
	memset(grid_row_peek(gd, yy), 0, sizeof (struct vt_row));
	grid_empty_line(s, gd, yy, bg);
	gd->hscrolled++;
	gd->unpacked_all = 1;	/* the line entering history is expanded */
	grid_compact_row(grid_row_peek(gd, gd->hsize));
	gd->hsize++;
}

/* Move ny lines from py to dy (absolute), emptying uncovered lines. */
void
grid_move_lines(struct vt_screen *s, struct vt_grid *gd, unsigned dy,
    unsigned py, unsigned ny, uint16_t bg)
{
	struct vt_row	*tmp;
	unsigned	 i;

	if (ny == 0 || py == dy)
		return;
	/* Free lines being overwritten that are not also sources. */
	for (i = dy; i < dy + ny; i++) {
		if (i >= py && i < py + ny)
			continue;
		grid_row_free(grid_row_peek(gd, i));
	}
	/* As tmux, the line above the destination is unwrapped first. */
	if (dy != 0)
		grid_row(gd, dy - 1)->flags &= ~VT_ROW_WRAPPED;
	tmp = xreallocarray(NULL, ny, sizeof *tmp);
	for (i = 0; i < ny; i++)
		tmp[i] = *grid_row_peek(gd, py + i);
	for (i = 0; i < ny; i++)
		memset(grid_row_peek(gd, py + i), 0, sizeof *tmp);
	for (i = 0; i < ny; i++)
		*grid_row_peek(gd, dy + i) = tmp[i];
	xfree(tmp);
	for (i = py; i < py + ny; i++) {
		if (i >= dy && i < dy + ny)
			continue;
		grid_empty_line(s, gd, i, bg);
	}
	if (py != 0 && (py < dy || py >= dy + ny))
		grid_row(gd, py - 1)->flags &= ~VT_ROW_WRAPPED;
}

/* tmux's grid_view_scroll_region_up (upper, lower are visible lines). */
void
grid_scroll_region_up(struct vt_screen *s, struct vt_grid *gd,
    unsigned upper, unsigned lower, uint16_t bg)
{
	struct vt_row	 hist;
	unsigned	 yy, i;

	if (gd->history) {
		grid_collect_history(gd);
		if (upper == 0 && lower == gd->sy - 1) {
			grid_scroll_history(s, gd, bg);
			return;
		}
		/* tmux's grid_scroll_history_region. */
		yy = gd->hsize + gd->sy;
		grid_reserve(gd, yy + 1);
		gd->unpacked_all = 1;
		memset(grid_row_peek(gd, yy), 0, sizeof hist);
		for (i = yy; i > gd->hsize; i--)
			*grid_row(gd, i) = *grid_row(gd, i - 1);
		upper += gd->hsize + 1;
		lower += gd->hsize + 1;
		*grid_row(gd, gd->hsize) = *grid_row(gd, upper);
		for (i = upper; i < lower; i++)
			*grid_row(gd, i) = *grid_row(gd, i + 1);
		memset(grid_row(gd, lower), 0, sizeof hist);
		gd->hscrolled++;
		gd->hsize++;
		grid_empty_line(s, gd, lower, bg);
		return;
	}
	grid_move_lines(s, gd, gd->hsize + upper, gd->hsize + upper + 1,
	    lower - upper, bg);
}

/* tmux's grid_view_scroll_region_down. */
void
grid_scroll_region_down(struct vt_screen *s, struct vt_grid *gd,
    unsigned upper, unsigned lower, uint16_t bg)
{
	grid_move_lines(s, gd, gd->hsize + upper + 1, gd->hsize + upper,
	    lower - upper, bg);
}

/* A grid holding a copy of gd's visible lines (and no history). */
struct vt_grid *
grid_duplicate_visible(struct vt_grid *gd, unsigned hlimit)
{
	struct vt_grid	*dst;
	struct vt_row	*src, *row;
	unsigned	 y;

	dst = grid_create(gd->sx, gd->sy, hlimit);
	for (y = 0; y < gd->sy; y++) {
		src = grid_row(gd, gd->hsize + y);
		row = grid_row(dst, y);
		*row = *src;
		if (src->len != 0) {
			row->cells = xmemdup(src->cells,
			    src->len * sizeof *src->cells);
			row->cap = src->len;
		} else {
			row->cells = NULL;
			row->cap = 0;
		}
	}
	return (dst);
}

size_t
grid_memory(struct vt_grid *gd)
{
	size_t		size;
	unsigned	i;

	if (gd == NULL)
		return (0);
	size = sizeof *gd + gd->cap * sizeof *gd->rows +
	    fold_hist_memory(gd->hist);
	for (i = 0; i < gd->cap; i++) {
		if (gd->rows[i].flags & VT_ROW_PACKED)
			size += gd->rows[i].cap;
		else
			size += gd->rows[i].cap * sizeof (struct vt_cell);
	}
	return (size);
}
