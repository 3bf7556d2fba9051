/* Copy mode (window-copy.c). */
#ifndef ZEROPTY_WINDOW_COPY_H
#define ZEROPTY_WINDOW_COPY_H

#include "engine/model/model.h"
#include "engine/term/vt.h"

/* Enter copy mode (-u: a page up, -e: leave at the bottom). */
int	 window_copy_enter(struct pane *, int page_up, int scroll_exit);
void	 window_copy_exit(struct pane *);
/* send-keys -X: -1 unknown command, 1 the mode ended, else 0. */
int	 window_copy_command(struct pane *, const char *name, int argc,
	     char **argv);
/* Draw the mode into cells (p->sx * p->sy) and where its cursor is. */
void	 window_copy_draw(struct pane *, struct vt_rcell *cells);
void	 window_copy_cursor(struct pane *, unsigned *cx, unsigned *cy);
/* The mouse at x,y of the pane moves the cursor there. */
void	 window_copy_mouse(struct pane *, unsigned x, unsigned y, int dragging);
/* view-mode: copy mode over text (command output). */
int	 window_view_enter(struct pane *, const char *text, size_t len);
void	 window_view_add(struct pane *, const char *line);
/* clock-mode (window-clock.c draws it). */
int	 window_clock_enter(struct pane *);
int	 window_mode_is_clock(struct pane *);
void	 window_clock_draw(struct pane *, struct vt_rcell *cells);
void	 window_clock_cursor(struct pane *, unsigned *cx, unsigned *cy);
/* tree-mode (window-tree.c). */
struct window_tree;
struct client;
struct session;
struct winlink;
int	 window_tree_enter(struct pane *, struct window_tree *);
struct window_tree *window_mode_tree(struct pane *);
int	 window_mode_no_cursor(struct pane *);
struct pane;
struct window_tree *window_tree_create(struct session *, struct winlink *,
	     struct pane *, char type, const char *template,
	     const char *filter);
#define WINDOW_TREE_SESSIONS	0
#define WINDOW_TREE_BUFFERS	1
#define WINDOW_TREE_CLIENTS	2
#define WINDOW_TREE_CUSTOMIZE	3
struct window_tree *window_tree_create_list(int kind, const char *template);
/* customize-mode (window-customize.c): options and keys of p's session. */
struct window_tree *window_customize_create(struct pane *p,
	     const char *format, const char *filter);
/* Where tmux leaves the cursor: the start of the selected line. */
void		 window_tree_cursor(struct window_tree *, unsigned *,
		    unsigned *);
/* The preview below the list: on unless choose-tree -N (v toggles it). */
void		 window_tree_set_preview(struct window_tree *, int);
void		 window_tree_set_filter(struct window_tree *, const char *);
void		 window_tree_set_format(struct window_tree *, const char *);
/* Drawing it (window-tree-preview.c). */
struct tty_style;
/*
 * A session's or window's preview: the windows or panes it shows moved by
 * shift (< and >), and where its < and > columns are (-1: none) for
 * clicks on them.
 */
struct window_tree_parts {
	int		 shift;
	int		 left, right;
};
void		 window_tree_set_sort(struct window_tree *, const char *name,
		    int reversed);
void		 window_tree_preview(struct vt_rcell *, unsigned sx,
		    unsigned sy, unsigned h, const char *name,
		    const char *sort, int filter,
		    const struct tty_style *, struct session *, struct winlink *,
		    struct pane *, struct window_tree_parts *);
void		 window_tree_preview_frame(struct vt_rcell *, unsigned sx,
		    unsigned sy, unsigned h, const char *name,
		    const char *sort, int filter, const struct tty_style *);
struct paste_buffer;
void		 window_tree_preview_buffer(struct vt_rcell *, unsigned sx,
		    unsigned sy, unsigned h, const char *name,
		    const char *sort, int filter, const struct tty_style *,
		    struct paste_buffer *);
struct tty_client;
void		 window_tree_preview_client(struct vt_rcell *, unsigned sx,
		    unsigned sy, unsigned h, const char *name,
		    const char *sort, int filter, const struct tty_style *,
		    struct tty_client *);
const char *window_tree_mode_name(struct window_tree *);
void	 window_tree_free(struct window_tree *);
void	 window_tree_start(struct pane *, struct window_tree *, int zoom);
int	 window_tree_unzoom(struct window_tree *);
void	 window_tree_keys_key(struct pane *, struct window_tree *, struct client *,
	     const char *name);
/* send-keys -M in tree mode: key is the event's name (MouseDown1Pane). */
void	 window_tree_mouse(struct pane *, struct client *, const char *key,
	     unsigned x, unsigned y);
void	 window_tree_draw(struct pane *, struct window_tree *,
	     struct vt_rcell *cells);
/* Mode formats (pane_in_mode, scroll_position ...), NULL: not one. */
char	*window_copy_format(struct pane *, const char *name);

#endif
