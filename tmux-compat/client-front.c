/*
 * The front of the zeropty command: the commands scripts and libtmux run
 * most (one process per command, hundreds a session), sent to a running
 * server and answered, with nothing else linked in; everything else runs
 * the full client, zeropty-client, in this process (execv, same argv).
 *
 * Why: on the VMs we measure on, a glibc program spends ~0.5 ms of CPU
 * before main() probing the CPU's caches (CPUID traps to the hypervisor;
 * perf: intel_check_word and handle_intel were 11 % of all CPU in the
 * libtmux benchmark), three times what this client then does. Built with
 * musl where configure finds musl-gcc (static, no such probe: an empty
 * program starts in 0.03 ms of CPU against 0.55 ms), so this file uses
 * only the C library, client-common.h and proto.h.
 *
 * Handled here, else the full client runs: the flags -2 -q -u -f -L -S
 * -T, a command given, a server already running, and a stdin that is not
 * a socket (a pane's terminal: only the full client knows it). With a
 * terminal as stdin, commands that could attach (a word that begins
 * "attach-session" or "new-session", as "a" or "new" do) go to the full
 * client too, so MSG_ATTACH never comes here. What is sent and how the
 * answer is copied out are client.c's (client_send_command, client_main).
 */
#define _GNU_SOURCE
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/un.h>

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "tmux-compat/client-common.h"
#include "tmux-compat/proto.h"

extern char	**environ;

static char	**front_argv;

/* Run the full client with our argv; exits if it cannot. */
static void
front_full(void)
{
	char	 exe[PATH_MAX], *slash;
	ssize_t	 n;

	n = readlink("/proc/self/exe", exe, sizeof exe - 32);
	if (n > 0) {
		exe[n] = '\0';
		if ((slash = strrchr(exe, '/')) != NULL) {
			strcpy(slash + 1, "zeropty-client");
			if (access(exe, X_OK) == 0)
				execv(exe, front_argv);
		}
	}
	snprintf(exe, sizeof exe, "%s/zeropty-client", ZEROPTY_PKGLIBEXECDIR);
	execv(exe, front_argv);
	fprintf(stderr, "%s: %s\n", exe, strerror(errno));
	exit(1);
}

/* A growable buffer that gives up (the full client) when out of memory. */
struct front_buf {
	char	*data;
	size_t	 len;
	size_t	 cap;
};

/* Room for len more bytes after b->len. */
static void
front_reserve(struct front_buf *b, size_t len)
{
	char	*p;

	if (b->len + len > b->cap) {
		b->cap = (b->len + len) * 2 + 4096;
		if ((p = realloc(b->data, b->cap)) == NULL)
			front_full();
		b->data = p;
	}
}

static void
front_add(struct front_buf *b, const void *data, size_t len)
{
	front_reserve(b, len);
	memcpy(b->data + b->len, data, len);
	b->len += len;
}

static void
front_add_string(struct front_buf *b, const char *s)
{
	front_add(b, s, strlen(s) + 1);
}

static void
front_add_number(struct front_buf *b, unsigned long n)
{
	char	num[32];

	snprintf(num, sizeof num, "%lu", n);
	front_add_string(b, num);
}

/*
 * As zeropty.c's socket_path: -S, else -L or $TMUX's path, else the
 * "default" label; a socket directory that is missing or unsafe is the
 * full client's to create or refuse.
 */
static void
front_socket_path(const char *path, const char *label, char *out,
    size_t len)
{
	const char	*tmux = getenv("TMUX"), *tmpdir = getenv("TMUX_TMPDIR");
	char		 resolved[PATH_MAX], base[PATH_MAX + 32];
	struct stat	 sb;
	size_t		 n;

	if (path != NULL) {
		if ((size_t)snprintf(out, len, "%s", path) >= len)
			front_full();
		return;
	}
	if (label == NULL && tmux != NULL && *tmux != '\0' && *tmux != ',') {
		n = strcspn(tmux, ",");
		if (n >= len)
			front_full();
		memcpy(out, tmux, n);
		out[n] = '\0';
		return;
	}
	if (tmpdir == NULL || *tmpdir == '\0' || realpath(tmpdir, resolved) == NULL)
		strcpy(resolved, "/tmp");
	snprintf(base, sizeof base, "%s/zeropty-%ld", resolved, (long)getuid());
	if (lstat(base, &sb) != 0 || !S_ISDIR(sb.st_mode) ||
	    sb.st_uid != getuid() || (sb.st_mode & S_IRWXO) != 0)
		front_full();
	if ((size_t)snprintf(out, len, "%s/%s", base,
	    label != NULL ? label : "default") >= len)
		front_full();
}

