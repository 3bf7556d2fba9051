/*
 * Programs the shim cannot reach run on a real pty (shim-proto.h, "Lent
 * ptys"; README, differences). LD_PRELOAD does not reach static binaries
 * (busybox), setuid/setgid programs and programs with file capabilities
 * (passwd, sudo), and Go programs (fzf) make their own system calls: on the
 * socket they saw "inappropriate ioctl for device" and passwd echoed the
 * password. The transport is chosen per program at exec time: the exec
 * and posix_spawn interposers below look at the new image and, for those,
 * open a pty, lend its master to the server over the pane's socket
 * (SCM_RIGHTS), and exec (spawn) zeropty-pty (pty-run.c) with the slave in
 * the program's place: it keeps the pid the shell waits for and runs the
 * program on the slave in a session of its own.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <sys/types.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/xattr.h>

#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "shim/shim.h"

/* libc's own entry points, looked up on first use. */
static __typeof__(posix_spawn)	*real_posix_spawn;
static __typeof__(posix_spawnp)	*real_posix_spawnp;
static __typeof__(execve)	*real_execve;
static __typeof__(execvpe)	*real_execvpe;
static __typeof__(fexecve)	*real_fexecve;

#define REAL(name) \
	if (real_##name == NULL) \
		real_##name = (__typeof__(name) *)dlsym(RTLD_NEXT, #name)

/*
 * The file's first block, read once per exec: the ELF header, program
 * headers and notes of ordinary binaries are all in it, so deciding costs
 * one read.
 */
static unsigned char	pty_head[4096];
static size_t		pty_headlen;

/* pread all of n bytes, from the first block when they are in it. */
static int
pty_pread(int fd, void *p, size_t n, off_t off)
{
	if (off >= 0 && (size_t)off + n <= pty_headlen) {
		memcpy(p, pty_head + off, n);
		return (0);
	}
	return (pread(fd, p, n, off) == (ssize_t)n ? 0 : -1);
}

/*
 * The notes of a PT_NOTE segment: 1 if Go's build id ("Go", type 4) is
 * there, -1 if zeropty's own (shim-proto.h), else 0.
 */
static int
pty_notes(int fd, off_t off, size_t size)
{
	unsigned char	b[4096];
	size_t		i = 0, namesz, descsz;
	uint32_t	w[3];

	if (size > sizeof b)
		size = sizeof b;
	if (pty_pread(fd, b, size, off) != 0)
		return (0);
	while (i + 12 <= size) {
		memcpy(w, b + i, sizeof w);
		namesz = w[0];
		descsz = w[1];
		if (namesz == 4 && w[2] == 4 && i + 16 <= size &&
		    memcmp(b + i + 12, "Go\0\0", 4) == 0)
			return (1);
		if (namesz == sizeof ZPTY_NOTE_NAME &&
		    w[2] == ZPTY_NOTE_TYPE && i + 12 + namesz <= size &&
		    memcmp(b + i + 12, ZPTY_NOTE_NAME, namesz) == 0)
			return (-1);
		if (namesz > size || descsz > size)
			break;
		i += 12 + ((namesz + 3) & ~3UL) + ((descsz + 3) & ~3UL);
	}
	return (0);
}

/*
 * An ELF the shim cannot reach: no PT_INTERP (static) or a Go program,
 * unless it is one of zeropty's own.
 */
static int
pty_elf(int fd)
{
	Elf64_Ehdr	e64;
	Elf64_Phdr	p64;
	Elf32_Ehdr	e32;
	Elf32_Phdr	p32;
	unsigned	i, n;
	int		interp = 0, go = 0, r;
	off_t		off;
	size_t		size;

	if (pty_pread(fd, &e64, sizeof e64, 0) != 0 ||
	    memcmp(e64.e_ident, ELFMAG, SELFMAG) != 0)
		return (0);
	if (e64.e_ident[EI_CLASS] == ELFCLASS64)
		n = e64.e_phnum;
	else if (e64.e_ident[EI_CLASS] == ELFCLASS32 &&
	    pty_pread(fd, &e32, sizeof e32, 0) == 0)
		n = e32.e_phnum;
	else
		return (0);
	if (n > 512)
		n = 512;
	for (i = 0; i < n; i++) {
		if (e64.e_ident[EI_CLASS] == ELFCLASS64) {
			if (pty_pread(fd, &p64, sizeof p64,
			    (off_t)e64.e_phoff + (off_t)i * e64.e_phentsize)
			    != 0)
				return (0);
			p32.p_type = p64.p_type;
			off = (off_t)p64.p_offset;
			size = p64.p_filesz;
		} else {
			if (pty_pread(fd, &p32, sizeof p32,
			    (off_t)e32.e_phoff + (off_t)i * e32.e_phentsize)
			    != 0)
				return (0);
			off = (off_t)p32.p_offset;
			size = p32.p_filesz;
		}
		if (p32.p_type == PT_INTERP)
			interp = 1;
		else if (p32.p_type == PT_NOTE) {
			if ((r = pty_notes(fd, off, size)) == -1)
				return (0);
			if (r == 1)
				go = 1;
		}
	}
	return (!interp || go);
}

/* Is base named in $ZEROPTY_PTY_PROGRAMS (colon-separated names)? */
static int
pty_named(const char *path)
{
	const char	*list = getenv("ZEROPTY_PTY_PROGRAMS"), *base, *p;
	size_t		 len;

	if (list == NULL || *list == '\0')
		return (0);
	base = strrchr(path, '/');
	base = base != NULL ? base + 1 : path;
	len = strlen(base);
	for (p = list; *p != '\0'; p = *p == ':' ? p + 1 : p) {
		if (strncmp(p, base, len) == 0 && (p[len] == ':' ||
		    p[len] == '\0'))
			return (1);
		while (*p != '\0' && *p != ':')
			p++;
	}
	return (0);
}

/*
 * Will the program at path be out of the shim's reach? Scripts are judged
 * by their interpreter (one level).
 */
static int
pty_unreachable(const char *path, int depth)
{
	struct stat	 sb;
	char		 b[256], *p, *end;
	ssize_t		 n;
	int		 fd, yes = 0;

	if (pty_named(path))
		return (1);
	fd = (int)syscall(SYS_openat, AT_FDCWD, path, O_RDONLY|O_CLOEXEC);
	if (fd == -1)
		return (0);
	if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode))
		goto out;
	/* Secure execution: the dynamic loader ignores LD_PRELOAD. */
	if (((sb.st_mode & S_ISUID) && sb.st_uid != geteuid()) ||
	    ((sb.st_mode & S_ISGID) && sb.st_gid != getegid()) ||
	    (geteuid() != 0 &&
	    fgetxattr(fd, "security.capability", NULL, 0) > 0)) {
		yes = 1;
		goto out;
	}
	n = pread(fd, pty_head, sizeof pty_head, 0);
	pty_headlen = n > 0 ? (size_t)n : 0;
	if (pty_elf(fd)) {
		yes = 1;
		goto out;
	}
	if (depth == 0 && n > 2 && pty_head[0] == '#' && pty_head[1] == '!') {
		n = (ssize_t)pty_headlen < (ssize_t)sizeof b - 1 ?
		    (ssize_t)pty_headlen : (ssize_t)sizeof b - 1;
		memcpy(b, pty_head, (size_t)n);
		b[n] = '\0';
		for (p = b + 2; *p == ' ' || *p == '\t'; p++)
			/* nothing */;
		for (end = p; *end != '\0' && *end != ' ' && *end != '\t' &&
		    *end != '\n'; end++)
			/* nothing */;
		*end = '\0';
		if (*p == '/')
			yes = pty_unreachable(p, 1);
	}
