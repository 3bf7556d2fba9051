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
 * only the C library, engine/base's buf (with xmalloc.c on the C
 * library's allocator), engine/sys's self-path and client-io.c
 * (client-common.h).
 *
 * Handled here, else the full client runs: the flags -2 -q -u -f -L -S
 * -T, a command given, a server already running, and a stdin that is not
 * a socket (a pane's terminal: only the full client knows it). With a
 * terminal as stdin, commands that could attach (a word that begins
 * "attach-session" or "new-session", as "a" or "new" do) go to the full
 * client too, so MSG_ATTACH never comes here. What is sent and how the
 * answer is copied out are client.c's (client_send_command, client_main).
 */
#include <sys/stat.h>

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/base/buf.h"
#include "engine/sys/self-path.h"
#include "tmux-compat/client-common.h"
#include "tmux-compat/proto.h"

extern char	**environ;

static char	**front_argv;

/* Run the full client with our argv; exits if it cannot. */
static void
client_front_full(void)
{
	char	exe[PATH_MAX + 64];

	if (self_path_sibling("zeropty-client", X_OK, exe, sizeof exe) == 0)
		execv(exe, front_argv);
	snprintf(exe, sizeof exe, "%s/zeropty-client", ZEROPTY_PKGLIBEXECDIR);
	execv(exe, front_argv);
	fprintf(stderr, "%s: %s\n", exe, strerror(errno));
	exit(1);
}

/* A NUL-terminated word of the command frame (client_add_string). */
static void
client_front_add_string(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s) + 1);
}

static void
client_front_add_number(struct buf *b, unsigned long n)
{
	buf_add_uint(b, n);
	buf_add_byte(b, '\0');
}

/*
 * As zeropty.c's socket_path: -S, else -L or $TMUX's path, else the
 * "default" label; a socket directory that is missing or unsafe is the
 * full client's to create or refuse.
 */
static void
client_front_socket_path(const char *path, const char *label, char *out,
    size_t len)
{
	const char	*tmux = getenv("TMUX");
	char		 base[CLIENT_SOCKET_DIR_MAX];
	struct stat	 sb;
	size_t		 n;

	if (path != NULL) {
		if ((size_t)snprintf(out, len, "%s", path) >= len)
			client_front_full();
		return;
	}
	if (label == NULL && tmux != NULL && *tmux != '\0' && *tmux != ',') {
		n = strcspn(tmux, ",");
		if (n >= len)
			client_front_full();
		memcpy(out, tmux, n);
		out[n] = '\0';
		return;
	}
	client_socket_dir(base, sizeof base);
	if (lstat(base, &sb) != 0 || !S_ISDIR(sb.st_mode) ||
	    client_socket_dir_unsafe(&sb))
		client_front_full();
	if ((size_t)snprintf(out, len, "%s/%s", base,
	    label != NULL ? label : "default") >= len)
		client_front_full();
}

/* Whether word could name attach-session or new-session (or an alias). */
static int
client_front_may_attach(const char *word)
{
	size_t	len = strlen(word);

	if (len == 0)
		return (0);
	return (strncmp(word, "attach-session", len) == 0 ||
	    strncmp(word, "new-session", len) == 0);
}

static void
client_front_lost(void)
{
	fprintf(stderr, "server exited unexpectedly\n");
	exit(1);
}

int
main(int argc, char **argv)
{
	struct buf	 b;
	struct msg_hdr		 hdr;
	struct stat		 sb;
	const char		*label = NULL, *path = NULL, *value, *arg, *tn;
	const char		*pane = getenv("TMUX_PANE");
	char			 sock[PATH_MAX + 64], cwd[4096], tty[256];
	char			 size[32];
	uint32_t		 head[2] = { PROTO_VERSION, 0 };
	unsigned		 sx = 80, sy = 24;
	int32_t			 status;
	int			 i, j, k, fd, envc, is_tty, rc;
	int			 in = STDIN_FILENO;

	front_argv = argv;
	buf_init(&b);
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
				client_front_full();
			if (arg[j + 1] != '\0')
				value = arg + j + 1;
			else if (i + 1 < argc)
				value = argv[++i];
			else
				client_front_full();
			if (arg[j] == 'L')
				label = value;
			else if (arg[j] == 'S')
				path = value;
			break;
		}
	}
	if (i == argc)
		client_front_full();	/* new-session, which attaches */

	if (fstat(STDIN_FILENO, &sb) != 0 || S_ISSOCK(sb.st_mode))
		client_front_full();
	is_tty = isatty(STDIN_FILENO);
	*tty = '\0';
	if (is_tty) {
		for (k = i; k < argc; k++) {
			if (client_front_may_attach(argv[k]))
				client_front_full();
		}
		if ((tn = ttyname(STDIN_FILENO)) != NULL)
			snprintf(tty, sizeof tty, "%s", tn);
		client_io_tty_size(&sx, &sy);
		head[1] |= PROTO_TTY;
	}
	if (getenv("TMUX") != NULL || client_locale_utf8())
		head[1] |= PROTO_UTF8;

	client_front_socket_path(path, label, sock, sizeof sock);
	if ((fd = client_connect(sock)) == -1)
		client_front_full();	/* to start the server, or say why not */
	signal(SIGPIPE, SIG_IGN);

	buf_add(&b, head, sizeof head);
	if (getcwd(cwd, sizeof cwd) == NULL)
		strcpy(cwd, "/");
	client_front_add_string(&b, cwd);
	client_front_add_string(&b, pane != NULL && getenv("TMUX") != NULL ? pane : "");
	client_front_add_string(&b, tty);
	if (is_tty && *tty != '\0')
		snprintf(size, sizeof size, "%ux%u", sx, sy);
	else
		*size = '\0';
	client_front_add_string(&b, size);
	client_front_add_number(&b, (unsigned long)(argc - i));
	for (k = i; k < argc; k++)
		client_front_add_string(&b, argv[k]);
	for (envc = 0; environ[envc] != NULL; envc++)
		;
	client_front_add_number(&b, (unsigned long)envc);
	for (k = 0; k < envc; k++)
		client_front_add_string(&b, environ[k]);

	hdr.type = MSG_COMMAND;
	hdr.len = (uint32_t)b.len;
	if (is_tty && *tty != '\0')
		rc = client_io_send_fds(fd, &hdr, sizeof hdr, &in, 1);
	else
		rc = client_io_write(fd, &hdr, sizeof hdr, NULL, 1);
	if (rc != 0 ||
	    client_io_write(fd, buf_data(&b), b.len, NULL, 1) != 0)
		client_front_lost();
	buf_clear(&b);
	/* MSG_ATTACH comes only with a terminal, never sent here. */
	if (client_io_relay(fd, &b, &status, &rc) != CLIENT_RELAY_EXIT)
		client_front_lost();
	return (status);
}
