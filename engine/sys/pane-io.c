/*
 * Pane processes on socketpairs (docs/design.md §1): no PTY is allocated; the
 * shim makes the socket a terminal for the program. A program the shim
 * cannot reach runs on a pty the shim opens and lends to us for its
 * lifetime (shim/shim-pty.c): its master is read onto the same screen and
 * takes the keys while the program is in its foreground.
 */
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <event2/event.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "engine/base/buf.h"
#include "engine/base/log.h"
#include "engine/base/xmalloc.h"
#include "engine/model/model.h"
#include "engine/sys/cold-store.h"
#include "engine/sys/fd-limit.h"
#include "engine/sys/fork.h"
#include "engine/sys/job.h"
#include "engine/sys/pane-io.h"
#include "engine/sys/vtty.h"
#include "engine/term/vt.h"
#include "shim/shim-proto.h"

/* Each pane's socket buffer (docs/design.md §1: a socketpair gets its own). */
#define PANE_SOCKET_BUFFER	(64 * 1024)
/* Read at most this much per wake-up before giving others a turn. */
#define PANE_READ_MAX		(256 * 1024)

/*
 * Read coalescing (docs/design.md §4: 400 agent sessions used 5.2% CPU read
 * every 100 ms and 3.7% every 300 ms): output is not read when it arrives
 * but at the next boundary of the batch interval, every pane that woke in
 * that window in one wake-up. A pane with this much pending is read at
 * once, and any reader of a pane's screen drains it first.
 */
#define PANE_BATCH_MS		300
#define PANE_READ_NOW		(16 * 1024)
/*
 * A wake-up with at most this much pending is peeked at: a shim's marker
 * in it (a pty lent for a program about to start) is read at once, so
 * the program's first output is not held until the boundary, nor the
 * next lend (the shim's sendmsg blocks once the socket is full of them:
 * 300 starts of a static program took 136 ms each, the time of a
 * boundary read per lend, against 1.3 ms in a tmux pane).
 */
#define PANE_PEEK_MAX		256
/*
 * A pane that had output is read again at each boundary for this many
 * boundaries without output before its socket is listened to again: a
 * program that writes every second or so (a spinner, a status) then costs
 * a read at each boundary instead of a wake-up of its own and two
 * epoll_ctl calls for every write (redraw workload, N=400: the server's
 * wake-ups were 29% of its time in finish_task_switch).
 */
#define PANE_POLL_ROUNDS	5

/*
 * Read-ahead for floods (BENCHMARKS.md, "bulk output"): once one wake-up has read
 * PANE_FLOOD (the program is blocked on a full socket), the rest is read
 * into a backlog and parsed only when the program has paused for
 * PANE_FLOOD_QUIET_US or the backlog holds PANE_BACKLOG_MAX, so the program
 * is not slowed to the parser's pace (5.4 MB burst: the program finished
 * in 55 ms parsing as it came, 30 ms parsing whenever the socket was
 * momentarily empty). Readers of the screen (pane_io_drain) parse the
 * backlog first.
 */
#define PANE_FLOOD		(64 * 1024)
#define PANE_FLOOD_QUIET_US	1000
#define PANE_BACKLOG_MAX	(8 * 1024 * 1024)
#define PANE_PARSE_SLICE	(1024 * 1024)

/*
 * A pty the shim lent for a program it cannot reach (shim-proto.h). One
 * per such program: a pipeline of two static programs has two.
 */
struct pane_pty {
	struct pane_io	*io;
	int		 fd;
	int		 input;		/* its program's stdin is on it */
	pid_t		 waiter;	/* the pid the shell waits for */
	struct event	*ev_read;
	struct event	*ev_write;
	struct buf	 wq;
	uint64_t	 sent_ms;	/* keys last written (pane-wait.c) */
	TAILQ_ENTRY(pane_pty) entry;
};
#define PANE_PTY_MAX		16

struct pane_io {
	struct pane	*pane;
	struct event	*ev_read;
	struct event	*ev_write;
	struct event	*ev_exit;	/* EOF seen: tell the server, later */
	struct buf	 wq;		/* bytes waiting for the program */
	int		 eof;
	int		 batched;	/* waiting for the batch timer */
	int		 burst;		/* reading a burst: rows packed at its end */
	int		 immediate;	/* never batched (control clients) */
	unsigned	 holds;		/* not read while non-zero */
	TAILQ_ENTRY(pane_io) batch_entry;
	unsigned	 batch_round;	/* io_batch_round when added */
	unsigned	 quiet;		/* boundaries since it last had output */

	/* Folding of the screen when quiet (docs/design.md §3). */
	struct vt_fold	 fold;
	struct event	*ev_fold;

	/* Read-ahead: output read but not parsed yet (PANE_FLOOD). */
	struct buf	 backlog;
	int		 flood;
	int		 full;		/* backlog at PANE_BACKLOG_MAX: not read */
	struct event	*ev_parse;

	/*
	 * Until the child has exec'd (its close-on-exec pipe reads EOF):
	 * the pipe, and the name and directory the program will have.
	 */
	int		 exec_fd;	/* -1: exec'd */
	struct event	*ev_exec;
	char		*exec_name, *exec_cwd;

	/* pipe-pane: a socketpair to a shell command. */
	int		 pipe_fd;	/* -1: none */
	int		 pipe_out;	/* pane output goes to it (-O) */
	struct event	*pipe_ev_read;	/* its output typed in (-I) */
	struct event	*pipe_ev_write;
	struct buf	 pipe_wq;

	/* Ptys lent by the shim (shim-proto.h), newest last. */
	TAILQ_HEAD(pane_ptys, pane_pty) ptys;
	unsigned	 nptys;
	int		 lent;		/* the last recv took a pty */

	/* What /proc said of the foreground process during this command. */
	struct pane_proc_memo {
		unsigned	 stamp;		/* io_snapshot_stamp when read */
		pid_t		 fg;
		char		*cmd, *cwd;
		int		 have_cmd, have_cwd;
	} proc;
};

static struct event_base	*io_base;
static void			(*io_exited)(struct pane *);
static void			(*io_changed)(struct pane *);
static TAILQ_HEAD(, pane_io)	 io_batch = TAILQ_HEAD_INITIALIZER(io_batch);
static struct cold_store	*io_cold;
static struct event		*io_batch_timer;
static unsigned			 io_batch_ms = PANE_BATCH_MS;
static unsigned			 io_batch_round;
static void			(*io_output)(struct pane *, const uint8_t *,
				    size_t);
/*
 * While a command runs, each pane's foreground process is read from /proc
 * once: a list of 120 panes with libtmux's fields read each pane's cmdline
 * twice (pane_current_command, window_name), its cwd and the foreground
 * group three times: 38 % of list-panes -a's server time went on those
 * syscalls (perf, bench/libtmux_bench.py's lists).
 */
static unsigned			 io_snapshot_depth;
static unsigned			 io_snapshot_stamp = 1;

static void	pane_io_read_cb(evutil_socket_t, short, void *);
static void	pane_io_display(struct pane_io *, const uint8_t *, size_t);
static void	pane_io_pipe_write(struct pane_io *, const uint8_t *, size_t);
static void	pane_io_cold_open(void);
static void	pane_io_fold_output(struct pane_io *, int);
static void	pane_io_write_cb(evutil_socket_t, short, void *);
static void	pane_io_exit_cb(evutil_socket_t, short, void *);
static void	pane_io_batch_cb(evutil_socket_t, short, void *);
static void	pane_io_parse_cb(evutil_socket_t, short, void *);
static void	pane_io_parse_later(struct pane_io *, long);
static void	pane_io_batch_add(struct pane_io *);
static void	pane_io_proc_forget(struct pane_io *);
static void	pane_io_changed(struct pane_io *, int);
static void	pane_io_pty_adopt(struct pane_io *, int, int);

void
pane_io_init(struct event_base *base, void (*exited)(struct pane *),
    void (*changed)(struct pane *))
{
	const char	*s = getenv("ZEROPTY_READ_BATCH_MS");

	io_base = base;
	io_exited = exited;
	io_changed = changed;
	if (s != NULL)
		io_batch_ms = (unsigned)strtoul(s, NULL, 10);
	io_batch_timer = evtimer_new(base, pane_io_batch_cb, NULL);
	pane_io_cold_open();
	fd_limit_raise();
}

