/*
 * Freezing quiet screens (docs/design.md §3): vt_screen_freeze turns the heap
 * parts of a screen (both grids with their packed rows, palette, clusters,
 * tab stops, pushed titles) into one byte blob; the struct itself keeps the
 * scalar state (cursor, modes, SGR, parser state), the title and the path,
 * and a snapshot of vt_screen_state. Input, resize and the other writes
 * thaw it (fold_thaw); captures and vt_screen_tabs decode a temporary copy
 * and leave it frozen (fold_peek), vt_screen_state reads the snapshot.
 * fold-deep.c moves the blob to a cold store, zstd-compressed.
 *
 * Also the freeze policy (vt_fold_*): pure functions of timestamps the
 * caller passes; engine/term has no clock.
 */
#include <limits.h>
#include <string.h>

#include "engine/base/log.h"
#include "engine/base/xmalloc.h"
#include "engine/term/vt_int.h"

#define FOLD_MAGIC	0x5a46	/* "ZF" */
#define FOLD_VERSION	2

static void
fold_put_u(struct buf *b, uint64_t v)
{
	uint8_t	tmp[10];
	size_t	n = 0;

	while (v >= 0x80) {
		tmp[n++] = (v & 0x7f) | 0x80;
		v >>= 7;
	}
	tmp[n++] = v;
	buf_add(b, tmp, n);
}

static uint64_t
fold_get_u(struct fold_reader *r)
{
	uint64_t	v = 0;
	unsigned	shift = 0;

	while (r->p < r->end && shift < 64) {
		v |= (uint64_t)(*r->p & 0x7f) << shift;
		if (!(*r->p++ & 0x80))
			return (v);
		shift += 7;
	}
	fatalx("%s: corrupt frozen screen", __func__);
}

static const uint8_t *
fold_get_bytes(struct fold_reader *r, size_t n)
{
	const uint8_t	*p = r->p;

	if ((size_t)(r->end - r->p) < n)
		fatalx("%s: corrupt frozen screen", __func__);
	r->p += n;
	return (p);
}

static void
fold_put_str(struct buf *b, const char *s)
{
	size_t	len = strlen(s);

	fold_put_u(b, len);
	buf_add(b, s, len);
}

static char *
fold_get_str(struct fold_reader *r)
{
	size_t	len = fold_get_u(r);

	return (xstrndup((const char *)fold_get_bytes(r, len), len));
}

/*
 * A line: flags, len, and (unless the line is empty with no tmux
 * bookkeeping) used, size, extd and the packed cells. An empty line that
 * still has bookkeeping gets FOLD_ROW_META in flags.
 */
#define FOLD_ROW_META	0x80
void
fold_put_row(struct buf *b, const struct vt_row *row)
{
	uint8_t		 stack[4096], *tmp;
	size_t		 n;
	unsigned	 flags;

	/* EXTDANY is not kept: fold_get_row sets it on every line. */
	flags = row->flags & ~(VT_ROW_PACKED|VT_ROW_PEXTD|VT_ROW_EXTDANY);
	if (row->len == 0) {
		if (row->used == 0 && row->size == 0 && row->extd == 0) {
			fold_put_u(b, flags);
			fold_put_u(b, 0);
			return;
		}
		flags |= FOLD_ROW_META;
	}
	fold_put_u(b, flags);
	fold_put_u(b, row->len);
	fold_put_u(b, row->used);
	fold_put_u(b, row->size);
	fold_put_u(b, row->extd);
	if (row->len == 0)
		return;
	if (row->flags & VT_ROW_PACKED) {
		fold_put_u(b, row->cap);
		buf_add(b, row->cells, row->cap);
		return;
	}
	/* Rows the codec could not shrink: encode them anyway. */
	tmp = stack;
	if (FOLD_ROW_BOUND(row->len) > sizeof stack)
		tmp = xmalloc(FOLD_ROW_BOUND(row->len));
	n = fold_row_encode(row->cells, row->len, tmp);
	fold_put_u(b, n);
	buf_add(b, tmp, n);
	if (tmp != stack)
		xfree(tmp);
}

