/*
 * server-upgrade (upgrade.h): check the new binary, write the state to a
 * memfd, answer the clients, keep the descriptors that are handed over
 * and exec. In the new server, read it all back; if that fails, exec the
 * old binary again (its descriptor came along) with the same state.
 *
 * The state travels as "ZEROPTY_UPGRADE_FD=STATE,OLD": STATE the memfd,
 * OLD a descriptor of the old binary (-1 in a fallback, so a failure
 * there ends instead of looping).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/base/log.h"
#include "engine/base/xmalloc.h"
#include "engine/model/model.h"
#include "engine/sys/pane-io.h"
#include "engine/sys/reexec.h"
#include "engine/sys/self-path.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/upgrade.h"

/* From the environment of a server exec'd by an upgrade (-1: none). */
static int	upgrade_state_fd = -1;
static int	upgrade_old_fd = -1;

/* The server binary as the client finds it (client.c). */
static int
upgrade_find_binary(char *exe, size_t len)
{
	if (self_path_sibling("zeropty-server", X_OK, exe, len) == 0)
		return (0);
	snprintf(exe, len, "%s/zeropty-server", ZEROPTY_PKGLIBEXECDIR);
	return (access(exe, X_OK));
}

/* Keep (or stop keeping) the panes' sockets and lent ptys across exec. */
static void
upgrade_keep_panes(int on)
{
	struct pane	*p;
	int		 fds[UPGRADE_PTY_MAX], inputs[UPGRADE_PTY_MAX], n, i;
	pid_t		 waiters[UPGRADE_PTY_MAX];

	TAILQ_FOREACH(p, &model_panes, all_entry) {
		if (p->window == NULL || p->io == NULL)
			continue;
		reexec_keep(p->fd, on);
		n = pane_io_lent_ptys(p, fds, inputs, waiters,
		    UPGRADE_PTY_MAX);
		for (i = 0; i < n && i < UPGRADE_PTY_MAX; i++)
			reexec_keep(fds[i], on);
	}
}

/* Keep (or stop keeping) every handed-over descriptor across exec. */
static void
upgrade_keep_all(int listen_fd, int on)
{
	reexec_keep(listen_fd, on);
	upgrade_keep_panes(on);
}

static void
upgrade_exec_with(const char *bin, const char *path, int state_fd,
    int old_fd)
{
	char	 value[64], *argv[8 + 4];
	int	 n = 0, i;

	argv[n++] = (char *)"zeropty-server";
	argv[n++] = (char *)"-n";
	argv[n++] = (char *)zp_progname;
	/* The same log level, so the new server's side is logged too. */
	for (i = 0; i < log_level() && i < 4; i++)
		argv[n++] = (char *)"-v";
	argv[n++] = (char *)"-U";
	argv[n++] = (char *)path;
	argv[n] = NULL;
	snprintf(value, sizeof value, "%d,%d", state_fd, old_fd);
	reexec_exec(bin, argv, UPGRADE_ENV, value);
}

