/*
 * tmux 3.3a's format language, as observed from display-message: #{name},
 * the modifiers (#{=N:}, #{pN:}, #{s/a/b/:}, #{e|+|:}, #{t:}, #{E:} ...),
 * conditionals, comparisons, loops, the short aliases and the escapes.
 *
 * The expander works the way tmux's does, so that malformed formats fail
 * the same way: a #{...} that cannot be parsed ends the expansion of the
 * string it is in (tmux stops at the first failure and keeps what it has),
 * and nesting deeper than FORMAT_LOOP_LIMIT expands to "". Every name is
 * looked up through the struct format_ctx callback.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <libgen.h>
#include <limits.h>
#include <math.h>
#include <regex.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wchar.h>

#include "engine/base/buf.h"
#include "engine/base/xmalloc.h"
#include "tmux-compat/format.h"
#include "tmux-compat/format-int.h"
#include "tmux-compat/regcomp-limit.h"

/* tmux's limit on nested expansion. */
#define FORMAT_LOOP_LIMIT 100

/*
 * Widest padding #{pN:} makes, in columns. tmux 3.3a takes any int: a
 * format such as #{p999999999:x} made the server allocate 2 GB and write
 * 1 GB (found by format_fuzz), and a read-only user may expand formats
 * (list-clients -F). No line is wider than tmux's widest window, 10000;
 * wider, a regex substitution over the padded text took 16 s
 * (format_fuzz: regexec finds the string's end again at every match).
 */
#define FORMAT_PAD_MAX 10000

/* Size of the buffer tmux passes strftime; longer results expand to "". */
#define FORMAT_TIME_SIZE 8192

/* Modifier flags. */
#define FORMAT_TIMESTRING	0x1
#define FORMAT_BASENAME		0x2
#define FORMAT_DIRNAME		0x4
#define FORMAT_QUOTE_SHELL	0x8
#define FORMAT_LITERAL		0x10
#define FORMAT_EXPAND		0x20
#define FORMAT_EXPANDTIME	0x40
#define FORMAT_SESSIONS		0x80
#define FORMAT_WINDOWS		0x100
#define FORMAT_PANES		0x200
#define FORMAT_PRETTY		0x400
#define FORMAT_LENGTH		0x800
#define FORMAT_WIDTH		0x1000
#define FORMAT_QUOTE_STYLE	0x2000
#define FORMAT_WINDOW_NAME	0x4000
#define FORMAT_SESSION_NAME	0x8000
#define FORMAT_CHARACTER	0x10000
#define FORMAT_COLOUR		0x20000

/* State of one expansion (tmux's format_expand_state). */
struct format_state {
	const struct format_ctx	*ctx;
	unsigned int		 loop;
	int			 time_mode;	/* strftime first */
	int			 nojobs;	/* in a #(): no #() in it runs */
	int			 have_tm;
	struct tm		 tm;
	/* display-message -v: the trace, one line at a time. */
	void			(*log)(void *, const char *);
	void			*log_arg;
};

/* One parsed modifier: its name (one or two characters) and arguments. */
struct format_modifier {
	char	  name[3];
	size_t	  size;
	char	**argv;
	int	  argc;
};

static char	*format_expand1(struct format_state *, const char *);

/*
 * The expansion a loop callback was called from. format_expand called by
 * the callback carries on from it (nesting depth and strftime), as tmux's
 * loops expand each item with a copy of the current state.
 */
static struct format_state	*format_parent;

/*
 * One line of display-message -v's trace: "#", one space per level of
 * nesting, the message (tmux's format_log).
 */
static void __attribute__((format(printf, 2, 3)))
format_log(struct format_state *st, const char *fmt, ...)
{
	va_list	 ap;
	char	*msg, *line;

	if (st->log == NULL)
		return;
	va_start(ap, fmt);
	xvasprintf(&msg, fmt, ap);
	va_end(ap);
	xasprintf(&line, "#%*s%s", (int)st->loop, "", msg);
	st->log(st->log_arg, line);
	xfree(line);
	xfree(msg);
}

void
format_log_loop(const char *fmt, ...)
{
	va_list	 ap;
	char	*msg;

	if (format_parent == NULL || format_parent->log == NULL)
		return;
	va_start(ap, fmt);
	xvasprintf(&msg, fmt, ap);
	va_end(ap);
	format_log(format_parent, "%s", msg);
	xfree(msg);
}

/* Single-character aliases: #D #F #H #I #P #S #T #W and #h. */
static const char *
format_alias(int ch)
{
	switch (ch) {
	case 'D':
		return ("pane_id");
	case 'F':
		return ("window_flags");
	case 'H':
		return ("host");
	case 'I':
		return ("window_index");
	case 'P':
		return ("pane_index");
	case 'S':
		return ("session_name");
	case 'T':
		return ("pane_title");
	case 'W':
		return ("window_name");
	case 'h':
		return ("host_short");
	}
	return (NULL);
}

/* OpenBSD strtonum(3): base 10, whole string, within [min, max]. */
static long long
format_strtonum(const char *s, long long min, long long max, int *ok)
{
	char		*end;
	long long	 n;

	*ok = 0;
	errno = 0;
	n = strtoll(s, &end, 10);
	if (end == s || *end != '\0' || errno == ERANGE || n < min || n > max)
		return (0);
	*ok = 1;
	return (n);
}

/* The time "now" for this expansion: ctx->now, or the clock. */
static time_t
format_now(const struct format_ctx *ctx)
{
	if (ctx->now != 0)
		return (ctx->now);
	return (time(NULL));
}

int
format_true(const char *s)
{
	if (s != NULL && *s != '\0' && (s[0] != '0' || s[1] != '\0'))
		return (1);
	return (0);
}

/*
 * Decode the UTF-8 character at s. Returns its length and sets *width, or 0
 * if s does not start a complete, valid character (tmux then treats the
 * first byte as an unprintable single byte).
 */
static size_t
format_utf8(const char *s, unsigned int *width)
{
	const unsigned char	*u = (const unsigned char *)s;
	size_t			 size, i;
	uint32_t		 wc;
	int			 w;

	if (u[0] >= 0xc2 && u[0] <= 0xdf) {
		size = 2;
		wc = u[0] & 0x1f;
	} else if (u[0] >= 0xe0 && u[0] <= 0xef) {
		size = 3;
		wc = u[0] & 0x0f;
	} else if (u[0] >= 0xf0 && u[0] <= 0xf4) {
		size = 4;
		wc = u[0] & 0x07;
	} else
		return (0);
	for (i = 1; i < size; i++) {
		if ((u[i] & 0xc0) != 0x80)
			return (0);
		wc = (wc << 6) | (u[i] & 0x3f);
	}
	if ((size == 3 && wc < 0x800) || (size == 4 && wc < 0x10000) ||
	    (wc >= 0xd800 && wc <= 0xdfff) || wc > 0x10ffff)
		return (0);
	w = wcwidth((wchar_t)wc);
	if (w < 0)
		w = (wc >= 0x80 && wc <= 0x9f) ? 0 : 1;
	*width = w;
	return (size);
}

