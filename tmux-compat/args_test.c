/*
 * Tests for args.c: getopt-like parsing and error texts as tmux 3.3a
 * (expected texts checked against /usr/bin/tmux 3.3a).
 */

#include <stdlib.h>
#include <string.h>

#include "engine/base/testlib.h"
#include "engine/base/xmalloc.h"
#include "tmux-compat/args.h"

/* Split s on spaces into a NULL-terminated vector (test helper). */
static char **
split(const char *s, int *argc)
{
	char	**argv, *copy, *p, *word;
	int	  n = 0;

	argv = xcalloc(strlen(s) + 2, sizeof *argv);
	copy = xstrdup(s);
	for (p = copy; (word = strsep(&p, " ")) != NULL; /* nothing */) {
		if (*word != '\0')
			argv[n++] = xstrdup(word);
	}
	xfree(copy);
	*argc = n;
	return (argv);
}

static void
freev(char **argv)
{
	int	i;

	for (i = 0; argv[i] != NULL; i++)
		xfree(argv[i]);
	xfree(argv);
}

/* Parse s with template, lower, upper; NULL on error (*cause set). */
static struct args *
parse(const char *template, int lower, int upper, const char *s,
    char **cause)
{
	struct args_parse	 ap = { template, lower, upper };
	struct args		*args;
	char			**argv;
	int			  argc;

	argv = split(s, &argc);
	args = args_parse(&ap, argc, argv, cause);
	freev(argv);
	return (args);
}

/* The error text for s, or "(ok)". Caller frees. */
static char *
error_of(const char *template, int lower, int upper, const char *s)
{
	struct args	*args;
	char		*cause;

	args = parse(template, lower, upper, s, &cause);
	if (args != NULL) {
		args_free(args);
		return (xstrdup("(ok)"));
	}
	if (cause == NULL)
		return (xstrdup("(usage)"));
	return (cause);
}

#define DISPLAY	"ac:d:INpt:F:v"		/* display-message */
#define CAPTURE	"ab:CeE:JNpPqS:t:"	/* capture-pane */
#define REFRESH	"A:B:cC:Df:F:l::LRSt:U"	/* refresh-client */

