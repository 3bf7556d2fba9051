/*
 * Writing for the client processes (command, control and attached
 * clients): whole buffers and frames, through EINTR, waiting out EAGAIN on
 * a non-blocking terminal unless told not to, and giving up when *stop is
 * set (a signal that ends a write nobody reads).
 */
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/uio.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>

#include "engine/base/buf.h"
#include "tmux-compat/client-common.h"

int
client_io_write(int fd, const void *data, size_t len,
    const volatile sig_atomic_t *stop, int nowait)
{
	const uint8_t	*p = data;
	ssize_t		 n;

	while (len > 0) {
		if (stop != NULL && *stop != 0)
			return (-1);
		n = write(fd, p, len);
		if (n == -1) {
			if (errno == EINTR)
				continue;
			if (errno == EAGAIN && !nowait) {
				struct pollfd	pfd = { fd, POLLOUT, 0 };

				poll(&pfd, 1, -1);
				continue;
			}
			return (-1);
		}
		p += n;
		len -= (size_t)n;
	}
	return (0);
}

int
client_io_write_frame(int fd, enum msg_type type, const void *data, size_t len,
    const volatile sig_atomic_t *stop)
{
	struct msg_hdr	hdr;
	struct iovec	iov[2];
	ssize_t		n;

	hdr.type = type;
	hdr.len = (uint32_t)len;
	/*
	 * Header and data in one write: the server then gets the frame
	 * whole in one wake-up (written apart, control mode's round trip
	 * took one more turn of the server's loop).
	 */
	iov[0].iov_base = &hdr;
	iov[0].iov_len = sizeof hdr;
	iov[1].iov_base = (void *)data;
	iov[1].iov_len = len;
	do
		n = writev(fd, iov, len != 0 ? 2 : 1);
	while (n == -1 && errno == EINTR && (stop == NULL || *stop == 0));
	if (n == -1) {
		if (errno != EAGAIN)
			return (-1);
		n = 0;
	}
	if ((size_t)n < sizeof hdr) {
		if (client_io_write(fd, (uint8_t *)&hdr + n, sizeof hdr - n,
		    stop, 0) != 0)
			return (-1);
		n = sizeof hdr;
	}
	n -= sizeof hdr;
	return (client_io_write(fd, (const uint8_t *)data + n, len - n, stop,
	    0));
}

/* Write the frame header with descriptors attached (SCM_RIGHTS). */
int
client_io_send_fds(int fd, const void *data, size_t len, const int *fds,
    int nfds)
{
	struct msghdr	 msg;
	struct iovec	 iov = { (void *)data, len };
	struct cmsghdr	*cmsg;
	union {
		struct cmsghdr	hdr;
		char		buf[CMSG_SPACE(2 * sizeof(int))];
	} u;
	ssize_t		 n;

	memset(&msg, 0, sizeof msg);
	memset(&u, 0, sizeof u);
	msg.msg_iov = &iov;
	msg.msg_iovlen = 1;
	msg.msg_control = u.buf;
	msg.msg_controllen = CMSG_SPACE(nfds * sizeof(int));
	cmsg = CMSG_FIRSTHDR(&msg);
	cmsg->cmsg_level = SOL_SOCKET;
	cmsg->cmsg_type = SCM_RIGHTS;
	cmsg->cmsg_len = CMSG_LEN(nfds * sizeof(int));
	memcpy(CMSG_DATA(cmsg), fds, nfds * sizeof(int));
	do
		n = sendmsg(fd, &msg, 0);
	while (n == -1 && errno == EINTR);
	if (n == -1)
		return (-1);
	if ((size_t)n < len)
		return (client_io_write(fd, (const uint8_t *)data + n, len -
		    (size_t)n, NULL, 1));
	return (0);
}

/* The terminal's size, or 80x24 as tmux assumes when it cannot tell. */
void
client_io_tty_size(unsigned *sx, unsigned *sy)
{
	struct winsize	ws;

	*sx = 80;
	*sy = 24;
	if (ioctl(STDIN_FILENO, TIOCGWINSZ, &ws) == 0) {
		if (ws.ws_col != 0)
			*sx = ws.ws_col;
		if (ws.ws_row != 0)
			*sy = ws.ws_row;
	}
}

/* Write the output gathered from the frames read so far. */
static void
client_io_out_flush(struct buf *out)
{
	if (out->len != 0)
		client_io_write(STDOUT_FILENO, buf_data(out), out->len, NULL, 1);
	buf_clear(out);
}

/*
 * What the server asked to read (MSG_READ_OPEN): stdin if no path came,
 * else the file, opened here with the client's rights as tmux's client
 * does. -1 (and MSG_READ_DONE with the error sent) if it cannot be.
 */
static int
client_io_relay_read_open(int fd, const uint8_t *p, size_t len)
{
	int32_t	error;
	int	rfd;

	if (len == 0)
		return (STDIN_FILENO);
	if (p[len - 1] != '\0')
		error = EINVAL;
	else if ((rfd = open((const char *)p, O_RDONLY|O_CLOEXEC)) != -1)
		return (rfd);
	else
		error = errno;
	client_io_write_frame(fd, MSG_READ_DONE, &error, sizeof error, NULL);
	return (-1);
}

/* Stop reading what MSG_READ_OPEN opened. */
static void
client_io_relay_read_close(int *rfd)
{
	if (*rfd != -1 && *rfd != STDIN_FILENO)
		close(*rfd);
	*rfd = -1;
}

/*
 * Send the server one piece of what it asked to read (MSG_READ_OPEN): it
 * reads only what the client sends, as tmux's server. 0 while there is
 * more to send.
 */
