/*
 * Control mode on the server: a control client (a -C/-CC client process,
 * or a peer that sent PROTO_CONTROL_HELLO on the socket) sends lines; each
 * line is parsed with the config-file parser and each of its commands runs
 * in its own %begin/%end (or %error) block, a failure dropping the rest of
 * the line. Pane output and notifications are written between blocks,
 * never inside one. Output goes into the client's buffer; panes feeding a
 * client that falls behind are not read until it catches up, and a client
 * behind for CONTROL_MAX_AGE seconds (or by CONTROL_HARD_MAX bytes) is
 * dropped with "%exit too far behind", so the server never waits for one.
 * The bytes counted are everything queued for the client: pane output,
 * notifications, command answers and output held for the end of a block.
 */
#include <sys/queue.h>
#include <sys/time.h>

#include <event2/event.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/base/buf.h"
#include "engine/base/log.h"
#include "engine/base/xmalloc.h"
#include "engine/sys/pane-io.h"
#include "tmux-compat/cmd-parse.h"
#include "tmux-compat/control.h"
#include "tmux-compat/tty.h"
#include "tmux-compat/tmux.h"

struct control_pane {
	unsigned	 id;
	int		 off;		/* refresh-client -A %P:off */
	int		 paused;	/* %pause sent, waiting for continue */
};

/* refresh-client -B: a format checked once a second, sent when it changes. */
enum control_sub_type {
	CONTROL_SUB_SESSION,
	CONTROL_SUB_PANE,
	CONTROL_SUB_ALL_PANES,
	CONTROL_SUB_WINDOW,
	CONTROL_SUB_ALL_WINDOWS
};

struct control_sub_value {
	unsigned		 key;	/* pane or window id, 0 for session */
	char			*value;
};

struct control_sub {
	char			*name;
	enum control_sub_type	 type;
	unsigned		 id;
	char			*format;
	struct control_sub_value *values;
	unsigned		 nvalues;
};

struct control_state {
	struct client		*c;
	char			*name;
	int			 raw;		/* on the socket, unframed */
	int			 attached;
	unsigned		 session_id;
	unsigned		 last_session_id;	/* switch-client -l */
	int			 has_last;
	int			 gone;		/* %exit sent or dropped */
	int			 detach;	/* detach after this block */
	int			 retval;	/* 1 once a command failed */

	struct buf		 line;		/* partial input line */
	int			 in_block;
	struct buf		 held;		/* output waiting for %end */
	unsigned		 number;	/* the block's, or the last's */

	int			 flags;		/* CONTROL_* */
	unsigned		 pause_after;	/* seconds */
	unsigned		 sx;		/* refresh-client -C width */
	unsigned		 sy;		/* and height, */
	int			 size_set;	/* once it was given */

	struct control_pane	*panes;
	unsigned		 npanes;
	unsigned		*holds;		/* panes not read for us */
	unsigned		 nholds;
	time_t			 behind_since;	/* over CONTROL_HIGH since */
	int			 too_far;	/* to drop: lines not read */

	struct control_sub	*subs;
	unsigned		 nsubs;

	TAILQ_ENTRY(control_state) entry;
};
static TAILQ_HEAD(, control_state) control_clients =
    TAILQ_HEAD_INITIALIZER(control_clients);

static unsigned		 control_number;	/* %begin numbers */
static struct event	*control_timer;		/* once a second: ages */
static struct event	*control_reaper;	/* drops clients, from the loop */
extern struct event_base *server_event_base(void);

static void	control_timer_cb(evutil_socket_t, short, void *);
static void	control_remove_sub(struct control_state *, const char *);
static void	control_check_subs(struct client *);
static void	control_reaper_cb(evutil_socket_t, short, void *);

int
control_is_control(struct client *c)
{
	return (c != NULL && c->control != NULL);
}

int
control_any(void)
{
	return (!TAILQ_EMPTY(&control_clients));
}

struct client *
control_first(void)
{
	struct control_state	*cs = TAILQ_FIRST(&control_clients);

	return (cs != NULL ? cs->c : NULL);
}

struct client *
control_next(struct client *c)
{
	struct control_state	*cs = TAILQ_NEXT(c->control, entry);

	return (cs != NULL ? cs->c : NULL);
}

