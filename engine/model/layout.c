/*
 * The layout tree: creating, splitting, closing and resizing cells, and
 * copying cell geometry to panes. Presets are in layout-set.c, layout
 * strings in layout-custom.c; the helpers they share are declared in
 * layout-int.h.
 *
 * Every rule here (minimum pane size 1, a one-cell border between
 * siblings, which neighbour gets a closed pane's space, how a resize is
 * shared out) is tmux 3.3a's as measured with #{window_layout}; see
 * layout_test.c for the recorded sequences.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/log.h"
#include "engine/base/xmalloc.h"
#include "engine/model/layout.h"
#include "engine/model/layout-int.h"
#include "engine/model/model.h"

void		(*layout_pane_resized)(struct pane *);
const char	*(*layout_option)(struct window *, const char *);

static unsigned	 layout_resize_check(struct window *, struct layout_cell *,
		    enum layout_type);

/* A window option the layouts use, or NULL for tmux's default. */
const char *
layout_get_option(struct window *w, const char *name)
{
	if (layout_option == NULL)
		return (NULL);
	return (layout_option(w, name));
}

/* pane-border-status: LAYOUT_STATUS_OFF, _TOP or _BOTTOM. */
static int
layout_border_status(struct window *w)
{
	const char	*s;

	s = layout_get_option(w, "pane-border-status");
	if (s == NULL)
		return (LAYOUT_STATUS_OFF);
	if (strcmp(s, "top") == 0)
		return (LAYOUT_STATUS_TOP);
	if (strcmp(s, "bottom") == 0)
		return (LAYOUT_STATUS_BOTTOM);
	return (LAYOUT_STATUS_OFF);
}

struct layout_cell *
layout_cell_create(struct layout_cell *parent)
{
	struct layout_cell	*lc;

	lc = xcalloc(1, sizeof *lc);
	lc->type = LAYOUT_WINDOWPANE;
	lc->parent = parent;
	TAILQ_INIT(&lc->cells);
	lc->sx = lc->sy = UINT_MAX;
	lc->xoff = lc->yoff = UINT_MAX;
	return (lc);
}

/* Free a cell and everything below it; panes lose their cell pointer. */
void
layout_cell_free(struct layout_cell *lc)
{
	struct layout_cell	*child;

	if (lc == NULL)
		return;
	if (lc->type == LAYOUT_WINDOWPANE) {
		if (lc->wp != NULL && lc->wp->layout_cell == lc)
			lc->wp->layout_cell = NULL;
	} else {
		while ((child = TAILQ_FIRST(&lc->cells)) != NULL) {
			TAILQ_REMOVE(&lc->cells, child, entry);
			layout_cell_free(child);
		}
	}
	xfree(lc);
}

/* Put lcnew where old is in old's parent (old is left unlinked). */
static void
layout_cell_replace(struct layout_cell *old, struct layout_cell *lcnew)
{
	TAILQ_INSERT_BEFORE(old, lcnew, entry);
	TAILQ_REMOVE(&old->parent->cells, old, entry);
}

void
layout_cell_set_size(struct layout_cell *lc, unsigned sx, unsigned sy,
    unsigned xoff, unsigned yoff)
{
	lc->sx = sx;
	lc->sy = sy;
	lc->xoff = xoff;
	lc->yoff = yoff;
}

void
layout_cell_make_leaf(struct layout_cell *lc, struct pane *wp)
{
	lc->type = LAYOUT_WINDOWPANE;
	TAILQ_INIT(&lc->cells);
	lc->wp = wp;
	wp->layout_cell = lc;
}

void
layout_cell_make_node(struct layout_cell *lc, enum layout_type type)
{
	if (type == LAYOUT_WINDOWPANE)
		fatalx("layout: a node cannot be a pane");
	lc->type = type;
	TAILQ_INIT(&lc->cells);
	if (lc->wp != NULL && lc->wp->layout_cell == lc)
		lc->wp->layout_cell = NULL;
	lc->wp = NULL;
}

