/*
 * Layout strings (#{window_layout}, select-layout "csum,..."):
 *
 *	layout	= csum "," cell
 *	cell	= W "x" H "," X "," Y ( "," ID | "{" cells "}" | "[" cells "]" )
 *	cells	= cell ( "," cell )*
 *
 * "{}" is a left-right split, "[]" top-bottom. csum is four hex digits:
 * a 16-bit rotate-right-and-add over the text after the comma. Parsing is
 * as lenient and as strict as tmux 3.3a's: pane ids and offsets are read
 * but not used (panes go into the cells in window order, offsets are
 * recomputed), and surplus cells are closed from the bottom right.
 */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/buf.h"
#include "engine/base/xmalloc.h"
#include "engine/model/layout.h"
#include "engine/model/layout-int.h"
#include "engine/model/model.h"

static unsigned
layout_custom_checksum(const char *layout)
{
	unsigned	csum = 0;

	for (; *layout != '\0'; layout++) {
		csum = ((csum >> 1) + ((csum & 1) << 15)) & 0xffff;
		csum = (csum + (unsigned char)*layout) & 0xffff;
	}
	return (csum);
}

/* "SXxSY,XOFF,YOFF" by hand: window_layout is in every libtmux list. */
static void
layout_custom_append_geometry(struct buf *b, struct layout_cell *lc)
{
	buf_add_uint(b, lc->sx);
	buf_add_byte(b, 'x');
	buf_add_uint(b, lc->sy);
	buf_add_byte(b, ',');
	buf_add_uint(b, lc->xoff);
	buf_add_byte(b, ',');
	buf_add_uint(b, lc->yoff);
}

static void
layout_custom_append(struct buf *b, struct layout_cell *lc)
{
	struct layout_cell	*child;

	layout_custom_append_geometry(b, lc);
	if (lc->type == LAYOUT_WINDOWPANE && lc->wp != NULL) {
		buf_add_byte(b, ',');
		buf_add_uint(b, lc->wp->id);
		return;
	}
	if (lc->type == LAYOUT_WINDOWPANE)
		return;
	buf_add_byte(b, lc->type == LAYOUT_LEFTRIGHT ? '{' : '[');
	TAILQ_FOREACH(child, &lc->cells, entry) {
		if (child != TAILQ_FIRST(&lc->cells))
			buf_add_byte(b, ',');
		layout_custom_append(b, child);
	}
	buf_add_byte(b, lc->type == LAYOUT_LEFTRIGHT ? '}' : ']');
}

char *
layout_custom_dump(struct window *w)
{
	return (layout_custom_dump_cell(w->layout_root));
}

char *
layout_custom_dump_cell(struct layout_cell *root)
{
	struct buf	 b;
	char		*body, *out;

	if (root == NULL)
		return (NULL);
	buf_init(&b);
	layout_custom_append(&b, root);
	body = buf_take(&b, NULL);
	xasprintf(&out, "%04x,%s", layout_custom_checksum(body), body);
	xfree(body);
	return (out);
}

/* Children fill their parent exactly, borders included. */
static int
layout_custom_check(struct layout_cell *lc)
{
	struct layout_cell	*child;
	unsigned		 n = 0;

	switch (lc->type) {
	case LAYOUT_WINDOWPANE:
		break;
	case LAYOUT_LEFTRIGHT:
		TAILQ_FOREACH(child, &lc->cells, entry) {
			if (child->sy != lc->sy || !layout_custom_check(child))
				return (0);
			n += child->sx + 1;
		}
		if (n - 1 != lc->sx)
			return (0);
		break;
	case LAYOUT_TOPBOTTOM:
		TAILQ_FOREACH(child, &lc->cells, entry) {
			if (child->sx != lc->sx || !layout_custom_check(child))
				return (0);
			n += child->sy + 1;
		}
		if (n - 1 != lc->sy)
			return (0);
		break;
	}
	return (1);
}

/* A run of decimal digits as sscanf's %u reads it. */
static int
layout_custom_number(const char **s, unsigned *out)
{
	unsigned long	v = 0;
	int		overflow = 0;

	if (!isdigit((unsigned char)**s))
		return (0);
	for (; isdigit((unsigned char)**s); (*s)++) {
		if (v > (ULONG_MAX - 9) / 10)
			overflow = 1;
		else
			v = v * 10 + (**s - '0');
	}
	*out = overflow ? UINT_MAX : (unsigned)v;
	return (1);
}

