/*
 * Commands: the entry table (name, alias, flag template, argument counts,
 * usage, target kinds, exec), parsing of one command from words, and of a
 * command list from argv (tmux's argv grammar: an argument ending in ";"
 * ends a command, "\;" at the end is a literal ";").
 */
#ifndef ZEROPTY_CMD_H
#define ZEROPTY_CMD_H

#include "tmux-compat/args.h"

struct cmd;
struct cmdq_item;

enum cmd_retval {
	CMD_RETURN_ERROR = -1,
	CMD_RETURN_NORMAL = 0,
	CMD_RETURN_WAIT,
	CMD_RETURN_STOP,
	CMD_RETURN_RETRY	/* run this command again later (wait-pane) */
};

/* What a -t/-s flag names, resolved before exec (tmux's cmd_entry_flag). */
enum cmd_find_type {
	CMD_FIND_PANE,
	CMD_FIND_WINDOW,
	CMD_FIND_SESSION,
};
#define CMD_FIND_PREFER_UNATTACHED	0x1
#define CMD_FIND_QUIET			0x2
#define CMD_FIND_WINDOW_INDEX		0x4
#define CMD_FIND_DEFAULT_MARKED		0x8
#define CMD_FIND_EXACT_SESSION		0x10
#define CMD_FIND_EXACT_WINDOW		0x20
#define CMD_FIND_CANFAIL		0x40

struct cmd_entry_flag {
	char			flag;	/* 0 for none */
	enum cmd_find_type	type;
	int			flags;
};

/* cmd_entry.flags */
#define CMD_STARTSERVER		0x1
#define CMD_READONLY		0x2
#define CMD_AFTERHOOK		0x4
#define CMD_CLIENT_CFLAG	0x8
#define CMD_CLIENT_TFLAG	0x10
#define CMD_CLIENT_CANFAIL	0x20
/*
 * Changes no session, window or layout, so control clients need no
 * comparison of the model after it (notify.c; at 1000 sessions that is
 * most of a send-keys); _USER: the same when its option is a user one.
 */
#define CMD_NOCHANGE		0x40
#define CMD_NOCHANGE_USER	0x80
/* Reads its pane's screen: waits for one just made or sent keys to settle. */
#define CMD_READS_PANE		0x100
#define CMD_PENDING		0x1000	/* declared, not implemented yet */

struct cmd_entry {
	const char		*name;
	const char		*alias;
	struct args_parse	 args;
	const char		*usage;
	struct cmd_entry_flag	 source;
	struct cmd_entry_flag	 target;
	int			 flags;
	enum cmd_retval		(*exec)(struct cmd *, struct cmdq_item *);
};

struct cmd {
	const struct cmd_entry	*entry;
	struct args		*args;
	struct cmd		*next;
};

struct cmd_list {
	struct cmd	*first;
	struct cmd	*last;
};

/* Every command, sorted by name (cmd-table.c). */
extern const struct cmd_entry *const cmd_table[];
extern const struct cmd_entry *const cmd_ext_table[];

/*
 * Find an entry: exact alias first, else exact name, else a unique prefix
 * of a name. NULL with *cause ("unknown command: X" or
 * "ambiguous command: X, could be: a, b") on failure.
 */
const struct cmd_entry *cmd_find_entry(const char *name, char **cause);

/* Parse one command; argv[0] is its name. *cause as tmux ("command X: ..."). */
struct cmd	*cmd_parse(int argc, char **argv, char **cause);
void		 cmd_free(struct cmd *);

/*
 * Split argv on ";" words and parse each command. Every command is parsed
 * before any runs: one bad command fails the whole list (NULL, *cause).
 * No commands at all (argc 0, or only ";" words) is an empty list, not an
 * error (3.3a: `tmux \;` does nothing, rc 0).
 */
struct cmd_list	*cmd_list_parse_argv(int argc, char **argv, char **cause);
/*
 * command-alias expansion, set by the server (NULL: none). Given the first
 * word of a command, return the alias's words, NULL-terminated, a word
 * that is exactly ";" separating commands (all allocated, freed here with
 * xfree), or NULL when the word is not an alias. As 3.3a, an alias is
 * matched by its exact name before command lookup (so it can hide a
 * command), the command's other words go after the alias's last command,
 * and words from an alias are not expanded again.
 */
extern char	**(*cmd_alias_hook)(const char *name);
void		 cmd_list_free(struct cmd_list *);
/* Whether any command of the list has this entry flag (CMD_STARTSERVER). */
int		 cmd_list_any_has(const struct cmd_list *, int flag);
int		 cmd_list_all_have(const struct cmd_list *, int flag);
/* A command as tmux prints it: "name args_print" (caller frees). */
char		*cmd_print(const struct cmd *);
/*
 * The commands joined by " ; ", or " \; " if escaped (list-keys prints
 * escaped). Caller frees.
 */
char		*cmd_list_print(const struct cmd_list *, int escaped);

#endif
