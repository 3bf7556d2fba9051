/*
 * wait-pane (a zeropty extension): block a command client until a pane
 * shows something, goes quiet or exits, instead of polling capture-pane.
 *
 *   wait-pane [-x] [-i idle-ms] [-r regex | -s string] [-S start]
 *       [-E end] [-T timeout-ms] [-F format] [-t target-pane]
 *
 * -s waits until the pane's visible screen (or the -S/-E range, as
 * capture-pane's) contains the string, -r until a line matches the POSIX
 * extended regex; -i until the pane has had no output for idle-ms (from
 * the start of the wait on); -x
 * until its program has exited (the pane is dead or gone). Given
 * together, all must hold. Then the format (-F) is printed for the pane
 * and the exit status is 0; past -T the command fails with "timed out".
 *
 * The command runs again every WAIT_PANE_TICK_MS while it waits
 * (CMD_RETURN_RETRY); each tick reads the waited panes' pending output
 * (otherwise read at the next 300 ms batch), and the screen is searched
 * again only when the pane had output since the last search. The waiter
 * is forgotten when its client goes. Control clients cannot wait yet
 * ("not able to wait", as wait-for without a client).
 */
#include <sys/time.h>

#include <event2/event.h>
#include <limits.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/buf.h"
#include "engine/base/xmalloc.h"
#include "engine/model/model.h"
#include "engine/sys/pane-io.h"
#include "engine/term/vt.h"
#include "tmux-compat/regcomp-limit.h"
#include "tmux-compat/tmux.h"

/* A search after each 10 ms of output costs < 0.1 % of a core a waiter. */
#define WAIT_PANE_TICK_MS	10

struct wait_pane {
	struct client		*c;
	struct cmd		*cmd;
	unsigned		 pane_id;
	struct timeval		 start;
	struct timeval		 output;	/* its last output, or start */
	int			 dirty;		/* output since the last search */
	int			 timed;		/* -i, -T or -x: look each tick */
	TAILQ_ENTRY(wait_pane)	 entry;
};
static TAILQ_HEAD(, wait_pane)	 wait_panes = TAILQ_HEAD_INITIALIZER(wait_panes);
static struct event		*wait_pane_timer;

static void
wait_pane_now(struct timeval *tv)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	tv->tv_sec = ts.tv_sec;
	tv->tv_usec = ts.tv_nsec / 1000;
}

static long
wait_pane_ms(const struct timeval *from, const struct timeval *to)
{
	return ((to->tv_sec - from->tv_sec) * 1000L +
	    (to->tv_usec - from->tv_usec) / 1000L);
}

static struct wait_pane *
wait_pane_find(struct client *c, struct cmd *cmd)
{
	struct wait_pane	*wp;

	TAILQ_FOREACH(wp, &wait_panes, entry) {
		if (wp->c == c && wp->cmd == cmd)
			return (wp);
	}
	return (NULL);
}

static void
wait_pane_remove(struct wait_pane *wp)
{
	TAILQ_REMOVE(&wait_panes, wp, entry);
	xfree(wp);
}

/* Let every waiter look again. */
static void
wait_pane_timer_cb(evutil_socket_t fd, short events, void *arg)
{
	struct wait_pane	*wp, *next;
	struct client		**cs;
	struct pane		 *p;
	unsigned		  n = 0, i;
	struct timeval		  tv = { 0, WAIT_PANE_TICK_MS * 1000 };

	TAILQ_FOREACH(wp, &wait_panes, entry)
		n++;
	if (n == 0)
		return;
	cs = xcalloc(n, sizeof *cs);
	n = 0;
	/*
	 * Output waits for the next 300 ms batch unless read: read each
	 * waited pane now (one read a tick), which marks it dirty if there
	 * was any. A search waits for output; time and exits are looked at
	 * each tick.
	 */
	TAILQ_FOREACH(wp, &wait_panes, entry) {
		if ((p = window_pane_find_by_id(wp->pane_id)) != NULL)
			pane_io_drain(p);
	}
	TAILQ_FOREACH_SAFE(wp, &wait_panes, entry, next) {
		if (wp->dirty || wp->timed)
			cs[n++] = wp->c;
	}
	for (i = 0; i < n; i++) {
		/* An earlier one's commands may have freed a later client. */
		TAILQ_FOREACH(wp, &wait_panes, entry) {
			if (wp->c == cs[i])
				break;
		}
		if (wp != NULL)
			cmdq_continue(cs[i]);
	}
	xfree(cs);
	if (!TAILQ_EMPTY(&wait_panes))
		evtimer_add(wait_pane_timer, &tv);
}

