/*
 * Unit tests for format.c. Every expected value was taken from tmux 3.3a:
 * `format_test --list` prints the cases and tmux-compat/format_check.sh runs
 * them through `tmux display -p` on a private server whose user options,
 * session, windows and pane match the lookup and loop callbacks below.
 *
 * display -p passes the format through strftime first (format_expand_time),
 * so cases are expanded with format_expand_time too; cases that depend on
 * the clock or on what tmux cannot be given are marked not to be checked.
 */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/base/testlib.h"
#include "engine/base/xmalloc.h"
#include "tmux-compat/format.h"
#include "tmux-compat/regcomp-limit.h"

/* The variables; format_check.sh sets the @ ones as user options. */
static const char *test_vars[][2] = {
	{ "@a", "hello" },
	{ "@b", "world" },
	{ "@n", "42" },
	{ "@z", "0" },
	{ "@e", "" },
	{ "@p", "/usr/local/bin/tmux" },
	{ "@s", "a b$c" },
	{ "@h", "x#y" },
	{ "@u", "h\xc3\xa9llo w\xc3\xb6rld" },
	{ "@w", "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e\xe3\x83\x86\xe3\x82\xad"
	    "\xe3\x82\xb9\xe3\x83\x88" },
	{ "@f", "abcdefghij" },
	{ "@st", "#[fg=red]abc#[default]def" },
	{ "@t", "a\tb" },
	{ "@fmt", "#{@a}-#{@b}" },
	{ "@tf", "%%%% #{@a}" },
	{ "@fl", "2.5" },
	{ "@neg", "-5" },
	{ "@r1", "#{E:@r1}x" },
	{ "@r2", "#{@r2}" },
	{ "@tm", "1700000000" },
	{ "@cl", "colour208" },
	{ "@hh", "a##b###[x]c" },
	{ "@st2", "ab#[fg=red]#[bg=blue]cd#[default]" },
	{ "session_name", "sess" },
	{ "window_index", "0" },
	{ "window_name", "win" },
	{ "window_flags", "*" },
	{ "pane_index", "0" },
	{ "pane_id", "%0" },
	{ "pane_title", "ptitle" },
	{ NULL, NULL }
};

/* Overrides for one item of a loop (a window or a session). */
struct test_item {
	const char	*vars[5][2];
	int		 current;
};

static const struct test_item test_windows[] = {
	{ { { "window_index", "0" }, { "window_name", "win" },
	    { "window_flags", "*" }, { "pane_id", "%0" }, { NULL, NULL } }, 1 },
	{ { { "window_index", "1" }, { "window_name", "other" },
	    { "window_flags", "" }, { "pane_id", "%1" }, { NULL, NULL } }, 0 },
};
static const struct test_item test_sessions[] = {
	{ { { "session_name", "sess" }, { NULL, NULL } }, 1 },
};
static const struct test_item test_panes[] = {
	{ { { "pane_index", "0" }, { "pane_id", "%0" }, { NULL, NULL } }, 1 },
};

static char	*test_loop(void *, char, const char *, const char *);

static char *
test_lookup(void *arg, const char *name)
{
	const struct test_item	*item = arg;
	int			 i;

	if (item != NULL) {
		for (i = 0; item->vars[i][0] != NULL; i++) {
			if (strcmp(item->vars[i][0], name) == 0)
				return (xstrdup(item->vars[i][1]));
		}
	}
	for (i = 0; test_vars[i][0] != NULL; i++) {
		if (strcmp(test_vars[i][0], name) == 0)
			return (xstrdup(test_vars[i][1]));
	}
	return (NULL);
}

static char *
test_loop(void *arg, char kind, const char *fmt, const char *fmt_current)
{
	const struct test_item	*items;
	struct format_ctx	 ctx;
	size_t			 n, i, len = 0;
	char			*out, *s;

	switch (kind) {
	case 'S':
		items = test_sessions;
		n = sizeof test_sessions / sizeof *test_sessions;
		break;
	case 'W':
		items = test_windows;
		n = sizeof test_windows / sizeof *test_windows;
		break;
	default:
		items = test_panes;
		n = sizeof test_panes / sizeof *test_panes;
		break;
	}
	out = xstrdup("");
	for (i = 0; i < n; i++) {
		memset(&ctx, 0, sizeof ctx);
		ctx.lookup = test_lookup;
		ctx.loop = test_loop;
		ctx.arg = (void *)&items[i];
		if (items[i].current && fmt_current != NULL)
			s = format_expand(&ctx, fmt_current);
		else
			s = format_expand(&ctx, fmt);
		len += strlen(s);
		out = xrealloc(out, len + 1);
		strcat(out, s);
		xfree(s);
	}
	return (out);
}

