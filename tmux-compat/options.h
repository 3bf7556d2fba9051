/*
 * Options: tmux 3.3a's table (options-table.c) and the store (options.c).
 *
 * There are three global stores: server options, global session options
 * and global window options (which also hold the pane options' globals).
 * A session, window or pane has its own store in its `options` slot,
 * created on the first set (NULL: nothing set there). Lookups inherit:
 * pane -> its window -> global window options; session -> global session
 * options; server options stand alone.
 *
 * Values are kept as tmux keeps them: numbers for number, key, colour,
 * flag and choice options, text for strings and user (@name) options, and
 * indexed items for arrays. Text forms are tmux's (options_to_string).
 */
#ifndef ZEROPTY_OPTIONS_H
#define ZEROPTY_OPTIONS_H

#include "tmux-compat/tmux.h"

enum options_table_type {
	OPTIONS_TABLE_STRING,
	OPTIONS_TABLE_NUMBER,
	OPTIONS_TABLE_KEY,
	OPTIONS_TABLE_COLOUR,
	OPTIONS_TABLE_FLAG,
	OPTIONS_TABLE_CHOICE,
	OPTIONS_TABLE_COMMAND
};

/* Scopes. */
#define OPTIONS_TABLE_NONE	0
#define OPTIONS_TABLE_SERVER	0x1
#define OPTIONS_TABLE_SESSION	0x2
#define OPTIONS_TABLE_WINDOW	0x4
#define OPTIONS_TABLE_PANE	0x8

/* Flags. */
#define OPTIONS_TABLE_IS_ARRAY	0x1
#define OPTIONS_TABLE_IS_HOOK	0x2
#define OPTIONS_TABLE_IS_STYLE	0x4
/*
 * zeropty's own option: set and shown by its full name only, not listed
 * by show-options without a name nor completed, so that what tmux 3.3a
 * lists and matches stays the same.
 */
#define OPTIONS_TABLE_IS_EXT	0x8

/* Key values of key options (our own encoding, printed as tmux does). */
#define OPTIONS_KEY_CTRL	0x10000000LL
#define OPTIONS_KEY_META	0x20000000LL
#define OPTIONS_KEY_SHIFT	0x40000000LL
#define OPTIONS_KEY_MASK	0x0fffffffLL
#define OPTIONS_KEY_SPECIAL	0x00200000LL	/* + index of a named key */
#define OPTIONS_KEY_USER	0x00300000LL	/* + N: UserN */
#define OPTIONS_KEY_MOUSE	0x00400000LL	/* + index of a mouse key */
#define OPTIONS_KEY_NONE	0x01000000LL
#define OPTIONS_KEY_ANY		0x01000001LL
#define OPTIONS_KEY_UNKNOWN	-1LL

/* Colour values: 0-7, 8 default, 9 terminal, 90-97, these flags, -1 none. */
#define OPTIONS_COLOUR_256	0x01000000
#define OPTIONS_COLOUR_RGB	0x02000000

struct options_table_entry {
	const char		 *name;
	enum options_table_type	  type;
	int			  scope;
	int			  flags;
	long long		  minimum;
	long long		  maximum;
	const char		**choices;
	const char		 *default_str;
	long long		  default_num;
	const char		**default_arr;
	const char		 *separator;	/* arrays and appends */
	const char		 *pattern;	/* fnmatch(3) for the value */
};

struct options_name_map {
	const char	*from;
	const char	*to;
};

extern const struct options_table_entry	options_table[];
extern const struct options_name_map	options_other_names[];

struct options;
struct options_entry;

extern struct options	*global_options;	/* server */
extern struct options	*global_s_options;	/* session */
extern struct options	*global_w_options;	/* window and pane */

/*
 * Create the global stores with 3.3a's defaults (default-shell from the
 * server's $SHELL as tmux does at start) and install model_options_free.
 * Called once at server start.
 */
void		 options_init(void);
void		 options_free(struct options *);

/*
 * Where an option is read or set: the store's slot (created on set) and
 * the slots of its parents, nearest first.
 */
struct options_target {
	int		  scope;	/* OPTIONS_TABLE_SERVER ... PANE */
	struct options	**chain[3];
	unsigned	  n;
	struct window	 *w;		/* window scope: for set -U */
};

/* The store of a session, window or pane (with its parents). */
void	options_target_server(struct options_target *);
void	options_target_session(struct options_target *, struct session *);
void	options_target_window(struct options_target *, struct window *);
void	options_target_pane(struct options_target *, struct pane *);
void	options_target_global(struct options_target *, int scope);