/* A pane wrote something (server_pane_changed). */
void
cmd_wait_pane_output(struct pane *p)
{
	struct wait_pane	*wp;
	struct timeval		 now;

	if (TAILQ_EMPTY(&wait_panes))
		return;
	wait_pane_now(&now);
	TAILQ_FOREACH(wp, &wait_panes, entry) {
		if (wp->pane_id == p->id) {
			wp->output = now;
			wp->dirty = 1;
		}
	}
}

/* A waiting client went away (cmd_wait_for_client_gone). */
void
cmd_wait_pane_client_gone(struct client *c)
{
	struct wait_pane	*wp, *next;

	TAILQ_FOREACH_SAFE(wp, &wait_panes, entry, next) {
		if (wp->c == c)
			wait_pane_remove(wp);
	}
}

/* Whether the pane's text holds the string or a line matching re. */
static int
cmd_wait_pane_search(struct cmdq_item *item, struct cmd_find_state *fs,
    struct pane *p, const char *string, regex_t *re)
{
	struct vt_capture	 cap;
	struct buf		 out;
	const char		*cause = NULL;
	char			*text, *line, *next;
	int			 found = 0;

	pane_io_drain(p);
	memset(&cap, 0, sizeof cap);
	cmd_capture_pane_line(item, fs, item->cmd->args, 'S', &cap.start,
	    &cap.start_set, &cap.start_all);
	cmd_capture_pane_line(item, fs, item->cmd->args, 'E', &cap.end,
	    &cap.end_set, &cap.end_all);
	buf_init(&out);
	if (vt_screen_capture(p->screen, &cap, &out, &cause) != 0) {
		buf_free(&out);
		return (0);
	}
	buf_add(&out, "", 1);
	text = (char *)buf_data(&out);
	if (string != NULL)
		found = strstr(text, string) != NULL;
	else {
		for (line = text; !found && line != NULL; line = next) {
			if ((next = strchr(line, '\n')) != NULL)
				*next++ = '\0';
			found = regexec(re, line, 0, NULL, 0) == 0;
		}
	}
	buf_free(&out);
	return (found);
}

static enum cmd_retval
cmd_wait_pane_done(struct cmdq_item *item, struct wait_pane *wp,
    struct cmd_find_state *fs)
{
	const char	*fmt = args_get(item->cmd->args, 'F');
	char		*s;

	if (wp != NULL)
		wait_pane_remove(wp);
	if (fmt != NULL && fs != NULL) {
		s = format_vars_for(item, fs, fmt, 0);
		cmdq_print(item, "%s", s);
		xfree(s);
	}
	return (CMD_RETURN_NORMAL);
}

/* A -i/-T value: milliseconds, or -1 with the error said. */
static long
cmd_wait_pane_ms(struct cmdq_item *item, unsigned char flag)
{
	const char	*s = args_get(item->cmd->args, flag), *errstr;
	long long	 n;

	if (s == NULL)
		return (0);
	n = strtonum(s, 0, INT_MAX, &errstr);
	if (errstr != NULL) {
		cmdq_error(item, "-%c %s", flag, errstr);
		return (-1);
	}
	return ((long)n);
}

