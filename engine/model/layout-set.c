/*
 * Preset layouts (select-layout NAME, next-layout, previous-layout):
 * each throws the old tree away and builds a new one from the window's
 * panes in order. Sizes follow tmux 3.3a, including main-horizontal's
 * main-pane-height 24 and main-vertical's main-pane-width 80 defaults
 * (also used when the option's value does not fit the window).
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "engine/model/layout.h"
#include "engine/model/layout-int.h"
#include "engine/model/model.h"

static void	layout_set_even_h(struct window *);
static void	layout_set_even_v(struct window *);
static void	layout_set_main_h(struct window *);
static void	layout_set_main_v(struct window *);
static void	layout_set_tiled(struct window *);

static const struct {
	const char	*name;
	void		(*arrange)(struct window *);
} layout_sets[] = {
	{ "even-horizontal", layout_set_even_h },
	{ "even-vertical", layout_set_even_v },
	{ "main-horizontal", layout_set_main_h },
	{ "main-vertical", layout_set_main_v },
	{ "tiled", layout_set_tiled },
};
#define LAYOUT_SETS ((int)(sizeof layout_sets / sizeof layout_sets[0]))

/* An exact name, else an unambiguous prefix; -1 if none. */
int
layout_set_lookup(const char *name)
{
	int	i, matched = -1;

	for (i = 0; i < LAYOUT_SETS; i++) {
		if (strcmp(layout_sets[i].name, name) == 0)
			return (i);
	}
	for (i = 0; i < LAYOUT_SETS; i++) {
		if (strncmp(layout_sets[i].name, name, strlen(name)) == 0) {
			if (matched != -1)
				return (-1);
			matched = i;
		}
	}
	return (matched);
}

static unsigned
layout_set_apply(struct window *w, int layout)
{
	layout_sets[layout].arrange(w);
	w->layout_last = layout;
	return (layout);
}

unsigned
layout_set_select(struct window *w, unsigned layout)
{
	if (layout > (unsigned)LAYOUT_SETS - 1)
		layout = LAYOUT_SETS - 1;
	return (layout_set_apply(w, layout));
}

unsigned
layout_set_next(struct window *w)
{
	int	layout;

	if (w->layout_last == -1)
		layout = 0;
	else {
		layout = w->layout_last + 1;
		if (layout > LAYOUT_SETS - 1)
			layout = 0;
	}
	return (layout_set_apply(w, layout));
}

unsigned
layout_set_previous(struct window *w)
{
	int	layout;

	if (w->layout_last == -1)
		layout = LAYOUT_SETS - 1;
	else if (w->layout_last == 0)
		layout = LAYOUT_SETS - 1;
	else
		layout = w->layout_last - 1;
	return (layout_set_apply(w, layout));
}

/*
 * A size option: a number in 0..max, or a percentage of max. Returns -1
 * when it is missing or does not fit (tmux then uses its default).
 */
static long long
layout_set_size_option(struct window *w, const char *name, unsigned max)
{
	const char	*s;
	char		*copy, *end;
	size_t		 len;
	long long	 ll;

	s = layout_get_option(w, name);
	if (s == NULL || (len = strlen(s)) == 0)
		return (-1);
	copy = xstrdup(s);
	if (copy[len - 1] == '%') {
		copy[len - 1] = '\0';
		errno = 0;
		ll = strtoll(copy, &end, 10);
		if (end == copy || *end != '\0' || errno != 0 || ll < 0 ||
		    ll > 100)
			ll = -1;
		else
			ll = ((long long)max * ll) / 100;
	} else {
		errno = 0;
		ll = strtoll(copy, &end, 10);
		if (end == copy || *end != '\0' || errno != 0)
			ll = -1;
	}
	xfree(copy);
	if (ll < 0 || ll > (long long)max)
		return (-1);
	return (ll);
}

/* The window takes the size of its new layout (as tmux's presets do). */
static void
layout_set_finish(struct window *w)
{
	layout_fix_offsets(w);
	layout_fix_panes(w);
	w->sx = w->layout_root->sx;
	w->sy = w->layout_root->sy;
}