const char *
control_name(struct client *c)
{
	return (c->control != NULL ? c->control->name : "");
}

struct session *
control_session(struct client *c)
{
	struct control_state	*cs;

	if (c == NULL || (cs = c->control) == NULL || !cs->attached ||
	    cs->gone)
		return (NULL);
	return (session_find_by_id(cs->session_id));
}

int
control_wait_exit(struct client *c)
{
	return (c->control != NULL &&
	    (c->control->flags & CONTROL_WAIT_EXIT) != 0);
}

int
control_attached_gone(struct client *c)
{
	struct control_state	*cs = c->control;

	return (cs != NULL && cs->attached && !cs->gone &&
	    session_find_by_id(cs->session_id) == NULL);
}

/* All that waits for the client: its output and what a block holds. */
static size_t
control_queued(struct control_state *cs)
{
	return (cs->c->out.len + cs->held.len);
}

/* Bytes to the client as they are. */
static void
control_emit(struct client *c, const void *data, size_t len)
{
	server_client_emit(c, data, len);
}

void
control_write(struct client *c, const void *data, size_t len)
{
	if (c->control == NULL || c->control->gone)
		return;
	control_emit(c, data, len);
}

/* Output that must not go inside a block. */
static void
control_write_outside(struct client *c, const void *data, size_t len)
{
	struct control_state	*cs = c->control;

	if (cs->gone)
		return;
	if (cs->in_block)
		buf_add(&cs->held, data, len);
	else
		control_emit(c, data, len);
}

void
control_notify(struct client *c, const char *line)
{
	if (c->control == NULL || c->control->gone)
		return;
	control_write_outside(c, line, strlen(line));
	control_write_outside(c, "\n", 1);
}

static void
control_timer_start(void)
{
	struct timeval	tv = { 1, 0 };

	if (control_timer == NULL) {
		control_timer = event_new(server_event_base(), -1, EV_PERSIST,
		    control_timer_cb, NULL);
		control_reaper = event_new(server_event_base(), -1, 0,
		    control_reaper_cb, NULL);
	}
	if (!evtimer_pending(control_timer, NULL))
		event_add(control_timer, &tv);
}

static struct control_state *
control_new(struct client *c, int raw)
{
	struct control_state	*cs;

	cs = xcalloc(1, sizeof *cs);
	cs->c = c;
	cs->raw = raw;
	cs->sx = 80;
	cs->name = message_log_client_name(c);
	buf_init(&cs->line);
	buf_init(&cs->held);
	c->control = cs;
	TAILQ_INSERT_TAIL(&control_clients, cs, entry);
	control_timer_start();
	notify_baseline();
	return (cs);
}

/* Stop holding back the panes we held. */
static void
control_release(struct control_state *cs)
{
	struct pane	*p;
	unsigned	 i;

	for (i = 0; i < cs->nholds; i++) {
		if ((p = window_pane_find_by_id(cs->holds[i])) != NULL)
			pane_io_hold(p, 0);
	}
	xfree(cs->holds);
	cs->holds = NULL;
	cs->nholds = 0;
	cs->behind_since = 0;
}

static struct control_pane *
control_get_pane(struct control_state *cs, unsigned id, int create)
{
	unsigned	i;

	for (i = 0; i < cs->npanes; i++) {
		if (cs->panes[i].id == id)
			return (&cs->panes[i]);
	}
	if (!create)
		return (NULL);
	cs->panes = xreallocarray(cs->panes, cs->npanes + 1,
	    sizeof *cs->panes);
	memset(&cs->panes[cs->npanes], 0, sizeof *cs->panes);
	cs->panes[cs->npanes].id = id;
	return (&cs->panes[cs->npanes++]);
}

/*
 * %begin or %end/%error: "%WHAT TIME NUMBER FLAGS", written from the
 * end (two of these a command: printf was 8 % of a set-option's time).
 */
static void
control_guard(struct client *c, const char *what, time_t t, unsigned n,
    int flags)
{
	char	line[128], *p = line + sizeof line;
	size_t	len = strlen(what);

	*--p = '\n';
	p = buf_uint_before(p, (unsigned long long)flags);
	*--p = ' ';
	p = buf_uint_before(p, n);
	*--p = ' ';
	p = buf_uint_before(p, (unsigned long long)t);
	*--p = ' ';
	p -= len;
	memcpy(p, what, len);
	*--p = '%';
	control_emit(c, p, (size_t)(line + sizeof line - p));
}