unsigned
layout_cell_count(struct layout_cell *lc)
{
	struct layout_cell	*child;
	unsigned		 n = 0;

	if (lc->type == LAYOUT_WINDOWPANE)
		return (1);
	TAILQ_FOREACH(child, &lc->cells, entry)
		n += layout_cell_count(child);
	return (n);
}

static void
layout_fix_offsets_cell(struct layout_cell *lc)
{
	struct layout_cell	*child;
	unsigned		 at;

	if (lc->type == LAYOUT_LEFTRIGHT) {
		at = lc->xoff;
		TAILQ_FOREACH(child, &lc->cells, entry) {
			child->xoff = at;
			child->yoff = lc->yoff;
			if (child->type != LAYOUT_WINDOWPANE)
				layout_fix_offsets_cell(child);
			at += child->sx + 1;
		}
	} else {
		at = lc->yoff;
		TAILQ_FOREACH(child, &lc->cells, entry) {
			child->xoff = lc->xoff;
			child->yoff = at;
			if (child->type != LAYOUT_WINDOWPANE)
				layout_fix_offsets_cell(child);
			at += child->sy + 1;
		}
	}
}

/* Recompute every cell's offset from the sizes, root at 0,0. */
void
layout_fix_offsets(struct window *w)
{
	struct layout_cell	*root = w->layout_root;

	root->xoff = 0;
	root->yoff = 0;
	layout_fix_offsets_cell(root);
}

/* Is lc on the top (first) or bottom (last) edge of the whole layout? */
struct layout_cell *
layout_search_by_border(struct layout_cell *lc, unsigned x, unsigned y)
{
	struct layout_cell	*child, *last = NULL;

	TAILQ_FOREACH(child, &lc->cells, entry) {
		if (x >= child->xoff && x < child->xoff + child->sx &&
		    y >= child->yoff && y < child->yoff + child->sy)
			return (layout_search_by_border(child, x, y));
		if (last == NULL) {
			last = child;
			continue;
		}
		/* Between the previous cell and this one: its border. */
		if (lc->type == LAYOUT_LEFTRIGHT) {
			if (x < child->xoff && x >= last->xoff + last->sx)
				return (last);
		} else if (lc->type == LAYOUT_TOPBOTTOM) {
			if (y < child->yoff && y >= last->yoff + last->sy)
				return (last);
		}
		last = child;
	}
	return (NULL);
}

static int
layout_cell_on_edge(struct window *w, struct layout_cell *lc, int last)
{
	struct layout_cell	*parent, *end;

	while (lc != w->layout_root) {
		parent = lc->parent;
		if (parent == NULL)
			break;
		if (last)
			end = TAILQ_LAST(&parent->cells, layout_cells);
		else
			end = TAILQ_FIRST(&parent->cells);
		if (parent->type == LAYOUT_TOPBOTTOM && lc != end)
			return (0);
		lc = parent;
	}
	return (1);
}

/* Does this cell lose a line to the pane border status line? */
static int
layout_add_border(struct window *w, struct layout_cell *lc, int status)
{
	if (status == LAYOUT_STATUS_TOP)
		return (layout_cell_on_edge(w, lc, 0));
	if (status == LAYOUT_STATUS_BOTTOM)
		return (layout_cell_on_edge(w, lc, 1));
	return (0);
}

void
layout_fix_panes(struct window *w)
{
	struct pane		*wp;
	struct layout_cell	*lc;
	unsigned		 sx, sy;
	int			 status;

	if (w->layout_root == NULL)
		return;
	status = layout_border_status(w);
	TAILQ_FOREACH(wp, &w->panes, entry) {
		if ((lc = wp->layout_cell) == NULL)
			continue;
		wp->xoff = lc->xoff;
		wp->yoff = lc->yoff;
		sx = lc->sx;
		sy = lc->sy;
		if (layout_add_border(w, lc, status)) {
			if (status == LAYOUT_STATUS_TOP)
				wp->yoff++;
			/* tmux 3.3a wraps (and crashes) on a cell 0 high. */
			if (sy > 0)
				sy--;
		}
		if (wp->sx == sx && wp->sy == sy)
			continue;
		wp->sx = sx;
		wp->sy = sy;
		if (layout_pane_resized != NULL)
			layout_pane_resized(wp);
	}
}