/* Whether word could name attach-session or new-session (or an alias). */
static int
front_may_attach(const char *word)
{
	size_t	len = strlen(word);

	if (len == 0)
		return (0);
	return (strncmp(word, "attach-session", len) == 0 ||
	    strncmp(word, "new-session", len) == 0);
}

static int
front_write(int fd, const void *data, size_t len)
{
	const char	*p = data;
	ssize_t		 n;

	while (len > 0) {
		n = write(fd, p, len);
		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0)
			return (-1);
		p += n;
		len -= (size_t)n;
	}
	return (0);
}

/* The frame header, with stdin attached if it is our terminal. */
static int
front_send_header(int fd, const struct msg_hdr *hdr, int pass_stdin)
{
	struct msghdr	 msg;
	struct iovec	 iov = { (void *)hdr, sizeof *hdr };
	struct cmsghdr	*cmsg;
	union {
		struct cmsghdr	c;
		char		buf[CMSG_SPACE(sizeof(int))];
	} u;
	int		 in = STDIN_FILENO;
	ssize_t		 n;

	if (!pass_stdin)
		return (front_write(fd, hdr, sizeof *hdr));
	memset(&msg, 0, sizeof msg);
	memset(&u, 0, sizeof u);
	msg.msg_iov = &iov;
	msg.msg_iovlen = 1;
	msg.msg_control = u.buf;
	msg.msg_controllen = CMSG_SPACE(sizeof in);
	cmsg = CMSG_FIRSTHDR(&msg);
	cmsg->cmsg_level = SOL_SOCKET;
	cmsg->cmsg_type = SCM_RIGHTS;
	cmsg->cmsg_len = CMSG_LEN(sizeof in);
	memcpy(CMSG_DATA(cmsg), &in, sizeof in);
	do
		n = sendmsg(fd, &msg, 0);
	while (n == -1 && errno == EINTR);
	if (n == -1)
		return (-1);
	return (front_write(fd, (const char *)hdr + n, sizeof *hdr - n));
}

static void
front_lost(void)
{
	fprintf(stderr, "server exited unexpectedly\n");
	exit(1);
}

/* Copy the server's frames out until MSG_EXIT; returns its status. */
static int
front_relay(int fd)
{
	struct front_buf	 in = { NULL, 0, 0 }, out = { NULL, 0, 0 };
	struct msg_hdr		 hdr;
	int32_t			 status = 1;
	size_t			 off = 0, have;
	char			*p;
	ssize_t			 n;

	for (;;) {
		have = in.len - off;
		if (have >= sizeof hdr)
			memcpy(&hdr, in.data + off, sizeof hdr);
		if (have >= sizeof hdr && hdr.len > PROTO_MAX_FRAME)
			break;
		if (have < sizeof hdr || have - sizeof hdr < hdr.len) {
			/* About to wait: what we have goes out first. */
			if (out.len != 0)
				front_write(STDOUT_FILENO, out.data, out.len);
			out.len = 0;
			if (off != 0) {
				memmove(in.data, in.data + off, have);
				in.len = have;
				off = 0;
			}
			front_reserve(&in, 65536);
			n = read(fd, in.data + in.len, 65536);
			if (n == -1 && errno == EINTR)
				continue;
			if (n <= 0)
				break;
			in.len += (size_t)n;
			continue;
		}
		p = in.data + off + sizeof hdr;
		off += sizeof hdr + hdr.len;
		if (hdr.type != MSG_STDOUT && out.len != 0) {
			front_write(STDOUT_FILENO, out.data, out.len);
			out.len = 0;
		}
		if (hdr.type == MSG_STDOUT)
			front_add(&out, p, hdr.len);
		else if (hdr.type == MSG_STDERR)
			front_write(STDERR_FILENO, p, hdr.len);
		else if (hdr.type == MSG_EXIT) {
			if (hdr.len >= sizeof status)
				memcpy(&status, p, sizeof status);
			return (status);
		} else if (hdr.type == MSG_ATTACH)
			break;	/* only with a terminal, never sent here */
	}
	if (out.len != 0)
		front_write(STDOUT_FILENO, out.data, out.len);
	front_lost();
	return (1);
}

