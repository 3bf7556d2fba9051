/*
 * Files a command reads or writes for a client (tmux's file_read and
 * file_write): a command client's stdin, and paths, which a command client
 * opens itself with its own rights.
 */
#ifndef ZEROPTY_CLIENT_FILE_H
#define ZEROPTY_CLIENT_FILE_H

#include <stddef.h>
#include <stdint.h>

struct client;

/*
 * Called with all that was read (data is the callee's), or error (errno);
 * with c NULL if the client went away first (only arg is to be freed).
 * The callback may start another read or write for c: the client's
 * commands then wait for that one too.
 */
typedef void (*client_file_read_cb)(struct client *, char *data, size_t len,
    int error, void *arg);
/* Called once a write is over: error 0 or an errno (c NULL as above). */
typedef void (*client_file_write_cb)(struct client *, int error, void *arg);

/*
 * Whether c's commands read and write files through c (a command client,
 * as for tmux) rather than in the server (no client, an attached or a
 * control client: tmux's c == NULL or CLIENT_ATTACHED).
 */
int	client_file_remote(struct client *c);
/*
 * Where the file of item's command is opened: 1 by its client (a command
 * client whose list waits for it), 0 in the server (no client, an attached
 * or control client, as tmux; or a command client of the server's own user
 * in a list that cannot wait: source-file's, a hook's), -1 nowhere (a list
 * that cannot wait, of another user: the server must not open that user's
 * paths with its own rights).
 */
struct cmdq_item;
int	client_file_where(struct cmdq_item *item);
/*
 * Have c read path (an absolute path, or NULL for its stdin) to its end
 * and call done with arg. Returns 1: the command must wait (the client's
 * commands go on after done, which may then have an error: an errno from
 * the client, or ENOMEM past the limit), or -1 with errno if c cannot
 * read (a control or attached client, or one already reading: done is
 * not called and arg stays the caller's).
 */
int	client_file_read(struct client *c, const char *path,
	    client_file_read_cb done, void *arg);
/*
 * Have c write data to path (absolute; appended to if append, else
 * truncated) and call done with arg. Returns 1 (wait) or -1 with errno.
 */
int	client_file_write(struct client *c, const char *path, int append,
	    const void *data, size_t len, client_file_write_cb done, void *arg);
/* A MSG_READ, MSG_READ_DONE or MSG_WRITE_DONE frame from c. */
void	client_file_frame(struct client *c, uint32_t type, const void *data,
	    size_t len);
/* c went away: its read or write is dropped. */
void	client_file_gone(struct client *c);

#endif
