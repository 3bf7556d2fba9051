/*
 * Screen operations: what tmux 3.3a's screen-write.c and screen.c do to the
 * grid and cursor for each control function.
 */
#include <limits.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "engine/term/vt_int.h"

#define SX(s) ((s)->grid->sx)
#define SY(s) ((s)->grid->sy)

/* Visit every stored cell of a grid. */
static void
screen_ops_mark(struct vt_grid *gd, uint8_t *used, const uint16_t *map)
{
	struct vt_row	*row;
	unsigned	 y, x;

	if (gd == NULL)
		return;
	for (y = 0; y < gd->hsize + gd->sy; y++) {
		row = grid_row(gd, y);
		for (x = 0; x < row->len; x++) {
			if (map != NULL)
				row->cells[x].style = map[row->cells[x].style];
			else {
				used[row->cells[x].style / 8] |=
				    1 << (row->cells[x].style % 8);
			}
		}
	}
}

/* Visit cluster cells: mark the ids in use, or renumber them with map. */
static void
screen_ops_mark_clusters(struct vt_grid *gd, uint8_t *used,
    const uint32_t *map)
{
	struct vt_row	*row;
	struct vt_cell	*c;
	unsigned	 y, x;
	uint32_t	 id;

	if (gd == NULL)
		return;
	for (y = 0; y < gd->hsize + gd->sy; y++) {
		row = grid_row(gd, y);
		for (x = 0; x < row->len; x++) {
			c = &row->cells[x];
			if (~c->cp & VT_CELL_CLUSTER)
				continue;
			id = c->cp & VT_CELL_VALUE;
			if (map != NULL) {
				c->cp &= ~VT_CELL_VALUE;
				c->cp |= map[id];
			} else
				used[id / 8] |= 1 << (id % 8);
		}
	}
}

/* Drop clusters no cell uses once there are many of them. */
static void
screen_ops_compact_clusters(struct vt_screen *s)
{
	uint8_t		*used;
	uint32_t	*map;
	unsigned	 n = s->clusters.n;

	used = xcalloc(n / 8 + 1, 1);
	map = xcalloc(n, sizeof *map);
	screen_ops_mark_clusters(s->grid, used, NULL);
	screen_ops_mark_clusters(s->saved_grid, used, NULL);
	palette_intern_compact(&s->clusters, used, map);
	screen_ops_mark_clusters(s->grid, NULL, map);
	screen_ops_mark_clusters(s->saved_grid, NULL, map);
	xfree(map);
	xfree(used);
}

/*
 * Palette index for a style. A full palette (65535 styles, say after long
 * runs of changing RGB colours) is compacted to the styles still in use.
 */
uint16_t
screen_ops_style(struct vt_screen *s, const struct vt_style *st)
{
	uint8_t		*used;
	uint16_t	*map;

	if (palette_full(&s->pal)) {
		used = xcalloc(65536 / 8, 1);
		map = xcalloc(65536, sizeof *map);
		screen_ops_mark(s->grid, used, NULL);
		screen_ops_mark(s->saved_grid, used, NULL);
		palette_compact(&s->pal, used, map);
		screen_ops_mark(s->grid, NULL, map);
		screen_ops_mark(s->saved_grid, NULL, map);
		xfree(map);
		xfree(used);
	}
	return (palette_add(&s->pal, st));
}

/* Palette index of a cleared cell with the current background. */
uint16_t
screen_ops_bg_style(struct vt_screen *s)
{
	struct vt_style	st;

	if (s->cell.bg == VT_COLOUR_DEFAULT || s->cell.bg == 9)
		return (0);
	palette_style_default(&st);
	st.bg = s->cell.bg;
	return (screen_ops_style(s, &st));
}

static struct vt_cell
screen_ops_get(struct vt_screen *s, unsigned x, unsigned y)
{
	return (grid_row_cell(grid_row(s->grid, s->grid->hsize + y), x));
}

static void
screen_ops_set(struct vt_screen *s, unsigned x, unsigned y, struct vt_cell c)
{
	grid_set_cell(s, s->grid, x, s->grid->hsize + y, c);
}

static void
screen_ops_clear(struct vt_screen *s, unsigned px, unsigned py, unsigned nx,
    unsigned ny, uint16_t bg)
{
	grid_clear_cells(s, s->grid, px, s->grid->hsize + py, nx, ny, bg);
}

void
screen_ops_reset_tabs(struct vt_screen *s)
{
	unsigned	i;

	xfree(s->tabs);
	s->tabs_size = SX(s);
	s->tabs = xcalloc(s->tabs_size + 1, 1);
	for (i = 8; i < s->tabs_size; i += 8)
		s->tabs[i] = 1;
}

