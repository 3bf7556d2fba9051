/*
 * The status line of an attached client: a prompt or a message if one is
 * up, else its status-format lines drawn by format-draw.c.
 */
#include <stdio.h>
#include <string.h>

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
 * Status line n: status-format[n] expanded and drawn as tmux's format_draw
 * (the first line's default draws status-left, the window list and
 * status-right); its ranges kept for the mouse. An unset line is blank.
 */
void
draw_status_line(struct tty_client *tc, struct session *s,
    struct vt_rcell *row, unsigned n)
{
	struct cmd_find_state	 fs;
	struct tty_style	 base;
	char			 name[32], *text;
	unsigned		 i, kept = 0;

	for (i = 0; i < tc->nranges; i++) {
		if (tc->ranges[i].line != n)
			tc->ranges[kept++] = tc->ranges[i];
	}
	tc->nranges = kept;
	cmd_find_from_session(&fs, s);
	draw_status_blank(tc, &fs, row, &base);
	snprintf(name, sizeof name, "status-format[%u]", n);
	text = draw_expand(tc->c, &fs, name);
	format_draw(row, tc->sx, text, &base, &tc->ranges, &tc->nranges, n);
	xfree(text);
}

void
draw_status_first(struct tty_client *tc, struct session *s,
    struct vt_rcell *row)
{
	draw_status_line(tc, s, row, 0);
}