/*
 * Deep-frozen screens go to one unnamed file (docs/design.md §3: page
 * cache the OS can reclaim). They hold what panes showed, secrets
 * included, so the file is on tmpfs ($ZEROPTY_COLD_DIR, else
 * cold_store_default_dir), never on a disk; with no tmpfs, or
 * ZEROPTY_COLD=memory, they stay in memory.
 */
static void
pane_io_cold_open(void)
{
	const char	*dir = getenv("ZEROPTY_COLD_DIR");
	char		*cause = NULL;

	if (dir == NULL || *dir == '\0')
		dir = cold_store_default_dir();
	if (dir == NULL) {
		io_cold = cold_store_open("/", COLD_STORE_MEMORY, &cause);
		xfree(cause);
		return;
	}
	io_cold = cold_store_open(dir, COLD_STORE_FILE, &cause);
	if (io_cold == NULL) {
		xfree(cause);
		cause = NULL;
		io_cold = cold_store_open(dir, COLD_STORE_MEMORY, &cause);
		xfree(cause);
	}
}

static uint64_t
pane_io_now_ms(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000);
}

static void
pane_io_fold_arm(struct pane_io *io, uint64_t at, uint64_t now)
{
	struct timeval	tv;
	uint64_t	ms = at > now ? at - now : 0;

	tv.tv_sec = (time_t)(ms / 1000);
	tv.tv_usec = (suseconds_t)(ms % 1000) * 1000;
	evtimer_add(io->ev_fold, &tv);
}

/* The screen changed (output, echo, resize): fold it again when quiet. */
static void
pane_io_fold_output(struct pane_io *io, int was_frozen)
{
	uint64_t	now = pane_io_now_ms();

	vt_fold_output(&io->fold, now, was_frozen);
	pane_io_fold_arm(io, now + io->fold.delay, now);
}

/* The fold timer: freeze or deep-freeze a quiet screen. */
static void
pane_io_fold_cb(evutil_socket_t fd, short events, void *arg)
{
	struct pane_io	*io = arg;
	struct pane	*p = io->pane;
	uint64_t	 now = pane_io_now_ms(), next = 0;
	int		 a;

	a = vt_fold_action(&io->fold, now, vt_screen_is_frozen(p->screen),
	    &next);
	if (a == VT_FOLD_FREEZE)
		vt_screen_freeze(p->screen);
	else if (a == VT_FOLD_DEEP_FREEZE && io_cold != NULL)
		vt_screen_deep_freeze(p->screen, cold_store_ops(io_cold));
	if (next != 0)
		pane_io_fold_arm(io, next, now);
}

/* Listen to the pane's socket, unless something says not to. */
static void
pane_io_listen(struct pane_io *io)
{
	if (!io->batched && !io->eof && io->holds == 0 && !io->full)
		event_add(io->ev_read, NULL);
}

/* Take a pane out of the batch and listen to its socket again. */
static void
pane_io_unbatch(struct pane_io *io)
{
	if (!io->batched)
		return;
	TAILQ_REMOVE(&io_batch, io, batch_entry);
	io->batched = 0;
	pane_io_listen(io);
}

/* How the pane's program is run: directly, as shell -c, or a login shell. */
static int
pane_io_direct(const struct pane_spawn *sp)
{
	return (sp->argc > 1 || (sp->direct && sp->argc == 1));
}

/* The argv[0] the child execs with: its /proc cmdline's first word. */
static void
pane_io_argv0(const struct pane_spawn *sp, char *argv0, size_t size)
{
	const char	*base;

	if (pane_io_direct(sp)) {
		snprintf(argv0, size, "%s", sp->argv[0]);
		return;
	}
	base = strrchr(sp->shell, '/');
	base = base != NULL ? base + 1 : sp->shell;
	if (sp->argc == 1 && sp->argv[0][0] != '\0')
		snprintf(argv0, size, "%s", base);
	else
		snprintf(argv0, size, "-%s", base);
}

/*
 * What the child execs with, made by the server before the vfork (the
 * child may not allocate): the environment is sp->env (or the server's)
 * with the vtty's variable and LD_PRELOAD set as putenv and setenv set
 * them, in place of the first of the name or at the end.
 */
struct pane_io_exec {
	const struct pane_spawn	*sp;
	int			 fd, execfd;
	char			**envp;
	char			*preload;
	char			 argv0[PATH_MAX];
	volatile int		 error;		/* errno of a failed exec */

	/* A pane on a pty: the slave, and the helper's argv (pty-run.c). */
	int			 slave;
	char			**hargv;
	char			 path[PATH_MAX];
};

/* The slave's fd in the child, for the helper's SLAVE argument. */
#define PANE_PTY_SLAVE_FD	4

/* Set NAME=VALUE in a vector with room for one more; its new length. */
static size_t
pane_io_env_put(char **envp, size_t n, const char *var)
{
	size_t	 len = strcspn(var, "="), i;

	for (i = 0; i < n; i++) {
		if (strncmp(envp[i], var, len) == 0 && envp[i][len] == '=') {
			envp[i] = (char *)var;
			return (n);
		}
	}
	envp[n++] = (char *)var;
	envp[n] = NULL;
	return (n);
}

static void
pane_io_exec_prepare(struct pane_io_exec *ex, const struct pane_spawn *sp,
    const char *ttyenv)
{
	char		**env = sp->env != NULL ? sp->env : environ;
	const char	*old = NULL;
	size_t		 n, i;

	for (n = 0; env[n] != NULL; n++)
		/* nothing */;
	ex->envp = xreallocarray(NULL, n + 3, sizeof *ex->envp);
	for (i = 0; i < n; i++)
		ex->envp[i] = env[i];
	ex->envp[n] = NULL;
	n = pane_io_env_put(ex->envp, n, ttyenv);
	ex->preload = NULL;
	if (sp->shim_path != NULL) {
		for (i = 0; i < n; i++) {
			if (strncmp(ex->envp[i], "LD_PRELOAD=", 11) == 0) {
				old = ex->envp[i] + 11;
				break;
			}
		}
		if (old != NULL && *old != '\0' &&
		    strstr(old, sp->shim_path) == NULL) {
			xasprintf(&ex->preload, "LD_PRELOAD=%s:%s",
			    sp->shim_path, old);
		} else
			xasprintf(&ex->preload, "LD_PRELOAD=%s", sp->shim_path);
		pane_io_env_put(ex->envp, n, ex->preload);
	}
	pane_io_argv0(sp, ex->argv0, sizeof ex->argv0);
	ex->sp = sp;
	ex->error = 0;
}

/* Where execvp would find file in the PATH of envp (or file itself). */
static void
pane_io_search(const char *file, char **envp, char *out, size_t size)
{
	const char	*path = "/usr/bin:/bin", *p, *end;
	size_t		 i, len;

	snprintf(out, size, "%s", file);
	if (*file == '\0' || strchr(file, '/') != NULL)
		return;
	for (i = 0; envp[i] != NULL; i++) {
		if (strncmp(envp[i], "PATH=", 5) == 0) {
			path = envp[i] + 5;
			break;
		}
	}
	for (p = path;; p = end + 1) {
		end = strchr(p, ':');
		if (end == NULL)
			end = p + strlen(p);
		len = (size_t)(end - p);
		if (len == 0)
			snprintf(out, size, "%s", file);
		else
			snprintf(out, size, "%.*s/%s", (int)len, p, file);
		if (access(out, X_OK) == 0)
			return;
		if (*end == '\0')
			break;
	}
	snprintf(out, size, "%s", file);
}

/*
 * The helper's argv for a pane on a pty: the pane's fds 0-2 ("7"), the
 * slave, then the program as pane_io_child would exec it (a command run
 * directly is found in the PATH here: the helper does not search).
 */
