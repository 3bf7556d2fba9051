/*
 * Private helpers shared by the format expander's files (format.c,
 * format-colour.c); not part of the public interface in format.h.
 */
#ifndef ZEROPTY_FORMAT_INT_H
#define ZEROPTY_FORMAT_INT_H

/*
 * Colour name to 24-bit RGB as #{c:} prints it (tmux 3.3a's
 * colour_fromstring then colour_force_rgb), or -1 if there is none.
 */
int	format_colour_rgb(const char *);

#endif