static int
format_is_one_of(char c, const char *set)
{
	for (; *set != '\0'; set++) {
		if (*set == c)
			return (1);
	}
	return (0);
}

/*
 * Skip forward to the first character in end that is outside any #{...},
 * stepping over the escapes #, ## #{ #} and #:. NULL if there is none.
 */
const char *
format_skip(const char *s, const char *end)
{
	int	brackets = 0;

	/* Plain loops, not strchr: this scans every format (9 % in perf). */
	for (; *s != '\0'; s++) {
		if (*s == '#') {
			if (s[1] == '{')
				brackets++;
			if (s[1] == ',' || s[1] == '#' || s[1] == '{' ||
			    s[1] == '}' || s[1] == ':') {
				s++;
				continue;
			}
		}
		if (*s == '}')
			brackets--;
		if (brackets == 0 && format_is_one_of(*s, end))
			break;
	}
	if (*s == '\0')
		return (NULL);
	return (s);
}

/* Remove the escapes outside #{...} (for the #{t/f/fmt:} time format). */
static char *
format_strip(const char *s)
{
	char	*out, *cp;
	int	 brackets = 0;

	cp = out = xmalloc(strlen(s) + 1);
	for (; *s != '\0'; s++) {
		if (*s == '#' && s[1] == '{')
			brackets++;
		if (*s == '#' && s[1] != '\0' &&
		    strchr(",#{}:", s[1]) != NULL) {
			if (brackets != 0)
				*cp++ = *s;
			continue;
		}
		if (*s == '}')
			brackets--;
		*cp++ = *s;
	}
	*cp = '\0';
	return (out);
}

/* Split s at its first top-level comma, expanding both sides if asked. */
static int
format_choose(struct format_state *st, const char *s, char **left,
    char **right, int expand)
{
	const char	*cp;
	char		*left0, *right0;

	cp = format_skip(s, ",");
	if (cp == NULL)
		return (-1);
	left0 = xstrndup(s, cp - s);
	right0 = xstrdup(cp + 1);
	if (expand) {
		*left = format_expand1(st, left0);
		xfree(left0);
		*right = format_expand1(st, right0);
		xfree(right0);
	} else {
		*left = left0;
		*right = right0;
	}
	return (0);
}

/*
 * Count the #s at cp and the columns they take when drawn: a run of #s not
 * before a [ shows half of them (## is an escaped #); before a [, an odd
 * run ends with the # of a style. Returns where the #s stop (at the style's
 * # if there is one).
 */
static const char *
format_leading_hashes(const char *cp, unsigned int *n, unsigned int *width)
{
	for (*n = 0; cp[*n] == '#'; (*n)++)
		;
	if (cp[*n] != '[') {
		*width = (*n / 2) + (*n % 2);
		return (cp + *n);
	}
	*width = *n / 2;
	if (*n % 2 == 0)
		return (cp + *n);
	return (cp + *n - 1);
}

/* Display width as tmux's format_width: #[...] counts nothing. */
static unsigned int
format_width(const char *s)
{
	const char	*end;
	unsigned int	 width = 0, w, n;
	size_t		 len;

	while (*s != '\0') {
		if (*s == '#') {
			s = format_leading_hashes(s, &n, &w);
			width += w;
			if (*s == '#') {
				end = format_skip(s + 2, "]");
				if (end == NULL)
					return (0);
				s = end + 1;
			}
		} else if ((len = format_utf8(s, &w)) != 0) {
			width += w;
			s += len;
		} else if (*s > 0x1f && *s < 0x7f) {
			width++;
			s++;
		} else
			s++;
	}
	return (width);
}

/*
 * Copy a run of leading #s taking w columns: a lone # as itself, otherwise
 * as w escaped ##s.
 */
static char *
format_copy_hashes(char *out, unsigned int n, unsigned int w)
{
	if (w == 0)
		return (out);
	if (n == 1) {
		*out++ = '#';
		return (out);
	}
	memset(out, '#', 2 * w);
	return (out + 2 * w);
}

/*
 * Keep the first limit columns, as tmux's format_trim_left: #[...] styles
 * are kept up to the point the limit is reached, unprintable bytes dropped.
 */
static char *
format_trim_left(const char *s, unsigned int limit)
{
	char		*copy, *out;
	const char	*end;
	unsigned int	 width = 0, w, n;
	size_t		 len;

	out = copy = xcalloc(2, strlen(s) + 1);
	while (*s != '\0') {
		if (width >= limit)
			break;
		if (*s == '#') {
			s = format_leading_hashes(s, &n, &w);
			if (w > limit - width)
				w = limit - width;
			out = format_copy_hashes(out, n, w);
			width += w;
			if (*s == '#') {
				end = format_skip(s + 2, "]");
				if (end == NULL)
					break;
				memcpy(out, s, end + 1 - s);
				out += end + 1 - s;
				s = end + 1;
			}
		} else if ((len = format_utf8(s, &w)) != 0) {
			if (width + w <= limit) {
				memcpy(out, s, len);
				out += len;
			}
			width += w;
			s += len;
		} else if (*s > 0x1f && *s < 0x7f) {
			if (width + 1 <= limit)
				*out++ = *s;
			width++;
			s++;
		} else
			s++;
	}
	*out = '\0';
	return (copy);
}

/* Keep the last limit columns, as tmux's format_trim_right. */
static char *
format_trim_right(const char *s, unsigned int limit)
{
	char		*copy, *out;
	const char	*end;
	unsigned int	 width = 0, total, skip, w, n, copy_width;
	size_t		 len;

	total = format_width(s);
	if (total <= limit)
		return (xstrdup(s));
	skip = total - limit;

	out = copy = xcalloc(2, strlen(s) + 1);
	while (*s != '\0') {
		if (*s == '#') {
			s = format_leading_hashes(s, &n, &w);
			copy_width = w;
			if (width <= skip) {
				if (skip - width >= copy_width)
					copy_width = 0;
				else
					copy_width -= skip - width;
			}
			out = format_copy_hashes(out, n, copy_width);
			width += w;
			if (*s == '#') {
				end = format_skip(s + 2, "]");
				if (end == NULL)
					break;
				memcpy(out, s, end + 1 - s);
				out += end + 1 - s;
				s = end + 1;
			}
		} else if ((len = format_utf8(s, &w)) != 0) {
			if (width >= skip) {
				memcpy(out, s, len);
				out += len;
			}
			width += w;
			s += len;
		} else if (*s > 0x1f && *s < 0x7f) {
			if (width >= skip)
				*out++ = *s;
			width++;
			s++;
		} else
			s++;
	}
	*out = '\0';
	return (copy);
}

