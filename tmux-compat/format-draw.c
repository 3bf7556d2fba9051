/*
 * A line of an expanded format drawn as tmux 3.3a's format_draw draws it
 * (status lines, pane-border-format): the text goes into sections by its
 * #[align=...] and #[list=...] (left, centre, right, absolute-centre, the
 * list, the list's < and > markers, what follows the list); the sections
 * are trimmed to the width and placed by where the list is; #[fill=]
 * paints the line first; #[push-default]/#[pop-default] change what
 * "default" means; #[range=...] become ranges a mouse click is matched
 * against, moved and cut with the text they cover.
 */
#include <string.h>

#include "engine/base/xmalloc.h"
#include "engine/term/utf8.h"
#include "tmux-compat/format.h"
#include "tmux-compat/style.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"
#include "tmux-compat/tty-draw-int.h"

enum {
	FD_LEFT,
	FD_CENTRE,
	FD_RIGHT,
	FD_ABSOLUTE_CENTRE,
	FD_LIST,
	FD_LIST_LEFT,
	FD_LIST_RIGHT,
	FD_AFTER,
	FD_TOTAL
};

struct fd_section {
	struct vt_rcell	*cells;
	unsigned	 cx;		/* cells written */
};

/* A range while drawing: which section, and where in it. */
struct fd_range {
	struct tty_range r;	/* x0, x1 in the section until placed */
	int		 section;
	int		 placed;
	int		 dropped;
};

struct fd_ctx {
	struct vt_rcell		*row;
	unsigned		 avail;
	struct fd_section	 s[FD_TOTAL];
	struct fd_range		*ranges;
	unsigned		 nranges;
};

static void
fd_put_cell(struct fd_section *sec, const struct tty_style *st,
    const char *data, size_t n, unsigned width)
{
	struct vt_rcell	*rc = &sec->cells[sec->cx];

	draw_blank(rc, st);
	memcpy(rc->data, data, n);
	rc->data[n] = '\0';
	rc->width = (uint8_t)width;
	if (width == 2) {
		draw_blank(&sec->cells[sec->cx + 1], st);
		sec->cells[sec->cx + 1].width = 0;
		sec->cells[sec->cx + 1].data[0] = '\0';
	}
	sec->cx += width;
}

static void
fd_put_many(struct fd_section *sec, const struct tty_style *st, char ch,
    unsigned n)
{
	while (n-- > 0)
		fd_put_cell(sec, st, &ch, 1, 1);
}

/* A zero-width character joins the cell before it, as tmux combines it. */
static void
fd_combine(struct fd_section *sec, const char *data, size_t n)
{
	struct vt_rcell	*rc;
	size_t		 len;

	if (sec->cx == 0)
		return;
	rc = &sec->cells[sec->cx - 1];
	if (rc->width == 0 && sec->cx >= 2)
		rc--;		/* the second half of a wide character */
	len = strlen(rc->data);
	if (len + n < sizeof rc->data) {
		memcpy(rc->data + len, data, n);
		rc->data[len + n] = '\0';
	}
}

/*
 * Copy width cells of section sec from start to x of the line
 * (format_draw_put), and move the section's ranges there, cutting or
 * dropping those not shown.
 */
static void
fd_put(struct fd_ctx *ctx, int sec, unsigned x, unsigned start,
    unsigned width)
{
	struct fd_section	*s = &ctx->s[sec];
	struct fd_range		*fr;
	unsigned		 i;

	for (i = 0; i < width && x + i < ctx->avail; i++)
		ctx->row[x + i] = s->cells[start + i];
	for (i = 0; i < ctx->nranges; i++) {
		fr = &ctx->ranges[i];
		if (fr->section != sec || fr->placed || fr->dropped)
			continue;
		if (fr->r.x1 <= start || fr->r.x0 >= start + width) {
			fr->dropped = 1;
			continue;
		}
		if (fr->r.x0 < start)
			fr->r.x0 = start;
		if (fr->r.x1 > start + width)
			fr->r.x1 = start + width;
		/*
		 * tmux keeps a range ended in another section than it began
		 * in with its end before its start: no click is ever in it.
		 */
		if (fr->r.x0 >= fr->r.x1) {
			fr->dropped = 1;
			continue;
		}
		fr->r.x0 = fr->r.x0 - start + x;
		fr->r.x1 = fr->r.x1 - start + x;
		/* Placed off the line's left (x wrapped): no click reaches it. */
		if (fr->r.x1 > ctx->avail)
			fr->r.x1 = ctx->avail;
		if (fr->r.x0 >= fr->r.x1) {
			fr->dropped = 1;
			continue;
		}
		fr->placed = 1;
	}
}