static void
test_flags(void)
{
	struct args	*args;
	char		*cause;
	const char	**v;
	int		 n;

	args = parse(DISPLAY, 0, 1, "-p -t foo hello", &cause);
	test_ok(args != NULL, "display -p -t foo hello parses");
	test_ok(args_has(args, 'p') == 1, "-p given once");
	test_ok(args_has(args, 'a') == 0, "-a not given");
	test_streq(args_get(args, 't'), "foo", "-t value in next word");
	test_ok(args_get(args, 'p') == NULL, "switch has no value");
	test_ok(args_count(args) == 1, "one positional");
	test_streq(args_string(args, 0), "hello", "positional 0");
	test_ok(args_string(args, 1) == NULL, "positional 1 absent");
	test_ok(args_argv(args)[1] == NULL, "argv NULL-terminated");
	args_free(args);

	args = parse(DISPLAY, 0, 1, "-pa -tfoo -F#{x}", &cause);
	test_ok(args != NULL && args_has(args, 'p') && args_has(args, 'a'),
	    "combined -pa");
	test_streq(args_get(args, 't'), "foo", "attached -tfoo");
	test_streq(args_get(args, 'F'), "#{x}", "attached -F#{x}");
	test_ok(args_count(args) == 0, "no positional");
	args_free(args);

	/* -PF '#{window_id}': switch then value flag in one word. */
	args = parse("abc:de:F:kn:PSt:", 0, -1, "-dPF #{window_id} sh",
	    &cause);
	test_ok(args != NULL && args_has(args, 'd') && args_has(args, 'P'),
	    "new-window -dPF: switches");
	test_streq(args_get(args, 'F'), "#{window_id}", "-dPF value");
	test_streq(args_string(args, 0), "sh", "-dPF then command");
	args_free(args);

	/* A value flag ends the word: -tp is -t with value "p". */
	args = parse(DISPLAY, 0, 1, "-tp", &cause);
	test_streq(args_get(args, 't'), "p", "-tp is -t p");
	test_ok(!args_has(args, 'p'), "-tp does not set -p");
	args_free(args);

	/* A value may look like a flag. */
	args = parse(DISPLAY, 0, 1, "-t -p", &cause);
	test_streq(args_get(args, 't'), "-p", "-t -p takes -p as value");
	test_ok(!args_has(args, 'p'), "-t -p does not set -p");
	args_free(args);

	/* Negative numbers as values. */
	args = parse(CAPTURE, 0, 0, "-p -S -100 -E -1", &cause);
	test_streq(args_get(args, 'S'), "-100", "-S -100");
	test_streq(args_get(args, 'E'), "-1", "-E -1");
	args_free(args);
	args = parse(CAPTURE, 0, 0, "-S - -E -", &cause);
	test_streq(args_get(args, 'S'), "-", "-S - (start of history)");
	args_free(args);

	/* Repeated flags. */
	args = parse(REFRESH, 0, 1, "-A %0:pause -A %1:pause -c -c", &cause);
	test_ok(args != NULL, "repeated -A parses");
	v = args_values(args, 'A', &n);
	test_ok(n == 2, "two -A values");
	test_streq(n == 2 ? v[0] : NULL, "%0:pause", "first -A");
	test_streq(n == 2 ? v[1] : NULL, "%1:pause", "second -A");
	test_streq(args_get(args, 'A'), "%1:pause", "args_get is the last");
	test_ok(args_has(args, 'c') == 2, "-c counted twice");
	test_ok(args_values(args, 'c', &n) == NULL && n == 0,
	    "switch has no values");
	test_ok(args_values(args, 'Z', &n) == NULL && n == 0,
	    "absent flag has no values");
	args_free(args);

	/* Optional value "l::". */
	args = parse(REFRESH, 0, 1, "-l", &cause);
	test_ok(args != NULL && args_has(args, 'l') &&
	    args_get(args, 'l') == NULL, "-l without value");
	args_free(args);
	args = parse(REFRESH, 0, 1, "-l%1", &cause);
	test_streq(args_get(args, 'l'), "%1", "-l%%1 attached value");
	args_free(args);
	args = parse(REFRESH, 0, 1, "-l %1", &cause);
	test_streq(args_get(args, 'l'), "%1", "-l %%1 next word");
	test_ok(args_count(args) == 0, "-l %%1 leaves no positional");
	args_free(args);

	/* 3.3a: a value flag as the last word is given with no value. */
	args = parse(DISPLAY, 0, 1, "-p -t", &cause);
	test_ok(args != NULL && args_has(args, 't') == 1 &&
	    args_get(args, 't') == NULL, "trailing -t: given, no value");
	args_free(args);
	args = parse("Ac:dDe:EF:f:n:Ps:t:x:Xy:", 0, -1, "-d -s", &cause);
	test_ok(args != NULL && args_has(args, 's') &&
	    args_get(args, 's') == NULL, "new -d -s: no error");
	args_free(args);
}

static void
test_stop(void)
{
	struct args	*args;
	char		*cause;

	/* "--" ends flags and is dropped. */
	args = parse(DISPLAY, 0, 1, "-p -- -x", &cause);
	test_ok(args != NULL && args_has(args, 'p'), "-- after -p");
	test_streq(args_string(args, 0), "-x", "-x after -- is positional");
	args_free(args);
	args = parse(DISPLAY, 0, 1, "-p --", &cause);
	test_ok(args != NULL && args_count(args) == 0, "trailing --");
	args_free(args);
	args = parse(DISPLAY, 0, 1, "-- --", &cause);
	test_streq(args_string(args, 0), "--", "second -- positional");
	args_free(args);

	/* "-" alone is positional. */
	args = parse(DISPLAY, 0, 1, "-p -", &cause);
	test_streq(args_string(args, 0), "-", "- is positional");
	args_free(args);

	/* First non-flag word stops flags: later -x words are arguments. */
	args = parse("FHlMN:Rt:X", 0, -1, "-t x C-c -l -N 2", &cause);
	test_ok(args != NULL && args_count(args) == 4 &&
	    !args_has(args, 'l'), "send-keys: flags stop at first key");
	test_streq(args_string(args, 1), "-l", "later -l is a key");
	test_streq(args_string(args, 3), "2", "keys in order");
	args_free(args);

	/* Empty word is positional. */
	{
		struct args_parse	 ap = { DISPLAY, 0, 1 };
		const char		*argv[] = { "-p", "", NULL };

		args = args_parse(&ap, 2, (char **)argv, &cause);
		test_ok(args != NULL && args_count(args) == 1 &&
		    strcmp(args_string(args, 0), "") == 0,
		    "empty word positional");
		args_free(args);
	}

	args = parse(DISPLAY, 0, 1, "", &cause);
	test_ok(args != NULL && args_count(args) == 0 &&
	    args_argv(args)[0] == NULL, "no words");
	args_free(args);
}

