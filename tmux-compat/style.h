/*
 * tmux styles ("fg=black,bg=green,bold", "#[...]" in formats) applied to
 * a drawing style, for the status line and pane borders.
 */
#ifndef ZEROPTY_STYLE_H
#define ZEROPTY_STYLE_H

#include "tmux-compat/tty-term.h"

/*
 * Apply the style s to *st: fg=, bg=, attributes, no<attribute>, "none"
 * (no attributes) and "default" (back to *base); align=, range=, list=
 * and the rest are read and dropped. An invalid style changes nothing.
 */
void	style_apply(struct tty_style *st, const char *s,
	    const struct tty_style *base);

/* The rest of a #[...] style, what format_draw reads (tmux's struct style). */
enum style_align {
	STYLE_ALIGN_DEFAULT,
	STYLE_ALIGN_LEFT,
	STYLE_ALIGN_CENTRE,
	STYLE_ALIGN_RIGHT,
	STYLE_ALIGN_ABSOLUTE_CENTRE
};
enum style_list {
	STYLE_LIST_OFF,
	STYLE_LIST_ON,
	STYLE_LIST_FOCUS,
	STYLE_LIST_LEFT_MARKER,
	STYLE_LIST_RIGHT_MARKER
};
enum style_range_type {
	STYLE_RANGE_NONE,
	STYLE_RANGE_LEFT,
	STYLE_RANGE_RIGHT,
	STYLE_RANGE_WINDOW	/* 3.3a has no pane, session or user ranges */
};
enum style_default_type {
	STYLE_DEFAULT_BASE,
	STYLE_DEFAULT_PUSH,
	STYLE_DEFAULT_POP
};
struct style {
	struct tty_style	 gc;
	int			 ignore;
	int			 fill;		/* a colour, 8 for none */
	enum style_align	 align;
	enum style_list		 list;
	enum style_range_type	 range_type;
	unsigned		 range_argument;
	enum style_default_type	 default_type;
};

/* A style with nothing set but gc. */
void	style_set(struct style *sy, const struct tty_style *gc);
/*
 * Parse the words of in on top of *sy, as tmux's style_parse: any word
 * not understood leaves *sy as it was and returns -1.
 */
int	style_parse(struct style *sy, const struct tty_style *base,
	    const char *in);

#endif