/* A line into an empty row; its cells only if cells is set. */
void
fold_get_row(struct fold_reader *r, struct vt_row *row, int cells)
{
	struct vt_cell	*c;
	const uint8_t	*data;
	size_t		 plen;

	row->flags = fold_get_u(r);
	row->len = fold_get_u(r);
	if (row->len == 0) {
		if (~row->flags & FOLD_ROW_META)
			return;
		row->flags &= ~FOLD_ROW_META;
	}
	row->used = fold_get_u(r);
	row->size = fold_get_u(r);
	row->extd = fold_get_u(r);
	if (row->len == 0)
		return;
	row->flags |= VT_ROW_EXTDANY;	/* its cells may have EXTD */
	plen = fold_get_u(r);
	data = fold_get_bytes(r, plen);
	if (!cells) {
		memset(row, 0, sizeof *row);
		return;
	}
	if (plen < (size_t)row->len * sizeof (struct vt_cell) &&
	    plen <= 0xffff) {
		row->cells = xmemdup(data, plen);
		row->cap = plen;
		row->flags |= VT_ROW_PACKED;
	} else {
		c = xreallocarray(NULL, row->len, sizeof *c);
		if (fold_row_decode(data, plen, c, row->len) != 0)
			fatalx("%s: corrupt frozen row", __func__);
		row->cells = c;
		row->cap = row->len;
	}
}

/* A grid: its sizes, then its lines but the sealed history ones. */
static void
fold_put_grid(struct buf *b, struct vt_grid *gd)
{
	unsigned	 y;

	if (gd == NULL) {
		fold_put_u(b, 0);
		return;
	}
	fold_put_u(b, 1);
	fold_put_u(b, gd->sx);
	fold_put_u(b, gd->sy);
	fold_put_u(b, gd->hsize);
	fold_put_u(b, gd->hlimit);
	fold_put_u(b, gd->hscrolled);
	fold_put_u(b, gd->history);
	fold_put_u(b, grid_sealed(gd));
	for (y = grid_sealed(gd); y < gd->hsize + gd->sy; y++)
		fold_put_row(b, grid_row_peek(gd, y));
}

/*
 * A grid; only lines lo to hi-1 get their cells (readers need no more).
 * Its sealed lines are counted (a hist with rows but no chunks) but not
 * there: the caller gives them back (fold_hist_copy, or the grid's own
 * hist on thaw).
 */
static struct vt_grid *
fold_get_grid(struct fold_reader *r, unsigned lo, unsigned hi)
{
	struct vt_grid	*gd;
	unsigned	 sx, sy, y, n, sealed;

	if (fold_get_u(r) == 0)
		return (NULL);
	sx = fold_get_u(r);
	sy = fold_get_u(r);
	gd = grid_create(sx, sy, 0);
	gd->hsize = fold_get_u(r);
	gd->hlimit = fold_get_u(r);
	gd->hscrolled = fold_get_u(r);
	gd->history = fold_get_u(r);
	sealed = fold_get_u(r);
	if (sealed > gd->hsize)
		fatalx("%s: corrupt frozen screen", __func__);
	if (sealed != 0) {
		gd->hist = xcalloc(1, sizeof *gd->hist);
		gd->hist->rows = sealed;
	}
	n = gd->hsize + gd->sy - sealed;
	if (n > gd->cap) {
		xfree(gd->rows);
		gd->cap = n;
		gd->rows = xcalloc(gd->cap, sizeof *gd->rows);
	}
	for (y = sealed; y < gd->hsize + gd->sy; y++)
		fold_get_row(r, grid_row_peek(gd, y), y >= lo && y < hi);
	gd->unpacked_all = 0;
	return (gd);
}

