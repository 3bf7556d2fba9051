/*
 * Whether a pane's foreground program is waiting for terminal input
 * (wait-pane -I, #{pane_input_wait}, send-keys -W).
 *
 * On the pane's socket the shim says so (shim-proto.h, input_wait): a
 * process of the foreground group is blocked in read, readv, poll,
 * select or epoll_wait on the terminal with nothing to read; and the
 * server has nothing queued for it and the socket holds nothing it has
 * not read (SIOCOUTQ). The shim clears its slot before it takes a byte,
 * so keys sent and not yet read are never mistaken for a wait. stdio's
 * reads (fgets, getchar, Python's input() without readline) call libc's
 * internal read, which no LD_PRELOAD library sees: for those the
 * foreground group's /proc/PID/syscall is read as for a lent pty, a read of the pane's socket (its inode) or a poll with it as
 * stdin.
 *
 * On a lent pty (shim-pty.c) no shim runs: the kernel is asked instead.
 * A process of the pty's foreground group (its leader, or the leader's
 * descendants in the group) must be in a read or readv of the pty slave, or in poll, select or epoll_wait with the slave as its
 * stdin (/proc/PID/syscall, which needs ptrace access: the server's own
 * descendants have it under Yama's default); the slave must hold no
 * complete input line (FIONREAD on it); and no keys may have been written
 * to the master in the last PANE_WAIT_PTY_MS (the kernel hands keys to
 * the line discipline from a work queue, so a reader may not be woken
 * yet). A group whose leader has exited, or a wait in another thread,
 * reads as not waiting.
 */
#include <sys/ioctl.h>
#include <sys/syscall.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "engine/model/model.h"
#include "engine/sys/pane-io.h"
#include "engine/sys/pane-wait.h"
#include "engine/sys/sock-queue.h"
#include "engine/sys/vtty.h"

#define PANE_WAIT_PTY_MS	5
/* Processes of a group looked at (sh -c and its command: two). */
#define PANE_WAIT_PROCS		16

static uint64_t
pane_wait_now_ms(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000);
}

/* Whether /proc/PID/fd/FD is the file named path. */
static int
pane_wait_fd_is(pid_t pid, long fd, const char *path)
{
	char	link[64], target[64];
	ssize_t	n;

	snprintf(link, sizeof link, "/proc/%ld/fd/%ld", (long)pid, fd);
	if ((n = readlink(link, target, sizeof target - 1)) <= 0)
		return (0);
	target[n] = '\0';
	return (strcmp(target, path) == 0);
}

/* A syscall number that waits on several fds. */
static int
pane_wait_is_poll(long nr)
{
	switch (nr) {
#ifdef SYS_poll
	case SYS_poll:
#endif
#ifdef SYS_select
	case SYS_select:
#endif
#ifdef SYS_epoll_wait
	case SYS_epoll_wait:
#endif
#ifdef SYS_epoll_pwait2
	case SYS_epoll_pwait2:
#endif
	case SYS_ppoll:
	case SYS_pselect6:
	case SYS_epoll_pwait:
		return (1);
	}
	return (0);
}

/*
 * Whether process pid is blocked in a read or readv of the file named
 * target, or in a poll-family call with target as its stdin.
 */
static int
pane_wait_proc(pid_t pid, const char *target)
{
	char	 path[64], b[256];
	long	 nr, arg0;
	ssize_t	 n;
	int	 fd;

	snprintf(path, sizeof path, "/proc/%ld/syscall", (long)pid);
	if ((fd = open(path, O_RDONLY|O_CLOEXEC)) == -1)
		return (0);
	n = read(fd, b, sizeof b - 1);
	close(fd);
	if (n <= 0)
		return (0);
	b[n] = '\0';
	/* "NR ARG0 ...", or "running", or "-1 ..." outside a syscall. */
	if (sscanf(b, "%ld 0x%lx", &nr, &arg0) != 2 || nr < 0)
		return (0);
	if (nr == SYS_read || nr == SYS_readv)
		return (pane_wait_fd_is(pid, arg0, target));
	if (pane_wait_is_poll(nr))
		return (pane_wait_fd_is(pid, 0, target));
	return (0);
}

/*
 * pane_wait_proc for group pg: its leader, else the leader's
 * descendants in the group (sh -c forks its command), PANE_WAIT_PROCS
 * at most, through /proc/PID/task/PID/children.
 */
static int
pane_wait_group(pid_t pg, const char *target)
{
	pid_t	 todo[PANE_WAIT_PROCS], pid;
	char	 path[80], b[512], *p, *end;
	unsigned n = 0, i = 0;
	ssize_t	 len;
	long	 child;
	int	 fd;

	todo[n++] = pg;
	while (i < n) {
		pid = todo[i++];
		if (pane_wait_proc(pid, target))
			return (1);
		snprintf(path, sizeof path, "/proc/%ld/task/%ld/children",
		    (long)pid, (long)pid);
		if ((fd = open(path, O_RDONLY|O_CLOEXEC)) == -1)
			continue;
		len = read(fd, b, sizeof b - 1);
		close(fd);
		if (len <= 0)
			continue;
		b[len] = '\0';
		for (p = b; n < PANE_WAIT_PROCS; p = end) {
			child = strtol(p, &end, 10);
			if (end == p)
				break;
			if (child > 0 && getpgid((pid_t)child) == pg)
				todo[n++] = (pid_t)child;
		}
	}
	return (0);
}

static int
pane_wait_pty(int master, size_t queued, uint64_t sent_ms)
{
	char	 slave[32];
	pid_t	 pg;
	int	 fd, ptn, pending = 0;

	if (queued != 0 || pane_wait_now_ms() - sent_ms < PANE_WAIT_PTY_MS)
		return (0);
	if (ioctl(master, TIOCGPGRP, &pg) != 0 || pg <= 0 ||
	    ioctl(master, TIOCGPTN, &ptn) != 0)
		return (0);
	snprintf(slave, sizeof slave, "/dev/pts/%d", ptn);
	fd = open(slave, O_RDONLY|O_NOCTTY|O_NONBLOCK|O_CLOEXEC);
	if (fd != -1) {
		if (ioctl(fd, FIONREAD, &pending) != 0)
			pending = 0;
		close(fd);
		if (pending > 0)
			return (0);
	}
	return (pane_wait_group(pg, slave));
}

int
pane_wait_input(struct pane *p)
{
	uint64_t	sent_ms;
	size_t		queued;
	int		ptyfd;
	char		sock[48];

	if (pane_io_input_state(p, &ptyfd, &queued, &sent_ms) != 0)
		return (0);
	if (ptyfd != -1)
		return (pane_wait_pty(ptyfd, queued, sent_ms));
	if (queued != 0 || sock_queue_unread(p->fd) != 0)
		return (0);
	if (vtty_input_wait(p->tty))
		return (1);
	/* stdio's reads (fgets, getchar) are libc's own: not the shim's. */
	snprintf(sock, sizeof sock, "socket:[%llu]",
	    (unsigned long long)vtty_socket_ino(p->tty));
	return (pane_wait_group(vtty_foreground(p->tty), sock));
}