static enum cmd_retval
cmd_wait_pane_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct client		*c = item->client;
	struct wait_pane	*wp;
	struct cmd_find_state	 fs;
	struct pane		*p;
	struct timeval		 now, tv = { 0, WAIT_PANE_TICK_MS * 1000 };
	const char		*string = args_get(args, 's');
	const char		*pattern = args_get(args, 'r');
	regex_t			 re;
	char			 target[32], errbuf[256];
	long			 idle, timeout;
	int			 ok = 1, rc;

	if (string != NULL && pattern != NULL) {
		cmdq_error(item, "-r and -s cannot be used together");
		return (CMD_RETURN_ERROR);
	}
	if ((idle = cmd_wait_pane_ms(item, 'i')) < 0 ||
	    (timeout = cmd_wait_pane_ms(item, 'T')) < 0)
		return (CMD_RETURN_ERROR);
	if (c == NULL || (c->flags & CLIENT_CONTROL)) {
		cmdq_error(item, "not able to wait");
		return (CMD_RETURN_ERROR);
	}
	wait_pane_now(&now);

	/* The pane: found once, then followed by its id (it may exit). */
	if ((wp = wait_pane_find(c, self)) == NULL) {
		if (cmd_find_target(&fs, item, args_get(args, 't'),
		    CMD_FIND_PANE, 0) != 0)
			return (CMD_RETURN_ERROR);
		wp = xcalloc(1, sizeof *wp);
		wp->c = c;
		wp->cmd = self;
		wp->pane_id = fs.wp->id;
		wp->start = now;
		wp->output = now;	/* -i counts from the wait's start */
		wp->dirty = 1;
		wp->timed = args_has(args, 'i') || args_has(args, 'T') ||
		    args_has(args, 'x');
		TAILQ_INSERT_TAIL(&wait_panes, wp, entry);
	}
	p = window_pane_find_by_id(wp->pane_id);
	if (p != NULL) {
		snprintf(target, sizeof target, "%%%u", p->id);
		if (cmd_find_target(&fs, item, target, CMD_FIND_PANE,
		    CMD_FIND_QUIET) != 0)
			p = NULL;
	}

	if (args_has(args, 'x') && p != NULL && !p->dead)
		ok = 0;
	if (p == NULL && !args_has(args, 'x')) {
		wait_pane_remove(wp);
		cmdq_error(item, "pane has exited");
		return (CMD_RETURN_ERROR);
	}
	if (ok && p != NULL && (string != NULL || pattern != NULL)) {
		if (pattern != NULL) {
			rc = regcomp_limit(&re, pattern, REG_EXTENDED|REG_NOSUB);
			if (rc != 0) {
				regerror(rc, &re, errbuf, sizeof errbuf);
				wait_pane_remove(wp);
				cmdq_error(item, "bad regular expression: %s",
				    errbuf);
				return (CMD_RETURN_ERROR);
			}
		}
		/* Output that comes while searching sets dirty again. */
		if (wp->dirty) {
			wp->dirty = 0;
			ok = cmd_wait_pane_search(item, &fs, p, string, &re);
		} else
			ok = 0;
		if (pattern != NULL)
			regfree(&re);
	}
	if (ok && idle != 0 && p != NULL) {
		pane_io_drain(p);	/* unread output is output */
		if (wait_pane_ms(&wp->output, &now) < idle)
			ok = 0;
	}
	if (ok)
		return (cmd_wait_pane_done(item, wp, p != NULL ? &fs : NULL));

	if (timeout != 0 && wait_pane_ms(&wp->start, &now) >= timeout) {
		wait_pane_remove(wp);
		cmdq_error(item, "timed out after %ld ms", timeout);
		return (CMD_RETURN_ERROR);
	}
	if (wait_pane_timer == NULL)
		wait_pane_timer = evtimer_new(server_event_base(),
		    wait_pane_timer_cb, NULL);
	if (!evtimer_pending(wait_pane_timer, NULL))
		evtimer_add(wait_pane_timer, &tv);
	return (CMD_RETURN_RETRY);
}

const struct cmd_entry cmd_wait_pane_entry = {
	.name = "wait-pane",
	.alias = NULL,
	.args = { "E:F:i:r:s:S:t:T:x", 0, 0 },
	.usage = "[-x] [-i idle-ms] [-r regex|-s string] [-S start-line] "
	    "[-E end-line] [-T timeout-ms] [-F format] [-t target-pane]",
	.flags = CMD_NOCHANGE,
	.exec = cmd_wait_pane_exec
};