/* The heap parts of a screen as one blob (see the file comment). */
static void
fold_encode(struct vt_screen *s, struct buf *b)
{
	unsigned	i;
	uint8_t		bits;

	fold_put_u(b, FOLD_MAGIC);
	fold_put_u(b, FOLD_VERSION);

	fold_put_u(b, s->tabs_size);
	for (i = 0; i < s->tabs_size; i += 8) {
		bits = 0;
		for (unsigned j = 0; j < 8 && i + j < s->tabs_size; j++) {
			if (s->tabs[i + j])
				bits |= 1 << j;
		}
		buf_add_byte(b, bits);
	}

	fold_put_u(b, s->ntitles);
	for (i = 0; i < s->ntitles; i++)
		fold_put_str(b, s->titles[i]);

	fold_put_u(b, s->pal.n);
	for (i = 0; i < s->pal.n; i++) {
		fold_put_u(b, s->pal.styles[i].attr);
		fold_put_u(b, (uint32_t)s->pal.styles[i].fg);
		fold_put_u(b, (uint32_t)s->pal.styles[i].bg);
		fold_put_u(b, (uint32_t)s->pal.styles[i].us);
	}

	fold_put_u(b, s->clusters.n);
	for (i = 0; i < s->clusters.n; i++)
		fold_put_str(b, s->clusters.strs[i]);

	fold_put_grid(b, s->grid);
	fold_put_grid(b, s->saved_grid);
}

/*
 * Rebuild the heap parts of s from a blob; of the main grid only lines lo
 * to hi-1 get their cells.
 */
static void
fold_decode(struct vt_screen *s, const uint8_t *blob, size_t len,
    unsigned lo, unsigned hi)
{
	struct fold_reader	 r = { blob, blob + len };
	struct vt_style		*styles;
	const uint8_t		*bits;
	unsigned		 i, n;
	char			*str;

	if (fold_get_u(&r) != FOLD_MAGIC || fold_get_u(&r) != FOLD_VERSION)
		fatalx("%s: not a frozen screen", __func__);

	s->tabs_size = fold_get_u(&r);
	s->tabs = xcalloc(s->tabs_size + 1, 1);
	bits = fold_get_bytes(&r, (s->tabs_size + 7) / 8);
	for (i = 0; i < s->tabs_size; i++)
		s->tabs[i] = (bits[i / 8] >> (i % 8)) & 1;

	s->ntitles = fold_get_u(&r);
	s->titles = NULL;
	if (s->ntitles != 0) {
		s->titles = xreallocarray(NULL, s->ntitles, sizeof *s->titles);
		for (i = 0; i < s->ntitles; i++)
			s->titles[i] = fold_get_str(&r);
	}

	n = fold_get_u(&r);
	styles = xreallocarray(NULL, n == 0 ? 1 : n, sizeof *styles);
	for (i = 0; i < n; i++) {
		styles[i].attr = fold_get_u(&r);
		styles[i].fg = (int32_t)fold_get_u(&r);
		styles[i].bg = (int32_t)fold_get_u(&r);
		styles[i].us = (int32_t)fold_get_u(&r);
	}
	memset(&s->pal, 0, sizeof s->pal);
	palette_restore(&s->pal, styles, n);
	xfree(styles);

	memset(&s->clusters, 0, sizeof s->clusters);
	n = fold_get_u(&r);
	for (i = 0; i < n; i++) {
		str = fold_get_str(&r);
		if (palette_intern_add(&s->clusters, str, strlen(str)) != i)
			fatalx("%s: duplicate cluster", __func__);
		xfree(str);
	}

	s->grid = fold_get_grid(&r, lo, hi);
	s->saved_grid = fold_get_grid(&r, 0, UINT_MAX);
	if (s->grid == NULL || r.p != r.end)
		fatalx("%s: corrupt frozen screen", __func__);
}

/* Free the heap parts the blob holds (not title, path or parser). */
static void
fold_release(struct vt_screen *s)
{
	grid_destroy(s->grid);
	s->grid = NULL;
	grid_destroy(s->saved_grid);
	s->saved_grid = NULL;
	xfree(s->tabs);
	s->tabs = NULL;
	while (s->ntitles > 0)
		xfree(s->titles[--s->ntitles]);
	xfree(s->titles);
	s->titles = NULL;
	palette_free(&s->pal);
	palette_intern_free(&s->clusters);
}

/*
 * #{history_bytes} as tmux 3.3a's format_cb_history_bytes counts it, and
 * the cell and extended cell counts #{history_all_bytes} shows.
 */
