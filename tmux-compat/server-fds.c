/*
 * A control client's own stdin and stdout (PROTO_CTLFDS): taken from the
 * command frame's descriptors, read for command lines, written by the
 * server itself; the frames the client still gets on the socket (stderr,
 * exit) held until that stdout is written. Also a terminal passed for
 * attaching, kept until the client attaches.
 */
#include <sys/stat.h>

#include <errno.h>
#include <event2/event.h>
#include <fcntl.h>
#include <unistd.h>

#include "engine/base/buf.h"
#include "tmux-compat/control.h"
#include "tmux-compat/proto.h"
#include "tmux-compat/server-int.h"
#include "tmux-compat/tmux.h"

/* Read control lines from the client's own stdin (CLIENT_CONTROLFDS). */
static void
server_fds_stdin_cb(evutil_socket_t fd, short events, void *arg)
{
	static char	 p[65536];
	struct client	*c = arg;
	ssize_t		 n;

	n = read(fd, p, sizeof p);
	if (n == -1 && (errno == EAGAIN || errno == EINTR))
		return;
	if (n <= 0) {
		event_del(c->ev_read);
		control_input(c, "", 0);
		return;
	}
	control_input(c, p, (size_t)n);
}

static int
server_fds_fd_pollable(int fd)
{
	struct stat	sb;

	return (fstat(fd, &sb) == 0 && (S_ISFIFO(sb.st_mode) ||
	    S_ISCHR(sb.st_mode) || S_ISSOCK(sb.st_mode)));
}

/*
 * Whether the client opened fd for reading (want O_RDONLY) or writing
 * (O_WRONLY) itself. An O_PATH descriptor is a name, not an open file:
 * refused, so that nothing the server does with it opens what the client
 * could not.
 */
static int
server_fds_fd_allows(int fd, int want)
{
	int	flags, mode;

	if ((flags = fcntl(fd, F_GETFL)) == -1 || (flags & O_PATH))
		return (0);
	mode = flags & O_ACCMODE;
	if (mode == O_RDWR)
		return (1);
	return (mode == want);
}

/*
 * The descriptors sent with the command frame: a terminal to attach to, or
 * a control client's stdin and stdout, which the server then reads and
 * writes itself as tmux does (the -C client relaying both was half as fast
 * as tmux -C for one caller; bench/control_bench.py). They are used as the
 * client opened them, never opened again (which would be with the
 * server's rights): made non-blocking as tmux does, the client putting its
 * flags back when it is done. -1 if unusable.
 */
int
server_fds_take_fds(struct client *c, uint32_t flags)
{
	int	in, out, fl;

	if ((c->flags & CLIENT_CONTROL) && (flags & PROTO_CTLFDS)) {
		/* Only what can be polled: our client sends nothing else. */
		if (c->npassed != 2 || !server_fds_fd_pollable(c->passed[0]) ||
		    !server_fds_fd_pollable(c->passed[1]) ||
		    !server_fds_fd_allows(c->passed[0], O_RDONLY) ||
		    !server_fds_fd_allows(c->passed[1], O_WRONLY))
			return (-1);
		in = c->passed[0];
		out = c->passed[1];
		if ((fl = fcntl(in, F_GETFL)) == -1 ||
		    fcntl(in, F_SETFL, fl|O_NONBLOCK) == -1 ||
		    (fl = fcntl(out, F_GETFL)) == -1 ||
		    fcntl(out, F_SETFL, fl|O_NONBLOCK) == -1)
			return (-1);
		c->npassed = 0;
		c->flags |= CLIENT_CONTROLFDS;
		c->out_fd = out;
		c->ev_sock = c->ev_read;
		c->ev_read = event_new(server_event_base(), in, EV_READ|EV_PERSIST,
		    server_fds_stdin_cb, c);
		event_add(c->ev_read, NULL);
		event_free(c->ev_write);
		c->ev_write = event_new(server_event_base(), out, EV_WRITE,
		    server_client_write_cb, c);
		return (0);
	}
	/* Only a terminal the client may read and write, kept to attach. */
	if (c->npassed != 0 && server_fds_fd_allows(c->passed[0], O_RDWR) &&
	    isatty(c->passed[0])) {
		c->tty_fd = c->passed[0];
		c->passed[0] = -1;
	}
	while (c->npassed != 0) {
		if (c->passed[--c->npassed] != -1)
			close(c->passed[c->npassed]);
	}
	return (0);
}

/*
 * The frames a control client writing to its own stdout gets on the
 * socket, sent once its stdout is written (MSG_EXIT must come after all of
 * it). A few dozen bytes on an otherwise idle socket: written at once.
 */
void
server_fds_send_held(struct client *c)
{
	ssize_t	n;

	while (c->sock_out.len != 0) {
		n = write(c->fd, buf_data(&c->sock_out), c->sock_out.len);
		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0) {
			buf_clear(&c->sock_out);
			break;
		}
		buf_consume(&c->sock_out, (size_t)n);
	}
}

