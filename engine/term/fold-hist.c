/*
 * Sealed history lines (vt_int.h, struct vt_hist): when a screen freezes,
 * its history lines but the newest move out of the grid's ring into
 * chunks of VT_HIST_CHUNK lines in the frozen-line encoding, each
 * compressed with zstd once full. Thawing a screen for output leaves them
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

/* A chunk's encoded lines; *tofree is set if the caller frees them. */
static const uint8_t *
hist_chunk_raw(const struct vt_hist_chunk *c, uint8_t **tofree)
{
	uint8_t	*raw;
	size_t	 n;

	*tofree = NULL;
	if (!c->packed)
		return (c->data);
	raw = xmalloc(c->rawlen == 0 ? 1 : c->rawlen);
	n = ZSTD_decompress(raw, c->rawlen, c->data, c->len);
	if (ZSTD_isError(n) || n != c->rawlen)
		fatalx("%s: corrupt sealed history", __func__);
	*tofree = raw;
	return (raw);
}

/* The cold chunks' encoded lines, one after another (NULL: store failed). */
static uint8_t *
hist_cold_load(const struct vt_hist *h)
{
	return (fold_cold_load(h->cold, h->cold_id, h->cold_len, h->cold_raw));
}

static void hist_chunk_pack(struct vt_hist_chunk *);

/*
 * Bring deep-frozen chunks back into memory, compressed each again. If
 * the store fails they come back empty (blank lines), as a deep-frozen
 * screen does.
 */
static void
hist_warm(struct vt_hist *h)
{
	struct vt_hist_chunk	*c;
	uint8_t			*raw;
	size_t			 off = 0;
	unsigned		 i;

	if (h->ncold == 0)
		return;
	raw = hist_cold_load(h);
	for (i = 0; i < h->ncold; i++) {
		c = &h->chunks[i];
		c->packed = 0;
		if (raw == NULL) {
			c->data = NULL;
			c->len = 0;
			continue;
		}
		c->data = xmemdup(raw + off, c->rawlen);
		c->len = c->rawlen;
		off += c->rawlen;
		hist_chunk_pack(c);
	}
	xfree(raw);
	h->cold->free(h->cold->handle, h->cold_id, h->cold_len);
	h->cold = NULL;
	h->ncold = 0;
}

/* Compress a full chunk (kept raw if zstd does not make it smaller). */
static void
hist_chunk_pack(struct vt_hist_chunk *c)
{
	uint8_t	*z;
	size_t	 bound, n;

	if (c->packed)
		return;
	bound = ZSTD_compressBound(c->len);
	z = xmalloc(bound);
	n = ZSTD_compress(z, bound, c->data, c->len, FOLD_HIST_LEVEL);
	if (ZSTD_isError(n) || n >= c->len) {
		xfree(z);
		return;
	}
	xfree(c->data);
	c->data = xrealloc(z, n);
	c->rawlen = c->len;
	c->len = n;
	c->packed = 1;
}

