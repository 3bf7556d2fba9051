/*
 * The command client: connect to the server (starting it when a command
 * asks for that, serialised by a lock file as tmux does), send the command
 * words, copy what comes back to stdout/stderr, exit with the server's
 * status.
 */
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/base/buf.h"
#include "engine/base/xmalloc.h"
#include "engine/sys/self-path.h"
#include "engine/sys/vtty.h"
#include "tmux-compat/client-common.h"
#include "tmux-compat/cmd-parse.h"
#include "tmux-compat/proto.h"
#include "tmux-compat/tmux.h"

extern char	**environ;

/* The server binary: beside us (the build tree), or in pkglibexecdir. */
static int
client_server_binary(char *exe, size_t len)
{
	if (self_path_sibling("zeropty-server", X_OK, exe, len) == 0)
		return (0);
	snprintf(exe, len, "%s/zeropty-server", ZEROPTY_PKGLIBEXECDIR);
	return (access(exe, X_OK));
}

/*
 * Run the server binary (server-main.c) in this process, which the
 * starter forked for it. Returns only if it could not be run.
 */
static void
client_exec_server(const char *path, int lockfd, int ready_fd, int log_level)
{
	char		 exe[PATH_MAX + 64], fdnum[2][16];
	const char	*argv[3 + 2 * 64 + 16 + 4], *file;
	unsigned	 i;
	int		 n = 0;

	if (client_server_binary(exe, sizeof exe) != 0)
		return;
	argv[n++] = "zeropty-server";
	argv[n++] = "-n";
	argv[n++] = zp_progname;
	for (i = 0; i < 64 && (file = cfg_file(i)) != NULL; i++) {
		argv[n++] = "-f";
		argv[n++] = file;
	}
	if (cfg_file(i) != NULL)
		return;		/* more -f than fit: run it here instead */
	for (i = 0; i < 16 && (int)i < log_level; i++)
		argv[n++] = "-v";
	snprintf(fdnum[0], sizeof fdnum[0], "%d", lockfd);
	snprintf(fdnum[1], sizeof fdnum[1], "%d", ready_fd);
	argv[n++] = path;
	argv[n++] = fdnum[0];
	argv[n++] = fdnum[1];
	argv[n] = NULL;
	fcntl(lockfd, F_SETFD, 0);
	fcntl(ready_fd, F_SETFD, 0);
	execv(exe, (char **)argv);
}

/*
 * Start a server for path: fork, the child daemonises and listens, and
 * tells us through a pipe when the socket is ready.
 */
static int
client_start_server(const char *path, int lockfd, int log_level)
{
	int	 ready[2];
	pid_t	 pid;
	char	 c;
	ssize_t	 n;

	if (pipe(ready) != 0)
		return (-1);
	pid = fork();
	if (pid == -1)
		return (-1);
	if (pid == 0) {
		close(ready[0]);
		if (fork() != 0)
			_exit(0);
		client_exec_server(path, lockfd, ready[1], log_level);
		/*
		 * No server binary: this one serves, with its allocator,
		 * and the locale's time names as server-main.c sets them
		 * (the client needs no locale: its setlocale was a tenth
		 * of a list-panes client's instructions, callgrind).
		 */
		setlocale(LC_TIME, "");
		_exit(server_start(path, lockfd, ready[1], log_level));
	}
	close(ready[1]);
	waitpid(pid, NULL, 0);
	do
		n = read(ready[0], &c, 1);
	while (n == -1 && errno == EINTR);
	close(ready[0]);
	return (n == 1 ? 0 : -1);
}

