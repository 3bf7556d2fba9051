/*
 * The attached client (attach-session, new-session without -d): once the
 * server says MSG_ATTACH, the terminal goes raw and, when the server took
 * the terminal itself (it was passed with the command), the client only
 * reports size changes (SIGWINCH, as MSG_RESIZE); otherwise keys go to
 * the server as MSG_STDIN and its drawing comes back as MSG_STDOUT. At MSG_EXIT the terminal
 * is restored and the server's last words ("[detached (from session
 * s)]") printed, as tmux's client does.
 */
#include <sys/ioctl.h>
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

static int	client_tty_sigpipe[2] = { -1, -1 };
static int	client_tty_stopped;	/* MSG_SUSPEND until SIGCONT */

static void
client_tty_signal(int sig)
{
	char	c = (char)sig;
	int	saved = errno;

	(void)write(client_tty_sigpipe[1], &c, 1);
	errno = saved;
}

/* tmux's raw mode for the outer terminal (tty_start_tty). */
static void
client_tty_raw(const struct termios *saved)
{
	struct termios	tio;

	tio = *saved;
	tio.c_iflag &= ~(IXON|IXOFF|ICRNL|INLCR|IGNCR|IMAXBEL|ISTRIP);
	tio.c_iflag |= IGNBRK;
	tio.c_oflag &= ~(OPOST|ONLCR|OCRNL|ONLRET);
	tio.c_lflag &= ~(IEXTEN|ICANON|ECHO|ECHOE|ECHONL|ECHOCTL|ECHOPRT|
	    ECHOKE|ISIG);
	tio.c_cc[VMIN] = 1;
	tio.c_cc[VTIME] = 0;
	tcsetattr(STDIN_FILENO, TCSANOW, &tio);
}

static void
client_tty_send_size(int fd)
{
	uint32_t	size[2];
	unsigned	sx, sy;

	client_io_tty_size(&sx, &sy);
	size[0] = sx;
	size[1] = sy;
	client_io_write_frame(fd, MSG_RESIZE, size, sizeof size, NULL);
}

/*
 * lock-* and suspend-client: the terminal as it was, then the lock command
 * run or the client stopped (SIGTSTP, as tmux's client); raw again after
 * the command, or at SIGCONT.
 */
static void
client_tty_away(int fd, uint32_t type, const char *command, size_t len,
    const struct termios *saved)
{
	char	*cmd;

	if (saved != NULL)
		tcsetattr(STDIN_FILENO, TCSADRAIN, saved);
	if (type == MSG_LOCK) {
		cmd = xstrndup(command, len);
		(void)system(cmd);
		xfree(cmd);
	} else {
		/* Until SIGCONT (client_tty_continued), as tmux's client. */
		client_tty_stopped = 1;
		signal(SIGTSTP, SIG_DFL);
		kill(getpid(), SIGTSTP);
		return;
	}
	if (saved != NULL)
		client_tty_raw(saved);
	client_io_write_frame(fd, MSG_UNLOCK, NULL, 0, NULL);
	client_tty_send_size(fd);
}

/* Continued after MSG_SUSPEND: raw mode again, MSG_WAKEUP. */
static void
client_tty_continued(int fd, const struct termios *saved)
{
	if (!client_tty_stopped)
		return;
	client_tty_stopped = 0;
	if (saved != NULL)
		client_tty_raw(saved);
	client_io_write_frame(fd, MSG_WAKEUP, NULL, 0, NULL);
}

/*
 * Relay until MSG_EXIT. The command frame has been sent and the server
 * has answered MSG_ATTACH. Returns the exit status.
 */
