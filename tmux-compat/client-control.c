/*
 * The control-mode client (-C, -CC). When its stdin and stdout are pipes
 * or terminals it passes them to the server with the command frame, as
 * tmux does, and the server reads and writes them itself; otherwise (a
 * file, /dev/null, a socket) it relays stdin to the server (MSG_STDIN) and
 * the server's output to stdout. Either way it waits until the server lets
 * it go, then prints "%exit[ reason]". With -CC on a terminal it puts the
 * terminal in tmux's control-mode raw state (CR in, CRLF out), wraps the
 * session in DCS 1000p ... ST and restores the terminal at the end.
 */
#include <sys/stat.h>
#include <sys/types.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "engine/base/buf.h"
#include "engine/base/xmalloc.h"
#include "tmux-compat/client-common.h"
#include "tmux-compat/proto.h"
#include "tmux-compat/tmux.h"

static volatile sig_atomic_t	client_control_signal;
static int			client_control_nowait;	/* last words */

static int
client_control_write(int fd, const void *data, size_t len)
{
	/* A signal ends a write nobody reads (SIGTERM, SIGHUP). */
	return (client_io_write(fd, data, len, &client_control_signal,
	    client_control_nowait));
}

static int
client_control_frame(int fd, enum msg_type type, const void *data, size_t len)
{
	return (client_io_write_frame(fd, type, data, len, &client_control_signal));
}

/* Write the stdout gathered from the frames read. */
static int
client_control_flush(struct buf *out)
{
	int	rc = 0;

	if (out->len != 0)
		rc = client_control_write(STDOUT_FILENO, buf_data(out),
		    out->len);
	buf_clear(out);
	return (rc);
}

static void
client_control_signal_cb(int sig)
{
	client_control_signal = sig;
}

/* tmux's control-mode terminal state: raw, but ICRNL in and ONLCR out. */
static void
client_control_raw(struct termios *saved)
{
	struct termios	tio;

	memcpy(&tio, saved, sizeof tio);
	tio.c_iflag = ICRNL|IXANY;
	tio.c_oflag = OPOST|ONLCR;
	tio.c_lflag = 0;
	tio.c_cflag = CREAD|CS8|HUPCL;
	tio.c_cc[VMIN] = 1;
	tio.c_cc[VTIME] = 0;
	cfsetispeed(&tio, cfgetispeed(saved));
	cfsetospeed(&tio, cfgetospeed(saved));
	tcsetattr(STDIN_FILENO, TCSANOW, &tio);
}

/* Can the server read and write this descriptor itself? */
static int
client_control_passable(int fd)
{
	struct stat	sb;

	if (fstat(fd, &sb) != 0)
		return (0);
	return (S_ISFIFO(sb.st_mode) || isatty(fd));
}

/* wait-exit: after %exit, read stdin up to an empty line or its end. */
static void
client_control_wait_exit(void)
{
	char	c, last = '\n';
	ssize_t	n;

	for (;;) {
		n = read(STDIN_FILENO, &c, 1);
		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0)
			return;
		if ((c == '\n' || c == '\r') && last == '\n')
			return;
		last = (c == '\r') ? '\n' : c;
	}
}

