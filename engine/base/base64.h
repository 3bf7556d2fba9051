/* Base64 (RFC 4648) as OSC 52 carries it, with tmux's b64_ntop/b64_pton rules. */
#ifndef ZEROPTY_BASE64_H
#define ZEROPTY_BASE64_H

#include <stddef.h>
#include <stdint.h>

#include "engine/base/buf.h"

/* Append the encoding of len bytes to out (padded with '='). */
void	base64_encode(const uint8_t *, size_t len, struct buf *out);
/*
 * Decode s into out (at most cap bytes): whitespace is skipped, '=' pads
 * the end. Returns the length, or -1 for a bad character, bad padding or
 * more than cap bytes.
 */
int	base64_decode(const char *s, uint8_t *out, size_t cap);

#endif
