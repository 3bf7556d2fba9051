/*
 * Tests for cmd.c and the command table: name lookup (alias, exact,
 * prefix, ambiguous), one-command parsing and the argv grammar of command
 * lists. Expected texts were checked against /usr/bin/tmux 3.3a.
 */

#include <stdlib.h>
#include <string.h>

#include "engine/base/testlib.h"
#include "engine/base/xmalloc.h"
#include "tmux-compat/cmd.h"
#include "tmux-compat/cmd-entries.h"

/* Name a lookup resolves to, or its error. Caller frees. */
static char *
lookup(const char *name)
{
	const struct cmd_entry	*entry;
	char			*cause = NULL;

	entry = cmd_find_entry(name, &cause);
	if (entry == NULL)
		return (cause);
	return (xstrdup(entry->name));
}

static void
test_lookup(void)
{
	static const char *cases[][2] = {
		{ "lsp", "list-panes" },
		{ "ls", "list-sessions" },
		{ "new", "new-session" },
		{ "neww", "new-window" },
		{ "show", "show-options" },
		{ "show-option", "show-options" },
		{ "showw", "show-window-options" },
		{ "set", "set-option" },
		{ "setw", "set-window-option" },
		{ "display", "display-message" },
		{ "send", "send-keys" },
		{ "send-k", "send-keys" },
		{ "attach", "attach-session" },
		{ "a", "attach-session" },
		{ "last", "last-window" },
		{ "next", "next-window" },
		{ "prev", "previous-window" },
		{ "list-k", "list-keys" },
		{ "has", "has-session" },
		{ "if", "if-shell" },
		{ "killw", "kill-window" },
		{ "kill-w", "kill-window" },
		{ "kill-window", "kill-window" },
		{ "lscm", "list-commands" },
		{ "start", "start-server" },
		{ "wait", "wait-for" },
		{ "lock", "lock-server" },
		{ "splitp", "unknown command: splitp" },
		{ "kill-windows", "unknown command: kill-windows" },
		{ "Enter", "unknown command: Enter" },
		{ "nosuch", "unknown command: nosuch" },
		{ "li", "ambiguous command: li, could be: link-window, "
		    "list-buffers, list-clients, list-commands, list-keys, "
		    "list-panes, list-sessions, list-windows" },
		{ "kill-s", "ambiguous command: kill-s, could be: "
		    "kill-server, kill-session" },
		{ "kill", "ambiguous command: kill, could be: kill-pane, "
		    "kill-server, kill-session, kill-window" },
		{ "sh", "ambiguous command: sh, could be: show-buffer, "
		    "show-environment, show-hooks, show-messages, "
		    "show-options, show-prompt-history, "
		    "show-window-options" },
		{ "se", "ambiguous command: se, could be: select-layout, "
		    "select-pane, select-window, send-keys, send-prefix, "
		    "server-access, set-buffer, set-environment, set-hook, "
		    "set-option, set-window-option" },
		{ "n", "ambiguous command: n, could be: new-session, "
		    "new-window, next-layout, next-window" },
		{ "sw", "ambiguous command: sw, could be: swap-pane, "
		    "swap-window, switch-client" },
		{ "choose", "ambiguous command: choose, could be: "
		    "choose-buffer, choose-client, choose-tree" },
		{ "lo", "ambiguous command: lo, could be: load-buffer, "
		    "lock-client, lock-server, lock-session" },
	};
	const char	*head, *tail;
	char		*s;
	size_t		 i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		s = lookup(cases[i][0]);
		test_streq(s, cases[i][1], "lookup \"%s\"", cases[i][0]);
		xfree(s);
	}

	/* "" matches every name. */
	s = lookup("");
	head = "ambiguous command: , could be: attach-session, bind-key, ";
	tail = "unlink-window, wait-for";
	test_ok(strncmp(s, head, strlen(head)) == 0 &&
	    strcmp(s + strlen(s) - strlen(tail), tail) == 0,
	    "lookup \"\" lists all");
	xfree(s);
}

