/*
 * The public screen object (vt.h): creation, input, resets, state and
 * memory accounting. The other files: vtparse.c (the DEC state machine),
 * vt-dispatch.c, vt-sgr.c and vt-reply.c (what sequences mean),
 * screen-ops.c (tmux's screen-write operations), grid.c (rows, history),
 * palette.c (style and cluster tables), resize.c (resize and reflow),
 * capture.c (capture-pane), utf8.c and utf8-table.h (widths), fold-row.c
 * (rows packed between reads), fold.c and fold-deep.c (frozen screens).
 */
#include <limits.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "engine/term/vt_int.h"

/*
 * Store the rows a call expanded packed again (docs/design.md §3), but for the
 * cursor's row: the next read most likely writes it again.
 */
static void
screen_pack(struct vt_screen *s)
{
	struct vt_row	*row;

	fold_row_grid_pack(s->grid, s->grid->hsize + s->cy);
	fold_row_grid_pack(s->saved_grid, UINT_MAX);
	/*
	 * That row's array no larger than its cells: grid_set_run gives a
	 * new line the whole width at once (one allocation a line instead
	 * of five in a burst), which is not to stay between reads.
	 */
	if (s->cy < s->grid->sy) {
		row = grid_row_peek(s->grid, s->grid->hsize + s->cy);
		if ((~row->flags & VT_ROW_PACKED) && row->cap > row->len) {
			if (row->len == 0) {
				xfree(row->cells);
				row->cells = NULL;
			} else {
				row->cells = xreallocarray(row->cells, row->len,
				    sizeof *row->cells);
			}
			row->cap = row->len;
		}
	}
}

static void
cb_print(void *arg, uint32_t cp)
{
	vt_dispatch_print(arg, cp);
}

static void
cb_print_ascii(void *arg, const uint8_t *text, size_t n)
{
	vt_dispatch_print_ascii(arg, text, n);
}

static void
cb_print_repeat(void *arg, uint32_t cp, size_t n)
{
	vt_dispatch_print_repeat(arg, cp, n);
}

static void
cb_execute(void *arg, uint8_t ch)
{
	vt_dispatch_c0(arg, ch);
}

static void
cb_esc(void *arg, uint8_t ch)
{
	struct vt_screen	*s = arg;

	vt_dispatch_esc(s, s->parser, ch);
}

static void
cb_csi(void *arg, uint8_t ch)
{
	struct vt_screen	*s = arg;

	vt_dispatch_csi(s, s->parser, ch);
}

static void
cb_osc(void *arg, const char *str, size_t len)
{
	vt_dispatch_osc(arg, str, len);
}

static void
cb_apc(void *arg, const char *str, size_t len)
{
	vt_dispatch_apc(arg, str, len);
}

static void
cb_flush(void *arg)
{
	screen_ops_collect_end(arg);
}

/* Entering any string state ends what REP can repeat, even if aborted. */
static void
cb_string(void *arg)
{
	struct vt_screen	*s = arg;

	s->last_valid = 0;
}

/* Any UTF-8 byte, valid or not, ends what REP can repeat. */
static void
cb_topbit(void *arg)
{
	struct vt_screen	*s = arg;

	s->last_valid = 0;
}

static const struct vtparse_ops screen_parse_ops = {
	cb_print, cb_execute, cb_esc, cb_csi, cb_osc, cb_apc, cb_flush, cb_string,
	cb_topbit, cb_print_ascii, cb_print_repeat
};

/* A parser feeding s. */
struct vtparse *
screen_parser_new(struct vt_screen *s)
{
	struct vtparse	*p;

	p = xmalloc(sizeof *p);
	vtparse_init(p, &screen_parse_ops, s);
	return (p);
}

struct vt_screen *
vt_screen_new(unsigned sx, unsigned sy, unsigned hlimit)
{
	struct vt_screen	*s;

	if (sx < 1)
		sx = 1;
	if (sy < 1)
		sy = 1;
	s = xcalloc(1, sizeof *s);
	s->grid = grid_create(sx, sy, hlimit);
	s->grid->history = (hlimit != 0);	/* as tmux's grid_create */
	s->saved_cx = s->saved_cy = UINT_MAX;
	palette_style_default(&s->saved_cell);
	palette_style_default(&s->cell);
	palette_style_default(&s->dsc.cell);
	s->rupper = 0;
	s->rlower = sy - 1;
	s->mode = VT_MODE_CURSOR|VT_MODE_WRAP;
	s->title = xstrdup("");
	s->path = xstrdup("");
	s->fg = s->bg = VT_COLOUR_DEFAULT;
	screen_ops_reset_tabs(s);
	return (s);		/* the parser comes with the first input */
}

