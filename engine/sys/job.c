/*
 * Jobs for run-shell and if-shell.
 */
#include <sys/queue.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <event2/event.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/base/xmalloc.h"
#include "engine/sys/fd-limit.h"
#include "engine/sys/fork.h"
#include "engine/sys/job.h"

struct job {
	char		*cmd;
	pid_t		 pid;
	int		 fd;
	struct event	*ev;
	struct buf	 out;
	int		 eof;
	int		 reaped;
	int		 status;
	job_done_cb	 done;
	job_update_cb	 update;
	void		*arg;
	TAILQ_ENTRY(job) entry;
};

extern char		**environ;

static struct event_base	*job_base;
static TAILQ_HEAD(jobs, job)	 jobs = TAILQ_HEAD_INITIALIZER(jobs);

void
job_init(struct event_base *base)
{
	job_base = base;
}

static void
job_free(struct job *j)
{
	TAILQ_REMOVE(&jobs, j, entry);
	if (j->ev != NULL)
		event_free(j->ev);
	if (j->fd != -1)
		close(j->fd);
	buf_free(&j->out);
	xfree(j->cmd);
	xfree(j);
}

/* Output ended and the process was reaped: report once. */
static void
job_check(struct job *j)
{
	if (!j->eof || !j->reaped)
		return;
	if (j->done != NULL)
		j->done(j, j->status, &j->out, j->arg);
	job_free(j);
}

static void
job_read_cb(evutil_socket_t fd, short events, void *arg)
{
	struct job	*j = arg;
	uint8_t		*p;
	ssize_t		 n;

	p = buf_reserve(&j->out, 4096);
	n = read(fd, p, 4096);
	if (n > 0) {
		buf_commit(&j->out, (size_t)n);
		if (j->update != NULL)
			j->update(j, &j->out, j->arg);
		return;
	}
	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return;
	event_del(j->ev);
	j->eof = 1;
	job_check(j);
}

struct job *
job_start(const char *shell, const char *cmd, const char *cwd, char **env,
    job_done_cb done, void *arg)
{
	struct job	*j;
	int		 out[2], devnull;
	pid_t		 pid;

	if (pipe2(out, O_CLOEXEC) != 0)
		return (NULL);
	pid = sys_fork();
	if (pid == -1) {
		close(out[0]);
		close(out[1]);
		return (NULL);
	}
	if (pid == 0) {
		fd_limit_restore();
		setsid();
		devnull = open("/dev/null", O_RDWR);
		dup2(devnull, 0);
		dup2(out[1], 1);
		dup2(out[1], 2);
		closefrom(3);
		if (cwd == NULL || chdir(cwd) != 0)
			(void)chdir("/");
		if (env != NULL)
			environ = env;
		execl(shell, shell, "-c", cmd, (char *)NULL);
		_exit(127);
	}
	close(out[1]);
	j = xcalloc(1, sizeof *j);
	j->cmd = xstrdup(cmd);
	j->pid = pid;
	j->fd = out[0];
	buf_init(&j->out);
	j->done = done;
	j->arg = arg;
	evutil_make_socket_nonblocking(j->fd);
	j->ev = event_new(job_base, j->fd, EV_READ|EV_PERSIST, job_read_cb, j);
	event_add(j->ev, NULL);
	TAILQ_INSERT_TAIL(&jobs, j, entry);
	return (j);
}

void
job_set_update(struct job *j, job_update_cb update)
{
	j->update = update;
}

void
job_forget(struct job *j)
{
	j->done = NULL;
	j->update = NULL;
	j->arg = NULL;
}

void
job_kill(struct job *j)
{
	job_forget(j);
	if (!j->reaped)
		kill(j->pid, SIGTERM);
}

void
job_each(void (*cb)(const char *, int, pid_t, int, void *), void *arg)
{
	struct job	*j;

	TAILQ_FOREACH_REVERSE(j, &jobs, jobs, entry)
		cb(j->cmd, j->fd, j->pid, j->status, arg);
}

void
job_kill_all(void)
{
	struct job	*j;

	TAILQ_FOREACH(j, &jobs, entry)
		job_kill(j);
}

int
job_reaped(pid_t pid, int status)
{
	struct job	*j;

	TAILQ_FOREACH(j, &jobs, entry) {
		if (j->pid == pid) {
			j->reaped = 1;
			j->status = status;
			job_check(j);
			return (1);
		}
	}
	return (0);
}