static void
test_table(void)
{
	const struct cmd_entry	*const *loop, *e;
	int			 n = 0, sorted = 1, exec = 1;

	for (loop = cmd_table; *loop != NULL; loop++) {
		/* tmux's own order: by name, but display-popup first. */
		if (loop != cmd_table && strcmp(loop[-1]->name,
		    (*loop)->name) >= 0 &&
		    strcmp(loop[-1]->name, "display-popup") != 0)
			sorted = 0;
		if ((*loop)->exec == NULL)
			exec = 0;
		n++;
	}
	test_ok(n == 90, "90 commands (%d)", n);
	test_ok(sorted, "table in tmux's order (by name, display-popup "
	    "before display-panes)");
	test_ok(exec, "every entry has an exec");

	e = &cmd_new_session_entry;
	test_ok(e->flags & CMD_STARTSERVER, "new-session starts server");
	test_ok(e->target.flag == 't' && e->target.type == CMD_FIND_SESSION &&
	    e->target.flags == CMD_FIND_CANFAIL, "new-session -t");
	test_streq(e->args.template, "Ac:dDe:EF:f:n:Ps:t:x:Xy:",
	    "new-session template");
	e = &cmd_display_message_entry;
	/*
	 * Implemented commands lose CMD_PENDING and may gain zeropty's own
	 * CMD_NOCHANGE* and CMD_READS_PANE: compare tmux's flags only.
	 */
	test_ok((e->flags & ~(CMD_PENDING|CMD_NOCHANGE|CMD_NOCHANGE_USER|
	    CMD_READS_PANE)) ==
	    (CMD_AFTERHOOK|CMD_CLIENT_CFLAG|CMD_CLIENT_CANFAIL),
	    "display-message flags");
	test_streq(e->usage, "[-aINpv] [-c target-client] [-d delay] "
	    "[-F format] [-t target-pane] [message]", "display usage");
	test_ok(e->args.lower == 0 && e->args.upper == 1, "display 0..1");
	test_streq(cmd_kill_server_entry.usage, "", "kill-server usage");
	test_ok(cmd_break_pane_entry.target.flags == CMD_FIND_WINDOW_INDEX,
	    "break-pane -t window index");
	test_ok(cmd_swap_window_entry.source.flags == CMD_FIND_DEFAULT_MARKED,
	    "swap-window -s default marked");
	test_ok((cmd_attach_session_entry.flags & ~CMD_PENDING) ==
	    (CMD_STARTSERVER|CMD_READONLY), "attach flags");
	test_ok(cmd_list_keys_entry.flags & CMD_STARTSERVER,
	    "list-keys starts server");
	test_ok(cmd_list_commands_entry.flags & CMD_STARTSERVER,
	    "list-commands starts server");
	test_ok(cmd_start_server_entry.flags & CMD_STARTSERVER,
	    "start-server starts server");
	test_ok(!(cmd_kill_server_entry.flags & CMD_STARTSERVER),
	    "kill-server does not");
	test_streq(cmd_refresh_client_entry.args.template,
	    "A:B:cC:Df:F:l::LRSt:U", "refresh-client template");
}

/* Parse argv (NULL-terminated) as one command; its error or "(ok)". */
static char *
parse_one(const char **argv)
{
	struct cmd	*cmd;
	char		*cause;
	int		 argc;

	for (argc = 0; argv[argc] != NULL; argc++)
		/* nothing */;
	cmd = cmd_parse(argc, (char **)argv, &cause);
	if (cmd == NULL)
		return (cause);
	cmd_free(cmd);
	return (xstrdup("(ok)"));
}

