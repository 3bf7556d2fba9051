/*
 * Per-screen intern tables: the palette of attribute/colour combinations a
 * cell's u16 indexes, and the strings of multi-code-point clusters.
 */
#include <string.h>

#include "engine/base/hash.h"
#include "engine/base/xmalloc.h"
#include "engine/term/vt_int.h"

void
palette_style_default(struct vt_style *st)
{
	memset(st, 0, sizeof *st);
	st->fg = VT_COLOUR_DEFAULT;
	st->bg = VT_COLOUR_DEFAULT;
}

static unsigned
palette_hashof(const struct vt_style *st)
{
	uint32_t	h = HASH_FNV_BASIS;

	h = hash_fnv_mix(h, st->attr);
	h = hash_fnv_mix(h, (uint32_t)st->fg);
	h = hash_fnv_mix(h, (uint32_t)st->bg);
	h = hash_fnv_mix(h, (uint32_t)st->us);
	return (h);
}

static int
palette_same(const struct vt_style *a, const struct vt_style *b)
{
	return (a->attr == b->attr && a->fg == b->fg && a->bg == b->bg &&
	    a->us == b->us);
}

static void
palette_rehash(struct vt_palette *pal)
{
	unsigned	i, h;

	xfree(pal->hash);
	pal->hcap = pal->hcap == 0 ? 64 : pal->hcap * 2;
	pal->hash = xcalloc(pal->hcap, sizeof *pal->hash);
	for (i = 0; i < pal->n; i++) {
		h = palette_hashof(&pal->styles[i]) & (pal->hcap - 1);
		while (pal->hash[h] != 0)
			h = (h + 1) & (pal->hcap - 1);
		pal->hash[h] = i + 1;
	}
}

/* Index of st in the palette, adding it if new. */
uint16_t
palette_add(struct vt_palette *pal, const struct vt_style *st)
{
	struct vt_style	def;
	unsigned	h, i;

	if (pal->n == 0) {
		palette_style_default(&def);
		pal->cap = 16;
		pal->styles = xreallocarray(NULL, pal->cap,
		    sizeof *pal->styles);
		pal->styles[pal->n++] = def;
		palette_rehash(pal);
	}
	/*
	 * The style asked for last (the same SGR state for run after run)
	 * or the default one (index 0): no hashing. A third of looking
	 * styles up in the coloured burst.
	 */
	if (pal->last < pal->n && palette_same(&pal->styles[pal->last], st))
		return (pal->last);
	if (palette_same(&pal->styles[0], st))
		return (0);
	h = palette_hashof(st) & (pal->hcap - 1);
	while ((i = pal->hash[h]) != 0) {
		if (palette_same(&pal->styles[i - 1], st))
			return (pal->last = i - 1);
		h = (h + 1) & (pal->hcap - 1);
	}
	if (pal->n == 65535)
		return (0);	/* full: fall back to the default style */
	if (pal->n == pal->cap) {
		pal->cap *= 2;
		pal->styles = xreallocarray(pal->styles, pal->cap,
		    sizeof *pal->styles);
	}
	pal->styles[pal->n] = *st;
	pal->hash[h] = ++pal->n;
	if (pal->n * 2 > pal->hcap)
		palette_rehash(pal);
	return (pal->last = pal->n - 1);
}

int
palette_full(struct vt_palette *pal)
{
	return (pal->n >= 65535);
}

/*
 * Keep only the styles marked in used (index 0 always stays 0); map[old]
 * gets the new index of each kept style.
 */
void
palette_compact(struct vt_palette *pal, const uint8_t *used, uint16_t *map)
{
	unsigned	i, n = 0;

	for (i = 0; i < pal->n; i++) {
		if (i != 0 && !(used[i / 8] & (1 << (i % 8))))
			continue;
		map[i] = n;
		pal->styles[n++] = pal->styles[i];
	}
	pal->n = n;
	pal->last = 0;
	pal->cap = 16;
	while (pal->cap < n * 2)
		pal->cap *= 2;
	pal->styles = xreallocarray(pal->styles, pal->cap,
	    sizeof *pal->styles);
	pal->hcap = 32;
	while (pal->hcap < n * 2)
		pal->hcap *= 2;
	palette_rehash(pal);
}