static void
pane_io_exec_pty(struct pane_io_exec *ex, const struct pane_spawn *sp)
{
	static char	 fds[] = "7", slave[] = "4", dashc[] = "-c";
	char		**v;
	int		 n = 0, i;

	v = xreallocarray(NULL, (size_t)(sp->argc > 1 ? sp->argc : 1) + 7,
	    sizeof *v);
	v[n++] = (char *)"zeropty-pty";
	v[n++] = fds;
	v[n++] = slave;
	if (pane_io_direct(sp)) {
		pane_io_search(sp->argv[0], ex->envp, ex->path,
		    sizeof ex->path);
		v[n++] = ex->path;
		for (i = 0; i < sp->argc; i++)
			v[n++] = sp->argv[i];
	} else {
		v[n++] = (char *)sp->shell;
		v[n++] = ex->argv0;
		if (sp->argc == 1 && sp->argv[0][0] != '\0') {
			v[n++] = dashc;
			v[n++] = sp->argv[0];
		}
	}
	v[n] = NULL;
	ex->hargv = v;
}

/*
 * Runs in the vfork child: become the pane's process and exec. Only
 * system calls; a failed exec leaves its errno for the server to report.
 */
static void
pane_io_child(void *arg)
{
	struct pane_io_exec	*ex = arg;
	const struct pane_spawn	*sp = ex->sp;
	int			 fd = ex->fd, execfd = ex->execfd;

	fd_limit_restore();
	setsid();
	if (dup2(fd, 0) == -1 || dup2(fd, 1) == -1 || dup2(fd, 2) == -1)
		_exit(1);
	/*
	 * Keep only the exec pipe (as fd 3, closed by exec itself) and the
	 * slave of a pane on a pty (above fd 9 until now, see pane_io_spawn).
	 */
	if (execfd != 3 && (execfd == -1 || dup3(execfd, 3, O_CLOEXEC) != 3))
		close(3);
	if (ex->slave != -1 && dup2(ex->slave, PANE_PTY_SLAVE_FD) == -1)
		_exit(1);
	closefrom(ex->slave != -1 ? PANE_PTY_SLAVE_FD + 1 : 4);

	/* A missing directory leaves the pane where the server is (tmux). */
	if (sp->cwd != NULL)
		(void)chdir(sp->cwd);

	/* execvp searches the PATH of environ, which is ex->envp here. */
	if (ex->hargv != NULL)
		execve(sp->pty_helper, ex->hargv, ex->envp);
	else if (pane_io_direct(sp))
		execvp(sp->argv[0], sp->argv);
	else if (sp->argc == 1 && sp->argv[0][0] != '\0') {
		execle(sp->shell, ex->argv0, "-c", sp->argv[0], (char *)NULL,
		    ex->envp);
	} else
		execle(sp->shell, ex->argv0, (char *)NULL, ex->envp);
	ex->error = errno;
	_exit(1);
}

/* A failed exec's message, on the pane's stderr as the child would. */
static void
pane_io_exec_failed(struct pane_io_exec *ex, int fd)
{
	const struct pane_spawn	*sp = ex->sp;
	const char		*name;
	char			*msg;
	int			 len;

	name = pane_io_direct(sp) ? sp->argv[0] : sp->shell;
	len = xasprintf(&msg, "%s: %s\n", name, strerror(ex->error));
	(void)!write(fd, msg, (size_t)len);
	xfree(msg);
}

/*
 * The child has exec'd (or died): its own /proc entries are true now, or
 * nearly: the exec pipe closes before the new program's arguments are in
 * place, so exec_name stays for the moment between (pane_io_in_exec).
 */
static void
pane_io_exec_done(struct pane_io *io)
{
	if (io->exec_fd == -1)
		return;
	event_free(io->ev_exec);
	io->ev_exec = NULL;
	close(io->exec_fd);
	io->exec_fd = -1;
}

static void
pane_io_exec_cb(evutil_socket_t fd, short events, void *arg)
{
	struct pane_io	*io = arg;
	char		 c;

	if (read(fd, &c, 1) == -1 && (errno == EAGAIN || errno == EINTR))
		return;
	pane_io_exec_done(io);
}

static void
pane_io_exec_watch(struct pane_io *io, const struct pane_spawn *sp, int fd)
{
	char	argv0[PATH_MAX];

	io->exec_fd = -1;
	if (fd == -1)
		return;
	io->exec_fd = fd;
	evutil_make_socket_nonblocking(fd);
	io->ev_exec = event_new(io_base, fd, EV_READ|EV_PERSIST,
	    pane_io_exec_cb, io);
	event_add(io->ev_exec, NULL);
	pane_io_argv0(sp, argv0, sizeof argv0);
	io->exec_name = xstrdup(argv0);
	io->exec_cwd = sp->cwd != NULL ? xstrdup(sp->cwd) : NULL;
}

/*
 * A pty for the whole pane (default-pane-transport pty), with the pane's
 * termios and size; the slave above fd 9 so that the child's dup2s onto
 * 0-4 cannot clobber it. -1 with *why if the kernel refuses.
 */
static int
pane_io_pty_open(struct pane *p, const char *helper, int *master,
    int *slave, char **why)
{
	struct termios	 t;
	struct winsize	 ws;
	const char	*what = helper;
	char		 name[64];
	int		 fd;

	*master = *slave = -1;
	if (access(helper, X_OK) != 0)
		goto fail;
	what = "posix_openpt";
	if ((*master = posix_openpt(O_RDWR|O_NOCTTY|O_CLOEXEC)) == -1)
		goto fail;
	what = "grantpt";
	if (grantpt(*master) != 0 || unlockpt(*master) != 0 ||
	    ptsname_r(*master, name, sizeof name) != 0)
		goto fail;
	what = name;
	if ((fd = open(name, O_RDWR|O_NOCTTY|O_CLOEXEC)) == -1)
		goto fail;
	*slave = fcntl(fd, F_DUPFD_CLOEXEC, 10);
	close(fd);
	if (*slave == -1)
		goto fail;
	vtty_get_termios(p->tty, &t);
	tcsetattr(*slave, TCSANOW, &t);
	memset(&ws, 0, sizeof ws);
	ws.ws_col = p->sx;
	ws.ws_row = p->sy;
	ioctl(*slave, TIOCSWINSZ, &ws);
	return (0);
fail:
	xasprintf(why, "%s: %s", what, strerror(errno));
	if (*master != -1)
		close(*master);
	*master = -1;
	return (-1);
}

static struct pane_io *pane_io_attach(struct pane *);

int
pane_io_spawn(struct pane *p, const struct pane_spawn *sp, char **cause)
{
	struct pane_io	*io;
	int		 pair[2], execpipe[2], size = PANE_SOCKET_BUFFER;
	pid_t		 pid;
	char		*ttyenv, **saved, *why = NULL, *msg;
	struct pane_io_exec	 ex;
	int		 master = -1;

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, pair) != 0) {
		xasprintf(cause, "socketpair failed: %s", strerror(errno));
		return (-1);
	}
	setsockopt(pair[0], SOL_SOCKET, SO_SNDBUF, &size, sizeof size);
	setsockopt(pair[0], SOL_SOCKET, SO_RCVBUF, &size, sizeof size);
	setsockopt(pair[1], SOL_SOCKET, SO_SNDBUF, &size, sizeof size);
	setsockopt(pair[1], SOL_SOCKET, SO_RCVBUF, &size, sizeof size);

	p->tty = vtty_create(sp->state_dir, pair[1], p->sx, p->sy, cause);
	if (p->tty == NULL) {
		close(pair[0]);
		close(pair[1]);
		return (-1);
	}
	ttyenv = xstrdup(vtty_env(p->tty));

	/*
	 * A close-on-exec pipe tells us when the child has exec'd; until
	 * then the pane's command and cwd are the ones it is about to have.
	 * Waiting for the exec instead cost new-window and split-window
	 * 3.5 ms of their 9 (fork, then execve: perf trace).
	 */
	if (pipe2(execpipe, O_CLOEXEC) != 0)
		execpipe[0] = execpipe[1] = -1;
	pane_io_exec_prepare(&ex, sp, ttyenv);
	ex.fd = pair[1];
	ex.execfd = execpipe[1];
	ex.slave = -1;
	ex.hargv = NULL;
	if (sp->pty_helper != NULL) {
		if (pane_io_pty_open(p, sp->pty_helper, &master, &ex.slave,
		    &why) == 0)
			pane_io_exec_pty(&ex, sp);
		else {
			/* The program runs on the socket: say why, one line. */
			xasprintf(&msg, "zeropty: no pty for the pane, it runs "
			    "on a socket: %s\r\n", why);
			(void)!write(pair[1], msg, strlen(msg));
			xfree(msg);
			xfree(why);
		}
	}
	saved = environ;
	environ = ex.envp;
	pid = sys_vfork(pane_io_child, &ex);
	environ = saved;
	if (pid != -1 && ex.error != 0)
		pane_io_exec_failed(&ex, pair[1]);
	xfree(ex.envp);
	xfree(ex.preload);
	xfree(ex.hargv);
	if (ex.slave != -1)
		close(ex.slave);
	if (pid == -1) {
		if (master != -1)
			close(master);
		xasprintf(cause, "fork failed: %s", strerror(errno));
		if (execpipe[0] != -1) {
			close(execpipe[0]);
			close(execpipe[1]);
		}
		xfree(ttyenv);
		close(pair[0]);
		close(pair[1]);
		vtty_destroy(p->tty);
		p->tty = NULL;
		return (-1);
	}
	if (execpipe[1] != -1)
		close(execpipe[1]);
	xfree(ttyenv);
	close(pair[1]);
	vtty_set_child(p->tty, pid);

	p->pid = pid;
	p->fd = pair[0];
	io = pane_io_attach(p);
	pane_io_exec_watch(io, sp, execpipe[0]);
	/* The pane's own pty is read as a lent one; its stdin is on it. */
	if (master != -1)
		pane_io_pty_adopt(io, master, 1);
	return (0);
}