/* How many cells can be taken from lc in direction type. */
static unsigned
layout_resize_check(struct window *w, struct layout_cell *lc,
    enum layout_type type)
{
	struct layout_cell	*child;
	unsigned		 available, minimum, each;

	if (lc->type == LAYOUT_WINDOWPANE) {
		minimum = PANE_MINIMUM;
		if (type == LAYOUT_LEFTRIGHT)
			available = lc->sx;
		else {
			available = lc->sy;
			if (layout_add_border(w, lc, layout_border_status(w)))
				minimum++;
		}
		return (available > minimum ? available - minimum : 0);
	}
	if (lc->type == type) {
		/* Along the split: every child can give. */
		available = 0;
		TAILQ_FOREACH(child, &lc->cells, entry)
			available += layout_resize_check(w, child, type);
		return (available);
	}
	/* Across the split: all children shrink together. */
	minimum = UINT_MAX;
	TAILQ_FOREACH(child, &lc->cells, entry) {
		each = layout_resize_check(w, child, type);
		if (each < minimum)
			minimum = each;
	}
	return (minimum);
}

/*
 * Grow or shrink a cell by change (already bounded by what is available).
 * Children across the direction all change by the same amount; children
 * along it take or give one cell each in turn, first to last, shrinking
 * only those that can.
 */
void
layout_resize_adjust(struct window *w, struct layout_cell *lc,
    enum layout_type type, int change)
{
	struct layout_cell	*child;
	int			 moved;

	if (type == LAYOUT_LEFTRIGHT)
		lc->sx += change;
	else
		lc->sy += change;
	if (lc->type == LAYOUT_WINDOWPANE)
		return;

	if (lc->type != type) {
		TAILQ_FOREACH(child, &lc->cells, entry)
			layout_resize_adjust(w, child, type, change);
		return;
	}
	while (change != 0) {
		moved = 0;
		TAILQ_FOREACH(child, &lc->cells, entry) {
			if (change == 0)
				break;
			if (change > 0) {
				layout_resize_adjust(w, child, type, 1);
				change--;
				moved = 1;
			} else if (layout_resize_check(w, child, type) > 0) {
				layout_resize_adjust(w, child, type, -1);
				change++;
				moved = 1;
			}
		}
		/*
		 * Nothing left to take: tmux 3.3a loops forever here (seen
		 * with select-layout -E on panes already at their minimum);
		 * stop instead, leaving the cell larger than its children.
		 */
		if (!moved)
			break;
	}
}

/*
 * Remove a cell, giving its space (and the border) to the sibling before
 * it, or after it if it is first. A parent left with one child is replaced
 * by that child.
 */
void
layout_destroy_cell(struct window *w, struct layout_cell *lc,
    struct layout_cell **root)
{
	struct layout_cell	*parent, *other, *only;
	unsigned		 size;

	parent = lc->parent;
	if (parent == NULL) {
		layout_cell_free(lc);
		*root = NULL;
		return;
	}

	if (lc == TAILQ_FIRST(&parent->cells))
		other = TAILQ_NEXT(lc, entry);
	else
		other = TAILQ_PREV(lc, layout_cells, entry);
	if (other != NULL) {
		size = parent->type == LAYOUT_LEFTRIGHT ? lc->sx : lc->sy;
		layout_resize_adjust(w, other, parent->type, size + 1);
	}
	TAILQ_REMOVE(&parent->cells, lc, entry);
	layout_cell_free(lc);

	only = TAILQ_FIRST(&parent->cells);
	if (only == NULL || TAILQ_NEXT(only, entry) != NULL)
		return;
	TAILQ_REMOVE(&parent->cells, only, entry);
	only->parent = parent->parent;
	if (only->parent == NULL) {
		only->xoff = 0;
		only->yoff = 0;
		*root = only;
	} else
		layout_cell_replace(parent, only);
	layout_cell_free(parent);
}