/* A case: the format, what tmux 3.3a prints, and whether tmux can check it. */
struct test_case {
	const char	*fmt;
	const char	*want;
	int		 check;
};

static const struct test_case test_cases[] = {
	/* Plain text, names and escapes. */
	{ "plain text", "plain text", 1 },
	{ "#{@a}", "hello", 1 },
	{ "#{@a} #{@b}", "hello world", 1 },
	{ "#{@nonexistent}", "", 1 },
	{ "x#{@nonexistent}y", "xy", 1 },
	{ "#{@e}|", "|", 1 },
	{ "#{}", "", 1 },
	{ "##", "#", 1 },
	{ "###", "##", 1 },
	{ "####", "##", 1 },
	{ "#,", ",", 1 },
	{ "#}", "}", 1 },
	{ "#:", "#:", 1 },
	{ "#x", "#x", 1 },
	{ "#1", "#1", 1 },
	{ "#", "#", 1 },
	{ "a#", "a#", 1 },
	{ "#[fg=red]x#[default]", "#[fg=red]x#[default]", 1 },
	{ "##[fg=red]x", "##[fg=red]x", 1 },
	{ "###[fg=red]x", "###[fg=red]x", 1 },
	{ "#{", "", 1 },
	{ "a#{@a", "a", 1 },
	{ "#{@a}}", "hello}", 1 },
	{ "#{@a}#{", "hello", 1 },
	{ "#{@fmt}", "#{@a}-#{@b}", 1 },
	{ "x#(echo hi)y", "xy", 1 },
	{ "x#(echo hi", "x", 1 },
	/* Short aliases. */
	{ "#S", "sess", 1 },
	{ "#S:#I.#P", "sess:0.0", 1 },
	{ "#W #F", "win *", 1 },
	{ "#D", "%0", 1 },
	{ "#T", "ptitle", 1 },
	/* Conditionals. */
	{ "#{?@a,yes,no}", "yes", 1 },
	{ "#{?@z,yes,no}", "no", 1 },
	{ "#{?@e,yes,no}", "no", 1 },
	{ "#{?@nonexistent,yes,no}", "no", 1 },
	{ "#{?#{@a},yes,no}", "yes", 1 },
	{ "#{?#{==:#{@a},hello},Y,N}", "Y", 1 },
	{ "#{?@a,#{@b},#{@a}}", "world", 1 },
	{ "#{?@a,a#,b,c}", "a,b", 1 },
	{ "#{?@a,#{?@z,1,2},3}", "2", 1 },
	{ "#{?@a,x,y,z}", "x", 1 },
	{ "#{?,x,y}", "y", 1 },
	{ "#{?1,x,y}", "y", 1 },
	{ "#{?abc,x,y}", "y", 1 },
	{ "#{?@a,x#}y,z}", "x}y", 1 },
	{ "#{?@a,{x},y}", "", 1 },
	{ "a#{?@a,yes}b", "a", 1 },
	{ "a#{?x}b", "a", 1 },
	{ "#{?@a,x,y;l:z}", "x", 1 },
	/* Comparisons. */
	{ "#{==:@a,hello}", "0", 1 },
	{ "#{==:#{@a},hello}", "1", 1 },
	{ "#{!=:a,b}", "1", 1 },
	{ "#{<:a,b}", "1", 1 },
	{ "#{>:a,b}", "0", 1 },
	{ "#{<=:a,a}", "1", 1 },
	{ "#{>=:a,b}", "0", 1 },
	{ "#{||:0,1}", "1", 1 },
	{ "#{||:0,}", "0", 1 },
	{ "#{&&:1,x}", "1", 1 },
	{ "#{&&:1,0}", "0", 1 },
	{ "#{==:a#,b,a#,b}", "1", 1 },
	{ "#{==:a,b,c}", "0", 1 },
	{ "a#{==:x}b", "a", 1 },
	{ "#{m;==:a,a}", "1", 1 },
	{ "#{==;m:a*,abc}", "1", 1 },
	{ "#{!:1}|#{!:0}", "|", 1 },
	/* Matching. */
	{ "#{m:*ll*,hello}", "1", 1 },
	{ "#{m:*LL*,hello}", "0", 1 },
	{ "#{m/i:*LL*,hello}", "1", 1 },
	{ "#{m/r:^h.*o$,hello}", "1", 1 },
	{ "#{m/ri:^H,hello}", "1", 1 },
	{ "#{m/r:(,hello}", "0", 1 },
	{ "#{m:#{@a},hello}", "1", 1 },
	{ "#{m:h*,@a}", "0", 1 },
	/* Substitution. */
	{ "#{s/l/L/:@a}", "heLLo", 1 },
	{ "#{s/l+/L/:@a}", "heLo", 1 },
	{ "#{s/L/x/i:@a}", "hexxo", 1 },
	{ "#{s/(h)(e)/\\2\\1/:@a}", "ehllo", 1 },
	{ "#{s/x/y/:@a}", "hello", 1 },
	{ "#{s/^/>/:@a}", "ello", 1 },
	{ "#{s/$/!/:@a}", "hello!", 1 },
	{ "#{s/l*/X/:@a}", "hXeXoX", 1 },
	{ "#{s/a*/-/:@b}", "w-o-r-l-d-", 1 },
	{ "#{s/./&&/:@a}", "&&&&&&&&&&", 1 },
	{ "#{s/(/x/:@a}", "hello", 1 },
	{ "#{s|l|L|:@a}", "heLLo", 1 },
	{ "#{s/l/#{@b}/:@a}", "heworldworldo", 1 },
	{ "#{s/l/L:@a}", "heLLo", 1 },
	{ "#{s/l:@a}", "hello", 1 },
	{ "#{s/o/0/;s/l/1/:@a}", "he110", 1 },
	{ "#{s/e/a/;s/a/c/:@a}", "hcllo", 1 },
	{ "#{s/x/y/:@e}|", "|", 1 },
	/* Trimming and padding. */
	{ "#{=3:@f}", "abc", 1 },
	{ "#{=-3:@f}", "hij", 1 },
	{ "#{=/3/...:@f}", "abc...", 1 },
	{ "#{=/-3/...:@f}", "...hij", 1 },
	{ "#{=/10/...:@f}", "abcdefghij", 1 },
	{ "#{=/2:@f}", "ab", 1 },
	{ "#{=0:@a}", "hello", 1 },
	{ "#{=abc:@a}", "hello", 1 },
	{ "#{=3:#{@f}}", "abc", 1 },
	{ "#{=3:@w}", "\xe6\x97\xa5", 1 },
	{ "#{=-3:@w}", "\xe3\x83\x88", 1 },
	{ "#{=5:@u}", "h\xc3\xa9llo", 1 },
	{ "#{=-5:@u}", "w\xc3\xb6rld", 1 },
	{ "#{=4:@st}", "#[fg=red]abc#[default]d", 1 },
	{ "#{=-4:@st}", "#[fg=red]c#[default]def", 1 },
	{ "#{=5:@t}", "ab", 1 },
	{ "#{w:@hh}", "5", 1 },
	{ "#{=2:@hh}", "a##", 1 },
	{ "#{=-2:@hh}", "###[x]c", 1 },
	{ "#{=-4:@hh}", "##b###[x]c", 1 },
	{ "#{=3:@st2}", "ab#[fg=red]#[bg=blue]c", 1 },
	{ "#{=4:@st2}", "ab#[fg=red]#[bg=blue]cd", 1 },
	{ "#{=5:@st2}", "ab#[fg=red]#[bg=blue]cd#[default]", 1 },
	{ "#{=-2:@st2}", "#[fg=red]#[bg=blue]cd#[default]", 1 },
	{ "#{=-5:@t}", "a\tb", 1 },
	{ "#{p10:@a}|", "hello     |", 1 },
	{ "#{p-10:@a}|", "     hello|", 1 },
	{ "#{p3:@a}|", "hello|", 1 },
	{ "#{p:@a}|", "hello|", 1 },
	{ "#{p16:@w}|", "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e\xe3\x83\x86"
	    "\xe3\x82\xad\xe3\x82\xb9\xe3\x83\x88  |", 1 },
	{ "#{p30:@st}|", "#[fg=red]abc#[default]def     |", 1 },
	{ "#{=3;p5:@f}|", "abc  |", 1 },
	{ "#{p5;=3:@f}|", "abc  |", 1 },
	{ "#{=2;p4:@w}|", "\xe6\x97\xa5  |", 1 },
	/* Length and width. */
	{ "#{n:@a}", "5", 1 },
	{ "#{n:@u}", "13", 1 },
	{ "#{w:@u}", "11", 1 },
	{ "#{w:@w}", "14", 1 },
	{ "#{n:@st}", "25", 1 },
	{ "#{w:@st}", "6", 1 },
	{ "#{n:#{@a}}", "5", 1 },
	{ "#{n;=3:@f}", "3", 1 },
	{ "#{n;w:@w}", "2", 1 },
	/* Literal, expansion. */
	{ "#{l:#{@a},x}", "#{@a},x", 1 },
	{ "#{l:a#,b}", "a#,b", 1 },
	{ "#{=3;l:abcdef}", "abc", 1 },
	{ "#{E:@fmt}", "hello-world", 1 },
	{ "#{E;=3:@fmt}", "hel", 1 },
	{ "#{s/h/H/;E:@fmt}", "Hello-world", 1 },
	{ "#{E:@r2}", "#{@r2}", 1 },
	{ "#{T:@tf}", "%% hello", 1 },
	{ "#{E:@tf}", "%% hello", 1 },
	{ "#{n:#{E:@r1}}", "98", 1 },
	/* Arithmetic. */
	{ "#{e|+|:1,2}", "3", 1 },
	{ "#{e|-|:1,5}", "-4", 1 },
	{ "#{e|*|:3,4}", "12", 1 },
	{ "#{e|/|:7,2}", "3", 1 },
	{ "#{e|m|:7,3}", "1", 1 },
	{ "#{e|+|f|:1,2}", "3.00", 1 },
	{ "#{e|/|f|4:7,2}", "3.5000", 1 },
	{ "#{e|+|f|0:2.5,1}", "4", 1 },
	{ "#{e|+|:#{@n},1}", "43", 1 },
	{ "#{e|+|:@n,1}", "", 1 },
	{ "#{e|+|:a,1}", "", 1 },
	{ "#{e|+|:1}", "", 1 },
	{ "#{e|==|:1,1}", "1", 1 },
	{ "#{e|<|:1,2}", "1", 1 },
	{ "#{e|>=|:3,2}", "1", 1 },
	{ "#{e|+|:2.7,1}", "3", 1 },
	{ "#{e|-|:0,#{@neg}}", "5", 1 },
	{ "#{e|+|:,1}", "1", 1 },
	{ "#{e|+||:1,2}", "3", 1 },
	{ "#{e|+|f|abc:1,2}", "", 1 },
	{ "#{e|x|:1,2}", "", 1 },
	{ "#{e|/|:1,0}", "-9223372036854775808", 1 },
	{ "#{e|/|f|:1,0}", "inf", 1 },
	{ "#{e|+|;e|*|:2,3}", "6", 1 },
	/* Names: basename, dirname, quoting, characters, colours. */
	{ "#{b:@p}", "tmux", 1 },
	{ "#{d:@p}", "/usr/local/bin", 1 },
	{ "#{b:#{@p}}", "/usr/local/bin/tmux", 1 },
	{ "#{b;d:@p}", ".", 1 },
	{ "#{q:@s}", "a\\ b\\$c", 1 },
	{ "#{q:#{@s}}", "a b$c", 1 },
	{ "#{q:@h}", "x\\#y", 1 },
	{ "#{q/h:@h}", "x##y", 1 },
	{ "#{q/e:@h}", "x##y", 1 },
	{ "#{a:65}", "A", 1 },
	{ "#{a:31}", "", 1 },
	{ "#{a:126}", "~", 1 },
	{ "#{a:127}", "", 1 },
	{ "#{a:#{@n}}", "*", 1 },
	{ "#{a:@n}", "", 1 },
	{ "#{c:red}", "800000", 1 },
	{ "#{c:brightred}", "ff0000", 1 },
	{ "#{c:colour255}", "eeeeee", 1 },
	{ "#{c:#{@cl}}", "ff8700", 1 },
	{ "#{c:AliceBlue}", "f0f8ff", 1 },
	{ "#{c:light goldenrod yellow}", "fafad2", 1 },
	{ "#{c:grey50}", "7f7f7f", 1 },
	{ "#{c:grey}", "bebebe", 1 },
	{ "#{c:Grey}", "", 1 },
	{ "#{c:default}", "", 1 },
	{ "#{c:91}", "ff0000", 1 },
	{ "#{c:@a}", "", 1 },
	{ "#{a;c:1}", "", 1 },
	{ "#{c;l:1}", "1", 1 },
	/* Time. */
	{ "#{t:@n}", "Thu Jan  1 00:00:42 1970", 1 },
	{ "#{t:@tm}", "Tue Nov 14 22:13:20 2023", 1 },
	{ "#{t/p:@tm}", "Nov23", 1 },
	{ "#{t:@z}", "", 1 },
	{ "#{t:@a}", "", 1 },
	{ "#{t:#{@n}}", "42", 1 },
	{ "#{t/f/%%%%d:@tm}", "14", 1 },
	{ "#{t;b:@n}", "Thu Jan  1 00:00:42 1970", 1 },
	/* Modifier lists. */
	{ "#{:@a}", "hello", 1 },
	{ "#{;:@a}", "hello", 1 },
	{ "#{=3;;l:abc}", "", 1 },
	{ "#{@a:}", "", 1 },
	/* Loops and name checks. */
	{ "#{S:#{session_name}}", "sess", 1 },
	{ "#{S:x,y}", "x,y", 1 },
	{ "#{W:#{window_name} }", "win other ", 1 },
	{ "#{W:#{window_index},[#{window_index}]}", "[0]1", 1 },
	{ "#{P:#{pane_id}}", "%0", 1 },
	{ "#{W:#{pane_id}}", "%0%1", 1 },
	{ "#{N:win}", "1", 1 },
	{ "#{N:nope}", "0", 1 },
	{ "#{N/w:other}", "1", 1 },
	{ "#{N/s:sess}", "1", 1 },
	{ "#{N/s:nope}", "0", 1 },
	{ "#{C:foo}", "0", 1 },
	{ "#{W:#{?@a,%%%%,x}}", "%%", 1 },
	{ "#{S:#{n:#{E:@r1}}}", "97", 1 },
	/* strftime first, as display-message does. */
	{ "100%%", "100%", 1 },
	{ "#{@fl}%%", "2.5%", 1 },
	{ NULL, NULL, 0 }
};