/* Width as tmux's utf8_cstrwidth (used for padding): #[...] counts. */
static unsigned int
format_cstrwidth(const char *s)
{
	unsigned int	width = 0, w;
	size_t		n;

	while (*s != '\0') {
		if ((n = format_utf8(s, &w)) != 0) {
			width += w;
			s += n;
			continue;
		}
		if (*s > 0x1f && *s != 0x7f)
			width++;
		s++;
	}
	return (width);
}

/* Pad with spaces to width columns, on the right or (left) on the left. */
static char *
format_pad(const char *s, unsigned int width, int left)
{
	unsigned int	 n;
	size_t		 len;
	char		*out;

	n = format_cstrwidth(s);
	if (n >= width)
		return (xstrdup(s));
	len = strlen(s);
	out = xmalloc(len + (width - n) + 1);
	if (left) {
		memset(out, ' ', width - n);
		memcpy(out + (width - n), s, len + 1);
	} else {
		memcpy(out, s, len);
		memset(out + len, ' ', width - n);
		out[len + (width - n)] = '\0';
	}
	return (out);
}

/* Backslash the shell's special characters (#{q:}). */
static char *
format_quote_shell(const char *s)
{
	char	*out, *at;

	at = out = xmalloc(strlen(s) * 2 + 1);
	for (; *s != '\0'; s++) {
		if (strchr("|&;<>()$`\\\"'*?[# =%", *s) != NULL)
			*at++ = '\\';
		*at++ = *s;
	}
	*at = '\0';
	return (out);
}

/* Double every # (#{q/e:} and #{q/h:}). */
static char *
format_quote_style(const char *s)
{
	char	*out, *at;

	at = out = xmalloc(strlen(s) * 2 + 1);
	for (; *s != '\0'; s++) {
		if (*s == '#')
			*at++ = '#';
		*at++ = *s;
	}
	*at = '\0';
	return (out);
}

/* strftime with a format that is not a literal (the user's). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
static size_t
format_strftime1(char *s, size_t max, const char *fmt, const struct tm *tm)
{
	return (strftime(s, max, fmt, tm));
}
#pragma GCC diagnostic pop

/* strftime into a fresh string (at most 511 bytes, as tmux). */
static char *
format_strftime(const char *fmt, const struct tm *tm)
{
	char	s[512];

	if (format_strftime1(s, sizeof s, fmt, tm) == 0)
		s[0] = '\0';
	return (xstrdup(s));
}

/* tmux's short "pretty" time for #{t/p:}. */
static char *
format_pretty_time(const struct format_ctx *ctx, time_t t)
{
	struct tm	now_tm, tm;
	time_t		now, age;

	now = format_now(ctx);
	if (now < t)
		now = t;
	age = now - t;
	localtime_r(&now, &now_tm);
	localtime_r(&t, &tm);

	if (age < 24 * 3600)
		return (format_strftime("%H:%M", &tm));
	if ((tm.tm_year == now_tm.tm_year && tm.tm_mon == now_tm.tm_mon) ||
	    age < 28 * 24 * 3600)
		return (format_strftime("%a%d", &tm));
	if ((tm.tm_year == now_tm.tm_year && tm.tm_mon < now_tm.tm_mon) ||
	    (tm.tm_year == now_tm.tm_year - 1 && tm.tm_mon > now_tm.tm_mon))
		return (format_strftime("%d%b", &tm));
	return (format_strftime("%h%y", &tm));
}

/* Look a name up and apply the value modifiers (t, b, d, q). */
static char *
format_find(struct format_state *st, const char *key, int modifiers,
    const char *time_format)
{
	const struct format_ctx	*ctx = st->ctx;
	char			*found, *saved, s[64];
	long long		 n;
	time_t			 t;
	struct tm		 tm;
	int			 ok;

	if (ctx->lookup == NULL)
		return (NULL);
	found = ctx->lookup(ctx->arg, key);
	if (found == NULL)
		return (NULL);

	if (modifiers & FORMAT_TIMESTRING) {
		n = format_strtonum(found, 0, INT64_MAX, &ok);
		xfree(found);
		if (!ok || n == 0)
			return (NULL);
		t = (time_t)n;
		if (modifiers & FORMAT_PRETTY)
			return (format_pretty_time(ctx, t));
		if (time_format != NULL) {
			localtime_r(&t, &tm);
			return (format_strftime(time_format, &tm));
		}
		if (ctime_r(&t, s) == NULL)
			return (xstrdup(""));
		s[strcspn(s, "\n")] = '\0';
		return (xstrdup(s));
	}

	if (modifiers & FORMAT_BASENAME) {
		saved = found;
		found = xstrdup(basename(saved));
		xfree(saved);
	}
	if (modifiers & FORMAT_DIRNAME) {
		saved = found;
		found = xstrdup(dirname(saved));
		xfree(saved);
	}
	if (modifiers & FORMAT_QUOTE_SHELL) {
		saved = found;
		found = format_quote_shell(saved);
		xfree(saved);
	}
	if (modifiers & FORMAT_QUOTE_STYLE) {
		saved = found;
		found = format_quote_style(saved);
		xfree(saved);
	}
	return (found);
}

/* Does a modifier end at c? */
static int
format_is_end(char c)
{
	return (c == ';' || c == ':');
}

/* Append a modifier to the list. */
static void
format_add_modifier(struct format_modifier **list, unsigned int *count,
    const char *name, size_t n, char **argv, int argc)
{
	struct format_modifier	*fm;

	*list = xreallocarray(*list, (*count) + 1, sizeof **list);
	fm = &(*list)[(*count)++];
	memcpy(fm->name, name, n);
	fm->name[n] = '\0';
	fm->size = n;
	fm->argv = argv;
	fm->argc = argc;
}

