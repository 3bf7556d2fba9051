/*
 * #(command) in formats (tmux 3.3a's format_job_get): each client (or no
 * client) keeps one job per command. Expanding the format starts the job
 * at most once a second, again at once if the expanded command changed,
 * and gives the newest line of output it has so far ("" before any,
 * "<'cmd' not ready>" once it ran over a second without any). A line
 * arriving, or the job ending, redraws an attached client's status line.
 * A client's jobs are stopped when it goes, as tmux's (so a command
 * client's `display -p '#(...)'` always gives "").
 */
#include <sys/queue.h>

#include <string.h>
#include <time.h>

#include "engine/base/xmalloc.h"
#include "engine/sys/job.h"
#include "tmux-compat/format.h"
#include "tmux-compat/options.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"

struct format_job {
	struct client	*c;
	char		*cmd;		/* as written */
	char		*expanded;	/* what runs */
	char		*out;		/* newest line, NULL: none yet */
	struct job	*job;
	time_t		 last;		/* started */
	time_t		 redrawn;
	int		 updated;	/* a whole line came */
	TAILQ_ENTRY(format_job) entry;
};

static TAILQ_HEAD(, format_job) format_jobs =
    TAILQ_HEAD_INITIALIZER(format_jobs);

static int
format_job_eol(uint8_t ch)
{
	return (ch == '\r' || ch == '\n');
}

static void
format_job_redraw(struct format_job *fj, int always)
{
	time_t	now = time(NULL);

	if (fj->c == NULL || !tty_is_attached(fj->c))
		return;
	if (always || fj->redrawn != now) {
		tty_redraw_client(fj->c);
		fj->redrawn = now;
	}
}

/*
 * Output so far: the newest whole line (lines end at any run of CR and
 * LF, as libevent's EVBUFFER_EOL_ANY) is kept; the lines are consumed.
 */
static void
format_job_update(struct job *job, struct buf *b, void *arg)
{
	struct format_job	*fj = arg;
	const uint8_t		*p = buf_data(b);
	size_t			 end = b->len, start;

	while (end > 0 && !format_job_eol(p[end - 1]))
		end--;
	if (end == 0)
		return;		/* no whole line yet */
	start = end;
	while (start > 0 && format_job_eol(p[start - 1]))
		start--;
	end = start;
	while (start > 0 && !format_job_eol(p[start - 1]))
		start--;
	xfree(fj->out);
	fj->out = xstrndup((const char *)p + start, end - start);
	fj->updated = 1;
	while (end < b->len && format_job_eol(p[end]))
		end++;
	buf_consume(b, end);
	format_job_redraw(fj, 0);
}

/* The job ended: a last line without its newline counts too. */
static void
format_job_done(struct job *job, int status, struct buf *b, void *arg)
{
	struct format_job	*fj = arg;

	fj->job = NULL;
	if (b->len != 0 || !fj->updated) {
		xfree(fj->out);
		fj->out = xstrndup((const char *)buf_data(b), b->len);
	}
	format_job_redraw(fj, 1);
}

static struct format_job *
format_job_find(struct client *c, const char *cmd)
{
	struct format_job	*fj;

	TAILQ_FOREACH(fj, &format_jobs, entry) {
		if (fj->c == c && strcmp(fj->cmd, cmd) == 0)
			return (fj);
	}
	fj = xcalloc(1, sizeof *fj);
	fj->c = c;
	fj->cmd = xstrdup(cmd);
	TAILQ_INSERT_TAIL(&format_jobs, fj, entry);
	return (fj);
}

static struct job *
format_job_start(struct client *c, const char *expanded,
    struct format_job *fj)
{
	const char	*shell, *cwd;
	char		**env;
	struct job	*job;

	shell = options_session_string(NULL, "default-shell");
	if (shell == NULL || *shell == '\0')
		shell = "/bin/sh";
	cwd = server_client_get_cwd(c, NULL);
	env = spawn_job_environ(NULL);
	job = job_start(shell, expanded, cwd, env, format_job_done, fj);
	spawn_free_environ(env);
	if (job != NULL)
		job_set_update(job, format_job_update);
	return (job);
}

char *
format_job_get(struct client *c, const char *cmd, const char *expanded)
{
	struct format_job	*fj = format_job_find(c, cmd);
	time_t			 now = time(NULL);
	int			 force;

	force = fj->expanded == NULL || strcmp(fj->expanded, expanded) != 0;
	if (force) {
		xfree(fj->expanded);
		fj->expanded = xstrdup(expanded);
		if (fj->job != NULL) {
			job_kill(fj->job);
			fj->job = NULL;
		}
	}
	if (force || (fj->job == NULL && fj->last != now)) {
		fj->job = format_job_start(c, expanded, fj);
		if (fj->job == NULL) {
			xfree(fj->out);
			xasprintf(&fj->out, "<'%s' didn't start>", cmd);
		}
		fj->last = now;
		fj->updated = 0;
	} else if (fj->job != NULL && now - fj->last > 1 && fj->out == NULL)
		xasprintf(&fj->out, "<'%s' not ready>", cmd);
	return (fj->out != NULL ? xstrdup(fj->out) : NULL);
}

/* A client went: its jobs are stopped. */
void
format_job_client_gone(struct client *c)
{
	struct format_job	*fj, *next;

	TAILQ_FOREACH_SAFE(fj, &format_jobs, entry, next) {
		if (fj->c != c)
			continue;
		if (fj->job != NULL)
			job_kill(fj->job);
		TAILQ_REMOVE(&format_jobs, fj, entry);
		xfree(fj->cmd);
		xfree(fj->expanded);
		xfree(fj->out);
		xfree(fj);
	}
}