out:
	pty_headlen = 0;
	close(fd);
	return (yes);
}

/* The pane terminal among fds 0-2, or -1. */
static int
pty_terminal(void)
{
	int	fd;

	if (shim_state() == NULL)
		return (-1);
	for (fd = 0; fd < 3; fd++)
		if (shim_is_tty(fd))
			return (fd);
	return (-1);
}

/*
 * Send the master to the server in a keyed marker with the mask of the
 * program's fds 0-2 that will be on it (shim-proto.h).
 */
static int
pty_lend(int term, int master, int fds)
{
	struct zpty_state	*st = shim_state();
	char			 mark[ZPTY_MARK_MAX];
	char			 cbuf[CMSG_SPACE(sizeof (int))];
	struct iovec		 iov;
	struct msghdr		 msg;
	struct cmsghdr		*cm;
	size_t			 len;
	ssize_t			 n;

	len = (size_t)snprintf(mark, sizeof mark, "%sk=%.*s;p=%d%s",
	    ZPTY_MARK_START, ZPTY_KEY_LEN, st->key, fds & 7, ZPTY_MARK_END);
	memset(&msg, 0, sizeof msg);
	memset(cbuf, 0, sizeof cbuf);
	iov.iov_base = mark;
	iov.iov_len = len;
	msg.msg_iov = &iov;
	msg.msg_iovlen = 1;
	msg.msg_control = cbuf;
	msg.msg_controllen = sizeof cbuf;
	cm = CMSG_FIRSTHDR(&msg);
	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SCM_RIGHTS;
	cm->cmsg_len = CMSG_LEN(sizeof (int));
	memcpy(CMSG_DATA(cm), &master, sizeof master);
	do
		n = sendmsg(term, &msg, MSG_NOSIGNAL);
	while (n == -1 && errno == EINTR);
	if (n <= 0)
		return (-1);
	if ((size_t)n < len)
		shim_send_all(term, mark + n, len - (size_t)n);
	return (0);
}

