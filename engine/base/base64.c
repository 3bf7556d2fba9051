/*
 * Base64 for OSC 52 (set-clipboard): encoding for the outer terminal and
 * the clipboard query reply, decoding what a pane's program sends. The
 * decoder follows the rules of the resolver's b64_pton that tmux uses: it
 * skips whitespace, takes '=' only as padding at the end and fails on
 * anything else, or when the output would not fit.
 */
#include <ctype.h>
#include <string.h>

#include "engine/base/base64.h"

static const char	base64_chars[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

void
base64_encode(const uint8_t *in, size_t len, struct buf *out)
{
	uint32_t	v;
	size_t		i;

	for (i = 0; i + 2 < len; i += 3) {
		v = (uint32_t)in[i] << 16 | (uint32_t)in[i + 1] << 8 | in[i + 2];
		buf_add_byte(out, (uint8_t)base64_chars[v >> 18]);
		buf_add_byte(out, (uint8_t)base64_chars[(v >> 12) & 0x3f]);
		buf_add_byte(out, (uint8_t)base64_chars[(v >> 6) & 0x3f]);
		buf_add_byte(out, (uint8_t)base64_chars[v & 0x3f]);
	}
	if (i == len)
		return;
	v = (uint32_t)in[i] << 16;
	if (i + 1 < len)
		v |= (uint32_t)in[i + 1] << 8;
	buf_add_byte(out, (uint8_t)base64_chars[v >> 18]);
	buf_add_byte(out, (uint8_t)base64_chars[(v >> 12) & 0x3f]);
	buf_add_byte(out, i + 1 < len ?
	    (uint8_t)base64_chars[(v >> 6) & 0x3f] : '=');
	buf_add_byte(out, '=');
}

int
base64_decode(const char *s, uint8_t *out, size_t cap)
{
	const char	*pos;
	uint32_t	 v = 0;
	size_t		 n = 0;
	unsigned	 have = 0, pad = 0;

	for (; *s != '\0'; s++) {
		if (isspace((unsigned char)*s))
			continue;
		if (*s == '=') {
			pad++;
			continue;
		}
		if (pad != 0 || (pos = strchr(base64_chars, *s)) == NULL)
			return (-1);
		v = v << 6 | (uint32_t)(pos - base64_chars);
		if (++have == 4) {
			if (n + 3 > cap)
				return (-1);
			out[n++] = (uint8_t)(v >> 16);
			out[n++] = (uint8_t)(v >> 8);
			out[n++] = (uint8_t)v;
			have = 0;
			v = 0;
		}
	}
	/* What is left: 2 or 3 characters, padded to 4. */
	if (have == 1 || (have != 0 && have + pad != 4) ||
	    (have == 0 && pad != 0))
		return (-1);
	if (have == 2 || have == 3) {
		if (n + have - 1 > cap)
			return (-1);
		v <<= 6 * (4 - have);
		out[n++] = (uint8_t)(v >> 16);
		if (have == 3)
			out[n++] = (uint8_t)(v >> 8);
	}
	return ((int)n);
}
