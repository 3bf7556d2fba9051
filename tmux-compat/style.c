/* Applying tmux style strings (tmux's style_parse, for drawing). */
#include <string.h>
#include <strings.h>

#include "tmux-compat/options.h"
#include "tmux-compat/style.h"

static const struct {
	const char	*name;
	uint16_t	 attr;
} style_attrs[] = {
	{ "acs", VT_ATTR_CHARSET },
	{ "bright", VT_ATTR_BRIGHT },
	{ "bold", VT_ATTR_BRIGHT },
	{ "dim", VT_ATTR_DIM },
	{ "underscore", VT_ATTR_UNDERSCORE },
	{ "blink", VT_ATTR_BLINK },
	{ "reverse", VT_ATTR_REVERSE },
	{ "hidden", VT_ATTR_HIDDEN },
	{ "italics", VT_ATTR_ITALICS },
	{ "strikethrough", VT_ATTR_STRIKETHROUGH },
	{ "double-underscore", VT_ATTR_UNDERSCORE_2 },
	{ "curly-underscore", VT_ATTR_UNDERSCORE_3 },
	{ "dotted-underscore", VT_ATTR_UNDERSCORE_4 },
	{ "dashed-underscore", VT_ATTR_UNDERSCORE_5 },
	{ "overline", VT_ATTR_OVERLINE },
};

static uint16_t
style_attr(const char *w)
{
	size_t	i;

	for (i = 0; i < sizeof style_attrs / sizeof style_attrs[0]; i++) {
		if (strcasecmp(w, style_attrs[i].name) == 0)
			return (style_attrs[i].attr);
	}
	return (0);
}

static void
style_word(struct tty_style *st, const char *w, const struct tty_style *base)
{
	int	c;

	if (strcasecmp(w, "default") == 0)
		*st = *base;
	else if (strcasecmp(w, "none") == 0)
		st->attr = 0;
	else if (strncasecmp(w, "fg=", 3) == 0) {
		if ((c = options_colour_from_string(w + 3)) != -1)
			st->fg = c == 8 ? base->fg : c;
	} else if (strncasecmp(w, "bg=", 3) == 0) {
		if ((c = options_colour_from_string(w + 3)) != -1)
			st->bg = c == 8 ? base->bg : c;
	} else if (strncasecmp(w, "no", 2) == 0 && style_attr(w + 2) != 0)
		st->attr &= ~style_attr(w + 2);
	else
		st->attr |= style_attr(w);
}

void
style_apply(struct tty_style *st, const char *s, const struct tty_style *base)
{
	char	w[256];
	size_t	n;

	while (*s != '\0') {
		s += strspn(s, " ,\n");
		n = strcspn(s, " ,\n");
		if (n == 0)
			break;
		if (n < sizeof w) {
			memcpy(w, s, n);
			w[n] = '\0';
			style_word(st, w, base);
		}
		s += n;
	}
}