int
main(int argc, char **argv)
{
	const struct test_case	*tc;
	struct format_ctx	 ctx;
	char			*s, big[9001];
	int			 i;

	setenv("TZ", "UTC", 1);
	tzset();
	setlocale(LC_CTYPE, "C.UTF-8");

	if (argc > 1 && strcmp(argv[1], "--list") == 0) {
		for (tc = test_cases; tc->fmt != NULL; tc++) {
			if (tc->check)
				printf("%s\t%s\n", tc->fmt, tc->want);
		}
		for (i = 0; test_vars[i][0] != NULL; i++) {
			if (test_vars[i][0][0] == '@')
				printf("@\t%s\t%s\n", test_vars[i][0],
				    test_vars[i][1]);
		}
		return (0);
	}

	memset(&ctx, 0, sizeof ctx);
	ctx.lookup = test_lookup;
	ctx.loop = test_loop;
	ctx.now = 1764680000;	/* 2025-12-02 */

	if (argc > 1 && strcmp(argv[1], "--expand") == 0) {
		/* One format a line in, one expansion a line out (fuzzing). */
		ctx.now = 0;
		while (fgets(big, sizeof big, stdin) != NULL) {
			big[strcspn(big, "\n")] = '\0';
			s = format_expand_time(&ctx, big);
			printf("%s\n", s);
			xfree(s);
		}
		return (0);
	}

	for (tc = test_cases; tc->fmt != NULL; tc++) {
		s = format_expand_time(&ctx, tc->fmt);
		test_streq(s, tc->want, "%s", tc->fmt);
		xfree(s);
	}

	/* format_expand leaves % alone; format_expand_time uses ctx->now. */
	s = format_expand(&ctx, "%Y #{@a}");
	test_streq(s, "%Y hello", "format_expand does no strftime");
	xfree(s);
	s = format_expand_time(&ctx, "%Y-%m-%d #{@a}");
	test_streq(s, "2025-12-02 hello", "strftime with ctx->now");
	xfree(s);
	s = format_expand_time(&ctx, "#{t/f/%%H:@n}");
	test_streq(s, "12", "#{t/f/} time format is strftime'd again");
	xfree(s);

	/*
	 * Patterns whose compiled tree would take gigabytes (regcomp-limit.c)
	 * fail like a bad pattern; ordinary ones compile. Found by
	 * format_fuzz: the first took 3 GB in glibc's regcomp.
	 */
	test_ok(!regcomp_limit_ok("==6+++++++++++++++++++++++++s",
	    REG_EXTENDED), "stacked repetitions refused");
	test_ok(!regcomp_limit_ok("(ab)++++++++++++++++++++", REG_EXTENDED),
	    "stacked repetitions of a group refused");
	test_ok(!regcomp_limit_ok("((a{1,100}){1,100}){1,100}", REG_EXTENDED),
	    "nested intervals refused");
	test_ok(regcomp_limit_ok("^[0-9]{1,3}(\\.[0-9]{1,3}){3}$",
	    REG_EXTENDED), "an address pattern compiles");
	test_ok(regcomp_limit_ok("(foo|ba[rz]+)*[[:space:]]?x{2,}\\(",
	    REG_EXTENDED), "alternatives, classes and escapes compile");
	test_ok(regcomp_limit_ok("(a{1,100}){1,100}", REG_EXTENDED),
	    "two nested intervals of 100 compile");
	/* format_fuzz: 13 operators on "(h)", 17 ms a compile, 20 s a format. */
	test_ok(!regcomp_limit_ok("(h)+++++*+++++++d(x)", REG_EXTENDED),
	    "thirteen repetition operators in a row refused");
	test_ok(!regcomp_limit_ok("a+++++++", REG_EXTENDED),
	    "seven in a row refused");
	test_ok(regcomp_limit_ok("a+*?(b+)*c{2}?", REG_EXTENDED),
	    "a few in a row compile");
	/* Padding stops at FORMAT_PAD_MAX columns (format_fuzz: 2 GB). */
	s = format_expand(&ctx, "#{p999999999:@a}");
	test_ok(strlen(s) == 10000 && strncmp(s, "hello ", 6) == 0,
	    "#{p999999999:} pads to 10000 columns, not a gigabyte");
	xfree(s);
	s = format_expand(&ctx, "#{p-2147483647:@a}");
	test_ok(strlen(s) == 10000 && strcmp(s + 9995, "hello") == 0,
	    "#{p-2147483647:} likewise on the left");
	xfree(s);
	s = format_expand(&ctx, "#{s/6++++++++++++++++++++++++++/x/:@n}");
	test_streq(s, "42", "#{s/too costly/x/} leaves the value alone");
	xfree(s);
	s = format_expand(&ctx, "#{m/r:(ab)+++++++++++++++++++++++++,ab}");
	test_streq(s, "0", "#{m/r:too costly} does not match");
	xfree(s);

	/* Longer than tmux's strftime buffer: "" (9000 bytes without %). */
	memset(big, 'a', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	s = format_expand_time(&ctx, big);
	test_ok(strlen(s) == 9000, "long format without %% is kept");
	xfree(s);
	big[0] = '%';
	big[1] = '%';
	s = format_expand_time(&ctx, big);
	test_streq(s, "", "long format with %% is too long for strftime");
	xfree(s);

	/* No callbacks at all. */
	memset(&ctx, 0, sizeof ctx);
	s = format_expand(&ctx, "[#{@a}#{W:x}#{S:y}#{N:z}]");
	test_streq(s, "[", "no lookup or loop: empty, #{N:} fails");
	xfree(s);

	test_ok(format_true("1") && format_true("abc") && format_true("00"),
	    "format_true: non-empty and not 0");
	test_ok(!format_true("0") && !format_true("") && !format_true(NULL),
	    "format_true: 0, empty and NULL are false");
	return (test_done());
}