static void
control_block_end(struct client *c)
{
	struct control_state	*cs = c->control;

	cs->in_block = 0;
	if (cs->held.len != 0 && !cs->gone)
		control_emit(c, buf_data(&cs->held), cs->held.len);
	buf_clear(&cs->held);
}

int
control_in_block(struct client *c)
{
	return (c->control != NULL && c->control->in_block);
}

unsigned
control_block_number(struct client *c)
{
	return (c->control != NULL ? c->control->number : 0);
}

int
control_answer(struct client *c, unsigned number, int error,
    const char *text)
{
	struct control_state	*cs = c->control;
	time_t			 t = time(NULL);

	if (cs == NULL || cs->gone)
		return (0);
	if (cs->in_block)
		return (-1);
	control_guard(c, "begin", t, number, 0);
	if (text != NULL) {
		control_emit(c, text, strlen(text));
		control_emit(c, "\n", 1);
	}
	control_guard(c, error ? "error" : "end", t, number, 0);
	return (0);
}

/* Run a list, one block per command, stopping at the first failure. */
static int
control_run_list(struct client *c, struct cmd_list *list, int flags)
{
	struct control_state	*cs = c->control;
	struct cmd		*cmd, *next;
	struct cmd_list		 one;
	time_t			 t;
	unsigned		 n;
	int			 failed = 0;

	for (cmd = list->first; cmd != NULL && !failed; cmd = next) {
		if (cs->gone)
			break;
		next = cmd->next;
		cmd->next = NULL;
		one.first = one.last = cmd;
		t = time(NULL);
		n = ++control_number;
		cs->in_block = 1;
		cs->number = n;
		control_guard(c, "begin", t, n, flags);
		failed = cmdq_run(c, &one);
		cmd->next = next;
		/* As tmux: a failed command (not a parse error) sets rc 1. */
		if (failed)
			cs->retval = 1;
		if (!cs->gone)
			control_guard(c, failed ? "error" : "end", t, n, flags);
		control_block_end(c);
		if (cs->detach) {
			control_detach(c, 0, NULL);
			break;
		}
	}
	return (failed);
}

/* One input line: a parse error is one block, else a block a command. */
static void
control_run_line(struct client *c, const char *line, int flags)
{
	struct cmd_parse_input	 pi;
	struct cmd_parse_result	 pr;
	time_t			 t;
	unsigned		 n;
	char			*msg;

	cfg_parse_input(&pi, NULL, NULL, 0);
	pi.flags |= CMD_PARSE_NOPRINT;
	cmd_parse_from_string(line, &pi, &pr);
	if (pr.status == CMD_PARSE_ERROR) {
		t = time(NULL);
		n = ++control_number;
		c->control->in_block = 1;
		control_guard(c, "begin", t, n, flags);
		xasprintf(&msg, "parse error: %s\n", pr.error);
		control_emit(c, msg, strlen(msg));
		xfree(msg);
		xfree(pr.error);
		control_guard(c, "error", t, n, flags);
		control_block_end(c);
		return;
	}
	if (pr.cmdlist != NULL) {
		/* cmdq_run asks for the comparison if a command may change. */
		control_run_list(c, pr.cmdlist, flags);
	} else
		notify_changed();
	cmd_parse_result_free(&pr);
}

void
control_start(struct client *c, struct cmd_list *list, const char *cause)
{
	struct control_state	*cs;
	int			 failed;

	cs = control_new(c, 0);
	if (list == NULL) {
		server_client_stderr_frame(c, cause != NULL ? cause : "");
		control_detach(c, 1, NULL);
		return;
	}
	failed = control_run_list(c, list, 0);
	/* %session-changed straight after the first block, before any input. */
	notify_flush();
	if (!cs->attached && !cs->gone)
		control_detach(c, failed, NULL);
}