void
screen_ops_mode_set(struct vt_screen *s, unsigned mode)
{
	if ((s->mode & mode) != mode)
		s->events |= VT_EVENT_MODE;
	s->mode |= mode;
}

void
screen_ops_mode_clear(struct vt_screen *s, unsigned mode)
{
	if (s->mode & mode)
		s->events |= VT_EVENT_MODE;
	s->mode &= ~mode;
}

/* tmux's grid_view_insert_cells on the cursor line. */
static void
screen_ops_insert_cells(struct vt_screen *s, unsigned px, unsigned nx,
    uint16_t bg)
{
	unsigned	sx = SX(s), py = s->grid->hsize + s->cy;

	/* Inserting up to the end of the line moves nothing, as tmux. */
	if (px >= sx - 1)
		grid_clear_cells(s, s->grid, px, py, 1, 1, bg);
	else if (px + nx < sx)
		grid_move_cells(s, s->grid, px + nx, px, py, sx - px - nx, bg);
}

/* Clear wide characters that writing width cells at the cursor breaks. */
static void
screen_ops_overwrite(struct vt_screen *s, unsigned width)
{
	struct vt_cell	now, c;
	static const struct vt_cell def = { ' ', 0 };
	unsigned	xx;

	now = screen_ops_get(s, s->cx, s->cy);
	if (now.cp & VT_CELL_PADDING) {
		xx = s->cx + 1;
		while (--xx > 0) {
			c = screen_ops_get(s, xx, s->cy);
			if (~c.cp & VT_CELL_PADDING)
				break;
			screen_ops_set(s, xx, s->cy, def);
		}
		screen_ops_set(s, xx, s->cy, def);
	}
	if (width != 1 || (now.cp & (VT_CELL_WIDE|VT_CELL_PADDING))) {
		xx = s->cx + width - 1;
		while (++xx < SX(s)) {
			c = screen_ops_get(s, xx, s->cy);
			if (~c.cp & VT_CELL_PADDING)
				break;
			screen_ops_set(s, xx, s->cy, def);
		}
	}
}

/*
 * The same for tmux's batched ASCII path (screen_write_collect_end), which
 * does not clear a wide character in column 0 whose padding is overwritten.
 */
static void
screen_ops_overwrite_ascii(struct vt_screen *s)
{
	struct vt_cell	c = { ' ', 0 };
	static const struct vt_cell def = { ' ', 0 };
	struct vt_row	*row;
	unsigned	xx;

	if (s->cx == 0)
		return;
	/* Past the stored cells or on a narrow one: nothing to clear. */
	row = grid_row(s->grid, s->grid->hsize + s->cy);
	if (s->cx >= row->len ||
	    (row->cells[s->cx].cp & (VT_CELL_PADDING|VT_CELL_WIDE)) == 0)
		return;
	for (xx = s->cx; xx > 0; xx--) {
		c = screen_ops_get(s, xx, s->cy);
		if (~c.cp & VT_CELL_PADDING)
			break;
		screen_ops_set(s, xx, s->cy, def);
	}
	if (c.cp & VT_CELL_WIDE)
		screen_ops_set(s, xx, s->cy, def);
}

/* After a run: clear padding left over at the new cursor. */
static void
screen_ops_overwrite_ascii_after(struct vt_screen *s)
{
	struct vt_cell	c;
	static const struct vt_cell def = { ' ', 0 };
	struct vt_row	*row;
	unsigned	xx;

	row = grid_row(s->grid, s->grid->hsize + s->cy);
	if (s->cx >= row->len || (~row->cells[s->cx].cp & VT_CELL_PADDING))
		return;
	for (xx = s->cx; xx < SX(s); xx++) {
		c = screen_ops_get(s, xx, s->cy);
		if (~c.cp & VT_CELL_PADDING)
			break;
		screen_ops_set(s, xx, s->cy, def);
	}
}

/* Write n batched characters at the cursor, as collect_end writes a run. */
static void
screen_ops_write_run(struct vt_screen *s, const uint8_t *text, unsigned n,
    uint16_t style)
{
	struct vt_grid	*gd = s->grid;
	struct vt_row	*row;

	if (s->cy > SY(s) - 1)
		return;
	/* The row once; wide characters to clear are rare. */
	row = grid_row(gd, gd->hsize + s->cy);
	if (s->cx != 0 && s->cx < row->len &&
	    (row->cells[s->cx].cp & (VT_CELL_PADDING|VT_CELL_WIDE)))
		screen_ops_overwrite_ascii(s);
	grid_set_run(s, gd, row, s->cx, text, n, style);
	s->cx += n;
	if (s->cx < row->len && (row->cells[s->cx].cp & VT_CELL_PADDING))
		screen_ops_overwrite_ascii_after(s);
}