size_t
fold_history_bytes(struct vt_grid *gd, size_t *cells, size_t *extd)
{
	struct vt_row	*row;
	size_t		 size = 0;
	unsigned	 i, n = gd->hsize + gd->sy;

	*cells = gd->hist != NULL ? gd->hist->cells : 0;
	*extd = gd->hist != NULL ? gd->hist->extd : 0;
	for (i = grid_sealed(gd); i < n; i++) {
		row = grid_row_peek(gd, i);
		*cells += row->size;
		*extd += row->extd;
	}
	size += *cells * 5;			/* grid_cell_entry */
	size += *extd * 19;			/* grid_extd_entry */
	size += (size_t)n * 32;			/* grid_line */
	return (size);
}

/* The grids' sealed lines go with the frozen form (not in the blob). */
static void
fold_hist_take(struct vt_fold_state *fs, struct vt_screen *s)
{
	fs->hist[0] = s->grid->hist;
	s->grid->hist = NULL;
	if (s->saved_grid != NULL) {
		fs->hist[1] = s->saved_grid->hist;
		s->saved_grid->hist = NULL;
	}
}

/* And back to the decoded grids on thaw (sealed still). */
static void
fold_hist_give(struct vt_fold_state *fs, struct vt_screen *s)
{
	struct vt_grid	*gd[2] = { s->grid, s->saved_grid };
	unsigned	 i;

	for (i = 0; i < 2; i++) {
		if (gd[i] == NULL)
			continue;
		/* The decoded grid holds a count only (fold_get_grid). */
		if (grid_sealed(gd[i]) != (fs->hist[i] != NULL ?
		    fs->hist[i]->rows : 0))
			fatalx("%s: sealed lines lost", __func__);
		fold_hist_free(gd[i]->hist);
		gd[i]->hist = fs->hist[i];
		fs->hist[i] = NULL;
	}
}

/* A decoded copy's sealed lines, decoded from the originals. */
static void
fold_hist_copy_all(struct vt_screen *t, const struct vt_hist *main,
    const struct vt_hist *saved)
{
	fold_hist_copy(t->grid, main);
	if (t->saved_grid != NULL)
		fold_hist_copy(t->saved_grid, saved);
}

void
vt_screen_freeze(struct vt_screen *s)
{
	struct vt_fold_state	*fs;
	struct buf		 b;

	if (s->fold != NULL)
		return;
	screen_ops_collect_end(s);
	fold_row_grid_pack(s->grid, UINT_MAX);
	fold_row_grid_pack(s->saved_grid, UINT_MAX);

	fs = xcalloc(1, sizeof *fs);
	vt_screen_state(s, &fs->state);
	fs->state.title = fs->state.path = NULL;

	fold_hist_seal(s->grid);
	fold_hist_seal(s->saved_grid);
	buf_init(&b);
	fold_encode(s, &b);
	fs->len = b.len;
	fs->blob = xmemdup(buf_data(&b), b.len);
	buf_free(&b);

	fold_hist_take(fs, s);
	fold_release(s);
	xfree(s->run);
	s->run = NULL;
	s->run_len = s->run_cap = 0;
	/*
	 * The parser goes too when a fresh one would do the same (it is
	 * idle between reads but for a sequence split across reads), else
	 * at least its empty buffers.
	 */
	if (s->parser == NULL)
		/* nothing */;
	else if (vtparse_idle(s->parser)) {
		vtparse_free(s->parser);
		xfree(s->parser);
		s->parser = NULL;
	} else {
		if (s->parser->strlen == 0) {
			xfree(s->parser->str);
			s->parser->str = NULL;
			s->parser->strcap = 0;
		}
		if (s->parser->pending.len == 0) {
			buf_free(&s->parser->pending);
			buf_init(&s->parser->pending);
		}
	}
	s->fold = fs;
}

int
vt_screen_is_frozen(struct vt_screen *s)
{
	if (s->fold == NULL)
		return (VT_FROZEN_NO);
	return (s->fold->blob == NULL ? VT_FROZEN_DEEP : VT_FROZEN);
}

