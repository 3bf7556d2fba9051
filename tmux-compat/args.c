/*
 * Command arguments: getopt-like flag parsing with tmux 3.3a's rules and
 * error texts (see args.h). Flags are kept in a small array in the order
 * they were first seen; commands have few flags, so lookup is linear.
 *
 * 3.3a quirk reproduced on purpose: a flag that takes a value but is the
 * last word (display -p -t) is not an error; it is recorded as given, with
 * no value (measured: `tmux display -p -t` prints, rc 0; `tmux new -d -s`
 * makes a session with the default name). So "-t expects an argument" is
 * never produced by 3.3a and is not produced here.
 */

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/buf.h"
#include "engine/base/xmalloc.h"
#include "tmux-compat/args.h"

struct args_entry {
	unsigned char	  flag;
	int		  count;	/* times given, with value or not */
	int		  nvalues;
	char		**values;
};

struct args {
	struct args_entry	*entries;
	int			 nentries;
	int			 argc;
	char			**argv;		/* NULL-terminated */
};

static struct args_entry *
args_find(const struct args *args, unsigned char flag)
{
	int	i;

	for (i = 0; i < args->nentries; i++) {
		if (args->entries[i].flag == flag)
			return (&args->entries[i]);
	}
	return (NULL);
}

/* Record flag once more, with value (taken over) or without (NULL). */
static void
args_set(struct args *args, unsigned char flag, char *value)
{
	struct args_entry	*entry;

	entry = args_find(args, flag);
	if (entry == NULL) {
		args->entries = xreallocarray(args->entries,
		    args->nentries + 1, sizeof *args->entries);
		entry = &args->entries[args->nentries++];
		memset(entry, 0, sizeof *entry);
		entry->flag = flag;
	}
	entry->count++;
	if (value != NULL) {
		entry->values = xreallocarray(entry->values,
		    entry->nvalues + 1, sizeof *entry->values);
		entry->values[entry->nvalues++] = value;
	}
}

static struct args *
args_create(void)
{
	struct args	*args;

	args = xcalloc(1, sizeof *args);
	args->argv = xcalloc(1, sizeof *args->argv);
	return (args);
}

struct args *
args_parse(const struct args_parse *parse, int argc, char **argv,
    char **cause)
{
	struct args		*args;
	const char		*string, *found;
	unsigned char		 flag;
	int			 i, j;

	*cause = NULL;
	args = args_create();

	for (i = 0; i < argc; /* nothing */) {
		string = argv[i];
		if (*string++ != '-' || *string == '\0')
			break;		/* not a flag, or "-" alone */
		i++;
		if (string[0] == '-' && string[1] == '\0')
			break;		/* "--" */

		for (;;) {
			flag = (unsigned char)*string++;
			if (flag == '\0')
				break;
			if (flag == '?') {
				/* NULL cause: the caller prints the usage. */
				args_free(args);
				return (NULL);
			}
			if (!isalnum(flag)) {
				xasprintf(cause, "invalid flag -%c", flag);
				args_free(args);
				return (NULL);
			}
			found = strchr(parse->template, flag);
			if (found == NULL) {
				xasprintf(cause, "unknown flag -%c", flag);
				args_free(args);
				return (NULL);
			}
			if (found[1] != ':') {
				args_set(args, flag, NULL);
				continue;
			}
			if (*string != '\0')
				args_set(args, flag, xstrdup(string));
			else if (i == argc)
				args_set(args, flag, NULL);	/* 3.3a */
			else
				args_set(args, flag, xstrdup(argv[i++]));
			break;
		}
	}

	args->argc = argc - i;
	args->argv = xreallocarray(args->argv, args->argc + 1,
	    sizeof *args->argv);
	for (j = 0; j < args->argc; j++)
		args->argv[j] = xstrdup(argv[i + j]);
	args->argv[args->argc] = NULL;

	if (parse->lower != -1 && args->argc < parse->lower) {
		xasprintf(cause, "too few arguments (need at least %d)",
		    parse->lower);
		args_free(args);
		return (NULL);
	}
	if (parse->upper != -1 && args->argc > parse->upper) {
		xasprintf(cause, "too many arguments (need at most %d)",
		    parse->upper);
		args_free(args);
		return (NULL);
	}
	return (args);
}

void
args_free(struct args *args)
{
	int	i, j;

	if (args == NULL)
		return;
	for (i = 0; i < args->nentries; i++) {
		for (j = 0; j < args->entries[i].nvalues; j++)
			xfree(args->entries[i].values[j]);
		xfree(args->entries[i].values);
	}
	xfree(args->entries);
	for (i = 0; i < args->argc; i++)
		xfree(args->argv[i]);
	xfree(args->argv);
	xfree(args);
}

int
args_has(const struct args *args, unsigned char flag)
{
	struct args_entry	*entry;

	entry = args_find(args, flag);
	return (entry == NULL ? 0 : entry->count);
}

const char *
args_get(const struct args *args, unsigned char flag)
{
	struct args_entry	*entry;

	entry = args_find(args, flag);
	if (entry == NULL || entry->nvalues == 0)
		return (NULL);
	return (entry->values[entry->nvalues - 1]);
}