static void
test_parse(void)
{
	struct cmd	*cmd;
	char		*cause, *s;
	const char	*a1[] = { "display", "-Z", NULL };
	const char	*a2[] = { "display", "-pZ", NULL };
	const char	*a3[] = { "rename-session", NULL };
	const char	*a4[] = { "rename-session", "a", "b", NULL };
	const char	*a5[] = { "set", NULL };
	const char	*a6[] = { "attach", "-Q", NULL };
	const char	*a7[] = { "display", "-?", NULL };
	const char	*a8[] = { "display", "-p", "-@", NULL };
	const char	*a9[] = { "resizep", "-100", NULL };
	const char	*a10[] = { "if", NULL };
	const char	*a11[] = { "li", "-a", NULL };
	const char	*a12[] = { "display", "-p", "-t", NULL };
	const char	*ok[] = { "lsp", "-t", "main", "-F#{pane_id}",
		    NULL };

#define PE(argv, want) do {					\
	s = parse_one(argv);					\
	test_streq(s, want, "parse %s %s", argv[0], argv[1]);	\
	xfree(s);						\
} while (0)
	PE(a1, "command display-message: unknown flag -Z");
	PE(a2, "command display-message: unknown flag -Z");
	PE(a3, "command rename-session: too few arguments "
	    "(need at least 1)");
	PE(a4, "command rename-session: too many arguments "
	    "(need at most 1)");
	PE(a5, "command set-option: too few arguments (need at least 1)");
	PE(a6, "command attach-session: unknown flag -Q");
	PE(a7, "usage: display-message [-aINpv] [-c target-client] "
	    "[-d delay] [-F format] [-t target-pane] [message]");
	PE(a8, "command display-message: invalid flag -@");
	PE(a9, "command resize-pane: unknown flag -1");
	PE(a10, "command if-shell: too few arguments (need at least 2)");
	PE(a11, "ambiguous command: li, could be: link-window, "
	    "list-buffers, list-clients, list-commands, list-keys, "
	    "list-panes, list-sessions, list-windows");
	PE(a12, "(ok)");
#undef PE

	cmd = cmd_parse(4, (char **)ok, &cause);
	test_ok(cmd != NULL && cmd->entry == &cmd_list_panes_entry,
	    "lsp resolves to list-panes entry");
	test_streq(cmd ? args_get(cmd->args, 't') : NULL, "main", "lsp -t");
	test_streq(cmd ? args_get(cmd->args, 'F') : NULL, "#{pane_id}",
	    "lsp -F");
	cmd_free(cmd);

	cmd = cmd_parse(0, (char **)ok, &cause);
	test_ok(cmd == NULL, "no words");
	test_streq(cause, "no command", "no words: no command");
	xfree(cause);
}

/*
 * Parse argv (NULL-terminated) as a list and describe it: each command as
 * "name[positional|positional]" joined by " ; ", or "error: cause".
 */
static char *
describe(const char **argv)
{
	struct cmd_list	*cmdlist;
	struct cmd	*cmd;
	char		*cause, *s, *t;
	int		 argc, i;

	for (argc = 0; argv[argc] != NULL; argc++)
		/* nothing */;
	cmdlist = cmd_list_parse_argv(argc, (char **)argv, &cause);
	if (cmdlist == NULL) {
		xasprintf(&s, "error: %s", cause);
		xfree(cause);
		return (s);
	}
	s = xstrdup("");
	for (cmd = cmdlist->first; cmd != NULL; cmd = cmd->next) {
		xasprintf(&t, "%s%s%s[", s, *s != '\0' ? " ; " : "",
		    cmd->entry->name);
		xfree(s);
		s = t;
		for (i = 0; i < args_count(cmd->args); i++) {
			xasprintf(&t, "%s%s%s", s, i != 0 ? "|" : "",
			    args_string(cmd->args, i));
			xfree(s);
			s = t;
		}
		xasprintf(&t, "%s]", s);
		xfree(s);
		s = t;
	}
	cmd_list_free(cmdlist);
	return (s);
}