void
layout_init(struct window *w, struct pane *wp)
{
	struct layout_cell	*lc;

	lc = w->layout_root = layout_cell_create(NULL);
	layout_cell_set_size(lc, w->sx, w->sy, 0, 0);
	layout_cell_make_leaf(lc, wp);
	w->layout_last = -1;
	layout_fix_panes(w);
}

struct layout_cell *
layout_zoom(struct pane *wp)
{
	struct window		*w = wp->window;
	struct layout_cell	*saved = w->layout_root, *lc;
	struct pane		*loop;

	TAILQ_FOREACH(loop, &w->panes, entry)
		loop->layout_cell = NULL;
	lc = w->layout_root = layout_cell_create(NULL);
	layout_cell_set_size(lc, w->sx, w->sy, 0, 0);
	layout_cell_make_leaf(lc, wp);
	layout_fix_panes(w);
	return (saved);
}

/* Point each pane back at its leaf in a tree. */
static void
layout_relink(struct layout_cell *lc)
{
	struct layout_cell	*child;

	if (lc->type == LAYOUT_WINDOWPANE) {
		if (lc->wp != NULL)
			lc->wp->layout_cell = lc;
		return;
	}
	TAILQ_FOREACH(child, &lc->cells, entry)
		layout_relink(child);
}

void
layout_unzoom(struct window *w, struct layout_cell *saved)
{
	if (saved == NULL)
		return;
	layout_free(w);
	w->layout_root = saved;
	layout_relink(saved);
	layout_fix_panes(w);
}

void
layout_free(struct window *w)
{
	layout_cell_free(w->layout_root);
	w->layout_root = NULL;
}

/* Bound a whole-layout change by what the layout can give up. */
static int
layout_resize_change(unsigned want, unsigned have, unsigned limit)
{
	int	change = (int)want - (int)have;

	if (change < 0 && change < -(int)limit)
		change = -(int)limit;
	if (limit == 0) {
		/* Already at its minimum: only growing is possible. */
		if (want <= have)
			change = 0;
		else
			change = (int)want - (int)have;
	}
	return (change);
}

/*
 * The window is now sx by sy: grow or shrink the layout to fit, never
 * below its minimum. The window is left no smaller than the layout (as
 * tmux's resize-window does).
 */
void
layout_resize(struct window *w, unsigned sx, unsigned sy)
{
	struct layout_cell	*lc = w->layout_root;
	int			 change;

	if (lc == NULL) {
		w->sx = sx;
		w->sy = sy;
		return;
	}
	change = layout_resize_change(sx, lc->sx,
	    layout_resize_check(w, lc, LAYOUT_LEFTRIGHT));
	if (change != 0)
		layout_resize_adjust(w, lc, LAYOUT_LEFTRIGHT, change);
	change = layout_resize_change(sy, lc->sy,
	    layout_resize_check(w, lc, LAYOUT_TOPBOTTOM));
	if (change != 0)
		layout_resize_adjust(w, lc, LAYOUT_TOPBOTTOM, change);

	layout_fix_offsets(w);
	layout_fix_panes(w);

	w->sx = sx < lc->sx ? lc->sx : sx;
	w->sy = sy < lc->sy ? lc->sy : sy;
}

/* Grow lc by up to needed, taking from a later sibling (or earlier one). */
static int
layout_resize_pane_grow(struct window *w, struct layout_cell *lc,
    enum layout_type type, int needed, int opposite)
{
	struct layout_cell	*from;
	unsigned		 size = 0;

	for (from = TAILQ_NEXT(lc, entry); from != NULL;
	    from = TAILQ_NEXT(from, entry)) {
		if ((size = layout_resize_check(w, from, type)) > 0)
			break;
	}
	if (opposite && from == NULL) {
		for (from = TAILQ_PREV(lc, layout_cells, entry); from != NULL;
		    from = TAILQ_PREV(from, layout_cells, entry)) {
			if ((size = layout_resize_check(w, from, type)) > 0)
				break;
		}
	}
	if (from == NULL)
		return (0);

	if (size > (unsigned)needed)
		size = needed;
	layout_resize_adjust(w, lc, type, size);
	layout_resize_adjust(w, from, type, -(int)size);
	return (size);
}