/*
 * The program will run on the socket without the shim: tell the engine
 * not to echo for its group nor send it the EOF marker (shim-proto.h).
 */
static void
pty_noshim(struct zpty_state *st)
{
	__atomic_store_n(&st->noshim_pgrp, getpgrp(), __ATOMIC_SEQ_CST);
}

/* Tell the pane why a program runs without a terminal (one line). */
static void
pty_refused(int term, const char *path, const char *what, int error)
{
	char	line[512];
	int	len;

	len = snprintf(line, sizeof line, "zeropty: %s runs without a "
	    "terminal: %s: %s\r\n", path, what, strerror(error));
	if (len > 0)
		shim_send_all(term, line, (size_t)len < sizeof line ?
		    (size_t)len : sizeof line - 1);
}

/*
 * The helper that becomes the waiter: beside the shim in the build tree
 * (shim/.libs/../zeropty-pty), else in PKGLIBEXECDIR. $ZEROPTY_PTY_HELPER
 * overrides.
 */
static const char *
pty_helper(char *buf, size_t size)
{
	const char	*s = getenv("ZEROPTY_PTY_HELPER");
	Dl_info		 info;
	char		*slash;
	size_t		 len;

	if (s != NULL && *s != '\0')
		return (s);
	if (dladdr((void *)pty_helper, &info) != 0 && info.dli_fname != NULL &&
	    snprintf(buf, size, "%s", info.dli_fname) < (int)size &&
	    (slash = strrchr(buf, '/')) != NULL) {
		*slash = '\0';
		len = strlen(buf);
		if (len >= 6 && strcmp(buf + len - 6, "/.libs") == 0 &&
		    len - 6 + sizeof "/zeropty-pty" <= size) {
			strcpy(buf + len - 6, "/zeropty-pty");
			if (access(buf, X_OK) == 0)
				return (buf);
		}
	}
	return (ZEROPTY_PKGLIBEXECDIR "/zeropty-pty");
}

static const char	*pty_search(const char *, char *, size_t);

/* A program about to run on a lent pty through the helper. */
struct pty_run {
	const char	*helper;
	int		 term;		/* the pane's terminal fd */
	int		 slave;
	char		 hbuf[PATH_MAX];
	char		 fdarg[16], slavearg[16];
};

/* Why the program runs on the socket after all. */
static void
pty_fail(struct pty_run *r, const char *path, const char *what, int error)
{
	/* Before the notice: who sees the notice may type at once. */
	pty_noshim(shim_state());
	pty_refused(r->term, path, what, error);
	if (r->slave != -1)
		close(r->slave);
	r->slave = -1;
}

/*
 * If path is out of the shim's reach and this process has the pane's
 * terminal, open a pty with the pane's termios and size, lend the master
 * to the server and keep the slave (inherited by the helper): 0. Else -1:
 * run it as usual, on the socket (a refusal says why in the pane).
 */
