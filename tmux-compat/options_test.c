/*
 * Unit tests of options.c: value parsing and printing (keys, colours,
 * styles, flags, choices, numbers, arrays), name matching, the store's
 * inheritance and the getters. Expected texts are tmux 3.3a's.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/base/testlib.h"
#include "engine/base/xmalloc.h"
#include "tmux-compat/options.h"
#include "tmux-compat/style.h"

/* The effective value of name (item idx, or -1) as tmux prints it. */
static char *
show(const struct options_target *t, const char *name, int idx)
{
	struct options_entry	*o;
	static char		 buf[1024];
	char			*v;

	if ((o = options_get(t, name, NULL)) == NULL)
		return (NULL);
	v = options_to_string(o, idx, 0);
	snprintf(buf, sizeof buf, "%s", v);
	xfree(v);
	return (buf);
}

static void
count_item(unsigned idx, const char *value, void *arg)
{
	(void)idx;
	(void)value;
	(*(int *)arg)++;
}

static void
test_keys(void)
{
	static const char	*cases[][2] = {
		{ "C-b", "C-b" }, { "C-a", "C-a" }, { "^a", "C-a" },
		{ "C-A", "C-a" }, { "M-A", "M-A" }, { "C-M-a", "M-C-a" },
		{ "C-Space", "C-Space" }, { "C-@", "C-Space" },
		{ "C-i", "Tab" }, { "C-[", "Escape" }, { "^?", "C-?" },
		{ "C-Tab", "C-Tab" }, { "Enter", "Enter" }, { " ", "Space" },
		{ "PageUp", "PPage" }, { "any", "Any" }, { "None", "None" },
		{ "0x61", "a" }, { "S-F1", "S-F1" }, { "C-S-Up", "C-S-Up" },
		{ "KP1", "KP1" }, { "MouseDown1Pane", "MouseDown1Pane" },
		{ "User0", "User0" }, { "\xc3\xa9", "\xc3\xa9" }, { "#", "#" },
		{ "BSpace", "BSpace" }, { "C-h", "C-h" }, { "M-Up", "M-Up" },
	};
	size_t			 i;
	long long		 k;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		k = options_key_from_string(cases[i][0]);
		test_streq(k == OPTIONS_KEY_UNKNOWN ? "unknown" :
		    options_key_to_string(k), cases[i][1], "key %s",
		    cases[i][0]);
	}
	test_ok(options_key_from_string("F13") == OPTIONS_KEY_UNKNOWN,
	    "F13 is not a key");
	test_ok(options_key_from_string("xyz") == OPTIONS_KEY_UNKNOWN,
	    "xyz is not a key");
	test_streq(options_key_to_string(0x7f), "C-?", "backspace default");
}

static void
test_colours(void)
{
	static const char	*cases[][2] = {
		{ "navy", "#000080" }, { "colour5", "colour5" },
		{ "94", "brightblue" }, { "BRIGHTRED", "brightred" },
		{ "#AbCdEf", "#abcdef" }, { "grey50", "#7f7f7f" },
		{ "terminal", "terminal" }, { "color255", "colour255" },
		{ "7", "white" }, { "default", "default" }, { "red", "red" },
	};
	size_t			 i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		test_streq(options_colour_to_string(
		    options_colour_from_string(cases[i][0])), cases[i][1],
		    "colour %s", cases[i][0]);
	}
	test_ok(options_colour_from_string("colour300") == -1, "colour300");
	test_ok(options_colour_from_string("none") == -1, "none");
	test_streq(options_colour_to_string(-1), "none", "-1 is none");
}