void
vt_screen_free(struct vt_screen *s)
{
	if (s == NULL)
		return;
	fold_free(s);
	grid_destroy(s->grid);
	grid_destroy(s->saved_grid);
	xfree(s->tabs);
	xfree(s->run);
	xfree(s->title);
	while (s->ntitles > 0)
		xfree(s->titles[--s->ntitles]);
	xfree(s->titles);
	xfree(s->path);
	if (s->clip != NULL) {
		buf_free(s->clip);
		xfree(s->clip);
	}
	palette_free(&s->pal);
	palette_intern_free(&s->clusters);
	if (s->parser != NULL) {
		vtparse_free(s->parser);
		xfree(s->parser);
	}
	xfree(s);
}

void
vt_screen_feed(struct vt_screen *s, const uint8_t *data, size_t len,
    struct buf *reply)
{
	if (len == 0)
		return;		/* nothing to parse: a frozen screen stays so */
	fold_thaw(s);
	s->reply = reply;
	s->zwj = 0;	/* tmux's flag lives in a per-read context */
	if (s->parser == NULL)
		s->parser = screen_parser_new(s);
	vtparse_input(s->parser, data, len);
	screen_ops_collect_end(s);
	s->reply = NULL;
	/*
	 * A parser left in ground with nothing held is no different from a
	 * fresh one: drop it (heap-profile.sh, replay N=100: 518 bytes a
	 * session, the screens that output often stay thawed).
	 */
	if (vtparse_idle(s->parser)) {
		vtparse_free(s->parser);
		xfree(s->parser);
		s->parser = NULL;
	}
}

void
vt_screen_pack(struct vt_screen *s)
{
	if (s->fold == NULL)
		screen_pack(s);
}

void
vt_screen_input(struct vt_screen *s, const uint8_t *data, size_t len,
    struct buf *reply)
{
	if (len == 0)
		return;
	vt_screen_feed(s, data, len, reply);
	screen_pack(s);
}

void
vt_screen_resize(struct vt_screen *s, unsigned sx, unsigned sy)
{
	fold_thaw(s);
	resize_screen(s, sx, sy, s->saved_grid == NULL);
	s->grid->unpacked_all = 1;
	if (s->saved_grid != NULL)
		s->saved_grid->unpacked_all = 1;
	screen_pack(s);
}

void
vt_screen_set_history_limit(struct vt_screen *s, unsigned limit)
{
	fold_thaw(s);
	s->grid->hlimit = limit;
	if (s->saved_grid != NULL)
		s->saved_grid->history = (limit != 0);
	else
		s->grid->history = (limit != 0);
	if (s->grid->hsize > limit)
		grid_trim_history(s->grid, s->grid->hsize - limit);
	screen_pack(s);
}

void
vt_screen_clear_history(struct vt_screen *s)
{
	fold_thaw(s);
	screen_ops_clear_history(s);
	screen_pack(s);
}

/*
 * resize-pane -T: the lines below the cursor go and as many history lines
 * come back at the top, the cursor moving down with them (tmux 3.3a).
 */
void
vt_screen_trim_below_cursor(struct vt_screen *s)
{
	struct vt_grid	*gd;
	unsigned	 adjust;

	fold_thaw(s);
	screen_ops_collect_end(s);
	gd = s->grid;
	adjust = gd->sy - 1 - s->cy;
	if (adjust > gd->hsize)
		adjust = gd->hsize;
	grid_remove_history(gd, adjust);
	s->cy += adjust;
	screen_pack(s);
}

/* respawn-pane: tmux's screen_reinit (history kept) and a new parser. */
void
vt_screen_reset(struct vt_screen *s)
{
	struct vt_grid	*gd;

	fold_thaw(s);
	screen_ops_collect_end(s);
	if (s->saved_grid != NULL)
		screen_ops_alternate_off(s, 0);
	gd = s->grid;
	s->cx = s->cy = 0;
	s->rupper = 0;
	s->rlower = gd->sy - 1;
	s->mode = VT_MODE_CURSOR|VT_MODE_WRAP|(s->mode & VT_MODE_CRLF);
	s->saved_cx = s->saved_cy = UINT_MAX;
	screen_ops_reset_tabs(s);
	grid_clear_cells(s, gd, 0, gd->hsize, gd->sx, gd->sy, 0);
	while (s->ntitles > 0)
		xfree(s->titles[--s->ntitles]);

	palette_style_default(&s->cell);
	palette_style_default(&s->saved_cell);
	memset(&s->dsc, 0, sizeof s->dsc);
	palette_style_default(&s->dsc.cell);
	s->g0set = s->g1set = s->set = s->shifted = 0;
	s->last_valid = 0;
	s->zwj = 0;
	s->cstyle = 0;
	if (s->parser != NULL)
		vtparse_reset(s->parser);
	screen_pack(s);
}

