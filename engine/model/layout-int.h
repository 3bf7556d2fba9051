/*
 * Helpers shared by the layout engine's files (layout.c, layout-set.c,
 * layout-custom.c); not for the rest of the program.
 */
#ifndef ZEROPTY_LAYOUT_INT_H
#define ZEROPTY_LAYOUT_INT_H

#include "engine/model/layout.h"

/* The smallest a pane may be in either direction (tmux 3.3a: 1). */
#define PANE_MINIMUM		1

#define LAYOUT_STATUS_OFF	0
#define LAYOUT_STATUS_TOP	1
#define LAYOUT_STATUS_BOTTOM	2

const char	*layout_get_option(struct window *, const char *);

struct layout_cell *layout_cell_create(struct layout_cell *);
void		 layout_cell_free(struct layout_cell *);
void		 layout_cell_set_size(struct layout_cell *, unsigned, unsigned,
		    unsigned, unsigned);
void		 layout_cell_make_leaf(struct layout_cell *, struct pane *);
void		 layout_cell_make_node(struct layout_cell *, enum layout_type);
unsigned	 layout_cell_count(struct layout_cell *);
void		 layout_fix_offsets(struct window *);
void		 layout_resize_adjust(struct window *, struct layout_cell *,
		    enum layout_type, int);
void		 layout_destroy_cell(struct window *, struct layout_cell *,
		    struct layout_cell **);
int		 layout_spread_cell(struct window *, struct layout_cell *);

#endif
