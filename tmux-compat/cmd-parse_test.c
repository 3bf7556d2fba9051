/* Unit tests for the parsed-command language (cmd-parse.c). */
#include <stdlib.h>
#include <string.h>

#include "engine/base/testlib.h"
#include "engine/base/xmalloc.h"
#include "tmux-compat/cmd-parse.h"
#include "tmux-compat/key-bindings.h"
#include "tmux-compat/options.h"

static char	*test_env_set;

static const char *
test_getenv(void *arg, const char *name)
{
	(void)arg;
	if (strcmp(name, "FOO") == 0)
		return ("bar");
	if (strcmp(name, "HOME") == 0)
		return ("/home/x");
	if (test_env_set != NULL && strncmp(test_env_set, name,
	    strlen(name)) == 0 && test_env_set[strlen(name)] == '=')
		return (test_env_set + strlen(name) + 1);
	return (NULL);
}

static void
test_setenv(void *arg, const char *assignment, int hidden)
{
	(void)arg;
	xfree(test_env_set);
	xasprintf(&test_env_set, "%s%s", assignment, hidden ? "" : "");
}

/* "1" and "0" are themselves; #{t} is true, anything else "". */
static char *
test_format(void *arg, const char *fmt)
{
	(void)arg;
	if (strcmp(fmt, "#{t}") == 0)
		return (xstrdup("1"));
	if (fmt[0] == '#')
		return (xstrdup(""));
	return (xstrdup(fmt));
}

/* Parse s; the printed list or "ERR: error". */
static char *
parse(const char *s, const char *file)
{
	struct cmd_parse_input	pi;
	struct cmd_parse_result	pr;
	char			*out;

	memset(&pi, 0, sizeof pi);
	pi.file = file;
	pi.getenv = test_getenv;
	pi.setenv = test_setenv;
	pi.format = test_format;
	cmd_parse_from_string(s, &pi, &pr);
	if (pr.status == CMD_PARSE_ERROR) {
		xasprintf(&out, "ERR: %s", pr.error);
		xfree(pr.error);
		return (out);
	}
	out = cmd_parse_print_joined(pr.cmdlist, pr.printed, pr.groups, 0);
	cmd_parse_result_free(&pr);
	return (out);
}

/* A test name on one line. */
static char *
oneline(const char *s)
{
	char	*copy = xstrdup(s), *cp;

	for (cp = copy; *cp != '\0'; cp++) {
		if (*cp == '\n')
			*cp = '|';
	}
	return (copy);
}

#define CHECK(in, file, want) do {					\
	char *got_ = parse(in, file), *name_ = oneline(in);		\
	test_streq(got_, want, "%s", name_);				\
	xfree(got_);							\
	xfree(name_);							\
} while (0)

/*
 * A line of plain words takes a short way (cp_plain_line); with a newline
 * after it the grammar parses it: the two must agree, errors and all, in
 * files too (lines, groups).
 */
static void
test_plain_lines(void)
{
	static const char *const lines[] = {
		"set-option -g @k1_5 v123",
		"set -g @a b", "  display  -p\tabc  ", "display -p a,b:c/d+e.f",
		"split-pane -h", "bogus", "display -p -x", "new-window -t @1",
		"kill-server", "select-pane -t %1 -U", "list-keys -T root",
		"show -gv @x", "set", "display-message", "resize-pane -Z",
	};
	static const char *const files[] = { NULL, "f" };
	char	*fast, *slow, *with_nl;
	size_t	 i, j;

	for (j = 0; j < sizeof files / sizeof files[0]; j++) {
		for (i = 0; i < sizeof lines / sizeof lines[0]; i++) {
			xasprintf(&with_nl, "%s\n", lines[i]);
			fast = parse(lines[i], files[j]);
			slow = parse(with_nl, files[j]);
			test_streq(fast, slow, "plain line %s (file %s)",
			    lines[i], files[j] != NULL ? files[j] : "none");
			xfree(fast);
			xfree(slow);
			xfree(with_nl);
		}
	}
}