/* Shrink lc (or an earlier sibling) by up to -needed, giving to the next. */
static int
layout_resize_pane_shrink(struct window *w, struct layout_cell *lc,
    enum layout_type type, int needed)
{
	struct layout_cell	*from, *to;
	unsigned		 size = 0;

	for (from = lc; from != NULL;
	    from = TAILQ_PREV(from, layout_cells, entry)) {
		if ((size = layout_resize_check(w, from, type)) != 0)
			break;
	}
	if (from == NULL)
		return (0);
	if ((to = TAILQ_NEXT(lc, entry)) == NULL)
		return (0);

	if (size > (unsigned)-needed)
		size = -needed;
	layout_resize_adjust(w, to, type, size);
	layout_resize_adjust(w, from, type, -(int)size);
	return (size);
}

/* Move the border after lc by change cells, as far as possible. */
void
layout_resize_layout(struct window *w, struct layout_cell *lc,
    enum layout_type type, int change, int opposite)
{
	int	needed = change, size;

	while (needed != 0) {
		if (change > 0) {
			size = layout_resize_pane_grow(w, lc, type, needed,
			    opposite);
			needed -= size;
		} else {
			size = layout_resize_pane_shrink(w, lc, type, needed);
			needed += size;
		}
		if (size == 0)
			break;
	}
	layout_fix_offsets(w);
	layout_fix_panes(w);
}

/* The ancestor-or-self of wp's cell whose parent splits in direction type. */
static struct layout_cell *
layout_cell_in_direction(struct pane *wp, enum layout_type type)
{
	struct layout_cell	*lc = wp->layout_cell;

	while (lc->parent != NULL && lc->parent->type != type)
		lc = lc->parent;
	if (lc->parent == NULL)
		return (NULL);
	return (lc);
}

void
layout_resize_pane(struct pane *wp, enum layout_type type, int change,
    int opposite)
{
	struct layout_cell	*lc;

	if (wp->layout_cell == NULL)
		return;
	if ((lc = layout_cell_in_direction(wp, type)) == NULL)
		return;
	/* The last cell has no border after it: move the one before. */
	if (lc == TAILQ_LAST(&lc->parent->cells, layout_cells))
		lc = TAILQ_PREV(lc, layout_cells, entry);
	layout_resize_layout(wp->window, lc, type, change, opposite);
}

void
layout_resize_pane_to(struct pane *wp, enum layout_type type,
    unsigned new_size)
{
	struct layout_cell	*lc;
	int			 size, change;

	if (wp->layout_cell == NULL)
		return;
	if ((lc = layout_cell_in_direction(wp, type)) == NULL)
		return;
	size = type == LAYOUT_LEFTRIGHT ? lc->sx : lc->sy;
	if (lc == TAILQ_LAST(&lc->parent->cells, layout_cells))
		change = size - (int)new_size;
	else
		change = (int)new_size - size;
	layout_resize_pane(wp, type, change, 1);
}

void
layout_assign_pane(struct layout_cell *lc, struct pane *wp)
{
	layout_cell_make_leaf(lc, wp);
}

/*
 * A child's share of its parent's new size, proportional to its old share
 * but leaving at least the minimum for the children after it. The last
 * child takes what is left.
 */
static unsigned
layout_new_pane_size(struct window *w, unsigned previous,
    struct layout_cell *lc, enum layout_type type, unsigned size,
    unsigned count_left, unsigned size_left)
{
	unsigned	new_size, min, max, available, cur;

	if (count_left == 1)
		return (size_left);

	available = layout_resize_check(w, lc, type);
	cur = type == LAYOUT_LEFTRIGHT ? lc->sx : lc->sy;
	min = (PANE_MINIMUM + 1) * (count_left - 1);
	if (cur - available > min)
		min = cur - available;
	new_size = (cur * size) / previous;

	max = size_left - min;
	if (new_size > max)
		new_size = max;
	if (new_size < PANE_MINIMUM)
		new_size = PANE_MINIMUM;
	return (new_size);
}

