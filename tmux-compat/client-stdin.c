/*
 * Reading a command client's stdin in the server (client-stdin.h): the
 * server asks the client for it (MSG_READ_OPEN) and takes the bytes the
 * client sends (MSG_READ up to MSG_READ_DONE), as tmux does. The server
 * never opens the client's stdin itself: it gets only what the client can
 * read, and the frames come one socket read at a time, so the server goes
 * on serving others while a large input arrives.
 */
#include <sys/queue.h>

#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "engine/base/buf.h"
#include "engine/base/xmalloc.h"
#include "tmux-compat/client-stdin.h"
#include "tmux-compat/proto.h"
#include "tmux-compat/tmux.h"

/*
 * The most a command may read: more is an error, as running out of memory
 * is for tmux, rather than the server growing until it is killed.
 */
#define CLIENT_STDIN_MAX	((size_t)256 << 20)

struct client_stdin {
	struct client			*c;
	struct buf			 data;
	client_stdin_cb			 done;
	void				*arg;
	TAILQ_ENTRY(client_stdin)	 entry;
};
static TAILQ_HEAD(, client_stdin) client_stdins =
    TAILQ_HEAD_INITIALIZER(client_stdins);

static struct client_stdin *
client_stdin_find(struct client *c)
{
	struct client_stdin	*cs;

	TAILQ_FOREACH(cs, &client_stdins, entry) {
		if (cs->c == c)
			return (cs);
	}
	return (NULL);
}

static void
client_stdin_free(struct client_stdin *cs)
{
	TAILQ_REMOVE(&client_stdins, cs, entry);
	buf_free(&cs->data);
	xfree(cs);
}

/* The read is over: the command has its data and the client goes on. */
static void
client_stdin_finish(struct client_stdin *cs, int error)
{
	struct client	*c = cs->c;
	size_t		 len;
	char		*data = buf_take(&cs->data, &len);

	cs->done(c, data, len, error, cs->arg);
	client_stdin_free(cs);
	cmdq_continue(c);
}

int
client_stdin_read(struct client *c, client_stdin_cb done, void *arg)
{
	struct client_stdin	*cs;

	if (c == NULL || c->control != NULL || c->tty != NULL ||
	    client_stdin_find(c) != NULL) {
		errno = EBADF;
		return (-1);
	}
	cs = xcalloc(1, sizeof *cs);
	cs->c = c;
	buf_init(&cs->data);
	cs->done = done;
	cs->arg = arg;
	TAILQ_INSERT_TAIL(&client_stdins, cs, entry);
	server_client_message(c, MSG_READ_OPEN, NULL, 0);
	return (1);
}

void
client_stdin_frame(struct client *c, uint32_t type, const void *data,
    size_t len)
{
	struct client_stdin	*cs;
	int32_t			 error = EIO;

	/* After a cancel the client may still send what it had read. */
	if ((cs = client_stdin_find(c)) == NULL)
		return;
	if (type == MSG_READ_DONE) {
		if (len == sizeof error)
			memcpy(&error, data, sizeof error);
		client_stdin_finish(cs, error);
		return;
	}
	if (len > CLIENT_STDIN_MAX - cs->data.len) {
		server_client_message(c, MSG_READ_CANCEL, NULL, 0);
		client_stdin_finish(cs, ENOMEM);
		return;
	}
	buf_add(&cs->data, data, len);
}

void
client_stdin_gone(struct client *c)
{
	struct client_stdin	*cs;

	if ((cs = client_stdin_find(c)) != NULL) {
		xfree(cs->arg);
		client_stdin_free(cs);
	}
}
