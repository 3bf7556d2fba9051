/*
 * Window layouts: tmux's layout tree (layout.c, layout-set.c,
 * layout-custom.c in tmux 3.3a). A window's panes are the leaves of a tree
 * of cells; an inner cell splits its area left-right or top-bottom among its
 * children, with a one-cell border between them. Geometry, layout strings
 * (with their 16-bit checksum), presets and resizing must give exactly the
 * numbers tmux gives for the same sequence of operations.
 */
#ifndef ZEROPTY_LAYOUT_H
#define ZEROPTY_LAYOUT_H

#include <sys/queue.h>

struct pane;
struct window;

enum layout_type {
	LAYOUT_LEFTRIGHT,
	LAYOUT_TOPBOTTOM,
	LAYOUT_WINDOWPANE
};

TAILQ_HEAD(layout_cells, layout_cell);
struct layout_cell {
	enum layout_type	 type;
	struct layout_cell	*parent;
	unsigned		 sx, sy;
	unsigned		 xoff, yoff;
	struct pane		*wp;		/* LAYOUT_WINDOWPANE only */
	struct layout_cells	 cells;		/* children otherwise */
	TAILQ_ENTRY(layout_cell) entry;
};

/* layout_split_pane flags */
#define LAYOUT_SPLIT_BEFORE	0x1	/* -b: new pane left of/above */
#define LAYOUT_SPLIT_FULL	0x2	/* -f: full window width/height */

/*
 * Called when a pane's size changes (set by the server: resize screen,
 * SIGWINCH).
 */
extern void	(*layout_pane_resized)(struct pane *);
/*
 * The window options the layouts read, as their string values (set by the
 * server; NULL, or NULL returned, means tmux's default): main-pane-height,
 * main-pane-width, other-pane-height, other-pane-width ("24", "50%") and
 * pane-border-status ("off", "top", "bottom").
 */
extern const char *(*layout_option)(struct window *, const char *name);

/*
 * A window's first pane fills the window. Also forgets the last preset
 * (next-layout starts again from the first).
 */
void		 layout_init(struct window *, struct pane *);
void		 layout_free(struct window *);
/*
 * Make room for a new pane by splitting wp's cell (type: LEFTRIGHT for -h);
 * size is the new pane's size in cells, or -1 for half. Returns the new
 * cell (assign it with layout_assign_pane), or NULL if there is no space
 * ("no space for new pane").
 */
struct layout_cell *layout_split_pane(struct pane *wp, enum layout_type type,
		    int size, int flags);
void		 layout_assign_pane(struct layout_cell *, struct pane *);
/* Remove a pane's cell, giving its space to its neighbours. */
void		 layout_close_pane(struct pane *);
/* Copy cell geometry to panes (calls layout_pane_resized on changes). */
void		 layout_fix_panes(struct window *);
/*
 * The window changed size (resize-window, or sizes recalculated): the
 * layout grows or shrinks as far as its panes allow and w->sx/sy become
 * the size asked for, or the layout's if that is bigger (as tmux's
 * resize_window).
 */
void		 layout_resize(struct window *, unsigned sx, unsigned sy);
/* resize-pane: grow or shrink wp by change cells in a direction. */
void		 layout_resize_pane(struct pane *, enum layout_type, int change,
		    int opposite);
/*
 * Mouse border drags (tmux's cmd_resize_pane_mouse_update): the cell
 * whose border (right of or below it) is at x,y, or NULL; then move that
 * border by change cells along its parent's direction.
 */
struct layout_cell *layout_search_by_border(struct layout_cell *,
		    unsigned x, unsigned y);
void		 layout_resize_layout(struct window *, struct layout_cell *,
		    enum layout_type, int change, int opposite);
/* resize-pane -x/-y: set a pane's width or height. */
void		 layout_resize_pane_to(struct pane *, enum layout_type,
		    unsigned new_size);
/* #{window_layout}: "csum,WxH,X,Y{...}" (caller frees). */
char		*layout_custom_dump(struct window *);
/*
 * select-layout with a layout string; -1 with *cause on error: "invalid
 * layout", "have N panes but need M" or "size mismatch after applying
 * layout" (select-layout prints "CAUSE: STRING"). Surplus cells are closed
 * from the bottom right; panes go into the cells in window order. The
 * window takes the layout's size: tmux then recalculates window sizes (a
 * window sized by resize-window goes back with layout_resize).
 */
int		 layout_custom_parse(struct window *, const char *, char **cause);
/*
 * Presets: even-horizontal, even-vertical, main-horizontal, main-vertical,
 * tiled (first pane is the main one). layout_set_lookup returns the index
 * (exact name or unambiguous prefix) or -1; layout_set_select applies one;
 * next/previous cycle as next-layout/previous-layout from w->layout_last.
 * Like layout_custom_parse, they leave the window the size of the new layout.
 */
int		 layout_set_lookup(const char *);
unsigned	 layout_set_select(struct window *, unsigned);
unsigned	 layout_set_next(struct window *);
unsigned	 layout_set_previous(struct window *);
/* Spread the space evenly among a cell's children (select-layout -E). */
void		 layout_spread_out(struct pane *);

/*
 * Zoom (resize-pane -Z): wp alone fills the window; the other panes lose
 * their cells (and keep their sizes) until layout_unzoom puts back the
 * tree layout_zoom returned. Keep that tree with the window; while zoomed,
 * #{window_layout} is layout_custom_dump_cell(saved) and #{window_visible_layout}
 * layout_custom_dump(w). tmux unzooms before splitting, closing, resizing panes
 * and changing the layout, and unzooms, resizes and zooms again to resize
 * the window.
 */
struct layout_cell *layout_zoom(struct pane *wp);
void		 layout_unzoom(struct window *, struct layout_cell *saved);
/* The layout string of any tree (caller frees). */
char		*layout_custom_dump_cell(struct layout_cell *);

#endif
