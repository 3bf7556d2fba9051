/*
 * Sealed history lines (vt_int.h, struct vt_hist): when a screen freezes,
 * its history lines but the newest move out of the grid's ring into
 * chunks of VT_HIST_CHUNK lines in the frozen-line encoding, each
 * compressed with zstd once full, against the chunk before it as zstd
 * prefix in chains of at most VT_HIST_CHAIN (lines repeat across chunks
 * more than within one: history_fill.bin's nine chunks take 27.6 KB
 * compressed one by one, 3.4 KB each against the one before; reading one
 * chunk decodes at most its chain). Thawing a screen for output leaves them
 * sealed, so a pane that prints now and then while its history is full
 * keeps its history compressed: 2,000 lines of Claude Code output take
 * ~180 KB as packed rows in the ring (24 B of ring and one allocation a
 * line) and ~20 KB sealed. Lines fall off the front as history-limit
 * wants (fold_hist_drop); a reader of old lines unseals them all
 * (grid_row_peek); resize unseals first.
 */
#include <string.h>
#include <zstd.h>

#include "engine/base/log.h"
#include "engine/base/xmalloc.h"
#include "engine/term/vt_int.h"

/* zstd level: 3 (the default); a full chunk is ~10 KB of encoded lines. */
#define FOLD_HIST_LEVEL	3

/* One compression and one decompression context for every screen. */
static ZSTD_CCtx	*hist_cctx;
static ZSTD_DCtx	*hist_dctx;

static size_t
fold_hist_chunk_rawlen(const struct vt_hist_chunk *c)
{
	return (c->packed ? c->rawlen : c->len);
}

/* Decompress a packed chunk; prev is the prefix it was packed with. */
static uint8_t *
fold_hist_unpack(const struct vt_hist_chunk *c, const uint8_t *prev,
    size_t prevlen)
{
	uint8_t	*raw;
	size_t	 n;

	if (hist_dctx == NULL)
		hist_dctx = ZSTD_createDCtx();
	raw = xmalloc(c->rawlen == 0 ? 1 : c->rawlen);
	if (c->prefixed)
		ZSTD_DCtx_refPrefix(hist_dctx, prev, prevlen);
	n = ZSTD_decompressDCtx(hist_dctx, raw, c->rawlen, c->data, c->len);
	if (ZSTD_isError(n) || n != c->rawlen)
		fatalx("%s: corrupt sealed history", __func__);
	return (raw);
}

/*
 * Chunk i's encoded lines (in memory, not lost), decoding the chunks it
 * was packed against; *tofree is set if the caller frees them.
 */
static const uint8_t *
fold_hist_chunk_raw(const struct vt_hist *h, unsigned i, uint8_t **tofree)
{
	const struct vt_hist_chunk	*c = &h->chunks[i];
	const uint8_t			*prev = NULL;
	uint8_t				*prevfree = NULL;

	*tofree = NULL;
	if (!c->packed)
		return (c->data);
	if (c->prefixed)
		prev = fold_hist_chunk_raw(h, i - 1, &prevfree);
	*tofree = fold_hist_unpack(c, prev,
	    prev == NULL ? 0 : fold_hist_chunk_rawlen(&h->chunks[i - 1]));
	xfree(prevfree);
	return (*tofree);
}

/* Whether chunk i may be packed against chunk i - 1. */
static int
fold_hist_can_prefix(const struct vt_hist *h, unsigned i)
{
	unsigned	chain = 1;

	if (i == 0 || i - 1 < h->ncold || h->chunks[i - 1].data == NULL)
		return (0);
	while (--i > 0 && h->chunks[i].prefixed)
		chain++;
	return (chain < VT_HIST_CHAIN);
}

/*
 * Compress a raw chunk against prev (NULL: alone); kept raw if zstd does
 * not make it smaller.
 */
static void
fold_hist_compress(struct vt_hist_chunk *c, const uint8_t *prev, size_t prevlen)
{
	uint8_t	*z;
	size_t	 bound, n;

	if (hist_cctx == NULL)
		hist_cctx = ZSTD_createCCtx();
	ZSTD_CCtx_setParameter(hist_cctx, ZSTD_c_compressionLevel,
	    FOLD_HIST_LEVEL);
	if (prev != NULL)
		ZSTD_CCtx_refPrefix(hist_cctx, prev, prevlen);
	bound = ZSTD_compressBound(c->len);
	z = xmalloc(bound);
	n = ZSTD_compress2(hist_cctx, z, bound, c->data, c->len);
	if (ZSTD_isError(n) || n >= c->len) {
		xfree(z);
		return;
	}
	xfree(c->data);
	c->data = xrealloc(z, n);
	c->rawlen = c->len;
	c->len = n;
	c->packed = 1;
	c->prefixed = (prev != NULL);
}