/* Keys: names, tmux's order, and the default tables. */
static void
test_keys(void)
{
	static const char	*order[] = {
		"C-Space", "C-b", "Tab", "Enter", "Escape", "Space", "!",
		"A", "~", "C-?", "Any", "MouseMovePane", "MouseDown1Pane",
		"MouseDown1Status", "MouseDown2Pane", "MouseUp1Pane",
		"MouseDrag1Pane", "MouseDragEnd1Pane", "WheelUpPane",
		"WheelDownPane", "DoubleClick1Pane", "TripleClick3Border",
		"BSpace", "F1", "F12", "IC", "DC", "Home", "End", "NPage",
		"PPage", "BTab", "Up", "Right", "KP/", "KP.", "User0",
		"User9", "0x41", "\xc3\xa9", "\xe2\x98\xba", "M-a",
		"M-Up", "C-Up", "C-M-Up", "S-Up", NULL
	};
	struct key_table	*t;
	struct key_binding	*bd;
	unsigned		 i, n;
	long long		 a, b;
	char			*s;

	for (i = 0; order[i + 1] != NULL; i++) {
		a = key_string_lookup_string(order[i]);
		b = key_string_lookup_string(order[i + 1]);
		test_ok(a != -1 && b != -1 &&
		    key_string_order(a) < key_string_order(b),
		    "key order %s < %s", order[i], order[i + 1]);
	}
	test_streq(key_string_lookup_key(key_string_lookup_string("0x41")),
	    "A", "0x41 prints A");
	test_ok(key_string_lookup_string("0x41") !=
	    key_string_lookup_string("A"), "0x41 and A are different keys");
	test_streq(key_string_lookup_key(key_string_lookup_string("M-C-b")),
	    "M-C-b", "M-C-b");
	test_streq(key_string_lookup_key(key_string_lookup_string("C-M-S-Up")),
	    "C-M-S-Up", "C-M-S-Up");
	test_ok(key_string_lookup_string("Bogus") == -1, "Bogus unknown");
	test_ok(key_string_is_mouse(key_string_lookup_string("M-WheelUpPane")),
	    "mouse key");

	test_ok(key_bindings_ntables() == 4, "4 default tables");
	for (n = i = 0; i < key_bindings_ntables(); i++)
		n += key_bindings_table_at(i)->n;
	test_ok(n == 255, "255 default bindings (%u)", n);
	t = key_bindings_get_table("prefix", 0);
	bd = key_bindings_get(t, key_string_lookup_string("C-b"));
	test_streq(bd != NULL ? bd->note : NULL, "Send the prefix key",
	    "C-b note");
	bd = key_bindings_get(t, key_string_lookup_string("&"));
	s = key_bindings_print(bd, 1);
	test_streq(s, "confirm-before -p \"kill-window #W? (y/n)\" "
	    "kill-window", "& printed");
	xfree(s);
	bd = key_bindings_get(key_bindings_get_table("copy-mode", 0),
	    key_string_lookup_string("C-r"));
	s = key_bindings_print(bd, 1);
	test_streq(s, "command-prompt -i -I \"#{pane_search_string}\" "
	    "-T search -p \"(search up)\" { send-keys -X "
	    "search-backward-incremental \"%%\" }", "C-r printed");
	xfree(s);

	key_bindings_remove("prefix", key_string_lookup_string("C-b"));
	test_ok(key_bindings_get(t, key_string_lookup_string("C-b")) == NULL,
	    "unbound");
	key_bindings_remove_table("root");
	test_ok(key_bindings_get_table("root", 0) != NULL &&
	    key_bindings_get_table("root", 0)->n == 0, "root comes back");
	key_bindings_reset();
	test_ok(key_bindings_get_table("root", 0)->n == 14, "reset");
}