/* Could lc and its children be made size cells in direction type? */
static int
layout_set_size_check(struct window *w, struct layout_cell *lc,
    enum layout_type type, int size)
{
	struct layout_cell	*child;
	unsigned		 new_size, available, previous, count, idx;

	if (lc->type == LAYOUT_WINDOWPANE)
		return (size >= PANE_MINIMUM);
	available = size;

	count = 0;
	TAILQ_FOREACH(child, &lc->cells, entry)
		count++;

	if (lc->type == type) {
		if (available < (count * 2) - 1)
			return (0);
		previous = type == LAYOUT_LEFTRIGHT ? lc->sx : lc->sy;
		idx = 0;
		TAILQ_FOREACH(child, &lc->cells, entry) {
			new_size = layout_new_pane_size(w, previous, child,
			    type, size, count - idx, available);
			if (idx == count - 1) {
				if (new_size > available)
					return (0);
				available -= new_size;
			} else {
				if (new_size + 1 > available)
					return (0);
				available -= new_size + 1;
			}
			if (!layout_set_size_check(w, child, type, new_size))
				return (0);
			idx++;
		}
	} else {
		TAILQ_FOREACH(child, &lc->cells, entry) {
			if (child->type == LAYOUT_WINDOWPANE)
				continue;
			if (!layout_set_size_check(w, child, type, size))
				return (0);
		}
	}
	return (1);
}

/* Share lc's (new) size out among its children, recursively. */
static void
layout_resize_child_cells(struct window *w, struct layout_cell *lc)
{
	struct layout_cell	*child;
	unsigned		 previous, available, count, idx;

	if (lc->type == LAYOUT_WINDOWPANE)
		return;

	count = 0;
	previous = 0;
	TAILQ_FOREACH(child, &lc->cells, entry) {
		count++;
		if (lc->type == LAYOUT_LEFTRIGHT)
			previous += child->sx;
		else
			previous += child->sy;
	}
	previous += count - 1;

	available = lc->type == LAYOUT_LEFTRIGHT ? lc->sx : lc->sy;

	idx = 0;
	TAILQ_FOREACH(child, &lc->cells, entry) {
		if (lc->type == LAYOUT_TOPBOTTOM) {
			child->sx = lc->sx;
			child->xoff = lc->xoff;
			child->sy = layout_new_pane_size(w, previous, child,
			    lc->type, lc->sy, count - idx, available);
			available -= child->sy + 1;
		} else {
			child->sx = layout_new_pane_size(w, previous, child,
			    lc->type, lc->sx, count - idx, available);
			available -= child->sx + 1;
			child->sy = lc->sy;
		}
		layout_resize_child_cells(w, child);
		idx++;
	}
}

/* A copy of a tree (panes are not pointed at the copy). */
static struct layout_cell *
layout_cell_copy(struct layout_cell *lc, struct layout_cell *parent)
{
	struct layout_cell	*copy, *child, *new;

	copy = layout_cell_create(parent);
	copy->type = lc->type;
	layout_cell_set_size(copy, lc->sx, lc->sy, lc->xoff, lc->yoff);
	copy->wp = lc->wp;
	TAILQ_FOREACH(child, &lc->cells, entry) {
		new = layout_cell_copy(child, copy);
		TAILQ_INSERT_TAIL(&copy->cells, new, entry);
	}
	return (copy);
}

/* Has any size in the tree gone below zero (wrapped)? */
static int
layout_cell_wrapped(struct layout_cell *lc)
{
	struct layout_cell	*child;

	if (lc->sx > INT_MAX || lc->sy > INT_MAX)
		return (1);
	TAILQ_FOREACH(child, &lc->cells, entry) {
		if (layout_cell_wrapped(child))
			return (1);
	}
	return (0);
}

/*
 * Would squeezing lc's children into size (for a full-size split) leave
 * every size at zero or more? tmux 3.3a's proportional resize can ask a
 * cell to be smaller than its children need: a size of 0 it survives (and
 * so do we: it is what tmux shows), a negative one crashes it; that split
 * is refused here as having no space.
 */