/*
 * Compress full chunk i, against chunk i - 1 where the chain allows;
 * prev is chunk i - 1's encoded lines if the caller has them.
 */
static void
fold_hist_chunk_pack(struct vt_hist *h, unsigned i, const uint8_t *prev)
{
	struct vt_hist_chunk	*c = &h->chunks[i];
	uint8_t			*tofree = NULL;

	if (c->packed)
		return;
	if (!fold_hist_can_prefix(h, i)) {
		fold_hist_compress(c, NULL, 0);
		return;
	}
	if (prev == NULL)
		prev = fold_hist_chunk_raw(h, i - 1, &tofree);
	fold_hist_compress(c, prev, fold_hist_chunk_rawlen(&h->chunks[i - 1]));
	xfree(tofree);
}

/* Pack chunk i on its own, before the chunk it was packed against goes. */
static void
fold_hist_chunk_alone(struct vt_hist *h, unsigned i)
{
	struct vt_hist_chunk	*c = &h->chunks[i];
	const uint8_t		*raw;
	uint8_t			*tofree;

	if (!c->prefixed)
		return;
	raw = fold_hist_chunk_raw(h, i, &tofree);
	xfree(c->data);
	c->data = tofree != NULL ? tofree : xmemdup(raw, c->rawlen);
	c->len = c->rawlen;
	c->packed = c->prefixed = 0;
	fold_hist_compress(c, NULL, 0);
}

/*
 * Chunks in order, each decoded once (the one before is the prefix of the
 * next): raw is NULL for lines lost with a failed store.
 */
struct hist_walk {
	const struct vt_hist	*h;
	unsigned		 i;
	uint8_t			*cold;		/* the cold chunks' lines */
	size_t			 off;
	const uint8_t		*raw;
	size_t			 len;
	uint8_t			*tofree;
};

static int
fold_hist_walk_next(struct hist_walk *w)
{
	const struct vt_hist		*h = w->h;
	const struct vt_hist_chunk	*c;
	const uint8_t			*raw = NULL;
	uint8_t				*tofree = NULL;

	if (h == NULL || w->i >= h->nchunks)
		return (0);
	c = &h->chunks[w->i];
	if (w->i < h->ncold) {
		if (w->i == 0)
			w->cold = fold_deep_cold_load(h->cold, h->cold_id,
			    h->cold_len, h->cold_raw);
		if (w->cold != NULL)
			raw = w->cold + w->off;
		w->off += c->rawlen;
	} else if (c->data != NULL && !c->packed)
		raw = c->data;
	else if (c->data != NULL && (!c->prefixed || w->raw != NULL))
		raw = tofree = fold_hist_unpack(c, w->raw, w->len);
	xfree(w->tofree);
	w->tofree = tofree;
	w->raw = raw;
	w->len = fold_hist_chunk_rawlen(c);
	w->i++;
	return (1);
}

static void
fold_hist_walk_end(struct hist_walk *w)
{
	xfree(w->tofree);
	xfree(w->cold);
}

/*
 * Bring deep-frozen chunks back into memory, compressed each again. If
 * the store fails they come back empty (blank lines), as a deep-frozen
 * screen does.
 */
static void
fold_hist_warm(struct vt_hist *h)
{
	struct vt_hist_chunk	*c;
	uint8_t			*raw;
	size_t			 off = 0, prev = 0, len;
	unsigned		 i, ncold = h->ncold;

	if (ncold == 0)
		return;
	raw = fold_deep_cold_load(h->cold, h->cold_id, h->cold_len, h->cold_raw);
	h->cold->free(h->cold->handle, h->cold_id, h->cold_len);
	h->cold = NULL;
	h->ncold = 0;
	for (i = 0; i < ncold; i++) {
		c = &h->chunks[i];
		c->packed = 0;
		if (raw == NULL) {
			c->data = NULL;
			c->len = 0;
			continue;
		}
		len = c->rawlen;
		c->data = xmemdup(raw + off, len);
		c->len = len;
		fold_hist_chunk_pack(h, i, raw + prev);
		prev = off;
		off += len;
	}
	xfree(raw);
}

/* Append encoded lines to the newest chunk, or a new one. */
static struct vt_hist_chunk *
fold_hist_chunk_open(struct vt_hist *h)
{
	struct vt_hist_chunk	*c;

	if (h->nchunks != 0) {
		c = &h->chunks[h->nchunks - 1];
		if (!c->packed && c->n < VT_HIST_CHUNK)
			return (c);
	}
	h->chunks = xreallocarray(h->chunks, h->nchunks + 1,
	    sizeof *h->chunks);
	c = &h->chunks[h->nchunks++];
	memset(c, 0, sizeof *c);
	return (c);
}

