/*
 * tmux styles ("fg=black,bg=green,bold", "#[...]" in formats) applied to
 * a drawing style, for the status line and pane borders.
 */
#ifndef ZEROPTY_STYLE_H
#define ZEROPTY_STYLE_H

#include "tmux-compat/tty-term.h"

/*
 * Apply the words of s to *st: fg=, bg=, attributes, no<attribute>,
 * "none" (no attributes) and "default" (back to *base). Unknown words
 * (align=, range=, list= ...) are ignored, as far as drawing goes.
 */
void	style_apply(struct tty_style *st, const char *s,
	    const struct tty_style *base);

#endif