/*
 * A whole run of printable ASCII that ends before anything else can come
 * (the parser flushes after it): written straight from the input, a line's
 * worth at a time, as screen_ops_collect_run and then collect_end would
 * write it, without copying it to the batch first.
 */
void
screen_ops_print_run(struct vt_screen *s, const uint8_t *text, size_t n)
{
	unsigned	sx = SX(s), k;
	uint16_t	style;

	if (s->run_len != 0) {
		screen_ops_collect_run(s, text, n);
		screen_ops_collect_end(s);
		return;
	}
	while (n > 0) {
		if (s->cx > sx - 1) {
			screen_ops_linefeed(s, 1, 0);
			s->cx = 0;
		}
		style = screen_ops_style(s, &s->cell);
		k = n < sx - s->cx ? (unsigned)n : sx - s->cx;
		screen_ops_write_run(s, text, k, style);
		text += k;
		n -= k;
	}
}

/*
 * Batch printable ASCII as tmux's screen_write_collect_add: a run is
 * written in one go (which decides tmux's line allocation sizes) when
 * anything else arrives or the line is full.
 */
void
screen_ops_collect_add(struct vt_screen *s, uint8_t ch)
{
	unsigned	sx = SX(s);

	if (s->cx > sx - 1 || s->run_len > sx - 1 - s->cx)
		screen_ops_collect_end(s);
	if (s->cx > sx - 1) {
		screen_ops_linefeed(s, 1, 0);
		s->cx = 0;
	}
	if (s->run_len == 0)
		s->run_style = screen_ops_style(s, &s->cell);
	if (s->run_len == s->run_cap) {
		s->run_cap = s->run_cap == 0 ? 64 : s->run_cap * 2;
		s->run = xrealloc(s->run, s->run_cap);
	}
	s->run[s->run_len++] = ch;
}

/* screen_ops_collect_add for n characters, as many at a time as fit. */
void
screen_ops_collect_run(struct vt_screen *s, const uint8_t *text, size_t n)
{
	unsigned	sx = SX(s), room, k;

	while (n > 0) {
		if (s->cx > sx - 1 || s->run_len > sx - 1 - s->cx)
			screen_ops_collect_end(s);
		if (s->cx > sx - 1) {
			screen_ops_linefeed(s, 1, 0);
			s->cx = 0;
		}
		if (s->run_len == 0)
			s->run_style = screen_ops_style(s, &s->cell);
		/* Each character up to room leaves the checks above false. */
		room = sx - s->cx - s->run_len;
		k = n < room ? (unsigned)n : room;
		if (s->run_len + k > s->run_cap) {
			while (s->run_len + k > s->run_cap)
				s->run_cap = s->run_cap == 0 ? 64 :
				    s->run_cap * 2;
			s->run = xrealloc(s->run, s->run_cap);
		}
		memcpy(s->run + s->run_len, text, k);
		s->run_len += k;
		text += k;
		n -= k;
	}
}

/* Write the batched run at the cursor (tmux's screen_write_collect_end). */
void
screen_ops_collect_end(struct vt_screen *s)
{
	unsigned	 n = s->run_len;

	if (n == 0)
		return;
	s->run_len = 0;
	screen_ops_write_run(s, s->run, n, s->run_style);
}

/* A colour tmux keeps in a compact cell: default or one of the 16. */
static int
screen_ops_compact_colour(int32_t c)
{
	return ((c & (VT_COLOUR_256|VT_COLOUR_RGB)) == 0);
}

/*
 * Whether tmux's screen_write_cell would leave the cell at the cursor as it
 * is: a blank past the line's allocated size, or the same ASCII character with
 * the same attributes and 16-colour fg/bg over a cell tmux stores compactly
 * (no underline colour). The new underline colour is then lost (fuzz case
 * acs-same-cell-keeps-underline-colour).
 */
static int
screen_ops_put_unchanged(struct vt_screen *s, uint32_t cp,
    const struct vt_style *st)
{
	struct vt_row		*row;
	struct vt_cell		 old;
	const struct vt_style	*os;

	if (cp > 0x7e)
		return (0);
	row = grid_row(s->grid, s->grid->hsize + s->cy);
	if (s->cx >= row->size)
		return (cp == ' ' && st->attr == 0 &&
		    st->fg == VT_COLOUR_DEFAULT && st->bg == VT_COLOUR_DEFAULT);
	/*
	 * tmux marks cleared cells (all of a line's new cells) and never
	 * skips over them; zeropty cannot tell a cleared blank from a written
	 * one, so blanks are always written (fuzz case s2705399796-294).
	 */
	old = grid_row_cell(row, s->cx);
	if (old.cp != cp || cp == ' ')
		return (0);
	os = palette_get(&s->pal, old.style);
	if (os->attr > 0xff || os->us != 0 || !screen_ops_compact_colour(os->fg) ||
	    !screen_ops_compact_colour(os->bg))
		return (0);
	return (os->attr == st->attr && os->fg == st->fg && os->bg == st->bg);
}

