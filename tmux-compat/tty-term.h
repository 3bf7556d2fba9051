/*
 * The outer terminal of an attached client: what its terminfo entry says
 * (ncurses' tinfo), and writing cells, styles and cursor moves for it.
 */
#ifndef ZEROPTY_TTY_TERM_H
#define ZEROPTY_TTY_TERM_H

#include "engine/base/buf.h"
#include "engine/term/vt.h"

struct tty_term {
	char	*name;
	char	*cup, *clear, *el, *sgr0, *bold, *dim, *sitm, *smul, *blink,
		*rev, *invis, *smxx, *setaf, *setab, *smcup, *rmcup, *civis,
		*cnorm, *smkx, *rmkx;
	char	*tsl, *fsl;	/* title (tmux adds them for xterm*) */
	char	*smacs, *rmacs;	/* line drawing on and off */
	char	*enacs;		/* make line drawing available */
	int	 ms;		/* takes OSC 52 (Ms, or tmux's clipboard feature) */
	int	 colours;	/* 8, 16, 256 */
	int	 rgb;		/* Tc or RGB */
};

/* The entry for TERM name (cached; a built-in xterm one if unknown). */
struct tty_term	*tty_term_find(const char *name);

/* A style as the outer terminal is set: attributes and colours. */
struct tty_style {
	uint16_t	attr;	/* VT_ATTR_* */
	int32_t		fg, bg;	/* VT colours */
};

/* Append the sequence that moves from style *from to *to; *from = *to. */
void	tty_term_style(const struct tty_term *, struct tty_style *from,
	    const struct tty_style *to, struct buf *out);
void	tty_term_cursor(const struct tty_term *, unsigned x, unsigned y,
	    struct buf *out);
/* Append a capability string (NULL: nothing). */
void	tty_term_put(struct buf *out, const char *cap);

#endif