/* Refill an empty palette with n styles as they were (thawing). */
void
palette_restore(struct vt_palette *pal, const struct vt_style *styles,
    unsigned n)
{
	if (n == 0)
		return;
	pal->n = n;
	pal->last = 0;
	pal->cap = 16;
	while (pal->cap < n)
		pal->cap *= 2;
	pal->styles = xreallocarray(NULL, pal->cap, sizeof *pal->styles);
	memcpy(pal->styles, styles, n * sizeof *styles);
	pal->hcap = 32;
	while (pal->hcap < n * 2)
		pal->hcap *= 2;
	palette_rehash(pal);
}

const struct vt_style *
palette_get(struct vt_palette *pal, uint16_t idx)
{
	static const struct vt_style def = { 0, VT_COLOUR_DEFAULT,
	    VT_COLOUR_DEFAULT, 0 };

	if (idx >= pal->n)
		return (&def);
	return (&pal->styles[idx]);
}

void
palette_free(struct vt_palette *pal)
{
	xfree(pal->styles);
	xfree(pal->hash);
	memset(pal, 0, sizeof *pal);
}

static unsigned
palette_intern_hashof(const char *s, size_t len)
{
	return (hash_fnv_bytes(s, len));
}

static void
palette_intern_rehash(struct vt_intern *in)
{
	unsigned	i, h;

	xfree(in->hash);
	in->hcap = 64;
	while (in->hcap < in->n * 2 + 2)
		in->hcap *= 2;
	in->hash = xcalloc(in->hcap, sizeof *in->hash);
	for (i = 0; i < in->n; i++) {
		h = palette_intern_hashof(in->strs[i], strlen(in->strs[i])) &
		    (in->hcap - 1);
		while (in->hash[h] != 0)
			h = (h + 1) & (in->hcap - 1);
		in->hash[h] = i + 1;
	}
}

/* Id of a cluster string, adding it if new. */
uint32_t
palette_intern_add(struct vt_intern *in, const char *s, size_t len)
{
	unsigned	h;
	uint32_t	id;

	if (in->hash == NULL)
		palette_intern_rehash(in);
	h = palette_intern_hashof(s, len) & (in->hcap - 1);
	while ((id = in->hash[h]) != 0) {
		if (strlen(in->strs[id - 1]) == len &&
		    memcmp(in->strs[id - 1], s, len) == 0)
			return (id - 1);
		h = (h + 1) & (in->hcap - 1);
	}
	if (in->n == in->cap) {
		in->cap = in->cap == 0 ? 8 : in->cap * 2;
		in->strs = xreallocarray(in->strs, in->cap, sizeof *in->strs);
	}
	in->strs[in->n] = xstrndup(s, len);
	in->hash[h] = ++in->n;
	if (in->n * 2 > in->hcap)
		palette_intern_rehash(in);
	return (in->n - 1);
}

/* Keep only the clusters marked in used; map[old] gets the new id. */
void
palette_intern_compact(struct vt_intern *in, const uint8_t *used,
    uint32_t *map)
{
	unsigned	i, n = 0;

	for (i = 0; i < in->n; i++) {
		if (!(used[i / 8] & (1 << (i % 8)))) {
			xfree(in->strs[i]);
			continue;
		}
		map[i] = n;
		in->strs[n++] = in->strs[i];
	}
	in->n = n;
	in->cap = 8;
	while (in->cap < n * 2)
		in->cap *= 2;
	in->strs = xreallocarray(in->strs, in->cap, sizeof *in->strs);
	palette_intern_rehash(in);
}

const char *
palette_intern_get(struct vt_intern *in, uint32_t id)
{
	if (id >= in->n)
		return ("");
	return (in->strs[id]);
}

void
palette_intern_free(struct vt_intern *in)
{
	unsigned	i;

	for (i = 0; i < in->n; i++)
		xfree(in->strs[i]);
	xfree(in->strs);
	xfree(in->hash);
	memset(in, 0, sizeof *in);
}

size_t
palette_memory(struct vt_palette *pal, struct vt_intern *in)
{
	size_t		size;
	unsigned	i;

	size = pal->cap * sizeof *pal->styles + pal->hcap * sizeof *pal->hash;
	size += in->cap * sizeof *in->strs + in->hcap * sizeof *in->hash;
	for (i = 0; i < in->n; i++)
		size += strlen(in->strs[i]) + 1;
	return (size);
}