/*
 * n more of a non-ASCII character of width 1 right after the first, as n
 * screen_ops_put would write them: the style looked up once, a line's
 * worth at a time where no wide character is in the way. In insert mode,
 * without wrap or with a full palette (each lookup may renumber it), one
 * by one.
 */
void
screen_ops_put_repeat(struct vt_screen *s, uint32_t cp, size_t n)
{
	struct vt_style	 st;
	struct vt_row	*row;
	unsigned	 sx = SX(s), sy = SY(s), k, x;
	uint16_t	 style;

	if (cp < 0x80 || (s->mode & VT_MODE_INSERT) ||
	    (~s->mode & VT_MODE_WRAP) || palette_full(&s->pal)) {
		while (n-- > 0)
			screen_ops_put(s, cp, 1);
		return;
	}
	st = s->cell;
	if (s->set)
		st.attr |= VT_ATTR_CHARSET;
	style = screen_ops_style(s, &st);
	while (n > 0) {
		if (s->cx > sx - 1) {
			screen_ops_linefeed(s, 1, 0);
			s->cx = 0;
		}
		if (s->cy > sy - 1)
			return;
		/* As many as fit on the line, if no wide character is there. */
		k = n < sx - s->cx ? (unsigned)n : sx - s->cx;
		row = grid_row(s->grid, s->grid->hsize + s->cy);
		for (x = s->cx; x < s->cx + k && x < row->len; x++) {
			if (row->cells[x].cp & (VT_CELL_PADDING|VT_CELL_WIDE))
				break;
		}
		if (x < s->cx + k && x < row->len) {
			screen_ops_put(s, cp, 1);
			n--;
			continue;
		}
		grid_set_repeat(s->grid, row, s->cx, cp, style, k);
		s->cx += k;	/* wrap on: at most to sx, the pending wrap */
		n -= k;
	}
}

/* Write a printable character of the given width (1 or 2). */
void
screen_ops_put(struct vt_screen *s, uint32_t cp, int width)
{
	struct vt_cell	 c;
	struct vt_style	 st;
	unsigned	 sx = SX(s), sy = SY(s), xx, last;

	if (width < 1)
		width = 1;
	if ((~s->mode & VT_MODE_WRAP) && width > 1 &&
	    ((unsigned)width > sx || (s->cx != sx && s->cx > sx - width)))
		return;
	if (s->mode & VT_MODE_INSERT)
		screen_ops_insert_cells(s, s->cx, width, 0);
	/* Unsigned as tmux: a wide character on a 1-column screen fits. */
	if ((s->mode & VT_MODE_WRAP) && s->cx > sx - width) {
		screen_ops_linefeed(s, 1, 0);
		s->cx = 0;
	}
	if (s->cx > sx - width || s->cy > sy - 1)
		return;

	screen_ops_overwrite(s, width);
	for (xx = s->cx + 1; xx < s->cx + width; xx++) {
		c.cp = VT_CELL_PADDING;
		c.style = 0;
		screen_ops_set(s, xx, s->cy, c);
	}
	st = s->cell;
	if (s->set)
		st.attr |= VT_ATTR_CHARSET;
	if (width != 1 || (s->mode & VT_MODE_INSERT) ||
	    !screen_ops_put_unchanged(s, cp, &st)) {
		c.cp = cp | (width == 2 ? VT_CELL_WIDE : 0);
		c.style = screen_ops_style(s, &st);
		screen_ops_set(s, s->cx, s->cy, c);
	}

	/* tmux's unsigned test; screen_write_set_cursor clamps past sx. */
	last = !(s->mode & VT_MODE_WRAP);
	if (s->cx <= sx - last - width)
		s->cx += width;
	else
		s->cx = sx - last;
	if (s->cx > sx)
		s->cx = sx - 1;
}

