/*
 * Reading a command client's stdin in the server (client-stdin.h): the
 * client process waits for its exit frame, so the server opens the
 * client's stdin itself through /proc and reads it without blocking,
 * waiting for more with an event while the writer is still writing.
 */
#include <sys/queue.h>

#include <errno.h>
#include <event2/event.h>
#include <fcntl.h>
#include <unistd.h>

#include "engine/base/buf.h"
#include "engine/base/xmalloc.h"
#include "engine/sys/fd-reopen.h"
#include "tmux-compat/client-stdin.h"
#include "tmux-compat/tmux.h"

struct client_stdin {
	struct client			*c;
	int				 fd;
	struct event			*ev;
	struct buf			 data;
	client_stdin_cb			 done;
	void				*arg;
	TAILQ_ENTRY(client_stdin)	 entry;
};
static TAILQ_HEAD(, client_stdin) client_stdins =
    TAILQ_HEAD_INITIALIZER(client_stdins);

/* Read what is there: 0 at the end (or an error in *error), 1 for more. */
static int
client_stdin_drain(struct client_stdin *cs, int *error)
{
	ssize_t	n;

	*error = 0;
	for (;;) {
		n = read(cs->fd, buf_reserve(&cs->data, 65536), 65536);
		if (n > 0) {
			buf_commit(&cs->data, (size_t)n);
			continue;
		}
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1 && errno == EAGAIN)
			return (1);
		if (n == -1)
			*error = errno;
		return (0);
	}
}

static void
client_stdin_free(struct client_stdin *cs)
{
	if (cs->ev != NULL) {
		TAILQ_REMOVE(&client_stdins, cs, entry);
		event_free(cs->ev);
	}
	close(cs->fd);
	buf_free(&cs->data);
	xfree(cs);
}

static void
client_stdin_finish(struct client_stdin *cs, int error)
{
	struct client	*c = cs->c;
	size_t		 len;
	char		*data = buf_take(&cs->data, &len);

	cs->done(c, data, len, error, cs->arg);
	client_stdin_free(cs);
}

static void
client_stdin_cb_read(evutil_socket_t fd, short events, void *arg)
{
	struct client_stdin	*cs = arg;
	struct client		*c = cs->c;
	int			 error;

	if (client_stdin_drain(cs, &error))
		return;
	client_stdin_finish(cs, error);
	cmdq_continue(c);
}

int
client_stdin_read(struct client *c, client_stdin_cb done, void *arg)
{
	struct client_stdin	*cs;
	int			 fd, error;

	if (c == NULL || c->pid <= 0 || c->control != NULL || c->tty != NULL) {
		errno = EBADF;
		return (-1);
	}
	if ((fd = fd_open_of_process((long)c->pid, 0, O_RDONLY)) == -1)
		return (-1);
	cs = xcalloc(1, sizeof *cs);
	cs->c = c;
	cs->fd = fd;
	buf_init(&cs->data);
	cs->done = done;
	cs->arg = arg;
	/* Files and /dev/null cannot be waited for, nor need to be. */
	if (!client_stdin_drain(cs, &error)) {
		if (error != 0) {
			client_stdin_free(cs);
			errno = error;
			return (-1);
		}
		client_stdin_finish(cs, 0);
		return (0);
	}
	cs->ev = event_new(server_event_base(), fd, EV_READ|EV_PERSIST,
	    client_stdin_cb_read, cs);
	if (cs->ev == NULL || event_add(cs->ev, NULL) != 0) {
		if (cs->ev != NULL)
			event_free(cs->ev);
		cs->ev = NULL;
		client_stdin_free(cs);
		errno = EBADF;
		return (-1);
	}
	TAILQ_INSERT_TAIL(&client_stdins, cs, entry);
	return (1);
}

void
client_stdin_gone(struct client *c)
{
	struct client_stdin	*cs, *next;

	TAILQ_FOREACH_SAFE(cs, &client_stdins, entry, next) {
		if (cs->c == c) {
			xfree(cs->arg);
			client_stdin_free(cs);
		}
	}
}
