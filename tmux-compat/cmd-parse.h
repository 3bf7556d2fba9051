/*
 * tmux 3.3a's parsed-command language (config files, control-mode lines,
 * bind-key bodies, if-shell and run-shell arguments): newlines and ";"
 * separate commands, quotes and backslash escapes, $VAR and ${VAR}, ~ and
 * ~user, { ... } blocks, # comments, \-newline continuation, NAME=value
 * and %hidden NAME=value assignments, %if/%elif/%else/%endif.
 *
 * The parser needs no server: the environment, assignments and %if
 * formats go through callbacks in struct cmd_parse_input. Commands are
 * then built with cmd.c's argv grammar (cmd_list_parse_argv, one command
 * at a time) so lookup, aliases and flag errors are those of argv mode.
 */
#ifndef ZEROPTY_CMD_PARSE_H
#define ZEROPTY_CMD_PARSE_H

#include <stddef.h>

#include "tmux-compat/cmd.h"

/* cmd_parse_input.flags */
#define CMD_PARSE_PARSEONLY	0x1	/* no assignments (source-file -n) */
/*
 * ";;" also starts a new group: for strings printed from blocks, where
 * tmux prints commands of different lines with ";;" between them.
 */
#define CMD_PARSE_SEMIGROUPS	0x2
/*
 * No printed[] (it stays NULL): printing every command as it was parsed
 * was a seventh of a control client's set-option (perf).
 */
#define CMD_PARSE_NOPRINT	0x4

struct cmd_parse_input {
	const char	*file;	/* errors are "file:line: text" (NULL: text) */
	unsigned	 line;	/* number of the first line (0 means 1) */
	int		 flags;
	/* Value of an environment variable, or NULL (may be NULL). */
	const char	*(*getenv)(void *arg, const char *name);
	/* NAME=value assignment, hidden for %hidden (may be NULL). */
	void		 (*setenv)(void *arg, const char *assignment,
			    int hidden);
	/* Expand a %if/%elif format, xmalloc'd (NULL: conditions are ""). */
	char		*(*format)(void *arg, const char *fmt);
	void		*arg;
};

/*
 * Where $VAR and ~ are looked up when an input gives no getenv: tmux
 * reads the global environment for every command string it parses
 * (if-shell, run-shell, bindings, hooks), not only for files.
 */
void	cmd_parse_set_getenv(const char *(*)(void *, const char *));

enum cmd_parse_status {
	CMD_PARSE_SUCCESS,
	CMD_PARSE_ERROR
};

struct cmd_parse_result {
	enum cmd_parse_status	 status;
	struct cmd_list		*cmdlist;	/* success: possibly empty */
	char			*error;		/* error: xmalloc'd */
	/*
	 * Success: the line of each command in cmdlist, in order (tmux runs
	 * each line's commands as a group: an error skips the rest of its
	 * line only). xmalloc'd, caller frees; NULL if there are none.
	 */
	unsigned		*lines;
	/* Group of each command (commands of one line share one). */
	unsigned		*groups;
	/*
	 * Each command as tmux prints it, its { } blocks as such (exact,
	 * unlike cmd_parse_print_cmd). Caller frees each and the array.
	 */
	char			**printed;
};

/* Free a successful result's arrays and list. */
void	cmd_parse_result_free(struct cmd_parse_result *);

/*
 * Parse a buffer (need not be NUL-terminated) or a string. Every command
 * is parsed and built before any runs; the first error fails the whole
 * input (tmux 3.3a). The caller frees cmdlist or error.
 */
void	cmd_parse_from_buffer(const char *buf, size_t len,
	    const struct cmd_parse_input *, struct cmd_parse_result *);
void	cmd_parse_from_string(const char *s,
	    const struct cmd_parse_input *, struct cmd_parse_result *);
/*
 * Commands from words already split (tmux's cmd_parse_from_arguments, for
 * bind-key with several arguments): a word ending in ";" ends a command,
 * blocks[i] (NULL: none) marks words that were { } blocks: those never
 * end a command, a command starting with one is dropped, and where the
 * command wants a string they are an error. No file:line in errors.
 */
void	cmd_parse_from_words(int count, char **words, const int *blocks,
	    struct cmd_parse_result *);

/*
 * Brace blocks become one argument, the block's commands printed as
 * cmd_list_print(list, 0) does (" ;; " between lines). The result's
 * printed[] and cmd_parse_cmd_blocks tell which arguments were blocks,
 * so list-keys can print them back as "{ ... }" as tmux does.
 */
/*
 * A command as tmux prints it (cmd_print); if the parser built it with
 * blocks (cmd_parse_cmd_blocks), those as "{ ... }". Caller frees.
 */
char	*cmd_parse_print_cmd(const struct cmd *);
/*
 * For a command the parser built with { } blocks among its positional
 * arguments: which ones were blocks (args_count entries), else NULL.
 */