/* Attach a zero-width character to the previous cell. */
void
screen_ops_combine(struct vt_screen *s, uint32_t cp)
{
	struct vt_cell	 c;
	char		 tmp[32];
	const char	*old;
	size_t		 len, n;
	unsigned	 i, xx;

	if (s->cx == 0)
		return;
	for (i = 1; i <= s->cx; i++) {
		c = screen_ops_get(s, s->cx - i, s->cy);
		if (~c.cp & VT_CELL_PADDING)
			break;
	}
	if (i > s->cx)
		return;
	xx = s->cx - i;
	if (c.cp & VT_CELL_CLUSTER) {
		old = palette_intern_get(&s->clusters, c.cp & VT_CELL_VALUE);
		len = strlen(old);
		memcpy(tmp, old, len);
	} else
		len = utf8_encode(c.cp & VT_CELL_VALUE, tmp);
	n = utf8_encode(cp, tmp + len);
	if (len + n > 21)
		return;
	len += n;
	if (s->clusters.n >= VT_CLUSTERS_MAX) {
		screen_ops_compact_clusters(s);
		c = screen_ops_get(s, xx, s->cy);
	}
	c.cp = (c.cp & (VT_CELL_WIDE|VT_CELL_EXTD)) | VT_CELL_CLUSTER |
	    palette_intern_add(&s->clusters, tmp, len);
	screen_ops_set(s, xx, s->cy, c);
}

void
screen_ops_linefeed(struct vt_screen *s, int wrapped, int usebg)
{
	struct vt_row	*row;
	uint16_t	 bg = usebg ? screen_ops_bg_style(s) : 0;

	row = grid_row(s->grid, s->grid->hsize + s->cy);
	if (wrapped)
		row->flags |= VT_ROW_WRAPPED;
	if (s->cy == s->rlower)
		grid_scroll_region_up(s, s->grid, s->rupper, s->rlower, bg);
	else if (s->cy < SY(s) - 1)
		s->cy++;
}

void
screen_ops_reverse_index(struct vt_screen *s)
{
	if (s->cy == s->rupper)
		grid_scroll_region_down(s, s->grid, s->rupper, s->rlower,
		    screen_ops_bg_style(s));
	else if (s->cy > 0)
		s->cy--;
}

void
screen_ops_backspace(struct vt_screen *s)
{
	struct vt_row	*row;

	if (s->cx == 0) {
		if (s->cy == 0)
			return;
		row = grid_row(s->grid, s->grid->hsize + s->cy - 1);
		if (row->flags & VT_ROW_WRAPPED) {
			s->cy--;
			s->cx = SX(s) - 1;
		}
		return;
	}
	if (s->cx > SX(s))
		s->cx = SX(s);
	s->cx--;
}

void
screen_ops_tab(struct vt_screen *s)
{
	if (s->cx >= SX(s) - 1)
		return;
	do {
		s->cx++;
		if (s->cx < s->tabs_size && s->tabs[s->cx])
			break;
	} while (s->cx < SX(s) - 1);
}

void
screen_ops_backtab(struct vt_screen *s, unsigned n)
{
	unsigned	cx = s->cx;

	if (cx > SX(s) - 1)
		cx = SX(s) - 1;
	while (cx > 0 && n-- > 0) {
		do
			cx--;
		while (cx > 0 && !(cx < s->tabs_size && s->tabs[cx]));
	}
	s->cx = cx;
}

void
screen_ops_cursor_up(struct vt_screen *s, unsigned ny)
{
	if (ny == 0)
		ny = 1;
	if (s->cy < s->rupper) {
		if (ny > s->cy)
			ny = s->cy;
	} else {
		if (ny > s->cy - s->rupper)
			ny = s->cy - s->rupper;
	}
	if (s->cx == SX(s))
		s->cx--;
	s->cy -= ny;
}

void
screen_ops_cursor_down(struct vt_screen *s, unsigned ny)
{
	if (ny == 0)
		ny = 1;
	if (s->cy > s->rlower) {
		if (ny > SY(s) - 1 - s->cy)
			ny = SY(s) - 1 - s->cy;
	} else {
		if (ny > s->rlower - s->cy)
			ny = s->rlower - s->cy;
	}
	if (s->cx == SX(s))
		s->cx--;
	s->cy += ny;
}

void
screen_ops_cursor_left(struct vt_screen *s, unsigned nx)
{
	if (nx == 0)
		nx = 1;
	if (nx > s->cx)
		nx = s->cx;
	s->cx -= nx;
}

void
screen_ops_cursor_right(struct vt_screen *s, unsigned nx)
{
	if (nx == 0)
		nx = 1;
	if (s->cx > SX(s) - 1)
		s->cx = SX(s) - 1;
	if (nx > SX(s) - 1 - s->cx)
		nx = SX(s) - 1 - s->cx;
	s->cx += nx;
}

