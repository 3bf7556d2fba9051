/*
 * A command client's stdin, read by the server for a command (tmux's
 * file_read of "-": load-buffer -).
 */
#ifndef ZEROPTY_CLIENT_STDIN_H
#define ZEROPTY_CLIENT_STDIN_H

#include <stddef.h>

struct client;

/* Called with all of stdin (data is the callee's), or error (an errno). */
typedef void (*client_stdin_cb)(struct client *, char *data, size_t len,
    int error, void *arg);

/*
 * Read c's stdin to its end and call done; arg (NULL or from xmalloc) is
 * done's, or freed here if c goes away first. Returns 0 if done was called
 * already (stdin was at its end), 1 if the command must wait (the client's
 * commands go on after done, which may then have an error), -1 with errno
 * if stdin cannot be read (a control or attached client, a socket, a read
 * error: done is not called and arg stays the caller's).
 */
int	client_stdin_read(struct client *c, client_stdin_cb done, void *arg);
/* c went away: its read is dropped. */
void	client_stdin_gone(struct client *c);

#endif