int
upgrade_exec(const char *bin, struct client *c, char **cause)
{
	char		 exe[PATH_MAX + 64], answer[64], *end;
	struct buf	 b;
	long		 version;
	int		 state_fd, old_fd, listen_fd = server_listen_fd();

	if (bin == NULL) {
		if (upgrade_find_binary(exe, sizeof exe) != 0) {
			xasprintf(cause, "%s: %s", exe, strerror(errno));
			return (-1);
		}
	} else {
		if (access(bin, X_OK) != 0) {
			xasprintf(cause, "%s: %s", bin, strerror(errno));
			return (-1);
		}
		snprintf(exe, sizeof exe, "%s", bin);
	}
	if (listen_fd == -1) {
		xasprintf(cause, "the server is exiting");
		return (-1);
	}
	if (reexec_ask(exe, UPGRADE_VERSION_ARG, answer, sizeof answer,
	    2000) != 0 || *answer == '\0') {
		xasprintf(cause, "%s: not a zeropty server that can take over "
		    "(%s gave no answer)", exe, UPGRADE_VERSION_ARG);
		return (-1);
	}
	version = strtol(answer, &end, 10);
	if (*end != '\0' || version != UPGRADE_STATE_VERSION) {
		xasprintf(cause, "%s reads upgrade state version %s, this "
		    "server writes version %d", exe, answer,
		    UPGRADE_STATE_VERSION);
		return (-1);
	}

	buf_init(&b);
	if (upgrade_state_write(&b, listen_fd, cause) != 0) {
		buf_free(&b);
		return (-1);
	}
	state_fd = reexec_memfd(buf_data(&b), b.len, cause);
	log_debug("upgrade: %zu bytes of state for %s", b.len, exe);
	buf_free(&b);
	if (state_fd == -1)
		return (-1);
	/* The old binary, to go back to if the new one cannot read it. */
	if ((old_fd = open("/proc/self/exe", O_RDONLY)) == -1) {
		xasprintf(cause, "/proc/self/exe: %s", strerror(errno));
		close(state_fd);
		return (-1);
	}

	server_upgrade_clients(c);
	upgrade_keep_all(listen_fd, 1);
	upgrade_exec_with(exe, server_socket_path, state_fd, old_fd);

	/* Still here: nothing was handed over; go on as before. */
	log_debug("upgrade: exec %s: %s", exe, strerror(errno));
	upgrade_keep_all(listen_fd, 0);
	close(state_fd);
	close(old_fd);
	xasprintf(cause, "%s: %s", exe, strerror(errno));
	return (-1);
}

/* Take "STATE,OLD" out of the environment. */
static int
upgrade_env(void)
{
	const char	*v = getenv(UPGRADE_ENV);

	if (v == NULL || sscanf(v, "%d,%d", &upgrade_state_fd,
	    &upgrade_old_fd) != 2 || upgrade_state_fd < 0) {
		upgrade_state_fd = upgrade_old_fd = -1;
		return (-1);
	}
	unsetenv(UPGRADE_ENV);
	return (0);
}

int
upgrade_precheck(char **cause)
{
	uint8_t	*data;
	size_t	 len;
	int	 rc;

	if (upgrade_env() != 0) {
		xasprintf(cause, "%s is not STATE,OLD", UPGRADE_ENV);
		return (-1);
	}
	if (reexec_read_all(upgrade_state_fd, &data, &len) != 0) {
		xasprintf(cause, "upgrade state file: %s", strerror(errno));
		return (-1);
	}
	rc = upgrade_state_check(data, len, cause);
	xfree(data);
	return (rc);
}

void
upgrade_fallback(const char *socket_path)
{
	char		 path[64];

	if (upgrade_old_fd < 0)
		return;
	log_debug("upgrade: going back to the old server");
	upgrade_keep_panes(1);
	snprintf(path, sizeof path, "/proc/self/fd/%d", upgrade_old_fd);
	upgrade_exec_with(path, socket_path, upgrade_state_fd, -1);
}

int
upgrade_restore(char **cause)
{
	uint8_t	*data;
	size_t	 len;
	int	 listen_fd = -1;

	if (upgrade_state_fd < 0)
		return (-2);
	if (reexec_read_all(upgrade_state_fd, &data, &len) != 0) {
		xasprintf(cause, "upgrade state file: %s", strerror(errno));
		upgrade_fallback(server_socket_path);
		return (-1);
	}
	if (upgrade_state_read(data, len, &listen_fd, cause) != 0) {
		xfree(data);
		upgrade_fallback(server_socket_path);
		return (-1);
	}
	xfree(data);
	close(upgrade_state_fd);
	if (upgrade_old_fd >= 0)
		close(upgrade_old_fd);
	upgrade_state_fd = upgrade_old_fd = -1;
	log_debug("upgrade: %zu bytes of state read", len);
	return (listen_fd);
}
