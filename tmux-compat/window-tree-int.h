/*
 * Tree mode's state, shared by window-tree.c (building and drawing the
 * list) and window-tree-keys.c (its keys and prompts).
 */
#ifndef ZEROPTY_WINDOW_TREE_INT_H
#define ZEROPTY_WINDOW_TREE_INT_H

#include "tmux-compat/tty.h"
#include "tmux-compat/window-copy.h"

struct cmd_find_state;
struct options_target;
struct tty_style;
struct vt_rcell;

#define TREE_SESSION	0
#define TREE_WINDOW	1
#define TREE_PANE	2
#define TREE_BUFFER	3	/* choose-buffer: a flat list */
#define TREE_CLIENT	4	/* choose-client */
/* customize-mode (window-customize.c). */
#define TREE_GROUP	5	/* "Server Options", "Key Table - root" */
#define TREE_OPTION	6	/* an option, or an item of an array */
#define TREE_KEY	7	/* a key binding */
#define TREE_KEY_PART	8	/* its Command, Note or Repeat line */

/* Where a customize-mode option's value comes from (tmux's scopes). */
#define CUSTOMIZE_SERVER	 0
#define CUSTOMIZE_GLOBAL_SESSION 1
#define CUSTOMIZE_SESSION	 2
#define CUSTOMIZE_GLOBAL_WINDOW	 3
#define CUSTOMIZE_WINDOW	 4
#define CUSTOMIZE_PANE		 5

struct tree_item {
	int		 type;
	unsigned	 session_id;
	int		 widx;
	unsigned	 pane_id;
	unsigned	 depth;
	int		 children;	/* has any */
	int		 expanded;
	int		 tagged;
	int		 last;		/* last of its siblings */
	int		 pad;		/* a sibling has children: align */
	unsigned	 lasts;		/* bit d: the ancestor at depth d is last */
	char		*name;		/* a buffer's, client's, option's */

	/* customize-mode's items. */
	char		*title;		/* the name drawn (a group's, key's) */
	char		*text;		/* after "name: ", NULL: no ": " */
	int		 group;		/* which group (its index) */
	int		 scope;		/* an option's CUSTOMIZE_* */
	int		 idx;		/* an array's item, or -1 */
	char		*table;		/* a key's table */
	long long	 key;
	int		 part;		/* TREE_KEY_PART: 0 Command, 1 Note... */
	int		 no_tag;	/* t does not tag it (tmux) */
};

/* Items named by key (window_tree_key), kept while the list is built again. */
struct tree_keys {
	char		**keys;
	unsigned	  n;
};

struct window_tree {
	int		 kind;		/* WINDOW_TREE_* */
	unsigned	 serial;	/* tells its prompts it is still there */
	char		*template;
	char		*filter;	/* -f or f: what it is true for, or NULL */
	char		*format;	/* -F: the items' text, or NULL */
	int		 no_matches;	/* none were: all shown */
	char		*search;	/* C-s: the text n looks for next */
	int		 unzoom;	/* -Z zoomed the window: unzoom at exit */
	struct tree_keys expanded;
	struct tree_keys tagged;	/* t, C-t */
	struct tree_keys known;		/* every item of the last build */
	int		 known_set;
	int		 build_all;	/* as if all were expanded (search) */
	char		*current;	/* key of the selected item */
	unsigned	 current_at;	/* its line: kept if the item goes */
	unsigned	 home_session;	/* H: where choose-tree started */
	int		 home_widx;
	unsigned	 offset;	/* first line shown */
	int		 preview;	/* draw it */
	struct window_tree_parts parts;	/* what its preview shows */
	int		 sort_field;	/* TREE_SORT_* (-O, the O key) */
	int		 sort_reversed;	/* -r, the r key */
	/* customize-mode: the target it started with, and its own pane. */
	unsigned	 cz_session;
	int		 cz_widx;
	unsigned	 cz_pane;
	unsigned	 cz_mode_pane;
	int		 hide_global;	/* H */
	struct tree_item *items;
	unsigned	 nitems;
};

char	*window_tree_key(const struct tree_item *);
struct window_tree *window_tree_new(int kind);
void	 window_tree_item_free(struct tree_item *);
void	 window_tree_item_copy(struct tree_item *, const struct tree_item *);
int	 window_tree_keys_has(const struct tree_keys *, const char *key);
void	 window_tree_keys_set(struct tree_keys *, const char *key, int on);
void	 window_tree_keys_free(struct tree_keys *);
void	 window_tree_set_expanded(struct window_tree *, const struct tree_item *,
	     int on);
void	 window_tree_build(struct window_tree *);
int	 window_tree_selected(struct window_tree *);
void	 window_tree_select(struct window_tree *, unsigned);
void	 window_tree_rebuilt(struct pane *, struct window_tree *);
char	*window_tree_target(const struct tree_item *);
void	 window_tree_choose(struct pane *, struct client *, struct window_tree *,
	     unsigned);
struct tree_item *window_tree_add(struct window_tree *, int type, struct session *,
	     struct winlink *, struct pane *, unsigned depth, int children,
	     int last, int pad, unsigned lasts);

/* window-tree-list.c: choose-buffer's and choose-client's lists. */
void	 window_tree_list_build_list(struct window_tree *, const char *filter);
char	*window_tree_list_text(const struct tree_item *, const char *format);
const char **window_tree_list_sorts(int kind, unsigned *n);
void	 window_tree_list_act(const struct tree_item *, char key);
void	 window_tree_sort_next(struct window_tree *);
unsigned window_tree_list_height(struct window_tree *, unsigned sy);
char	*window_tree_text(const struct tree_item *, const char *format, char **name,
	     int *marked);

/* window-customize.c: customize-mode's list and preview. */
void	 window_customize_build(struct window_tree *, const char *filter);
char	*window_customize_key(const struct tree_item *);
unsigned window_customize_list_height(unsigned sy);
const char *window_customize_unit(const char *name);
char	*window_customize_scope_text(int scope, const struct cmd_find_state *);
void	 window_customize_preview(struct pane *, struct window_tree *,
	     struct vt_rcell *, unsigned h, const struct tree_item *,
	     const struct tty_style *);
int	 window_customize_state(struct window_tree *, struct cmd_find_state *);
void	 window_customize_target(int scope, const struct cmd_find_state *,
	     struct options_target *);
/* window-customize-keys.c: its own keys; 1 if the key was one. */
int	 window_customize_keys_key(struct pane *, struct client *, struct window_tree *,
	     const struct tree_item *, const char *name);

/*
 * window-tree-keys.c: copies of the tagged items (or of the current one if
 * none is and current is set), which outlive the list.
 */
struct tree_prompt_arg {
	unsigned	pane_id;
	unsigned	serial;
};
struct window_tree *window_tree_keys_of_prompt(void *arg, struct pane **);
void	 window_tree_keys_prompt_with(struct client *, struct pane *, struct window_tree *,
	     const char *prompt, const char *input, int flags, int type,
	     tty_prompt_cb, void *arg);
struct tree_item *window_tree_keys_collect(struct window_tree *, int current,
	     unsigned *n);
void	 window_tree_keys_collect_free(struct tree_item *, unsigned n);
/* Set while a menu item runs its key. */
extern int tree_key_from_menu;


#endif
