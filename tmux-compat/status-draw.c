/*
 * The status line of an attached client: a prompt or a message if one is
 * up, else status-left, the window list and status-right, placed as tmux
 * 3.3a's format_draw places them (status-justify, a list too long cut
 * around the current window with < and >).
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "engine/base/buf.h"
#include "engine/base/xmalloc.h"
#include "tmux-compat/options.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"
#include "tmux-compat/tty-draw-int.h"

/*
 * The prompt in message-style: prompt, input, and the cursor drawn as a
 * reverse cell (the terminal's own cursor is hidden there, as tmux).
 */
static void
draw_prompt(struct tty_client *tc, const struct cmd_find_state *fs,
    const struct tty_style *base, struct vt_rcell *row, const char *prompt,
    const char *input, size_t cursor)
{
	struct tty_style	 st = *base;
	unsigned		 x = 0, i;
	char			*before;

	draw_style_option(&st, fs, "message-style", base);
	for (i = 0; i < tc->sx; i++)
		draw_blank(&row[i], &st);
	draw_text(row, tc->sx, &x, tc->sx, prompt, &st, &st);
	before = xstrndup(input, cursor);
	draw_text(row, tc->sx, &x, tc->sx, before, &st, &st);
	xfree(before);
	tc->prompt_x = x;
	if (x < tc->sx) {
		unsigned	 cx = x;

		draw_text(row, tc->sx, &x, tc->sx, input + cursor, &st, &st);
		row[cx].attr |= VT_ATTR_REVERSE;
	}
}

/* A strip of the status line drawn apart, then placed (tmux's format_draw). */
struct draw_strip {
	struct vt_rcell	*cells;
	unsigned	 width;
};

static void
draw_strip_text(struct draw_strip *ds, unsigned limit, const char *text,
    struct tty_style *st, const struct tty_style *base)
{
	/* No character is wider than its UTF-8 bytes: no measuring pass. */
	size_t		len = strlen(text);
	unsigned	size = len < UINT_MAX / 2 ? (unsigned)len + 1 : UINT_MAX / 2;

	if (size > limit + 1)
		size = limit + 1;
	ds->cells = xreallocarray(ds->cells, ds->width + size,
	    sizeof *ds->cells);
	draw_text(ds->cells, ds->width + size - 1, &ds->width,
	    ds->width + size - 1, text, st, base);
}

/*
 * The window list: each window's format in its styles, separators between;
 * ranges in list columns, the current window's text the focus.
 */
static void
draw_status_list(struct tty_client *tc, struct session *s,
    const struct tty_style *base, struct draw_strip *list,
    unsigned *focus_start, unsigned *focus_end)
{
	struct cmd_find_state	 fs, wfs;
	struct tty_style	 st;
	struct winlink		*wl;
	char			*text, *sep;
	unsigned		 wx0;

	cmd_find_from_session(&fs, s);
	tc->nranges = 0;
	*focus_start = *focus_end = 0;
	sep = options_get_for(&fs, "window-status-separator");
	TAILQ_FOREACH(wl, &s->windows, entry) {
		cmd_find_from_winlink(&wfs, wl);
		if (wl != TAILQ_FIRST(&s->windows)) {
			st = *base;
			draw_strip_text(list, UINT_MAX / 2, sep != NULL ? sep : "",
			    &st, base);
		}
		st = *base;
		draw_style_option(&st, &wfs, "window-status-style", base);
		if (wl == s->curw) {
			draw_style_option(&st, &wfs,
			    "window-status-current-style", base);
			text = draw_expand(tc->c, &wfs,
			    "window-status-current-format");
		} else {
			if (wl == TAILQ_FIRST(&s->lastw))
				draw_style_option(&st, &wfs,
				    "window-status-last-style", base);
			text = draw_expand(tc->c, &wfs, "window-status-format");
		}
		wx0 = list->width;
		draw_strip_text(list, UINT_MAX / 2, text, &st, base);
		xfree(text);
		if (wl == s->curw) {
			*focus_start = wx0;
			*focus_end = list->width;
		}
		tc->ranges = xreallocarray(tc->ranges, tc->nranges + 1,
		    sizeof *tc->ranges);
		tc->ranges[tc->nranges].x0 = wx0;
		tc->ranges[tc->nranges].x1 = list->width;
		tc->ranges[tc->nranges++].idx = wl->idx;
	}
	xfree(sep);
}