/* One more line at the end of a chunk (b is scratch). */
static void
fold_hist_chunk_append(struct vt_hist_chunk *c, const struct vt_row *row,
    struct buf *b)
{
	buf_clear(b);
	fold_put_row(b, row);
	c->data = xrealloc(c->data, c->len + b->len);
	memcpy(c->data + c->len, buf_data(b), b->len);
	c->len += b->len;
	c->n++;
	c->cells += row->size;
	c->extd += row->extd;
}

/* Seal the ring's history lines but the newest (which writers touch). */
void
fold_hist_seal(struct vt_grid *gd)
{
	struct vt_hist		*h;
	struct vt_hist_chunk	*c;
	struct vt_row		*row;
	struct buf		 b;
	unsigned		 n;

	if (gd == NULL || gd->hsize < grid_sealed(gd) + 2)
		return;
	if (gd->hist == NULL)
		gd->hist = xcalloc(1, sizeof *gd->hist);
	h = gd->hist;
	n = gd->hsize - 1 - h->rows;
	buf_init(&b);
	while (n-- > 0) {
		row = &gd->rows[gd->base];
		c = fold_hist_chunk_open(h);
		fold_hist_chunk_append(c, row, &b);
		if (c->n == VT_HIST_CHUNK)
			fold_hist_chunk_pack(h, h->nchunks - 1, NULL);
		h->rows++;
		h->cells += row->size;
		h->extd += row->extd;
		grid_row_free(row);
		gd->base = (gd->base + 1) % gd->cap;
	}
	buf_free(&b);
}

/*
 * Decode the lines of h into rows (h->rows of them, the ones past what
 * h holds left empty).
 */
static void
fold_hist_decode(const struct vt_hist *h, struct vt_row *rows, unsigned nrows)
{
	struct hist_walk	 w = { .h = h };
	struct fold_reader	 r;
	unsigned		 j, n, y = 0;

	memset(rows, 0, nrows * sizeof *rows);
	while (y < nrows && fold_hist_walk_next(&w)) {
		n = h->chunks[w.i - 1].n;
		if (w.raw == NULL) {
			y += n;		/* lost with a failed store: blank */
			continue;
		}
		r.p = w.raw;
		r.end = w.raw + w.len;
		for (j = 0; j < n && y < nrows; j++)
			fold_get_row(&r, &rows[y++], 1);
		if (r.p != r.end && y < nrows)
			fatalx("%s: corrupt sealed history", __func__);
	}
	fold_hist_walk_end(&w);
}

/*
 * Put gd's sealed lines back at the front of the ring, decoded from h (NULL
 * or short: empty lines).
 */
static void
fold_hist_expand(struct vt_grid *gd, const struct vt_hist *h)
{
	struct vt_row	*rows;
	unsigned	 n = grid_sealed(gd), ring, cap, i;

	if (n == 0)
		return;
	ring = gd->hsize + gd->sy - n;
	cap = gd->cap > ring + n ? gd->cap : ring + n;
	rows = xcalloc(cap, sizeof *rows);
	fold_hist_decode(h, rows, n);
	for (i = 0; i < ring; i++)
		rows[n + i] = gd->rows[(gd->base + i) % gd->cap];
	xfree(gd->rows);
	gd->rows = rows;
	gd->cap = cap;
	gd->base = 0;
	gd->unpacked_all = 1;	/* packed now; pass over them once */
}

void
fold_hist_unseal(struct vt_grid *gd)
{
	if (gd == NULL || gd->hist == NULL)
		return;
	fold_hist_expand(gd, gd->hist);
	fold_hist_free(gd->hist);
	gd->hist = NULL;
}

/* A decoded copy of a grid: its sealed lines from the original's h. */
void
fold_hist_copy(struct vt_grid *gd, const struct vt_hist *h)
{
	if (gd == NULL || gd->hist == NULL)
		return;
	fold_hist_expand(gd, h);
	fold_hist_free(gd->hist);	/* the count fold_get_grid left */
	gd->hist = NULL;
}

/*
 * Drop the ny oldest sealed lines (ny <= hist.rows): whole chunks, then
 * the front of the oldest, whose other lines are encoded again (and the
 * chunk after it packed against them).
 */
