/*
 * Reopening passed descriptors (fd-reopen.h).
 */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "engine/sys/fd-reopen.h"

int
fd_reopen_nonblock(int fd, int mode)
{
	char	path[64];
	int	nfd, flags;

	snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	/* O_NOCTTY: a terminal must not become the server's. */
	nfd = open(path, mode|O_NONBLOCK|O_NOCTTY|O_CLOEXEC);
	if (nfd != -1) {
		close(fd);
		return (nfd);
	}
	flags = fcntl(fd, F_GETFL);
	if (flags == -1 || fcntl(fd, F_SETFL, flags|O_NONBLOCK) == -1) {
		close(fd);
		return (-1);
	}
	return (fd);
}

int
fd_open_of_process(long pid, int fd, int mode)
{
	char	path[64];

	snprintf(path, sizeof path, "/proc/%ld/fd/%d", pid, fd);
	return (open(path, mode|O_NONBLOCK|O_NOCTTY|O_CLOEXEC));
}