/*
 * The list in width cells at x: all of it, or the part around the focus
 * with the markers where some is cut off (format_draw_put_list).
 */
static void
fd_put_list(struct fd_ctx *ctx, unsigned x, unsigned width, int focus_start,
    int focus_end)
{
	struct fd_section	*list = &ctx->s[FD_LIST];
	struct fd_section	*ll = &ctx->s[FD_LIST_LEFT];
	struct fd_section	*lr = &ctx->s[FD_LIST_RIGHT];
	unsigned		 start, centre;

	if (width >= list->cx) {
		fd_put(ctx, FD_LIST, x, 0, width);
		return;
	}
	centre = (unsigned)focus_start + (unsigned)(focus_end - focus_start) / 2;
	start = centre < width / 2 ? 0 : centre - width / 2;
	if (start + width > list->cx)
		start = list->cx - width;
	if (start != 0 && width > ll->cx) {
		fd_put(ctx, FD_LIST_LEFT, x, 0, ll->cx);
		x += ll->cx;
		start += ll->cx;
		width -= ll->cx;
	}
	if (start + width < list->cx && width > lr->cx) {
		fd_put(ctx, FD_LIST_RIGHT, x + width - lr->cx, 0, lr->cx);
		width -= lr->cx;
	}
	fd_put(ctx, FD_LIST, x, start, width);
}

/*
 * Trim widths, in the order given, one cell at a time from the first not
 * yet empty (the last takes what is left), until their sum fits avail:
 * tmux's order of giving up parts of a line.
 */
static void
fd_trim(unsigned avail, unsigned **order, unsigned n)
{
	unsigned	i, sum = 0;

	for (i = 0; i < n; i++)
		sum += *order[i];
	while (sum > avail) {
		for (i = 0; i < n - 1 && *order[i] == 0; i++)
			/* nothing */;
		(*order[i])--;
		sum--;
	}
}

/* Write abs_centre in the centre of the whole width. */
static void
fd_put_abs_centre(struct fd_ctx *ctx)
{
	unsigned	w = ctx->s[FD_ABSOLUTE_CENTRE].cx;

	if (w > ctx->avail)
		w = ctx->avail;
	fd_put(ctx, FD_ABSOLUTE_CENTRE, (ctx->avail - w) / 2, 0, w);
}

/* No list: left, right, then the centre between them (format_draw_none). */
static void
fd_draw_none(struct fd_ctx *ctx)
{
	unsigned	wl = ctx->s[FD_LEFT].cx, wc = ctx->s[FD_CENTRE].cx;
	unsigned	wr = ctx->s[FD_RIGHT].cx, avail = ctx->avail;
	unsigned	*order[] = { &wc, &wr, &wl };

	fd_trim(avail, order, 3);
	fd_put(ctx, FD_LEFT, 0, 0, wl);
	fd_put(ctx, FD_RIGHT, avail - wr, ctx->s[FD_RIGHT].cx - wr, wr);
	fd_put(ctx, FD_CENTRE, wl + ((avail - wr) - wl) / 2 - wc / 2,
	    ctx->s[FD_CENTRE].cx / 2 - wc / 2, wc);
	fd_put_abs_centre(ctx);
}

/*
 * The list aligned left, centre or right: trimmed in tmux's order (the
 * centre first for left and right lists, the list first for a centred
 * one), then placed; with no list left it is drawn as no list.
 */