void
control_start_raw(struct client *c, const char *command)
{
	struct control_state	*cs;

	cs = control_new(c, 1);
	while (*command == ' ')
		command++;
	control_run_line(c, *command != '\0' ? command : "new-session", 0);
	notify_flush();
	if (!cs->attached && !cs->gone)
		control_detach(c, 1, NULL);
}

void
control_input(struct client *c, const void *data, size_t len)
{
	struct control_state	*cs = c->control;
	const char		*p, *nl;
	char			*line;
	size_t			 n;

	if (cs == NULL || cs->gone)
		return;
	if (len == 0) {
		control_detach(c, cs->retval, NULL);
		return;
	}
	buf_add(&cs->line, data, len);
	c->write_deferred = 1;
	/* A line that never ends must not grow without bound. */
	if (cs->line.len > CONTROL_HARD_MAX &&
	    memchr(buf_data(&cs->line), '\n', cs->line.len) == NULL) {
		control_detach(c, 1, NULL);
		server_client_flush(c);
		return;
	}
	while (!cs->gone) {
		/*
		 * A client that sends commands and does not read their
		 * answers is dropped as for pane output: no more lines run
		 * once too much waits for it (the reaper drops it).
		 */
		if (control_queued(cs) > CONTROL_HARD_MAX) {
			cs->too_far = 1;
			event_active(control_reaper, 0, 0);
			break;
		}
		p = (const char *)buf_data(&cs->line);
		if ((nl = memchr(p, '\n', cs->line.len)) == NULL)
			break;
		n = (size_t)(nl - p);
		line = xmalloc(n + 1);
		memcpy(line, p, n);
		line[n] = '\0';
		buf_consume(&cs->line, n + 1);
		/* On the socket CRLF is a line end too (-CC gets it by ICRNL). */
		if (cs->raw && n != 0 && line[n - 1] == '\r')
			line[--n] = '\0';
		if (n == 0)
			control_detach(c, cs->retval, NULL);
		else
			control_run_line(c, line, 1);
		xfree(line);
	}
	server_client_flush(c);
}

int
control_attach(struct cmdq_item *item, struct session *s)
{
	return (control_attach_client(item->client, s));
}

/* Attach control client c to s (switch-client acts on its target). */
int
control_attach_client(struct client *c, struct session *s)
{
	struct control_state	*cs;
	struct session		*old;

	if (c == NULL || (cs = c->control) == NULL || cs->gone)
		return (-1);
	if (cs->attached && (old = control_session(c)) != NULL) {
		if (old == s) {
			/* tmux reports the switch even to the same session. */
			notify_client_session_changed(c);
			return (0);
		}
		old->attached--;
		cs->last_session_id = old->id;
		cs->has_last = 1;
	}
	cs->attached = 1;
	cs->session_id = s->id;
	s->attached++;
	gettimeofday(&s->last_attached, NULL);
	session_touch(s);
	notify_client_session_changed(c);
	/* A client that gave its size sizes the session it comes to. */
	control_cmd_size_session(c);
	return (0);
}

void
control_detach(struct client *c, int retval, const char *reason)
{
	struct control_state	*cs = c->control;
	struct session		*s;

	if (cs == NULL || cs->gone)
		return;
	if (cs->attached) {
		if ((s = control_session(c)) != NULL && s->attached > 0)
			s->attached--;
		cs->attached = 0;
		notify_client_detached(c);
	}
	cs->gone = 1;
	control_release(cs);
	server_client_exit(c, retval, reason);
	notify_changed();
}

/* The width refresh-client -C last gave (#{client_width}), 80 before. */
unsigned
control_width(struct client *c)
{
	return (c->control != NULL ? c->control->sx : 80);
}

void
control_set_size(struct client *c, unsigned sx, unsigned sy)
{
	if (c->control == NULL)
		return;
	c->control->sx = sx;
	c->control->sy = sy;
	c->control->size_set = 1;
}

/* The size -C gave, or 0 when none was given (tmux ignores the client). */
int
control_size(struct client *c, unsigned *sx, unsigned *sy)
{
	if (c->control == NULL || !c->control->size_set)
		return (0);
	*sx = c->control->sx;
	*sy = c->control->sy;
	return (1);
}

struct session *
control_last_session(struct client *c)
{
	struct control_state	*cs = c->control;

	if (cs == NULL || !cs->has_last)
		return (NULL);
	return (session_find_by_id(cs->last_session_id));
}