static int
pty_prepare(const char *path, struct pty_run *r)
{
	struct zpty_state	*st;
	struct winsize		 ws;
	struct termios		 t;
	const char		*what;
	char			 name[64];
	int			 master = -1, fd, fds = 0, saved = errno;

	r->slave = -1;
	if (path == NULL || (r->term = pty_terminal()) == -1)
		return (-1);
	if (!pty_unreachable(path, 0)) {
		errno = saved;
		return (-1);
	}
	st = shim_state();
	if (getenv("ZEROPTY_TRANSPORT") != NULL &&
	    strcmp(getenv("ZEROPTY_TRANSPORT"), "socket") == 0) {
		pty_noshim(st);
		errno = saved;
		return (-1);
	}
	for (fd = 0; fd < 3; fd++)
		if (shim_is_tty(fd))
			fds |= 1 << fd;
	r->helper = pty_helper(r->hbuf, sizeof r->hbuf);
	what = r->helper;
	if (access(r->helper, X_OK) != 0)
		goto refused;

	what = "posix_openpt";
	if ((master = posix_openpt(O_RDWR|O_NOCTTY|O_CLOEXEC)) == -1)
		goto refused;
	what = "grantpt";
	if (grantpt(master) != 0 || unlockpt(master) != 0 ||
	    ptsname_r(master, name, sizeof name) != 0)
		goto refused;
	what = name;
	if ((r->slave = open(name, O_RDWR|O_NOCTTY)) == -1)
		goto refused;
	/* The pane's termios and size, as the program would have seen. */
	t = st->tio;
	tcsetattr(r->slave, TCSANOW, &t);
	memset(&ws, 0, sizeof ws);
	ws.ws_row = st->ws_row;
	ws.ws_col = st->ws_col;
	ws.ws_xpixel = st->ws_xpixel;
	ws.ws_ypixel = st->ws_ypixel;
	ioctl(r->slave, TIOCSWINSZ, &ws);
	what = "lending the pty to the server";
	if (pty_lend(r->term, master, fds) != 0)
		goto refused;
	close(master);
	snprintf(r->fdarg, sizeof r->fdarg, "%d", fds);
	snprintf(r->slavearg, sizeof r->slavearg, "%d", r->slave);
	errno = saved;
	return (0);

refused:
	fd = errno;
	if (master != -1)
		close(master);
	pty_fail(r, path, what, fd);
	errno = saved;
	return (-1);
}

/* The number of pointers pty_argv needs for argv. */
static size_t
pty_argc(char *const argv[])
{
	size_t	n;

	for (n = 0; argv != NULL && argv[n] != NULL; n++)
		/* count */;
	return (n + 6);
}

/* The helper's argv: FDS SLAVE PATH ARGV0 ARG... (pty-run.c). */
static char **
pty_argv(struct pty_run *r, char **hargv, const char *path,
    char *const argv[])
{
	size_t	i = 0, n = pty_argc(argv) - 6;

	hargv[0] = (char *)"zeropty-pty";
	hargv[1] = r->fdarg;
	hargv[2] = r->slavearg;
	hargv[3] = (char *)path;
	hargv[4] = (char *)(n > 0 ? argv[0] : path);
	for (i = 1; i < n; i++)
		hargv[4 + i] = argv[i];
	hargv[4 + (n > 0 ? n : 1)] = NULL;
	return (hargv);
}

/*
 * Exec path on a lent pty if it needs one: exec the helper (zeropty-pty,
 * pty-run.c) with the slave; it becomes the waiter with this pid and
 * runs the program. Exec, not fork: shells call exec in a vfork child,
 * whose parent sleeps until it execs. Returns only if path is to be
 * exec'd as usual: here, on the socket.
 */
static void
pty_maybe(const char *path, char *const argv[], char *const envp[])
{
	struct pty_run	 r;
	char		**hargv;
	int		 saved = errno;

	if (pty_prepare(path, &r) != 0)
		return;
	hargv = __builtin_alloca(pty_argc(argv) * sizeof *hargv);
	syscall(SYS_execve, r.helper, pty_argv(&r, hargv, path, argv), envp);
	pty_fail(&r, path, r.helper, errno);
	errno = saved;
}

/*
 * posix_spawn of a program that needs a pty: spawn the helper instead,
 * with the same file actions and attributes; it finds the pane's terminal
 * among its fds 0-2 itself (FDS "-"), as the file actions may have moved
 * them. glibc's posix_spawn execs without the interposers above.
 */
static int
pty_spawn(pid_t *pid, const char *path, const char *file,
    const posix_spawn_file_actions_t *fa, const posix_spawnattr_t *attr,
    char *const argv[], char *const envp[], int search)
{
	struct pty_run	 r;
	char		**hargv, buf[PATH_MAX];
	int		 error;

	REAL(posix_spawn);
	REAL(posix_spawnp);
	if (pty_prepare(path, &r) != 0) {
		if (search)
			return (real_posix_spawnp(pid, file, fa, attr, argv,
			    envp));
		return (real_posix_spawn(pid, file, fa, attr, argv, envp));
	}
	snprintf(r.fdarg, sizeof r.fdarg, "-");
	hargv = __builtin_alloca(pty_argc(argv) * sizeof *hargv);
	snprintf(buf, sizeof buf, "%s", path);
	error = real_posix_spawn(pid, r.helper, fa, attr,
	    pty_argv(&r, hargv, buf, argv), envp);
	close(r.slave);
	return (error);
}

