/*
 * Between the drawing files of an attached client (tty-draw.c composes the
 * frame, status-draw.c the status line): the cell and text helpers.
 */
#ifndef ZEROPTY_TTY_DRAW_INT_H
#define ZEROPTY_TTY_DRAW_INT_H

struct cmd_find_state;

/* The style option name for fs applied over st (it may be a format). */
void		 tty_draw_style_option(struct tty_style *,
		    const struct cmd_find_state *, const char *name,
		    const struct tty_style *base);
/*
 * The character at p: its bytes in *n and its columns, 0 for a zero-width
 * character, -1 for what is not drawn (control bytes, bad UTF-8).
 */
int		 tty_draw_char(const unsigned char *p, size_t *n);
/* Text with #[style]s at *x, up to limit (and sx) columns. */
void		 tty_draw_text_base(struct vt_rcell *, unsigned sx, unsigned *x,
		    unsigned limit, const char *, struct tty_style *,
		    const struct tty_style *base);
/* The option's value expanded as a format for c and fs (caller frees). */
char		*tty_draw_expand(struct client *, const struct cmd_find_state *,
		    const char *option);
int		 tty_draw_status_top(struct session *);
/*
 * format-draw.c: an expanded format drawn into avail cells of row as
 * tmux's format_draw (sections by align and list, fill, push-default);
 * its #[range=...]s added to *ranges (unless NULL) as on line.
 */
void		 format_draw(struct vt_rcell *row, unsigned avail,
		    const char *expanded, const struct tty_style *base,
		    struct tty_range **ranges, unsigned *nranges,
		    unsigned line);
/* status-draw.c: the status line (or the prompt, or a message) in row. */
void		 status_draw(struct tty_client *, struct session *,
		    struct vt_rcell *row);
/* The prompt or a message in row, if one is up: 1 if drawn. */
int		 status_draw_overlay(struct tty_client *, struct session *,
		    struct vt_rcell *row);
/* The first line without prompt or message. */
void		 status_draw_first(struct tty_client *, struct session *,
		    struct vt_rcell *row);
/*
 * Line n of the status lines drawn from status-format[n] (the lines after
 * the first, and the first when its format is the user's own).
 */
void		 status_draw_line(struct tty_client *, struct session *,
		    struct vt_rcell *row, unsigned n);

#endif
