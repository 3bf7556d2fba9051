/*
 * Deep freezing (docs/design.md §3): a frozen screen's blob compressed again with
 * zstd and handed to a cold store the caller provides (engine/sys keeps one
 * O_TMPFILE file: page cache the OS can reclaim, not process memory).
 * Thawing reaches it through fs->load; fold-hist.c reads its cold chunks
 * back with fold_deep_cold_load.
 */
#include <zstd.h>

#include "engine/base/xmalloc.h"
#include "engine/term/vt_int.h"

/* zstd level: 3 (the default) */
#define FOLD_DEEP_LEVEL	3

/*
 * Read back len bytes of zstd at id and decompress them to rawlen bytes;
 * NULL if the store or the data fails.
 */
uint8_t *
fold_deep_cold_load(const struct vt_cold_store *cold, int64_t id, size_t len,
    size_t rawlen)
{
	uint8_t	*packed, *raw;
	size_t	 n;

	packed = xmalloc(len == 0 ? 1 : len);
	if (cold->get(cold->handle, id, packed, len) != 0) {
		xfree(packed);
		return (NULL);
	}
	raw = xmalloc(rawlen == 0 ? 1 : rawlen);
	n = ZSTD_decompress(raw, rawlen, packed, len);
	xfree(packed);
	if (ZSTD_isError(n) || n != rawlen) {
		xfree(raw);
		return (NULL);
	}
	return (raw);
}

/* A deep-frozen blob back; NULL if the store fails. */
static uint8_t *
fold_deep_load(struct vt_screen *s)
{
	struct vt_fold_state	*fs = s->fold;

	return (fold_deep_cold_load(fs->cold, fs->cold_id, fs->cold_len, fs->len));
}

int
vt_screen_deep_freeze(struct vt_screen *s, const struct vt_cold_store *cold)
{
	struct vt_fold_state	*fs;
	uint8_t			*packed;
	size_t			 bound, n;
	int64_t			 id;

	vt_screen_freeze(s);
	fs = s->fold;
	fold_hist_deep_freeze(fs->hist[0], cold);
	fold_hist_deep_freeze(fs->hist[1], cold);
	if (fs->blob == NULL)
		return (0);	/* already deep */

	bound = ZSTD_compressBound(fs->len);
	packed = xmalloc(bound);
	n = ZSTD_compress(packed, bound, fs->blob, fs->len, FOLD_DEEP_LEVEL);
	if (ZSTD_isError(n)) {
		xfree(packed);
		return (-1);
	}
	id = cold->put(cold->handle, packed, n);
	xfree(packed);
	if (id < 0)
		return (-1);
	fs->cold = cold;
	fs->cold_id = id;
	fs->cold_len = n;
	fs->load = fold_deep_load;
	xfree(fs->blob);
	fs->blob = NULL;
	return (0);
}