static int
client_io_relay_read(int fd, int rfd)
{
	static char	p[PROTO_CHUNK];
	int32_t		error = 0;
	ssize_t		n;

	n = read(rfd, p, sizeof p);
	if (n == -1 && (errno == EINTR || errno == EAGAIN))
		return (0);
	if (n > 0)
		return (client_io_write_frame(fd, MSG_READ, p, (size_t)n, NULL));
	/* A file that cannot be read is only shorter for tmux's client. */
	if (n == -1 && rfd == STDIN_FILENO)
		error = errno;
	client_io_write_frame(fd, MSG_READ_DONE, &error, sizeof error, NULL);
	return (-1);
}

/*
 * MSG_WRITE_OPEN: open the file with the client's rights (as tmux's
 * client: not blocking, created 0644, appended to or truncated); *error
 * keeps why it could not be, for MSG_WRITE_DONE.
 */
static int
client_io_relay_write_open(const uint8_t *p, size_t len, int32_t *error)
{
	uint32_t	flags;
	int		wfd, oflags = O_WRONLY|O_CREAT|O_NONBLOCK|O_CLOEXEC;

	*error = 0;
	if (len <= sizeof flags || p[len - 1] != '\0') {
		*error = EINVAL;
		return (-1);
	}
	memcpy(&flags, p, sizeof flags);
	oflags |= (flags & PROTO_WRITE_APPEND) ? O_APPEND : O_TRUNC;
	if ((wfd = open((const char *)p + sizeof flags, oflags, 0644)) == -1)
		*error = errno;
	return (wfd);
}

/* MSG_WRITE_CLOSE: close the file and tell the server how it went. */
static void
client_io_relay_write_close(int fd, int *wfd, int32_t *error)
{
	if (*wfd != -1 && close(*wfd) != 0 && *error == 0)
		*error = errno;
	*wfd = -1;
	client_io_write_frame(fd, MSG_WRITE_DONE, error, sizeof *error, NULL);
	*error = 0;
}

int
client_io_relay(int fd, struct buf *in, int32_t *status, int *direct)
{
	struct msg_hdr	 hdr;
	struct buf	 out;
	struct pollfd	 pfd[2];
	const uint8_t	*p;
	ssize_t		 n;
	int		 result = CLIENT_RELAY_LOST, rfd = -1, wfd = -1;
	int32_t		 werror = 0, cancel;

	/*
	 * Frames are read in large pieces and the output of those read
	 * together is written at once (show-options -g of 1000 options was
	 * 1086 frames: two reads and a write each).
	 */
	buf_init(&out);
	for (;;) {
		if (in->len >= sizeof hdr)
			memcpy(&hdr, buf_data(in), sizeof hdr);
		if (in->len >= sizeof hdr && hdr.len > PROTO_MAX_FRAME)
			break;
		if (in->len < sizeof hdr || in->len - sizeof hdr < hdr.len) {
			/* About to wait: what we have goes out first. */
			client_io_out_flush(&out);
			if (rfd != -1) {
				/* What is read goes to the server as it comes. */
				pfd[0].fd = fd;
				pfd[0].events = POLLIN;
				pfd[1].fd = rfd;
				pfd[1].events = POLLIN;
				if (poll(pfd, 2, -1) == -1) {
					if (errno == EINTR)
						continue;
					break;
				}
				if (pfd[0].revents == 0) {
					if (pfd[1].revents != 0 &&
					    client_io_relay_read(fd, rfd) != 0)
						client_io_relay_read_close(&rfd);
					continue;
				}
			}
			n = read(fd, buf_reserve(in, 65536), 65536);
			if (n == -1 && errno == EINTR)
				continue;
			if (n <= 0)
				break;
			buf_commit(in, (size_t)n);
			continue;
		}
		p = buf_data(in) + sizeof hdr;
		if (hdr.type != MSG_STDOUT)
			client_io_out_flush(&out);
		if (hdr.type == MSG_STDOUT)
			buf_add(&out, p, hdr.len);
		else if (hdr.type == MSG_STDERR)
			client_io_write(STDERR_FILENO, p, hdr.len, NULL, 1);
		else if (hdr.type == MSG_READ_OPEN) {
			client_io_relay_read_close(&rfd);
			rfd = client_io_relay_read_open(fd, p, hdr.len);
		} else if (hdr.type == MSG_READ_CANCEL) {
			/* The server drains up to this end of the read. */
			if (rfd != -1) {
				cancel = ECANCELED;
				client_io_write_frame(fd, MSG_READ_DONE,
				    &cancel, sizeof cancel, NULL);
			}
			client_io_relay_read_close(&rfd);
		}
		else if (hdr.type == MSG_WRITE_OPEN) {
			if (wfd != -1)
				close(wfd);
			wfd = client_io_relay_write_open(p, hdr.len, &werror);
		} else if (hdr.type == MSG_WRITE) {
			if (wfd != -1 && werror == 0 &&
			    client_io_write(wfd, p, hdr.len, NULL, 0) != 0)
				werror = errno;
		} else if (hdr.type == MSG_WRITE_CLOSE)
			client_io_relay_write_close(fd, &wfd, &werror);
		else if (hdr.type == MSG_ATTACH) {
			*direct = hdr.len >= 1 && p[0] == 1;
			result = CLIENT_RELAY_ATTACH;
		} else if (hdr.type == MSG_EXIT) {
			*status = 1;
			if (hdr.len >= sizeof *status)
				memcpy(status, p, sizeof *status);
			result = CLIENT_RELAY_EXIT;
		}
		buf_consume(in, sizeof hdr + hdr.len);
		if (result != CLIENT_RELAY_LOST)
			break;
	}
	client_io_out_flush(&out);
	buf_free(&out);
	client_io_relay_read_close(&rfd);
	if (wfd != -1)
		close(wfd);
	return (result);
}
