/*
 * Word and space motions over copy mode's snapshot, with tmux 3.3a's
 * rules: three kinds of cell (whitespace, a character of the separator
 * set, anything else) and a word runs over cells of one kind; a word
 * that wraps at the right edge goes on to the next line; cells past a
 * line's end read as spaces, and a wide character's second cell belongs
 * to no set.  next-space and friends pass an empty separator set.
 */
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/copy-reader.h"

void
copy_reader_start(struct copy_reader *cr, struct vt_screen *snap,
    unsigned hsize, unsigned sx, unsigned sy, unsigned cx, unsigned cy)
{
	memset(cr, 0, sizeof *cr);
	cr->snap = snap;
	cr->hsize = hsize;
	cr->sx = sx;
	cr->sy = sy;
	cr->cx = cx;
	cr->cy = cy;
	cr->line = -1;
}

void
copy_reader_free(struct copy_reader *cr)
{
	xfree(cr->cells);
	cr->cells = NULL;
	cr->line = -1;
}

static int
copy_reader_blank(const struct vt_rcell *rc)
{
	return (rc->width != 0 && (rc->data[0] == '\0' ||
	    (rc->data[0] == ' ' && rc->data[1] == '\0')));
}

/* Read line y (absolute) if it is not the one read last. */
static void
copy_reader_read(struct copy_reader *cr, unsigned y)
{
	unsigned	i, n;

	if (cr->line == (long)y)
		return;
	if (cr->cells == NULL)
		cr->cells = xcalloc(cr->sx, sizeof *cr->cells);
	for (i = 0; i < cr->sx; i++) {
		memset(&cr->cells[i], 0, sizeof cr->cells[i]);
		cr->cells[i].data[0] = ' ';
		cr->cells[i].width = 1;
	}
	vt_screen_read_lines(cr->snap, (long)y - (long)cr->hsize, 1, cr->sx,
	    cr->cells);
	n = cr->sx;
	while (n > 0 && copy_reader_blank(&cr->cells[n - 1]))
		n--;
	cr->length = n;
	cr->wrapped = vt_screen_line_wrapped(cr->snap,
	    (long)y - (long)cr->hsize);
	cr->line = y;
}

static unsigned
copy_reader_length(struct copy_reader *cr, unsigned y)
{
	copy_reader_read(cr, y);
	return (cr->length);
}

static int
copy_reader_wrapped(struct copy_reader *cr, unsigned y)
{
	copy_reader_read(cr, y);
	return (cr->wrapped);
}

static unsigned
copy_reader_last(struct copy_reader *cr)
{
	return (cr->hsize + cr->sy - 1);
}

/* Whether the cell at x on line y is a wide character's second cell. */
static int
copy_reader_padding(struct copy_reader *cr, unsigned x, unsigned y)
{
	copy_reader_read(cr, y);
	return (x < cr->sx && cr->cells[x].width == 0);
}

/* Whether the character at the cursor is one of set's characters. */
int
copy_reader_in_set(struct copy_reader *cr, const char *set)
{
	const struct vt_rcell	*rc;
	const char		*data = " ", *p;
	size_t			 len;

	copy_reader_read(cr, cr->cy);
	if (cr->cx < cr->sx) {
		rc = &cr->cells[cr->cx];
		if (rc->width == 0)
			return (0);
		if (rc->data[0] != '\0')
			data = rc->data;
	}
	len = strlen(data);
	for (p = set; *p != '\0'; p++) {
		if (strncmp(p, data, len) == 0)
			return (1);
	}
	return (0);
}

static void
copy_reader_back_over_padding(struct copy_reader *cr)
{
	while (cr->cx > 0 && copy_reader_padding(cr, cr->cx, cr->cy))
		cr->cx--;
}

static void
copy_reader_up(struct copy_reader *cr)
{
	if (cr->cy > 0)
		cr->cy--;
	copy_reader_back_over_padding(cr);
}

static void
copy_reader_down(struct copy_reader *cr)
{
	if (cr->cy < copy_reader_last(cr))
		cr->cy++;
	copy_reader_back_over_padding(cr);
}

/* One cell right: to the next line at the end with wrap. */
void
copy_reader_right(struct copy_reader *cr, int wrap, int all)
{
	unsigned	px;

	px = all ? cr->sx : copy_reader_length(cr, cr->cy);
	if (wrap && cr->cx >= px && cr->cy < copy_reader_last(cr)) {
		cr->cx = 0;
		copy_reader_down(cr);
	} else if (cr->cx < px) {
		cr->cx++;
		while (cr->cx < px && copy_reader_padding(cr, cr->cx, cr->cy))
			cr->cx++;
	}
}

