/*
 * tmux style strings: style_parse as tmux 3.3a's (what `set` accepts and
 * what format_draw reads), style_apply for the colours and attributes.
 */
#include <limits.h>
#include <stdlib.h>
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

/*
 * tmux's attributes_fromstring: names joined by " ,|", "default" or
 * "none" (no attributes); -1 if any name is unknown or a delimiter ends it.
 */
static int
style_attributes(const char *s)
{
	const char	*delimiters = " ,|";
	size_t		 n, i;
	int		 attr = 0;

	if (*s == '\0' || strcspn(s, delimiters) == 0 ||
	    strchr(delimiters, s[strlen(s) - 1]) != NULL)
		return (-1);
	if (strcasecmp(s, "default") == 0 || strcasecmp(s, "none") == 0)
		return (0);
	while (*s != '\0') {
		s += strspn(s, delimiters);
		n = strcspn(s, delimiters);
		for (i = 0; i < sizeof style_attrs / sizeof style_attrs[0]; i++) {
			if (strlen(style_attrs[i].name) == n &&
			    strncasecmp(s, style_attrs[i].name, n) == 0)
				break;
		}
		if (i == sizeof style_attrs / sizeof style_attrs[0])
			return (-1);
		attr |= style_attrs[i].attr;
		s += n;
	}
	return (attr);
}

void
style_apply(struct tty_style *st, const char *s, const struct tty_style *base)
{
	struct style	sy;

	style_set(&sy, st);
	if (style_parse(&sy, base, s) == 0)
		*st = sy.gc;
}

void
style_set(struct style *sy, const struct tty_style *gc)
{
	memset(sy, 0, sizeof *sy);
	sy->gc = *gc;
	sy->fill = 8;
}

/*
 * range=left, range=right or range=window|N, as 3.3a takes them: N digits
 * only; another name without | is accepted and changes nothing.
 */
static int
style_parse_range(struct style *sy, char *what)
{
	char	*arg = strchr(what, '|');
	size_t	 i;

	if (arg != NULL) {
		*arg++ = '\0';
		if (*arg == '\0')
			return (-1);
		for (i = 0; arg[i] != '\0'; i++) {
			if (arg[i] < '0' || arg[i] > '9')
				return (-1);
		}
	}
	if (strcasecmp(what, "left") == 0 || strcasecmp(what, "right") == 0) {
		if (arg != NULL)
			return (-1);
		sy->range_type = strcasecmp(what, "left") == 0 ?
		    STYLE_RANGE_LEFT : STYLE_RANGE_RIGHT;
		sy->range_argument = 0;
	} else if (strcasecmp(what, "window") == 0) {
		if (arg == NULL)
			return (-1);
		sy->range_type = STYLE_RANGE_WINDOW;
		sy->range_argument = (unsigned)strtoul(arg, NULL, 10);
	} else if (arg != NULL)
		return (-1);
	return (0);
}

/* The index of v in names[1..n-1] (names[0] is unused), or -1. */
static int
style_lookup(const char *v, const char **names, size_t n)
{
	size_t	i;

	for (i = 1; i < n; i++) {
		if (strcasecmp(v, names[i]) == 0)
			return ((int)i);
	}
	return (-1);
}

static int
style_parse_word(struct style *sy, const struct tty_style *base, char *w)
{
	static const char	*aligns[] = { NULL, "left", "centre", "right",
				    "absolute-centre" };
	static const char	*lists[] = { NULL, "on", "focus",
				    "left-marker", "right-marker" };
	size_t			 len = strlen(w);
	int			 c;

	if (strcasecmp(w, "default") == 0)
		sy->gc = *base;
	else if (strcasecmp(w, "ignore") == 0)
		sy->ignore = 1;
	else if (strcasecmp(w, "noignore") == 0)
		sy->ignore = 0;
	else if (strcasecmp(w, "push-default") == 0)
		sy->default_type = STYLE_DEFAULT_PUSH;
	else if (strcasecmp(w, "pop-default") == 0)
		sy->default_type = STYLE_DEFAULT_POP;
	else if (strcasecmp(w, "nolist") == 0)
		sy->list = STYLE_LIST_OFF;
	else if (strncasecmp(w, "list=", 5) == 0) {
		if ((c = style_lookup(w + 5, lists, 5)) == -1)
			return (-1);
		sy->list = (enum style_list)c;
	} else if (strcasecmp(w, "norange") == 0) {
		sy->range_type = STYLE_RANGE_NONE;
		sy->range_argument = 0;
	} else if (len > 6 && strncasecmp(w, "range=", 6) == 0)
		return (style_parse_range(sy, w + 6));
	else if (strcasecmp(w, "noalign") == 0)
		sy->align = STYLE_ALIGN_DEFAULT;
	else if (len > 6 && strncasecmp(w, "align=", 6) == 0) {
		if ((c = style_lookup(w + 6, aligns, 5)) == -1)
			return (-1);
		sy->align = (enum style_align)c;
	} else if (len > 5 && strncasecmp(w, "fill=", 5) == 0) {
		if ((c = options_colour_from_string(w + 5)) == -1)
			return (-1);
		sy->fill = c;
	} else if (len > 3 && strncasecmp(w + 1, "g=", 2) == 0) {
		if ((c = options_colour_from_string(w + 3)) == -1)
			return (-1);
		if (w[0] == 'f' || w[0] == 'F')
			sy->gc.fg = c == 8 ? base->fg : c;
		else if (w[0] == 'b' || w[0] == 'B')
			sy->gc.bg = c == 8 ? base->bg : c;
		else
			return (-1);
	} else if (strcasecmp(w, "none") == 0)
		sy->gc.attr = 0;
	else if (len > 2 && strncasecmp(w, "no", 2) == 0) {
		if ((c = style_attributes(w + 2)) == -1)
			return (-1);
		sy->gc.attr &= ~(uint16_t)c;
	} else {
		if ((c = style_attributes(w)) == -1)
			return (-1);
		sy->gc.attr |= (uint16_t)c;
	}
	return (0);
}

int
style_parse(struct style *sy, const struct tty_style *base, const char *in)
{
	struct style	saved = *sy;
	char		w[256];
	size_t		n;

	while (*in != '\0') {
		in += strspn(in, " ,\n");
		n = strcspn(in, " ,\n");
		if (n == 0)
			break;
		if (n >= sizeof w)
			goto error;
		memcpy(w, in, n);
		w[n] = '\0';
		if (style_parse_word(sy, base, w) != 0)
			goto error;
		in += n;
	}
	return (0);
error:
	*sy = saved;
	return (-1);
}
