/*
 * The row codec (docs/design.md §3, "row compression"): when a read finishes,
 * every row it expanded is stored compactly and expanded again only when
 * something writes it (grid_row) - history rows included. Readers that only
 * look (capture, history_bytes) decode into scratch cells (fold_row_cells)
 * and leave the row packed.
 *
 * Encoding of a row's len cells, in order:
 *	20-7e		one ASCII cell (no flag bits) in the current style
 *	80-ff ...	one cell: LEB128 of (value << 4 | flags >> 28); such a
 *			value is always >= 0x80, so its first byte has the top
 *			bit set and cannot be mistaken for ASCII or an opcode
 *	02 v		one cell whose LEB128 value is below 0x80
 *	01 n		current style = n (LEB128), initially 0
 *	03 n cell	n copies of the next cell (runs of identical cells once)
 * Style indexes stay the screen's palette indexes.
 */
#include <limits.h>
#include <string.h>

#include "engine/base/log.h"
#include "engine/base/xmalloc.h"
#include "engine/term/vt_int.h"

#define FOLD_OP_STYLE	0x01
#define FOLD_OP_CELL	0x02
#define FOLD_OP_RUN	0x03

static uint8_t *
fold_row_put_varint(uint8_t *p, uint32_t v)
{
	while (v >= 0x80) {
		*p++ = (v & 0x7f) | 0x80;
		v >>= 7;
	}
	*p++ = v;
	return (p);
}

static const uint8_t *
fold_row_get_varint(const uint8_t *p, const uint8_t *end, uint32_t *v)
{
	uint32_t	x = 0;
	unsigned	shift = 0;

	while (p < end && shift < 35) {
		x |= (uint32_t)(*p & 0x7f) << shift;
		if (!(*p++ & 0x80)) {
			*v = x;
			return (p);
		}
		shift += 7;
	}
	return (NULL);
}

static uint8_t *
fold_row_put_cell(uint8_t *p, uint32_t cp)
{
	uint32_t	v;

	if (cp >= 0x20 && cp < 0x7f) {
		*p++ = cp;
		return (p);
	}
	v = ((cp & VT_CELL_VALUE) << 4) | (cp >> 28);
	if (v < 0x80)
		*p++ = FOLD_OP_CELL;
	return (fold_row_put_varint(p, v));
}

static const uint8_t *
fold_row_get_cell(const uint8_t *p, const uint8_t *end, uint32_t *cp)
{
	uint32_t	v;

	if (p >= end)
		return (NULL);
	if (*p >= 0x20 && *p < 0x7f) {
		*cp = *p;
		return (p + 1);
	}
	if (*p == FOLD_OP_CELL)
		p++;
	else if (*p < 0x80)
		return (NULL);
	if ((p = fold_row_get_varint(p, end, &v)) == NULL)
		return (NULL);
	*cp = (v >> 4) | (v << 28);
	return (p);
}

/*
 * Encode n cells into out, which has room for FOLD_ROW_BOUND(n) bytes.
 * Returns the encoded size.
 */
size_t
fold_row_encode(const struct vt_cell *cells, unsigned n, uint8_t *out)
{
	uint8_t		*p = out;
	uint16_t	 style = 0;
	unsigned	 x, run;

	for (x = 0; x < n; x += run) {
		for (run = 1; x + run < n; run++) {
			if (cells[x + run].cp != cells[x].cp ||
			    cells[x + run].style != cells[x].style)
				break;
		}
		if (cells[x].style != style) {
			style = cells[x].style;
			*p++ = FOLD_OP_STYLE;
			p = fold_row_put_varint(p, style);
		}
		if (run >= 3) {
			*p++ = FOLD_OP_RUN;
			p = fold_row_put_varint(p, run);
		} else
			run = 1;
		p = fold_row_put_cell(p, cells[x].cp);
	}
	return (p - out);
}

/* Decode exactly n cells; -1 if the bytes are not a valid encoding of n. */
int
fold_row_decode(const uint8_t *in, size_t len, struct vt_cell *cells,
    unsigned n)
{
	const uint8_t	*p = in, *end = in + len;
	uint32_t	 cp, style = 0, run;
	unsigned	 x = 0, i;

	while (x < n) {
		if (p >= end)
			return (-1);
		if (*p == FOLD_OP_STYLE) {
			if ((p = fold_row_get_varint(p + 1, end, &style)) == NULL ||
			    style > 0xffff)
				return (-1);
			continue;
		}
		run = 1;
		if (*p == FOLD_OP_RUN) {
			if ((p = fold_row_get_varint(p + 1, end, &run)) == NULL ||
			    run == 0 || run > n - x)
				return (-1);
		}
		if (run == 1 && *p >= 0x20 && *p < 0x7f) {
			/* The common case: a stretch of ASCII. */
			do {
				cells[x].cp = *p++;
				cells[x++].style = style;
			} while (x < n && p < end && *p >= 0x20 && *p < 0x7f);
			continue;
		}
		if (*p >= 0x20 && *p < 0x7f)
			cp = *p++;
		else if ((p = fold_row_get_cell(p, end, &cp)) == NULL)
			return (-1);
		for (i = 0; i < run; i++) {
			cells[x].cp = cp;
			cells[x++].style = style;
		}
	}
	return (p == end ? 0 : -1);
}