/*
 * One cell left: from the start of a line to the end of the one above
 * with wrap, or when that one wraps into this.
 */
void
copy_reader_left(struct copy_reader *cr, int wrap)
{
	copy_reader_back_over_padding(cr);
	if (cr->cx == 0 && cr->cy > 0 &&
	    (wrap || copy_reader_wrapped(cr, cr->cy - 1))) {
		copy_reader_up(cr);
		cr->cx = copy_reader_length(cr, cr->cy);
	} else if (cr->cx > 0)
		cr->cx--;
}

/*
 * Keep the cursor inside the line (up to xx), going on to the next lines
 * as needed; 0 if that would pass the last line.
 */
static int
copy_reader_wrap(struct copy_reader *cr, unsigned *xx)
{
	while (cr->cx > *xx) {
		if (cr->cy == copy_reader_last(cr))
			return (0);
		cr->cx = 0;
		copy_reader_down(cr);
		if (copy_reader_wrapped(cr, cr->cy))
			*xx = cr->sx - 1;
		else
			*xx = copy_reader_length(cr, cr->cy);
	}
	return (1);
}

/* How far the cursor's line goes: a wrapped one to the right edge. */
static unsigned
copy_reader_limit(struct copy_reader *cr)
{
	if (copy_reader_wrapped(cr, cr->cy))
		return (cr->sx - 1);
	return (copy_reader_length(cr, cr->cy));
}

#define WS COPY_READER_WHITESPACE

/* Over the run of one kind (separators, or other non-blank cells). */
static void
copy_reader_skip_run(struct copy_reader *cr, const char *seps, unsigned *xx)
{
	int	sep = copy_reader_in_set(cr, seps);

	do
		cr->cx++;
	while (copy_reader_wrap(cr, xx) && !copy_reader_in_set(cr, WS) &&
	    copy_reader_in_set(cr, seps) == sep);
}

/*
 * To the start of the next word: past the rest of this one (a run of
 * separators or of other characters), then past whitespace.
 */
void
copy_reader_next_word(struct copy_reader *cr, const char *seps)
{
	unsigned	xx = copy_reader_limit(cr);

	if (!copy_reader_wrap(cr, &xx))
		return;
	if (!copy_reader_in_set(cr, WS))
		copy_reader_skip_run(cr, seps, &xx);
	while (copy_reader_wrap(cr, &xx) && copy_reader_in_set(cr, WS))
		cr->cx++;
}

/* Past whitespace, then to just after the end of the word there. */
void
copy_reader_next_word_end(struct copy_reader *cr, const char *seps)
{
	unsigned	xx = copy_reader_limit(cr);

	while (copy_reader_wrap(cr, &xx)) {
		if (copy_reader_in_set(cr, WS)) {
			cr->cx++;
			continue;
		}
		copy_reader_skip_run(cr, seps, &xx);
		return;
	}
}

/*
 * Back to the start of a word: to the previous non-whitespace cell
 * (already: even when not on whitespace; stop_at_eol: stop at the end
 * of a line above that ends in whitespace), then back over its kind,
 * into lines above that wrap into this one.
 */
void
copy_reader_previous_word(struct copy_reader *cr, const char *seps,
    int already, int stop_at_eol)
{
	unsigned	oldx, oldy;
	int		letters = 0, at_eol;

	if (already || copy_reader_in_set(cr, WS)) {
		for (;;) {
			if (cr->cx > 0) {
				cr->cx--;
				if (!copy_reader_in_set(cr, WS)) {
					letters = !copy_reader_in_set(cr, seps);
					break;
				}
				continue;
			}
			if (cr->cy == 0)
				return;
			copy_reader_up(cr);
			cr->cx = copy_reader_length(cr, cr->cy);
			if (stop_at_eol && cr->cx > 0) {
				oldx = cr->cx;
				cr->cx--;
				at_eol = copy_reader_in_set(cr, WS);
				cr->cx = oldx;
				if (at_eol) {
					letters = 0;
					break;
				}
			}
		}
	} else
		letters = !copy_reader_in_set(cr, seps);

	do {
		oldx = cr->cx;
		oldy = cr->cy;
		if (cr->cx == 0) {
			if (cr->cy == 0 || !copy_reader_wrapped(cr, cr->cy - 1))
				break;
			copy_reader_up(cr);
			cr->cx = cr->sx;
		}
		if (cr->cx > 0)
			cr->cx--;
	} while (!copy_reader_in_set(cr, WS) &&
	    letters != copy_reader_in_set(cr, seps));
	cr->cx = oldx;
	cr->cy = oldy;
}

#undef WS