/* Connect, starting the server if asked; prints tmux's errors. */
static int
client_get_connection(struct client_opts *opts, int start)
{
	const char	*path = opts->socket_path;
	char		*lockpath;
	int		 fd, lockfd, saved;

	if ((fd = client_connect(path)) != -1)
		return (fd);
	if (!start || (errno != ECONNREFUSED && errno != ENOENT))
		goto fail;

	xasprintf(&lockpath, "%s.lock", path);
	/* Not through a symlink someone put beside the socket. */
	lockfd = open(lockpath, O_WRONLY|O_CREAT|O_CLOEXEC|O_NOFOLLOW, 0600);
	if (lockfd == -1) {
		xfree(lockpath);
		goto fail;
	}
	if (flock(lockfd, LOCK_EX) == -1) {
		close(lockfd);
		xfree(lockpath);
		goto fail;
	}
	/* Another client may have started it while we waited. */
	if ((fd = client_connect(path)) != -1) {
		close(lockfd);
		xfree(lockpath);
		return (fd);
	}
	unlink(path);
	if (client_start_server(path, lockfd, opts->log_level) != 0) {
		close(lockfd);
		xfree(lockpath);
		fprintf(stderr, "server exited unexpectedly1\n");
		return (-1);
	}
	/* The server has its socket: the lock file goes, as tmux's does. */
	unlink(lockpath);
	xfree(lockpath);
	close(lockfd);
	if ((fd = client_connect(path)) != -1)
		return (fd);
fail:
	saved = errno;
	if (saved == ECONNREFUSED)
		fprintf(stderr, "no server running on %s\n", path);
	else
		fprintf(stderr, "error connecting to %s (%s)\n", path,
		    strerror(saved));
	return (-1);
}

/*
 * Whether fd is a terminal, with its name ("" if none) and size: a real
 * one, or the pane's, which the static client sees as a socket because it
 * has no shim (vtty_peer reads the pane's state file).
 */
static int
client_terminal(int fd, char *name, size_t len, unsigned *sx, unsigned *sy)
{
	const char	*tn;

	*name = '\0';
	if (isatty(fd)) {
		tn = ttyname(fd);
		strlcpy(name, tn != NULL ? tn : "", len);
		client_io_tty_size(sx, sy);
		return (1);
	}
	return (vtty_peer(fd, name, len, sx, sy) == 0);
}

/* Whether the command list may attach this client (uses its terminal). */
static int
client_may_attach(const struct cmd_list *list)
{
	const struct cmd	*cmd;

	for (cmd = list->first; cmd != NULL; cmd = cmd->next) {
		if (strcmp(cmd->entry->name, "attach-session") == 0)
			return (1);
		if (strcmp(cmd->entry->name, "new-session") == 0 &&
		    !args_has(cmd->args, 'd'))
			return (1);
	}
	return (0);
}

/*
 * In a pane the static client has no LD_PRELOAD shim (nothing is loaded
 * into a static binary), so it cannot set the pane terminal's modes:
 * attaching and control mode run the client in the dynamically linked
 * server binary instead, which the pane's LD_PRELOAD gives the shim.
 * Other commands only need the terminal's name and size (client_terminal)
 * and stay here. Returns only if that could not be done.
 */
static void
client_exec_with_shim(struct client_opts *opts, const struct cmd_list *list)
{
	char		 exe[PATH_MAX + 64], **argv;
	int		 n, i;

	if (!zp_client_may_reexec || opts->main_argv == NULL)
		return;
	if (isatty(STDIN_FILENO) ||
	    vtty_peer(STDIN_FILENO, NULL, 0, NULL, NULL) != 0)
		return;
	if (~opts->flags & CLIENT_CONTROL &&
	    (list == NULL || !client_may_attach(list)))
		return;
	if (client_server_binary(exe, sizeof exe) != 0)
		return;
	for (n = 0; opts->main_argv[n] != NULL; n++)
		;
	/* Its argv[0] is ours, so the pane's command name stays ours. */
	argv = xcalloc((size_t)n + 3, sizeof *argv);
	argv[0] = opts->main_argv[0];
	argv[1] = (char *)"--client";
	for (i = 0; i < n; i++)
		argv[i + 2] = opts->main_argv[i];
	execv(exe, argv);
	xfree(argv);
}

static void
client_add_string(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s) + 1);
}

/*
 * Send the command frame; with our terminal if stdin is one, or with stdin
 * and stdout if ctlfds (control mode: the server reads and writes them).
 */