static void
format_free_modifiers(struct format_modifier *list, unsigned int count)
{
	unsigned int	i;
	int		j;

	for (i = 0; i < count; i++) {
		for (j = 0; j < list[i].argc; j++)
			xfree(list[i].argv[j]);
		xfree(list[i].argv);
	}
	xfree(list);
}

/*
 * Parse the ;-separated modifiers at the start of *s up to the ':'. On
 * success *s is moved past the ':'; on a syntax error (or no ':') there are
 * no modifiers and *s is left alone, so the whole key is used as a name.
 * Arguments are expanded as they are parsed.
 */
static struct format_modifier *
format_build_modifiers(struct format_state *st, const char **s,
    unsigned int *count)
{
	const char		*cp = *s, *end;
	struct format_modifier	*list = NULL;
	char			 c, last[] = "X;:", **argv, *value;
	int			 argc;

	*count = 0;
	/*
	 * Without a ':' nothing parses, and without a '#' (or a log) parsing
	 * has nothing to show: a name like session_name was scanned again
	 * for the arguments of an "s" modifier (a tenth of a list, callgrind).
	 */
	if (st->log == NULL && strpbrk(cp, ":#") == NULL)
		return (NULL);
	while (*cp != '\0' && *cp != ':') {
		if (*cp == ';')
			cp++;

		/* Single characters with no arguments. */
		if (cp[0] != '\0' && strchr("labcdnwETSWP<>", cp[0]) != NULL &&
		    format_is_end(cp[1])) {
			format_add_modifier(&list, count, cp, 1, NULL, 0);
			cp++;
			continue;
		}

		/* Two characters with no arguments. */
		if ((strncmp(cp, "||", 2) == 0 ||
		    strncmp(cp, "&&", 2) == 0 ||
		    strncmp(cp, "!=", 2) == 0 ||
		    strncmp(cp, "==", 2) == 0 ||
		    strncmp(cp, "<=", 2) == 0 ||
		    strncmp(cp, ">=", 2) == 0) && format_is_end(cp[2])) {
			format_add_modifier(&list, count, cp, 2, NULL, 0);
			cp += 2;
			continue;
		}

		/* Single characters that may have arguments. */
		if (cp[0] == '\0' || strchr("mCNst=peq", cp[0]) == NULL)
			break;
		c = cp[0];
		if (format_is_end(cp[1])) {
			format_add_modifier(&list, count, cp, 1, NULL, 0);
			cp++;
			continue;
		}
		argv = NULL;
		argc = 0;

		/* One argument with no separator: =10, p-5. */
		if (!ispunct((unsigned char)cp[1]) || cp[1] == '-') {
			end = format_skip(cp + 1, ":;");
			if (end == NULL)
				break;
			argv = xcalloc(1, sizeof *argv);
			value = xstrndup(cp + 1, end - (cp + 1));
			argv[0] = format_expand1(st, value);
			xfree(value);
			argc = 1;
			format_add_modifier(&list, count, &c, 1, argv, argc);
			cp = end;
			continue;
		}

		/* Arguments between separators: s/a/b/, =/5/..., e|+|. */
		last[0] = cp[1];
		cp++;
		do {
			if (cp[0] == last[0] && format_is_end(cp[1])) {
				cp++;
				break;
			}
			end = format_skip(cp + 1, last);
			if (end == NULL)
				break;
			cp++;
			argv = xreallocarray(argv, argc + 1, sizeof *argv);
			value = xstrndup(cp, end - cp);
			argv[argc++] = format_expand1(st, value);
			xfree(value);
			cp = end;
		} while (!format_is_end(cp[0]));
		format_add_modifier(&list, count, &c, 1, argv, argc);
	}
	if (*cp != ':') {
		format_free_modifiers(list, *count);
		*count = 0;
		return (NULL);
	}
	*s = cp + 1;
	return (list);
}

/*
 * #{C:term}: the number (from 1) of the first visible line of the pane
 * matching *term* (fnmatch) or, with /r, the regex term; /i ignores case.
 * 0 if none matches or there is no pane (tmux's window_pane_search).
 */
static char *
format_search(struct format_state *st, struct format_modifier *fm,
    const char *term)
{
	const char	*flags = fm->argc >= 1 ? fm->argv[0] : "";
	char		*text, *line, *next, *pattern = NULL, *value;
	regex_t		 r;
	int		 regex = strchr(flags, 'r') != NULL, found = 0;
	int		 ignore = strchr(flags, 'i') != NULL;
	unsigned	 n = 0;

	if (st->ctx->pane_text == NULL ||
	    (text = st->ctx->pane_text(st->ctx->arg)) == NULL)
		return (xstrdup("0"));
	if (regex) {
		if (regcomp_limit(&r, term, REG_EXTENDED|REG_NOSUB|
		    (ignore ? REG_ICASE : 0)) != 0) {
			xfree(text);
			return (xstrdup("0"));
		}
	} else
		xasprintf(&pattern, "*%s*", term);
	for (line = text; !found && *line != '\0'; line = next) {
		next = strchr(line, '\n');
		if (next == NULL)
			next = line + strlen(line);
		else
			*next++ = '\0';
		n++;
		if (regex)
			found = regexec(&r, line, 0, NULL, 0) == 0;
		else
			found = fnmatch(pattern, line,
			    ignore ? FNM_CASEFOLD : 0) == 0;
	}
	if (regex)
		regfree(&r);
	xfree(pattern);
	xfree(text);
	xasprintf(&value, "%u", found ? n : 0);
	return (value);
}

/* #{m:pattern,text}: fnmatch, or with /r an extended regex; /i ignores case. */
static char *
format_match(struct format_modifier *fm, const char *pattern, const char *text)
{
	const char	*s = "";
	regex_t		 r;
	int		 flags = 0;

	if (fm->argc >= 1)
		s = fm->argv[0];
	if (strchr(s, 'r') == NULL) {
		if (strchr(s, 'i') != NULL)
			flags |= FNM_CASEFOLD;
		if (fnmatch(pattern, text, flags) != 0)
			return (xstrdup("0"));
	} else {
		flags = REG_EXTENDED|REG_NOSUB;
		if (strchr(s, 'i') != NULL)
			flags |= REG_ICASE;
		if (regcomp_limit(&r, pattern, flags) != 0)
			return (xstrdup("0"));
		if (regexec(&r, text, 0, NULL, 0) != 0) {
			regfree(&r);
			return (xstrdup("0"));
		}
		regfree(&r);
	}
	return (xstrdup("1"));
}

