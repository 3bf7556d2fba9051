/*
 * zeropty-pty: the waiter of a program that runs on a pty lent to the
 * server (shim/shim-pty.c, which execs it in place of the program, so it
 * has the pid the shell waits for).
 *
 *	zeropty-pty FDS SLAVE PATH ARGV0 [ARG...]
 *
 * FDS is a bit mask of the fds 0-2 that are the pane's terminal ("-":
 * find them, after posix_spawn's file actions), SLAVE
 * the pty slave's fd, and PATH ARGV0 ARG... the program, run with this
 * environment. This process (P) starts M, which leads the pty's session
 * (so that the program's group is not orphaned and C-z stops it) and runs
 * the program C in a group of its own. M tells P when C stops or ends; P
 * stops itself with the same signal, so that the shell sees the job stop,
 * and tells M when it is continued; P exits with C's status or dies of
 * C's signal. Signals the shell sends P are passed on to C. Only libc.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <sys/types.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

/* Messages between the waiter P and the session leader M. */
struct pty_msg {
	int	kind;
	int	value;
};
#define PTY_STOPPED	'S'	/* M to P: C stopped by signal value */
#define PTY_ENDED	'X'	/* M to P: C ended, wait status value */
#define PTY_TERMIOS	'T'	/* M to P: the pty's termios follows */
#define PTY_FG		'F'	/* P to M: continued in the foreground */
#define PTY_BG		'B'	/* P to M: continued in the background */
#define PTY_KILL	'K'	/* P to M: pass signal value to C */

/* Signals the waiter passes on to the program. */
static const int pty_forward[] = {
	SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGWINCH
};

static int	pty_ctl = -1;	/* P's or M's end of their socketpair */
static int	pty_term = -1;	/* P: the pane's terminal */
static int	pty_self[2] = { -1, -1 };	/* M's signal pipe */

static void
pty_send(int fd, int kind, int value)
{
	struct pty_msg	m = { kind, value };

	while (write(fd, &m, sizeof m) == -1 && errno == EINTR)
		/* again */;
}

/* Write or read all of n bytes. */
static void
pty_write(int fd, const void *p, size_t n)
{
	ssize_t	r;

	while (n > 0) {
		r = write(fd, p, n);
		if (r == -1 && errno == EINTR)
			continue;
		if (r <= 0)
			return;
		p = (const char *)p + r;
		n -= (size_t)r;
	}
}

static int
pty_read(int fd, void *p, size_t n)
{
	ssize_t	r;

	while (n > 0) {
		r = read(fd, p, n);
		if (r == -1 && errno == EINTR)
			continue;
		if (r <= 0)
			return (-1);
		p = (char *)p + r;
		n -= (size_t)r;
	}
	return (0);
}

static int
pty_recv(int fd, struct pty_msg *m)
{
	ssize_t	n;

	do
		n = read(fd, m, sizeof *m);
	while (n == -1 && errno == EINTR);
	return (n == (ssize_t)sizeof *m ? 0 : -1);
}

/* P: a signal for the program. */
static void
pty_forward_handler(int sig)
{
	int	saved = errno;

	if (pty_ctl != -1)
		pty_send(pty_ctl, PTY_KILL, sig);
	errno = saved;
}

/*
 * P continued (fg or bg in the shell): continue the program, with the
 * pty's foreground if the pane gave us its terminal (the shim answers
 * tcgetpgrp; without it, say so). Also when the program had not stopped:
 * after bg it waits in poll() for input that now goes to the shell.
 */
static void
pty_cont_handler(int sig)
{
	int	saved = errno;
	pid_t	pg;

	(void)sig;
	pg = pty_term != -1 ? tcgetpgrp(pty_term) : -1;
	if (pty_ctl != -1)
		pty_send(pty_ctl, pg <= 0 || pg == getpgrp() ? PTY_FG : PTY_BG,
		    0);
	errno = saved;
}

/* M: a signal to look at in the loop. */
static void
pty_self_handler(int sig)
{
	int		saved = errno;
	unsigned char	c = (unsigned char)sig;

	(void)!write(pty_self[1], &c, 1);
	errno = saved;
}

/* Make the pty's foreground group pg (from the background: no SIGTTOU). */
static void
pty_foreground(int slave, pid_t pg)
{
	sigset_t	set, old;

	sigemptyset(&set);
	sigaddset(&set, SIGTTOU);
	sigprocmask(SIG_BLOCK, &set, &old);
	ioctl(slave, TIOCSPGRP, &pg);
	sigprocmask(SIG_SETMASK, &old, NULL);
}