int
main(int argc, char **argv)
{
	struct front_buf	 b = { NULL, 0, 0 };
	struct msg_hdr		 hdr;
	struct stat		 sb;
	struct winsize		 ws;
	const char		*label = NULL, *path = NULL, *value, *arg, *tn;
	const char		*pane = getenv("TMUX_PANE");
	char			 sock[PATH_MAX + 64], cwd[4096], tty[256];
	char			 size[32];
	uint32_t		 head[2] = { PROTO_VERSION, 0 };
	unsigned		 sx = 80, sy = 24;
	int			 i, j, k, fd, envc, is_tty;

	front_argv = argv;
	/* zeropty.c's flags, the ones a running server's command can use. */
	for (i = 1; i < argc; i++) {
		arg = argv[i];
		if (arg[0] != '-' || arg[1] == '\0')
			break;
		if (strcmp(arg, "--") == 0) {
			i++;
			break;
		}
		for (j = 1; arg[j] != '\0'; j++) {
			if (arg[j] == 'u')
				head[1] |= PROTO_UTF8;
			if (strchr("2qu", arg[j]) != NULL)
				continue;
			if (strchr("fLST", arg[j]) == NULL)
				front_full();
			if (arg[j + 1] != '\0')
				value = arg + j + 1;
			else if (i + 1 < argc)
				value = argv[++i];
			else
				front_full();
			if (arg[j] == 'L')
				label = value;
			else if (arg[j] == 'S')
				path = value;
			break;
		}
	}
	if (i == argc)
		front_full();	/* new-session, which attaches */

	if (fstat(STDIN_FILENO, &sb) != 0 || S_ISSOCK(sb.st_mode))
		front_full();
	is_tty = isatty(STDIN_FILENO);
	*tty = '\0';
	if (is_tty) {
		for (k = i; k < argc; k++) {
			if (front_may_attach(argv[k]))
				front_full();
		}
		if ((tn = ttyname(STDIN_FILENO)) != NULL)
			snprintf(tty, sizeof tty, "%s", tn);
		if (ioctl(STDIN_FILENO, TIOCGWINSZ, &ws) == 0) {
			if (ws.ws_col != 0)
				sx = ws.ws_col;
			if (ws.ws_row != 0)
				sy = ws.ws_row;
		}
		head[1] |= PROTO_TTY;
	}
	if (getenv("TMUX") != NULL || client_locale_utf8())
		head[1] |= PROTO_UTF8;

	front_socket_path(path, label, sock, sizeof sock);
	if ((fd = client_connect(sock)) == -1)
		front_full();	/* to start the server, or say why not */
	signal(SIGPIPE, SIG_IGN);

	front_add(&b, head, sizeof head);
	if (getcwd(cwd, sizeof cwd) == NULL)
		strcpy(cwd, "/");
	front_add_string(&b, cwd);
	front_add_string(&b, pane != NULL && getenv("TMUX") != NULL ? pane : "");
	front_add_string(&b, tty);
	if (is_tty && *tty != '\0')
		snprintf(size, sizeof size, "%ux%u", sx, sy);
	else
		*size = '\0';
	front_add_string(&b, size);
	front_add_number(&b, (unsigned long)(argc - i));
	for (k = i; k < argc; k++)
		front_add_string(&b, argv[k]);
	for (envc = 0; environ[envc] != NULL; envc++)
		;
	front_add_number(&b, (unsigned long)envc);
	for (k = 0; k < envc; k++)
		front_add_string(&b, environ[k]);

	hdr.type = MSG_COMMAND;
	hdr.len = (uint32_t)b.len;
	if (front_send_header(fd, &hdr, is_tty && *tty != '\0') != 0 ||
	    front_write(fd, b.data, b.len) != 0)
		front_lost();
	return (front_relay(fd));
}