/* The I/O state of a pane whose p->fd is its end of the socketpair. */
static struct pane_io *
pane_io_attach(struct pane *p)
{
	struct pane_io	*io;

	evutil_make_socket_nonblocking(p->fd);
	fcntl(p->fd, F_SETFD, FD_CLOEXEC);

	io = xcalloc(1, sizeof *io);
	io->pane = p;
	buf_init(&io->wq);
	io->ev_read = event_new(io_base, p->fd, EV_READ|EV_PERSIST,
	    pane_io_read_cb, io);
	io->ev_write = event_new(io_base, p->fd, EV_WRITE, pane_io_write_cb,
	    io);
	/* ev_exit and ev_parse are made when first needed (~140 B each). */
	io->ev_fold = evtimer_new(io_base, pane_io_fold_cb, io);
	buf_init(&io->backlog);
	vt_fold_init(&io->fold);
	io->pipe_fd = -1;
	buf_init(&io->pipe_wq);
	TAILQ_INIT(&io->ptys);
	io->exec_fd = -1;
	event_add(io->ev_read, NULL);
	p->io = io;
	return (io);
}

int
pane_io_adopt(struct pane *p, int fd, const char *tty_path, char **cause)
{
	if ((p->tty = vtty_adopt(tty_path, p->pid, cause)) == NULL)
		return (-1);
	p->fd = fd;
	pane_io_attach(p);
	return (0);
}

const char *
pane_io_tty_path(struct pane *p)
{
	return (p->tty != NULL ? vtty_path(p->tty) : NULL);
}

int
pane_io_lent_ptys(struct pane *p, int *fds, int *inputs, pid_t *waiters,
    int max)
{
	struct pane_pty	*pt;
	int		 n = 0;

	if (p->io == NULL)
		return (0);
	TAILQ_FOREACH(pt, &p->io->ptys, entry) {
		if (n < max) {
			fds[n] = pt->fd;
			inputs[n] = pt->input;
			waiters[n] = pt->waiter;
		}
		n++;
	}
	return (n);
}

void
pane_io_adopt_pty(struct pane *p, int fd, int input, pid_t waiter)
{
	struct pane_pty	*pt;

	if (p->io == NULL) {
		close(fd);
		return;
	}
	pane_io_pty_adopt(p->io, fd, input);
	pt = TAILQ_LAST(&p->io->ptys, pane_ptys);
	if (pt != NULL && pt->fd == fd) {
		pt->waiter = waiter;
		fcntl(fd, F_SETFD, FD_CLOEXEC);
	}
}

/* The parent of pid, from /proc; -1 if unknown. */
static pid_t
pane_io_read_ppid(pid_t pid)
{
	char	 path[64], b[512], *p;
	long	 ppid;
	ssize_t	 n;
	int	 fd;

	snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
	if ((fd = open(path, O_RDONLY|O_CLOEXEC)) == -1)
		return (-1);
	n = read(fd, b, sizeof b - 1);
	close(fd);
	if (n <= 0)
		return (-1);
	b[n] = '\0';
	/* After "pid (comm)": state ppid. */
	if ((p = strrchr(b, ')')) == NULL ||
	    sscanf(p + 1, " %*c %ld", &ppid) != 1)
		return (-1);
	return ((pid_t)ppid);
}

/*
 * Is a lent pty's program in its foreground? Its session leader takes the
 * foreground back while the program is stopped (pty-run.c): then keys go
 * to the shell on the socket again.
 */
static int
pane_io_pty_active(struct pane_pty *pt)
{
	struct pane	*p = pt->io->pane;
	pid_t		 pg = 0, sid = 0;

	if (ioctl(pt->fd, TIOCGPGRP, &pg) != 0 ||
	    ioctl(pt->fd, TIOCGSID, &sid) != 0 || pg <= 0 || pg == sid)
		return (0);
	/*
	 * And its waiter is in the pane's foreground: a program started in
	 * the background (&) is in its pty's foreground too, yet the keys
	 * are the shell's. The waiter is the session leader's parent.
	 */
	if (pt->waiter == 0)
		pt->waiter = pane_io_read_ppid(sid);
	if (pt->waiter <= 0 || p->tty == NULL)
		return (0);
	return (getpgid(pt->waiter) == vtty_foreground(p->tty));
}

/*
 * The pty that takes the pane's keys: the newest whose program is in its
 * foreground and reads it (its stdin), else the newest in its foreground;
 * NULL if none (keys go to the socket).
 */
static struct pane_pty *
pane_io_pty_input(struct pane_io *io)
{
	struct pane_pty	*pt, *any = NULL;

	TAILQ_FOREACH_REVERSE(pt, &io->ptys, pane_ptys, entry) {
		if (!pane_io_pty_active(pt))
			continue;
		if (pt->input)
			return (pt);
		if (any == NULL)
			any = pt;
	}
	return (any);
}

static void
pane_io_pty_free(struct pane_pty *pt)
{
	struct pane_io	*io = pt->io;

	TAILQ_REMOVE(&io->ptys, pt, entry);
	io->nptys--;
	event_free(pt->ev_read);
	event_free(pt->ev_write);
	close(pt->fd);
	buf_free(&pt->wq);
	xfree(pt);
}

static void
pane_io_pty_write_cb(evutil_socket_t fd, short events, void *arg)
{
	struct pane_pty	*pt = arg;
	ssize_t		 n;

	n = write(fd, buf_data(&pt->wq), pt->wq.len);
	if (n < 0) {
		if (errno == EAGAIN || errno == EINTR)
			event_add(pt->ev_write, NULL);
		else
			buf_clear(&pt->wq);
		return;
	}
	buf_consume(&pt->wq, (size_t)n);
	if (pt->wq.len != 0)
		event_add(pt->ev_write, NULL);
}

/*
 * A program on a lent pty wrote: to the screen as it is (the kernel's line
 * discipline has done OPOST). EOF or EIO: it has ended, the loan with it.
 */
static void
pane_io_pty_read_cb(evutil_socket_t fd, short events, void *arg)
{
	struct pane_pty	*pt = arg;
	struct pane_io	*io = pt->io;
	struct pane	*p = io->pane;
	uint8_t		 data[16384];
	ssize_t		 n;
	size_t		 total = 0;
	int		 was = vt_screen_is_frozen(p->screen), parsed = 0;

	io->burst = 1;
	while (total < PANE_READ_MAX) {
		n = read(fd, data, sizeof data);
		if (n > 0) {
			pane_io_display(io, data, (size_t)n);
			total += (size_t)n;
			parsed = 1;
			continue;
		}
		if (n < 0 && (errno == EAGAIN || errno == EINTR))
			break;
		pane_io_pty_free(pt);
		break;
	}
	io->burst = 0;
	if (parsed) {
		vt_screen_pack(p->screen);
		pane_io_changed(io, was);
	}
}

/*
 * The keys' ISIG characters (by pt's termios) for the programs on the
 * other lent ptys in their foreground too: in a tmux pane the programs of
 * a pipeline share one terminal, and C-c stops them all. TIOCSIG signals
 * a pty's foreground group, which the kernel keeps in its session.
 */