/* tmux's screen_write_cursormove; -1 leaves a coordinate alone. */
void
screen_ops_cursor_move(struct vt_screen *s, int px, int py, int origin)
{
	if (origin && py != -1 && (s->mode & VT_MODE_ORIGIN)) {
		if ((unsigned)py > s->rlower - s->rupper)
			py = s->rlower;
		else
			py += s->rupper;
	}
	if (px != -1 && (unsigned)px > SX(s) - 1)
		px = SX(s) - 1;
	if (py != -1 && (unsigned)py > SY(s) - 1)
		py = SY(s) - 1;
	if (px != -1)
		s->cx = px;
	if (py != -1)
		s->cy = py;
}

/* tmux's grid_view_clear_history: move used lines into history. */
static void
screen_ops_clear_into_history(struct vt_screen *s, uint16_t bg)
{
	struct vt_grid	*gd = s->grid;
	unsigned	 yy, last = 0;

	for (yy = 0; yy < gd->sy; yy++) {
		if (grid_row_peek(gd, gd->hsize + yy)->used != 0)
			last = yy + 1;
	}
	if (last == 0) {
		screen_ops_clear(s, 0, 0, gd->sx, gd->sy, bg);
		return;
	}
	for (yy = 0; yy < last; yy++) {
		grid_collect_history(gd);
		grid_scroll_history(s, gd, bg);
	}
	if (last < gd->sy)
		screen_ops_clear(s, 0, 0, gd->sx, gd->sy - last, bg);
	gd->hscrolled = 0;
}

static void
screen_ops_clear_screen(struct vt_screen *s, uint16_t bg)
{
	if (s->grid->history)
		screen_ops_clear_into_history(s, bg);
	else
		screen_ops_clear(s, 0, 0, SX(s), SY(s), bg);
}

void
screen_ops_erase_display(struct vt_screen *s, int how)
{
	uint16_t	bg = screen_ops_bg_style(s);
	unsigned	sx = SX(s), sy = SY(s);

	switch (how) {
	case 0:
		if (s->cx == 0 && s->cy == 0 && s->grid->history)
			screen_ops_clear_into_history(s, bg);
		else {
			if (s->cx <= sx - 1)
				screen_ops_clear(s, s->cx, s->cy, sx - s->cx, 1,
				    bg);
			screen_ops_clear(s, 0, s->cy + 1, sx, sy - (s->cy + 1),
			    bg);
		}
		break;
	case 1:
		if (s->cy > 0)
			screen_ops_clear(s, 0, 0, sx, s->cy, bg);
		if (s->cx > sx - 1)
			screen_ops_clear(s, 0, s->cy, sx, 1, bg);
		else
			screen_ops_clear(s, 0, s->cy, s->cx + 1, 1, bg);
		break;
	case 2:
		screen_ops_clear_screen(s, bg);
		break;
	case 3:
		screen_ops_clear_history(s);
		break;
	}
}

void
screen_ops_erase_line(struct vt_screen *s, int how)
{
	uint16_t	bg = screen_ops_bg_style(s);
	unsigned	sx = SX(s);

	switch (how) {
	case 0:
		if (s->cx <= sx - 1)
			screen_ops_clear(s, s->cx, s->cy, sx - s->cx, 1, bg);
		break;
	case 1:
		if (s->cx > sx - 1)
			screen_ops_clear(s, 0, s->cy, sx, 1, bg);
		else
			screen_ops_clear(s, 0, s->cy, s->cx + 1, 1, bg);
		break;
	case 2:
		screen_ops_clear(s, 0, s->cy, sx, 1, bg);
		break;
	}
}

void
screen_ops_insert_chars(struct vt_screen *s, unsigned nx)
{
	unsigned	sx = SX(s);

	if (nx == 0)
		nx = 1;
	if (s->cx > sx - 1)
		return;
	if (nx > sx - s->cx)
		nx = sx - s->cx;
	if (nx == 0)
		return;
	screen_ops_insert_cells(s, s->cx, nx, screen_ops_bg_style(s));
}

void
screen_ops_delete_chars(struct vt_screen *s, unsigned nx)
{
	unsigned	sx = SX(s), py = s->grid->hsize + s->cy;
	uint16_t	bg = screen_ops_bg_style(s);

	if (nx == 0)
		nx = 1;
	if (s->cx > sx - 1)
		return;
	if (nx > sx - s->cx)
		nx = sx - s->cx;
	if (nx == 0)
		return;
	/* tmux's grid_view_delete_cells moves with the default colour. */
	grid_move_cells(s, s->grid, s->cx, s->cx + nx, py, sx - s->cx - nx,
	    0);
	grid_clear_cells(s, s->grid, sx - nx, py, nx, 1, bg);
}

