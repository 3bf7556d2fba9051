/*
 * wait-pane (a zeropty extension): block a client until a pane shows
 * something, goes quiet, waits for input or exits, instead of polling
 * capture-pane.
 *
 *   wait-pane [-Ix] [-i idle-ms] [-r regex | -s string] [-S start]
 *       [-E end] [-T timeout-ms] [-F format] [-t target-pane]
 *
 * -s waits until the pane's visible screen (or the -S/-E range, as
 * capture-pane's) contains the string, -r until a line matches the POSIX
 * extended regex; -i until the pane has had no output for idle-ms (from
 * the start of the wait on); -I until its foreground program is blocked
 * reading the terminal with every key sent read (engine/sys/pane-wait.c);
 * -x until its program has exited (the pane is dead or gone). Given
 * together, all must hold. Then the format (-F) is printed for the pane
 * and the exit status is 0; past -T the command fails with "timed out".
 *
 * A command client's list waits: the command runs again every
 * WAIT_PANE_TICK_MS (CMD_RETURN_RETRY); each tick reads the waited panes'
 * pending output (otherwise read at the next 300 ms batch), and the
 * screen is searched again only when the pane had output since the last
 * search. The waiter is forgotten when its client goes.
 *
 * A control client's commands never wait: its wait-pane ends at once
 * (an empty block, or %error if the arguments are wrong) and the answer
 * comes later, from the tick, in a block of its own with the command's
 * block number and flags 0 (control_answer): the format's output in a
 * %begin/%end, a timeout or an exited pane in a %begin/%error. Other
 * commands run meanwhile, and any number of waits may be going on.
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
#include "engine/sys/pane-wait.h"
#include "engine/term/vt.h"
#include "tmux-compat/control.h"
#include "tmux-compat/regcomp-limit.h"
#include "tmux-compat/tmux.h"

/* A search after each 10 ms of output costs < 0.1 % of a core a waiter. */
#define WAIT_PANE_TICK_MS	10

#define WAIT_PANE_FLAGS		"E:F:Ii:r:s:S:t:T:x"

struct wait_pane {
	struct client		*c;
	struct cmd		*cmd;		/* the list's, or own (control) */
	int			 control;	/* answers with control_answer */
	int			 send;		/* send-keys -W: cmd sends */
	int			 input;		/* -I (and send-keys -W) */
	int			 exited;	/* -x */
	const char		*string;	/* -s, in cmd's args */
	unsigned		 number;	/* its control block's */
	unsigned		 pane_id;
	regex_t			 re;
	int			 has_re;
	long			 idle, timeout;
	struct timeval		 start;
	struct timeval		 output;	/* its last output, or start */
	int			 dirty;		/* output since the last search */
	int			 found;		/* what the last search said */
	int			 timed;		/* -i, -I, -T or -x: each tick */
	TAILQ_ENTRY(wait_pane)	 entry;
};
static TAILQ_HEAD(, wait_pane)	 wait_panes = TAILQ_HEAD_INITIALIZER(wait_panes);
static struct event		*wait_pane_timer;

static void	wait_pane_timer_cb(evutil_socket_t, short, void *);

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
		if (wp->c == c && wp->cmd == cmd && !wp->control)
			return (wp);
	}
	return (NULL);
}

static void
wait_pane_remove(struct wait_pane *wp)
{
	TAILQ_REMOVE(&wait_panes, wp, entry);
	if (wp->has_re)
		regfree(&wp->re);
	if (wp->control)
		cmd_free(wp->cmd);
	xfree(wp);
}

/* Arm the tick (at once: a control wait's first look). */
static void
wait_pane_arm(int now)
{
	struct timeval	tv = { 0, WAIT_PANE_TICK_MS * 1000 };

	if (wait_pane_timer == NULL)
		wait_pane_timer = evtimer_new(server_event_base(),
		    wait_pane_timer_cb, NULL);
	if (now) {
		tv.tv_usec = 0;
		evtimer_add(wait_pane_timer, &tv);
	} else if (!evtimer_pending(wait_pane_timer, NULL))
		evtimer_add(wait_pane_timer, &tv);
}

