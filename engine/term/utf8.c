/*
 * utf8_width: binary search in a generated table of the code points whose
 * width is not 1 (utf8-table.h), matching glibc 2.36's wcwidth.
 */
#include "engine/term/utf8.h"

struct utf8_range {
	uint32_t	first, last;
	int		width;
};

#include "engine/term/utf8-table.h"

int
utf8_width(uint32_t cp)
{
	size_t	lo = 0, hi = sizeof utf8_table / sizeof utf8_table[0], mid;

	if (cp == 0)
		return (0);
	if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0))
		return (-1);
	if (cp < 0xa0)
		return (1);
	/*
	 * No table entry between U+00A0 and U+02FF nor between U+2460 and
	 * U+25FC (enclosed alphanumerics, box drawing, blocks, shapes):
	 * box drawing was 21,340 of the 22,000 wide-of-ASCII characters of
	 * the agent trace. vt_fast_test checks every code point against
	 * the table.
	 */
	if (cp < 0x300 || (cp >= 0x2460 && cp <= 0x25fc))
		return (1);
	if (cp > 0x10ffff)
		return (-1);
	while (lo < hi) {
		mid = (lo + hi) / 2;
		if (cp < utf8_table[mid].first)
			hi = mid;
		else if (cp > utf8_table[mid].last)
			lo = mid + 1;
		else
			return (utf8_table[mid].width);
	}
	return (1);
}

size_t
utf8_encode(uint32_t cp, char *out)
{
	if (cp < 0x80) {
		out[0] = cp;
		return (1);
	}
	if (cp < 0x800) {
		out[0] = 0xc0 | (cp >> 6);
		out[1] = 0x80 | (cp & 0x3f);
		return (2);
	}
	if (cp < 0x10000) {
		out[0] = 0xe0 | (cp >> 12);
		out[1] = 0x80 | ((cp >> 6) & 0x3f);
		out[2] = 0x80 | (cp & 0x3f);
		return (3);
	}
	out[0] = 0xf0 | (cp >> 18);
	out[1] = 0x80 | ((cp >> 12) & 0x3f);
	out[2] = 0x80 | ((cp >> 6) & 0x3f);
	out[3] = 0x80 | (cp & 0x3f);
	return (4);
}