static void
test_errors(void)
{
	char	*s;

#define ERR(t, lo, hi, in, want, what) do {		\
	s = error_of(t, lo, hi, in);			\
	test_streq(s, want, what);			\
	xfree(s);					\
} while (0)
	ERR(DISPLAY, 0, 1, "-Z", "unknown flag -Z", "unknown flag");
	ERR(DISPLAY, 0, 1, "-pZ", "unknown flag -Z", "unknown in -pZ");
	ERR(DISPLAY, 0, 1, "-p -@", "invalid flag -@", "invalid flag -@");
	ERR(DISPLAY, 0, 1, "-p --x", "invalid flag --", "--x: invalid --");
	ERR("DLMRTt:Ux:y:Z", 0, 1, "-100", "unknown flag -1",
	    "resize-pane -100: unknown flag -1");
	ERR(DISPLAY, 0, 1, "-?", "(usage)", "-? asks for usage");
	ERR(DISPLAY, 0, 1, "-p?", "(usage)", "-p? asks for usage");
	ERR("t:", 1, 1, "", "too few arguments (need at least 1)",
	    "rename-session: too few");
	ERR("t:", 1, 1, "-t", "too few arguments (need at least 1)",
	    "rename-session -t: too few");
	ERR("t:", 1, 1, "a b", "too many arguments (need at most 1)",
	    "rename-session a b: too many");
	ERR("bFt:", 2, 3, "x", "too few arguments (need at least 2)",
	    "if-shell: need at least 2");
	ERR("", 0, 0, "x", "too many arguments (need at most 0)",
	    "kill-server x: need at most 0");
	ERR(DISPLAY, 0, 1, "a b", "too many arguments (need at most 1)",
	    "display a b");
	ERR(DISPLAY, 0, 1, "-t", "(ok)", "display -t: no error (3.3a)");
	ERR("FHlMN:Rt:X", 0, -1, "a b c d e f", "(ok)", "no upper limit");
	/* Flag errors come before count errors. */
	ERR("t:", 1, 1, "-Z", "unknown flag -Z", "flag error first");
#undef ERR
}

static void
test_strtonum(void)
{
	struct args	*args;
	char		*cause;
	long long	 ll;

	args = parse("N:x:y:S:", 0, 0, "-N 5 -x abc -y 99999 -S -100",
	    &cause);
	ll = args_strtonum(args, 'N', 1, 1000, &cause);
	test_ok(ll == 5 && cause == NULL, "strtonum 5");
	ll = args_strtonum(args, 'S', -1000, 1000, &cause);
	test_ok(ll == -100 && cause == NULL, "strtonum -100");
	ll = args_strtonum(args, 'x', 1, 1000, &cause);
	test_ok(ll == 0, "invalid returns 0");
	test_streq(cause, "invalid", "strtonum invalid");
	xfree(cause);
	ll = args_strtonum(args, 'y', 1, 1000, &cause);
	test_streq(cause, "too large", "strtonum too large");
	xfree(cause);
	ll = args_strtonum(args, 'S', 0, 1000, &cause);
	test_streq(cause, "too small", "strtonum too small");
	xfree(cause);
	ll = args_strtonum(args, 'Z', 0, 10, &cause);
	test_streq(cause, "missing", "strtonum absent flag");
	xfree(cause);
	args_free(args);

	args = parse("N:", 0, 0, "-N 99999999999999999999", &cause);
	args_strtonum(args, 'N', 0, 10, &cause);
	test_streq(cause, "too large", "strtonum overflow");
	xfree(cause);
	args_free(args);
	args = parse("N:", 0, 0, "-N -99999999999999999999", &cause);
	args_strtonum(args, 'N', 0, 10, &cause);
	test_streq(cause, "too small", "strtonum underflow");
	xfree(cause);
	args_free(args);
	args = parse("N:", 0, 0, "-N 12x", &cause);
	args_strtonum(args, 'N', 0, 100, &cause);
	test_streq(cause, "invalid", "strtonum trailing junk");
	xfree(cause);
	args_free(args);
	args = parse("N:", 0, 0, "-N", &cause);
	args_strtonum(args, 'N', 0, 100, &cause);
	test_streq(cause, "missing", "strtonum flag without value");
	xfree(cause);
	args_free(args);

	args = parse("l:", 0, 0, "-l 50%", &cause);
	ll = args_percentage(args, 'l', 0, 1000, 80, &cause);
	test_ok(ll == 40 && cause == NULL, "50%% of 80 is 40");
	args_free(args);
	ll = args_string_percentage("101%", 0, 1000, 80, &cause);
	test_streq(cause, "too large", "101%% too large");
	xfree(cause);
	ll = args_string_percentage("10%", 20, 1000, 80, &cause);
	test_streq(cause, "too small", "10%% of 80 below 20");
	xfree(cause);
	ll = args_string_percentage("12", 0, 1000, 80, &cause);
	test_ok(ll == 12 && cause == NULL, "plain number");
}