/* M: lead the pty's session, run C, report to P. Never returns. */
static void __attribute__((noreturn))
pty_leader(pid_t waiter, int slave, int term_fds, const char *path,
    char **argv)
{
	struct sigaction	sa;
	struct pollfd		pfd[2];
	struct pty_msg		m;
	sigset_t		set, old;
	struct termios		t;
	unsigned char		c;
	pid_t			child, r;
	int			status, fd, i;

	setsid();
	if (ioctl(slave, TIOCSCTTY, 0) != 0)
		_exit(127);
	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	sigaddset(&set, SIGHUP);
	sigprocmask(SIG_BLOCK, &set, &old);

	child = fork();
	if (child == -1)
		_exit(127);
	if (child == 0) {
		close(pty_ctl);
		setpgid(0, 0);
		pty_foreground(slave, getpid());
		sigprocmask(SIG_SETMASK, &old, NULL);
		for (fd = 0; fd < 3; fd++)
			if (term_fds & (1 << fd))
				dup2(slave, fd);
		if (slave > 2)
			close(slave);
		/* Past any LD_PRELOAD'ed exec: this is the program. */
		syscall(SYS_execve, path, argv, environ);
		dprintf(2, "%s: %s\r\n", path, strerror(errno));
		_exit(errno == ENOENT ? 127 : 126);
	}
	setpgid(child, child);
	pty_foreground(slave, child);

	if (pipe2(pty_self, O_CLOEXEC|O_NONBLOCK) != 0)
		_exit(127);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = pty_self_handler;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGCHLD, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	/* The waiter gone (SIGKILL): hang the program up. */
	prctl(PR_SET_PDEATHSIG, SIGHUP);
	if (getppid() != waiter)
		pty_self_handler(SIGHUP);
	signal(SIGTSTP, SIG_IGN);
	signal(SIGTTIN, SIG_IGN);
	signal(SIGTTOU, SIG_IGN);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	for (fd = 0; fd < 3; fd++)
		if (fd != slave)
			close(fd);

	pfd[0].fd = pty_ctl;
	pfd[0].events = POLLIN;
	pfd[1].fd = pty_self[0];
	pfd[1].events = POLLIN;
	for (;;) {
		if (poll(pfd, 2, -1) == -1)
			continue;
		if (pfd[1].revents & POLLIN) {
			while (read(pty_self[0], &c, 1) == 1) {
				if (c == SIGHUP) {
					kill(-child, SIGHUP);
					kill(-child, SIGCONT);
				}
			}
			while ((r = waitpid(child, &status,
			    WUNTRACED|WNOHANG)) == child) {
				if (WIFSTOPPED(status)) {
					pty_foreground(slave, getpid());
					pty_send(pty_ctl, PTY_STOPPED,
					    WSTOPSIG(status));
					continue;
				}
				/* Its last termios stays the pane's, as on
				 * tmux's one pty. */
				if (tcgetattr(slave, &t) == 0) {
					pty_send(pty_ctl, PTY_TERMIOS,
					    sizeof t);
					pty_write(pty_ctl, &t, sizeof t);
				}
				pty_send(pty_ctl, PTY_ENDED, status);
				_exit(0);
			}
		}
		if (pfd[0].revents & (POLLIN|POLLHUP)) {
			if (pty_recv(pty_ctl, &m) != 0) {
				/* The waiter is gone. */
				kill(-child, SIGHUP);
				kill(-child, SIGCONT);
				pfd[0].fd = -1;
				continue;
			}
			if (m.kind == PTY_FG)
				pty_foreground(slave, child);
			if (m.kind == PTY_FG || m.kind == PTY_BG)
				kill(-child, SIGCONT);
			else if (m.kind == PTY_KILL) {
				for (i = 0; i < (int)(sizeof pty_forward /
				    sizeof pty_forward[0]); i++)
					if (pty_forward[i] == m.value)
						kill(-child, m.value);
			}
		}
	}
}