void
control_detach_later(struct client *c)
{
	struct control_state	*cs = c->control;

	if (cs == NULL || cs->gone)
		return;
	if (cs->in_block)
		cs->detach = 1;
	else
		control_detach(c, 0, NULL);
}

void
control_free(struct client *c)
{
	struct control_state	*cs = c->control;
	struct session		*s;

	if (cs == NULL)
		return;
	if (cs->attached && !cs->gone) {
		if ((s = control_session(c)) != NULL && s->attached > 0)
			s->attached--;
		notify_client_detached(c);
	}
	control_release(cs);
	while (cs->nsubs != 0)
		control_remove_sub(cs, cs->subs[0].name);
	xfree(cs->subs);
	TAILQ_REMOVE(&control_clients, cs, entry);
	buf_free(&cs->line);
	buf_free(&cs->held);
	xfree(cs->panes);
	xfree(cs->name);
	xfree(cs);
	c->control = NULL;
	if (TAILQ_EMPTY(&control_clients) && control_timer != NULL)
		event_del(control_timer);
	notify_changed();
	focus_update();
}

void
control_write_done(struct client *c)
{
	struct control_state	*cs = c->control;

	if (cs != NULL && c->out.len < CONTROL_LOW &&
	    (cs->nholds != 0 || cs->behind_since != 0))
		control_release(cs);
}

/* Drop a client that fell too far behind (from the loop, not a callback). */
static void
control_drop(struct client *c)
{
	struct control_state	*cs = c->control;

	if (cs->gone)
		return;
	log_debug("control client %s too far behind", cs->name);
	server_client_discard(c);
	control_detach(c, 1, "too far behind");
}

static void
control_reaper_cb(evutil_socket_t fd, short events, void *arg)
{
	struct control_state	*cs, *next;

	TAILQ_FOREACH_SAFE(cs, &control_clients, entry, next) {
		if (!cs->gone && (cs->too_far ||
		    control_queued(cs) > CONTROL_HARD_MAX))
			control_drop(cs->c);
	}
}

/* Send %pause for every pane we hold back and stop sending them. */
static void
control_pause_all(struct client *c)
{
	struct control_state	*cs = c->control;
	struct control_pane	*cp;
	char			 line[64];
	unsigned		 i;

	for (i = 0; i < cs->nholds; i++) {
		cp = control_get_pane(cs, cs->holds[i], 1);
		if (cp->paused)
			continue;
		cp->paused = 1;
		snprintf(line, sizeof line, "%%pause %%%u", cp->id);
		control_notify(c, line);
	}
	control_release(cs);
}

static void
control_timer_cb(evutil_socket_t fd, short events, void *arg)
{
	struct control_state	*cs, *next;
	time_t			 now = time(NULL);

	/* Automatic names change without a command: compare once a second. */
	notify_changed();
	TAILQ_FOREACH_SAFE(cs, &control_clients, entry, next) {
		if (!cs->gone && cs->nsubs != 0)
			control_check_subs(cs->c);
		if (cs->gone || cs->behind_since == 0)
			continue;
		if ((cs->flags & CONTROL_PAUSE_AFTER) &&
		    now - cs->behind_since >= (time_t)cs->pause_after) {
			control_pause_all(cs->c);
			continue;
		}
		if (now - cs->behind_since >= CONTROL_MAX_AGE)
			control_drop(cs->c);
	}
}

int
control_pane_watched(struct pane *p)
{
	struct control_state	*cs;
	struct session		*s;

	TAILQ_FOREACH(cs, &control_clients, entry) {
		if (cs->gone || (cs->flags & CONTROL_NO_OUTPUT))
			continue;
		if ((s = control_session(cs->c)) != NULL &&
		    winlink_find_by_window(s, p->window) != NULL)
			return (1);
	}
	return (0);
}

/* Hold p back for cs until its buffer drains. */
static void
control_hold(struct control_state *cs, struct pane *p)
{
	unsigned	i;

	if (cs->behind_since == 0)
		cs->behind_since = time(NULL);
	for (i = 0; i < cs->nholds; i++) {
		if (cs->holds[i] == p->id)
			return;
	}
	cs->holds = xreallocarray(cs->holds, cs->nholds + 1,
	    sizeof *cs->holds);
	cs->holds[cs->nholds++] = p->id;
	pane_io_hold(p, 1);
}