const char **
args_values(const struct args *args, unsigned char flag, int *n)
{
	struct args_entry	*entry;

	entry = args_find(args, flag);
	if (entry == NULL || entry->nvalues == 0) {
		*n = 0;
		return (NULL);
	}
	*n = entry->nvalues;
	return ((const char **)entry->values);
}

int
args_count(const struct args *args)
{
	return (args->argc);
}

const char *
args_string(const struct args *args, int idx)
{
	if (idx < 0 || idx >= args->argc)
		return (NULL);
	return (args->argv[idx]);
}

char **
args_argv(const struct args *args)
{
	return (args->argv);
}

/* OpenBSD strtonum(3): base 10, "invalid", "too small", "too large". */
long long
args_strtonum_string(const char *s, long long min, long long max,
    const char **errstr)
{
	long long	 ll;
	char		*ep;
	int		 saved = errno;

	*errstr = NULL;
	if (min > max) {
		*errstr = "invalid";
		return (0);
	}
	errno = 0;
	ll = strtoll(s, &ep, 10);
	if (s == ep || *ep != '\0')
		*errstr = "invalid";
	else if ((ll == LLONG_MIN && errno == ERANGE) || ll < min)
		*errstr = "too small";
	else if ((ll == LLONG_MAX && errno == ERANGE) || ll > max)
		*errstr = "too large";
	errno = saved;
	return (*errstr == NULL ? ll : 0);
}

long long
args_strtonum(const struct args *args, unsigned char flag, long long min,
    long long max, char **cause)
{
	const char	*value, *errstr;
	long long	 ll;

	value = args_get(args, flag);
	if (value == NULL) {
		*cause = xstrdup("missing");
		return (0);
	}
	ll = args_strtonum_string(value, min, max, &errstr);
	if (errstr != NULL) {
		*cause = xstrdup(errstr);
		return (0);
	}
	*cause = NULL;
	return (ll);
}

long long
args_string_percentage(const char *value, long long min, long long max,
    long long curval, char **cause)
{
	const char	*errstr;
	long long	 ll;
	size_t		 len = strlen(value);
	char		*copy;

	if (len != 0 && value[len - 1] == '%') {
		copy = xstrndup(value, len - 1);
		ll = args_strtonum_string(copy, 0, 100, &errstr);
		xfree(copy);
		if (errstr != NULL) {
			*cause = xstrdup(errstr);
			return (0);
		}
		ll = (curval * ll) / 100;
		if (ll < min) {
			*cause = xstrdup("too small");
			return (0);
		}
		if (ll > max) {
			*cause = xstrdup("too large");
			return (0);
		}
	} else {
		ll = args_strtonum_string(value, min, max, &errstr);
		if (errstr != NULL) {
			*cause = xstrdup(errstr);
			return (0);
		}
	}
	*cause = NULL;
	return (ll);
}

long long
args_percentage(const struct args *args, unsigned char flag, long long min,
    long long max, long long curval, char **cause)
{
	const char	*value;

	value = args_get(args, flag);
	if (value == NULL) {
		*cause = xstrdup("missing");
		return (0);
	}
	return (args_string_percentage(value, min, max, curval, cause));
}

/*
 * Length of the complete, valid UTF-8 character at s (at most n bytes),
 * or 0: shortest form, no surrogates, at most U+10FFFF, not a C1 control
 * (tmux keeps a character only if it has a width).
 */
static size_t
args_utf8_len(const unsigned char *s, size_t n)
{
	unsigned int	cp;
	size_t		size, i;

	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		size = 2;
		cp = s[0] & 0x1f;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		size = 3;
		cp = s[0] & 0x0f;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		size = 4;
		cp = s[0] & 0x07;
	} else
		return (0);
	if (n < size)
		return (0);
	for (i = 1; i < size; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return (0);
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	if ((size == 3 && cp < 0x800) || (size == 4 && cp < 0x10000) ||
	    cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ||
	    (cp >= 0x80 && cp <= 0x9f))
		return (0);
	return (size);
}

/*
 * Whether s prints as it is: printable ASCII with nothing to quote (most
 * words; printing each command was 9 % of a control client's
 * set-option, perf).
 */
static int
args_plain(const char *s)
{
	const unsigned char	*p = (const unsigned char *)s;

	if (*p == '\0' || *p == '~')
		return (0);
	for (; *p != '\0'; p++) {
		if (*p >= 0x80 || !isgraph(*p) || strchr("\\\"#';${}%", *p) != NULL)
			return (0);
	}
	return (1);
}

/*
 * Append byte c to out as OpenBSD vis(3) with VIS_OCTAL|VIS_CSTYLE|
 * VIS_TAB|VIS_NL (and VIS_DQ if dq): printable ASCII and space as is,
 * backslash (and " if dq) with a backslash, C escapes, else \ooo.
 */
