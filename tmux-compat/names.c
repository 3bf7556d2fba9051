/*
 * Window and session names as tmux 3.3a stores them: through its visible
 * encoding (utf8_stravis with VIS_OCTAL|VIS_CSTYLE|VIS_TAB|VIS_NL), so a
 * backslash is doubled, tab, newline and the other C escapes read back as
 * "\t", "\n" ..., other control bytes and invalid UTF-8 as octal "\ooo";
 * valid UTF-8 characters and spaces stay as they are.
 */
#include <stdint.h>
#include <string.h>

#include "engine/base/buf.h"
#include "engine/base/xmalloc.h"
#include "tmux-compat/tmux.h"

/* Length of the valid UTF-8 sequence of 2 or more bytes at s, or 0. */
static size_t
names_utf8_len(const uint8_t *s)
{
	size_t	n, i;

	if (*s >= 0xc2 && *s <= 0xdf)
		n = 2;
	else if (*s >= 0xe0 && *s <= 0xef)
		n = 3;
	else if (*s >= 0xf0 && *s <= 0xf4)
		n = 4;
	else
		return (0);
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return (0);
	}
	return (n);
}

char *
names_visible(const char *name)
{
	const uint8_t	*s = (const uint8_t *)name;
	struct buf	 b;
	size_t		 n;
	const char	*esc;

	buf_init(&b);
	while (*s != '\0') {
		if ((n = names_utf8_len(s)) != 0) {
			buf_add(&b, s, n);
			s += n;
			continue;
		}
		esc = NULL;
		switch (*s) {
		case '\\': esc = "\\\\"; break;
		case '\n': esc = "\\n"; break;
		case '\r': esc = "\\r"; break;
		case '\b': esc = "\\b"; break;
		case '\a': esc = "\\a"; break;
		case '\v': esc = "\\v"; break;
		case '\t': esc = "\\t"; break;
		case '\f': esc = "\\f"; break;
		}
		if (esc != NULL)
			buf_add(&b, esc, strlen(esc));
		else if (*s >= 0x20 && *s < 0x7f)
			buf_add(&b, s, 1);
		else
			buf_printf(&b, "\\%03o", *s);
		s++;
	}
	return (buf_take(&b, NULL));
}

void
names_set_window(struct window *w, const char *name)
{
	char	*visible = names_visible(name);

	window_set_name(w, visible);
	xfree(visible);
}
