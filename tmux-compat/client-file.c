/*
 * Files read and written for a command client (client-file.h). As tmux
 * does, the server asks the client (MSG_READ_OPEN, MSG_WRITE_OPEN) and
 * the client opens its stdin or the file with its own rights: a user
 * allowed to run commands on a server of another user reads and writes
 * only what it could itself. For a read the server takes the bytes the
 * client sends (MSG_READ up to MSG_READ_DONE), one socket read at a
 * time, so it goes on serving others while a large input arrives.
 */
#include <sys/queue.h>

#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "engine/base/buf.h"
#include "engine/base/xmalloc.h"
#include "tmux-compat/client-file.h"
#include "tmux-compat/proto.h"
#include "tmux-compat/tmux.h"

/*
 * The most a command may read: more is an error, as running out of memory
 * is for tmux, rather than the server growing until it is killed.
 */
#define CLIENT_FILE_MAX	((size_t)256 << 20)

struct client_file {
	struct client			*c;
	struct buf			 data;
	client_file_read_cb		 read_done;	/* a read, or */
	client_file_write_cb		 write_done;	/* a write */
	void				*arg;
	TAILQ_ENTRY(client_file)	 entry;
};
static TAILQ_HEAD(, client_file) client_files =
    TAILQ_HEAD_INITIALIZER(client_files);

/*
 * c's oldest read or write: the frames c sends are its, in order. One
 * whose callbacks are gone (a cancelled read) only drains what the client
 * had sent before it saw MSG_READ_CANCEL, up to its MSG_READ_DONE, so
 * none of it goes to the next read.
 */
static struct client_file *
client_file_find(struct client *c)
{
	struct client_file	*cf;

	TAILQ_FOREACH(cf, &client_files, entry) {
		if (cf->c == c)
			return (cf);
	}
	return (NULL);
}

/* Whether c has a read or write a command waits for. */
static int
client_file_busy(struct client *c)
{
	struct client_file	*cf;

	TAILQ_FOREACH(cf, &client_files, entry) {
		if (cf->c == c &&
		    (cf->read_done != NULL || cf->write_done != NULL))
			return (1);
	}
	return (0);
}

static void
client_file_free(struct client_file *cf)
{
	TAILQ_REMOVE(&client_files, cf, entry);
	buf_free(&cf->data);
	xfree(cf);
}

/*
 * The read or write is over: the command is told (c NULL: the client
 * went away, only arg is to be freed) and the client goes on, unless the
 * command asked for another file. A cancelled read stays, to drain.
 */
static void
client_file_finish(struct client_file *cf, struct client *c, int error,
    int drain)
{
	client_file_read_cb	 read_done = cf->read_done;
	client_file_write_cb	 write_done = cf->write_done;
	void			*arg = cf->arg;
	size_t			 len;
	char			*data;

	data = buf_take(&cf->data, &len);
	if (drain) {
		cf->read_done = NULL;
		cf->arg = NULL;
		buf_init(&cf->data);
	} else
		client_file_free(cf);
	if (read_done != NULL)
		read_done(c, data, len, error, arg);
	else if (write_done != NULL) {
		xfree(data);
		write_done(c, error, arg);
	} else
		xfree(data);
	if (c != NULL && !client_file_busy(c))
		cmdq_continue(c);
}

int
client_file_remote(struct client *c)
{
	return (c != NULL && c->env != NULL && c->control == NULL &&
	    c->tty == NULL && (~c->flags & CLIENT_RAWCONTROL));
}

int
client_file_where(struct cmdq_item *item)
{
	struct client	*c = item->client;

	if (!client_file_remote(c))
		return (0);
	if (item->can_wait)
		return (1);
	if (c->uid == getuid())
		return (0);
	return (-1);
}

static struct client_file *
client_file_new(struct client *c, void *arg)
{
	struct client_file	*cf;

	if (!client_file_remote(c) || c->exiting || client_file_busy(c)) {
		errno = EBADF;
		return (NULL);
	}
	cf = xcalloc(1, sizeof *cf);
	cf->c = c;
	buf_init(&cf->data);
	cf->arg = arg;
	TAILQ_INSERT_TAIL(&client_files, cf, entry);
	return (cf);
}

int
client_file_read(struct client *c, const char *path, client_file_read_cb done,
    void *arg)
{
	struct client_file	*cf;

	if ((cf = client_file_new(c, arg)) == NULL)
		return (-1);
	cf->read_done = done;
	if (path == NULL)
		server_client_message(c, MSG_READ_OPEN, NULL, 0);
	else
		server_client_message(c, MSG_READ_OPEN, path, strlen(path) + 1);
	return (1);
}

int
client_file_write(struct client *c, const char *path, int append,
    const void *data, size_t len, client_file_write_cb done, void *arg)
{
	struct client_file	*cf;
	struct buf		 msg;
	uint32_t		 flags = append ? PROTO_WRITE_APPEND : 0;

	if ((cf = client_file_new(c, arg)) == NULL)
		return (-1);
	cf->write_done = done;
	buf_init(&msg);
	buf_add(&msg, &flags, sizeof flags);
	buf_add(&msg, path, strlen(path) + 1);
	server_client_message(c, MSG_WRITE_OPEN, buf_data(&msg), msg.len);
	buf_free(&msg);
	if (len != 0)
		server_client_message(c, MSG_WRITE, data, len);
	server_client_message(c, MSG_WRITE_CLOSE, NULL, 0);
	return (1);
}

void
client_file_frame(struct client *c, uint32_t type, const void *data,
    size_t len)
{
	struct client_file	*cf;
	int32_t			 error = EIO;

	if ((cf = client_file_find(c)) == NULL)
		return;
	if ((type == MSG_WRITE_DONE) != (cf->write_done != NULL))
		return;
	if (cf->read_done == NULL && cf->write_done == NULL) {
		/* Cancelled: what the client had sent, then its end. */
		if (type == MSG_READ_DONE)
			client_file_free(cf);
		return;
	}
	if (type == MSG_READ_DONE || type == MSG_WRITE_DONE) {
		if (len == sizeof error)
			memcpy(&error, data, sizeof error);
		client_file_finish(cf, c, error, 0);
		return;
	}
	if (len > CLIENT_FILE_MAX - cf->data.len) {
		server_client_message(c, MSG_READ_CANCEL, NULL, 0);
		client_file_finish(cf, c, ENOMEM, 1);
		return;
	}
	buf_add(&cf->data, data, len);
}

void
client_file_gone(struct client *c)
{
	struct client_file	*cf;

	while ((cf = client_file_find(c)) != NULL)
		client_file_finish(cf, NULL, ECONNRESET, 0);
}