static char *
args_vis(char *out, unsigned char c, int dq, unsigned char next)
{
	static const char	cstyle[] = "\n\r\b\a\v\t\f";
	static const char	cletter[] = "nrbavtf";
	const char		*p;

	if (c == ' ' || (c < 0x80 && isgraph(c))) {
		if (c == '\\' || (dq && c == '"'))
			*out++ = '\\';
		*out++ = c;
		return (out);
	}
	if (c != '\0' && (p = strchr(cstyle, c)) != NULL) {
		*out++ = '\\';
		*out++ = cletter[p - cstyle];
		return (out);
	}
	if (c == '\0') {
		*out++ = '\\';
		*out++ = '0';
		if (next >= '0' && next <= '7') {
			*out++ = '0';
			*out++ = '0';
		}
		return (out);
	}
	*out++ = '\\';
	*out++ = '0' + ((c >> 6) & 7);
	*out++ = '0' + ((c >> 3) & 7);
	*out++ = '0' + (c & 7);
	return (out);
}

char *
args_escape(const char *s)
{
	static const char	 dquoted[] = " #';${}%";
	static const char	 squoted[] = " \"";
	const unsigned char	*src = (const unsigned char *)s;
	size_t			 len = strlen(s), i, n;
	char			*buf, *out, *result;
	int			 quotes = 0;

	if (*s == '\0')
		return (xstrdup("''"));
	if (args_plain(s))
		return (xstrdup(s));
	if (s[strcspn(s, dquoted)] != '\0')
		quotes = '"';
	else if (s[strcspn(s, squoted)] != '\0')
		quotes = '\'';

	/* One character that needs quoting is written \c ("\#", "\~"). */
	if (s[0] != ' ' && s[1] == '\0' && (quotes != 0 || s[0] == '~')) {
		xasprintf(&result, "\\%c", s[0]);
		return (result);
	}

	out = buf = xmalloc(4 * len + 1);
	for (i = 0; i < len; /* nothing */) {
		if ((n = args_utf8_len(src + i, len - i)) != 0) {
			memcpy(out, src + i, n);
			out += n;
			i += n;
			continue;
		}
		if (quotes == '"' && src[i] == '$' && i + 1 < len) {
			/* $ only needs escaping where it would expand. */
			if (isalpha(src[i + 1]) || src[i + 1] == '_' ||
			    src[i + 1] == '{')
				*out++ = '\\';
			*out++ = '$';
		} else
			out = args_vis(out, src[i], quotes == '"', src[i + 1]);
		i++;
	}
	*out = '\0';

	if (quotes == '\'')
		xasprintf(&result, "'%s'", buf);
	else if (quotes == '"') {
		if (*buf == '~')
			xasprintf(&result, "\"\\%s\"", buf);
		else
			xasprintf(&result, "\"%s\"", buf);
	} else {
		if (*buf == '~')
			xasprintf(&result, "\\%s", buf);
		else
			result = xstrdup(buf);
	}
	xfree(buf);
	return (result);
}

static int
args_entry_cmp(const void *a, const void *b)
{
	const struct args_entry	*ea = a, *eb = b;

	return ((int)ea->flag - (int)eb->flag);
}

/* Append " " (unless nothing is printed yet) and s, escaped. */
static void
args_print_word(struct buf *b, size_t start, const char *s)
{
	char	*e;

	if (b->len != start)
		buf_add_byte(b, ' ');
	if (args_plain(s))
		buf_add_str(b, s);
	else {
		e = args_escape(s);
		buf_add_str(b, e);
		xfree(e);
	}
}

void
args_print_to(struct buf *b, const struct args *args)
{
	struct args_entry	 one[8], *sorted = one;
	size_t			 start = b->len;
	char			 flag[3] = { '-', '\0', '\0' };
	int			 i, j;

	if (args->nentries > (int)(sizeof one / sizeof one[0]))
		sorted = xreallocarray(NULL, args->nentries, sizeof *sorted);
	if (args->nentries != 0) {
		memcpy(sorted, args->entries, args->nentries * sizeof *sorted);
		qsort(sorted, args->nentries, sizeof *sorted, args_entry_cmp);
	}

	/* Switches first, as one word: -DLZ, -ppp. */
	for (i = 0; i < args->nentries; i++) {
		if (sorted[i].nvalues != 0)
			continue;
		if (b->len == start)
			buf_add_byte(b, '-');
		for (j = 0; j < sorted[i].count; j++)
			buf_add_byte(b, (uint8_t)sorted[i].flag);
	}

	/* Then each value of each flag with values, in flag order. */
	for (i = 0; i < args->nentries; i++) {
		for (j = 0; j < sorted[i].nvalues; j++) {
			flag[1] = sorted[i].flag;
			args_print_word(b, start, flag);
			args_print_word(b, start, sorted[i].values[j]);
		}
	}
	if (sorted != one)
		xfree(sorted);

	for (i = 0; i < args->argc; i++)
		args_print_word(b, start, args->argv[i]);
}

char *
args_print(const struct args *args)
{
	struct buf	b;

	buf_init(&b);
	args_print_to(&b, args);
	return (buf_take(&b, NULL));
}