SHIM_EXPORT int
posix_spawn(pid_t *pid, const char *path,
    const posix_spawn_file_actions_t *fa, const posix_spawnattr_t *attr,
    char *const argv[], char *const envp[])
{
	return (pty_spawn(pid, path, path, fa, attr, argv, envp, 0));
}

SHIM_EXPORT int
posix_spawnp(pid_t *pid, const char *file,
    const posix_spawn_file_actions_t *fa, const posix_spawnattr_t *attr,
    char *const argv[], char *const envp[])
{
	char	buf[PATH_MAX];

	return (pty_spawn(pid, pty_search(file, buf, sizeof buf), file, fa,
	    attr, argv, envp, 1));
}

/*
 * The path execvp would run for file (search of $PATH), or NULL. Only for
 * the decision: the real execvp still does the exec.
 */
static const char *
pty_search(const char *file, char *buf, size_t size)
{
	const char	*path, *p, *end;
	size_t		 len, flen = strlen(file);

	if (*file == '\0')
		return (NULL);
	if (strchr(file, '/') != NULL)
		return (file);
	if ((path = getenv("PATH")) == NULL)
		path = "/bin:/usr/bin";
	for (p = path;; p = end + 1) {
		end = strchr(p, ':');
		if (end == NULL)
			end = p + strlen(p);
		len = (size_t)(end - p);
		if (len == 0)
			snprintf(buf, size, "%s", file);
		else if (len + 1 + flen < size)
			snprintf(buf, size, "%.*s/%s", (int)len, p, file);
		else
			buf[0] = '\0';
		if (buf[0] != '\0' && access(buf, X_OK) == 0)
			return (buf);
		if (*end == '\0')
			return (NULL);
	}
}

SHIM_EXPORT int
execve(const char *path, char *const argv[], char *const envp[])
{
	REAL(execve);
	pty_maybe(path, argv, envp);
	return (real_execve(path, argv, envp));
}

SHIM_EXPORT int
execv(const char *path, char *const argv[])
{
	return (execve(path, argv, environ));
}

SHIM_EXPORT int
execvpe(const char *file, char *const argv[], char *const envp[])
{
	char	buf[PATH_MAX];

	REAL(execvpe);
	/* The caller's PATH (environ's), as glibc's execvpe searches. */
	pty_maybe(pty_search(file, buf, sizeof buf), argv, envp);
	return (real_execvpe(file, argv, envp));
}

SHIM_EXPORT int
execvp(const char *file, char *const argv[])
{
	return (execvpe(file, argv, environ));
}

SHIM_EXPORT int
fexecve(int fd, char *const argv[], char *const envp[])
{
	char	path[64];

	REAL(fexecve);
	snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	pty_maybe(path, argv, envp);
	return (real_fexecve(fd, argv, envp));
}

/* execl, execle, execlp: their arguments as a vector. */
#define PTY_ARGV(argv, arg0, ap) do { \
	size_t n_ = 1; va_list c_; \
	va_copy(c_, ap); while (va_arg(c_, char *) != NULL) n_++; va_end(c_); \
	argv = __builtin_alloca((n_ + 1) * sizeof *argv); \
	argv[0] = (char *)(arg0); \
	for (size_t i_ = 1; i_ <= n_; i_++) argv[i_] = va_arg(ap, char *); \
} while (0)

SHIM_EXPORT int
execl(const char *path, const char *arg, ...)
{
	va_list	  ap;
	char	**argv;

	va_start(ap, arg);
	PTY_ARGV(argv, arg, ap);
	va_end(ap);
	return (execve(path, argv, environ));
}

SHIM_EXPORT int
execle(const char *path, const char *arg, ...)
{
	va_list	  ap;
	char	**argv, **envp;

	va_start(ap, arg);
	PTY_ARGV(argv, arg, ap);
	envp = va_arg(ap, char **);	/* after the NULL ending argv */
	va_end(ap);
	return (execve(path, argv, envp));
}

SHIM_EXPORT int
execlp(const char *file, const char *arg, ...)
{
	va_list	  ap;
	char	**argv;

	va_start(ap, arg);
	PTY_ARGV(argv, arg, ap);
	va_end(ap);
	return (execvpe(file, argv, environ));
}