/* The raw blob of a frozen screen; *tofree is set if the caller frees it. */
static const uint8_t *
fold_blob(struct vt_screen *s, uint8_t **tofree)
{
	struct vt_fold_state	*fs = s->fold;

	*tofree = NULL;
	if (fs->blob != NULL)
		return (fs->blob);
	*tofree = fs->load(s);
	return (*tofree);
}

/*
 * A copy of s's grids, palette and cursor (copy mode reads it while the
 * pane goes on); its own screen, not frozen, with no parser state.
 */
struct vt_screen *
vt_screen_snapshot(struct vt_screen *s)
{
	struct vt_screen	*t;
	struct vt_state		 st;
	struct buf		 b;
	const struct vt_hist	*main, *saved;
	const uint8_t		*blob;
	uint8_t			*tofree = NULL;
	size_t			 len;

	vt_screen_state(s, &st);
	t = vt_screen_new(st.sx, st.sy, st.history_limit);
	fold_release(t);
	buf_init(&b);
	if (s->fold != NULL) {
		blob = fold_blob(s, &tofree);
		len = s->fold->len;
		main = s->fold->hist[0];
		saved = s->fold->hist[1];
	} else {
		screen_ops_collect_end(s);
		fold_row_grid_pack(s->grid, UINT_MAX);
		fold_row_grid_pack(s->saved_grid, UINT_MAX);
		fold_encode(s, &b);
		blob = buf_data(&b);
		len = b.len;
		main = s->grid->hist;
		saved = s->saved_grid != NULL ? s->saved_grid->hist : NULL;
	}
	if (blob != NULL) {
		fold_decode(t, blob, len, 0, UINT_MAX);
		fold_hist_copy_all(t, main, saved);
	} else
		fold_blank(t, &st);
	xfree(tofree);
	buf_free(&b);
	t->cx = st.cx;
	t->cy = st.cy;
	t->mode = st.mode;
	return (t);
}

/* Thaw a frozen screen for good (input, resize and other writes). */
void
fold_thaw(struct vt_screen *s)
{
	struct vt_fold_state	*fs = s->fold;
	const uint8_t		*blob;
	uint8_t			*tofree;

	if (fs == NULL)
		return;
	blob = fold_blob(s, &tofree);
	if (blob != NULL) {
		fold_decode(s, blob, fs->len, 0, UINT_MAX);
		fold_hist_give(fs, s);
	} else
		fold_blank(s, &fs->state);
	xfree(tofree);
	fold_free(s);
}

void
vt_screen_thaw(struct vt_screen *s)
{
	fold_thaw(s);
}

/* Free the frozen form (blob and cold copy), leaving s->fold NULL. */
void
fold_free(struct vt_screen *s)
{
	struct vt_fold_state	*fs = s->fold;

	if (fs == NULL)
		return;
	if (fs->cold != NULL)
		fs->cold->free(fs->cold->handle, fs->cold_id, fs->cold_len);
	fold_hist_free(fs->hist[0]);
	fold_hist_free(fs->hist[1]);
	xfree(fs->blob);
	xfree(fs);
	s->fold = NULL;
}

/*
 * A temporary thawed copy of a frozen screen for a reader (capture, tabs);
 * s stays frozen. Only lines lo to hi-1 of the main grid (0 is the oldest
 * history line) have cells. Give it back with fold_peek_done.
 */
struct vt_screen *
fold_peek(struct vt_screen *s, unsigned lo, unsigned hi)
{
	struct vt_screen	*t;
	const uint8_t		*blob;
	uint8_t			*tofree;

	t = xmalloc(sizeof *t);
	*t = *s;
	t->fold = NULL;
	blob = fold_blob(s, &tofree);
	if (blob != NULL) {
		fold_decode(t, blob, s->fold->len, lo, hi);
		/* Sealed lines only when read (blank otherwise, like lo). */
		if (lo < grid_sealed(t->grid))
			fold_hist_copy(t->grid, s->fold->hist[0]);
		if (t->saved_grid != NULL)
			fold_hist_copy(t->saved_grid, s->fold->hist[1]);
	} else
		fold_blank(t, &s->fold->state);
	xfree(tofree);
	return (t);
}

/*
 * Only the tab stops, the blob's first field: thawing a copy for them
 * was half of #{pane_tabs} in libtmux's lists (callgrind).
 */