/*
 * tmux's options_scope_from_flags/options_scope_from_name: pick the store
 * for -s/-p/-w/-g and the target (window is set for set-window-option and
 * show-window-options). Returns the scope, or OPTIONS_TABLE_NONE with
 * *cause ("no current session", "no such window: X", ...).
 */
int	options_scope_from_flags(struct args *, int window,
	    const struct cmd_find_state *, struct options_target *,
	    char **cause);
int	options_scope_from_name(struct args *, int window, const char *name,
	    const struct cmd_find_state *, struct options_target *,
	    char **cause);

/*
 * Resolve a name as typed: "name" or "name[N]" (*idx N, else -1), an
 * unambiguous prefix of a table option, an old -color spelling, or
 * @user. Returns the full name (caller frees) or NULL, with *ambiguous.
 */
char	*options_match(const char *, int *idx, int *ambiguous);
const struct options_table_entry *options_table_find(const char *name);

/* Entries. */
struct options_entry *options_get_only(const struct options_target *,
	    const char *name);
/* Nearest along the chain; *parent is set when not from the store. */
struct options_entry *options_get(const struct options_target *,
	    const char *name, int *parent);
const char	*options_name(const struct options_entry *);
const struct options_table_entry *options_entry_table(
		    const struct options_entry *);
int		 options_is_array(const struct options_entry *);
/* String-valued (strings and user options): show quotes these. */
int		 options_is_string(const struct options_entry *);
/* Index of the first array item with index >= from, or -1. */
int		 options_array_next(const struct options_entry *, int from);
int		 options_array_has(const struct options_entry *, int idx);
/*
 * The value as tmux prints it (idx -1: the whole value, array items
 * joined by spaces). numeric: flags as 1/0 (formats). Caller frees.
 */
char		*options_to_string(const struct options_entry *, int idx,
		    int numeric);
/*
 * User (@) options of a store, sorted by name: the next one from *cursor
 * (start at 0), or NULL at the end.
 */
struct options_entry *options_user_next(struct options *, unsigned *cursor);

/* Every entry of a store by name, as options_user_next. */
struct options_entry *options_next_entry(struct options *, unsigned *cursor);
/* A table option's default as show-options prints it (caller frees). */
char		*options_default_to_string(const struct options_table_entry *);

/* Changes; failures return -1 with *cause in tmux's words. */
int	 options_set_from_string(const struct options_target *,
	     const struct options_table_entry *, const char *name,
	     const char *value, int append, char **cause);
int	 options_set_user(const struct options_target *, const char *name,
	     const char *value, int append);
/* Replace (append: add to) an array; idx -1 assigns from a list. */
int	 options_set_array(const struct options_target *,
	     const struct options_table_entry *, int idx, const char *value,
	     int append, char **cause);
/* set -u: remove (a global table option goes back to its default). */
int	 options_remove_or_default(const struct options_target *,
	     const char *name, int idx, char **cause);
/* After a change: tell the model what it keeps outside the store. */
void	 options_push_changes(const char *name);

/* Value parsers and printers (also for unit tests). */
long long	 options_key_from_string(const char *);
const char	*options_key_to_string(long long);
int		 options_colour_from_string(const char *);
const char	*options_colour_to_string(int);
int		 options_style_valid(const char *);

/*
 * Effective values for a target (pane, else window, else session chain;
 * server options from the server store). name may be "name[N]". Text is
 * as show-options -v prints it; NULL when unknown or unset. Caller frees.
 */
char		*options_get_for(const struct cmd_find_state *,
		    const char *name);
long long	 options_get_number_for(const struct cmd_find_state *,
		    const char *name);
/*
 * For #{name} in formats: as tmux's format_find, flags as 1/0, server
 * options first, then pane -> window -> global window, then session ->
 * global session. NULL if there is no such option. Caller frees.
 */
char		*options_format_lookup(const struct cmd_find_state *,
		    const char *name);
/*
 * Effective values of session, window and pane options for an object
 * (NULL: the global value). A string stays valid until the option
 * changes; NULL if there is no such option.
 */
const char	*options_session_string(struct session *, const char *name);
long long	 options_session_number(struct session *, const char *name);
long long	 options_window_number(struct window *, const char *name);
long long	 options_pane_number(struct pane *, const char *name);
/* Set a number option in a window's own store (rename-window, -n). */
void		 options_window_set_number(struct window *, const char *name,
		    long long);
/* Set a string option in a session's own store (new-session -x/-y). */
void		 options_session_set_string(struct session *,
		    const char *name, const char *value);
/* Call cb for each item of a global array option (command-alias). */
void		 options_array_each(const char *name,
		    void (*cb)(unsigned idx, const char *value, void *arg),
		    void *arg);

#endif