static void
fd_draw_list(struct fd_ctx *ctx, enum style_align align, int focus_start,
    int focus_end)
{
	unsigned	 wl = ctx->s[FD_LEFT].cx, wc = ctx->s[FD_CENTRE].cx;
	unsigned	 wr = ctx->s[FD_RIGHT].cx, wlist = ctx->s[FD_LIST].cx;
	unsigned	 wa = ctx->s[FD_AFTER].cx, avail = ctx->avail, middle;
	unsigned	*centred[] = { &wlist, &wa, &wc, &wr, &wl };
	unsigned	*aside[] = { &wc, &wlist, &wr, &wa, &wl };

	fd_trim(avail, align == STYLE_ALIGN_CENTRE ? centred : aside, 5);
	if (wlist == 0) {
		/*
		 * tmux copies what follows the list into the section the list
		 * was aligned with but past its width: it is not drawn.
		 */
		fd_draw_none(ctx);
		return;
	}
	fd_put(ctx, FD_LEFT, 0, 0, wl);
	switch (align) {
	case STYLE_ALIGN_LEFT:
		fd_put(ctx, FD_RIGHT, avail - wr, ctx->s[FD_RIGHT].cx - wr, wr);
		fd_put(ctx, FD_AFTER, wl + wlist, 0, wa);
		fd_put(ctx, FD_CENTRE, (wl + wlist + wa) +
		    ((avail - wr) - (wl + wlist + wa)) / 2 - wc / 2,
		    ctx->s[FD_CENTRE].cx / 2 - wc / 2, wc);
		if (focus_start == -1 || focus_end == -1)
			focus_start = focus_end = 0;
		fd_put_list(ctx, wl, wlist, focus_start, focus_end);
		break;
	case STYLE_ALIGN_CENTRE:
		fd_put(ctx, FD_RIGHT, avail - wr, ctx->s[FD_RIGHT].cx - wr, wr);
		middle = wl + ((avail - wr) - wl) / 2;
		fd_put(ctx, FD_CENTRE, middle - wlist / 2 - wc, 0, wc);
		fd_put(ctx, FD_AFTER, middle - wlist / 2 + wlist, 0, wa);
		if (focus_start == -1 || focus_end == -1)
			focus_start = focus_end = (int)(ctx->s[FD_LIST].cx / 2);
		fd_put_list(ctx, middle - wlist / 2, wlist, focus_start,
		    focus_end);
		break;
	default:
		fd_put(ctx, FD_AFTER, avail - wa, ctx->s[FD_AFTER].cx - wa, wa);
		fd_put(ctx, FD_RIGHT, avail - wr - wlist - wa, 0, wr);
		fd_put(ctx, FD_CENTRE, wl + ((avail - wr - wlist - wa) - wl) / 2 -
		    wc / 2, ctx->s[FD_CENTRE].cx / 2 - wc / 2, wc);
		if (focus_start == -1 || focus_end == -1)
			focus_start = focus_end = 0;
		fd_put_list(ctx, avail - wlist - wa, wlist, focus_start,
		    focus_end);
		break;
	}
	fd_put_abs_centre(ctx);
}

/*
 * The list in the centre of the whole width, with absolute-centre text
 * before it and what follows it after (format_draw_absolute_centre).
 */
static void
fd_draw_absolute_centre(struct fd_ctx *ctx, int focus_start, int focus_end)
{
	unsigned	wl = ctx->s[FD_LEFT].cx, wc = ctx->s[FD_CENTRE].cx;
	unsigned	wr = ctx->s[FD_RIGHT].cx, wlist = ctx->s[FD_LIST].cx;
	unsigned	wa = ctx->s[FD_AFTER].cx;
	unsigned	wabs = ctx->s[FD_ABSOLUTE_CENTRE].cx, avail = ctx->avail;
	unsigned	middle, x;
	unsigned	*sides[] = { &wc, &wr, &wl };
	unsigned	*over[] = { &wlist, &wa, &wabs };

	/* The list, after it and abs_centre are drawn over the rest. */
	fd_trim(avail, sides, 3);
	fd_trim(avail, over, 3);
	fd_put(ctx, FD_LEFT, 0, 0, wl);
	fd_put(ctx, FD_RIGHT, avail - wr, ctx->s[FD_RIGHT].cx - wr, wr);
	middle = wl + ((avail - wr) - wl) / 2;
	fd_put(ctx, FD_CENTRE, middle - wc, 0, wc);
	if (focus_start == -1 || focus_end == -1)
		focus_start = focus_end = (int)(ctx->s[FD_LIST].cx / 2);
	x = (avail - wlist - wabs) / 2;
	fd_put(ctx, FD_ABSOLUTE_CENTRE, x, 0, wabs);
	x += wabs;
	fd_put_list(ctx, x, wlist, focus_start, focus_end);
	x += wlist;
	fd_put(ctx, FD_AFTER, x, 0, wa);
}