/* Read one cell (and its children) from *s. */
static struct layout_cell *
layout_custom_construct(struct layout_cell *parent, const char **s)
{
	struct layout_cell	*lc, *child;
	unsigned		 sx, sy, xoff, yoff;
	const char		*saved;
	char			 close;

	if (!layout_custom_number(s, &sx) || *(*s)++ != 'x')
		return (NULL);
	if (!layout_custom_number(s, &sy) || *(*s)++ != ',')
		return (NULL);
	if (!layout_custom_number(s, &xoff) || *(*s)++ != ',')
		return (NULL);
	if (!layout_custom_number(s, &yoff))
		return (NULL);
	if (**s == ',') {
		/* A pane id, unless this comma starts the next cell. */
		saved = *s;
		(*s)++;
		while (isdigit((unsigned char)**s))
			(*s)++;
		if (**s == 'x')
			*s = saved;
	}
	lc = layout_cell_create(parent);
	lc->sx = sx;
	lc->sy = sy;
	lc->xoff = xoff;
	lc->yoff = yoff;

	switch (**s) {
	case ',':
	case '}':
	case ']':
	case '\0':
		return (lc);
	case '{':
		lc->type = LAYOUT_LEFTRIGHT;
		close = '}';
		break;
	case '[':
		lc->type = LAYOUT_TOPBOTTOM;
		close = ']';
		break;
	default:
		goto fail;
	}

	do {
		(*s)++;
		child = layout_custom_construct(lc, s);
		if (child == NULL)
			goto fail;
		TAILQ_INSERT_TAIL(&lc->cells, child, entry);
	} while (**s == ',');
	if (**s != close)
		goto fail;
	(*s)++;
	return (lc);

fail:
	layout_cell_free(lc);
	return (NULL);
}

static struct layout_cell *
layout_custom_find_bottomright(struct layout_cell *lc)
{
	while (lc->type != LAYOUT_WINDOWPANE)
		lc = TAILQ_LAST(&lc->cells, layout_cells);
	return (lc);
}

/* Put the window's panes into the leaves, in order. */
static void
layout_custom_assign(struct pane **wp, struct layout_cell *lc)
{
	struct layout_cell	*child;

	if (lc->type == LAYOUT_WINDOWPANE) {
		layout_cell_make_leaf(lc, *wp);
		*wp = TAILQ_NEXT(*wp, entry);
		return;
	}
	TAILQ_FOREACH(child, &lc->cells, entry)
		layout_custom_assign(wp, child);
}

/* The checksum prefix: sscanf "%hx," then skip five characters. */
static int
layout_custom_parse_checksum(const char **layout)
{
	char		*end;
	unsigned long	 v;

	v = strtoul(*layout, &end, 16);
	if (end == *layout || strlen(*layout) < 5)
		return (-1);
	*layout += 5;
	return ((int)(v & 0xffff));
}

int
layout_custom_parse(struct window *w, const char *layout, char **cause)
{
	struct layout_cell	*lc, *child;
	struct pane		*wp;
	unsigned		 npanes, ncells, sx = 0, sy = 0;
	int			 csum;

	if ((csum = layout_custom_parse_checksum(&layout)) == -1 ||
	    (unsigned)csum != layout_custom_checksum(layout)) {
		*cause = xstrdup("invalid layout");
		return (-1);
	}

	lc = layout_custom_construct(NULL, &layout);
	if (lc == NULL) {
		*cause = xstrdup("invalid layout");
		return (-1);
	}
	if (*layout != '\0') {
		*cause = xstrdup("invalid layout");
		goto fail;
	}

	/* Close cells from the bottom right until the panes fit. */
	npanes = window_pane_count(w);
	if (npanes == 0) {
		*cause = xstrdup("invalid layout");
		goto fail;
	}
	for (;;) {
		ncells = layout_cell_count(lc);
		if (npanes > ncells) {
			xasprintf(cause, "have %u panes but need %u", npanes,
			    ncells);
			goto fail;
		}
		if (npanes == ncells)
			break;
		child = layout_custom_find_bottomright(lc);
		layout_destroy_cell(w, child, &lc);
	}

	/* A top cell bigger than its children is corrected (old tmux). */
	switch (lc->type) {
	case LAYOUT_WINDOWPANE:
		break;
	case LAYOUT_LEFTRIGHT:
		TAILQ_FOREACH(child, &lc->cells, entry) {
			sy = child->sy + 1;
			sx += child->sx + 1;
		}
		break;
	case LAYOUT_TOPBOTTOM:
		TAILQ_FOREACH(child, &lc->cells, entry) {
			sx = child->sx + 1;
			sy += child->sy + 1;
		}
		break;
	}
	if (lc->type != LAYOUT_WINDOWPANE && (lc->sx != sx || lc->sy != sy)) {
		lc->sx = sx - 1;
		lc->sy = sy - 1;
	}

	if (!layout_custom_check(lc)) {
		*cause = xstrdup("size mismatch after applying layout");
		goto fail;
	}

	/* The window takes the layout's size. */
	w->sx = lc->sx;
	w->sy = lc->sy;

	layout_cell_free(w->layout_root);
	w->layout_root = lc;
	wp = TAILQ_FIRST(&w->panes);
	layout_custom_assign(&wp, lc);

	layout_fix_offsets(w);
	layout_fix_panes(w);
	return (0);

fail:
	layout_cell_free(lc);
	return (-1);
}
