/* Replacing the running program with another binary (reexec.h). */
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine/base/xmalloc.h"
#include "engine/sys/fork.h"
#include "engine/sys/reexec.h"

extern char	**environ;

int
reexec_memfd(const void *data, size_t len, char **cause)
{
	const char	*p = data;
	ssize_t		 n;
	int		 fd;

	if ((fd = memfd_create("zeropty-upgrade", 0)) == -1) {
		xasprintf(cause, "memfd_create: %s", strerror(errno));
		return (-1);
	}
	while (len != 0) {
		if ((n = write(fd, p, len)) == -1) {
			if (errno == EINTR)
				continue;
			xasprintf(cause, "state file: %s", strerror(errno));
			close(fd);
			return (-1);
		}
		p += n;
		len -= (size_t)n;
	}
	if (lseek(fd, 0, SEEK_SET) == -1) {
		xasprintf(cause, "state file: %s", strerror(errno));
		close(fd);
		return (-1);
	}
	return (fd);
}

int
reexec_read_all(int fd, uint8_t **data, size_t *len)
{
	struct stat	 sb;
	uint8_t		*p;
	size_t		 off = 0;
	ssize_t		 n;

	if (fstat(fd, &sb) != 0 || sb.st_size < 0)
		return (-1);
	p = xmalloc((size_t)sb.st_size + 1);
	while (off < (size_t)sb.st_size) {
		n = pread(fd, p + off, (size_t)sb.st_size - off, (off_t)off);
		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0) {
			xfree(p);
			return (-1);
		}
		off += (size_t)n;
	}
	*data = p;
	*len = off;
	return (0);
}

void
reexec_keep(int fd, int on)
{
	int	flags;

	if (fd < 0 || (flags = fcntl(fd, F_GETFD)) == -1)
		return;
	if (on)
		flags &= ~FD_CLOEXEC;
	else
		flags |= FD_CLOEXEC;
	fcntl(fd, F_SETFD, flags);
}

int
reexec_ask(const char *bin, const char *arg, char *out, size_t len,
    int timeout_ms)
{
	struct pollfd	 pfd;
	size_t		 got = 0;
	ssize_t		 n;
	pid_t		 pid;
	int		 pipefd[2], status, devnull;
	char		*nl;

	if (pipe2(pipefd, O_CLOEXEC) != 0)
		return (-1);
	if ((pid = sys_fork()) == -1) {
		close(pipefd[0]);
		close(pipefd[1]);
		return (-1);
	}
	if (pid == 0) {
		dup2(pipefd[1], 1);
		if ((devnull = open("/dev/null", O_RDWR)) != -1) {
			dup2(devnull, 0);
			dup2(devnull, 2);
		}
		execl(bin, bin, arg, (char *)NULL);
		_exit(127);
	}
	close(pipefd[1]);
	pfd.fd = pipefd[0];
	pfd.events = POLLIN;
	while (got < len - 1) {
		if (poll(&pfd, 1, timeout_ms) <= 0)
			break;
		n = read(pipefd[0], out + got, len - 1 - got);
		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	out[got] = '\0';
	if ((nl = strchr(out, '\n')) != NULL)
		*nl = '\0';
	close(pipefd[0]);
	kill(pid, SIGKILL);
	if (waitpid(pid, &status, 0) != pid)
		return (-1);
	/* Killed by us after it finished writing counts as an answer. */
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return (0);
	return (got != 0 && WIFSIGNALED(status) ? 0 : -1);
}

void
reexec_exec(const char *bin, char *const argv[], const char *name,
    const char *value)
{
	char	**envp, *entry;
	size_t	  n, i, j = 0, nlen = strlen(name);

	for (n = 0; environ[n] != NULL; n++)
		;
	envp = xcalloc(n + 2, sizeof *envp);
	for (i = 0; i < n; i++) {
		if (strncmp(environ[i], name, nlen) == 0 &&
		    environ[i][nlen] == '=')
			continue;
		envp[j++] = environ[i];
	}
	xasprintf(&entry, "%s=%s", name, value);
	envp[j++] = entry;
	envp[j] = NULL;
	execve(bin, argv, envp);
	i = (size_t)errno;
	xfree(entry);
	xfree(envp);
	errno = (int)i;
}
