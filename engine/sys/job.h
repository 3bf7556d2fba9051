/*
 * Jobs: shell commands the server runs for run-shell and if-shell
 * (`/bin/sh -c COMMAND`, stdin from /dev/null, stdout and stderr
 * collected), reported once their output has ended and they were reaped.
 */
#ifndef ZEROPTY_JOB_H
#define ZEROPTY_JOB_H

#include <sys/types.h>

#include "engine/base/buf.h"

struct event_base;
struct job;

/* Called once: status is a wait status; out holds stdout and stderr. */
typedef void (*job_done_cb)(struct job *, int status, struct buf *out,
    void *arg);

void		 job_init(struct event_base *);
/* Start shell -c cmd in cwd with env ("K=V", NULL-terminated). */
struct job	*job_start(const char *shell, const char *cmd, const char *cwd,
		    char **env, job_done_cb, void *arg);
/*
 * Called after each read while the job runs, with all of its output not
 * yet consumed: the callback may consume what it used (buf_consume).
 */
typedef void (*job_update_cb)(struct job *, struct buf *out, void *arg);
void		 job_set_update(struct job *, job_update_cb);
/* The caller lost interest: the job runs on, nothing is reported. */
void		 job_forget(struct job *);
/* The same, and the job is told to stop (SIGTERM), as tmux's job_free. */
void		 job_kill(struct job *);
/* Each job, newest first: cb(cmd, fd, pid, wait status so far, arg). */
void		 job_each(void (*)(const char *, int, pid_t, int, void *),
		    void *);
/* The server exits: every job still running is told to stop (SIGTERM). */
void		 job_kill_all(void);
/* pane_io_reap saw pid exit: returns 1 if it was a job's. */
int		 job_reaped(pid_t, int status);

#endif