int
main(void)
{
	test_keys();
	test_plain_lines();

	/* Separators, quotes, escapes. */
	CHECK("display -p a ; display -p b\n", NULL,
	    "display-message -p a ; display-message -p b");
	CHECK("display -p a ;; display -p b", NULL,
	    "display-message -p a ; display-message -p b");
	CHECK("display -p a\ndisplay -p b ; display -p c", NULL,
	    "display-message -p a ;; display-message -p b ; "
	    "display-message -p c");
	CHECK("set -g @b {\n display a\n display b ; display c\n}", NULL,
	    "set-option -g @b { display-message a ;; display-message b ; "
	    "display-message c }");
	CHECK("display -p 'a;'", NULL, "display-message -p \"a;\"");
	CHECK("display -p a\\;", NULL, "display-message -p \"a;\"");
	CHECK("display -p \"$FOO ${FOO}x\" ; display '$FOO'", NULL,
	    "display-message -p \"bar barx\" ; display-message \"\\$FOO\"");
	CHECK("display -p \"\\e\\101\\u00e9\\s\"", NULL,
	    "display-message -p \"\\033A\xc3\xa9 \"");
	CHECK("display -p ~/x", NULL, "display-message -p /home/x/x");
	CHECK("display -p a\\\nb", NULL, "display-message -p ab");
	CHECK("display -p \"\\8\"x", NULL, "display-message -p 8x");
	CHECK("display -p abc", NULL, "display-message -p abc");
	CHECK("display -p \"ab", NULL, "display-message -p ab");
	CHECK("# comment\n\ndisplay -p a # more\n", NULL,
	    "display-message -p a");
	CHECK("display -p $\n", NULL, "display-message -p \\$");

	/* Errors and their lines. */
	CHECK("display -p one\nbogus\n", "f", "ERR: f:2: unknown command: bogus");
	CHECK("display -p }", "f", "ERR: f:1: syntax error");
	CHECK("display -p {\n", "f", "ERR: f:2: syntax error");
	CHECK("; display -p a", "f", "ERR: f:1: syntax error");
	CHECK("display -p x{ display }", "f", "ERR: f:1: syntax error");
	CHECK("display -p \"\\u00zz\"", "f", "ERR: f:1: invalid \\u argument");
	CHECK("display -p \"\\8\"", NULL, "display-message -p 8");
	CHECK("display -p \"\\477\"", NULL, "ERR: invalid octal escape");
	CHECK("display -p ${A-b}", "f", "ERR: f:1: invalid environment variable");
	CHECK("display -p ~nosuchuser_zp", "f", "ERR: f:1: syntax error");
	CHECK("%foo", "f", "ERR: f:1: syntax error");
	CHECK("%if 1\n%endif", "f", "ERR: f:2: syntax error");
	CHECK("%if 1\n%else\ndisplay -p x\n%endif", "f",
	    "ERR: f:2: syntax error");
	CHECK("display -p {\n  display a\n  display b\n}\n", "f",
	    "ERR: f:3: command display-message: argument 1 must be \"string\"");
	CHECK("display -p {}", "f",
	    "ERR: f:1: command display-message: argument 1 must be \"string\"");
	CHECK("setenv x { display a }", "f",
	    "ERR: f:1: command set-environment: argument 2 must be \"string\"");
	CHECK("run { display -p run }", "f",
	    "ERR: f:1: command run-shell: argument 1 must be \"string\"");

	/* Blocks. */
	CHECK("if -F 1 { display -p if } { display b ; display c }", NULL,
	    "if-shell -F 1 { display-message -p if } "
	    "{ display-message b ; display-message c }");
	CHECK("bind x {\n display a\n display b\n}", NULL,
	    "bind-key x { display-message a ;; display-message b }");
	CHECK("run -C { display -p run }", NULL,
	    "run-shell -C { display-message -p run }");

	/* Conditions and assignments. */
	CHECK("%if 0\ndisplay -p a\n%elif 1\ndisplay -p b\n%elif 1\n"
	    "display -p c\n%else\ndisplay -p d\n%endif", NULL,
	    "display-message -p b");
	CHECK("%if #{t}\ndisplay -p yes\n%else\ndisplay -p no\n%endif", NULL,
	    "display-message -p yes");
	CHECK("%if #{f}\ndisplay -p yes\n%else\ndisplay -p no\n%endif", NULL,
	    "display-message -p no");
	CHECK("%if 1 display -p inline %endif", NULL,
	    "display-message -p inline");
	CHECK("%if 0 display -p a %else display -p b %endif ; display -p c",
	    NULL, "display-message -p b ; display-message -p c");
	CHECK("%if 0\n%if 1\ndisplay -p x\n%endif\n%endif", NULL, "");
	CHECK("X=y display -p $X", NULL, "display-message -p y");
	CHECK("display -p a ; X=1", NULL, "");
	CHECK("%hidden H=1\ndisplay -p $H", NULL, "display-message -p 1");
	CHECK("display -p A=b", NULL, "display-message -p A=b");
	CHECK("", NULL, "");
	CHECK("\n\n", NULL, "");

	test_done();
	return (0);
}
