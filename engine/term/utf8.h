/*
 * Character widths as a terminal (glibc's wcwidth in a UTF-8 locale, which
 * tmux 3.3a uses) sees them, from compact built-in tables.
 */
#ifndef ZEROPTY_UTF8_H
#define ZEROPTY_UTF8_H

#include <stddef.h>
#include <stdint.h>

/* Columns for cp: 0 (combining), 1, 2 (wide), or -1 (control). */
int	utf8_width(uint32_t cp);
/* Encode cp as UTF-8 into out (at least 4 bytes); returns the length. */
size_t	utf8_encode(uint32_t cp, char *out);

#endif