/* P: wait for the program as if it were this process. Never returns. */
static void __attribute__((noreturn))
pty_wait(pid_t leader, int term)
{
	struct sigaction	 sa;
	struct pty_msg		 m;
	struct termios		 t;
	sigset_t		 set;
	int			 status, sig;
	size_t			 i;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = pty_forward_handler;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESTART;
	for (i = 0; i < sizeof pty_forward / sizeof pty_forward[0]; i++)
		sigaction(pty_forward[i], &sa, NULL);
	pty_term = term;
	sa.sa_handler = pty_cont_handler;
	sigaction(SIGCONT, &sa, NULL);
	signal(SIGCHLD, SIG_DFL);
	signal(SIGTSTP, SIG_DFL);
	signal(SIGTTIN, SIG_DFL);
	signal(SIGTTOU, SIG_DFL);
	sigemptyset(&set);
	sigprocmask(SIG_SETMASK, &set, NULL);

	while (pty_recv(pty_ctl, &m) == 0) {
		if (m.kind == PTY_STOPPED) {
			sig = m.value;
			if (sig != SIGSTOP && sig != SIGTSTP &&
			    sig != SIGTTIN && sig != SIGTTOU)
				sig = SIGTSTP;
			/*
			 * Continued, the SIGCONT handler has told M. Told
			 * again here (harmless) for an orphaned group, where
			 * the stop was discarded and no SIGCONT comes.
			 */
			kill(getpid(), sig);
			pty_cont_handler(SIGCONT);
			continue;
		}
		if (m.kind == PTY_TERMIOS && m.value == (int)sizeof t) {
			/* The shim in this process sets the pane's. */
			if (pty_read(pty_ctl, &t, sizeof t) == 0 &&
			    pty_term != -1)
				tcsetattr(pty_term, TCSANOW, &t);
			continue;
		}
		if (m.kind != PTY_ENDED)
			continue;
		while (waitpid(leader, NULL, 0) == -1 && errno == EINTR)
			/* again */;
		status = m.value;
		if (WIFSIGNALED(status)) {
			sig = WTERMSIG(status);
			signal(sig, SIG_DFL);
			kill(getpid(), sig);
			_exit(128 + sig);
		}
		_exit(WIFEXITED(status) ? WEXITSTATUS(status) : 127);
	}
	_exit(127);
}


/*
 * Which of fds 0-2 are the pane's socket: the one named by the
 * "-DEV-INO" end of $ZEROPTY_TTY (shim-proto.h).
 */
static int
pty_find_terminal(void)
{
	const char		*path = getenv("ZEROPTY_TTY"), *p;
	unsigned long long	 dev, ino;
	struct stat		 sb;
	char			*end;
	int			 fd, fds = 0, dashes = 0;

	if (path == NULL)
		return (0);
	for (p = path + strlen(path); p > path; p--)
		if (p[-1] == '-' && ++dashes == 2)
			break;
	if (dashes != 2)
		return (0);
	dev = strtoull(p, &end, 10);
	if (*end != '-')
		return (0);
	ino = strtoull(end + 1, &end, 10);
	if (*end != '\0')
		return (0);
	for (fd = 0; fd < 3; fd++) {
		if (fstat(fd, &sb) == 0 && S_ISSOCK(sb.st_mode) &&
		    (unsigned long long)sb.st_dev == dev &&
		    (unsigned long long)sb.st_ino == ino)
			fds |= 1 << fd;
	}
	return (fds);
}

int
main(int argc, char **argv)
{
	int	fds, slave, sv[2], term = -1, fd;
	pid_t	pid;

	if (argc < 5) {
		fprintf(stderr, "usage: zeropty-pty FDS SLAVE PATH ARGV0 "
		    "[ARG...]\n");
		return (127);
	}
	fds = strcmp(argv[1], "-") == 0 ? pty_find_terminal() : atoi(argv[1]);
	slave = atoi(argv[2]);
	if (fds == 0) {
		/* No pane terminal left on 0-2: the program needs no pty. */
		close(slave);
		syscall(SYS_execve, argv[3], argv + 4, environ);
		return (errno == ENOENT ? 127 : 126);
	}
	for (fd = 0; fd < 3; fd++) {
		if (fds & (1 << fd)) {
			term = fd;
			break;
		}
	}
	if (socketpair(AF_UNIX, SOCK_STREAM|SOCK_CLOEXEC, 0, sv) != 0)
		return (127);
	pid = fork();
	if (pid == -1)
		return (127);
	if (pid == 0) {
		close(sv[0]);
		pty_ctl = sv[1];
		pty_leader(getppid(), slave, fds, argv[3], argv + 4);
	}
	close(sv[1]);
	close(slave);
	pty_ctl = sv[0];
	pty_wait(pid, term);
}