/* Replacement text for one match: \0 to \9 are groups, \x is x. */
static void
format_regsub_expand(struct buf *b, const char *with, const char *text,
    regmatch_t *m, unsigned int n)
{
	const char	*cp;
	unsigned int	 i;

	for (cp = with; *cp != '\0'; cp++) {
		if (*cp == '\\') {
			cp++;
			if (*cp == '\0')
				break;
			if (*cp >= '0' && *cp <= '9') {
				i = *cp - '0';
				if (i < n && m[i].rm_so != m[i].rm_eo) {
					buf_add(b, text + m[i].rm_so,
					    m[i].rm_eo - m[i].rm_so);
					continue;
				}
			}
		}
		buf_add_byte(b, *cp);
	}
}

/*
 * Replace every match of pattern in text (tmux 3.3a's regsub, including
 * its handling of empty matches and of patterns anchored with ^). NULL if
 * the pattern does not compile.
 */
static char *
format_regsub(const char *pattern, const char *with, const char *text,
    int flags)
{
	regex_t		 r;
	regmatch_t	 m[10];
	size_t		 start, end, last;
	int		 empty = 0;
	struct buf	 b;

	if (*text == '\0')
		return (xstrdup(""));
	if (regcomp_limit(&r, pattern, flags) != 0)
		return (NULL);

	buf_init(&b);
	start = 0;
	last = 0;
	end = strlen(text);
	while (start <= end) {
		if (regexec(&r, text + start, 10, m, 0) != 0) {
			buf_add(&b, text + start, end - start);
			break;
		}
		if (m[0].rm_so + start > last)
			buf_add(&b, text + last, m[0].rm_so + start - last);
		if (empty ||
		    start + m[0].rm_so != last ||
		    m[0].rm_so != m[0].rm_eo) {
			format_regsub_expand(&b, with, text + start, m, 10);
			last = start + m[0].rm_eo;
			start += m[0].rm_eo;
			empty = 0;
		} else {
			last = start + m[0].rm_eo;
			start += m[0].rm_eo + 1;
			empty = 1;
		}
		if (*pattern == '^') {
			if (start < end)
				buf_add(&b, text + start, end - start);
			break;
		}
	}
	regfree(&r);
	return (buf_take(&b, NULL));
}

/* #{s/pattern/with/flags:}: flags "i" ignores case. */
static char *
format_sub(struct format_modifier *fm, const char *text, const char *pattern,
    const char *with)
{
	char	*value;
	int	 flags = REG_EXTENDED;

	if (fm->argc >= 3 && strchr(fm->argv[2], 'i') != NULL)
		flags |= REG_ICASE;
	value = format_regsub(pattern, with, text, flags);
	if (value == NULL)
		return (xstrdup(text));
	return (value);
}

/* A double truncated to long long as x86 does (out of range: LLONG_MIN). */
static double
format_truncate(double d)
{
	if (isnan(d) || d >= 9223372036854775808.0 ||
	    d < -9223372036854775808.0)
		return ((double)LLONG_MIN);
	return ((double)(long long)d);
}

/* #{e|op|flags|precision:left,right}. NULL on any error. */
static char *
format_expression(struct format_state *st, struct format_modifier *mexp,
    const char *copy)
{
	const char	*op = mexp->argv[0];
	char		*endch, *value = NULL, *left = NULL, *right = NULL;
	int		 use_fp = 0, ok;
	long long	 prec = 0;
	double		 mleft, mright, result;

	if (strcmp(op, "+") != 0 && strcmp(op, "-") != 0 &&
	    strcmp(op, "*") != 0 && strcmp(op, "/") != 0 &&
	    strcmp(op, "%") != 0 && strcmp(op, "m") != 0 &&
	    strcmp(op, "==") != 0 && strcmp(op, "!=") != 0 &&
	    strcmp(op, ">") != 0 && strcmp(op, "<") != 0 &&
	    strcmp(op, ">=") != 0 && strcmp(op, "<=") != 0) {
		format_log(st, "expression has no valid operator: '%s'", op);
		return (NULL);
	}

	if (mexp->argc >= 2 && strchr(mexp->argv[1], 'f') != NULL) {
		use_fp = 1;
		prec = 2;
	}
	if (mexp->argc >= 3) {
		prec = format_strtonum(mexp->argv[2], INT_MIN, INT_MAX, &ok);
		if (!ok) {
			format_log(st, "expression precision %s: %s",
			    "invalid", mexp->argv[2]);
			return (NULL);
		}
	}

	if (format_choose(st, copy, &left, &right, 1) != 0) {
		format_log(st, "expression syntax error");
		return (NULL);
	}
	mleft = strtod(left, &endch);
	if (*endch != '\0') {
		format_log(st, "expression left side is invalid: %s", left);
		goto out;
	}
	mright = strtod(right, &endch);
	if (*endch != '\0') {
		format_log(st, "expression right side is invalid: %s", right);
		goto out;
	}
	if (!use_fp) {
		mleft = format_truncate(mleft);
		mright = format_truncate(mright);
	}
	format_log(st, "expression left side is: %.*f", (int)prec, mleft);
	format_log(st, "expression right side is: %.*f", (int)prec, mright);

	if (strcmp(op, "+") == 0)
		result = mleft + mright;
	else if (strcmp(op, "-") == 0)
		result = mleft - mright;
	else if (strcmp(op, "*") == 0)
		result = mleft * mright;
	else if (strcmp(op, "/") == 0)
		result = mleft / mright;
	else if (strcmp(op, "%") == 0 || strcmp(op, "m") == 0)
		result = fmod(mleft, mright);
	else if (strcmp(op, "==") == 0)
		result = fabs(mleft - mright) < 1e-9;
	else if (strcmp(op, "!=") == 0)
		result = fabs(mleft - mright) > 1e-9;
	else if (strcmp(op, ">") == 0)
		result = (mleft > mright);
	else if (strcmp(op, ">=") == 0)
		result = (mleft >= mright);
	else if (strcmp(op, "<") == 0)
		result = (mleft < mright);
	else
		result = (mleft <= mright);

	if (!use_fp)
		result = format_truncate(result);
	xasprintf(&value, "%.*f", (int)prec, result);
	format_log(st, "expression result is %s", value);
out:
	xfree(right);
	xfree(left);
	return (value);
}

/*
 * Call the loop callback; if inherit, expansions it makes continue this
 * one's state.
 */
static char *
format_call_loop(struct format_state *st, char kind, const char *fmt,
    const char *fmt_current, int inherit)
{
	struct format_state	*saved = format_parent;
	char			*value;

	format_parent = inherit ? st : NULL;
	value = st->ctx->loop(st->ctx->arg, kind, fmt, fmt_current);
	format_parent = saved;
	return (value);
}

