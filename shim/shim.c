/*
 * LD_PRELOAD shim: makes the pane's socket look like a terminal to every
 * program in the pane (docs/design.md §1). Protocol: shim/shim-proto.h.
 *
 * An fd is the terminal iff it is a socket with the st_dev/st_ino recorded
 * in the state file named by ZEROPTY_TTY. Without that variable or a valid
 * file every call behaves as plain libc. Only libc and libdl are used.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <sys/types.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "shim/shim.h"

#define EXPORT SHIM_EXPORT

/* The kernel's struct termios (TCGETS): a prefix of glibc's layout. */
#define KTERMIOS_SIZE	(4 * sizeof (tcflag_t) + 1 + 19)

static struct zpty_state *st;
static int st_state;		/* 0 not tried, 1 mapped, -1 none */
static uint64_t id_dev, id_ino;
static int id_state;		/* 0 not parsed, 1 known, -1 no terminal */

/*
 * Per-fd cache for read(), the one hot call: 0 unknown, 1 terminal,
 * 2 not. Reset by close/dup2/dup3/dup/fcntl and by open; a stale
 * "terminal" is caught because recv() then fails.
 */
#define FDCACHE 4096
static unsigned char fdkind[FDCACHE];
/* Which terminal fd (plus one) an epoll fd reads, from epoll_ctl. */
static int epoll_tty[FDCACHE];