static void
test_argv(void)
{
	struct cmd_list	*cmdlist;
	char		*s, *cause;
	const char *l1[] = { "display", "-p", "a", ";", "display", "-p",
	    "b", NULL };
	const char *l2[] = { "display", "-p", "x;", "display", "-p",
	    "y", NULL };
	const char *l3[] = { "display", "-p", "x\\;", NULL };
	const char *l4[] = { "send-keys", "-t", "x", "echo hi;", "Enter",
	    NULL };
	const char *l5[] = { "display", "-p", "a", ";", "nosuch", NULL };
	const char *l6[] = { "display", "-p", "a", ";", ";", "display",
	    "-p", "b", NULL };
	const char *l7[] = { ";", "display", "-p", "b", NULL };
	const char *l8[] = { "display", "-p", "a", ";", NULL };
	const char *l9[] = { ";", NULL };
	const char *l10[] = { ";", ";", NULL };
	const char *l11[] = { "display", "-p", "a;b", NULL };
	const char *l12[] = { "display", "-p", ";x", NULL };
	const char *l13[] = { "display", "-p", "\\\\;", NULL };
	const char *l14[] = { "display", "-p", "a", ";;", "display",
	    NULL };
	const char *l15[] = { "display", "-p", "\\;", NULL };
	const char *l16[] = { "display", "-p", "", NULL };
	const char *l17[] = { "display", "-p", "\\", NULL };
	const char *l18[] = { "new", "-d;", "lsp", NULL };
	const char *l19[] = { "display", "-Z", ";", "nosuch", NULL };
	const char *l20[] = { NULL };

#define LE(argv, want, what) do {			\
	s = describe(argv);				\
	test_streq(s, want, what);			\
	xfree(s);					\
} while (0)
	LE(l1, "display-message[a] ; display-message[b]", "a \\; b");
	LE(l2, "display-message[x] ; display-message[y]", "'x;' ends");
	LE(l3, "display-message[x;]", "'x\\;' is literal x;");
	LE(l4, "error: unknown command: Enter", "'echo hi;' Enter");
	LE(l5, "error: unknown command: nosuch",
	    "one bad command fails the list");
	LE(l6, "display-message[a] ; display-message[b]",
	    "empty command skipped");
	LE(l7, "display-message[b]", "leading ; skipped");
	LE(l8, "display-message[a]", "trailing ;");
	LE(l9, "", "only ; is an empty list");
	LE(l10, "", "; ; is an empty list");
	LE(l11, "display-message[a;b]", "; inside a word");
	LE(l12, "display-message[;x]", "; at the start of a word");
	LE(l13, "display-message[\\;]", "'\\\\;' is \\;");
	LE(l14, "error: command display-message: too many arguments "
	    "(need at most 1)", "';;' leaves a ';' word");
	LE(l15, "display-message[;]", "'\\;' alone is a ; word");
	LE(l16, "display-message[]", "empty word kept");
	LE(l17, "display-message[\\]", "lone backslash");
	LE(l18, "new-session[] ; list-panes[]", "flag word ending in ;");
	LE(l19, "error: command display-message: unknown flag -Z",
	    "first error wins");
	LE(l20, "", "no words is an empty list");
#undef LE

	cmdlist = cmd_list_parse_argv(0, (char **)l20, &cause);
	test_ok(cmdlist != NULL && cmdlist->first == NULL &&
	    cmdlist->last == NULL && cause == NULL, "empty list, no error");
	test_ok(!cmd_list_any_has(cmdlist, CMD_STARTSERVER),
	    "empty list starts nothing");
	cmd_list_free(cmdlist);

	cmdlist = cmd_list_parse_argv(7, (char **)l1, &cause);
	test_ok(cmdlist != NULL && cmdlist->first->next == cmdlist->last,
	    "two commands linked");
	test_ok(!cmd_list_any_has(cmdlist, CMD_STARTSERVER),
	    "display does not start server");
	test_ok(cmd_list_any_has(cmdlist, CMD_AFTERHOOK), "any has afterhook");
	cmd_list_free(cmdlist);

	{
		const char	*l[] = { "display", "-p", "x y", ";", "display",
			    "-p", "z", ";", "lsp", "-as", "-F#{pane_id}",
			    NULL };

		cmdlist = cmd_list_parse_argv(11, (char **)l, &cause);
		s = cmd_list_print(cmdlist, 1);
		test_streq(s, "display-message -p \"x y\" \\; "
		    "display-message -p z \\; list-panes -as -F \"#{pane_id}\"",
		    "cmd_list_print escaped (as list-keys)");
		xfree(s);
		s = cmd_list_print(cmdlist, 0);
		test_streq(s, "display-message -p \"x y\" ; "
		    "display-message -p z ; list-panes -as -F \"#{pane_id}\"",
		    "cmd_list_print");
		xfree(s);
		s = cmd_print(cmdlist->last);
		test_streq(s, "list-panes -as -F \"#{pane_id}\"", "cmd_print");
		xfree(s);
		cmd_list_free(cmdlist);
	}
	{
		const char	*l[] = { "kill-server", NULL };

		cmdlist = cmd_list_parse_argv(1, (char **)l, &cause);
		s = cmd_print(cmdlist->first);
		test_streq(s, "kill-server", "cmd_print without args");
		xfree(s);
		cmd_list_free(cmdlist);
	}
	{
		const char	*l[] = { "has", ";", "new", "-d", NULL };

		cmdlist = cmd_list_parse_argv(4, (char **)l, &cause);
		test_ok(cmdlist != NULL &&
		    cmd_list_any_has(cmdlist, CMD_STARTSERVER),
		    "has ; new starts server");
		cmd_list_free(cmdlist);
	}
}