static void
layout_set_even(struct window *w, enum layout_type type)
{
	struct pane		*wp;
	struct layout_cell	*lc, *lcnew;
	unsigned		 n, sx, sy;

	n = window_pane_count(w);
	if (n <= 1)
		return;

	layout_free(w);
	lc = w->layout_root = layout_cell_create(NULL);
	sx = w->sx;
	sy = w->sy;
	if (type == LAYOUT_LEFTRIGHT) {
		if (sx < n * (PANE_MINIMUM + 1) - 1)
			sx = n * (PANE_MINIMUM + 1) - 1;
	} else {
		if (sy < n * (PANE_MINIMUM + 1) - 1)
			sy = n * (PANE_MINIMUM + 1) - 1;
	}
	layout_cell_set_size(lc, sx, sy, 0, 0);
	layout_cell_make_node(lc, type);

	TAILQ_FOREACH(wp, &w->panes, entry) {
		lcnew = layout_cell_create(lc);
		layout_cell_make_leaf(lcnew, wp);
		lcnew->sx = w->sx;
		lcnew->sy = w->sy;
		TAILQ_INSERT_TAIL(&lc->cells, lcnew, entry);
	}
	layout_spread_cell(w, lc);
	layout_set_finish(w);
}

static void
layout_set_even_h(struct window *w)
{
	layout_set_even(w, LAYOUT_LEFTRIGHT);
}

static void
layout_set_even_v(struct window *w)
{
	layout_set_even(w, LAYOUT_TOPBOTTOM);
}

/*
 * Main and other sizes along the main direction, from the options (avail
 * is the window's size less the border).
 */
static void
layout_set_main_sizes(struct window *w, unsigned avail, const char *mainopt,
    unsigned maindefault, const char *otheropt, unsigned *mainp,
    unsigned *otherp)
{
	long long	ll;
	unsigned	mainsz, othersz;

	if ((ll = layout_set_size_option(w, mainopt, avail)) < 0)
		mainsz = maindefault;
	else
		mainsz = ll;

	if (mainsz + PANE_MINIMUM >= avail) {
		if (avail <= PANE_MINIMUM + PANE_MINIMUM)
			mainsz = PANE_MINIMUM;
		else
			mainsz = avail - PANE_MINIMUM;
		othersz = PANE_MINIMUM;
	} else {
		ll = layout_set_size_option(w, otheropt, avail);
		if (ll <= 0)
			othersz = avail - mainsz;
		else if ((unsigned)ll > avail || avail - ll < mainsz)
			othersz = avail - mainsz;
		else {
			othersz = ll;
			mainsz = avail - othersz;
		}
	}
	*mainp = mainsz;
	*otherp = othersz;
}

/*
 * The first pane across the top (or down the left), the others sharing
 * the rest side by side (or one above the other).
 */
static void
layout_set_main(struct window *w, enum layout_type type)
{
	struct pane		*wp, *first;
	struct layout_cell	*lc, *lcmain, *lcother, *lcchild;
	enum layout_type	 othertype;
	unsigned		 n, mainsz, othersz, across;

	n = window_pane_count(w);
	if (n <= 1)
		return;
	n--;
	first = TAILQ_FIRST(&w->panes);

	if (type == LAYOUT_TOPBOTTOM) {
		layout_set_main_sizes(w, w->sy - 1, "main-pane-height", 24,
		    "other-pane-height", &mainsz, &othersz);
		across = w->sx;
		othertype = LAYOUT_LEFTRIGHT;
	} else {
		layout_set_main_sizes(w, w->sx - 1, "main-pane-width", 80,
		    "other-pane-width", &mainsz, &othersz);
		across = w->sy;
		othertype = LAYOUT_TOPBOTTOM;
	}
	if (across < n * (PANE_MINIMUM + 1) - 1)
		across = n * (PANE_MINIMUM + 1) - 1;

	layout_free(w);
	lc = w->layout_root = layout_cell_create(NULL);
	lcmain = layout_cell_create(lc);
	lcother = layout_cell_create(lc);
	if (type == LAYOUT_TOPBOTTOM) {
		layout_cell_set_size(lc, across, mainsz + othersz + 1, 0, 0);
		layout_cell_set_size(lcmain, across, mainsz, 0, 0);
		layout_cell_set_size(lcother, across, othersz, 0, 0);
	} else {
		layout_cell_set_size(lc, mainsz + othersz + 1, across, 0, 0);
		layout_cell_set_size(lcmain, mainsz, across, 0, 0);
		layout_cell_set_size(lcother, othersz, across, 0, 0);
	}
	layout_cell_make_node(lc, type);
	layout_cell_make_leaf(lcmain, first);
	TAILQ_INSERT_TAIL(&lc->cells, lcmain, entry);

	if (n == 1) {
		layout_cell_make_leaf(lcother, TAILQ_NEXT(first, entry));
		TAILQ_INSERT_TAIL(&lc->cells, lcother, entry);
	} else {
		layout_cell_make_node(lcother, othertype);
		TAILQ_INSERT_TAIL(&lc->cells, lcother, entry);
		for (wp = TAILQ_NEXT(first, entry); wp != NULL;
		    wp = TAILQ_NEXT(wp, entry)) {
			lcchild = layout_cell_create(lcother);
			if (type == LAYOUT_TOPBOTTOM) {
				layout_cell_set_size(lcchild, PANE_MINIMUM,
				    othersz, 0, 0);
			} else {
				layout_cell_set_size(lcchild, othersz,
				    PANE_MINIMUM, 0, 0);
			}
			layout_cell_make_leaf(lcchild, wp);
			TAILQ_INSERT_TAIL(&lcother->cells, lcchild, entry);
		}
		layout_spread_cell(w, lcother);
	}
	layout_set_finish(w);
}