/* What style_parse leaves in a style, and that a bad word changes nothing. */
static void
test_style_parse(void)
{
	struct tty_style	base = { 0, 8, 8 };
	struct style		sy;

	style_set(&sy, &base);
	test_ok(style_parse(&sy, &base, "fg=red bold align=right list=focus "
	    "range=window|7 fill=blue push-default") == 0, "style parses");
	test_ok(sy.gc.fg == 1 && (sy.gc.attr & VT_ATTR_BRIGHT) &&
	    sy.align == STYLE_ALIGN_RIGHT && sy.list == STYLE_LIST_FOCUS &&
	    sy.range_type == STYLE_RANGE_WINDOW && sy.range_argument == 7 &&
	    sy.fill == 4 && sy.default_type == STYLE_DEFAULT_PUSH,
	    "style parsed");
	test_ok(style_parse(&sy, &base, "fg=green nonsense") == -1 &&
	    sy.gc.fg == 1, "a bad word leaves the style");
	test_ok(style_parse(&sy, &base, "default norange nolist noalign") == 0 &&
	    sy.gc.fg == 8 && sy.gc.attr == 0 &&
	    sy.range_type == STYLE_RANGE_NONE && sy.list == STYLE_LIST_OFF &&
	    sy.align == STYLE_ALIGN_DEFAULT, "default, norange, nolist");
}

static void
test_styles(void)
{
	static const char	*good[] = {
		"fg=red,bold", "bold underscore", "fg=#ff0000", "default",
		"none", "bg=default,noreverse", "align=centre", "list=focus",
		"range=window|1", "range=bogus", "fill=red", "acs", "nobold",
		"fg=red,,bold", ",fg=red", "", " ", "BOLD", "Fg=red", "ignore",
		"double-underscore", "bold|dim", "nobold|dim", "range=left",
		"range=window|99999999999999999999", "push-default", "noalign"
	};
	static const char	*bad[] = {
		"fg=colour300", "nonsense", "noattr", "align=middle", "list=x",
		"range=user|x", "us=red", "fg=", "#[fg=red]", "range=pane|%1",
		"range=window|x", "fill=none", "width=1", "range=window",
		"range=left|1", "range=window|-1", "bold|", "fg=red|bold",
		"set-default", "range=session|$1"
	};
	size_t			 i;

	for (i = 0; i < sizeof good / sizeof good[0]; i++)
		test_ok(options_style_valid(good[i]), "style '%s'", good[i]);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
		test_ok(!options_style_valid(bad[i]), "bad style '%s'", bad[i]);
	test_style_parse();
}

static void
test_match(void)
{
	char	*n;
	int	 idx, amb;

	n = options_match("status-left", &idx, &amb);
	test_streq(n, "status-left", "exact");
	xfree(n);
	n = options_match("status-l", &idx, &amb);
	test_ok(n == NULL && amb, "ambiguous status-l");
	n = options_match("s", &idx, &amb);
	test_ok(n == NULL && amb, "ambiguous s");
	n = options_match("nosuch", &idx, &amb);
	test_ok(n == NULL && !amb, "unknown");
	n = options_match("user-key[3]", &idx, &amb);
	test_ok(n != NULL && strcmp(n, "user-keys") == 0 && idx == 3,
	    "prefix with index");
	xfree(n);
	n = options_match("display-panes-color", &idx, &amb);
	test_streq(n, "display-panes-colour", "old spelling");
	xfree(n);
	n = options_match("@x", &idx, &amb);
	test_ok(n != NULL && strcmp(n, "@x") == 0 && idx == -1, "user");
	xfree(n);
	n = options_match("x[", &idx, &amb);
	test_ok(n == NULL, "bad index");
	n = options_match("status", &idx, &amb);
	test_streq(n, "status", "status is exact");
	xfree(n);
}

