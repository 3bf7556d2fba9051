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
#include <sys/random.h>
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <stddef.h>
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
#include "engine/sys/self-path.h"
#include "engine/sys/vtty.h"
#include "shim/shim-proto.h"

/*
 * The state file is read and written with pread/pwrite, not kept mapped:
 * a mapped page was 2-4 KB of the server's PSS in every pane (half of an
 * idle session's cost at N=400, BENCHMARKS.md).
 */
struct vtty {
	char			*path;
	char			*env;
	int			 fd;
	char			 name[ZPTY_NAME_MAX];
	pid_t			 pid;
	struct ldisc		 ld;
};

#define VTTY_OFF(field)		offsetof(struct zpty_state, field)
#define VTTY_SIZE(field)	sizeof ((struct zpty_state *)0)->field

/* Read a field the shim's processes may write; zeros if it fails. */
static void
vtty_read(struct vtty *vt, size_t off, void *p, size_t n)
{
	if (pread(vt->fd, p, n, (off_t)off) != (ssize_t)n)
		memset(p, 0, n);
}

static void
vtty_write(struct vtty *vt, size_t off, const void *p, size_t n)
{
	(void)!pwrite(vt->fd, p, n, (off_t)off);
}

static unsigned	vtty_next;

/* A pane's marker key: random hex (shim-proto.h). */
static int
vtty_new_key(char *key)
{
	uint8_t	r[ZPTY_KEY_LEN / 2];
	size_t	i;

	if (getrandom(r, sizeof r, 0) != (ssize_t)sizeof r)
		return (-1);
	for (i = 0; i < sizeof r; i++) {
		key[2 * i] = "0123456789abcdef"[r[i] >> 4];
		key[2 * i + 1] = "0123456789abcdef"[r[i] & 0xf];
	}
	return (0);
}

struct vtty *
vtty_create(const char *dir, int child_fd, unsigned sx, unsigned sy,
    char **cause)
{
	struct vtty		*vt;
	struct zpty_state	 st;
	struct stat		 sb;
	struct termios		 tio;
	unsigned		 n = vtty_next++;
	uint32_t		 magic = ZPTY_MAGIC;
	int			 fd;

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
	vt->fd = fd;

	ldisc_default_termios(&tio);
	memset(&st, 0, sizeof st);
	st.version = ZPTY_VERSION;
	st.size = sizeof st;
	st.sock_dev = sb.st_dev;
	st.sock_ino = sb.st_ino;
	st.tio = tio;
	st.ws_col = sx;
	st.ws_row = sy;
	snprintf(st.name, sizeof st.name, "%s%ld-%u", ZPTY_NAME_PREFIX,
	    (long)getpid(), n);
	memcpy(vt->name, st.name, sizeof vt->name);
	if (vtty_new_key(st.key) != 0) {
		xasprintf(cause, "getrandom: %s", strerror(errno));
		close(fd);
		unlink(vt->path);
		goto fail;
	}
	/* The magic last, as readers expect (shim-proto.h). */
	if (pwrite(fd, &st, sizeof st, 0) != (ssize_t)sizeof st ||
	    pwrite(fd, &magic, sizeof magic, VTTY_OFF(magic)) !=
	    (ssize_t)sizeof magic) {
		xasprintf(cause, "%s: %s", vt->path, strerror(errno));
		close(fd);
		unlink(vt->path);
		goto fail;
	}

	ldisc_init(&vt->ld, &tio);
	ldisc_set_key(&vt->ld, st.key);
	xasprintf(&vt->env, "%s=%s", ZPTY_ENV, vt->path);
	return (vt);

fail:
	xfree(vt->path);
	xfree(vt);
	return (NULL);
}

/*
 * The state file a server before an upgrade made (server-upgrade): its
 * termios, name and key are read back; its path is kept.
 */
struct vtty *
vtty_adopt(const char *path, pid_t pid, char **cause)
{
	struct vtty		*vt;
	struct zpty_state	 st;
	int			 fd;

	if ((fd = open(path, O_RDWR|O_CLOEXEC)) == -1) {
		xasprintf(cause, "%s: %s", path, strerror(errno));
		return (NULL);
	}
	if (pread(fd, &st, sizeof st, 0) != (ssize_t)sizeof st ||
	    st.magic != ZPTY_MAGIC || st.version != ZPTY_VERSION ||
	    st.size != sizeof st) {
		xasprintf(cause, "%s: not a terminal state file", path);
		close(fd);
		return (NULL);
	}
	vt = xcalloc(1, sizeof *vt);
	vt->path = xstrdup(path);
	vt->fd = fd;
	vt->pid = pid;
	memcpy(vt->name, st.name, sizeof vt->name);
	vt->name[sizeof vt->name - 1] = '\0';
	ldisc_init(&vt->ld, &st.tio);
	ldisc_set_key(&vt->ld, st.key);
	xasprintf(&vt->env, "%s=%s", ZPTY_ENV, vt->path);
	return (vt);
}

