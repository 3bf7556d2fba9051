/*
 * FNV-1a, the hash of the small open-addressing tables (command names,
 * format variables, a screen's styles and clusters): a few instructions
 * per byte and good enough spread for short keys.
 */
#ifndef ZEROPTY_HASH_H
#define ZEROPTY_HASH_H

#include <stddef.h>
#include <stdint.h>

#define HASH_FNV_BASIS	2166136261u
#define HASH_FNV_PRIME	16777619u

/* Mix one value (a byte or a whole field) into h. */
static inline uint32_t
hash_fnv_mix(uint32_t h, uint32_t v)
{
	return ((h ^ v) * HASH_FNV_PRIME);
}

static inline uint32_t
hash_fnv_bytes(const void *p, size_t len)
{
	const uint8_t	*s = p;
	uint32_t	 h = HASH_FNV_BASIS;
	size_t		 i;

	for (i = 0; i < len; i++)
		h = hash_fnv_mix(h, s[i]);
	return (h);
}

static inline uint32_t
hash_fnv_string(const char *s)
{
	uint32_t	h = HASH_FNV_BASIS;

	for (; *s != '\0'; s++)
		h = hash_fnv_mix(h, (unsigned char)*s);
	return (h);
}

#endif