void
vt_screen_input_reset(struct vt_screen *s)
{
	fold_thaw(s);
	screen_ops_collect_end(s);
	palette_style_default(&s->cell);
	memset(&s->dsc, 0, sizeof s->dsc);
	palette_style_default(&s->dsc.cell);
	s->g0set = s->g1set = s->set = s->shifted = 0;
	screen_ops_full_reset(s);
	s->last_valid = 0;
	s->zwj = 0;
	if (s->parser != NULL)
		vtparse_reset(s->parser);
	screen_pack(s);
}

void
vt_screen_set_title(struct vt_screen *s, const char *title)
{
	xfree(s->title);
	s->title = xstrdup(title);
}

/* Each record: kind (0 set, 1 query ending with BEL, 2 with ST), length. */
void
vt_screen_take_clipboard(struct vt_screen *s, vt_clipboard_cb cb, void *arg)
{
	struct buf	*clip = s->clip;
	const uint8_t	*p;
	uint32_t	 len;
	uint8_t		 kind;

	if (clip == NULL)
		return;
	s->clip = NULL;
	while (clip->len >= 5) {
		p = buf_data(clip);
		kind = p[0];
		memcpy(&len, p + 1, sizeof len);
		if (kind == 0)
			cb(p + 5, len, 0, arg);
		else
			cb(NULL, 0, kind == 1, arg);
		buf_consume(clip, 5 + (size_t)len);
	}
	buf_free(clip);
	xfree(clip);
}

unsigned
vt_screen_take_events(struct vt_screen *s)
{
	unsigned	events = s->events;

	s->events = 0;
	return (events);
}

void
vt_screen_state(struct vt_screen *s, struct vt_state *st)
{
	if (s->fold != NULL) {
		fold_state(s, st);
		return;
	}
	memset(st, 0, sizeof *st);
	st->cx = s->cx;
	st->cy = s->cy;
	st->sx = s->grid->sx;
	st->sy = s->grid->sy;
	st->mode = s->mode;
	st->alternate_on = (s->saved_grid != NULL);
	st->alternate_saved_x = s->saved_cx;
	st->alternate_saved_y = s->saved_cy;
	st->rupper = s->rupper;
	st->rlower = s->rlower;
	st->history_size = s->grid->hsize;
	st->history_limit = s->grid->hlimit;
	st->history_bytes = fold_history_bytes(s->grid, &st->history_cells,
	    &st->history_extd);
	st->title = s->title;
	st->path = s->path;
	st->fg = s->fg;
	st->bg = s->bg;
}

char *
vt_screen_tabs(struct vt_screen *s)
{
	struct vt_screen	*t = NULL;
	struct buf		 b;
	uint8_t			*tabs = s->tabs, *peeked = NULL;
	unsigned		 i, size = s->tabs_size;

	if (s->fold != NULL) {
		if ((peeked = fold_peek_tabs(s, &size)) != NULL)
			tabs = peeked;
		else {
			s = t = fold_peek(s, 0, 0);	/* no cells needed */
			tabs = s->tabs;
			size = s->tabs_size;
		}
	}
	buf_init(&b);
	for (i = 0; i < size; i++) {
		if (!tabs[i])
			continue;
		if (b.len != 0)
			buf_add_byte(&b, ',');
		buf_add_uint(&b, i);
	}
	xfree(peeked);
	if (t != NULL)
		fold_peek_done(NULL, t);
	return (buf_take(&b, NULL));
}

size_t
vt_screen_memory(struct vt_screen *s)
{
	size_t	size = sizeof *s;

	size += fold_memory(s);
	size += grid_memory(s->grid) + grid_memory(s->saved_grid);
	size += (s->tabs != NULL ? s->tabs_size + 1 : 0) + s->run_cap;
	size += strlen(s->title) + 1 + strlen(s->path) + 1;
	size += palette_memory(&s->pal, &s->clusters);
	if (s->parser != NULL)
		size += sizeof *s->parser + vtparse_memory(s->parser);
	return (size);
}