uint8_t *
fold_peek_tabs(struct vt_screen *s, unsigned *size)
{
	struct fold_reader	 r;
	const uint8_t		*blob, *bits;
	uint8_t			*tofree, *tabs;
	unsigned		 i;

	blob = fold_blob(s, &tofree);
	if (blob == NULL)
		return (NULL);
	r.p = blob;
	r.end = blob + s->fold->len;
	if (fold_get_u(&r) != FOLD_MAGIC || fold_get_u(&r) != FOLD_VERSION)
		fatalx("%s: not a frozen screen", __func__);
	*size = fold_get_u(&r);
	tabs = xcalloc(*size + 1, 1);
	bits = fold_get_bytes(&r, (*size + 7) / 8);
	for (i = 0; i < *size; i++)
		tabs[i] = (bits[i / 8] >> (i % 8)) & 1;
	xfree(tofree);
	return (tabs);
}

void
fold_peek_done(struct vt_screen *s, struct vt_screen *t)
{
	fold_release(t);
	xfree(t);
}

size_t
fold_memory(struct vt_screen *s)
{
	struct vt_fold_state	*fs = s->fold;

	if (fs == NULL)
		return (0);
	return (sizeof *fs + (fs->blob != NULL ? fs->len : 0) +
	    fold_hist_memory(fs->hist[0]) + fold_hist_memory(fs->hist[1]));
}

/* vt_screen_state of a frozen screen, from the snapshot taken at freeze. */
void
fold_state(struct vt_screen *s, struct vt_state *st)
{
	*st = s->fold->state;
	st->title = s->title;
	st->path = s->path;
}

/*
 * A screen whose cold copy could not be read back (the store failed): an
 * empty screen of the same size, so the pane goes on.
 */
void
fold_blank(struct vt_screen *s, const struct vt_state *st)
{
	memset(&s->pal, 0, sizeof s->pal);
	memset(&s->clusters, 0, sizeof s->clusters);
	s->titles = NULL;
	s->ntitles = 0;
	s->saved_grid = NULL;
	s->grid = grid_create(st->sx, st->sy, st->history_limit);
	s->grid->history = st->history_limit != 0;
	s->tabs = NULL;
	screen_ops_reset_tabs(s);
}

/* Policy (pure): see vt.h. */
void
vt_fold_init(struct vt_fold *f)
{
	memset(f, 0, sizeof *f);
	f->delay = VT_FOLD_DELAY_MIN;
}

void
vt_fold_output(struct vt_fold *f, uint64_t now, int was_frozen)
{
	uint64_t	frozen_for;

	if (was_frozen && f->frozen_at != 0) {
		frozen_for = now > f->frozen_at ? now - f->frozen_at : 0;
		if (frozen_for < VT_FOLD_CHURN) {
			/* Thawed soon after freezing: wait longer next time. */
			f->delay *= 2;
			if (f->delay > VT_FOLD_DELAY_MAX)
				f->delay = VT_FOLD_DELAY_MAX;
		} else if (frozen_for >= VT_FOLD_SETTLE)
			f->delay = VT_FOLD_DELAY_MIN;
	}
	f->frozen_at = 0;
	f->last_output = now;
}

int
vt_fold_action(struct vt_fold *f, uint64_t now, int frozen, uint64_t *next)
{
	uint64_t	freeze_at = f->last_output + f->delay;
	uint64_t	deep_at = f->last_output + VT_FOLD_DEEP_DELAY;

	if (frozen == VT_FROZEN_DEEP) {
		*next = 0;
		return (VT_FOLD_NOTHING);
	}
	if (frozen == VT_FROZEN_NO) {
		if (now < freeze_at) {
			*next = freeze_at;
			return (VT_FOLD_NOTHING);
		}
		f->frozen_at = now;
		*next = deep_at > now ? deep_at : now;
		return (VT_FOLD_FREEZE);
	}
	if (now < deep_at) {
		*next = deep_at;
		return (VT_FOLD_NOTHING);
	}
	*next = 0;
	return (VT_FOLD_DEEP_FREEZE);
}