void
screen_ops_erase_chars(struct vt_screen *s, unsigned nx)
{
	unsigned	sx = SX(s);

	if (nx == 0)
		nx = 1;
	if (s->cx > sx - 1)
		return;
	if (nx > sx - s->cx)
		nx = sx - s->cx;
	if (nx == 0)
		return;
	screen_ops_clear(s, s->cx, s->cy, nx, 1, screen_ops_bg_style(s));
}

/* tmux's grid_clear(0, y, sx, ny - ny2) with its unsigned arithmetic. */
static void
screen_ops_clear_rest(struct vt_screen *s, unsigned y, unsigned ny,
    unsigned ny2, uint16_t bg)
{
	struct vt_grid	*gd = s->grid;

	if (ny2 < ny)
		grid_clear_cells(s, gd, 0, gd->hsize + y, gd->sx, ny - ny2, bg);
	else if (ny2 > ny && gd->hsize + y != 0)
		grid_row_peek(gd, gd->hsize + y - 1)->flags &= ~VT_ROW_WRAPPED;
}

void
screen_ops_insert_lines(struct vt_screen *s, unsigned ny)
{
	struct vt_grid	*gd = s->grid;
	uint16_t	 bg = screen_ops_bg_style(s);
	unsigned	 sy = SY(s), py = s->cy, ny2;

	if (ny == 0)
		ny = 1;
	if (py < s->rupper || py > s->rlower) {
		if (ny > sy - py)
			ny = sy - py;
		if (ny == 0)
			return;
		/* tmux's grid_view_insert_lines: no clear. */
		grid_move_lines(s, gd, gd->hsize + py + ny, gd->hsize + py,
		    sy - py - ny, bg);
		return;
	}
	if (ny > s->rlower + 1 - py)
		ny = s->rlower + 1 - py;
	if (ny == 0)
		return;
	ny2 = s->rlower + 1 - py - ny;
	grid_move_lines(s, gd, gd->hsize + py + ny, gd->hsize + py, ny2, bg);
	screen_ops_clear_rest(s, py + ny2, ny, ny2, bg);
}

void
screen_ops_delete_lines(struct vt_screen *s, unsigned ny)
{
	struct vt_grid	*gd = s->grid;
	uint16_t	 bg = screen_ops_bg_style(s);
	unsigned	 sy = SY(s), py = s->cy, ny2;

	if (ny == 0)
		ny = 1;
	if (py < s->rupper || py > s->rlower) {
		if (ny > sy - py)
			ny = sy - py;
		if (ny == 0)
			return;
		grid_move_lines(s, gd, gd->hsize + py, gd->hsize + py + ny,
		    sy - py - ny, bg);
		grid_clear_cells(s, gd, 0, gd->hsize + sy - ny, gd->sx, ny, bg);
		return;
	}
	if (ny > s->rlower + 1 - py)
		ny = s->rlower + 1 - py;
	if (ny == 0)
		return;
	ny2 = s->rlower + 1 - py - ny;
	grid_move_lines(s, gd, gd->hsize + py, gd->hsize + py + ny, ny2, bg);
	screen_ops_clear_rest(s, py + ny2, ny, ny2, bg);
}

/* SU/SD count: at least 1, at most the scroll region's height. */
static unsigned
screen_ops_scroll_count(struct vt_screen *s, unsigned n)
{
	if (n == 0)
		return (1);
	if (n > s->rlower - s->rupper + 1)
		return (s->rlower - s->rupper + 1);
	return (n);
}

void
screen_ops_scroll_up(struct vt_screen *s, unsigned n)
{
	uint16_t	bg = screen_ops_bg_style(s);
	unsigned	i;

	n = screen_ops_scroll_count(s, n);
	for (i = 0; i < n; i++)
		grid_scroll_region_up(s, s->grid, s->rupper, s->rlower, bg);
}

void
screen_ops_scroll_down(struct vt_screen *s, unsigned n)
{
	uint16_t	bg = screen_ops_bg_style(s);
	unsigned	i;

	n = screen_ops_scroll_count(s, n);
	for (i = 0; i < n; i++)
		grid_scroll_region_down(s, s->grid, s->rupper, s->rlower, bg);
}

void
screen_ops_set_region(struct vt_screen *s, unsigned upper, unsigned lower)
{
	if (upper > SY(s) - 1)
		upper = SY(s) - 1;
	if (lower > SY(s) - 1)
		lower = SY(s) - 1;
	if (upper >= lower)
		return;
	s->cx = 0;
	s->cy = 0;
	s->rupper = upper;
	s->rlower = lower;
}