/* Does the open range still match this style (format_is_type)? */
static int
fd_same_range(const struct fd_range *fr, const struct style *sy)
{
	if ((int)sy->range_type != fr->r.type)
		return (0);
	if (sy->range_type == STYLE_RANGE_WINDOW)
		return (fr->r.argument == sy->range_argument);
	return (1);
}

static void
fd_free(struct fd_ctx *ctx)
{
	unsigned	i;

	for (i = 0; i < FD_TOTAL; i++)
		xfree(ctx->s[i].cells);
	xfree(ctx->ranges);
}

void
format_draw(struct vt_rcell *row, unsigned avail, const char *expanded,
    const struct tty_style *line_base, struct tty_range **ranges,
    unsigned *nranges, unsigned line)
{
	struct fd_ctx		 ctx;
	struct fd_range		 open;
	struct style		 sy, saved;
	struct tty_style	 base = *line_base, current_default = base;
	struct tty_style	 fillst = { 0, 8, 8 };
	const unsigned char	*cp = (const unsigned char *)expanded;
	const char		*end;
	char			*tmp;
	int			 map[5] = { FD_LEFT, FD_LEFT, FD_CENTRE,
				    FD_RIGHT, FD_ABSOLUTE_CENTRE };
	int			 current = FD_LEFT, have_open = 0, cw;
	int			 focus_start = -1, focus_end = -1;
	int			 list_state = -1, fill = -1;
	enum style_align	 list_align = STYLE_ALIGN_DEFAULT;
	size_t			 size = strlen(expanded) + 2, n;
	unsigned		 i, w;

	memset(&ctx, 0, sizeof ctx);
	ctx.row = row;
	ctx.avail = avail;
	for (i = 0; i < FD_TOTAL; i++) {
		/* No character is wider than its bytes. */
		ctx.s[i].cells = xcalloc(size, sizeof *ctx.s[i].cells);
	}
	style_set(&sy, &current_default);

	while (*cp != '\0') {
		/* Runs of #: ## is one #, #[ after an odd run a style. */
		if (cp[0] == '#' && cp[1] != '[' && cp[1] != '\0') {
			for (n = 1; cp[n] == '#'; n++)
				/* nothing */;
			if (cp[n] != '[') {
				cp += n;
				w = (unsigned)(n % 2 == 0 ? n / 2 : n / 2 + 1);
				fd_put_many(&ctx.s[current], &sy.gc, '#', w);
				continue;
			}
			cp += n % 2 == 0 ? n + 1 : n - 1;
			if (sy.ignore)
				continue;
			fd_put_many(&ctx.s[current], &sy.gc, '#',
			    (unsigned)(n / 2));
			if (n % 2 == 0)
				fd_put_cell(&ctx.s[current], &sy.gc, "[", 1, 1);
			continue;
		}
		if (cp[0] != '#' || cp[1] != '[' || sy.ignore) {
			cw = draw_char(cp, &n);
			if (cw > 0)
				fd_put_cell(&ctx.s[current], &sy.gc,
				    (const char *)cp, n, (unsigned)cw);
			else if (cw == 0)
				fd_combine(&ctx.s[current], (const char *)cp, n);
			cp += n;
			continue;
		}

		/* A style: parse it on top of the one in effect. */
		if ((end = format_skip((const char *)cp + 2, "]")) == NULL) {
			/* No ]: tmux draws nothing at all. */
			ctx.nranges = 0;
			break;
		}
		tmp = xstrndup((const char *)cp + 2,
		    (size_t)(end - (const char *)cp - 2));
		saved = sy;
		cp = (const unsigned char *)end + 1;
		if (style_parse(&sy, &current_default, tmp) != 0) {
			xfree(tmp);
			continue;
		}
		xfree(tmp);
		if (sy.fill != 8)
			fill = sy.fill;
		if (sy.default_type == STYLE_DEFAULT_PUSH)
			current_default = saved.gc;
		else if (sy.default_type == STYLE_DEFAULT_POP)
			current_default = base;
		sy.default_type = STYLE_DEFAULT_BASE;

		switch (sy.list) {
		case STYLE_LIST_ON:
			/* Entering the list, leaving a marker or the focus. */
			if (list_state != 0) {
				have_open = 0;
				list_state = 0;
				list_align = sy.align;
			}
			if (focus_start != -1 && focus_end == -1)
				focus_end = (int)ctx.s[FD_LIST].cx;
			current = FD_LIST;
			break;
		case STYLE_LIST_FOCUS:
			if (list_state == 0 && focus_start == -1)
				focus_start = (int)ctx.s[FD_LIST].cx;
			break;
		case STYLE_LIST_OFF:
			if (list_state == 0) {
				have_open = 0;
				if (focus_start != -1 && focus_end == -1)
					focus_end = (int)ctx.s[FD_LIST].cx;
				map[list_align] = FD_AFTER;
				if (list_align == STYLE_ALIGN_LEFT)
					map[STYLE_ALIGN_DEFAULT] = FD_AFTER;
				list_state = 1;
			}
			current = map[sy.align];
			break;
		case STYLE_LIST_LEFT_MARKER:
		case STYLE_LIST_RIGHT_MARKER:
			i = sy.list == STYLE_LIST_LEFT_MARKER ? FD_LIST_LEFT :
			    FD_LIST_RIGHT;
			if (list_state != 0 || ctx.s[i].cx != 0)
				break;
			have_open = 0;
			if (focus_start != -1 && focus_end == -1)
				focus_start = focus_end = -1;
			current = (int)i;
			break;
		}

		/* A range ends where the style changes it; a new one starts. */
		if (ranges == NULL)
			continue;
		if (have_open && !fd_same_range(&open, &sy)) {
			if (ctx.s[current].cx != open.r.x0) {
				/* tmux ends it one cell on (cut when placed). */
				open.r.x1 = ctx.s[current].cx + 1;
				ctx.ranges = xreallocarray(ctx.ranges,
				    ctx.nranges + 1, sizeof *ctx.ranges);
				ctx.ranges[ctx.nranges++] = open;
			}
			have_open = 0;
		}
		if (!have_open && sy.range_type != STYLE_RANGE_NONE) {
			memset(&open, 0, sizeof open);
			open.section = current;
			open.r.x0 = ctx.s[current].cx;
			open.r.line = line;
			open.r.type = (int)sy.range_type;
			open.r.argument = sy.range_argument;
			have_open = 1;
		}
	}

	if (*cp == '\0') {
		if (fill != -1) {
			fillst.bg = fill;
			for (i = 0; i < avail; i++)
				draw_blank(&row[i], &fillst);
		}
		switch (list_align) {
		case STYLE_ALIGN_DEFAULT:
			fd_draw_none(&ctx);
			break;
		case STYLE_ALIGN_ABSOLUTE_CENTRE:
			fd_draw_absolute_centre(&ctx, focus_start, focus_end);
			break;
		default:
			fd_draw_list(&ctx, list_align, focus_start, focus_end);
			break;
		}
	}
	for (i = 0; ranges != NULL && i < ctx.nranges; i++) {
		if (!ctx.ranges[i].placed)
			continue;
		*ranges = xreallocarray(*ranges, *nranges + 1, sizeof **ranges);
		(*ranges)[(*nranges)++] = ctx.ranges[i].r;
	}
	fd_free(&ctx);
}