static void
pane_io_pty_signals(struct pane_io *io, struct pane_pty *pt,
    const uint8_t *data, size_t len)
{
	struct pane_pty	*other;
	struct termios	 t;
	size_t		 i;
	int		 sig;

	if (io->nptys < 2 || tcgetattr(pt->fd, &t) != 0 || !(t.c_lflag & ISIG))
		return;
	for (i = 0; i < len; i++) {
		if (data[i] == _POSIX_VDISABLE)
			continue;
		if (data[i] == t.c_cc[VINTR])
			sig = SIGINT;
		else if (data[i] == t.c_cc[VQUIT])
			sig = SIGQUIT;
		else if (data[i] == t.c_cc[VSUSP])
			sig = SIGTSTP;
		else
			continue;
		TAILQ_FOREACH(other, &io->ptys, entry) {
			if (other != pt && pane_io_pty_active(other))
				ioctl(other->fd, TIOCSIG, sig);
		}
	}
}

/* Read what every lent pty has written. */
static void
pane_io_pty_drain(struct pane_io *io)
{
	struct pane_pty	*pt, *next;

	for (pt = TAILQ_FIRST(&io->ptys); pt != NULL; pt = next) {
		next = TAILQ_NEXT(pt, entry);
		pane_io_pty_read_cb(pt->fd, EV_READ, pt);
	}
}

/*
 * A descriptor came with the pane's output: a pty master, lent (input:
 * the program reads it). Anything else is refused.
 */
static void
pane_io_pty_adopt(struct pane_io *io, int fd, int input)
{
	struct pane	*p = io->pane;
	struct pane_pty	*pt;
	struct winsize	 ws;
	unsigned	 n;

	if (ioctl(fd, TIOCGPTN, &n) != 0) {
		close(fd);
		return;
	}
	/* A pane with too many: the oldest loan ends (it hangs up). */
	if (io->nptys >= PANE_PTY_MAX)
		pane_io_pty_free(TAILQ_FIRST(&io->ptys));
	evutil_make_socket_nonblocking(fd);
	memset(&ws, 0, sizeof ws);
	ws.ws_col = p->sx;
	ws.ws_row = p->sy;
	ioctl(fd, TIOCSWINSZ, &ws);
	pt = xcalloc(1, sizeof *pt);
	pt->io = io;
	pt->fd = fd;
	pt->input = input;
	buf_init(&pt->wq);
	pt->ev_read = event_new(io_base, fd, EV_READ|EV_PERSIST,
	    pane_io_pty_read_cb, pt);
	pt->ev_write = event_new(io_base, fd, EV_WRITE, pane_io_pty_write_cb,
	    pt);
	if (io->holds == 0)
		event_add(pt->ev_read, NULL);
	TAILQ_INSERT_TAIL(&io->ptys, pt, entry);
	io->nptys++;
}

/*
 * Whether the lend marker in data says the program's stdin is on the pty:
 * ";p=FDS", FDS a mask of the program's fds 0-2 on it (shim-proto.h). Not
 * checked against the key: it only steers keys among the pane's own ptys.
 */
static int
pane_io_pty_reads(const uint8_t *data, size_t len)
{
	const uint8_t	*p = data, *end = data + len;

	while ((p = memchr(p, ';', end - p)) != NULL && end - p >= 4) {
		if (p[1] == 'p' && p[2] == '=' && p[3] >= '0' && p[3] <= '7')
			return ((p[3] - '0') & 1);
		p++;
	}
	return (1);
}

/* read() of the socket, taking any descriptor sent with the bytes. */
static ssize_t
pane_io_recv(struct pane_io *io, void *data, size_t size)
{
	char		 cbuf[CMSG_SPACE(4 * sizeof (int))];
	struct iovec	 iov;
	struct msghdr	 msg;
	struct cmsghdr	*cm;
	ssize_t		 n;
	size_t		 i, nfd;
	int		 fd;

	io->lent = 0;
	iov.iov_base = data;
	iov.iov_len = size;
	memset(&msg, 0, sizeof msg);
	msg.msg_iov = &iov;
	msg.msg_iovlen = 1;
	msg.msg_control = cbuf;
	msg.msg_controllen = sizeof cbuf;
	n = recvmsg(io->pane->fd, &msg, MSG_CMSG_CLOEXEC);
	if (n < 0 || msg.msg_controllen == 0)
		return (n);
	for (cm = CMSG_FIRSTHDR(&msg); cm != NULL;
	    cm = CMSG_NXTHDR(&msg, cm)) {
		if (cm->cmsg_level != SOL_SOCKET ||
		    cm->cmsg_type != SCM_RIGHTS)
			continue;
		nfd = (cm->cmsg_len - CMSG_LEN(0)) / sizeof fd;
		for (i = 0; i < nfd; i++) {
			memcpy(&fd, CMSG_DATA(cm) + i * sizeof fd, sizeof fd);
			if (i == 0) {
				pane_io_pty_adopt(io, fd,
				    pane_io_pty_reads(data, n));
				io->lent = 1;
			} else
				close(fd);
		}
	}
	return (n);
}

/* Queue bytes for the program, as they are (no line discipline). */
static void
pane_io_queue(struct pane_io *io, const void *data, size_t len)
{
	struct pane_pty	*pt;
	ssize_t		 n;

	if (len != 0 && (pt = pane_io_pty_input(io)) != NULL) {
		pt->sent_ms = pane_io_now_ms();
		if (pt->wq.len == 0) {
			n = write(pt->fd, data, len);
			if (n == (ssize_t)len)
				return;
			if (n < 0)
				n = 0;
			data = (const uint8_t *)data + n;
			len -= (size_t)n;
		}
		buf_add(&pt->wq, data, len);
		event_add(pt->ev_write, NULL);
		return;
	}
	if (len == 0 || io->pane->fd == -1)
		return;
	if (io->wq.len == 0) {
		n = write(io->pane->fd, data, len);
		if (n == (ssize_t)len)
			return;
		if (n < 0) {
			if (errno != EAGAIN && errno != EINTR)
				return;
			n = 0;
		}
		data = (const uint8_t *)data + n;
		len -= (size_t)n;
	}
	buf_add(&io->wq, data, len);
	event_add(io->ev_write, NULL);
}

static void
pane_io_write_cb(evutil_socket_t fd, short events, void *arg)
{
	struct pane_io	*io = arg;
	ssize_t		 n;

	n = write(fd, buf_data(&io->wq), io->wq.len);
	if (n < 0) {
		if (errno == EAGAIN || errno == EINTR) {
			event_add(io->ev_write, NULL);
			return;
		}
		buf_clear(&io->wq);
		return;
	}
	buf_consume(&io->wq, (size_t)n);
	if (io->wq.len != 0)
		event_add(io->ev_write, NULL);
}

/* Feed program output to the screen; write back any replies. */
static void
pane_io_parse(struct pane_io *io, const uint8_t *data, size_t len)
{
	struct pane	*p = io->pane;
	struct buf	 out, reply;

	buf_init(&out);
	buf_init(&reply);
	vtty_output(p->tty, data, len, &out);
	pane_io_display(io, buf_data(&out), out.len);
	buf_free(&out);
}

/*
 * Bytes the pane's terminal shows (program output after the line
 * discipline, and echo): to control clients, pipe-pane, then the screen.
 */
static void
pane_io_display(struct pane_io *io, const uint8_t *data, size_t len)
{
	struct pane	*p = io->pane;
	struct buf	 reply;

	if (len == 0)
		return;
	if (io_output != NULL)
		io_output(p, data, len);
	if (io->pipe_fd != -1 && io->pipe_out)
		pane_io_pipe_write(io, data, len);
	buf_init(&reply);
	if (io->burst)
		vt_screen_feed(p->screen, data, len, &reply);
	else
		vt_screen_input(p->screen, data, len, &reply);
	pane_io_queue(io, buf_data(&reply), reply.len);
	buf_free(&reply);
}

/* The screen changed: fold it again later, tell the server. */
static void
pane_io_changed(struct pane_io *io, int was_frozen)
{
	pane_io_fold_output(io, was_frozen);
	if (io_changed != NULL)
		io_changed(io->pane);
}