void
screen_ops_alignment_test(struct vt_screen *s)
{
	struct vt_cell	c = { 'E', 0 };
	unsigned	xx, yy;

	for (yy = 0; yy < SY(s); yy++) {
		for (xx = 0; xx < SX(s); xx++)
			screen_ops_set(s, xx, yy, c);
	}
	s->cx = 0;
	s->cy = 0;
	s->rupper = 0;
	s->rlower = SY(s) - 1;
}

void
screen_ops_alternate_on(struct vt_screen *s, int cursor)
{
	if (s->saved_grid != NULL)
		return;
	s->saved_grid = grid_duplicate_visible(s->grid, 0);
	s->saved_grid->history = s->grid->history;
	if (cursor) {
		s->saved_cx = s->cx;
		s->saved_cy = s->cy;
	}
	s->saved_cell = s->cell;
	screen_ops_clear(s, 0, 0, SX(s), SY(s), 0);
	s->grid->history = 0;
	s->events |= VT_EVENT_ALTERNATE;
}

void
screen_ops_alternate_off(struct vt_screen *s, int cursor)
{
	struct vt_grid	*gd, *sg = s->saved_grid;
	struct vt_row	*row;
	unsigned	 sx = SX(s), sy = SY(s), y;

	/* Back to the saved size first, then copy and resize again. */
	if (sg != NULL)
		resize_screen(s, sg->sx, sg->sy, 1);
	if (cursor && s->saved_cx != UINT_MAX && s->saved_cy != UINT_MAX) {
		s->cx = s->saved_cx;
		s->cy = s->saved_cy;
		s->cell = s->saved_cell;
	}
	if (sg == NULL) {
		if (s->cx > SX(s) - 1)
			s->cx = SX(s) - 1;
		if (s->cy > SY(s) - 1)
			s->cy = SY(s) - 1;
		return;
	}
	gd = s->grid;
	for (y = 0; y < sg->sy && y < gd->sy; y++) {
		row = grid_row(gd, gd->hsize + y);
		grid_row_free(row);
		*row = *grid_row(sg, y);
		memset(grid_row(sg, y), 0, sizeof *row);
	}
	if (sg->history)
		gd->history = 1;
	resize_screen(s, sx, sy, 1);
	grid_destroy(sg);
	s->saved_grid = NULL;
	s->events |= VT_EVENT_ALTERNATE;
	if (s->cx > SX(s) - 1)
		s->cx = SX(s) - 1;
	if (s->cy > SY(s) - 1)
		s->cy = SY(s) - 1;
}

void
screen_ops_save_cursor(struct vt_screen *s)
{
	s->dsc.cx = s->cx;
	s->dsc.cy = s->cy;
	s->dsc.cell = s->cell;
	s->dsc.g0set = s->g0set;
	s->dsc.g1set = s->g1set;
	s->dsc.set = s->shifted;
	s->dsc.origin = (s->mode & VT_MODE_ORIGIN) != 0;
}

void
screen_ops_restore_cursor(struct vt_screen *s)
{
	s->cell = s->dsc.cell;
	s->g0set = s->dsc.g0set;
	s->g1set = s->dsc.g1set;
	s->shifted = s->dsc.set;
	if (s->dsc.origin)
		screen_ops_mode_set(s, VT_MODE_ORIGIN);
	else
		screen_ops_mode_clear(s, VT_MODE_ORIGIN);
	screen_ops_cursor_move(s, s->dsc.cx, s->dsc.cy, 0);
}

void
screen_ops_clear_history(struct vt_screen *s)
{
	grid_trim_history(s->grid, s->grid->hsize);
	s->grid->hscrolled = 0;
}

/* RIS: tmux's input_reset_cell + screen_write_reset. */
void
screen_ops_full_reset(struct vt_screen *s)
{
	int	origin;

	palette_style_default(&s->cell);
	s->g0set = s->g1set = s->set = s->shifted = 0;
	/* tmux resets the saved cursor and cell but keeps the saved mode. */
	origin = s->dsc.origin;
	memset(&s->dsc, 0, sizeof s->dsc);
	palette_style_default(&s->dsc.cell);
	s->dsc.origin = origin;
	screen_ops_reset_tabs(s);
	s->rupper = 0;
	s->rlower = SY(s) - 1;
	s->cx = s->cy = 0;
	if ((s->mode & ~(VT_MODE_CURSOR|VT_MODE_WRAP)) != 0 ||
	    (s->mode & (VT_MODE_CURSOR|VT_MODE_WRAP)) !=
	    (VT_MODE_CURSOR|VT_MODE_WRAP))
		s->events |= VT_EVENT_MODE;
	s->mode = VT_MODE_CURSOR|VT_MODE_WRAP;
	screen_ops_clear_screen(s, 0);
	s->cx = s->cy = 0;
}