const int *cmd_parse_cmd_blocks(const struct cmd *);
/* cmd_print with the positional arguments in block[] (NULL: none) as blocks. */
char	*cmd_parse_print_cmd_blocks(const struct cmd *, const int *block);
/* cmd_list_print with blocks as "{ ... }"; escaped joins with " \; ". */
char	*cmd_parse_print_list(const struct cmd_list *, int escaped);
/*
 * Commands joined as tmux joins them (" ; ", " ;; " between groups;
 * escaped " \\; " and " \\;\\; "), from printed[] if not NULL.
 */
char	*cmd_parse_print_joined(const struct cmd_list *, char **printed,
	    const unsigned *groups, int escaped);
/* The same, with " ;; " (escaped " \\;\\; ") between groups. */
char	*cmd_parse_print_groups(const struct cmd_list *,
	    const unsigned *groups, int escaped);

/*
 * Configuration files (cfg.c). The client calls cfg_add_file for each -f
 * and passes the list (cfg_file) to the server it starts; the server
 * calls cfg_load once at start, before the first command runs: the -f
 * files, or else /etc/tmux.conf, ~/.tmux.conf,
 * $XDG_CONFIG_HOME/tmux/tmux.conf and ~/.config/tmux/tmux.conf, missing
 * default files skipped. Errors ("file:line: text") are kept as causes.
 */
struct cmdq_item;
struct client;

#define CFG_QUIET	0x1	/* a missing file is not an error */
#define CFG_PARSEONLY	0x2	/* -n: parse, run nothing */
#define CFG_VERBOSE	0x4	/* -v: print each line's commands */

extern int	 cfg_finished;	/* the startup files have been loaded */
extern int	 cfg_loading;	/* cfg_load is running them */

void	 cfg_add_file(const char *path);
/* The i-th -f file, NULL past the last. */
const char *cfg_file(unsigned i);
void	 cfg_load(void);
/* The startup files read, comma-separated (#{config_files}). */
const char *cfg_loaded_files(void);
void	 cfg_add_cause(const char *fmt, ...)
	    __attribute__((format(printf, 1, 2)));
/* Print (cmdq_print) and forget the causes; returns how many. */
unsigned cfg_print_causes(struct cmdq_item *);
/*
 * An error no client hears (cmdq_error without one): a cause
 * "file:line: text" naming where the running cfg_run command came from,
 * "(null):0: text" outside a file, as tmux.
 */
void	 cfg_add_error(const char *msg);
/* Swap where client-less commands come from (hooks run outside files). */
void	 cfg_swap_source(const char **path, unsigned *line);
void	 cfg_get_source(const char **path, unsigned *line);
/* A job of the startup files has finished: they may go on (cmd-job.c). */
void	 cfg_job_done(void);
/*
 * Show the causes in view-mode on the active pane of s (new-session once
 * the startup files are loaded, as tmux), then forget them.
 */
struct session;
void	 cfg_show_causes(struct session *);
unsigned cfg_ncauses(void);
const char *cfg_cause(unsigned);

/*
 * The server's parse input: $VAR from and NAME=value into the global
 * environment, %if formats for item (which may be NULL).
 */
void	 cfg_parse_input(struct cmd_parse_input *, struct cmdq_item *,
	    const char *file, int flags);
/*
 * Read and parse one file. A file that cannot be read is reported with
 * cmdq_error unless CFG_QUIET and it does not exist (returns -1); a parse
 * error is added to *causes (causes NULL: to the startup causes) and
 * returns -1. Otherwise returns 0 with *list, *groups and *lines (the
 * group and line of each command; caller frees, *list is NULL for
 * CFG_PARSEONLY); CFG_VERBOSE prints each line's commands as
 * "file:line: commands".
 */
int	 cfg_parse_file(struct cmdq_item *, const char *path, int flags,
	    struct cmd_list **list, unsigned **groups, unsigned **lines,
	    char ***causes, unsigned *ncauses);
/* The same for a file already read: buf (size bytes) is freed. */
int	 cfg_parse_data(struct cmdq_item *, const char *path, char *buf,
	    size_t size, int flags, struct cmd_list **list, unsigned **groups,
	    unsigned **lines, char ***causes, unsigned *ncauses);
/*
 * Run a parsed list of path group by group for c (NULL: errors become
 * causes naming path and line) from *cmd (the *i'th command): a failed
 * command skips the rest of its line only and sets *failed. Returns 1 when
 * a command made it wait (*cmd and *i are then where to go on).
 */
int	 cfg_run(struct client *, struct cmd_list *, const unsigned *groups,
	    const unsigned *lines, const char *path, struct cmd **cmd,
	    unsigned *i, int *failed);
/* source-file's files waiting for a job go on: 1 if one waits again. */
int	 cmd_source_file_continue(struct client *);
void	 cmd_source_file_client_gone(struct client *);

#endif