/*
 * Parse up to limit bytes of the backlog. Rows are packed when it is
 * empty, not after every piece (a 5.4 MB burst scrolls 60,000 rows
 * through a 2,000-row history, and packing each was 14% of parsing it).
 */
static void
pane_io_parse_backlog(struct pane_io *io, size_t limit)
{
	struct pane	*p = io->pane;
	size_t		 n = io->backlog.len < limit ? io->backlog.len : limit;
	int		 was = vt_screen_is_frozen(p->screen);

	if (n == 0)
		return;
	io->burst = 1;
	pane_io_parse(io, buf_data(&io->backlog), n);
	io->burst = 0;
	buf_consume(&io->backlog, n);
	if (io->full && io->backlog.len < PANE_BACKLOG_MAX) {
		io->full = 0;
		pane_io_listen(io);
	}
	if (io->backlog.len == 0) {
		buf_free(&io->backlog);		/* up to 4 MB: give it back */
		io->flood = 0;
		vt_screen_pack(p->screen);
	}
	pane_io_changed(io, was);
}

/* Parse the backlog after us microseconds (again if already waiting). */
static void
pane_io_parse_later(struct pane_io *io, long us)
{
	struct timeval	tv = { 0, us };

	if (io->ev_parse == NULL)
		io->ev_parse = evtimer_new(io_base, pane_io_parse_cb, io);
	evtimer_add(io->ev_parse, &tv);
}

/*
 * Read until the socket is empty or the budget is spent; returns how much
 * was read. Output is parsed as it comes, but in a flood it goes to the
 * backlog (PANE_FLOOD). A short read is taken to have emptied the socket
 * (no second read to hear EAGAIN): what comes after is seen by the read
 * event or the next batch, as output arriving a moment later would be.
 */
static size_t
pane_io_read_some(struct pane_io *io, size_t budget)
{
	struct pane	*p = io->pane;
	uint8_t		 data[16384];
	ssize_t		 n;
	size_t		 total = 0;
	int		 was = vt_screen_is_frozen(p->screen), parsed = 0;

	io->burst = 1;
	while (!io->eof && total < budget &&
	    io->backlog.len < PANE_BACKLOG_MAX) {
		n = pane_io_recv(io, data, sizeof data);
		if (n > 0) {
			total += (size_t)n;
			if (io->flood)
				buf_add(&io->backlog, data, (size_t)n);
			else {
				pane_io_parse(io, data, (size_t)n);
				parsed = 1;
			}
			if (total >= PANE_FLOOD)
				io->flood = 1;
			/* A lend ends a read short: what follows may wait. */
			if ((size_t)n < sizeof data && !io->lent)
				break;
			continue;
		}
		if (n < 0 && (errno == EAGAIN || errno == EINTR))
			break;
		io->eof = 1;
	}
	io->burst = 0;
	/*
	 * A full backlog stops reading until parsing makes room: with the read
	 * event armed, a program that never pauses kept the server spinning
	 * (each read_cb re-armed the parse timer, which then never ran).
	 */
	if (io->backlog.len >= PANE_BACKLOG_MAX && !io->eof) {
		io->full = 1;
		event_del(io->ev_read);
	}
	if (io->backlog.len != 0)
		pane_io_parse_later(io, total != 0 ? PANE_FLOOD_QUIET_US : 0);
	else {
		io->flood = 0;
		if (parsed && (total < budget || io->eof))
			vt_screen_pack(p->screen);
	}
	if (parsed)
		pane_io_changed(io, was);
	if (io->eof) {
		/*
		 * The server destroys the pane; never from here, which may be
		 * inside a command that is using it (drain), so from the loop.
		 */
		event_del(io->ev_read);
		if (io->ev_exit == NULL)
			io->ev_exit = event_new(io_base, -1, 0,
			    pane_io_exit_cb, io);
		event_active(io->ev_exit, 0, 0);
	}
	return (total);
}

/*
 * The backlog's turn, when the program has been quiet a moment: if it is
 * writing again, read first (it is not held up by the parser); else parse
 * a slice and come back.
 */
static void
pane_io_parse_cb(evutil_socket_t fd, short events, void *arg)
{
	struct pane_io	*io = arg;
	int		 pending = 0;

	if (io->holds != 0 || io->backlog.len == 0)
		return;		/* pane_io_hold brings it back */
	if (!io->eof && !io->batched && io->backlog.len < PANE_BACKLOG_MAX &&
	    ioctl(io->pane->fd, FIONREAD, &pending) == 0 && pending > 0) {
		pane_io_read_some(io, PANE_READ_MAX);
		return;
	}
	pane_io_parse_backlog(io, PANE_PARSE_SLICE);
	if (io->backlog.len != 0)
		pane_io_parse_later(io, 0);
}

static void
pane_io_exit_cb(evutil_socket_t fd, short events, void *arg)
{
	struct pane_io	*io = arg;

	pane_io_parse_backlog(io, SIZE_MAX);	/* its last words first */
	if (io_exited != NULL)
		io_exited(io->pane);
}

/* Output arrived: read it now if there is a lot, else at the boundary. */
static void
pane_io_read_cb(evutil_socket_t fd, short events, void *arg)
{
	struct pane_io	*io = arg;
	char		 head[PANE_PEEK_MAX];
	int		 pending = 0;
	ssize_t		 n;

	if (io_batch_ms == 0 || io->immediate || io->flood ||
	    (ioctl(fd, FIONREAD, &pending) == 0 &&
	    pending >= PANE_READ_NOW)) {
		pane_io_read_some(io, PANE_READ_MAX);
		return;
	}
	/* No control buffer: a peeked descriptor is not taken. */
	if (pending > 0 && pending <= PANE_PEEK_MAX &&
	    (n = recv(fd, head, sizeof head, MSG_PEEK|MSG_DONTWAIT)) > 0 &&
	    memmem(head, (size_t)n, ZPTY_MARK_START,
	    ZPTY_MARK_START_LEN) != NULL) {
		pane_io_read_some(io, PANE_READ_MAX);
		return;
	}
	event_del(io->ev_read);
	pane_io_batch_add(io);
}

/* Read io at the next batch boundary (its read event is not armed). */
static void
pane_io_batch_add(struct pane_io *io)
{
	struct timeval	 now, tv;
	unsigned	 ms;

	io->batched = 1;
	io->batch_round = io_batch_round;
	TAILQ_INSERT_TAIL(&io_batch, io, batch_entry);
	if (!evtimer_pending(io_batch_timer, NULL)) {
		gettimeofday(&now, NULL);
		ms = (unsigned)((now.tv_sec % 1000) * 1000 + now.tv_usec / 1000);
		ms = io_batch_ms - ms % io_batch_ms;
		tv.tv_sec = ms / 1000;
		tv.tv_usec = (ms % 1000) * 1000;
		evtimer_add(io_batch_timer, &tv);
	}
}

/*
 * The batch boundary: read every pane that woke since the last one. A
 * pane that had output stays in the batch for the next boundary instead
 * of listening on its socket again: a busy pane then costs one read a
 * boundary, not a wake-up and two epoll_ctl calls (N=400 replay: 16 % of
 * the server's time was switching in and out of epoll_wait, 2 % in
 * epoll_ctl; after: 7.6 %, and 31 % fewer samples in all). One quiet
 * interval puts it back on its read event. Output arriving meanwhile
 * waits for the boundary, as it did for a pane already batched.
 */
static void
pane_io_batch_cb(evutil_socket_t fd, short events, void *arg)
{
	struct pane_io	*io;
	size_t		 n;

	/* Panes added from here on are this boundary's (batch_round). */
	io_batch_round++;
	while ((io = TAILQ_FIRST(&io_batch)) != NULL &&
	    io->batch_round != io_batch_round) {
		TAILQ_REMOVE(&io_batch, io, batch_entry);
		io->batched = 0;
		if (io->holds != 0 || io->eof)
			continue;	/* pane_io_hold listens again */
		n = pane_io_read_some(io, PANE_READ_MAX);
		if (io->eof)
			continue;
		io->quiet = n != 0 ? 0 : io->quiet + 1;
		/*
		 * Polled again at the next boundary (PANE_POLL_ROUNDS); as many
		 * bytes as would have been read at once (16 KB) listen again,
		 * so that a burst goes on at once (read_cb).
		 */
		if (n < PANE_READ_NOW && io->quiet < PANE_POLL_ROUNDS &&
		    !io->flood && io->backlog.len == 0 && !io->immediate &&
		    io_batch_ms != 0)
			pane_io_batch_add(io);
		else
			pane_io_listen(io);
	}
}