int
client_control_main(int fd, struct client_opts *opts)
{
	struct termios	 saved;
	struct pollfd	 pfd[2];
	struct buf	 in, out;
	struct msg_hdr	 hdr;
	uint8_t		 data[65536];
	const char	*reason = NULL;
	char		*exitmsg = NULL;
	int		 cc, raw = 0, stdin_open = 1, retval = 1, done = 0;
	int		 wait_exit = 0, last_try = 0, oflags = -1, direct;
	int		 inflags, outflags;
	ssize_t		 n;
	struct sigaction sa;

	/* SIGTERM and SIGHUP end the client: %exit, the terminal restored. */
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = client_control_signal_cb;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);

	cc = (opts->flags & CLIENT_CONTROLCONTROL) != 0;
	if (cc && isatty(STDIN_FILENO) && tcgetattr(STDIN_FILENO, &saved) == 0) {
		client_control_raw(&saved);
		raw = 1;
	}
	if (cc)
		client_control_write(STDOUT_FILENO, "\033P1000p", 7);

	/*
	 * The server may make them non-blocking (when it cannot open them
	 * anew): they are put back as they were at the end.
	 */
	direct = client_control_passable(STDIN_FILENO) &&
	    client_control_passable(STDOUT_FILENO);
	inflags = fcntl(STDIN_FILENO, F_GETFL);
	outflags = fcntl(STDOUT_FILENO, F_GETFL);
	if (client_send_command(fd, opts, direct) != 0) {
		reason = "server exited unexpectedly";
		done = 1;
	}

	buf_init(&in);
	buf_init(&out);
	while (!done) {
		pfd[0].fd = fd;
		pfd[0].events = POLLIN;
		pfd[1].fd = (stdin_open && !direct) ? STDIN_FILENO : -1;
		pfd[1].events = POLLIN;
		if (client_control_signal != 0 || poll(pfd, 2, -1) == -1) {
			if (client_control_signal == SIGTERM) {
				/* What 3.3a prints: "%exit", status 0. */
				retval = 0;
				done = 1;
				break;
			}
			if (client_control_signal == SIGHUP) {
				reason = "lost tty";
				break;
			}
			if (errno == EINTR)
				continue;
			break;
		}
		if (pfd[1].revents & (POLLIN|POLLHUP|POLLERR)) {
			n = read(STDIN_FILENO, data, sizeof data);
			if (n == -1 && (errno == EINTR || errno == EAGAIN))
				continue;
			if (n <= 0) {
				stdin_open = 0;
				n = 0;
			}
			if (client_control_frame(fd, MSG_STDIN, data,
			    (size_t)n) != 0)
				stdin_open = 0;
		}
		if ((pfd[0].revents & (POLLIN|POLLHUP|POLLERR)) == 0)
			continue;
		n = read(fd, buf_reserve(&in, sizeof data), sizeof data);
		if (n == -1 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (n <= 0) {
			reason = "server exited unexpectedly";
			break;
		}
		buf_commit(&in, (size_t)n);
		buf_clear(&out);
		while (!done && in.len >= sizeof hdr) {
			const uint8_t	*p = buf_data(&in);

			memcpy(&hdr, p, sizeof hdr);
			if (hdr.len > PROTO_MAX_FRAME) {
				reason = "server exited unexpectedly";
				done = 1;
				break;
			}
			if (in.len < sizeof hdr + hdr.len)
				break;
			p += sizeof hdr;
			switch (hdr.type) {
			case MSG_STDOUT:
				/* Frames read together go out in one write. */
				buf_add(&out, p, hdr.len);
				break;
			case MSG_STDERR:
				if (client_control_flush(&out) != 0) {
					reason = "lost tty";
					done = 1;
					break;
				}
				client_control_write(STDERR_FILENO, p, hdr.len);
				break;
			case MSG_EXIT:
				if (hdr.len >= sizeof(int32_t)) {
					int32_t	v;

					memcpy(&v, p, sizeof v);
					retval = v;
				}
				if (hdr.len > sizeof(int32_t)) {
					size_t	 rlen = hdr.len - sizeof(int32_t);

					exitmsg = xmalloc(rlen + 1);
					memcpy(exitmsg, p + sizeof(int32_t),
					    rlen);
					exitmsg[rlen] = '\0';
					reason = exitmsg;
					/* After the reason's NUL: wait-exit. */
					if (strlen(exitmsg) + 1 < rlen &&
					    exitmsg[strlen(exitmsg) + 1] == 1)
						wait_exit = 1;
				}
				done = 1;
				break;
			}
			buf_consume(&in, sizeof hdr + hdr.len);
		}
		/* Nobody reads our output any more: leave. */
		if (client_control_flush(&out) != 0 && reason == NULL) {
			reason = "lost tty";
			done = 1;
		}
	}
	if (!done)
		retval = 1;
	buf_free(&in);
	buf_free(&out);
	close(fd);
	if (direct && inflags != -1)
		fcntl(STDIN_FILENO, F_SETFL, inflags);
	if (direct && outflags != -1)
		fcntl(STDOUT_FILENO, F_SETFL, outflags);

	/*
	 * After a signal, the last words are written once and without
	 * blocking: nobody may be reading.
	 */
	if (client_control_signal != 0) {
		oflags = fcntl(STDOUT_FILENO, F_GETFL);
		if (oflags != -1)
			fcntl(STDOUT_FILENO, F_SETFL, oflags|O_NONBLOCK);
		client_control_signal = 0;
		client_control_nowait = 1;
		last_try = 1;
	}
	if (reason != NULL && *reason != '\0') {
		client_control_write(STDOUT_FILENO, "%exit ", 6);
		client_control_write(STDOUT_FILENO, reason, strlen(reason));
		client_control_write(STDOUT_FILENO, "\n", 1);
	} else
		client_control_write(STDOUT_FILENO, "%exit\n", 6);
	if (wait_exit && stdin_open)
		client_control_wait_exit();
	if (cc)
		client_control_write(STDOUT_FILENO, "\033\\", 2);
	if (last_try && oflags != -1)
		fcntl(STDOUT_FILENO, F_SETFL, oflags);
	if (raw)
		tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved);
	xfree(exitmsg);
	return (retval);
}