/*
 * Escape a string so a format expands back to it (for the name checks);
 * a name containing "#[" cannot be written this way.
 */
static char *
format_escape(const char *s)
{
	struct buf	b;

	buf_init(&b);
	for (; *s != '\0'; s++) {
		if (*s == '#' || *s == ',' || *s == '}')
			buf_add_byte(&b, '#');
		buf_add_byte(&b, *s);
	}
	return (buf_take(&b, NULL));
}

/*
 * #{N:name} and #{N/s:name}: "1" if a window (in the current session) or a
 * session has this name, asked through the loop callback.
 */
static char *
format_name_exists(struct format_state *st, char kind, const char *fmt)
{
	const struct format_ctx	*ctx = st->ctx;
	char			*name, *escaped, *test, *result;
	int			 found;

	if (ctx->loop == NULL)
		return (NULL);
	name = format_expand1(st, fmt);
	escaped = format_escape(name);
	xasprintf(&test, "#{==:#{%s_name},%s}",
	    kind == 'S' ? "session" : "window", escaped);
	result = format_call_loop(st, kind, test, NULL, 0);
	found = (result != NULL && strchr(result, '1') != NULL);
	xfree(result);
	xfree(test);
	xfree(escaped);
	xfree(name);
	return (xstrdup(found ? "1" : "0"));
}

/* #{S:}, #{W:all,current} and #{P:all,current} through the loop callback. */
static char *
format_loop(struct format_state *st, char kind, const char *fmt)
{
	const struct format_ctx	*ctx = st->ctx;
	char			*all, *active, *value;

	if (ctx->loop == NULL)
		return (xstrdup(""));
	if (kind == 'S' || format_choose(st, fmt, &all, &active, 0) != 0) {
		all = xstrdup(fmt);
		active = NULL;
	}
	value = format_call_loop(st, kind, all, active, 1);
	xfree(active);
	xfree(all);
	if (value == NULL)
		value = xstrdup("");
	return (value);
}

/* Compare two strings for one of the comparison modifiers. */
static char *
format_compare(struct format_modifier *cmp, const char *left,
    const char *right)
{
	const char	*m = cmp->name;
	int		 result;

	if (strcmp(m, "m") == 0)
		return (format_match(cmp, left, right));
	if (strcmp(m, "||") == 0)
		result = format_true(left) || format_true(right);
	else if (strcmp(m, "&&") == 0)
		result = format_true(left) && format_true(right);
	else if (strcmp(m, "==") == 0)
		result = strcmp(left, right) == 0;
	else if (strcmp(m, "!=") == 0)
		result = strcmp(left, right) != 0;
	else if (strcmp(m, "<") == 0)
		result = strcmp(left, right) < 0;
	else if (strcmp(m, ">") == 0)
		result = strcmp(left, right) > 0;
	else if (strcmp(m, "<=") == 0)
		result = strcmp(left, right) <= 0;
	else
		result = strcmp(left, right) >= 0;
	return (xstrdup(result ? "1" : "0"));
}

/*
 * Expand one #{...} (key is its inside, keylen bytes) onto out. Returns -1
 * on a syntax error, which ends the expansion of the enclosing string.
 */
static int
format_replace(struct format_state *st, const char *key, size_t keylen,
    struct buf *out)
{
	const char		*copy, *cp, *marker = NULL;
	char			*copy0, *condition, *found, *new, *value;
	char			*left, *right, *time_format = NULL;
	int			 modifiers = 0, ok, rgb;
	long long		 limit = 0, width = 0, n;
	struct format_modifier	*list, *cmp = NULL, *search = NULL;
	struct format_modifier	**sub = NULL, *mexp = NULL, *fm;
	unsigned int		 i, count, nsub = 0;
	int			 j;
	struct format_state	 next;

	copy = copy0 = xstrndup(key, keylen);

	list = format_build_modifiers(st, &copy, &count);
	for (i = 0; i < count; i++) {
		fm = &list[i];
		format_log(st, "modifier %u is %s", i, fm->name);
		for (j = 0; j < fm->argc; j++) {
			format_log(st, "modifier %u argument %d: %s", i, j,
			    fm->argv[j]);
		}
		if (fm->size == 2) {
			cmp = fm;
			continue;
		}
		switch (fm->name[0]) {
		case 'm':
		case '<':
		case '>':
			cmp = fm;
			break;
		case 'C':
			search = fm;
			break;
		case 's':
			if (fm->argc < 2)
				break;
			sub = xreallocarray(sub, nsub + 1, sizeof *sub);
			sub[nsub++] = fm;
			break;
		case '=':
			if (fm->argc < 1)
				break;
			limit = format_strtonum(fm->argv[0], INT_MIN, INT_MAX,
			    &ok);
			if (!ok)
				limit = 0;
			if (fm->argc >= 2 && fm->argv[1] != NULL)
				marker = fm->argv[1];
			break;
		case 'p':
			if (fm->argc < 1)
				break;
			width = format_strtonum(fm->argv[0], INT_MIN, INT_MAX,
			    &ok);
			if (!ok)
				width = 0;
			if (width > FORMAT_PAD_MAX)
				width = FORMAT_PAD_MAX;
			if (width < -FORMAT_PAD_MAX)
				width = -FORMAT_PAD_MAX;
			break;
		case 'w':
			modifiers |= FORMAT_WIDTH;
			break;
		case 'e':
			if (fm->argc < 1 || fm->argc > 3)
				break;
			mexp = fm;
			break;
		case 'l':
			modifiers |= FORMAT_LITERAL;
			break;
		case 'a':
			modifiers |= FORMAT_CHARACTER;
			break;
		case 'b':
			modifiers |= FORMAT_BASENAME;
			break;
		case 'c':
			modifiers |= FORMAT_COLOUR;
			break;
		case 'd':
			modifiers |= FORMAT_DIRNAME;
			break;
		case 'n':
			modifiers |= FORMAT_LENGTH;
			break;
		case 't':
			modifiers |= FORMAT_TIMESTRING;
			if (fm->argc < 1)
				break;
			if (strchr(fm->argv[0], 'p') != NULL)
				modifiers |= FORMAT_PRETTY;
			else if (fm->argc >= 2 &&
			    strchr(fm->argv[0], 'f') != NULL) {
				xfree(time_format);
				time_format = format_strip(fm->argv[1]);
			}
			break;
		case 'q':
			if (fm->argc < 1)
				modifiers |= FORMAT_QUOTE_SHELL;
			else if (strchr(fm->argv[0], 'e') != NULL ||
			    strchr(fm->argv[0], 'h') != NULL)
				modifiers |= FORMAT_QUOTE_STYLE;
			break;
		case 'E':
			modifiers |= FORMAT_EXPAND;
			break;
		case 'T':
			modifiers |= FORMAT_EXPANDTIME;
			break;
		case 'N':
			if (fm->argc < 1 || strchr(fm->argv[0], 'w') != NULL)
				modifiers |= FORMAT_WINDOW_NAME;
			else if (strchr(fm->argv[0], 's') != NULL)
				modifiers |= FORMAT_SESSION_NAME;
			break;
		case 'S':
			modifiers |= FORMAT_SESSIONS;
			break;
		case 'W':
			modifiers |= FORMAT_WINDOWS;
			break;
		case 'P':
			modifiers |= FORMAT_PANES;
			break;
		}
	}