/* The list's < or > (tmux's list-left/right-marker), in the line's style. */
static void
draw_status_marker(struct vt_rcell *rc, char ch, const struct tty_style *base)
{
	draw_blank(rc, base);
	rc->data[0] = ch;
}

/* Copy width cells of ds from start to x of row (format_draw_put). */
static void
draw_status_put(struct vt_rcell *row, unsigned sx, unsigned x,
    const struct draw_strip *ds, unsigned start, unsigned width)
{
	unsigned	i;

	for (i = 0; i < width && x + i < sx && start + i < ds->width; i++)
		row[x + i] = ds->cells[start + i];
}

/*
 * The list in width cells at x: all of it, or the part around the focus
 * with < and > where some is cut off (format_draw_put_list); window
 * ranges move to where they are shown (or go).
 */
static void
draw_status_put_list(struct tty_client *tc, struct vt_rcell *row,
    unsigned x, unsigned width, const struct draw_strip *list,
    unsigned focus_start, unsigned focus_end, const struct tty_style *base)
{
	unsigned	start = 0, centre, i, n, a, b;

	if (width < list->width) {
		centre = focus_start + (focus_end - focus_start) / 2;
		start = centre < width / 2 ? 0 : centre - width / 2;
		if (start + width > list->width)
			start = list->width - width;
		if (start != 0 && width > 1) {
			draw_status_marker(&row[x], '<', base);
			x++;
			start++;
			width--;
		}
		if (start + width < list->width && width > 1) {
			draw_status_marker(&row[x + width - 1], '>', base);
			width--;
		}
	}
	draw_status_put(row, tc->sx, x, list, start, width);
	for (i = n = 0; i < tc->nranges; i++) {
		a = tc->ranges[i].x0 > start ? tc->ranges[i].x0 : start;
		b = tc->ranges[i].x1 < start + width ? tc->ranges[i].x1 :
		    start + width;
		if (a >= b)
			continue;
		tc->ranges[n].x0 = x + a - start;
		tc->ranges[n].x1 = x + b - start;
		tc->ranges[n++].idx = tc->ranges[i].idx;
	}
	tc->nranges = n;
}

/*
 * Place left, the list and right on the line as tmux 3.3a's format_draw
 * does for status-justify left, centre, right and absolute-centre:
 * trimming the list first (left, right: after the centre, which the
 * status line does not have), then right, then left.
 */
static void
draw_status_place(struct tty_client *tc, struct vt_rcell *row,
    long long justify, const struct draw_strip *left,
    const struct draw_strip *list, const struct draw_strip *right,
    unsigned focus_start, unsigned focus_end, const struct tty_style *base)
{
	unsigned	avail = tc->sx, wl = left->width, wr = right->width;
	unsigned	wlist = list->width, middle, x;

	if (justify == 3) {	/* absolute-centre */
		while (wl + wr > avail) {
			if (wr > 0)
				wr--;
			else
				wl--;
		}
		if (wlist > avail)
			wlist = avail;
	} else {
		while (wl + wr + wlist > avail) {
			if (wlist > 0)
				wlist--;
			else if (wr > 0)
				wr--;
			else
				wl--;
		}
	}
	draw_status_put(row, avail, 0, left, 0, wl);
	draw_status_put(row, avail, avail - wr, right, right->width - wr, wr);
	tc->status_left_end = wl;
	tc->status_right_start = avail - wr;
	if (wlist == 0) {
		tc->nranges = 0;
		return;
	}
	switch (justify) {
	case 1:		/* centre */
		middle = wl + ((avail - wr) - wl) / 2;
		x = middle - wlist / 2;
		break;
	case 2:		/* right */
		x = avail - wr - wlist;
		break;
	case 3:
		x = (avail - wlist) / 2;
		break;
	default:
		x = wl;
		break;
	}
	draw_status_put_list(tc, row, x, wlist, list, focus_start, focus_end,
	    base);
}

