/*
 * Key bindings: tables of keys bound to command lists (bind-key,
 * unbind-key, list-keys), with tmux 3.3a's default prefix, root,
 * copy-mode and copy-mode-vi tables. Tables are kept sorted by name and
 * bindings by tmux's key code order, so listings come out in tmux's
 * order. Keys use options.h's encoding (OPTIONS_KEY_*).
 *
 * Bindings are only stored and listed here; running them on key presses
 * belongs to the interactive client.
 */
#ifndef ZEROPTY_KEY_BINDINGS_H
#define ZEROPTY_KEY_BINDINGS_H

#include "tmux-compat/cmd.h"

#define KEY_BINDING_REPEAT	0x1

struct key_binding {
	long long	 key;
	char		*note;		/* NULL if none */
	int		 flags;		/* KEY_BINDING_REPEAT */
	struct cmd_list	*cmdlist;
	unsigned	*groups;	/* group of each command, or NULL */
	char		**printed;	/* each command as printed, or NULL */
};

struct key_table {
	char			 *name;
	struct key_binding	**bindings;	/* sorted by key */
	unsigned		  n;
};

/* A key typed as a UTF-8 character or 0xN (see key-string.c). */
#define KEY_STRING_UTF8		0x08000000LL

/* Key names (key-string.c), as tmux's key_string_lookup_*. */
long long	 key_string_lookup_string(const char *);	/* -1 unknown */
const char	*key_string_lookup_key(long long);
/* tmux 3.3a's key code for k, for ordering (key_bindings_cmp). */
unsigned long long key_string_order(long long);
int		 key_string_is_mouse(long long);

/* The tables (defaults installed on first use). */
unsigned		 key_bindings_ntables(void);
struct key_table	*key_bindings_table_at(unsigned);
struct key_table	*key_bindings_get_table(const char *name, int create);
struct key_binding	*key_bindings_get(struct key_table *, long long key);

/*
 * bind-key: replace the binding (cmdlist, groups and printed, from
 * cmd_parse_result, are taken over; groups and printed may be NULL). With
 * cmdlist NULL only the note of an existing binding changes, as 3.3a.
 */
void	key_bindings_add(const char *table, long long key, const char *note,
	    int repeat, struct cmd_list *, unsigned *groups, char **printed);
/* Remove a binding; a table left empty goes too. */
void	key_bindings_remove(const char *table, long long key);
void	key_bindings_remove_table(const char *table);
/* The commands as list-keys prints them (escaped: " \; "). */
char	*key_bindings_print(const struct key_binding *, int escaped);
/*
 * A key's default binding: its commands as list-keys prints them (NULL:
 * none), and putting it back (a key with no default is unbound).
 */
char	*key_bindings_default_print(const char *table, long long key);
void	key_bindings_reset_key(const char *table, long long key);
/* Back to tmux's default tables. */
void	key_bindings_reset(void);

#endif