	if (modifiers & FORMAT_LITERAL) {
		value = xstrdup(copy);
		goto done;
	}
	if (modifiers & FORMAT_CHARACTER) {
		new = format_expand1(st, copy);
		n = format_strtonum(new, 32, 126, &ok);
		if (!ok)
			value = xstrdup("");
		else
			xasprintf(&value, "%c", (int)n);
		xfree(new);
		goto done;
	}
	if (modifiers & FORMAT_COLOUR) {
		new = format_expand1(st, copy);
		rgb = format_colour_rgb(new);
		if (rgb == -1)
			value = xstrdup("");
		else
			xasprintf(&value, "%06x", rgb & 0xffffff);
		xfree(new);
		goto done;
	}

	if (modifiers & FORMAT_SESSIONS)
		value = format_loop(st, 'S', copy);
	else if (modifiers & FORMAT_WINDOWS)
		value = format_loop(st, 'W', copy);
	else if (modifiers & FORMAT_PANES)
		value = format_loop(st, 'P', copy);
	else if (modifiers & (FORMAT_WINDOW_NAME|FORMAT_SESSION_NAME)) {
		value = format_name_exists(st,
		    (modifiers & FORMAT_WINDOW_NAME) ? 'W' : 'S', copy);
		if (value == NULL)
			goto fail;
	} else if (search != NULL) {
		new = format_expand1(st, copy);
		if (st->log != NULL && st->ctx->lookup != NULL &&
		    (found = st->ctx->lookup(st->ctx->arg, "pane_id")) != NULL) {
			format_log(st, "search '%s' pane %s", new, found);
			xfree(found);
		}
		value = format_search(st, search, new);
		xfree(new);
	} else if (cmp != NULL) {
		if (format_choose(st, copy, &left, &right, 1) != 0) {
			format_log(st, "compare %s syntax error: %s", cmp->name,
			    copy);
			goto fail;
		}
		format_log(st, "compare %s left is: %s", cmp->name, left);
		format_log(st, "compare %s right is: %s", cmp->name, right);
		value = format_compare(cmp, left, right);
		xfree(right);
		xfree(left);
	} else if (*copy == '?') {
		cp = format_skip(copy + 1, ",");
		if (cp == NULL) {
			format_log(st, "condition syntax error: %s", copy + 1);
			goto fail;
		}
		condition = xstrndup(copy + 1, cp - (copy + 1));
		format_log(st, "condition is: %s", condition);
		found = format_find(st, condition, modifiers, time_format);
		if (found == NULL) {
			/* Not a name: expand it; no change means false. */
			found = format_expand1(st, condition);
			if (strcmp(found, condition) == 0) {
				xfree(found);
				found = xstrdup("");
				format_log(st, "condition '%s' not found; "
				    "assuming false", condition);
			}
		} else {
			format_log(st, "condition '%s' found: %s", condition,
			    found);
		}
		if (format_choose(st, cp + 1, &left, &right, 0) != 0) {
			format_log(st, "condition '%s' syntax error: %s",
			    condition, cp + 1);
			xfree(condition);
			xfree(found);
			goto fail;
		}
		if (format_true(found)) {
			format_log(st, "condition '%s' is true", condition);
			value = format_expand1(st, left);
		} else {
			format_log(st, "condition '%s' is false", condition);
			value = format_expand1(st, right);
		}
		xfree(right);
		xfree(left);
		xfree(condition);
		xfree(found);
	} else if (mexp != NULL) {
		value = format_expression(st, mexp, copy);
		if (value == NULL)
			value = xstrdup("");
	} else if (strstr(copy, "#{") != NULL)
		value = format_expand1(st, copy);
	else {
		value = format_find(st, copy, modifiers, time_format);
		if (value == NULL) {
			format_log(st, "format '%s' not found", copy);
			value = xstrdup("");
		} else
			format_log(st, "format '%s' found: %s", copy, value);
	}

done:
	if (modifiers & FORMAT_EXPAND) {
		new = format_expand1(st, value);
		xfree(value);
		value = new;
	} else if (modifiers & FORMAT_EXPANDTIME) {
		next = *st;
		next.time_mode = 1;
		new = format_expand1(&next, value);
		xfree(value);
		value = new;
	}

	for (i = 0; i < nsub; i++) {
		left = format_expand1(st, sub[i]->argv[0]);
		right = format_expand1(st, sub[i]->argv[1]);
		new = format_sub(sub[i], value, left, right);
		format_log(st, "substitute '%s' to '%s': %s", left, right,
		    new);
		xfree(value);
		value = new;
		xfree(right);
		xfree(left);
	}

	if (limit != 0) {
		if (limit > 0)
			new = format_trim_left(value, limit);
		else
			new = format_trim_right(value, -limit);
		if (marker != NULL && strcmp(new, value) != 0) {
			xfree(value);
			if (limit > 0)
				xasprintf(&value, "%s%s", new, marker);
			else
				xasprintf(&value, "%s%s", marker, new);
			xfree(new);
		} else {
			xfree(value);
			value = new;
		}
		format_log(st, "applied length limit %lld: %s", limit, value);
	}

	if (width != 0) {
		if (width > 0)
			new = format_pad(value, width, 0);
		else
			new = format_pad(value, -width, 1);
		xfree(value);
		value = new;
		format_log(st, "applied padding width %lld: %s", width, value);
	}

	if (modifiers & FORMAT_LENGTH) {
		xasprintf(&new, "%zu", strlen(value));
		xfree(value);
		value = new;
		format_log(st, "replacing with length: %s", value);
	}
	if (modifiers & FORMAT_WIDTH) {
		xasprintf(&new, "%u", format_width(value));
		xfree(value);
		value = new;
		format_log(st, "replacing with width: %s", value);
	}

