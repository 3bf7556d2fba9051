/*
 * Tree mode's state, shared by window-tree.c (building and drawing the
 * list) and window-tree-keys.c (its keys and prompts).
 */
#ifndef ZEROPTY_WINDOW_TREE_INT_H
#define ZEROPTY_WINDOW_TREE_INT_H

#include "tmux-compat/window-copy.h"

#define TREE_SESSION	0
#define TREE_WINDOW	1
#define TREE_PANE	2
#define TREE_BUFFER	3	/* choose-buffer: a flat list */
#define TREE_CLIENT	4	/* choose-client */

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
	char		*name;		/* a buffer's or client's */
};

/* Items named by key (tree_key), kept while the list is built again. */
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
	struct tree_item *items;
	unsigned	 nitems;
};

char	*tree_key(const struct tree_item *);
int	 tree_keys_has(const struct tree_keys *, const char *key);
void	 tree_keys_set(struct tree_keys *, const char *key, int on);
void	 tree_keys_free(struct tree_keys *);
void	 tree_set_expanded(struct window_tree *, const struct tree_item *,
	     int on);
void	 tree_build(struct window_tree *);
int	 tree_selected(struct window_tree *);
void	 tree_select(struct window_tree *, unsigned);
void	 tree_rebuilt(struct pane *, struct window_tree *);
char	*tree_target(const struct tree_item *);
void	 tree_choose(struct pane *, struct client *, struct window_tree *,
	     unsigned);
struct tree_item *tree_add(struct window_tree *, int type, struct session *,
	     struct winlink *, struct pane *, unsigned depth, int children,
	     int last, int pad, unsigned lasts);

/* window-tree-list.c: choose-buffer's and choose-client's lists. */
void	 tree_build_list(struct window_tree *, const char *filter);
char	*tree_list_text(const struct tree_item *, const char *format);
const char **tree_list_sorts(int kind, unsigned *n);
void	 tree_list_act(const struct tree_item *, char key);
void	 tree_sort_next(struct window_tree *);
unsigned tree_list_height(struct window_tree *, unsigned sy);
char	*tree_text(const struct tree_item *, const char *format, char **name,
	     int *marked);

/* window-tree-keys.c: set while a menu item runs its key. */
extern int tree_key_from_menu;


#endif