static void
test_store(void)
{
	struct options_target	 g, gw, st, wt, pt;
	struct session		 s;
	struct window		 w;
	struct pane		 p;
	struct cmd_find_state	 fs;
	char			*cause = NULL, *v;
	const struct options_table_entry *oe;
	int			 n;

	options_init();
	test_streq(options_get_string("default-terminal"), "tmux-256color",
	    "default-terminal");
	test_ok(options_get_number("history-limit") == 2000, "history-limit");
	test_streq(options_get_string("exit-empty"), "on", "flag text");
	test_streq(options_get_string("prefix"), "C-b", "prefix text");

	memset(&s, 0, sizeof s);
	memset(&w, 0, sizeof w);
	memset(&p, 0, sizeof p);
	TAILQ_INIT(&w.panes);
	p.window = &w;
	options_target_global(&g, OPTIONS_TABLE_SESSION);
	options_target_global(&gw, OPTIONS_TABLE_WINDOW);
	options_target_session(&st, &s);
	options_target_window(&wt, &w);
	options_target_pane(&pt, &p);

	oe = options_table_find("status-left-length");
	test_ok(options_set_from_string(&g, oe, oe->name, "40000", 0,
	    &cause) == -1 && strcmp(cause, "value is too large: 40000") == 0,
	    "too large");
	xfree(cause);
	test_ok(options_set_from_string(&g, oe, oe->name, "abc", 0,
	    &cause) == -1 && strcmp(cause, "value is invalid: abc") == 0,
	    "invalid number");
	xfree(cause);
	test_ok(options_set_from_string(&st, oe, oe->name, "20", 0,
	    &cause) == 0, "session value");
	test_streq(show(&st, "status-left-length", -1), "20", "session");
	test_streq(show(&g, "status-left-length", -1), "10", "global");

	oe = options_table_find("mouse");
	options_set_from_string(&st, oe, oe->name, NULL, 0, &cause);
	test_streq(show(&st, "mouse", -1), "on", "toggle from global");
	options_set_from_string(&st, oe, oe->name, NULL, 0, &cause);
	test_streq(show(&st, "mouse", -1), "off", "toggle back");
	test_ok(options_set_from_string(&st, oe, oe->name, "maybe", 0,
	    &cause) == -1 && strcmp(cause, "bad value: maybe") == 0,
	    "bad flag");
	xfree(cause);

	oe = options_table_find("status");
	options_set_from_string(&g, oe, oe->name, "3", 0, &cause);
	options_set_from_string(&g, oe, oe->name, NULL, 0, &cause);
	test_streq(show(&g, "status", -1), "3", "choice >= 2 stays");
	options_remove_or_default(&g, "status", -1, &cause);
	test_streq(show(&g, "status", -1), "on", "reset to default");
	test_ok(options_set_from_string(&g, oe, oe->name, "0", 0,
	    &cause) == -1 && strcmp(cause, "unknown value: 0") == 0,
	    "bad choice");
	xfree(cause);

	oe = options_table_find("status-style");
	test_ok(options_set_from_string(&g, oe, oe->name, "fg=red", 0,
	    &cause) == 0, "style");
	options_set_from_string(&g, oe, oe->name, "bg=blue", 1, &cause);
	test_streq(show(&g, "status-style", -1), "fg=red,bg=blue",
	    "style append with comma");
	test_ok(options_set_from_string(&g, oe, oe->name, "nonsense", 0,
	    &cause) == -1 && strcmp(cause, "invalid style: nonsense") == 0,
	    "invalid style");
	xfree(cause);
	test_streq(show(&g, "status-style", -1), "fg=red,bg=blue",
	    "kept after invalid");

	oe = options_table_find("status-left");
	options_set_from_string(&st, oe, oe->name, "xyz", 1, &cause);
	test_streq(show(&st, "status-left", -1), "xyz", "append to unset");

	oe = options_table_find("remain-on-exit");
	options_set_from_string(&wt, oe, oe->name, "failed", 0, &cause);
	test_streq(show(&pt, "remain-on-exit", -1), "failed",
	    "pane inherits window");
	options_set_from_string(&pt, oe, oe->name, "on", 0, &cause);
	test_streq(show(&pt, "remain-on-exit", -1), "on", "pane value");
	memset(&fs, 0, sizeof fs);
	fs.wp = &p;
	fs.w = &w;
	fs.s = &s;
	v = options_get_for(&fs, "remain-on-exit");
	test_streq(v, "on", "options_get_for pane");
	xfree(v);
	v = options_format_lookup(&fs, "mouse");
	test_streq(v, "0", "format flag numeric");
	xfree(v);
	v = options_get_for(&fs, "status-left-length");
	test_streq(v, "20", "options_get_for session");
	xfree(v);
	test_ok(options_get_number_for(&fs, "status-left-length") == 20,
	    "number for");
	test_ok(options_pane_number(&p, "remain-on-exit") == 1,
	    "options_pane_number");
	test_ok(options_window_number(&w, "remain-on-exit") == 2,
	    "options_window_number");
	test_ok(options_session_number(&s, "status-left-length") == 20,
	    "options_session_number");
	test_streq(options_session_string(&s, "status-left"), "xyz",
	    "options_session_string");
	test_streq(options_session_string(NULL, "status-left"),
	    "[#{session_name}] ", "options_session_string global");
	options_set_user(&wt, "@w", "x", 0);
	v = options_format_lookup(&fs, "@w");
	test_streq(v, "x", "user option through the pane");
	xfree(v);

	oe = options_table_find("user-keys");
	options_target_server(&g);
	options_set_array(&g, oe, -1, "a,b c", 0, &cause);
	options_set_array(&g, oe, 5, "x", 0, &cause);
	options_set_array(&g, oe, 5, "y", 1, &cause);
	test_streq(show(&g, "user-keys", -1), "a b c xy", "array joined");
	test_streq(show(&g, "user-keys", 5), "xy", "array item");
	test_streq(show(&g, "user-keys", 3), "", "missing item");
	options_remove_or_default(&g, "user-keys", 0, &cause);
	test_streq(show(&g, "user-keys", -1), "b c xy", "item removed");
	oe = options_table_find("update-environment");
	options_target_global(&g, OPTIONS_TABLE_SESSION);
	options_set_array(&g, oe, -1, "A B,C", 0, &cause);
	test_streq(show(&g, "update-environment", -1), "A B C",
	    "space and comma separate");
	options_remove_or_default(&g, "update-environment", -1, &cause);
	test_streq(show(&g, "update-environment", 7), "XAUTHORITY",
	    "array default back");
	options_target_server(&g);
	oe = options_table_find("command-alias");
	options_set_array(&g, oe, -1, "zz=list-keys", 1, &cause);
	n = 0;
	options_array_each("command-alias", count_item, &n);
	test_ok(n == 7, "array_each visits every item (%d)", n);
	v = options_format_lookup(&fs, "command-alias[6]");
	test_streq(v, "zz=list-keys", "format lookup of an item");
	xfree(v);
	options_remove_or_default(&g, "command-alias", -1, &cause);

	oe = options_table_find("after-new-session");
	options_target_global(&g, OPTIONS_TABLE_SESSION);
	test_ok(options_set_array(&g, oe, -1, "display \"a b\"; display c",
	    0, &cause) == 0, "hook set");
	test_streq(show(&g, "after-new-session", 0),
	    "display-message \"a b\" ; display-message c", "hook printed");
	test_ok(options_set_array(&g, oe, 3, "nosuchcmd x", 0,
	    &cause) == -1 && strcmp(cause, "unknown command: nosuchcmd") == 0,
	    "hook with a bad command");
	xfree(cause);
	options_remove_or_default(&g, "after-new-session", -1, &cause);
	test_streq(show(&g, "after-new-session", -1), "", "hook cleared");

	options_target_global(&gw, OPTIONS_TABLE_WINDOW);
	oe = options_table_find("pane-colours");
	test_ok(options_set_array(&gw, oe, 2, "bogus", 0, &cause) == -1 &&
	    strcmp(cause, "bad colour: bogus") == 0, "colour array");
	xfree(cause);
	options_set_array(&gw, oe, -1, "red,colour9", 0, &cause);
	test_streq(show(&gw, "pane-colours", -1), "red colour9",
	    "colour array printed");
	options_remove_or_default(&gw, "pane-colours", -1, &cause);

	oe = options_table_find("default-shell");
	options_target_global(&g, OPTIONS_TABLE_SESSION);
	options_remove_or_default(&g, "default-shell", -1, &cause);
	test_streq(show(&g, "default-shell", -1), "/bin/sh",
	    "default-shell resets to /bin/sh");
	test_ok(options_set_from_string(&g, oe, oe->name, "/nonexistent", 0,
	    &cause) == -1 && strcmp(cause,
	    "not a suitable shell: /nonexistent") == 0, "unsuitable shell");
	xfree(cause);

	oe = options_table_find("default-size");
	options_target_global(&g, OPTIONS_TABLE_SESSION);
	test_ok(options_set_from_string(&g, oe, oe->name, "10x", 0,
	    &cause) == -1 && strcmp(cause, "value is invalid: 10x") == 0,
	    "pattern");
	xfree(cause);

	options_free(s.options);
	options_free(w.options);
	options_free(p.options);
}

int
main(void)
{
	test_keys();
	test_colours();
	test_styles();
	test_match();
	test_store();
	return (test_done());
}