static int
layout_resize_children_ok(struct window *w, struct layout_cell *lc,
    enum layout_type type, unsigned size)
{
	struct layout_cell	*copy;
	int			 ok;

	copy = layout_cell_copy(lc, NULL);
	if (type == LAYOUT_LEFTRIGHT)
		copy->sx = size;
	else
		copy->sy = size;
	layout_resize_child_cells(w, copy);
	ok = !layout_cell_wrapped(copy);
	layout_cell_free(copy);
	return (ok);
}

struct layout_cell *
layout_split_pane(struct pane *wp, enum layout_type type, int size, int flags)
{
	struct window		*w = wp->window;
	struct layout_cell	*lc, *parent, *lcnew, *lc1, *lc2;
	unsigned		 sx, sy, xoff, yoff, size1, size2, minimum;
	unsigned		 new_size, saved_size;
	int			 full = (flags & LAYOUT_SPLIT_FULL);
	int			 before = (flags & LAYOUT_SPLIT_BEFORE);
	int			 resize_first = 0;

	lc = full ? w->layout_root : wp->layout_cell;
	if (lc == NULL)
		return (NULL);

	sx = lc->sx;
	sy = lc->sy;
	xoff = lc->xoff;
	yoff = lc->yoff;

	/* Room for two panes and a border? */
	if (type == LAYOUT_LEFTRIGHT) {
		if (sx < PANE_MINIMUM * 2 + 1)
			return (NULL);
	} else if (type == LAYOUT_TOPBOTTOM) {
		minimum = PANE_MINIMUM * 2 + 1;
		if (layout_add_border(w, lc, layout_border_status(w)))
			minimum++;
		if (sy < minimum)
			return (NULL);
	} else
		fatalx("layout: bad split type");

	/* size1 is the top/left cell, size2 the bottom/right. */
	saved_size = type == LAYOUT_LEFTRIGHT ? sx : sy;
	if (size < 0)
		size2 = ((saved_size + 1) / 2) - 1;
	else if (before)
		size2 = saved_size - size - 1;
	else
		size2 = size;
	if (size2 < PANE_MINIMUM)
		size2 = PANE_MINIMUM;
	else if (size2 > saved_size - 2)
		size2 = saved_size - 2;
	size1 = saved_size - 1 - size2;
	new_size = before ? size2 : size1;

	if (full && !layout_set_size_check(w, lc, type, new_size))
		return (NULL);
	if (full && !layout_resize_children_ok(w, lc, type, new_size))
		return (NULL);

	if (lc->parent != NULL && lc->parent->type == type) {
		/* Same direction as the parent: a new sibling. */
		parent = lc->parent;
		lcnew = layout_cell_create(parent);
		if (before)
			TAILQ_INSERT_BEFORE(lc, lcnew, entry);
		else
			TAILQ_INSERT_AFTER(&parent->cells, lc, lcnew, entry);
	} else if (full && lc->parent == NULL && lc->type == type) {
		/*
		 * Full size in the root's own direction: squeeze the root's
		 * children into new_size and add the new cell beside them.
		 */
		if (lc->type == LAYOUT_LEFTRIGHT) {
			lc->sx = new_size;
			layout_resize_child_cells(w, lc);
			lc->sx = saved_size;
		} else {
			lc->sy = new_size;
			layout_resize_child_cells(w, lc);
			lc->sy = saved_size;
		}
		resize_first = 1;

		lcnew = layout_cell_create(lc);
		size = saved_size - 1 - new_size;
		if (lc->type == LAYOUT_LEFTRIGHT)
			layout_cell_set_size(lcnew, size, sy, 0, 0);
		else
			layout_cell_set_size(lcnew, sx, size, 0, 0);
		if (before)
			TAILQ_INSERT_HEAD(&lc->cells, lcnew, entry);
		else
			TAILQ_INSERT_TAIL(&lc->cells, lcnew, entry);
	} else {
		/* Otherwise a new node takes lc's place with lc inside. */
		parent = layout_cell_create(lc->parent);
		layout_cell_make_node(parent, type);
		layout_cell_set_size(parent, sx, sy, xoff, yoff);
		if (lc->parent == NULL)
			w->layout_root = parent;
		else
			layout_cell_replace(lc, parent);
		lc->parent = parent;
		TAILQ_INSERT_HEAD(&parent->cells, lc, entry);

		lcnew = layout_cell_create(parent);
		if (before)
			TAILQ_INSERT_HEAD(&parent->cells, lcnew, entry);
		else
			TAILQ_INSERT_TAIL(&parent->cells, lcnew, entry);
	}
	if (before) {
		lc1 = lcnew;
		lc2 = lc;
	} else {
		lc1 = lc;
		lc2 = lcnew;
	}

	if (!resize_first && type == LAYOUT_LEFTRIGHT) {
		layout_cell_set_size(lc1, size1, sy, xoff, yoff);
		layout_cell_set_size(lc2, size2, sy, xoff + lc1->sx + 1, yoff);
	} else if (!resize_first && type == LAYOUT_TOPBOTTOM) {
		layout_cell_set_size(lc1, sx, size1, xoff, yoff);
		layout_cell_set_size(lc2, sx, size2, xoff, yoff + lc1->sy + 1);
	}
	if (full) {
		if (!resize_first)
			layout_resize_child_cells(w, lc);
		layout_fix_offsets(w);
	} else
		layout_cell_make_leaf(lc, wp);

	return (lcnew);
}