void
fold_hist_drop(struct vt_grid *gd, unsigned ny)
{
	struct vt_hist		*h = gd->hist, one;
	struct vt_hist_chunk	*c, *next, keep;
	struct vt_row		*rows;
	struct buf		 b;
	uint8_t			*nextraw = NULL;
	unsigned		 i, drop = 0, n;
	int			 pack;

	if (ny > h->rows)
		fatalx("%s: %u of %u lines", __func__, ny, h->rows);
	fold_hist_warm(h);
	while (drop < h->nchunks && h->chunks[drop].n <= ny)
		ny -= h->chunks[drop++].n;
	if (drop < h->nchunks)
		fold_hist_chunk_alone(h, drop);
	for (i = 0; i < drop; i++) {
		c = &h->chunks[i];
		h->rows -= c->n;
		h->cells -= c->cells;
		h->extd -= c->extd;
		xfree(c->data);
	}
	if (drop != 0) {
		memmove(h->chunks, h->chunks + drop,
		    (h->nchunks - drop) * sizeof *h->chunks);
		h->nchunks -= drop;
	}
	if (ny == 0) {
		if (h->nchunks == 0) {
			fold_hist_free(h);
			gd->hist = NULL;
		}
		return;
	}

	c = &h->chunks[0];
	next = h->nchunks > 1 ? &h->chunks[1] : NULL;
	if (next != NULL && next->prefixed)
		fold_hist_chunk_raw(h, 1, &nextraw);
	n = c->n;
	rows = xcalloc(n, sizeof *rows);
	memset(&one, 0, sizeof one);
	one.chunks = c;
	one.nchunks = 1;
	fold_hist_decode(&one, rows, n);
	h->rows -= n;
	h->cells -= c->cells;
	h->extd -= c->extd;
	memset(&keep, 0, sizeof keep);
	buf_init(&b);
	for (i = ny; i < n; i++)
		fold_hist_chunk_append(&keep, &rows[i], &b);
	buf_free(&b);
	for (i = 0; i < n; i++)
		xfree(rows[i].cells);
	xfree(rows);
	pack = c->packed || next != NULL;
	xfree(c->data);
	*c = keep;
	h->rows += keep.n;
	h->cells += keep.cells;
	h->extd += keep.extd;
	if (nextraw != NULL) {
		xfree(next->data);
		next->data = nextraw;
		next->len = next->rawlen;
		next->packed = next->prefixed = 0;
		fold_hist_chunk_pack(h, 1, c->data);
	}
	if (pack)
		fold_hist_compress(c, NULL, 0);
}

void
fold_hist_free(struct vt_hist *h)
{
	unsigned	i;

	if (h == NULL)
		return;
	if (h->ncold != 0)
		h->cold->free(h->cold->handle, h->cold_id, h->cold_len);
	for (i = 0; i < h->nchunks; i++)
		xfree(h->chunks[i].data);
	xfree(h->chunks);
	xfree(h);
}

/*
 * With the screen's deep freeze: every chunk, compressed as one zstd frame
 * (lines repeat across chunks more than within one), into the cold store.
 * Chunks sealed since an earlier deep freeze bring that one back first.
 */
void
fold_hist_deep_freeze(struct vt_hist *h, const struct vt_cold_store *cold)
{
	struct vt_hist_chunk	*c;
	struct hist_walk	 w = { .h = h };
	struct buf		 b;
	uint8_t			*z;
	size_t			 bound, n;
	int64_t			 id;
	unsigned		 i;

	if (h == NULL || h->nchunks == 0 || h->ncold == h->nchunks)
		return;
	fold_hist_warm(h);
	buf_init(&b);
	while (fold_hist_walk_next(&w)) {
		if (w.raw == NULL) {
			fold_hist_walk_end(&w);
			buf_free(&b);
			return;		/* lines lost to a failed store */
		}
		buf_add(&b, w.raw, w.len);
	}
	fold_hist_walk_end(&w);
	bound = ZSTD_compressBound(b.len);
	z = xmalloc(bound);
	n = ZSTD_compress(z, bound, buf_data(&b), b.len, FOLD_HIST_LEVEL);
	if (ZSTD_isError(n) || (id = cold->put(cold->handle, z, n)) < 0) {
		xfree(z);
		buf_free(&b);
		return;
	}
	xfree(z);
	h->cold = cold;
	h->cold_id = id;
	h->cold_len = n;
	h->cold_raw = b.len;
	h->ncold = h->nchunks;
	buf_free(&b);
	for (i = 0; i < h->nchunks; i++) {
		c = &h->chunks[i];
		c->rawlen = fold_hist_chunk_rawlen(c);
		xfree(c->data);
		c->data = NULL;
		c->len = 0;
		c->packed = 1;		/* full: seal opens a new chunk */
		c->prefixed = 0;
	}
}

size_t
fold_hist_memory(const struct vt_hist *h)
{
	size_t		size;
	unsigned	i;

	if (h == NULL)
		return (0);
	size = sizeof *h + h->nchunks * sizeof *h->chunks;
	for (i = 0; i < h->nchunks; i++)
		size += h->chunks[i].len;
	return (size);
}