/* Extended cells among the first n of a packed row, without expanding. */
unsigned
fold_row_count_extd(const struct vt_row *row, unsigned n)
{
	const uint8_t	*p = (const uint8_t *)row->cells, *end = p + row->cap;
	uint32_t	 cp, run, style;
	unsigned	 x = 0, count = 0;

	while (x < n && p < end) {
		if (*p == FOLD_OP_STYLE) {
			if ((p = fold_row_get_varint(p + 1, end, &style)) == NULL)
				break;
			continue;
		}
		run = 1;
		if (*p == FOLD_OP_RUN &&
		    (p = fold_row_get_varint(p + 1, end, &run)) == NULL)
			break;
		if ((p = fold_row_get_cell(p, end, &cp)) == NULL)
			break;
		if (run > n - x)
			run = n - x;
		if (cp & VT_CELL_EXTD)
			count += run;
		x += run;
	}
	return (count);
}

/* Store an expanded row packed (kept expanded if that is not smaller). */
void
fold_row_pack(struct vt_row *row)
{
	uint8_t		 stack[4096], *tmp = stack;
	size_t		 bound, n;
	unsigned	 x;

	if ((row->flags & VT_ROW_PACKED) || row->len == 0)
		return;
	bound = FOLD_ROW_BOUND(row->len);
	if (bound > sizeof stack)
		tmp = xmalloc(bound);
	n = fold_row_encode(row->cells, row->len, tmp);
	if (n <= 0xffff && n < (size_t)row->len * sizeof *row->cells) {
		/* What grid_compact_row counts when the row enters history. */
		row->pextd = 0;
		for (x = 0; x < row->size && x < row->len; x++)
			row->pextd += (row->cells[x].cp & VT_CELL_EXTD) != 0;
		xfree(row->cells);
		row->cells = xmemdup(tmp, n);
		row->cap = n;
		row->flags |= VT_ROW_PACKED|VT_ROW_PEXTD;
	} else if (row->cap > row->len) {
		row->cells = xreallocarray(row->cells, row->len,
		    sizeof *row->cells);
		row->cap = row->len;
	}
	if (tmp != stack)
		xfree(tmp);
}

/* Expand a packed row in place. */
void
fold_row_unpack(struct vt_row *row)
{
	struct vt_cell	*cells;

	if (~row->flags & VT_ROW_PACKED)
		return;
	cells = xreallocarray(NULL, row->len, sizeof *cells);
	if (fold_row_decode((uint8_t *)row->cells, row->cap, cells,
	    row->len) != 0)
		fatalx("%s: corrupt packed row", __func__);
	xfree(row->cells);
	row->cells = cells;
	row->cap = row->len;
	row->flags &= ~(VT_ROW_PACKED|VT_ROW_PEXTD);
}

/*
 * The cells of a row for reading, without expanding it in place: packed
 * rows are decoded into *scratch (grown as needed, caller frees).
 */
const struct vt_cell *
fold_row_cells(const struct vt_row *row, struct vt_cell **scratch,
    unsigned *scratch_size)
{
	if (~row->flags & VT_ROW_PACKED)
		return (row->cells);
	if (*scratch_size < row->len) {
		*scratch = xreallocarray(*scratch, row->len, sizeof **scratch);
		*scratch_size = row->len;
	}
	if (fold_row_decode((uint8_t *)row->cells, row->cap, *scratch,
	    row->len) != 0)
		fatalx("%s: corrupt packed row", __func__);
	return (*scratch);
}

/*
 * Pack every expanded row: the visible lines, and the whole ring when rows
 * may have been expanded or added in history since the last pass. Line
 * keep (absolute, or UINT_MAX) stays expanded: the row being written.
 */
void
fold_row_grid_pack(struct vt_grid *gd, unsigned keep)
{
	struct vt_row	*row, *kept;
	unsigned	 y;

	if (gd == NULL)
		return;
	if (gd->unpacked_all) {
		/* The whole ring: lines past the end are empty. */
		kept = keep < gd->hsize + gd->sy ? grid_row_peek(gd, keep) :
		    NULL;
		for (y = 0; y < gd->cap; y++) {
			row = &gd->rows[y];
			if (row == kept)
				continue;
			if (row->len != 0 && (~row->flags & VT_ROW_PACKED))
				fold_row_pack(row);
		}
		gd->unpacked_all = 0;
		return;
	}
	for (y = gd->hsize; y < gd->hsize + gd->sy; y++) {
		if (y != keep)
			fold_row_pack(grid_row_peek(gd, y));
	}
}
