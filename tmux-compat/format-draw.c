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
	FORMAT_DRAW_LEFT,
	FORMAT_DRAW_CENTRE,
	FORMAT_DRAW_RIGHT,
	FORMAT_DRAW_ABSOLUTE_CENTRE,
	FORMAT_DRAW_LIST,
	FORMAT_DRAW_LIST_LEFT,
	FORMAT_DRAW_LIST_RIGHT,
	FORMAT_DRAW_AFTER,
	FORMAT_DRAW_TOTAL
};

struct format_draw_section {
	struct vt_rcell	*cells;
	unsigned	 cx;		/* cells written */
};

/* A range while drawing: which section, and where in it. */
struct format_draw_range {
	struct tty_range r;	/* x0, x1 in the section until placed */
	int		 section;
	int		 placed;
	int		 dropped;
};

struct format_draw_ctx {
	struct vt_rcell		*row;
	unsigned		 avail;
	struct format_draw_section	 s[FORMAT_DRAW_TOTAL];
	struct format_draw_range		*ranges;
	unsigned		 nranges;
};

static void
format_draw_put_cell(struct format_draw_section *sec, const struct tty_style *st,
    const char *data, size_t n, unsigned width)
{
	struct vt_rcell	*rc = &sec->cells[sec->cx];

	tty_draw_blank(rc, st);
	memcpy(rc->data, data, n);
	rc->data[n] = '\0';
	rc->width = (uint8_t)width;
	if (width == 2) {
		tty_draw_blank(&sec->cells[sec->cx + 1], st);
		sec->cells[sec->cx + 1].width = 0;
		sec->cells[sec->cx + 1].data[0] = '\0';
	}
	sec->cx += width;
}

static void
format_draw_put_many(struct format_draw_section *sec, const struct tty_style *st, char ch,
    unsigned n)
{
	while (n-- > 0)
		format_draw_put_cell(sec, st, &ch, 1, 1);
}

