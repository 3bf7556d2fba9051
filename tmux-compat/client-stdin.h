/*
 * A command client's stdin, read by the server for a command (tmux's
 * file_read of "-": load-buffer -).
 */
#ifndef ZEROPTY_CLIENT_STDIN_H
#define ZEROPTY_CLIENT_STDIN_H

#include <stddef.h>
#include <stdint.h>

struct client;

/* Called with all of stdin (data is the callee's), or error (an errno). */
typedef void (*client_stdin_cb)(struct client *, char *data, size_t len,
    int error, void *arg);

/*
 * Read c's stdin to its end and call done; arg (NULL or from xmalloc) is
 * done's, or freed here if c goes away first. Returns 1: the command must
 * wait (the client's commands go on after done, which may then have an
 * error: an errno from the client, or ENOMEM past the limit), or -1 with
 * errno if stdin cannot be read (a control or attached client: done is not
 * called and arg stays the caller's).
 */
int	client_stdin_read(struct client *c, client_stdin_cb done, void *arg);
/* A MSG_READ or MSG_READ_DONE frame from c. */
void	client_stdin_frame(struct client *c, uint32_t type, const void *data,
	    size_t len);
/* c went away: its read is dropped. */
void	client_stdin_gone(struct client *c);

#endif