	format_log(st, "replaced '%s' with '%s'", copy0, value);
	buf_add_str(out, value);
	xfree(value);
	xfree(time_format);
	xfree(sub);
	format_free_modifiers(list, count);
	xfree(copy0);
	return (0);

fail:
	format_log(st, "failed %s", copy0);
	xfree(time_format);
	xfree(sub);
	format_free_modifiers(list, count);
	xfree(copy0);
	return (-1);
}

/*
 * #(command): the command is expanded and its job's newest line of
 * output, expanded again, is the result (tmux's format_job_get); #()
 * inside either does not run.
 */
static void
format_job(struct format_state *st, const char *cmd, size_t len,
    struct buf *out)
{
	char	*copy, *expanded, *result = NULL, *value;
	int	 nojobs = st->nojobs;

	copy = xstrndup(cmd, len);
	st->nojobs = 1;
	expanded = format_expand1(st, copy);
	if (st->ctx->job != NULL && !nojobs)
		result = st->ctx->job(st->ctx->arg, copy, expanded);
	format_log(st, "#() result: %s", result != NULL ? result : "");
	if (result != NULL) {
		value = format_expand1(st, result);
		buf_add_str(out, value);
		xfree(value);
	}
	st->nojobs = nojobs;
	xfree(result);
	xfree(expanded);
	xfree(copy);
}

/* Expand fmt (tmux's format_expand1). */
static char *
format_expand1(struct format_state *st, const char *fmt)
{
	struct buf	 out;
	const char	*ptr, *alias;
	char		*expanded = NULL, *value;
	size_t		 n;
	int		 ch, brackets;
	time_t		 t;

	if (fmt == NULL || *fmt == '\0')
		return (xstrdup(""));
	if (st->loop == FORMAT_LOOP_LIMIT) {
		format_log(st, "reached loop limit (%u)", FORMAT_LOOP_LIMIT);
		return (xstrdup(""));
	}
	st->loop++;
	format_log(st, "expanding format: %s", fmt);

	if (st->time_mode && strchr(fmt, '%') != NULL) {
		if (!st->have_tm) {
			t = format_now(st->ctx);
			localtime_r(&t, &st->tm);
			st->have_tm = 1;
		}
		expanded = xmalloc(FORMAT_TIME_SIZE);
		if (format_strftime1(expanded, FORMAT_TIME_SIZE, fmt,
		    &st->tm) == 0) {
			/* Too long; as tmux, the depth is not given back. */
			xfree(expanded);
			return (xstrdup(""));
		}
		fmt = expanded;
		format_log(st, "after time expanded: %s", fmt);
	}

	buf_init(&out);
	while (*fmt != '\0') {
		if (*fmt != '#') {
			for (ptr = fmt; *ptr != '\0' && *ptr != '#'; ptr++)
				/* nothing */;
			buf_add(&out, fmt, ptr - fmt);
			fmt = ptr;
			continue;
		}
		fmt++;
		ch = (unsigned char)*fmt;
		if (ch == '\0') {
			/* A # at the end stays. */
			buf_add_byte(&out, '#');
			break;
		}
		fmt++;
		switch (ch) {
		case '(':
			brackets = 1;
			for (ptr = fmt; *ptr != '\0'; ptr++) {
				if (*ptr == '(')
					brackets++;
				if (*ptr == ')' && --brackets == 0)
					break;
			}
			if (*ptr != ')' || brackets != 0)
				break;
			format_log(st, "found #(): %.*s", (int)(ptr - fmt),
			    fmt);
			format_job(st, fmt, ptr - fmt, &out);
			fmt = ptr + 1;
			continue;
		case '{':
			/*
			 * A plain #{name} (libtmux's 122 fields) needs no
			 * format_skip: it was a fifth of a list (callgrind).
			 */
			for (ptr = fmt; (*ptr >= 'a' && *ptr <= 'z') ||
			    *ptr == '_'; ptr++)
				/* nothing */;
			if (*ptr != '}')
				ptr = format_skip(fmt - 2, "}");
			if (ptr == NULL)
				break;
			n = ptr - fmt;
			format_log(st, "found #{}: %.*s", (int)n, fmt);
			if (format_replace(st, fmt, n, &out) != 0)
				break;
			fmt += n + 1;
			continue;
		case '#':
			/* ##[ (two or more #s) is a style, left for drawing. */
			ptr = fmt;
			n = 2;
			while (*ptr == '#') {
				ptr++;
				n++;
			}
			if (*ptr == '[') {
				format_log(st, "found #*%zu[", n);
				buf_add(&out, fmt - 2, n + 1);
				fmt = ptr + 1;
				continue;
			}
			__attribute__((fallthrough));
		case '}':
		case ',':
			format_log(st, "found #%c", ch);
			buf_add_byte(&out, ch);
			continue;
		default:
			alias = format_alias(ch);
			if (alias == NULL) {
				buf_add_byte(&out, '#');
				buf_add_byte(&out, ch);
				continue;
			}
			format_log(st, "found #%c: %s", ch, alias);
			if (format_replace(st, alias, strlen(alias), &out) != 0)
				break;
			continue;
		}
		break;
	}
	xfree(expanded);
	value = buf_take(&out, NULL);
	format_log(st, "result is: %s", value);
	st->loop--;
	return (value);
}

/* Expand from a fresh state, or from the loop's if called by a loop. */
static char *
format_expand_state(const struct format_ctx *ctx, const char *fmt,
    int time_mode)
{
	struct format_state	 st, *parent = format_parent;
	char			*value;

	memset(&st, 0, sizeof st);
	st.ctx = ctx;
	st.log = ctx->log;
	st.log_arg = ctx->log_arg;
	if (parent != NULL) {
		st.log = parent->log;
		st.log_arg = parent->log_arg;
		st.loop = parent->loop;
		st.time_mode = parent->time_mode;
		st.have_tm = parent->have_tm;
		st.tm = parent->tm;
	}
	if (time_mode)
		st.time_mode = 1;
	format_parent = NULL;
	value = format_expand1(&st, fmt);
	format_parent = parent;
	return (value);
}

char *
format_expand(const struct format_ctx *ctx, const char *fmt)
{
	return (format_expand_state(ctx, fmt, 0));
}

char *
format_expand_time(const struct format_ctx *ctx, const char *fmt)
{
	return (format_expand_state(ctx, fmt, 1));
}