static void
layout_set_main_h(struct window *w)
{
	layout_set_main(w, LAYOUT_TOPBOTTOM);
}

static void
layout_set_main_v(struct window *w)
{
	layout_set_main(w, LAYOUT_LEFTRIGHT);
}

/* Rows of columns, as square as possible; the last row may be short. */
static void
layout_set_tiled(struct window *w)
{
	struct pane		*wp;
	struct layout_cell	*lc, *lcrow, *lcchild;
	unsigned		 n, width, height, used, sx, sy;
	unsigned		 i, j, columns, rows;

	n = window_pane_count(w);
	if (n <= 1)
		return;

	rows = columns = 1;
	while (rows * columns < n) {
		rows++;
		if (rows * columns < n)
			columns++;
	}

	width = (w->sx - (columns - 1)) / columns;
	if (width < PANE_MINIMUM)
		width = PANE_MINIMUM;
	height = (w->sy - (rows - 1)) / rows;
	if (height < PANE_MINIMUM)
		height = PANE_MINIMUM;

	layout_free(w);
	lc = w->layout_root = layout_cell_create(NULL);
	sx = ((width + 1) * columns) - 1;
	if (sx < w->sx)
		sx = w->sx;
	sy = ((height + 1) * rows) - 1;
	if (sy < w->sy)
		sy = w->sy;
	layout_cell_set_size(lc, sx, sy, 0, 0);
	layout_cell_make_node(lc, LAYOUT_TOPBOTTOM);

	wp = TAILQ_FIRST(&w->panes);
	for (j = 0; j < rows && wp != NULL; j++) {
		lcrow = layout_cell_create(lc);
		layout_cell_set_size(lcrow, w->sx, height, 0, 0);
		TAILQ_INSERT_TAIL(&lc->cells, lcrow, entry);

		/* A row of one pane is that pane's cell. */
		if (n - (j * columns) == 1 || columns == 1) {
			layout_cell_make_leaf(lcrow, wp);
			wp = TAILQ_NEXT(wp, entry);
			continue;
		}

		layout_cell_make_node(lcrow, LAYOUT_LEFTRIGHT);
		for (i = 0; i < columns; i++) {
			lcchild = layout_cell_create(lcrow);
			layout_cell_set_size(lcchild, width, height, 0, 0);
			layout_cell_make_leaf(lcchild, wp);
			TAILQ_INSERT_TAIL(&lcrow->cells, lcchild, entry);
			if ((wp = TAILQ_NEXT(wp, entry)) == NULL)
				break;
		}

		/* The last column takes what is left of the width. */
		if (i == columns)
			i--;
		used = ((i + 1) * (width + 1)) - 1;
		if (w->sx <= used)
			continue;
		lcchild = TAILQ_LAST(&lcrow->cells, layout_cells);
		layout_resize_adjust(w, lcchild, LAYOUT_LEFTRIGHT,
		    w->sx - used);
	}

	/* And the last row what is left of the height. */
	used = (rows * height) + rows - 1;
	if (w->sy > used) {
		lcrow = TAILQ_LAST(&lc->cells, layout_cells);
		layout_resize_adjust(w, lcrow, LAYOUT_TOPBOTTOM,
		    w->sy - used);
	}
	layout_set_finish(w);
}