/* Expected texts from `tmux bind -T t ...; tmux list-keys -T t` (3.3a). */
static void
test_escape(void)
{
	static const char *cases[][2] = {
		{ "hello world", "\"hello world\"" },
		{ "it's", "\"it's\"" },
		{ "a\"b", "'a\"b'" },
		{ "#{x}", "\"#{x}\"" },
		{ "", "''" },
		{ "~home", "\\~home" },
		{ "~", "\\~" },
		{ "~x~", "\\~x~" },
		{ "x~", "x~" },
		{ "~ x", "\"\\~ x\"" },
		{ "tab\there", "tab\\there" },
		{ "nl\nx", "nl\\nx" },
		{ "x\tb c", "\"x\\tb c\"" },
		{ "\r\a\b\f\v", "\\r\\a\\b\\f\\v" },
		{ "back\\slash", "back\\\\slash" },
		{ "a\\b c", "\"a\\\\b c\"" },
		{ "a\"\\b", "'a\"\\\\b'" },
		{ "\xc3\xa9 \xc3\xbc", "\"\xc3\xa9 \xc3\xbc\"" },
		{ "\xc3\xa9", "\xc3\xa9" },
		{ "\xc2\xa0", "\xc2\xa0" },
		{ "\xc3", "\\303" },
		{ "\xe2\x82", "\\342\\202" },
		{ "esc\033[1m", "esc\\033[1m" },
		{ "a\001b\177c", "a\\001b\\177c" },
		{ "$HOME", "\"\\$HOME\"" },
		{ "a$b", "\"a\\$b\"" },
		{ "a $1", "\"a $1\"" },
		{ "a ${x}", "\"a \\${x}\"" },
		{ "a $_", "\"a \\$_\"" },
		{ "a $", "\"a $\"" },
		{ "x$", "\"x$\"" },
		{ "$", "\\$" },
		{ "%", "\\%" },
		{ "a;b", "\"a;b\"" },
		{ "\"", "\\\"" },
		{ "'", "\\'" },
		{ " ", "\" \"" },
		{ " x", "\" x\"" },
		{ "a b\"c", "\"a b\\\"c\"" },
		{ "a'b\"c", "\"a'b\\\"c\"" },
		{ "a'b", "\"a'b\"" },
		{ "{", "\\{" },
		{ "a}", "\"a}\"" },
		{ "\\", "\\\\" },
		{ "-", "-" },
		{ "ab#", "\"ab#\"" },
		{ "a`b", "a`b" },
		{ "`", "`" },
		{ "a*?[b", "a*?[b" },
		{ "{last}", "\"{last}\"" },
	};
	char	*s;
	size_t	 i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		s = args_escape(cases[i][0]);
		test_streq(s, cases[i][1], "escape %zu: %s", i, cases[i][1]);
		xfree(s);
	}
}

static void
test_print(void)
{
	struct args	*args;
	char		*cause, *s;

	args = parse("DLMRTt:Ux:y:Z", 0, 1, "-ZDL -x 3 -y 4 -x 5 -t x",
	    &cause);
	s = args_print(args);
	test_streq(s, "-DLZ -t x -x 3 -x 5 -y 4", "print resize-pane");
	xfree(s);
	args_free(args);

	args = parse(DISPLAY, 0, 1, "-F # -p -c x -pp", &cause);
	s = args_print(args);
	test_streq(s, "-ppp -F \\# -c x", "print display -ppp");
	xfree(s);
	args_free(args);

	args = parse("FHlMN:Rt:X", 0, -1, "-X -N 3 -t {last} cancel",
	    &cause);
	s = args_print(args);
	test_streq(s, "-X -N 3 -t \"{last}\" cancel", "print send-keys");
	xfree(s);
	args_free(args);

	args = parse(DISPLAY, 0, 1, "", &cause);
	s = args_print(args);
	test_streq(s, "", "print nothing");
	xfree(s);
	args_free(args);

	args = parse(DISPLAY, 0, 1, "hi", &cause);
	s = args_print(args);
	test_streq(s, "hi", "print positional only");
	xfree(s);
	args_free(args);
}

int
main(void)
{
	test_flags();
	test_stop();
	test_errors();
	test_strtonum();
	test_escape();
	test_print();
	return (test_done());
}
