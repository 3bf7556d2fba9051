/*
 * What shim.c shares with the rest of the shim (shim-pty.c,
 * shim-stdio.c). Internal:
 * nothing here is exported from the library.
 */
#ifndef ZEROPTY_SHIM_H
#define ZEROPTY_SHIM_H

#include <sys/types.h>

#include <stddef.h>

#include "shim/shim-proto.h"

#define SHIM_EXPORT __attribute__((visibility("default")))

/* The mapped state file, or NULL when this process has no pane terminal. */
struct zpty_state	*shim_state(void);
/* Is fd the pane's terminal (the state is mapped if so)? */
int			 shim_is_tty(int fd);
/* Write all of len bytes to the terminal fd (markers, notices). */
void			 shim_send_all(int fd, const char *, size_t);
/* Announce a termios change on fd as shim.c's tcsetattr does. */
void			 shim_set_tio(int fd, const struct termios *);
/* read()'s test: is fd the terminal (cached per fd)? */
int			 shim_tty_fd(int fd);
/* read() of the terminal fd, end-of-file marker and all. */
ssize_t			 shim_tty_read(int fd, void *, size_t);
/* Give stdio's reads of the terminal to the shim (shim-stdio.c). */
void			 shim_stdio_hook(void);

#endif