/* command-alias entries as the tests set them on real tmux. */
static char **
test_alias(const char *name)
{
	static const char *aliases[][2] = {
		{ "split-pane", "split-window" },
		{ "info", "show-messages -JT" },
		{ "twocmd", "display -p one ; display -p" },
		{ "empty", "" },
		{ "endsemi", "display -p x ;" },
		{ "display", "display -p aliased" },
		{ "rec", "rec" },
		{ "x2", "twocmd" },
	};
	char	**argv, *copy, *p, *word;
	size_t	  i;
	int	  n = 0;

	for (i = 0; i < sizeof aliases / sizeof aliases[0]; i++) {
		if (strcmp(aliases[i][0], name) == 0)
			break;
	}
	if (i == sizeof aliases / sizeof aliases[0])
		return (NULL);
	argv = xcalloc(strlen(aliases[i][1]) + 2, sizeof *argv);
	copy = xstrdup(aliases[i][1]);
	for (p = copy; (word = strsep(&p, " ")) != NULL; /* nothing */) {
		if (*word != '\0')
			argv[n++] = xstrdup(word);
	}
	xfree(copy);
	return (argv);
}

static void
test_alias_hook(void)
{
	char	*s;
	const char *l1[] = { "info", "-Z", NULL };
	const char *l2[] = { "split-pane", "-@", NULL };
	const char *l3[] = { "twocmd", "two", NULL };
	const char *l4[] = { "empty", "x", NULL };
	const char *l5[] = { "endsemi", "y", NULL };
	const char *l6[] = { "endsemi", NULL };
	const char *l7[] = { "display", NULL };
	const char *l8[] = { "rec", NULL };
	const char *l9[] = { "x2", "z", NULL };
	const char *l10[] = { "split-pane", "\\;", NULL };
	const char *l11[] = { "ls", ";", "twocmd", "two", ";", "empty", ";",
		    "info", NULL };
	const char *l12[] = { "display-mes", "-p", "prefix", NULL };

	cmd_alias_hook = test_alias;
#define LE(argv, want, what) do {			\
	s = describe(argv);				\
	test_streq(s, want, what);			\
	xfree(s);					\
} while (0)
	LE(l1, "error: command show-messages: unknown flag -Z",
	    "alias info = show-messages -JT");
	LE(l2, "error: command split-window: invalid flag -@",
	    "alias split-pane");
	LE(l3, "display-message[one] ; display-message[two]",
	    "two-command alias, words go to the last");
	LE(l4, "", "empty alias runs nothing");
	LE(l5, "error: command display-message: too many arguments "
	    "(need at most 1)", "trailing ; of an alias does not end it");
	LE(l6, "display-message[x]", "alias with trailing ;");
	LE(l7, "display-message[aliased]", "alias hides a command name");
	LE(l8, "error: unknown command: rec", "no recursion (self)");
	LE(l9, "error: unknown command: twocmd", "no recursion (other)");
	LE(l10, "split-window[;]", "literal ; argument does not split");
	LE(l11, "list-sessions[] ; display-message[one] ; "
	    "display-message[two] ; show-messages[]", "aliases in a list");
	LE(l12, "display-message[prefix]", "alias needs the exact name");
#undef LE
	cmd_alias_hook = NULL;
}

int
main(void)
{
	test_lookup();
	test_table();
	test_parse();
	test_argv();
	test_alias_hook();
	return (test_done());
}