void
control_pane_output(struct pane *p, const uint8_t *data, size_t len)
{
	struct control_state	*cs;
	struct control_pane	*cp;
	struct session		*s;
	struct buf		 line;
	char			 head[64];
	size_t			 i;
	int			 n;

	/* A popup's program (p->window NULL) is no pane to them. */
	if (TAILQ_EMPTY(&control_clients) || len == 0 || p->window == NULL)
		return;
	TAILQ_FOREACH(cs, &control_clients, entry) {
		if (cs->gone || (cs->flags & CONTROL_NO_OUTPUT))
			continue;
		if ((s = control_session(cs->c)) == NULL ||
		    winlink_find_by_window(s, p->window) == NULL)
			continue;
		cp = control_get_pane(cs, p->id, 0);
		if (cp != NULL && (cp->off || cp->paused))
			continue;
		buf_init(&line);
		if (cs->flags & CONTROL_PAUSE_AFTER) {
			n = snprintf(head, sizeof head,
			    "%%extended-output %%%u %lld : ", p->id,
			    (long long)(cs->behind_since != 0 ?
			    (time(NULL) - cs->behind_since) * 1000 : 0));
		} else
			n = snprintf(head, sizeof head, "%%output %%%u ", p->id);
		buf_add(&line, head, (size_t)n);
		for (i = 0; i < len; i++) {
			if (data[i] < ' ' || data[i] == '\\') {
				n = snprintf(head, sizeof head, "\\%03o",
				    data[i]);
				buf_add(&line, head, (size_t)n);
			} else
				buf_add(&line, &data[i], 1);
		}
		buf_add(&line, "\n", 1);
		control_write_outside(cs->c, buf_data(&line), line.len);
		buf_free(&line);
		if (control_queued(cs) > CONTROL_HIGH)
			control_hold(cs, p);
		if (control_queued(cs) > CONTROL_HARD_MAX)
			event_active(control_reaper, 0, 0);
	}
}

/* refresh-client -f/-F: a comma list, "!flag" clears, unknown ignored. */
void
control_set_flags(struct client *c, const char *list)
{
	struct control_state	*cs = c->control;
	char			*copy, *next, *s;
	const char		*errstr;
	int			 not, flag;

	if (cs == NULL)
		return;
	copy = next = xstrdup(list);
	while ((s = strsep(&next, ",")) != NULL) {
		not = (*s == '!');
		if (not)
			s++;
		flag = 0;
		if (strcmp(s, "no-output") == 0)
			flag = CONTROL_NO_OUTPUT;
		else if (strcmp(s, "wait-exit") == 0)
			flag = CONTROL_WAIT_EXIT;
		else if (strcmp(s, "read-only") == 0)
			flag = CONTROL_READ_ONLY;
		else if (strcmp(s, "ignore-size") == 0)
			flag = CONTROL_IGNORE_SIZE;
		else if (strcmp(s, "active-pane") == 0)
			flag = CONTROL_ACTIVE_PANE;
		else if (strcmp(s, "pause-after") == 0) {
			flag = CONTROL_PAUSE_AFTER;
			if (!not)
				cs->pause_after = 0;
		} else if (strncmp(s, "pause-after=", 12) == 0) {
			flag = CONTROL_PAUSE_AFTER;
			if (!not) {
				cs->pause_after = (unsigned)strtonum(s + 12, 0,
				    UINT_MAX / 1000, &errstr);
				if (errstr != NULL)
					flag = 0;
			}
		}
		if (flag == 0)
			continue;
		/* As in tmux 3.3a, a read-only client cannot undo it. */
		if (not && flag == CONTROL_READ_ONLY)
			continue;
		if (not)
			cs->flags &= ~flag;
		else
			cs->flags |= flag;
	}
	xfree(copy);
	notify_changed();
}