void
vtty_destroy(struct vtty *vt)
{
	if (vt == NULL)
		return;
	unlink(vt->path);
	close(vt->fd);
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

	if ((s = getenv("ZEROPTY_SHIM")) != NULL && *s != '\0')
		return (s);
	if (path[0] != '\0')
		return (path);
	/* Run from the build tree: the shim libtool built beside us. */
	if (self_path_sibling("shim/.libs/libzeropty-shim.so", R_OK, path,
	    sizeof path) == 0)
		return (path);
	snprintf(path, sizeof path, "%s", ZEROPTY_PKGLIBDIR
	    "/libzeropty-shim.so");
	return (path);
}

const char *
vtty_pty_helper(void)
{
	static char	 path[PATH_MAX];

	if (path[0] != '\0')
		return (path);
	if (self_path_sibling("shim/zeropty-pty", X_OK, path, sizeof path) == 0)
		return (path);
	snprintf(path, sizeof path, "%s", ZEROPTY_PKGLIBEXECDIR "/zeropty-pty");
	return (path);
}

int
vtty_peer(int fd, char *name, size_t len, unsigned *sx, unsigned *sy)
{
	struct zpty_state	 st;
	struct stat		 sb;
	const char		*path = getenv(ZPTY_ENV), *p;
	char			*end;
	unsigned long long	 dev, ino;
	int			 sfd, dashes = 0;
	ssize_t			 n;

	if (path == NULL || fstat(fd, &sb) != 0 || !S_ISSOCK(sb.st_mode))
		return (-1);
	for (p = path + strlen(path); p > path; p--)
		if (p[-1] == '-' && ++dashes == 2)
			break;
	if (dashes != 2)
		return (-1);
	dev = strtoull(p, &end, 10);
	if (*end != '-')
		return (-1);
	ino = strtoull(end + 1, &end, 10);
	if (*end != '\0' || (unsigned long long)sb.st_dev != dev ||
	    (unsigned long long)sb.st_ino != ino)
		return (-1);
	if ((sfd = open(path, O_RDONLY|O_CLOEXEC)) == -1)
		return (-1);
	n = pread(sfd, &st, sizeof st, 0);
	close(sfd);
	if (n != (ssize_t)sizeof st || st.magic != ZPTY_MAGIC ||
	    st.version != ZPTY_VERSION || st.size != sizeof st ||
	    st.sock_dev != dev || st.sock_ino != ino)
		return (-1);
	if (name != NULL && len != 0) {
		st.name[sizeof st.name - 1] = '\0';
		snprintf(name, len, "%s", st.name);
	}
	if (sx != NULL)
		*sx = st.ws_col;
	if (sy != NULL)
		*sy = st.ws_row;
	return (0);
}