void
draw_status(struct tty_client *tc, struct session *s, struct vt_rcell *row)
{
	if (!draw_status_overlay(tc, s, row))
		draw_status_first(tc, s, row);
}

/* The row blanked in status-style, which is returned in *base. */
static void
draw_status_blank(struct tty_client *tc, struct cmd_find_state *fs,
    struct vt_rcell *row, struct tty_style *base)
{
	struct tty_style	dflt = { 0, 8, 8 };
	unsigned		i;

	*base = dflt;
	draw_style_option(base, fs, "status-style", &dflt);
	for (i = 0; i < tc->sx; i++)
		draw_blank(&row[i], base);
}

/*
 * The prompt or a message, if one is up (with several status lines tmux
 * draws them on the last).
 */
int
draw_status_overlay(struct tty_client *tc, struct session *s,
    struct vt_rcell *row)
{
	struct cmd_find_state	 fs;
	struct tty_style	 base, st;
	char			*input;
	const char		*prompt;
	size_t			 pcursor;
	unsigned		 x, i;

	prompt = tty_prompt_text(tc->c, &input, &pcursor);
	if (prompt == NULL && tc->message == NULL)
		return (0);
	cmd_find_from_session(&fs, s);
	draw_status_blank(tc, &fs, row, &base);
	if (prompt != NULL) {
		draw_prompt(tc, &fs, &base, row, prompt, input, pcursor);
		return (1);
	}
	st = base;
	draw_style_option(&st, &fs, "message-style", &base);
	for (i = 0; i < tc->sx; i++)
		draw_blank(&row[i], &st);
	x = 0;
	draw_text(row, tc->sx, &x, tc->sx, tc->message, &st, &st);
	return (1);
}

/*
 * A status line past the first: status-format[n] expanded and drawn in
 * its left, centre and right parts (#[align=...], as tmux's format_draw
 * places them); the window list's list=, range= and fill= are not read
 * there (README). An unset line is blank.
 */
void
draw_status_line(struct tty_client *tc, struct session *s,
    struct vt_rcell *row, unsigned n)
{
	struct cmd_find_state	 fs;
	struct tty_style	 base, st;
	struct buf		 part[3], kept;
	char			 name[32], *text, *p, *end, *tok, *block;
	unsigned		 x, w[3], i, at = 0;