/* Append encoded lines to the newest chunk, or a new one. */
static struct vt_hist_chunk *
hist_chunk_open(struct vt_hist *h)
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
hist_chunk_append(struct vt_hist_chunk *c, const struct vt_row *row,
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
		c = hist_chunk_open(h);
		hist_chunk_append(c, row, &b);
		if (c->n == VT_HIST_CHUNK)
			hist_chunk_pack(c);
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
hist_decode(const struct vt_hist *h, struct vt_row *rows, unsigned nrows)
{
	const struct vt_hist_chunk	*c;
	struct fold_reader		 r;
	const uint8_t			*raw;
	uint8_t				*tofree, *cold = NULL;
	size_t				 off = 0;
	unsigned			 i, j, y = 0;

	memset(rows, 0, nrows * sizeof *rows);
	if (h != NULL && h->ncold != 0)
		cold = hist_cold_load(h);
	for (i = 0; h != NULL && i < h->nchunks && y < nrows; i++) {
		c = &h->chunks[i];
		tofree = NULL;
		if (i < h->ncold) {
			if (cold == NULL) {
				y += c->n;	/* the store failed: blank */
				continue;
			}
			raw = cold + off;
			off += c->rawlen;
		} else if (c->data == NULL) {
			y += c->n;		/* lost with a failed store */
			continue;
		} else
			raw = hist_chunk_raw(c, &tofree);
		r.p = raw;
		r.end = raw + (c->packed || i < h->ncold ? c->rawlen : c->len);
		for (j = 0; j < c->n && y < nrows; j++)
			fold_get_row(&r, &rows[y++], 1);
		if (r.p != r.end && y < nrows)
			fatalx("%s: corrupt sealed history", __func__);
		xfree(tofree);
	}
	xfree(cold);
}

/*
 * Put gd's sealed lines back at the front of the ring, decoded from h (NULL
 * or short: empty lines).
 */
static void
hist_expand(struct vt_grid *gd, const struct vt_hist *h)
{
	struct vt_row	*rows;
	unsigned	 n = grid_sealed(gd), ring, cap, i;

	if (n == 0)
		return;
	ring = gd->hsize + gd->sy - n;
	cap = gd->cap > ring + n ? gd->cap : ring + n;
	rows = xcalloc(cap, sizeof *rows);
	hist_decode(h, rows, n);
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
	hist_expand(gd, gd->hist);
	fold_hist_free(gd->hist);
	gd->hist = NULL;
}

/* A decoded copy of a grid: its sealed lines from the original's h. */
void
fold_hist_copy(struct vt_grid *gd, const struct vt_hist *h)
{
	if (gd == NULL || gd->hist == NULL)
		return;
	hist_expand(gd, h);
	fold_hist_free(gd->hist);	/* the count fold_get_grid left */
	gd->hist = NULL;
}

/* Drop the ny oldest sealed lines (ny <= hist.rows). */
void
fold_hist_drop(struct vt_grid *gd, unsigned ny)
{
	struct vt_hist		*h = gd->hist, one;
	struct vt_hist_chunk	*c, keep;
	struct vt_row		*rows;
	struct buf		 b;
	unsigned		 i, drop = 0, n;

	if (ny > h->rows)
		fatalx("%s: %u of %u lines", __func__, ny, h->rows);
	hist_warm(h);
	memset(&one, 0, sizeof one);
	/* Whole chunks first. */
	while (drop < h->nchunks && h->chunks[drop].n <= ny) {
		c = &h->chunks[drop++];
		ny -= c->n;
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

	/* Then part of the oldest: its other lines encoded again. */
	c = &h->chunks[0];
	n = c->n;
	rows = xcalloc(n, sizeof *rows);
	one.chunks = c;
	one.nchunks = 1;
	hist_decode(&one, rows, n);
	h->rows -= n;
	h->cells -= c->cells;
	h->extd -= c->extd;
	memset(&keep, 0, sizeof keep);
	buf_init(&b);
	for (i = ny; i < n; i++)
		hist_chunk_append(&keep, &rows[i], &b);
	buf_free(&b);
	for (i = 0; i < n; i++)
		xfree(rows[i].cells);
	xfree(rows);
	if (c->packed || h->nchunks > 1)
		hist_chunk_pack(&keep);
	xfree(c->data);
	*c = keep;
	h->rows += keep.n;
	h->cells += keep.cells;
	h->extd += keep.extd;
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
	struct buf		 b;
	const uint8_t		*raw;
	uint8_t			*tofree, *z;
	size_t			 bound, n;
	int64_t			 id;
	unsigned		 i;

	if (h == NULL || h->nchunks == 0 || h->ncold == h->nchunks)
		return;
	hist_warm(h);
	buf_init(&b);
	for (i = 0; i < h->nchunks; i++) {
		c = &h->chunks[i];
		if (c->data == NULL) {
			buf_free(&b);
			return;		/* lines lost to a failed store */
		}
		raw = hist_chunk_raw(c, &tofree);
		if (!c->packed)
			c->rawlen = c->len;
		buf_add(&b, raw, c->rawlen);
		xfree(tofree);
	}
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
		xfree(c->data);
		c->data = NULL;
		c->len = 0;
		c->packed = 1;		/* full: seal opens a new chunk */
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