void
pane_io_drain(struct pane *p)
{
	int	pending = 0;

	if (p->io == NULL)
		return;

	pane_io_unbatch(p->io);
	pane_io_parse_backlog(p->io, SIZE_MAX);
	if (p->io->eof)
		return;
	/*
	 * A held pane (a control client is behind) gives a reader only what
	 * is waiting now, not whatever a flooding program keeps writing.
	 */
	if (p->io->holds != 0) {
		if (ioctl(p->fd, FIONREAD, &pending) == 0 && pending > 0)
			pane_io_read_some(p->io, (size_t)pending);
	} else
		pane_io_read_some(p->io, SIZE_MAX);
	pane_io_parse_backlog(p->io, SIZE_MAX);
	/* And what programs on lent ptys have written (PANE_READ_MAX). */
	if (p->io != NULL && p->io->holds == 0)
		pane_io_pty_drain(p->io);
}

/*
 * Bytes for the program past the line discipline and without reading the
 * pane first (terminal reports such as focus in/out: safe from anywhere,
 * a pane's own output callbacks included).
 */
void
pane_io_write(struct pane *p, const uint8_t *data, size_t len)
{
	if (p->io == NULL || p->dead || p->io->eof)
		return;
	pane_io_queue(p->io, data, len);
}

size_t
pane_io_send(struct pane *p, const uint8_t *data, size_t len)
{
	struct buf	 to, echo, reply;
	struct pane_pty	*pt;
	size_t		 sent;

	if (p->io == NULL || p->tty == NULL || p->dead || p->input_off)
		return (0);
	/* Echo goes after what the program already wrote. */
	pane_io_drain(p);
	if (p->io == NULL || p->io->eof)
		return (0);
	/*
	 * The kernel's line discipline has the keys while a pty is lent:
	 * all of them go on to the program's terminal.
	 */
	if ((pt = pane_io_pty_input(p->io)) != NULL) {
		pane_io_pty_signals(p->io, pt, data, len);
		pane_io_queue(p->io, data, len);
		return (len);
	}
	buf_init(&to);
	buf_init(&echo);
	buf_init(&reply);
	vtty_input(p->tty, data, len, &to, &echo);
	if (echo.len != 0) {
		int	was = vt_screen_is_frozen(p->screen);

		pane_io_display(p->io, buf_data(&echo), echo.len);
		pane_io_fold_output(p->io, was);
		if (io_changed != NULL)
			io_changed(p);
	}
	pane_io_queue(p->io, buf_data(&to), to.len);
	sent = to.len;
	buf_free(&to);
	buf_free(&echo);
	buf_free(&reply);
	return (sent);
}

void
pane_io_resize(struct pane *p, unsigned sx, unsigned sy)
{
	int	was = vt_screen_is_frozen(p->screen);

	p->sx = sx;
	p->sy = sy;
	vt_screen_resize(p->screen, sx, sy);
	if (p->io != NULL)
		pane_io_fold_output(p->io, was);
	if (p->tty != NULL)
		vtty_resize(p->tty, sx, sy);
	if (p->io != NULL) {
		struct pane_pty	*pt;
		struct winsize	 ws;

		memset(&ws, 0, sizeof ws);
		ws.ws_col = sx;
		ws.ws_row = sy;
		TAILQ_FOREACH(pt, &p->io->ptys, entry)
			ioctl(pt->fd, TIOCSWINSZ, &ws);
	}
}

void
pane_io_close(struct pane *p)
{
	struct pane_io	*io = p->io;

	if (p->pid > 0 && !p->status_ready) {
		kill(-p->pid, SIGHUP);
		/* Before its exec the child may not lead its group yet. */
		if (io != NULL && io->exec_fd != -1)
			kill(p->pid, SIGHUP);
	}
	if (io != NULL) {
		pane_io_exec_done(io);
		if (io->batched)
			TAILQ_REMOVE(&io_batch, io, batch_entry);
		event_free(io->ev_read);
		event_free(io->ev_write);
		if (io->ev_exit != NULL)
			event_free(io->ev_exit);
		event_free(io->ev_fold);
		if (io->ev_parse != NULL)
			event_free(io->ev_parse);
		buf_free(&io->backlog);
		pane_io_proc_forget(io);
		pane_io_pipe_close(p);
		buf_free(&io->pipe_wq);
		while (!TAILQ_EMPTY(&io->ptys))
			pane_io_pty_free(TAILQ_FIRST(&io->ptys));
		buf_free(&io->wq);
		xfree(io->exec_name);
		xfree(io->exec_cwd);
		xfree(io);
		p->io = NULL;
	}
	if (p->fd != -1)
		close(p->fd);
	p->fd = -1;
	if (p->tty != NULL)
		vtty_destroy(p->tty);
	p->tty = NULL;
}

static struct pane *
pane_io_find_pid(struct panes *list, pid_t pid)
{
	struct pane	*p;

	TAILQ_FOREACH(p, list, all_entry) {
		if (p->pid == pid)
			return (p);
	}
	return (NULL);
}

void
pane_io_reap(void)
{
	struct pane	*p;
	pid_t		 pid;
	int		 status;

	while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
		if (WIFSTOPPED(status))
			continue;
		if (job_reaped(pid, status))
			continue;
		if ((p = pane_io_find_pid(&model_panes, pid)) == NULL)
			p = pane_io_find_pid(&model_popups, pid);
		if (p != NULL) {
			p->status = status;
			p->status_ready = 1;
			/*
			 * Its end of file may sit unread until the next batch
			 * (300 ms): a script that ran 'true' in a window saw
			 * the window there long after tmux had removed it.
			 */
			if (p->io != NULL && !p->io->eof && p->io->holds == 0)
				pane_io_drain(p);
		}
	}
}

void
pane_io_snapshot_begin(void)
{
	io_snapshot_depth++;
	if (++io_snapshot_stamp == 0)
		io_snapshot_stamp = 1;
}

void
pane_io_snapshot_end(void)
{
	if (io_snapshot_depth > 0)
		io_snapshot_depth--;
}

static void
pane_io_proc_forget(struct pane_io *io)
{
	xfree(io->proc.cmd);
	xfree(io->proc.cwd);
	memset(&io->proc, 0, sizeof io->proc);
}

/* The pane's memo, valid for the running command; NULL outside one. */
static struct pane_proc_memo *
pane_io_proc(struct pane *p)
{
	struct pane_io	*io = p->io;

	if (io == NULL || io_snapshot_depth == 0)
		return (NULL);
	if (io->proc.stamp != io_snapshot_stamp) {
		pane_io_proc_forget(io);
		io->proc.stamp = io_snapshot_stamp;
	}
	return (&io->proc);
}

/* The foreground process group leader's pid, as tcgetpgrp on a PTY. */
static pid_t
pane_io_foreground(struct pane *p)
{
	struct pane_proc_memo	*m = pane_io_proc(p);
	struct pane_pty		*pt;
	pid_t			 pgrp = -1;

	if (m != NULL && m->fg != 0)
		return (m->fg);
	if (p->io != NULL && (pt = pane_io_pty_input(p->io)) != NULL)
		ioctl(pt->fd, TIOCGPGRP, &pgrp);
	else if (p->tty != NULL)
		pgrp = vtty_foreground(p->tty);
	if (pgrp <= 0)
		pgrp = p->pid;
	if (m != NULL)
		m->fg = pgrp;
	return (pgrp);
}

static char *
pane_io_read_cmdline(pid_t pid)
{
	char	 path[64], data[4096];
	ssize_t	 n;
	int	 fd;

	snprintf(path, sizeof path, "/proc/%ld/cmdline", (long)pid);
	if ((fd = open(path, O_RDONLY|O_CLOEXEC)) == -1)
		return (NULL);
	n = read(fd, data, sizeof data - 1);
	close(fd);
	if (n <= 0)
		return (NULL);
	data[n] = '\0';
	return (xstrdup(data));
}