	cmd_find_from_session(&fs, s);
	draw_status_blank(tc, &fs, row, &base);
	snprintf(name, sizeof name, "status-format[%u]", n);
	text = draw_expand(tc->c, &fs, name);
	for (i = 0; i < 3; i++)
		buf_init(&part[i]);
	for (p = text; *p != '\0'; p++) {
		if (p[0] != '#' || p[1] != '[' ||
		    (end = strchr(p + 2, ']')) == NULL) {
			buf_add_byte(&part[at], (uint8_t)*p);
			if (p[0] == '#' && p[1] == '#')
				buf_add_byte(&part[at], (uint8_t)*++p);
			continue;
		}
		/* A style block: align= moves on, the rest stays. */
		block = xstrndup(p + 2, (size_t)(end - p - 2));
		buf_init(&kept);
		for (tok = strtok(block, " ,"); tok != NULL;
		    tok = strtok(NULL, " ,")) {
			if (strcmp(tok, "align=left") == 0)
				at = 0;
			else if (strcmp(tok, "align=centre") == 0)
				at = 1;
			else if (strcmp(tok, "align=right") == 0)
				at = 2;
			else if (strncmp(tok, "align=", 6) != 0) {
				buf_add_str(&kept, kept.len != 0 ? "," : "");
				buf_add_str(&kept, tok);
			}
		}
		if (kept.len != 0) {
			buf_add_str(&part[at], "#[");
			buf_add(&part[at], buf_data(&kept), kept.len);
			buf_add_str(&part[at], "]");
		}
		buf_free(&kept);
		xfree(block);
		p = end;
	}
	for (i = 0; i < 3; i++) {
		buf_add_byte(&part[i], 0);
		w[i] = tty_text_width((const char *)buf_data(&part[i]));
	}
	for (i = 0; i < 3; i++) {
		/* tmux's format_draw_none: centre halfway between the others. */
		if (i == 0)
			x = 0;
		else if (i == 2)
			x = w[2] < tc->sx ? tc->sx - w[2] : 0;
		else if (w[0] + w[2] + w[1] <= tc->sx)
			x = w[0] + (tc->sx - w[2] - w[0]) / 2 - w[1] / 2;
		else
			x = w[0];
		st = base;
		draw_text(row, tc->sx, &x, tc->sx,
		    (const char *)buf_data(&part[i]), &st, &base);
		buf_free(&part[i]);
	}
	xfree(text);
}

/* status-left or -right (side), in its style, cut to its -length. */
static void
draw_status_side(struct tty_client *tc, const struct cmd_find_state *fs,
    struct session *s, const struct tty_style *base, struct draw_strip *ds,
    const char *side)
{
	struct tty_style	 st = *base;
	char			 name[32], *text;

	text = draw_expand(tc->c, fs, side);
	snprintf(name, sizeof name, "%s-style", side);
	draw_style_option(&st, fs, name, base);
	snprintf(name, sizeof name, "%s-length", side);
	draw_strip_text(ds, (unsigned)options_session_number(s, name), text,
	    &st, base);
	xfree(text);
}

/* Has status-format[0] been changed from tmux's default? */
static int
draw_status_custom(const struct cmd_find_state *fs)
{
	const struct options_table_entry	*oe;
	char					*value;
	int					 custom;

	oe = options_table_find("status-format");
	if (oe == NULL || oe->default_arr == NULL ||
	    (value = options_get_for(fs, "status-format[0]")) == NULL)
		return (0);
	custom = strcmp(value, oe->default_arr[0]) != 0;
	xfree(value);
	return (custom);
}

/*
 * The first line: status-left, the window list and status-right, placed
 * as tmux's default status-format[0] places them; a status-format[0] of
 * the user's own is drawn as the other lines are.
 */
void
draw_status_first(struct tty_client *tc, struct session *s,
    struct vt_rcell *row)
{
	struct cmd_find_state	 fs;
	struct tty_style	 base;
	struct draw_strip	 left = { NULL, 0 }, list = { NULL, 0 };
	struct draw_strip	 right = { NULL, 0 };
	unsigned		 focus_start, focus_end;

	cmd_find_from_session(&fs, s);
	if (draw_status_custom(&fs)) {
		/* No ranges: a click there is StatusDefault. */
		tc->nranges = 0;
		tc->status_left_end = 0;
		tc->status_right_start = tc->sx;
		draw_status_line(tc, s, row, 0);
		return;
	}
	draw_status_blank(tc, &fs, row, &base);

	draw_status_side(tc, &fs, s, &base, &left, "status-left");
	draw_status_side(tc, &fs, s, &base, &right, "status-right");

	draw_status_list(tc, s, &base, &list, &focus_start, &focus_end);
	draw_status_place(tc, row, options_session_number(s, "status-justify"),
	    &left, &list, &right, focus_start, focus_end, &base);
	xfree(left.cells);
	xfree(list.cells);
	xfree(right.cells);
}