/* Whether the pane's text holds the string or a line matching re. */
static int
wait_pane_search(struct cmdq_item *item, struct cmd_find_state *fs,
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

/*
 * Look once: 1 done (*fsp the pane's state, NULL if it is gone), 0 not
 * yet, -1 failed with *cause.
 */
static int
wait_pane_check(struct wait_pane *wp, struct cmdq_item *item,
    struct cmd_find_state *fs, struct cmd_find_state **fsp, char **cause)
{
	const char	*string = wp->string;
	struct pane	*p;
	struct timeval	 now;
	char		 target[32];
	int		 ok = 1;

	wait_pane_now(&now);
	*fsp = NULL;
	if ((p = window_pane_find_by_id(wp->pane_id)) != NULL) {
		snprintf(target, sizeof target, "%%%u", p->id);
		if (cmd_find_target(fs, item, target, CMD_FIND_PANE,
		    CMD_FIND_QUIET) != 0)
			p = NULL;
		else
			*fsp = fs;
	}
	if (wp->exited && p != NULL && !p->dead)
		ok = 0;
	if (p == NULL && !wp->exited) {
		*cause = xstrdup("pane has exited");
		return (-1);
	}
	if (ok && p != NULL && (string != NULL || wp->has_re)) {
		/*
		 * Searched again after output only (output that comes while
		 * searching sets dirty again); the answer holds till then.
		 */
		if (wp->dirty) {
			wp->dirty = 0;
			wp->found = wait_pane_search(item, fs, p, string,
			    &wp->re);
		}
		ok = wp->found;
	}
	if (ok && wp->idle != 0 && p != NULL) {
		pane_io_drain(p);	/* unread output is output */
		if (wait_pane_ms(&wp->output, &now) < wp->idle)
			ok = 0;
	}
	if (ok && wp->input && p != NULL) {
		if (p->dead || !pane_wait_input(p))
			ok = 0;
		else
			pane_io_drain(p);	/* the prompt, on the screen */
	}
	if (ok)
		return (1);
	if (wp->timeout != 0 && wait_pane_ms(&wp->start, &now) >= wp->timeout) {
		xasprintf(cause, "timed out after %ld ms", wp->timeout);
		return (-1);
	}
	return (0);
}

/* The format for a finished wait, or NULL (caller frees). */
static char *
wait_pane_result(struct wait_pane *wp, struct cmdq_item *item,
    struct cmd_find_state *fs)
{
	const char	*fmt = args_get(wp->cmd->args, 'F');

	if (wp->send || fmt == NULL || fs == NULL)
		return (NULL);
	return (format_vars_for(item, fs, fmt, 0));
}

/* A control client's wait, from the tick: answer if it is over. */
static void
wait_pane_control(struct wait_pane *wp)
{
	struct cmdq_item	 item;
	struct cmd_find_state	 fs, *fsp;
	char			*cause = NULL, *s;
	int			 rc;

	/* Not while one of its blocks is open: the next tick. */
	if (control_in_block(wp->c))
		return;
	memset(&item, 0, sizeof item);
	item.client = wp->c;
	item.cmd = wp->cmd;
	cmd_find_current(&item.current, &item, 1);
	rc = wait_pane_check(wp, &item, &fs, &fsp, &cause);
	if (rc == 0)
		return;
	if (rc == 1 && wp->send) {
		/* The keys, as the command would have sent them. */
		item.target = *fsp;
		rc = wp->cmd->entry->exec(wp->cmd, &item) == CMD_RETURN_ERROR ||
		    item.failed ? -1 : 1;
		control_answer(wp->c, wp->number, rc == -1, NULL);
	} else if (rc == 1) {
		s = wait_pane_result(wp, &item, fsp);
		control_answer(wp->c, wp->number, 0, s);
		xfree(s);
	} else {
		control_answer(wp->c, wp->number, 1, cause);
		xfree(cause);
	}
	wait_pane_remove(wp);
}

/* Let every waiter look again. */
static void
wait_pane_timer_cb(evutil_socket_t fd, short events, void *arg)
{
	struct wait_pane	*wp, *next;
	struct client		**cs;
	struct pane		 *p;
	unsigned		  n = 0, i;

	TAILQ_FOREACH(wp, &wait_panes, entry)
		n++;
	if (n == 0)
		return;
	cs = xcalloc(n, sizeof *cs);
	n = 0;
	/*
	 * Output waits for the next 300 ms batch unless read: read each
	 * waited pane now (one read a tick), which marks it dirty if there
	 * was any. A search waits for output; time, input waits and exits
	 * are looked at each tick.
	 */
	TAILQ_FOREACH(wp, &wait_panes, entry) {
		if ((p = window_pane_find_by_id(wp->pane_id)) != NULL)
			pane_io_drain(p);
	}
	TAILQ_FOREACH_SAFE(wp, &wait_panes, entry, next) {
		if (!wp->dirty && !wp->timed)
			continue;
		if (wp->control)
			wait_pane_control(wp);
		else
			cs[n++] = wp->c;
	}
	for (i = 0; i < n; i++) {
		/* An earlier one's commands may have freed a later client. */
		TAILQ_FOREACH(wp, &wait_panes, entry) {
			if (wp->c == cs[i] && !wp->control)
				break;
		}
		if (wp != NULL)
			cmdq_continue(cs[i]);
	}
	xfree(cs);
	if (!TAILQ_EMPTY(&wait_panes))
		wait_pane_arm(0);
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

/* A -i/-T value: milliseconds, or -1 with the error said. */
static long
wait_pane_get_ms(struct cmdq_item *item, unsigned char flag)
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

/*
 * The command again, for a control client's wait to keep (its own),
 * without the flags in skip.
 */
static struct cmd *
wait_pane_copy(struct cmd *self, const char *skip)
{
	struct args	*args = self->args;
	const char	*f = self->entry->args.template;
	char		**argv, *cause = NULL, (*flags)[3];
	struct cmd	*cmd;
	int		 argc = 0, i, n = args_count(args);

	argv = xcalloc(2 * strlen(f) + n + 3, sizeof *argv);
	flags = xcalloc(strlen(f) + 1, sizeof *flags);
	argv[argc++] = (char *)self->entry->name;
	for (i = 0; *f != '\0'; f++) {
		if (*f == ':' || !args_has(args, (unsigned char)*f) ||
		    strchr(skip, *f) != NULL)
			continue;
		flags[i][0] = '-';
		flags[i][1] = *f;
		flags[i][2] = '\0';
		argv[argc++] = flags[i++];
		if (f[1] == ':')
			argv[argc++] = (char *)args_get(args, (unsigned char)*f);
	}
	argv[argc++] = (char *)"--";
	for (i = 0; i < n; i++)
		argv[argc++] = (char *)args_string(args, i);
	argv[argc] = NULL;
	if ((cmd = cmd_parse(argc, argv, &cause)) == NULL)
		xfree(cause);
	xfree(flags);
	xfree(argv);
	return (cmd);
}

/*
 * A new waiter, or NULL with the error said. send: send-keys -W's, for
 * the pane it targets.
 */
static struct wait_pane *
wait_pane_new(struct cmd *self, struct cmdq_item *item, int control,
    int send)
{
	struct args		*args = self->args;
	struct wait_pane	*wp;
	struct cmd_find_state	 fs;
	const char		*pattern = send ? NULL : args_get(args, 'r');
	char			 errbuf[256];
	long			 idle = 0, timeout;
	int			 rc;

	if (!send && args_has(args, 'r') && args_has(args, 's')) {
		cmdq_error(item, "-r and -s cannot be used together");
		return (NULL);
	}
	if ((!send && (idle = wait_pane_get_ms(item, 'i')) < 0) ||
	    (timeout = wait_pane_get_ms(item, 'T')) < 0)
		return (NULL);
	if (send)
		fs = item->target;
	else if (cmd_find_target(&fs, item, args_get(args, 't'),
	    CMD_FIND_PANE, 0) != 0)
		return (NULL);
	if (fs.wp == NULL) {
		cmdq_error(item, "no current pane");
		return (NULL);
	}
	wp = xcalloc(1, sizeof *wp);
	if (pattern != NULL) {
		rc = regcomp_limit(&wp->re, pattern, REG_EXTENDED|REG_NOSUB);
		if (rc != 0) {
			regerror(rc, &wp->re, errbuf, sizeof errbuf);
			xfree(wp);
			cmdq_error(item, "bad regular expression: %s", errbuf);
			return (NULL);
		}
		wp->has_re = 1;
	}
	wp->c = item->client;
	wp->cmd = self;
	if (control &&
	    (wp->cmd = wait_pane_copy(self, send ? "WT" : "")) == NULL) {
		if (wp->has_re)
			regfree(&wp->re);
		xfree(wp);
		cmdq_error(item, "not able to wait");
		return (NULL);
	}
	wp->control = control;
	wp->send = send;
	wp->input = send || args_has(args, 'I');
	wp->exited = !send && args_has(args, 'x');
	if (!send)
		wp->string = args_get(wp->cmd->args, 's');
	wp->pane_id = fs.wp->id;
	wp->idle = idle;
	wp->timeout = timeout;
	wait_pane_now(&wp->start);
	wp->output = wp->start;		/* -i counts from the wait's start */
	wp->dirty = 1;
	wp->timed = wp->input || wp->exited || idle != 0 || timeout != 0;
	TAILQ_INSERT_TAIL(&wait_panes, wp, entry);
	if (control)
		wp->number = control_block_number(item->client);
	return (wp);
}

/*
 * Wait for self's client: a control client's waits go on from the tick
 * (CMD_RETURN_STOP: self has finished here), a command client's list
 * waits (CMD_RETURN_RETRY). CMD_RETURN_NORMAL once done, with *fsp the
 * pane (or NULL) and *wpp the waiter to print for and remove.
 */
static enum cmd_retval
wait_pane_start(struct cmd *self, struct cmdq_item *item, int send,
    struct cmd_find_state *fs, struct cmd_find_state **fsp,
    struct wait_pane **wpp)
{
	struct client		*c = item->client;
	struct wait_pane	*wp;
	char			*cause = NULL;
	int			 rc;

	if (c == NULL) {
		cmdq_error(item, "not able to wait");
		return (CMD_RETURN_ERROR);
	}
	if (control_is_control(c)) {
		if (wait_pane_new(self, item, 1, send) == NULL)
			return (CMD_RETURN_ERROR);
		wait_pane_arm(1);
		return (CMD_RETURN_STOP);
	}
	if ((c->flags & CLIENT_CONTROL) || !item->can_wait) {
		cmdq_error(item, "not able to wait");
		return (CMD_RETURN_ERROR);
	}
	if ((wp = wait_pane_find(c, self)) == NULL &&
	    (wp = wait_pane_new(self, item, 0, send)) == NULL)
		return (CMD_RETURN_ERROR);
	rc = wait_pane_check(wp, item, fs, fsp, &cause);
	if (rc == -1) {
		wait_pane_remove(wp);
		cmdq_error(item, "%s", cause);
		xfree(cause);
		return (CMD_RETURN_ERROR);
	}
	if (rc == 0) {
		wait_pane_arm(0);
		return (CMD_RETURN_RETRY);
	}
	*wpp = wp;
	return (CMD_RETURN_NORMAL);
}

enum cmd_retval
cmd_wait_pane_send(struct cmd *self, struct cmdq_item *item)
{
	struct cmd_find_state	 fs, *fsp;
	struct wait_pane	*wp;
	enum cmd_retval		 rv;

	rv = wait_pane_start(self, item, 1, &fs, &fsp, &wp);
	if (rv == CMD_RETURN_NORMAL) {
		wait_pane_remove(wp);
		if (fsp == NULL) {
			cmdq_error(item, "pane has exited");
			return (CMD_RETURN_ERROR);
		}
		item->target = *fsp;
	}
	return (rv);
}

static enum cmd_retval
cmd_wait_pane_exec(struct cmd *self, struct cmdq_item *item)
{
	struct cmd_find_state	 fs, *fsp;
	struct wait_pane	*wp;
	enum cmd_retval		 rv;
	char			*s;

	rv = wait_pane_start(self, item, 0, &fs, &fsp, &wp);
	if (rv == CMD_RETURN_STOP)
		return (CMD_RETURN_NORMAL);
	if (rv != CMD_RETURN_NORMAL)
		return (rv);
	if ((s = wait_pane_result(wp, item, fsp)) != NULL) {
		cmdq_print(item, "%s", s);
		xfree(s);
	}
	wait_pane_remove(wp);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_wait_pane_entry = {
	.name = "wait-pane",
	.alias = NULL,
	.args = { WAIT_PANE_FLAGS, 0, 0 },
	.usage = "[-Ix] [-i idle-ms] [-r regex|-s string] [-S start-line] "
	    "[-E end-line] [-T timeout-ms] [-F format] [-t target-pane]",
	.flags = CMD_NOCHANGE,
	.exec = cmd_wait_pane_exec
};
