/*
 * The virtual terminal of a pane (vtty.h): the shared state file the shim
 * maps (shim/shim-proto.h), window size and SIGWINCH, signals from ISIG,
 * and the line discipline of ldisc.c on input and output.
 *
 * Names: the state file is DIR/zeropty-vtty-DEV-INO, the socket's st_dev
 * and st_ino in decimal (the shim matches fds against them without
 * opening the file; shim-proto.h). The tty name, what ttyname() returns
 * in the pane and #{pane_tty} shows, is "/dev/zeropty/PID-N" (PID the
 * server's, N a counter): it does not exist, so that
 * `echo x >#{pane_tty}` from outside fails instead of overwriting the
 * state file; inside the pane the shim opens it as /dev/tty.
 */
#include <sys/mman.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/base/xmalloc.h"
#include "engine/sys/ldisc.h"
#include "engine/sys/vtty.h"
#include "shim/shim-proto.h"

struct vtty {
	char			*path;
	char			*env;
	struct zpty_state	*st;
	pid_t			 pid;
	struct ldisc		 ld;
};

static unsigned	vtty_next;

struct vtty *
vtty_create(const char *dir, int child_fd, unsigned sx, unsigned sy,
    char **cause)
{
	struct vtty		*vt;
	struct zpty_state	*st;
	struct stat		 sb;
	struct termios		 tio;
	unsigned		 n = vtty_next++;
	int			 fd;
	void			*p;

	if (fstat(child_fd, &sb) != 0) {
		xasprintf(cause, "fstat: %s", strerror(errno));
		return (NULL);
	}
	vt = xcalloc(1, sizeof *vt);
	xasprintf(&vt->path, "%s/zeropty-vtty-%ju-%ju", dir,
	    (uintmax_t)sb.st_dev, (uintmax_t)sb.st_ino);
	unlink(vt->path);
	fd = open(vt->path, O_RDWR|O_CREAT|O_EXCL|O_CLOEXEC, 0600);
	if (fd == -1) {
		xasprintf(cause, "%s: %s", vt->path, strerror(errno));
		goto fail;
	}
	if (ftruncate(fd, sizeof *st) != 0) {
		xasprintf(cause, "%s: %s", vt->path, strerror(errno));
		close(fd);
		unlink(vt->path);
		goto fail;
	}
	p = mmap(NULL, sizeof *st, PROT_READ|PROT_WRITE, MAP_SHARED, fd, 0);
	close(fd);
	if (p == MAP_FAILED) {
		xasprintf(cause, "mmap: %s", strerror(errno));
		unlink(vt->path);
		goto fail;
	}
	vt->st = st = p;

	ldisc_default_termios(&tio);
	st->version = ZPTY_VERSION;
	st->size = sizeof *st;
	st->sock_dev = sb.st_dev;
	st->sock_ino = sb.st_ino;
	st->tio = tio;
	st->ws_col = sx;
	st->ws_row = sy;
	snprintf(st->name, sizeof st->name, "%s%ld-%u", ZPTY_NAME_PREFIX,
	    (long)getpid(), n);
	__atomic_store_n(&st->magic, ZPTY_MAGIC, __ATOMIC_RELEASE);

	ldisc_init(&vt->ld, &tio);
	xasprintf(&vt->env, "%s=%s", ZPTY_ENV, vt->path);
	return (vt);

fail:
	xfree(vt->path);
	xfree(vt);
	return (NULL);
}

void
vtty_destroy(struct vtty *vt)
{
	if (vt == NULL)
		return;
	unlink(vt->path);
	munmap(vt->st, sizeof *vt->st);
	ldisc_free(&vt->ld);
	xfree(vt->path);
	xfree(vt->env);
	xfree(vt);
}

const char *
vtty_env(struct vtty *vt)
{
	return (vt->env);
}

const char *
vtty_path(struct vtty *vt)
{
	return (vt->path);
}

const char *
vtty_shim_path(void)
{
	static char	 path[PATH_MAX];
	const char	*s;
	char		 exe[PATH_MAX], *slash;
	ssize_t		 n;

	if ((s = getenv("ZEROPTY_SHIM")) != NULL && *s != '\0')
		return (s);
	if (path[0] != '\0')
		return (path);
	/* Run from the build tree: the shim libtool built beside us. */
	n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0) {
		exe[n] = '\0';
		if ((slash = strrchr(exe, '/')) != NULL) {
			*slash = '\0';
			if (snprintf(path, sizeof path,
			    "%s/shim/.libs/libzeropty-shim.so", exe) <
			    (int)sizeof path && access(path, R_OK) == 0)
				return (path);
		}
	}
	snprintf(path, sizeof path, "%s", ZEROPTY_PKGLIBDIR
	    "/libzeropty-shim.so");
	return (path);
}

void
vtty_set_child(struct vtty *vt, pid_t pid)
{
	int32_t	zero = 0;

	vt->pid = pid;
	__atomic_compare_exchange_n(&vt->st->sid, &zero, pid, 0,
	    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
	zero = 0;
	__atomic_compare_exchange_n(&vt->st->pgrp, &zero, pid, 0,
	    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

pid_t
vtty_foreground(struct vtty *vt)
{
	pid_t	pg = __atomic_load_n(&vt->st->pgrp, __ATOMIC_SEQ_CST);

	return (pg > 0 ? pg : vt->pid);
}

/* Send sig to the foreground process group. */
static void
vtty_signal(void *arg, int sig)
{
	struct vtty	*vt = arg;
	pid_t		 pg = vtty_foreground(vt);

	if (pg > 0)
		kill(-pg, sig);
}

void
vtty_hangup(struct vtty *vt)
{
	pid_t	sid = vt->st->sid > 0 ? vt->st->sid : vt->pid;
	pid_t	fg = vtty_foreground(vt);

	if (sid > 0) {
		kill(-sid, SIGHUP);
		kill(-sid, SIGCONT);
	}
	/*
	 * The kernel's disassociate_ctty: SIGHUP then SIGCONT to the
	 * foreground group, so a stopped job dies too (one caught stopped
	 * between fork and tcsetpgrp survived the hangup without it).
	 */
	if (fg > 0 && fg != sid) {
		kill(-fg, SIGHUP);
		kill(-fg, SIGCONT);
	}
}

void
vtty_resize(struct vtty *vt, unsigned sx, unsigned sy)
{
	if (vt->st->ws_col == sx && vt->st->ws_row == sy)
		return;
	vt->st->ws_col = sx;
	vt->st->ws_row = sy;
	vtty_signal(vt, SIGWINCH);
}

const char *
vtty_name(struct vtty *vt)
{
	return (vt->st->name);
}

void
vtty_get_termios(struct vtty *vt, struct termios *t)
{
	*t = vt->st->tio;
}

void
vtty_input(struct vtty *vt, const uint8_t *p, size_t n,
    struct buf *to_program, struct buf *echo)
{
	struct termios	t = vt->st->tio;

	ldisc_input(&vt->ld, &t, p, n, to_program, echo, vtty_signal, vt);
}

void
vtty_output(struct vtty *vt, const uint8_t *p, size_t n, struct buf *out)
{
	tcflag_t	l = vt->st->tio.c_lflag;

	/* The column matters only for echo in canonical mode: skip it else. */
	vt->ld.track_col = (l & (ICANON|ECHO)) == (ICANON|ECHO);
	ldisc_output(&vt->ld, p, n, out);
}