int
client_tty_main(int fd, int direct, const void *pending, size_t npending)
{
	struct termios	 saved;
	struct pollfd	 pfd[3];
	struct msg_hdr	 hdr;
	struct buf	 in;
	uint8_t		 data[4096];
	ssize_t		 n;
	int		 have_tio, retval = 1, done = 0, stdin_open = !direct;
	int		 hup = 0;
	char		*message = NULL;

	have_tio = tcgetattr(STDIN_FILENO, &saved) == 0;
	if (have_tio)
		client_tty_raw(&saved);
	if (pipe(client_tty_sigpipe) == 0) {
		fcntl(client_tty_sigpipe[0], F_SETFL, O_NONBLOCK);
		fcntl(client_tty_sigpipe[1], F_SETFL, O_NONBLOCK);
		signal(SIGWINCH, client_tty_signal);
		signal(SIGCONT, client_tty_signal);
	}
	/* SIGHUP/SIGTERM: the server notices the connection go. */
	buf_init(&in);
	/* Frames read with MSG_ATTACH are handled before anything else. */
	buf_add(&in, pending, npending);
	client_tty_send_size(fd);
	while (!done) {
		if (npending != 0) {
			npending = 0;
			goto frames;
		}
		pfd[0].fd = fd;
		pfd[0].events = POLLIN;
		pfd[1].fd = stdin_open ? STDIN_FILENO : -1;
		pfd[1].events = POLLIN;
		pfd[2].fd = client_tty_sigpipe[0];
		pfd[2].events = POLLIN;
		if (poll(pfd, 3, -1) == -1) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (pfd[2].revents & POLLIN) {
			while ((n = read(client_tty_sigpipe[0], data,
			    sizeof data)) > 0) {
				if (memchr(data, SIGCONT, (size_t)n) != NULL)
					client_tty_continued(fd,
					    have_tio ? &saved : NULL);
			}
			client_tty_send_size(fd);
		}
		if (pfd[1].revents & (POLLIN|POLLHUP)) {
			n = read(STDIN_FILENO, data, sizeof data);
			if (n > 0)
				client_io_write_frame(fd, MSG_STDIN, data, (size_t)n, NULL);
			else if (n == 0 || (errno != EINTR && errno != EAGAIN))
				stdin_open = 0;
		}
		if ((pfd[0].revents & (POLLIN|POLLHUP|POLLERR)) == 0)
			continue;
		n = read(fd, buf_reserve(&in, 65536), 65536);
		if (n <= 0) {
			if (n == -1 && errno == EINTR)
				continue;
			message = xstrdup("[lost server]");
			break;
		}
		buf_commit(&in, (size_t)n);
frames:
		while (in.len >= sizeof hdr) {
			const uint8_t	*p;

			memcpy(&hdr, buf_data(&in), sizeof hdr);
			if (hdr.len > PROTO_MAX_FRAME) {
				done = 1;
				break;
			}
			if (in.len < sizeof hdr + hdr.len)
				break;
			p = buf_data(&in) + sizeof hdr;
			/*
			 * When the server draws on the terminal itself, what
			 * the terminal had not taken when it gave it back
			 * comes here: it goes to the same terminal (stdin).
			 */
			if (hdr.type == MSG_STDOUT)
				client_io_write(direct ? STDIN_FILENO :
				    STDOUT_FILENO, p, hdr.len, NULL, 0);
			else if (hdr.type == MSG_STDERR)
				client_io_write(STDERR_FILENO, p, hdr.len, NULL, 0);
			else if (hdr.type == MSG_LOCK ||
			    hdr.type == MSG_SUSPEND) {
				client_tty_away(fd, hdr.type, (const char *)p,
				    hdr.len, have_tio ? &saved : NULL);
			} else if (hdr.type == MSG_EXIT) {
				int32_t	v = 0;

				if (hdr.len >= sizeof v)
					memcpy(&v, p, sizeof v);
				retval = v;
				if (hdr.len > sizeof v) {
					message = xstrndup((const char *)p +
					    sizeof v, hdr.len - sizeof v);
					/* After the line's NUL: SIGHUP the parent. */
					n = (ssize_t)(sizeof v + strlen(message) +
					    1);
					hup = (size_t)n < hdr.len && p[n] == 1;
				}
				done = 1;
			}
			buf_consume(&in, sizeof hdr + hdr.len);
			if (done)
				break;
		}
	}
	if (have_tio)
		tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved);
	signal(SIGWINCH, SIG_DFL);
	signal(SIGCONT, SIG_DFL);
	if (message != NULL && *message != '\0')
		printf("%s\n", message);
	fflush(stdout);
	if (hup && getppid() > 1)
		kill(getppid(), SIGHUP);	/* tmux's MSG_DETACHKILL */
	xfree(message);
	buf_free(&in);
	close(fd);
	return (retval);
}