/* The client's flags as #{client_flags} lists them (after control-mode). */
void
control_print_flags(struct client *c, struct buf *b)
{
	struct control_state	*cs = c->control;
	char			 tmp[64];

	if (cs == NULL)
		return;
	if (cs->flags & CONTROL_IGNORE_SIZE)
		buf_add(b, ",ignore-size", 12);
	if (cs->flags & CONTROL_NO_OUTPUT)
		buf_add(b, ",no-output", 10);
	if (cs->flags & CONTROL_WAIT_EXIT)
		buf_add(b, ",wait-exit", 10);
	if (cs->flags & CONTROL_PAUSE_AFTER) {
		snprintf(tmp, sizeof tmp, ",pause-after=%u", cs->pause_after);
		buf_add(b, tmp, strlen(tmp));
	}
	/* -f read-only, or a user server-access made read-only (tmux). */
	if ((cs->flags & CONTROL_READ_ONLY) || c->readonly)
		buf_add(b, ",read-only", 10);
	if (cs->flags & CONTROL_ACTIVE_PANE)
		buf_add(b, ",active-pane", 12);
}

/* refresh-client -A %P:on|off|pause|continue (bad values ignored). */
void
control_set_pane_state(struct client *c, const char *spec)
{
	struct control_state	*cs = c->control;
	struct control_pane	*cp;
	struct pane		*p;
	const char		*colon, *errstr;
	char			*id, line[64];
	long long		 n;

	if (cs == NULL || *spec != '%' || (colon = strchr(spec, ':')) == NULL)
		return;
	id = xstrndup(spec + 1, (size_t)(colon - spec - 1));
	n = strtonum(id, 0, UINT_MAX, &errstr);
	xfree(id);
	if (errstr != NULL || (p = window_pane_find_by_id((unsigned)n)) == NULL)
		return;
	colon++;
	if (strcmp(colon, "on") == 0) {
		cp = control_get_pane(cs, p->id, 1);
		cp->off = 0;
	} else if (strcmp(colon, "off") == 0) {
		cp = control_get_pane(cs, p->id, 1);
		cp->off = 1;
	} else if (strcmp(colon, "pause") == 0) {
		cp = control_get_pane(cs, p->id, 1);
		if (!cp->paused) {
			cp->paused = 1;
			snprintf(line, sizeof line, "%%pause %%%u", p->id);
			control_notify(c, line);
		}
	} else if (strcmp(colon, "continue") == 0) {
		cp = control_get_pane(cs, p->id, 1);
		if (cp->paused) {
			cp->paused = 0;
			snprintf(line, sizeof line, "%%continue %%%u", p->id);
			control_notify(c, line);
		}
	}
}

static void
control_remove_sub(struct control_state *cs, const char *name)
{
	struct control_sub	*sub;
	unsigned		 i, j;

	for (i = 0; i < cs->nsubs; i++) {
		sub = &cs->subs[i];
		if (strcmp(sub->name, name) != 0)
			continue;
		for (j = 0; j < sub->nvalues; j++)
			xfree(sub->values[j].value);
		xfree(sub->values);
		xfree(sub->name);
		xfree(sub->format);
		memmove(sub, sub + 1, (cs->nsubs - i - 1) * sizeof *sub);
		cs->nsubs--;
		return;
	}
}

/* refresh-client -B name:what:format, or -B name to unsubscribe. */
void
control_subscribe(struct client *c, const char *spec)
{
	struct control_state	*cs = c->control;
	struct control_sub	*sub;
	const char		*colon, *colon2, *errstr;
	char			*name, *what;
	enum control_sub_type	 type;
	unsigned		 id = 0;

	if (cs == NULL)
		return;
	if ((colon = strchr(spec, ':')) == NULL) {
		control_remove_sub(cs, spec);
		return;
	}
	if ((colon2 = strchr(colon + 1, ':')) == NULL)
		return;
	name = xstrndup(spec, (size_t)(colon - spec));
	what = xstrndup(colon + 1, (size_t)(colon2 - colon - 1));
	if (*what == '\0')
		type = CONTROL_SUB_SESSION;
	else if (strcmp(what, "%*") == 0)
		type = CONTROL_SUB_ALL_PANES;
	else if (strcmp(what, "@*") == 0)
		type = CONTROL_SUB_ALL_WINDOWS;
	else if (*what == '%' || *what == '@') {
		type = (*what == '%') ? CONTROL_SUB_PANE : CONTROL_SUB_WINDOW;
		id = (unsigned)strtonum(what + 1, 0, UINT_MAX, &errstr);
		if (errstr != NULL) {
			xfree(name);
			xfree(what);
			return;
		}
	} else {
		xfree(name);
		xfree(what);
		return;
	}
	xfree(what);
	control_remove_sub(cs, name);
	cs->subs = xreallocarray(cs->subs, cs->nsubs + 1, sizeof *cs->subs);
	sub = &cs->subs[cs->nsubs++];
	memset(sub, 0, sizeof *sub);
	sub->name = name;
	sub->type = type;
	sub->id = id;
	sub->format = xstrdup(colon2 + 1);
}