int
client_send_command(int fd, struct client_opts *opts, int ctlfds)
{
	struct buf	 b;
	struct msg_hdr	 hdr;
	uint32_t	 head[2];
	char		 cwd[4096], num[32], tty[256];
	const char	*pane = getenv("TMUX_PANE");
	int		 i, n, rc, fds[2] = { STDIN_FILENO, STDOUT_FILENO };
	int		 is_tty;
	unsigned	 sx, sy;

	buf_init(&b);
	head[0] = PROTO_VERSION;
	head[1] = (opts->flags & CLIENT_UTF8) ? PROTO_UTF8 : 0;
	is_tty = client_terminal(STDIN_FILENO, tty, sizeof tty, &sx, &sy);
	if (is_tty)
		head[1] |= PROTO_TTY;
	if (opts->flags & CLIENT_CONTROL)
		head[1] |= PROTO_CONTROL;
	if (opts->flags & CLIENT_CONTROLCONTROL)
		head[1] |= PROTO_CONTROLCONTROL;
	if (ctlfds)
		head[1] |= PROTO_CTLFDS;
	buf_add(&b, head, sizeof head);
	if (getcwd(cwd, sizeof cwd) == NULL)
		strlcpy(cwd, "/", sizeof cwd);
	client_add_string(&b, cwd);
	client_add_string(&b, pane != NULL && getenv("TMUX") != NULL ? pane : "");
	client_add_string(&b, tty);
	if (is_tty && *tty != '\0') {
		snprintf(num, sizeof num, "%ux%u", sx, sy);
		client_add_string(&b, num);
	} else
		client_add_string(&b, "");
	snprintf(num, sizeof num, "%d", opts->argc);
	client_add_string(&b, num);
	for (i = 0; i < opts->argc; i++)
		client_add_string(&b, opts->argv[i]);
	for (n = 0; environ[n] != NULL; n++)
		;
	snprintf(num, sizeof num, "%d", n);
	client_add_string(&b, num);
	for (i = 0; i < n; i++)
		client_add_string(&b, environ[i]);

	hdr.type = MSG_COMMAND;
	hdr.len = (uint32_t)b.len;
	if (ctlfds)
		rc = client_io_send_fds(fd, &hdr, sizeof hdr, fds, 2);
	else if (is_tty && *tty != '\0')
		rc = client_io_send_fds(fd, &hdr, sizeof hdr, fds, 1);
	else
		rc = client_io_write(fd, &hdr, sizeof hdr, NULL, 1);
	if (rc == 0)
		rc = client_io_write(fd, buf_data(&b), b.len, NULL, 1);
	buf_free(&b);
	return (rc);
}

int
client_main(struct client_opts *opts)
{
	struct cmd_list	*list = NULL;
	struct buf	 in;
	char		*cause = NULL;
	int32_t		 status;
	int		 fd, start = 0, retval = 1, direct;
	char		*new_argv[] = { (char *)"new-session", NULL };

	if (opts->argc == 0) {
		opts->argc = 1;
		opts->argv = new_argv;
	}
	list = cmd_list_parse_argv(opts->argc, opts->argv, &cause);
	client_exec_with_shim(opts, list);
	if (list != NULL) {
		start = cmd_list_any_has(list, CMD_STARTSERVER);
		cmd_list_free(list);
	}
	xfree(cause);
	if (opts->flags & CLIENT_NOSTARTSERVER)
		start = 0;

	signal(SIGPIPE, SIG_IGN);
	if ((fd = client_get_connection(opts, start)) == -1)
		return (1);
	if (opts->flags & CLIENT_CONTROL)
		return (client_control_main(fd, opts));
	if (client_send_command(fd, opts, 0) != 0) {
		fprintf(stderr, "server exited unexpectedly2\n");
		return (1);
	}
	buf_init(&in);
	switch (client_io_relay(fd, &in, &status, &direct)) {
	case CLIENT_RELAY_EXIT:
		retval = status;
		close(fd);
		break;
	case CLIENT_RELAY_ATTACH:
		retval = client_tty_main(fd, direct, buf_data(&in), in.len);
		break;
	default:
		fprintf(stderr, "server exited unexpectedly3\n");
		break;
	}
	buf_free(&in);
	return (retval);
}