static char *
pane_io_read_cwd(pid_t pid)
{
	char	 path[64], target[PATH_MAX];
	ssize_t	 n;

	snprintf(path, sizeof path, "/proc/%ld/cwd", (long)pid);
	n = readlink(path, target, sizeof target - 1);
	if (n <= 0)
		return (NULL);
	target[n] = '\0';
	return (xstrdup(target));
}

/*
 * Whether fg is the pane's own process and its exec has not been seen
 * yet (the exec pipe is still open): the name and directory it is about
 * to run with are answered instead of its /proc entries.
 */
static int
pane_io_before_exec(struct pane *p, pid_t fg)
{
	return (p->io != NULL && p->io->exec_fd != -1 && fg == p->pid);
}

/*
 * Whether fg, the pane's own live process, reads as having no arguments:
 * it is inside its exec, past closing the exec pipe but before the new
 * program's arguments are set (a client asking at once, as the zeropty
 * front can 0.2 ms after new-window, saw an empty command: spawn_test
 * under make check).
 */
static int
pane_io_in_exec(struct pane *p, pid_t fg)
{
	return (p->io != NULL && p->io->exec_name != NULL && fg == p->pid &&
	    kill(fg, 0) == 0);
}

char *
pane_io_current_command(struct pane *p)
{
	struct pane_proc_memo	*m = pane_io_proc(p);
	pid_t			 fg = pane_io_foreground(p);
	char			*cmd;

	if (pane_io_before_exec(p, fg))
		return (xstrdup(p->io->exec_name));
	if (m != NULL && m->have_cmd)
		return (m->cmd != NULL ? xstrdup(m->cmd) : NULL);
	cmd = pane_io_read_cmdline(fg);
	if (cmd == NULL && pane_io_in_exec(p, fg))
		return (xstrdup(p->io->exec_name));	/* not remembered */
	if (m == NULL)
		return (cmd);
	m->cmd = cmd;
	m->have_cmd = 1;
	return (m->cmd != NULL ? xstrdup(m->cmd) : NULL);
}

char *
pane_io_current_path(struct pane *p)
{
	struct pane_proc_memo	*m = pane_io_proc(p);
	pid_t			 fg = pane_io_foreground(p);


	if (pane_io_before_exec(p, fg) && p->io->exec_cwd != NULL)
		return (xstrdup(p->io->exec_cwd));
	if (m == NULL)
		return (pane_io_read_cwd(fg));
	if (!m->have_cwd) {
		m->cwd = pane_io_read_cwd(fg);
		m->have_cwd = 1;
	}
	return (m->cwd != NULL ? xstrdup(m->cwd) : NULL);
}

void
pane_io_set_output_hook(void (*fn)(struct pane *, const uint8_t *, size_t))
{
	io_output = fn;
}

void
pane_io_set_immediate(struct pane *p, int on)
{
	struct pane_io	*io = p->io;

	if (io == NULL || io->immediate == !!on)
		return;
	io->immediate = !!on;
	if (on && io->batched) {
		pane_io_unbatch(io);
		if (io->holds == 0)
			pane_io_read_some(io, PANE_READ_MAX);
	}
}

void
pane_io_hold(struct pane *p, int on)
{
	struct pane_io	*io = p->io;
	struct pane_pty	*pt;

	if (io == NULL)
		return;
	if (on) {
		if (io->holds++ == 0 && !io->batched)
			event_del(io->ev_read);
		if (io->holds == 1) {
			TAILQ_FOREACH(pt, &io->ptys, entry)
				event_del(pt->ev_read);
		}
		return;
	}
	if (io->holds == 0 || --io->holds != 0)
		return;
	pane_io_listen(io);
	TAILQ_FOREACH(pt, &io->ptys, entry)
		event_add(pt->ev_read, NULL);
	if (io->backlog.len != 0)
		pane_io_parse_later(io, 0);
}

/* pipe-pane's socket: write what is queued; a dead command closes it. */
static void
pane_io_pipe_write_cb(evutil_socket_t fd, short events, void *arg)
{
	struct pane_io	*io = arg;
	ssize_t		 n;

	n = write(fd, buf_data(&io->pipe_wq), io->pipe_wq.len);
	if (n < 0) {
		if (errno == EAGAIN || errno == EINTR) {
			event_add(io->pipe_ev_write, NULL);
			return;
		}
		pane_io_pipe_close(io->pane);
		return;
	}
	buf_consume(&io->pipe_wq, (size_t)n);
	if (io->pipe_wq.len != 0)
		event_add(io->pipe_ev_write, NULL);
}

static void
pane_io_pipe_write(struct pane_io *io, const uint8_t *data, size_t len)
{
	ssize_t	n = 0;

	if (io->pipe_wq.len == 0) {
		n = write(io->pipe_fd, data, len);
		if (n < 0 && errno != EAGAIN && errno != EINTR) {
			pane_io_pipe_close(io->pane);
			return;
		}
		if (n < 0)
			n = 0;
		if ((size_t)n == len)
			return;
	}
	buf_add(&io->pipe_wq, data + n, len - (size_t)n);
	event_add(io->pipe_ev_write, NULL);
}

/* -I: the command's output is typed into the pane; its end closes it. */
static void
pane_io_pipe_read_cb(evutil_socket_t fd, short events, void *arg)
{
	struct pane_io	*io = arg;
	uint8_t		 data[4096];
	ssize_t		 n;

	n = read(fd, data, sizeof data);
	if (n > 0) {
		pane_io_send(io->pane, data, (size_t)n);
		return;
	}
	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return;
	if (!io->pipe_out)
		pane_io_pipe_close(io->pane);
	else
		event_del(io->pipe_ev_read);
}

int
pane_io_input_state(struct pane *p, int *ptyfd, size_t *queued,
    uint64_t *sent_ms)
{
	struct pane_pty	*pt;

	if (p->io == NULL || p->tty == NULL || p->dead || p->io->eof ||
	    p->fd == -1)
		return (-1);
	if ((pt = pane_io_pty_input(p->io)) != NULL) {
		*ptyfd = pt->fd;
		*queued = pt->wq.len;
		*sent_ms = pt->sent_ms;
	} else {
		*ptyfd = -1;
		*queued = p->io->wq.len;
		*sent_ms = 0;
	}
	return (0);
}

int
pane_io_pipe_active(struct pane *p)
{
	return (p->io != NULL && p->io->pipe_fd != -1);
}

void
pane_io_pipe_close(struct pane *p)
{
	struct pane_io	*io = p->io;

	if (io == NULL || io->pipe_fd == -1)
		return;
	if (io->pipe_ev_read != NULL)
		event_free(io->pipe_ev_read);
	if (io->pipe_ev_write != NULL)
		event_free(io->pipe_ev_write);
	io->pipe_ev_read = io->pipe_ev_write = NULL;
	close(io->pipe_fd);
	io->pipe_fd = -1;
	buf_clear(&io->pipe_wq);
}

int
pane_io_pipe_open(struct pane *p, const char *cmd, int in, int out,
    char **cause)
{
	struct pane_io	*io = p->io;
	int		 pair[2], null_fd;
	pid_t		 pid;

	if (io == NULL) {
		xasprintf(cause, "pane is dead");
		return (-1);
	}
	if (socketpair(AF_UNIX, SOCK_STREAM|SOCK_CLOEXEC, 0, pair) != 0) {
		xasprintf(cause, "socketpair error: %s", strerror(errno));
		return (-1);
	}
	pid = sys_fork();
	if (pid == -1) {
		xasprintf(cause, "fork error: %s", strerror(errno));
		close(pair[0]);
		close(pair[1]);
		return (-1);
	}
	if (pid == 0) {
		setsid();
		null_fd = open("/dev/null", O_WRONLY);
		dup2(out ? pair[1] : null_fd, 0);
		dup2(in ? pair[1] : null_fd, 1);
		dup2(null_fd, 2);
		closefrom(3);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(1);
	}
	close(pair[1]);
	io->pipe_fd = pair[0];
	io->pipe_out = out;
	evutil_make_socket_nonblocking(io->pipe_fd);
	io->pipe_ev_write = event_new(io_base, io->pipe_fd, EV_WRITE,
	    pane_io_pipe_write_cb, io);
	io->pipe_ev_read = event_new(io_base, io->pipe_fd, EV_READ|EV_PERSIST,
	    pane_io_pipe_read_cb, io);
	if (in)
		event_add(io->pipe_ev_read, NULL);
	return (0);
}