#define REAL(name) \
	static __typeof__(name) *real_##name; \
	if (real_##name == NULL) \
		real_##name = (__typeof__(name) *)dlsym(RTLD_NEXT, #name)

/* The socket's identity, from the state file's name (shim-proto.h). */
static int
tty_id(void)
{
	const char	*path, *p;
	char		*end;
	int		 dashes = 0;

	if (id_state != 0)
		return (id_state > 0);
	id_state = -1;
	if ((path = getenv(ZPTY_ENV)) == NULL)
		return (0);
	for (p = path + strlen(path); p > path; p--)
		if (p[-1] == '-' && ++dashes == 2)
			break;
	if (dashes != 2)
		return (0);
	id_dev = strtoull(p, &end, 10);
	if (*end != '-')
		return (0);
	id_ino = strtoull(end + 1, &end, 10);
	if (*end != '\0')
		return (0);
	id_state = 1;
	return (1);
}

/* Is fd the socket named by ZEROPTY_TTY? No file access. */
static int
id_match(int fd)
{
	struct stat	sb;

	return (tty_id() && fstat(fd, &sb) == 0 && S_ISSOCK(sb.st_mode) &&
	    (uint64_t)sb.st_dev == id_dev && (uint64_t)sb.st_ino == id_ino);
}

/* Map the state file, once (a racing thread may map it twice). */
static struct zpty_state *
state(void)
{
	struct zpty_state	*s;
	const char		*path;
	void			*p;
	int			 fd;
	struct stat		 sb;

	if (st_state != 0)
		return (st_state == 1 ? st : NULL);
	if (!tty_id() || (path = getenv(ZPTY_ENV)) == NULL)
		goto fail;
	fd = (int)syscall(SYS_openat, AT_FDCWD, path, O_RDWR|O_CLOEXEC);
	if (fd == -1)
		goto fail;
	if (fstat(fd, &sb) != 0 || sb.st_size < (off_t)sizeof *s) {
		close(fd);
		goto fail;
	}
	p = mmap(NULL, sizeof *s, PROT_READ|PROT_WRITE, MAP_SHARED, fd, 0);
	close(fd);
	if (p == MAP_FAILED)
		goto fail;
	s = p;
	if (__atomic_load_n(&s->magic, __ATOMIC_ACQUIRE) != ZPTY_MAGIC ||
	    s->version != ZPTY_VERSION || s->size != sizeof *s ||
	    s->sock_dev != id_dev || s->sock_ino != id_ino) {
		munmap(p, sizeof *s);
		goto fail;
	}
	/* The session leader of the pane records itself if not yet known. */
	if (getsid(0) == getpid()) {
		int32_t zero = 0, me = getpid();

		__atomic_compare_exchange_n(&s->sid, &zero, me, 0,
		    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
		zero = 0;
		__atomic_compare_exchange_n(&s->pgrp, &zero, me, 0,
		    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
	}
	st = s;
	st_state = 1;
	return (st);
fail:
	st_state = -1;
	return (NULL);
}

static void	send_all(int, const char *, size_t);
static void	set_tio(int, const struct termios *);

/* Is fd the pane's terminal? */
static int
is_tty(int fd)
{
	int	yes = id_match(fd) && state() != NULL;

	if (fd >= 0 && fd < FDCACHE)
		fdkind[fd] = yes ? 1 : 2;
	return (yes);
}

/*
 * stdio line-buffers terminals (it looks for a character device): so do
 * we. On stdin that makes reading flush stdout, so prompts show.
 */
__attribute__((constructor)) static void
shim_init(void)
{
	int	in = id_match(0), out = id_match(1);

	if (in)
		setvbuf(stdin, NULL, _IOLBF, 0);
	if (out)
		setvbuf(stdout, NULL, _IOLBF, 0);
	/*
	 * Map the state now: a root program that drops privileges (runuser,
	 * su) can no longer open the root-owned file, yet keeps the terminal
	 * and may run a program that needs a pty (shim-pty.c).
	 */
	if (in || out || id_match(2))
		(void)state();
	/* stdio's reads of the terminal (shim-stdio.c); fdopen below. */
	if (in && st != NULL)
		shim_stdio_hook();
}

struct zpty_state *
shim_state(void)
{
	return (state());
}

int
shim_is_tty(int fd)
{
	return (is_tty(fd));
}

void
shim_send_all(int fd, const char *p, size_t len)
{
	send_all(fd, p, len);
}

void
shim_set_tio(int fd, const struct termios *t)
{
	set_tio(fd, t);
}

static void
forget(int fd)
{
	if (fd >= 0 && fd < FDCACHE) {
		fdkind[fd] = 0;
		epoll_tty[fd] = 0;
	}
}

/*
 * fd was opened by path: not the pane's socket (opening a socket by
 * path fails; /dev/tty and the tty name are answered by open_tty), so
 * read() and stdio's reads of it need no fstat.
 */
static void
not_tty(int fd)
{
	if (fd >= 0 && fd < FDCACHE)
		fdkind[fd] = 2;
}

/* Write all of a marker to the terminal fd. */
static void
send_all(int fd, const char *p, size_t len)
{
	struct pollfd	pfd;
	ssize_t		n;

	while (len > 0) {
		n = send(fd, p, len, MSG_NOSIGNAL);
		if (n > 0) {
			p += n;
			len -= n;
		} else if (n == -1 && errno == EINTR)
			continue;
		else if (n == -1 && errno == EAGAIN) {
			pfd.fd = fd;
			pfd.events = POLLOUT;
			poll(&pfd, 1, 1000);
		} else
			return;
	}
}

/*
 * Install new termios; announce an oflag change in-band on fd. No stdio:
 * tcsetattr is async-signal-safe and programs call it from handlers.
 */
static void
set_tio(int fd, const struct termios *t)
{
	char		mark[ZPTY_MARK_MAX], *p;
	tcflag_t	old = st->tio.c_oflag, v = t->c_oflag;
	int		saved = errno, shift;

	st->tio = *t;
	if (v != old) {
		p = mark;
		memcpy(p, ZPTY_MARK_START "k=", ZPTY_MARK_START_LEN + 2);
		p += ZPTY_MARK_START_LEN + 2;
		memcpy(p, st->key, ZPTY_KEY_LEN);
		p += ZPTY_KEY_LEN;
		memcpy(p, ";o=", 3);
		p += 3;
		for (shift = 28; shift > 0 && (v >> shift) == 0; shift -= 4)
			/* skip leading zeros */;
		for (; shift >= 0; shift -= 4)
			*p++ = "0123456789abcdef"[(v >> shift) & 0xf];
		memcpy(p, ZPTY_MARK_END, 2);
		send_all(fd, mark, p + 2 - mark);
	}
	errno = saved;
}

/* Discard input not yet read, as TCIFLUSH/TCSAFLUSH do. */
static void
flush_input(int fd)
{
	char	b[4096];

	while (recv(fd, b, sizeof b, MSG_DONTWAIT) > 0)
		;
}

EXPORT int
isatty(int fd)
{
	REAL(isatty);
	return (is_tty(fd) ? 1 : real_isatty(fd));
}

EXPORT int
tcgetattr(int fd, struct termios *t)
{
	REAL(tcgetattr);
	if (!is_tty(fd))
		return (real_tcgetattr(fd, t));
	*t = st->tio;
	return (0);
}

EXPORT int
tcsetattr(int fd, int act, const struct termios *t)
{
	REAL(tcsetattr);
	if (!is_tty(fd))
		return (real_tcsetattr(fd, act, t));
	if (act != TCSANOW && act != TCSADRAIN && act != TCSAFLUSH) {
		errno = EINVAL;
		return (-1);
	}
	set_tio(fd, t);
	if (act == TCSAFLUSH)
		flush_input(fd);
	return (0);
}

/* Calls answered from the state file on the terminal, else libc's. */
#define TTY_CALL(type, name, args, call, value) \
EXPORT type name args { REAL(name); \
	return (is_tty(fd) ? (value) : real_##name call); }
TTY_CALL(int, tcdrain, (int fd), (fd), 0)
TTY_CALL(int, tcflow, (int fd, int a), (fd, a), 0)
TTY_CALL(int, tcsendbreak, (int fd, int d), (fd, d), 0)
TTY_CALL(pid_t, tcgetpgrp, (int fd), (fd), st->pgrp)
TTY_CALL(pid_t, tcgetsid, (int fd), (fd), st->sid)

/*
 * The session of process group pg, as the kernel's session_of_pgrp: its
 * leader's if it lives (a group never spans sessions), else a member's
 * from /proc. -1 if there is none. Raw syscalls: no interposed calls.
 */
static pid_t
group_session(pid_t pg)
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
	while (sid == -1 && (de = readdir(d)) != NULL) {
		if (de->d_name[0] < '1' || de->d_name[0] > '9')
			continue;
		snprintf(path, sizeof path, "/proc/%s/stat", de->d_name);
		fd = (int)syscall(SYS_openat, AT_FDCWD, path,
		    O_RDONLY|O_CLOEXEC);
		if (fd == -1)
			continue;
		n = syscall(SYS_read, fd, b, sizeof b - 1);
		syscall(SYS_close, fd);
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
 * tcsetpgrp as the kernel's tiocspgrp: the terminal must be the caller's
 * session's and the group must be in that session (else EPERM), so that
 * ^C and SIGWINCH reach only this pane's processes.
 */
static int
set_pgrp(pid_t pg)
{
	pid_t	me = getsid(0), sid;

	if (pg < 0) {
		errno = EINVAL;
		return (-1);
	}
	if (st->sid > 0 && st->sid != me) {
		errno = ENOTTY;
		return (-1);
	}
	if (pg == 0 || (sid = group_session(pg)) == -1) {
		errno = ESRCH;
		return (-1);
	}
	if (sid != me) {
		errno = EPERM;
		return (-1);
	}
	__atomic_store_n(&st->pgrp, pg, __ATOMIC_SEQ_CST);
	return (0);
}

EXPORT int
tcsetpgrp(int fd, pid_t pg)
{
	REAL(tcsetpgrp);
	if (!is_tty(fd))
		return (real_tcsetpgrp(fd, pg));
	return (set_pgrp(pg));
}

EXPORT int
tcflush(int fd, int q)
{
	REAL(tcflush);
	if (!is_tty(fd))
		return (real_tcflush(fd, q));
	if (q == TCIFLUSH || q == TCIOFLUSH)
		flush_input(fd);
	return (0);
}


static int
tty_ioctl(int fd, unsigned long req, void *arg)
{
	struct winsize	*ws = arg, old;
	struct termios	 t;
	pid_t		 pg;

	switch (req) {
	case TCGETS:
		t = st->tio;
		memcpy(arg, &t, KTERMIOS_SIZE);
		return (0);
	case TCSETS:
	case TCSETSW:
	case TCSETSF:
		t = st->tio;
		memcpy(&t, arg, KTERMIOS_SIZE);
		t.c_ispeed = t.c_ospeed = t.c_cflag & (CBAUD|CBAUDEX);
		set_tio(fd, &t);
		if (req == TCSETSF)
			flush_input(fd);
		return (0);
	case TIOCGWINSZ:
		ws->ws_row = st->ws_row;
		ws->ws_col = st->ws_col;
		ws->ws_xpixel = st->ws_xpixel;
		ws->ws_ypixel = st->ws_ypixel;
		return (0);
	case TIOCSWINSZ:
		old.ws_row = st->ws_row;
		old.ws_col = st->ws_col;
		st->ws_row = ws->ws_row;
		st->ws_col = ws->ws_col;
		st->ws_xpixel = ws->ws_xpixel;
		st->ws_ypixel = ws->ws_ypixel;
		pg = st->pgrp;
		if ((old.ws_row != ws->ws_row || old.ws_col != ws->ws_col) &&
		    pg > 1 && group_session(pg) == getsid(0))
			kill(-pg, SIGWINCH);
		return (0);
	case TIOCGPGRP:
		*(pid_t *)arg = st->pgrp;
		return (0);
	case TIOCSPGRP:
		return (set_pgrp(*(pid_t *)arg));
	case TIOCGSID:
		*(pid_t *)arg = st->sid;
		return (0);
	case TIOCSCTTY:
	case TIOCNOTTY:
	case TCFLSH:
		if ((long)arg == TCIFLUSH || (long)arg == TCIOFLUSH)
			flush_input(fd);
		return (0);
	case TCXONC:
	case TCSBRK:
	case TCSBRKP:
		return (0);
	}
	return (1);	/* not ours: pass through */
}

EXPORT int
ioctl(int fd, unsigned long req, ...)
{
	va_list	 ap;
	void	*arg;
	int	 r;

	REAL(ioctl);
	va_start(ap, req);
	arg = va_arg(ap, void *);
	va_end(ap);
	switch (req) {
	case TCGETS: case TCSETS: case TCSETSW: case TCSETSF:
	case TIOCGWINSZ: case TIOCSWINSZ: case TIOCGPGRP: case TIOCSPGRP:
	case TIOCGSID: case TIOCSCTTY: case TIOCNOTTY: case TCFLSH:
	case TCXONC: case TCSBRK: case TCSBRKP:
		if (is_tty(fd) && (r = tty_ioctl(fd, req, arg)) != 1)
			return (r);
	}
	return (real_ioctl(fd, req, arg));
}

EXPORT int
ttyname_r(int fd, char *buf, size_t len)
{
	REAL(ttyname_r);
	if (!is_tty(fd))
		return (real_ttyname_r(fd, buf, len));
	if (strnlen(st->name, ZPTY_NAME_MAX) >= len)
		return (ERANGE);
	snprintf(buf, len, "%s", st->name);
	return (0);
}

EXPORT char *
ttyname(int fd)
{
	static char	name[ZPTY_NAME_MAX];

	REAL(ttyname);
	if (!is_tty(fd))
		return (real_ttyname(fd));
	memcpy(name, st->name, sizeof name);
	name[sizeof name - 1] = '\0';
	return (name);
}

/* open("/dev/tty") or our tty name: a dup of the terminal, else ENXIO. */
static int
open_tty(const char *path, int flags, int *fdp)
{
	int	fd;

	/* Most opens are of other files: decide that without the state. */
	if (path == NULL || id_state == -1 || (strcmp(path, "/dev/tty") != 0 &&
	    strncmp(path, ZPTY_NAME_PREFIX, sizeof ZPTY_NAME_PREFIX - 1) != 0))
		return (0);
	if (state() == NULL || (strcmp(path, "/dev/tty") != 0 &&
	    strcmp(path, st->name) != 0))
		return (0);
	for (fd = 0; fd < 3; fd++) {
		if (is_tty(fd)) {
			*fdp = fcntl(fd, (flags & O_CLOEXEC) ? F_DUPFD_CLOEXEC :
			    F_DUPFD, 0);
			return (1);
		}
	}
	errno = ENXIO;
	*fdp = -1;
	return (1);
}

#define COMMA ,
#define OPEN(name, pre, prea) \
EXPORT int name(pre const char *path, int flags, ...) { \
	va_list ap; mode_t mode = 0; int fd; REAL(name); \
	if (flags & (O_CREAT|O_TMPFILE)) { \
		va_start(ap, flags); mode = va_arg(ap, mode_t); va_end(ap); } \
	if (open_tty(path, flags, &fd)) return (fd); \
	fd = real_##name(prea path, flags, mode); not_tty(fd); return (fd); }
OPEN(open, , )
OPEN(open64, , )
OPEN(openat, int dfd COMMA, dfd COMMA)
OPEN(openat64, int dfd COMMA, dfd COMMA)

/* _FORTIFY_SOURCE builds call these when flags are not constant. */
int	__open_2(const char *, int);
int	__open64_2(const char *, int);
ssize_t	__read_chk(int, void *, size_t, size_t);

EXPORT int
__open_2(const char *path, int flags)
{
	return (open(path, flags));
}

EXPORT int
__open64_2(const char *path, int flags)
{
	return (open64(path, flags));
}

/* fopen("/dev/tty"), as fdopen of open_tty. */
static FILE *
fopen_tty(const char *path, const char *mode, int *done)
{
	FILE	*f;
	int	 fd;

	if (!(*done = open_tty(path, strchr(mode, 'e') ? O_CLOEXEC : 0, &fd)))
		return (NULL);
	if (fd == -1 || (f = fdopen(fd, mode)) == NULL) {
		if (fd != -1)
			close(fd);
		return (NULL);
	}
	return (f);
}

/* A stream on the terminal: stdio's reads of it go to the shim. */
EXPORT FILE *
fdopen(int fd, const char *mode)
{
	REAL(fdopen);
	if (is_tty(fd))
		shim_stdio_hook();
	return (real_fdopen(fd, mode));
}

#define FOPEN(name) \
EXPORT FILE *name(const char *path, const char *mode) { \
	FILE *f; int done; REAL(name); \
	f = fopen_tty(path, mode, &done); \
	if (!done && (f = real_##name(path, mode)) != NULL) \
		not_tty(fileno(f)); \
	return (f); }
FOPEN(fopen)
FOPEN(fopen64)

/* Calls that put another file on an fd number: forget what it was. */
EXPORT int
close(int fd)
{
	REAL(close);
	forget(fd);
	return (real_close(fd));
}

#define FORGET(name, args, call) \
EXPORT int name args { int r_; REAL(name); \
	r_ = real_##name call; forget(r_); return (r_); }
FORGET(dup, (int fd), (fd))
FORGET(dup2, (int fd, int fd2), (fd, fd2))
FORGET(dup3, (int fd, int fd2, int fl), (fd, fd2, fl))

/* fcntl and fcntl64 (large-file builds call the latter). */
#define FCNTL(name) \
EXPORT int name(int fd, int cmd, ...) { \
	va_list ap; long arg; int r; REAL(name); \
	va_start(ap, cmd); arg = va_arg(ap, long); va_end(ap); \
	r = real_##name(fd, cmd, arg); \
	if (cmd == F_DUPFD || cmd == F_DUPFD_CLOEXEC) forget(r); \
	return (r); }
FCNTL(fcntl)
FCNTL(fcntl64)

/* is_tty() for read(): cached per fd, nothing at all without a tty. */
static int
cached_tty(int fd)
{
	int	kind;

	if (id_state == -1)
		return (0);
	kind = (fd >= 0 && fd < FDCACHE) ? fdkind[fd] : 0;
	return (kind == 1 || (kind == 0 && is_tty(fd)));
}

int
shim_tty_fd(int fd)
{
	return (cached_tty(fd));
}

/*
 * Waiting for input (shim-proto.h, input_wait): our pid in a slot of the
 * state file while we block on the terminal with nothing to read. The
 * slot, or -1 if none could be had.
 */
static int
wait_begin(void)
{
	int32_t	me, old;
	int	i, saved = errno;

	if (st == NULL)
		return (-1);
	me = getpid();
	for (i = 0; i < ZPTY_WAIT_SLOTS; i++) {
		old = 0;
		if (__atomic_compare_exchange_n(&st->input_wait[i], &old, me,
		    0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
			return (i);
	}
	/* All taken: one of a process that died while it waited. */
	for (i = 0; i < ZPTY_WAIT_SLOTS; i++) {
		old = __atomic_load_n(&st->input_wait[i], __ATOMIC_SEQ_CST);
		if (old > 0 && old != me && kill(old, 0) == -1 &&
		    errno == ESRCH && __atomic_compare_exchange_n(
		    &st->input_wait[i], &old, me, 0, __ATOMIC_SEQ_CST,
		    __ATOMIC_SEQ_CST)) {
			errno = saved;
			return (i);
		}
	}
	errno = saved;
	return (-1);
}

static void
wait_end(int slot)
{
	if (slot >= 0)
		__atomic_store_n(&st->input_wait[slot], 0, __ATOMIC_SEQ_CST);
}

/* Nothing to read on terminal fd now (so a wait on it is one for keys). */
static int
tty_empty(int fd)
{
	char	c;
	int	saved = errno, empty;

	empty = recv(fd, &c, 1, MSG_PEEK|MSG_DONTWAIT) == -1 &&
	    (errno == EAGAIN || errno == EWOULDBLOCK);
	errno = saved;
	return (empty);
}

/*
 * A blocking peek at the terminal, seen as a wait for input while there
 * is nothing yet. A non-blocking fd answers EAGAIN as it would.
 */
static ssize_t
tty_peek(int fd, void *buf, size_t len)
{
	ssize_t	n;
	int	slot, fl;

	n = recv(fd, buf, len, MSG_PEEK|MSG_DONTWAIT);
	if (n != -1 || (errno != EAGAIN && errno != EWOULDBLOCK))
		return (n);
	fl = (int)syscall(SYS_fcntl, fd, F_GETFL);
	if (fl == -1 || (fl & O_NONBLOCK)) {
		if (fl != -1)
			errno = EAGAIN;
		return (-1);
	}
	slot = wait_begin();
	n = recv(fd, buf, len, MSG_PEEK);
	fl = errno;
	wait_end(slot);
	errno = fl;
	return (n);
}

/*
 * read() on the terminal: peek first, so that nothing after an EOF marker
 * is taken from the socket (other processes of the pane may read it).
 */
static ssize_t
tty_read(int fd, void *buf, size_t len)
{
	char		 pk[ZPTY_EOF_LEN], eof[ZPTY_EOF_LEN];
	unsigned char	*p, *b = buf;
	ssize_t		 n, m;

	REAL(read);
	n = tty_peek(fd, buf, len);
	if (n == -1 && errno == ENOTSOCK) {
		forget(fd);
		return (real_read(fd, buf, len));
	}
	if (n <= 0)
		return (n);
	if ((p = memchr(b, 0xff, n)) == NULL)
		return (real_read(fd, buf, n));
	if (p != b)
		return (real_read(fd, buf, p - b));
	/* The marker carries the pane's key: without it, 0xff is data. */
	memcpy(eof, ZPTY_EOF_PREFIX, 2);
	memcpy(eof + 2, st->key, ZPTY_KEY_LEN);
	m = recv(fd, pk, sizeof pk, MSG_PEEK|MSG_DONTWAIT);
	if (m > 0 && m < ZPTY_EOF_LEN && memcmp(pk, eof, m) == 0)
		m = recv(fd, pk, sizeof pk, MSG_PEEK|MSG_WAITALL);
	if (m == ZPTY_EOF_LEN && memcmp(pk, eof, ZPTY_EOF_LEN) == 0) {
		real_read(fd, pk, sizeof pk);
		return (0);
	}
	p = memchr(b + 1, 0xff, n - 1);
	return (real_read(fd, buf, p != NULL ? p - b : n));
}

ssize_t
shim_tty_read(int fd, void *buf, size_t len)
{
	return (tty_read(fd, buf, len));
}

EXPORT ssize_t
read(int fd, void *buf, size_t len)
{
	REAL(read);
	if (len == 0 || !cached_tty(fd))
		return (real_read(fd, buf, len));
	return (tty_read(fd, buf, len));
}

EXPORT ssize_t
__read_chk(int fd, void *buf, size_t len, size_t buflen)
{
	if (len > buflen)
		abort();
	return (read(fd, buf, len));
}

/* readv() on the terminal: read() into the first non-empty buffer. */
EXPORT ssize_t
readv(int fd, const struct iovec *iov, int n)
{
	int	i;

	REAL(readv);
	for (i = 0; i < n && iov[i].iov_len == 0; i++)
		/* nothing */;
	if (i == n || !cached_tty(fd))
		return (real_readv(fd, iov, n));
	return (read(fd, iov[i].iov_base, iov[i].iov_len));
}

/*
 * poll, ppoll, select, pselect and epoll_wait: a wait (timeout not 0)
 * with the terminal among the fds read and nothing on it is a wait for
 * input (shim-proto.h, input_wait).
 */
static int
poll_tty(const struct pollfd *fds, nfds_t n)
{
	nfds_t	i;

	if (id_state == -1)
		return (0);
	for (i = 0; i < n; i++) {
		if ((fds[i].events & POLLIN) && fds[i].fd >= 0 &&
		    cached_tty(fds[i].fd))
			return (tty_empty(fds[i].fd));
	}
	return (0);
}

static int
select_tty(int nfds, const fd_set *rfds)
{
	int	fd;

	if (id_state == -1 || rfds == NULL)
		return (0);
	for (fd = 0; fd < nfds && fd < FD_SETSIZE; fd++) {
		if (FD_ISSET(fd, rfds) && cached_tty(fd))
			return (tty_empty(fd));
	}
	return (0);
}

/* Run call with a wait slot held if waits says so. */
#define WAIT_CALL(waits, call) do { \
	int slot_, r_, e_; \
	if (!(waits)) \
		return (call); \
	slot_ = wait_begin(); \
	r_ = call; \
	e_ = errno; \
	wait_end(slot_); \
	errno = e_; \
	return (r_); \
} while (0)

EXPORT int
poll(struct pollfd *fds, nfds_t n, int timeout)
{
	REAL(poll);
	WAIT_CALL(timeout != 0 && poll_tty(fds, n),
	    real_poll(fds, n, timeout));
}

EXPORT int
__poll_chk(struct pollfd *fds, nfds_t n, int timeout, size_t len)
{
	if (n > len / sizeof *fds)
		abort();
	return (poll(fds, n, timeout));
}

EXPORT int
ppoll(struct pollfd *fds, nfds_t n, const struct timespec *ts,
    const sigset_t *mask)
{
	REAL(ppoll);
	WAIT_CALL((ts == NULL || ts->tv_sec != 0 || ts->tv_nsec != 0) &&
	    poll_tty(fds, n), real_ppoll(fds, n, ts, mask));
}

EXPORT int
select(int nfds, fd_set *r, fd_set *w, fd_set *e, struct timeval *tv)
{
	REAL(select);
	WAIT_CALL((tv == NULL || tv->tv_sec != 0 || tv->tv_usec != 0) &&
	    select_tty(nfds, r), real_select(nfds, r, w, e, tv));
}

EXPORT int
pselect(int nfds, fd_set *r, fd_set *w, fd_set *e,
    const struct timespec *ts, const sigset_t *mask)
{
	REAL(pselect);
	WAIT_CALL((ts == NULL || ts->tv_sec != 0 || ts->tv_nsec != 0) &&
	    select_tty(nfds, r), real_pselect(nfds, r, w, e, ts, mask));
}

EXPORT int
epoll_ctl(int epfd, int op, int fd, struct epoll_event *ev)
{
	int	r;

	REAL(epoll_ctl);
	r = real_epoll_ctl(epfd, op, fd, ev);
	if (r != 0 || epfd < 0 || epfd >= FDCACHE || id_state == -1 ||
	    !cached_tty(fd))
		return (r);
	if (op != EPOLL_CTL_DEL && ev != NULL && (ev->events & EPOLLIN))
		epoll_tty[epfd] = fd + 1;
	else if (epoll_tty[epfd] == fd + 1)
		epoll_tty[epfd] = 0;
	return (r);
}

/* Whether epfd is seen reading the terminal, now empty. */
static int
epoll_waits(int epfd, int timeout)
{
	int	fd;

	if (timeout == 0 || epfd < 0 || epfd >= FDCACHE ||
	    (fd = epoll_tty[epfd] - 1) < 0)
		return (0);
	/* The number may be another file now: only if still the terminal. */
	if (!is_tty(fd)) {
		epoll_tty[epfd] = 0;
		return (0);
	}
	return (tty_empty(fd));
}

EXPORT int
epoll_wait(int epfd, struct epoll_event *ev, int n, int timeout)
{
	REAL(epoll_wait);
	WAIT_CALL(epoll_waits(epfd, timeout),
	    real_epoll_wait(epfd, ev, n, timeout));
}

EXPORT int
epoll_pwait(int epfd, struct epoll_event *ev, int n, int timeout,
    const sigset_t *mask)
{
	REAL(epoll_pwait);
	WAIT_CALL(epoll_waits(epfd, timeout),
	    real_epoll_pwait(epfd, ev, n, timeout, mask));
}

/* getpass(3) on the pane's terminal, echo off. */
EXPORT char *
getpass(const char *prompt)
{
	static char	line[256];
	struct termios	t, old;
	size_t		len = 0;
	char		c;
	int		fd;

	REAL(getpass);
	if (!open_tty("/dev/tty", O_CLOEXEC, &fd) || fd == -1)
		return (real_getpass(prompt));
	old = t = st->tio;
	t.c_lflag &= ~(ECHO|ISIG);
	t.c_lflag |= ECHONL;
	set_tio(fd, &t);
	send_all(fd, prompt, strlen(prompt));
	while (read(fd, &c, 1) == 1 && c != '\n')
		if (len < sizeof line - 1)
			line[len++] = c;
	line[len] = '\0';
	set_tio(fd, &old);
	close(fd);
	return (line);
}
