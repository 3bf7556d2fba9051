/*
 * Deep freezing (design.md §3): a frozen screen's blob compressed again with
 * zstd and handed to a cold store the caller provides (engine/sys keeps one
 * O_TMPFILE file: page cache the OS can reclaim, not process memory).
 * Kept apart from fold.c so that programs which never deep-freeze do not
 * link libzstd: thawing reaches this file through fs->load.
 */
#include <zstd.h>

#include "engine/base/xmalloc.h"
#include "engine/term/vt_int.h"

/* zstd level: 3 (the default) */
#define FOLD_DEEP_LEVEL	3

/* Read a deep-frozen blob back and decompress it; NULL if the store fails. */
static uint8_t *
fold_deep_load(struct vt_screen *s)
{
	struct vt_fold_state	*fs = s->fold;
	uint8_t			*packed, *raw;
	size_t			 n;

	packed = xmalloc(fs->cold_len);
	if (fs->cold->get(fs->cold->handle, fs->cold_id, packed,
	    fs->cold_len) != 0) {
		xfree(packed);
		return (NULL);
	}
	raw = xmalloc(fs->len);
	n = ZSTD_decompress(raw, fs->len, packed, fs->cold_len);
	xfree(packed);
	if (ZSTD_isError(n) || n != fs->len) {
		xfree(raw);
		return (NULL);
	}
	return (raw);
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