void
vtty_set_child(struct vtty *vt, pid_t pid)
{
	struct zpty_state	*st;
	int32_t			 zero = 0;
	void			*p;

	vt->pid = pid;
	/* The child may have set them already: mapped for the exchange. */
	p = mmap(NULL, sizeof *st, PROT_READ|PROT_WRITE, MAP_SHARED, vt->fd,
	    0);
	if (p == MAP_FAILED)
		return;
	st = p;
	__atomic_compare_exchange_n(&st->sid, &zero, pid, 0,
	    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
	zero = 0;
	__atomic_compare_exchange_n(&st->pgrp, &zero, pid, 0,
	    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
	munmap(p, sizeof *st);
}

/*
 * The session of process group pg, as the kernel's session_of_pgrp: its
 * leader's if the leader lives (a group never spans sessions), else any
 * member's from /proc. -1 if the group is empty.
 */
static pid_t
vtty_group_session(pid_t pg)
{
	DIR		*d;
	struct dirent	*de;
	char		 path[300], b[512], *p;
	long		 pgrp, sess;
	pid_t		 sid;
	ssize_t		 n;
	int		 fd;

	if ((sid = getsid(pg)) != -1 || errno != ESRCH)
		return (sid);
	if ((d = opendir("/proc")) == NULL)
		return (-1);
	sid = -1;
	while (sid == -1 && (de = readdir(d)) != NULL) {
		if (de->d_name[0] < '1' || de->d_name[0] > '9')
			continue;
		snprintf(path, sizeof path, "/proc/%s/stat", de->d_name);
		if ((fd = open(path, O_RDONLY|O_CLOEXEC)) == -1)
			continue;
		n = read(fd, b, sizeof b - 1);
		close(fd);
		if (n <= 0)
			continue;
		b[n] = '\0';
		/* After "pid (comm)": state ppid pgrp session. */
		if ((p = strrchr(b, ')')) != NULL &&
		    sscanf(p + 1, " %*c %*d %ld %ld", &pgrp, &sess) == 2 &&
		    pgrp == pg)
			sid = (pid_t)sess;
	}
	closedir(d);
	return (sid);
}

/*
 * May the server signal group pg for this pane? Only a group of the pane's
 * own session, as a kernel tty only signals its session's groups: the
 * state file is writable by the pane's programs, so a pgrp there may be
 * any number (tcsetpgrp(0, 1) once made ^C reach another session, and
 * a root server's kill(-1) the whole host).
 */
static int
vtty_group_ok(struct vtty *vt, pid_t pg)
{
	return (pg > 1 && vt->pid > 1 && vtty_group_session(pg) == vt->pid);
}

pid_t
vtty_foreground(struct vtty *vt)
{
	int32_t	pg;
	pid_t	sid;

	vtty_read(vt, VTTY_OFF(pgrp), &pg, sizeof pg);
	if (pg <= 1)
		return (vt->pid);
	/* Cheap check only (this is for names): a live leader elsewhere. */
	if ((sid = getsid(pg)) != -1 && sid != vt->pid)
		return (vt->pid);
	return (pg);
}

uint64_t
vtty_socket_ino(struct vtty *vt)
{
	uint64_t	ino;

	vtty_read(vt, VTTY_OFF(sock_ino), &ino, sizeof ino);
	return (ino);
}

int
vtty_input_wait(struct vtty *vt)
{
	int32_t	slots[ZPTY_WAIT_SLOTS];
	pid_t	fg = vtty_foreground(vt), pg;
	int	i;

	vtty_read(vt, VTTY_OFF(input_wait), slots, sizeof slots);
	for (i = 0; i < ZPTY_WAIT_SLOTS; i++) {
		/* A slot of a dead process (pid gone) is none. */
		if (slots[i] > 0 && (pg = getpgid(slots[i])) != -1 &&
		    pg == fg)
			return (1);
	}
	return (0);
}

/* Send sig to the foreground process group, if it is the pane's. */
static void
vtty_signal(void *arg, int sig)
{
	struct vtty	*vt = arg;
	pid_t		 pg = vtty_foreground(vt);

	if (vtty_group_ok(vt, pg))
		kill(-pg, sig);
}

void
vtty_hangup(struct vtty *vt)
{
	pid_t	sid = vt->pid, fg = vtty_foreground(vt);

	/* The session is the child's: the file's sid is the pane's to write. */
	if (sid > 1) {
		kill(-sid, SIGHUP);
		kill(-sid, SIGCONT);
	}
	/*
	 * The kernel's disassociate_ctty: SIGHUP then SIGCONT to the
	 * foreground group, so a stopped job dies too (one caught stopped
	 * between fork and tcsetpgrp survived the hangup without it).
	 */
	if (fg != sid && vtty_group_ok(vt, fg)) {
		kill(-fg, SIGHUP);
		kill(-fg, SIGCONT);
	}
}

void
vtty_resize(struct vtty *vt, unsigned sx, unsigned sy)
{
	uint16_t	ws[2];	/* ws_row, ws_col: adjacent in the file */

	vtty_read(vt, VTTY_OFF(ws_row), ws, sizeof ws);
	if (ws[1] == sx && ws[0] == sy)
		return;
	ws[0] = (uint16_t)sy;
	ws[1] = (uint16_t)sx;
	vtty_write(vt, VTTY_OFF(ws_row), ws, sizeof ws);
	vtty_signal(vt, SIGWINCH);
}

const char *
vtty_name(struct vtty *vt)
{
	return (vt->name);
}

void
vtty_get_termios(struct vtty *vt, struct termios *t)
{
	vtty_read(vt, VTTY_OFF(tio), t, sizeof *t);
}

void
vtty_input(struct vtty *vt, const uint8_t *p, size_t n,
    struct buf *to_program, struct buf *echo)
{
	struct termios	t;
	int32_t		noshim;
	pid_t		fg;

	vtty_read(vt, VTTY_OFF(tio), &t, sizeof t);
	/*
	 * A foreground program without the shim cannot turn echo off nor
	 * read the EOF marker: echo nothing (passwords), send no marker.
	 */
	vtty_read(vt, VTTY_OFF(noshim_pgrp), &noshim, sizeof noshim);
	vt->ld.no_eof = 0;
	if (noshim > 0) {
		fg = vtty_foreground(vt);
		if (fg == noshim) {
			t.c_lflag &= ~(ECHO|ECHONL);
			vt->ld.no_eof = 1;
		}
	}
	ldisc_input(&vt->ld, &t, p, n, to_program, echo, vtty_signal, vt);
}

void
vtty_output(struct vtty *vt, const uint8_t *p, size_t n, struct buf *out)
{
	ldisc_output(&vt->ld, p, n, out);
}