/* Send the value for key if it differs from the last one sent. */
static void
control_sub_value(struct client *c, struct control_sub *sub, unsigned key,
    const struct cmd_find_state *fs, const char *where)
{
	struct control_sub_value	*v = NULL;
	char				*value, *line;
	unsigned			 i;

	value = format_vars_for(NULL, fs, sub->format, 0);
	for (i = 0; i < sub->nvalues; i++) {
		if (sub->values[i].key == key) {
			v = &sub->values[i];
			break;
		}
	}
	if (v != NULL && strcmp(v->value, value) == 0) {
		xfree(value);
		return;
	}
	if (v == NULL) {
		sub->values = xreallocarray(sub->values, sub->nvalues + 1,
		    sizeof *sub->values);
		v = &sub->values[sub->nvalues++];
		v->key = key;
	} else
		xfree(v->value);
	v->value = value;
	xasprintf(&line, "%%subscription-changed %s %s : %s", sub->name, where,
	    value);
	control_notify(c, line);
	xfree(line);
}

static void
control_sub_pane(struct client *c, struct control_sub *sub,
    struct session *s, struct winlink *wl, struct pane *p)
{
	struct cmd_find_state	fs;
	char			where[128];

	cmd_find_from_winlink(&fs, wl);
	fs.wp = p;
	snprintf(where, sizeof where, "$%u @%u %d %%%u", s->id,
	    wl->window->id, wl->idx, p->id);
	control_sub_value(c, sub, p->id, &fs, where);
}

static void
control_sub_window(struct client *c, struct control_sub *sub,
    struct session *s, struct winlink *wl)
{
	struct cmd_find_state	fs;
	char			where[128];

	cmd_find_from_winlink(&fs, wl);
	snprintf(where, sizeof where, "$%u @%u %d -", s->id, wl->window->id,
	    wl->idx);
	control_sub_value(c, sub, wl->window->id, &fs, where);
}

static void
control_check_subs(struct client *c)
{
	struct control_state	*cs = c->control;
	struct control_sub	*sub;
	struct session		*s = control_session(c);
	struct cmd_find_state	 fs;
	struct winlink		*wl;
	struct pane		*p;
	char			 where[64];
	unsigned		 i;

	if (s == NULL)
		return;
	for (i = 0; i < cs->nsubs; i++) {
		sub = &cs->subs[i];
		switch (sub->type) {
		case CONTROL_SUB_SESSION:
			cmd_find_from_session(&fs, s);
			snprintf(where, sizeof where, "$%u - - -", s->id);
			control_sub_value(c, sub, 0, &fs, where);
			break;
		case CONTROL_SUB_PANE:
			if ((p = window_pane_find_by_id(sub->id)) == NULL ||
			    (wl = winlink_find_by_window(s, p->window)) == NULL)
				break;
			control_sub_pane(c, sub, s, wl, p);
			break;
		case CONTROL_SUB_ALL_PANES:
			TAILQ_FOREACH(wl, &s->windows, entry) {
				TAILQ_FOREACH(p, &wl->window->panes, entry)
					control_sub_pane(c, sub, s, wl, p);
			}
			break;
		case CONTROL_SUB_WINDOW:
			TAILQ_FOREACH(wl, &s->windows, entry) {
				if (wl->window->id == sub->id) {
					control_sub_window(c, sub, s, wl);
					break;
				}
			}
			break;
		case CONTROL_SUB_ALL_WINDOWS:
			TAILQ_FOREACH(wl, &s->windows, entry)
				control_sub_window(c, sub, s, wl);
			break;
		}
	}
}