void
layout_close_pane(struct pane *wp)
{
	struct window	*w = wp->window;

	if (wp->layout_cell == NULL)
		return;
	layout_destroy_cell(w, wp->layout_cell, &w->layout_root);
	wp->layout_cell = NULL;
	if (w->layout_root != NULL) {
		layout_fix_offsets(w);
		layout_fix_panes(w);
	}
}

/*
 * Make a node's children the same size (the last takes the remainder).
 * Returns whether anything changed.
 */
int
layout_spread_cell(struct window *w, struct layout_cell *parent)
{
	struct layout_cell	*lc;
	unsigned		 number, each, size, this, target;
	int			 change, changed = 0, status, pass;

	number = 0;
	TAILQ_FOREACH(lc, &parent->cells, entry)
		number++;
	if (number <= 1)
		return (0);
	status = layout_border_status(w);

	if (parent->type == LAYOUT_LEFTRIGHT)
		size = parent->sx;
	else if (parent->type == LAYOUT_TOPBOTTOM) {
		size = parent->sy;
		if (layout_add_border(w, parent, status)) {
			if (size == 0)
				return (0);
			size--;
		}
	} else
		return (0);
	if (size < number - 1)
		return (0);
	each = (size - (number - 1)) / number;
	if (each == 0)
		return (0);

	/*
	 * tmux 3.3a hangs when a child cannot shrink as far as asked (its
	 * own children are already at their minimum); leave such a node
	 * alone instead.
	 */
	for (pass = 0; pass < 2; pass++) {
		target = each;
		TAILQ_FOREACH(lc, &parent->cells, entry) {
			if (TAILQ_NEXT(lc, entry) == NULL)
				target = size - ((each + 1) * (number - 1));
			this = target;
			if (parent->type == LAYOUT_LEFTRIGHT)
				change = (int)this - (int)lc->sx;
			else {
				if (layout_add_border(w, lc, status))
					this++;
				change = (int)this - (int)lc->sy;
			}
			if (pass == 0) {
				if (change < 0 &&
				    lc->type != LAYOUT_WINDOWPANE &&
				    layout_resize_check(w, lc, parent->type) <
				    (unsigned)-change)
					return (0);
				continue;
			}
			layout_resize_adjust(w, lc, parent->type, change);
			if (change != 0)
				changed = 1;
		}
	}
	return (changed);
}

void
layout_spread_out(struct pane *wp)
{
	struct window		*w = wp->window;
	struct layout_cell	*parent;

	if (wp->layout_cell == NULL)
		return;
	for (parent = wp->layout_cell->parent; parent != NULL;
	    parent = parent->parent) {
		if (layout_spread_cell(w, parent)) {
			layout_fix_offsets(w);
			layout_fix_panes(w);
			break;
		}
	}
}