/* A zero-width character joins the cell before it, as tmux combines it. */
static void
format_draw_combine(struct format_draw_section *sec, const char *data, size_t n)
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
format_draw_put(struct format_draw_ctx *ctx, int sec, unsigned x, unsigned start,
    unsigned width)
{
	struct format_draw_section	*s = &ctx->s[sec];
	struct format_draw_range		*fr;
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
format_draw_put_list(struct format_draw_ctx *ctx, unsigned x, unsigned width, int focus_start,
    int focus_end)
{
	struct format_draw_section	*list = &ctx->s[FORMAT_DRAW_LIST];
	struct format_draw_section	*ll = &ctx->s[FORMAT_DRAW_LIST_LEFT];
	struct format_draw_section	*lr = &ctx->s[FORMAT_DRAW_LIST_RIGHT];
	unsigned		 start, centre;

	if (width >= list->cx) {
		format_draw_put(ctx, FORMAT_DRAW_LIST, x, 0, width);
		return;
	}
	centre = (unsigned)focus_start + (unsigned)(focus_end - focus_start) / 2;
	start = centre < width / 2 ? 0 : centre - width / 2;
	if (start + width > list->cx)
		start = list->cx - width;
	if (start != 0 && width > ll->cx) {
		format_draw_put(ctx, FORMAT_DRAW_LIST_LEFT, x, 0, ll->cx);
		x += ll->cx;
		start += ll->cx;
		width -= ll->cx;
	}
	if (start + width < list->cx && width > lr->cx) {
		format_draw_put(ctx, FORMAT_DRAW_LIST_RIGHT, x + width - lr->cx, 0, lr->cx);
		width -= lr->cx;
	}
	format_draw_put(ctx, FORMAT_DRAW_LIST, x, start, width);
}

/*
 * Trim widths, in the order given, one cell at a time from the first not
 * yet empty (the last takes what is left), until their sum fits avail:
 * tmux's order of giving up parts of a line.
 */
static void
format_draw_trim(unsigned avail, unsigned **order, unsigned n)
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
format_draw_put_abs_centre(struct format_draw_ctx *ctx)
{
	unsigned	w = ctx->s[FORMAT_DRAW_ABSOLUTE_CENTRE].cx;

	if (w > ctx->avail)
		w = ctx->avail;
	format_draw_put(ctx, FORMAT_DRAW_ABSOLUTE_CENTRE, (ctx->avail - w) / 2, 0, w);
}

/* No list: left, right, then the centre between them (format_draw_none). */
static void
format_draw_none(struct format_draw_ctx *ctx)
{
	unsigned	wl = ctx->s[FORMAT_DRAW_LEFT].cx, wc = ctx->s[FORMAT_DRAW_CENTRE].cx;
	unsigned	wr = ctx->s[FORMAT_DRAW_RIGHT].cx, avail = ctx->avail;
	unsigned	*order[] = { &wc, &wr, &wl };

	format_draw_trim(avail, order, 3);
	format_draw_put(ctx, FORMAT_DRAW_LEFT, 0, 0, wl);
	format_draw_put(ctx, FORMAT_DRAW_RIGHT, avail - wr, ctx->s[FORMAT_DRAW_RIGHT].cx - wr, wr);
	format_draw_put(ctx, FORMAT_DRAW_CENTRE, wl + ((avail - wr) - wl) / 2 - wc / 2,
	    ctx->s[FORMAT_DRAW_CENTRE].cx / 2 - wc / 2, wc);
	format_draw_put_abs_centre(ctx);
}

/*
 * The list aligned left, centre or right: trimmed in tmux's order (the
 * centre first for left and right lists, the list first for a centred
 * one), then placed; with no list left it is drawn as no list.
 */
static void
format_draw_list(struct format_draw_ctx *ctx, enum style_align align, int focus_start,
    int focus_end)
{
	unsigned	 wl = ctx->s[FORMAT_DRAW_LEFT].cx, wc = ctx->s[FORMAT_DRAW_CENTRE].cx;
	unsigned	 wr = ctx->s[FORMAT_DRAW_RIGHT].cx, wlist = ctx->s[FORMAT_DRAW_LIST].cx;
	unsigned	 wa = ctx->s[FORMAT_DRAW_AFTER].cx, avail = ctx->avail, middle;
	unsigned	*centred[] = { &wlist, &wa, &wc, &wr, &wl };
	unsigned	*aside[] = { &wc, &wlist, &wr, &wa, &wl };

	format_draw_trim(avail, align == STYLE_ALIGN_CENTRE ? centred : aside, 5);
	if (wlist == 0) {
		/*
		 * tmux copies what follows the list into the section the list
		 * was aligned with but past its width: it is not drawn.
		 */
		format_draw_none(ctx);
		return;
	}
	format_draw_put(ctx, FORMAT_DRAW_LEFT, 0, 0, wl);
	switch (align) {
	case STYLE_ALIGN_LEFT:
		format_draw_put(ctx, FORMAT_DRAW_RIGHT, avail - wr, ctx->s[FORMAT_DRAW_RIGHT].cx - wr, wr);
		format_draw_put(ctx, FORMAT_DRAW_AFTER, wl + wlist, 0, wa);
		format_draw_put(ctx, FORMAT_DRAW_CENTRE, (wl + wlist + wa) +
		    ((avail - wr) - (wl + wlist + wa)) / 2 - wc / 2,
		    ctx->s[FORMAT_DRAW_CENTRE].cx / 2 - wc / 2, wc);
		if (focus_start == -1 || focus_end == -1)
			focus_start = focus_end = 0;
		format_draw_put_list(ctx, wl, wlist, focus_start, focus_end);
		break;
	case STYLE_ALIGN_CENTRE:
		format_draw_put(ctx, FORMAT_DRAW_RIGHT, avail - wr, ctx->s[FORMAT_DRAW_RIGHT].cx - wr, wr);
		middle = wl + ((avail - wr) - wl) / 2;
		format_draw_put(ctx, FORMAT_DRAW_CENTRE, middle - wlist / 2 - wc, 0, wc);
		format_draw_put(ctx, FORMAT_DRAW_AFTER, middle - wlist / 2 + wlist, 0, wa);
		if (focus_start == -1 || focus_end == -1)
			focus_start = focus_end = (int)(ctx->s[FORMAT_DRAW_LIST].cx / 2);
		format_draw_put_list(ctx, middle - wlist / 2, wlist, focus_start,
		    focus_end);
		break;
	default:
		format_draw_put(ctx, FORMAT_DRAW_AFTER, avail - wa, ctx->s[FORMAT_DRAW_AFTER].cx - wa, wa);
		format_draw_put(ctx, FORMAT_DRAW_RIGHT, avail - wr - wlist - wa, 0, wr);
		format_draw_put(ctx, FORMAT_DRAW_CENTRE, wl + ((avail - wr - wlist - wa) - wl) / 2 -
		    wc / 2, ctx->s[FORMAT_DRAW_CENTRE].cx / 2 - wc / 2, wc);
		if (focus_start == -1 || focus_end == -1)
			focus_start = focus_end = 0;
		format_draw_put_list(ctx, avail - wlist - wa, wlist, focus_start,
		    focus_end);
		break;
	}
	format_draw_put_abs_centre(ctx);
}

/*
 * The list in the centre of the whole width, with absolute-centre text
 * before it and what follows it after (format_draw_absolute_centre).
 */
static void
format_draw_absolute_centre(struct format_draw_ctx *ctx, int focus_start, int focus_end)
{
	unsigned	wl = ctx->s[FORMAT_DRAW_LEFT].cx, wc = ctx->s[FORMAT_DRAW_CENTRE].cx;
	unsigned	wr = ctx->s[FORMAT_DRAW_RIGHT].cx, wlist = ctx->s[FORMAT_DRAW_LIST].cx;
	unsigned	wa = ctx->s[FORMAT_DRAW_AFTER].cx;
	unsigned	wabs = ctx->s[FORMAT_DRAW_ABSOLUTE_CENTRE].cx, avail = ctx->avail;
	unsigned	middle, x;
	unsigned	*sides[] = { &wc, &wr, &wl };
	unsigned	*over[] = { &wlist, &wa, &wabs };

	/* The list, after it and abs_centre are drawn over the rest. */
	format_draw_trim(avail, sides, 3);
	format_draw_trim(avail, over, 3);
	format_draw_put(ctx, FORMAT_DRAW_LEFT, 0, 0, wl);
	format_draw_put(ctx, FORMAT_DRAW_RIGHT, avail - wr, ctx->s[FORMAT_DRAW_RIGHT].cx - wr, wr);
	middle = wl + ((avail - wr) - wl) / 2;
	format_draw_put(ctx, FORMAT_DRAW_CENTRE, middle - wc, 0, wc);
	if (focus_start == -1 || focus_end == -1)
		focus_start = focus_end = (int)(ctx->s[FORMAT_DRAW_LIST].cx / 2);
	x = (avail - wlist - wabs) / 2;
	format_draw_put(ctx, FORMAT_DRAW_ABSOLUTE_CENTRE, x, 0, wabs);
	x += wabs;
	format_draw_put_list(ctx, x, wlist, focus_start, focus_end);
	x += wlist;
	format_draw_put(ctx, FORMAT_DRAW_AFTER, x, 0, wa);
}

/* Does the open range still match this style (format_is_type)? */
static int
format_draw_same_range(const struct format_draw_range *fr, const struct style *sy)
{
	if ((int)sy->range_type != fr->r.type)
		return (0);
	if (sy->range_type == STYLE_RANGE_WINDOW)
		return (fr->r.argument == sy->range_argument);
	return (1);
}

static void
format_draw_free(struct format_draw_ctx *ctx)
{
	unsigned	i;

	for (i = 0; i < FORMAT_DRAW_TOTAL; i++)
		xfree(ctx->s[i].cells);
	xfree(ctx->ranges);
}

void
format_draw(struct vt_rcell *row, unsigned avail, const char *expanded,
    const struct tty_style *line_base, struct tty_range **ranges,
    unsigned *nranges, unsigned line)
{
	struct format_draw_ctx		 ctx;
	struct format_draw_range		 open;
	struct style		 sy, saved;
	struct tty_style	 base = *line_base, current_default = base;
	struct tty_style	 fillst = { 0, 8, 8 };
	const unsigned char	*cp = (const unsigned char *)expanded;
	const char		*end;
	char			*tmp;
	int			 map[5] = { FORMAT_DRAW_LEFT, FORMAT_DRAW_LEFT, FORMAT_DRAW_CENTRE,
				    FORMAT_DRAW_RIGHT, FORMAT_DRAW_ABSOLUTE_CENTRE };
	int			 current = FORMAT_DRAW_LEFT, have_open = 0, cw;
	int			 focus_start = -1, focus_end = -1;
	int			 list_state = -1, fill = -1;
	enum style_align	 list_align = STYLE_ALIGN_DEFAULT;
	size_t			 size = strlen(expanded) + 2, n;
	unsigned		 i, w;

	memset(&ctx, 0, sizeof ctx);
	ctx.row = row;
	ctx.avail = avail;
	for (i = 0; i < FORMAT_DRAW_TOTAL; i++) {
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
				format_draw_put_many(&ctx.s[current], &sy.gc, '#', w);
				continue;
			}
			cp += n % 2 == 0 ? n + 1 : n - 1;
			if (sy.ignore)
				continue;
			format_draw_put_many(&ctx.s[current], &sy.gc, '#',
			    (unsigned)(n / 2));
			if (n % 2 == 0)
				format_draw_put_cell(&ctx.s[current], &sy.gc, "[", 1, 1);
			continue;
		}
		if (cp[0] != '#' || cp[1] != '[' || sy.ignore) {
			cw = tty_draw_char(cp, &n);
			if (cw > 0)
				format_draw_put_cell(&ctx.s[current], &sy.gc,
				    (const char *)cp, n, (unsigned)cw);
			else if (cw == 0)
				format_draw_combine(&ctx.s[current], (const char *)cp, n);
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
				focus_end = (int)ctx.s[FORMAT_DRAW_LIST].cx;
			current = FORMAT_DRAW_LIST;
			break;
		case STYLE_LIST_FOCUS:
			if (list_state == 0 && focus_start == -1)
				focus_start = (int)ctx.s[FORMAT_DRAW_LIST].cx;
			break;
		case STYLE_LIST_OFF:
			if (list_state == 0) {
				have_open = 0;
				if (focus_start != -1 && focus_end == -1)
					focus_end = (int)ctx.s[FORMAT_DRAW_LIST].cx;
				map[list_align] = FORMAT_DRAW_AFTER;
				if (list_align == STYLE_ALIGN_LEFT)
					map[STYLE_ALIGN_DEFAULT] = FORMAT_DRAW_AFTER;
				list_state = 1;
			}
			current = map[sy.align];
			break;
		case STYLE_LIST_LEFT_MARKER:
		case STYLE_LIST_RIGHT_MARKER:
			i = sy.list == STYLE_LIST_LEFT_MARKER ? FORMAT_DRAW_LIST_LEFT :
			    FORMAT_DRAW_LIST_RIGHT;
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
		if (have_open && !format_draw_same_range(&open, &sy)) {
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
				tty_draw_blank(&row[i], &fillst);
		}
		switch (list_align) {
		case STYLE_ALIGN_DEFAULT:
			format_draw_none(&ctx);
			break;
		case STYLE_ALIGN_ABSOLUTE_CENTRE:
			format_draw_absolute_centre(&ctx, focus_start, focus_end);
			break;
		default:
			format_draw_list(&ctx, list_align, focus_start, focus_end);
			break;
		}
	}
	for (i = 0; ranges != NULL && i < ctx.nranges; i++) {
		if (!ctx.ranges[i].placed)
			continue;
		*ranges = xreallocarray(*ranges, *nranges + 1, sizeof **ranges);
		(*ranges)[(*nranges)++] = ctx.ranges[i].r;
	}
	format_draw_free(&ctx);
}
