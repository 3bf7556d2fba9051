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
status_draw_prompt(struct tty_client *tc, const struct cmd_find_state *fs,
    const struct tty_style *base, struct vt_rcell *row, const char *prompt,
    const char *input, size_t cursor)
{
	struct tty_style	 st = *base;
	unsigned		 x = 0, i;
	char			*before;

	tty_draw_style_option(&st, fs, "message-style", base);
	for (i = 0; i < tc->sx; i++)
		tty_draw_blank(&row[i], &st);
	tty_draw_text_base(row, tc->sx, &x, tc->sx, prompt, &st, &st);
	before = xstrndup(input, cursor);
	tty_draw_text_base(row, tc->sx, &x, tc->sx, before, &st, &st);
	xfree(before);
	tc->prompt_x = x;
	if (x < tc->sx) {
		unsigned	 cx = x;

		tty_draw_text_base(row, tc->sx, &x, tc->sx, input + cursor, &st, &st);
		row[cx].attr |= VT_ATTR_REVERSE;
	}
}

void
status_draw(struct tty_client *tc, struct session *s, struct vt_rcell *row)
{
	if (!status_draw_overlay(tc, s, row))
		status_draw_first(tc, s, row);
}

/* The row blanked in status-style, which is returned in *base. */
static void
status_draw_blank(struct tty_client *tc, struct cmd_find_state *fs,
    struct vt_rcell *row, struct tty_style *base)
{
	struct tty_style	dflt = { 0, 8, 8 };
	unsigned		i;

	*base = dflt;
	tty_draw_style_option(base, fs, "status-style", &dflt);
	for (i = 0; i < tc->sx; i++)
		tty_draw_blank(&row[i], base);
}

/*
 * The prompt or a message, if one is up (with several status lines tmux
 * draws them on the last).
 */
int
status_draw_overlay(struct tty_client *tc, struct session *s,
    struct vt_rcell *row)
{
	struct cmd_find_state	 fs;
	struct tty_style	 base, st;
	char			*input;
	const char		*prompt;
	size_t			 pcursor;
	unsigned		 x, i;

	prompt = status_prompt_text(tc->c, &input, &pcursor);
	if (prompt == NULL && tc->message == NULL)
		return (0);
	cmd_find_from_session(&fs, s);
	status_draw_blank(tc, &fs, row, &base);
	if (prompt != NULL) {
		status_draw_prompt(tc, &fs, &base, row, prompt, input, pcursor);
		return (1);
	}
	st = base;
	tty_draw_style_option(&st, &fs, "message-style", &base);
	for (i = 0; i < tc->sx; i++)
		tty_draw_blank(&row[i], &st);
	x = 0;
	tty_draw_text_base(row, tc->sx, &x, tc->sx, tc->message, &st, &st);
	return (1);
}

/*
 * Status line n: status-format[n] expanded and drawn as tmux's format_draw
 * (the first line's default draws status-left, the window list and
 * status-right); its ranges kept for the mouse. An unset line is blank.
 */
void
status_draw_line(struct tty_client *tc, struct session *s,
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
	status_draw_blank(tc, &fs, row, &base);
	snprintf(name, sizeof name, "status-format[%u]", n);
	text = tty_draw_expand(tc->c, &fs, name);
	format_draw(row, tc->sx, text, &base, &tc->ranges, &tc->nranges, n);
	xfree(text);
}

void
status_draw_first(struct tty_client *tc, struct session *s,
    struct vt_rcell *row)
{
	status_draw_line(tc, s, row, 0);
}
