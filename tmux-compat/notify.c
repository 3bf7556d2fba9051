/*
 * Notifications for control clients (%window-add, %sessions-changed,
 * %layout-change...). Rather than a call at every place that changes a
 * session or window, the model is compared with a snapshot taken at the
 * last delivery: whatever changed it (a control client, a command-line
 * client, a pane exiting) the difference is reported, and nothing is kept
 * or compared while no control client exists. notify_changed() asks for
 * a comparison on the next turn of the event loop, so notifications are
 * delivered after the command that caused them as tmux's queued
 * notifications are (and so never inside a block). Events that are not
 * model state (a client attaching, detaching) are queued explicitly.
 *
 * Evaluated at delivery, as tmux does: a window removed from the client's
 * own session is therefore %unlinked-window-close as tmux 3.3a usually
 * reports it.
 */
#include <sys/queue.h>

#include <event2/event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "engine/sys/pane-io.h"
#include "tmux-compat/control.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"

struct notify_session {
	unsigned	 id;
	char		*name;
	unsigned	 curw;		/* window id, -1u for none */
	int		 curw_idx;	/* its index: tmux reports index moves */
	unsigned	*windows;	/* window ids, by index */
	unsigned	 nwindows;
};

struct notify_window {
	unsigned	 id;
	char		*name;
	int		 renamed;	/* name is not the one it was made with */
	unsigned	 active;	/* pane id, -1u for none */
	unsigned	 npanes;
	char		*layout;
	char		*visible;
};

struct notify_snapshot {
	struct notify_session	*sessions;
	unsigned		 nsessions;
	struct notify_window	*windows;
	unsigned		 nwindows;
};

enum notify_type {
	NOTIFY_WINDOW_ADD,
	NOTIFY_WINDOW_CLOSE,
	NOTIFY_WINDOW_RENAMED,
	NOTIFY_SESSIONS_CHANGED,
	NOTIFY_SESSION_RENAMED,
	NOTIFY_SESSION_WINDOW_CHANGED,
	NOTIFY_WINDOW_PANE_CHANGED,
	NOTIFY_LAYOUT_CHANGE,
	NOTIFY_CLIENT_SESSION_CHANGED,
	NOTIFY_CLIENT_DETACHED,
	NOTIFY_PANE_MODE_CHANGED,
};

struct notify_event {
	enum notify_type	 type;
	unsigned		 session;
	unsigned		 window;
	unsigned		 pane;
	char			*name;
	char			*sname;		/* session name when queued */
	struct client		*client;	/* the client it is about */
	TAILQ_ENTRY(notify_event) entry;
};
TAILQ_HEAD(notify_events, notify_event);

static struct notify_snapshot	*notify_last;
static struct notify_events	 notify_queue =
    TAILQ_HEAD_INITIALIZER(notify_queue);
/* What commands said in tmux's order (notify_steps_begin), sent first. */
static struct notify_events	 notify_steps =
    TAILQ_HEAD_INITIALIZER(notify_steps);
static struct event		*notify_ev;
static int			 notify_immediate_on;

static void	notify_cb(evutil_socket_t, short, void *);

void
notify_init(void *base)
{
	notify_ev = event_new(base, -1, 0, notify_cb, NULL);
}

void
notify_changed(void)
{
	if (notify_ev != NULL && (notify_last != NULL ||
	    !TAILQ_EMPTY(&notify_queue) || notify_immediate_on))
		event_active(notify_ev, 0, 0);
}

/* Whether an attached control client's session links w. */
static int
notify_window_watched(struct window *w)
{
	struct client	*c;
	struct session	*s;

	for (c = control_first(); c != NULL; c = control_next(c)) {
		if ((s = control_session(c)) != NULL &&
		    winlink_find_by_window(s, w) != NULL)
			return (1);
	}
	return (0);
}

/*
 * A window's name as #{window_name} shows it: with automatic-rename, the
 * active pane's program (tmux renames the window; zeropty works it out
 * when asked). Only for windows a control client sees (it reads /proc).
 */
static char *
notify_window_name(struct window *w)
{
	char	*name;

	if (w->automatic_rename && w->active != NULL &&
	    notify_window_watched(w) &&
	    (name = format_vars_window_name(w)) != NULL)
		return (name);
	return (xstrdup(w->name != NULL ? w->name : ""));
}

static struct notify_snapshot *
notify_take(void)
{
	struct notify_snapshot	*ns;
	struct notify_session	*nss;
	struct notify_window	*nw;
	struct session		*s;
	struct winlink		*wl;
	struct window		*w;
	unsigned		 n;

	ns = xcalloc(1, sizeof *ns);
	ns->nsessions = session_count();
	ns->sessions = xcalloc(ns->nsessions + 1, sizeof *ns->sessions);
	n = 0;
	TAILQ_FOREACH(s, &model_sessions, entry) {
		nss = &ns->sessions[n++];
		nss->id = s->id;
		nss->name = xstrdup(s->name);
		nss->curw = s->curw != NULL ? s->curw->window->id : -1u;
		nss->curw_idx = s->curw != NULL ? s->curw->idx : -1;
		nss->windows = xcalloc(winlink_count(s) + 1,
		    sizeof *nss->windows);
		TAILQ_FOREACH(wl, &s->windows, entry)
			nss->windows[nss->nwindows++] = wl->window->id;
		/* Every window of a session, once: collected below. */
	}
	ns->nsessions = n;
	TAILQ_FOREACH(s, &model_sessions, entry) {
		TAILQ_FOREACH(wl, &s->windows, entry) {
			w = wl->window;
			for (n = 0; n < ns->nwindows; n++) {
				if (ns->windows[n].id == w->id)
					break;
			}
			if (n != ns->nwindows)
				continue;
			ns->windows = xreallocarray(ns->windows,
			    ns->nwindows + 1, sizeof *ns->windows);
			nw = &ns->windows[ns->nwindows++];
			nw->id = w->id;
			nw->name = notify_window_name(w);
			nw->renamed = (w->name == NULL ||
			    strcmp(nw->name, w->name) != 0);
			nw->active = w->active != NULL ? w->active->id : -1u;
			nw->npanes = window_pane_count(w);
			nw->layout = window_zoom_layout_string(w, 0);
			nw->visible = window_zoom_layout_string(w, 1);
		}
	}
	return (ns);
}

static void
notify_free_snapshot(struct notify_snapshot *ns)
{
	unsigned	i;

	if (ns == NULL)
		return;
	for (i = 0; i < ns->nsessions; i++) {
		xfree(ns->sessions[i].name);
		xfree(ns->sessions[i].windows);
	}
	for (i = 0; i < ns->nwindows; i++) {
		xfree(ns->windows[i].name);
		xfree(ns->windows[i].layout);
		xfree(ns->windows[i].visible);
	}
	xfree(ns->sessions);
	xfree(ns->windows);
	xfree(ns);
}

void
notify_baseline(void)
{
	if (notify_last == NULL)
		notify_last = notify_take();
}

static struct notify_session *
notify_find_session(struct notify_snapshot *ns, unsigned id)
{
	unsigned	i;

	for (i = 0; i < ns->nsessions; i++) {
		if (ns->sessions[i].id == id)
			return (&ns->sessions[i]);
	}
	return (NULL);
}

static struct notify_window *
notify_find_window(struct notify_snapshot *ns, unsigned id)
{
	unsigned	i;

	for (i = 0; i < ns->nwindows; i++) {
		if (ns->windows[i].id == id)
			return (&ns->windows[i]);
	}
	return (NULL);
}

static int
notify_has_window(struct notify_session *nss, unsigned id)
{
	unsigned	i;

	for (i = 0; i < nss->nwindows; i++) {
		if (nss->windows[i] == id)
			return (1);
	}
	return (0);
}

static void
notify_add(struct notify_events *list, enum notify_type type,
    unsigned session, unsigned window, unsigned pane, const char *name,
    struct client *c)
{
	struct notify_event	*ne;

	ne = xcalloc(1, sizeof *ne);
	ne->type = type;
	ne->session = session;
	ne->window = window;
	ne->pane = pane;
	ne->name = name != NULL ? xstrdup(name) : NULL;
	ne->client = c;
	TAILQ_INSERT_TAIL(list, ne, entry);
}

/* What changed from old to new, in the order tmux usually reports it. */
static void
notify_diff(struct notify_snapshot *old, struct notify_snapshot *new,
    struct notify_events *list)
{
	struct notify_session	*a, *b;
	struct notify_window	*wa, *wb;
	unsigned		 i, j;
	int			 pane_changed, layout_changed;

	/* New sessions: their windows, then %sessions-changed. */
	for (i = 0; i < new->nsessions; i++) {
		b = &new->sessions[i];
		if (notify_find_session(old, b->id) != NULL)
			continue;
		for (j = 0; j < b->nwindows; j++) {
			notify_add(list, NOTIFY_WINDOW_ADD, b->id,
			    b->windows[j], 0, NULL, NULL);
		}
		notify_add(list, NOTIFY_SESSIONS_CHANGED, 0, 0, 0, NULL, NULL);
	}
	/* Gone sessions: %sessions-changed, then their windows. */
	for (i = 0; i < old->nsessions; i++) {
		a = &old->sessions[i];
		if (notify_find_session(new, a->id) != NULL)
			continue;
		notify_add(list, NOTIFY_SESSIONS_CHANGED, 0, 0, 0, NULL, NULL);
		for (j = 0; j < a->nwindows; j++) {
			notify_add(list, NOTIFY_WINDOW_CLOSE, a->id,
			    a->windows[j], 0, NULL, NULL);
		}
	}
	/* Sessions in both. */
	for (i = 0; i < new->nsessions; i++) {
		b = &new->sessions[i];
		if ((a = notify_find_session(old, b->id)) == NULL)
			continue;
		if (strcmp(a->name, b->name) != 0) {
			notify_add(list, NOTIFY_SESSION_RENAMED, b->id, 0, 0,
			    b->name, NULL);
		}
		/*
		 * tmux reports a new current winlink, not a new window in the
		 * current one (swap-window keeps the winlink: no notification).
		 */
		if (a->curw_idx != b->curw_idx && b->curw != -1u) {
			notify_add(list, NOTIFY_SESSION_WINDOW_CHANGED, b->id,
			    b->curw, 0, NULL, NULL);
		}
		for (j = 0; j < b->nwindows; j++) {
			if (!notify_has_window(a, b->windows[j])) {
				notify_add(list, NOTIFY_WINDOW_ADD, b->id,
				    b->windows[j], 0, NULL, NULL);
			}
		}
		for (j = 0; j < a->nwindows; j++) {
			if (!notify_has_window(b, a->windows[j])) {
				notify_add(list, NOTIFY_WINDOW_CLOSE, b->id,
				    a->windows[j], 0, NULL, NULL);
			}
		}
	}
	/* Windows in both. */
	for (i = 0; i < new->nwindows; i++) {
		wb = &new->windows[i];
		if ((wa = notify_find_window(old, wb->id)) == NULL) {
			/*
			 * tmux names a window when it is made and renames it
			 * later (a pane put in a mode at once: "[tmux]").
			 */
			if (wb->renamed) {
				notify_add(list, NOTIFY_WINDOW_RENAMED, 0,
				    wb->id, 0, wb->name, NULL);
			}
			continue;
		}
		if (strcmp(wa->name, wb->name) != 0) {
			notify_add(list, NOTIFY_WINDOW_RENAMED, 0, wb->id, 0,
			    wb->name, NULL);
		}
		/*
		 * A pane went: the layout changed first, then the active pane
		 * (tmux's order); a new pane is made active, then laid out.
		 */
		pane_changed = (wa->active != wb->active && wb->active != -1u);
		layout_changed = (strcmp(wa->layout, wb->layout) != 0 ||
		    strcmp(wa->visible, wb->visible) != 0);
		if (pane_changed && (!layout_changed ||
		    wb->npanes >= wa->npanes)) {
			notify_add(list, NOTIFY_WINDOW_PANE_CHANGED, 0, wb->id,
			    wb->active, NULL, NULL);
			pane_changed = 0;
		}
		if (layout_changed) {
			notify_add(list, NOTIFY_LAYOUT_CHANGE, 0, wb->id, 0,
			    NULL, NULL);
		}
		if (pane_changed) {
			notify_add(list, NOTIFY_WINDOW_PANE_CHANGED, 0, wb->id,
			    wb->active, NULL, NULL);
		}
	}
}

static void
notify_deliver(struct client *c, struct notify_event *ne)
{
	struct session		*s = control_session(c), *other;
	struct window		*w;
	struct winlink		*wl;
	struct cmd_find_state	 fs;
	char			*line = NULL, *l, *v, *f;
	const char		*sname;
	struct client		*loop;
	unsigned		 sid;
	int			 own;

	own = 0;
	if (s != NULL && (ne->type == NOTIFY_WINDOW_ADD || ne->type == NOTIFY_WINDOW_CLOSE ||
	    ne->type == NOTIFY_WINDOW_RENAMED ||
	    ne->type == NOTIFY_LAYOUT_CHANGE)) {
		w = window_find_by_id(ne->window);
		own = (w != NULL && winlink_find_by_window(s, w) != NULL);
	}
	/* A client whose session is gone only hears about sessions. */
	if (s == NULL && (ne->type == NOTIFY_WINDOW_ADD ||
	    ne->type == NOTIFY_WINDOW_CLOSE ||
	    ne->type == NOTIFY_WINDOW_RENAMED))
		return;
	switch (ne->type) {
	case NOTIFY_WINDOW_ADD:
		xasprintf(&line, "%%%swindow-add @%u", own ? "" : "unlinked-",
		    ne->window);
		break;
	case NOTIFY_WINDOW_CLOSE:
		xasprintf(&line, "%%%swindow-close @%u",
		    own ? "" : "unlinked-", ne->window);
		break;
	case NOTIFY_WINDOW_RENAMED:
		xasprintf(&line, "%%%swindow-renamed @%u %s",
		    own ? "" : "unlinked-", ne->window, ne->name);
		break;
	case NOTIFY_SESSIONS_CHANGED:
		line = xstrdup("%sessions-changed");
		break;
	case NOTIFY_SESSION_RENAMED:
		xasprintf(&line, "%%session-renamed $%u %s", ne->session,
		    ne->name);
		break;
	case NOTIFY_SESSION_WINDOW_CHANGED:
		xasprintf(&line, "%%session-window-changed $%u @%u",
		    ne->session, ne->window);
		break;
	case NOTIFY_WINDOW_PANE_CHANGED:
		xasprintf(&line, "%%window-pane-changed @%u %%%u", ne->window,
		    ne->pane);
		break;
	case NOTIFY_LAYOUT_CHANGE:
		if (!own || s == NULL)
			break;
		w = window_find_by_id(ne->window);
		if (w == NULL || w->layout_root == NULL)
			break;
		wl = winlink_find_by_window(s, w);
		cmd_find_from_winlink(&fs, wl);
		l = window_zoom_layout_string(w, 0);
		v = window_zoom_layout_string(w, 1);
		f = format_vars_for(NULL, &fs, "#{window_raw_flags}", 0);
		xasprintf(&line, "%%layout-change @%u %s %s %s", w->id, l, v,
		    f);
		xfree(l);
		xfree(v);
		xfree(f);
		break;
	case NOTIFY_CLIENT_SESSION_CHANGED:
		/*
		 * Evaluated when delivered, as tmux does: the client's session
		 * now, or the one it attached to if it has gone since.
		 */
		other = NULL;
		for (loop = control_first(); loop != NULL;
		    loop = control_next(loop)) {
			if (loop == ne->client) {
				other = control_session(loop);
				break;
			}
		}
		if (other == NULL)
			other = session_find_by_id(ne->session);
		sid = other != NULL ? other->id : ne->session;
		sname = other != NULL ? other->name : ne->sname;
		if (ne->client == c) {
			if (s != NULL)
				xasprintf(&line, "%%session-changed $%u %s",
				    sid, sname);
		} else if (s != NULL) {
			xasprintf(&line, "%%client-session-changed %s $%u %s",
			    ne->name, sid, sname);
		}
		break;
	case NOTIFY_PANE_MODE_CHANGED:
		/* Every control client, with a session or not (tmux). */
		xasprintf(&line, "%%pane-mode-changed %%%u", ne->pane);
		break;
	case NOTIFY_CLIENT_DETACHED:
		if (ne->client != c)
			xasprintf(&line, "%%client-detached %s", ne->name);
		break;
	}
	if (line != NULL) {
		control_notify(c, line);
		xfree(line);
	}
}

/* Control clients see panes of their session's windows straight away. */
static void
notify_update_immediate(void)
{
	struct pane	*p;
	int		 any = control_any() || tty_any();

	if (!any && !notify_immediate_on)
		return;
	TAILQ_FOREACH(p, &model_panes, all_entry)
		pane_io_set_immediate(p, any && (control_pane_watched(p) ||
		    tty_pane_watched(p)));
	notify_immediate_on = any;
}

void
notify_flush(void)
{
	struct notify_snapshot	*now;
	struct notify_events	 list, diff;
	struct notify_event	*ne;
	struct client		*c, *next;

	TAILQ_INIT(&list);
	TAILQ_INIT(&diff);
	if (notify_last != NULL) {
		now = notify_take();
		notify_diff(notify_last, now, &diff);
		notify_free_snapshot(notify_last);
		notify_last = now;
	}
	/* A layout reported explicitly is not reported twice. */
	TAILQ_FOREACH(ne, &notify_queue, entry) {
		struct notify_event	*de, *dnext;

		if (ne->type != NOTIFY_LAYOUT_CHANGE)
			continue;
		TAILQ_FOREACH_SAFE(de, &diff, entry, dnext) {
			if (de->type == NOTIFY_LAYOUT_CHANGE &&
			    de->window == ne->window) {
				TAILQ_REMOVE(&diff, de, entry);
				xfree(de);
			}
		}
	}
	TAILQ_CONCAT(&list, &notify_steps, entry);
	TAILQ_CONCAT(&list, &diff, entry);
	TAILQ_CONCAT(&list, &notify_queue, entry);

	for (c = control_first(); c != NULL; c = control_next(c)) {
		TAILQ_FOREACH(ne, &list, entry)
			notify_deliver(c, ne);
	}
	while ((ne = TAILQ_FIRST(&list)) != NULL) {
		TAILQ_REMOVE(&list, ne, entry);
		xfree(ne->name);
		xfree(ne->sname);
		xfree(ne);
	}

	/* Clients whose session went away leave (as 3.3a: %exit, rc 0). */
	for (c = control_first(); c != NULL; c = next) {
		next = control_next(c);
		if (c->control != NULL && control_attached_gone(c))
			control_detach(c, 0, NULL);
	}

	if (!control_any()) {
		notify_free_snapshot(notify_last);
		notify_last = NULL;
	}
	notify_update_immediate();
}

static void
notify_cb(evutil_socket_t fd, short events, void *arg)
{
	notify_flush();
}

void
notify_client_session_changed(struct client *c)
{
	struct session	*s = control_session(c);

	if (s == NULL)
		return;
	notify_add(&notify_queue, NOTIFY_CLIENT_SESSION_CHANGED, s->id, 0, 0,
	    control_name(c), c);
	TAILQ_LAST(&notify_queue, notify_events)->sname = xstrdup(s->name);
	notify_changed();
}

void
notify_client_detached(struct client *c)
{
	notify_add(&notify_queue, NOTIFY_CLIENT_DETACHED, 0, 0, 0,
	    control_name(c), c);
	notify_changed();
}

void
notify_pane_mode_changed(struct pane *p)
{
	notify_add(&notify_queue, NOTIFY_PANE_MODE_CHANGED, 0, 0, p->id, NULL,
	    NULL);
	notify_changed();
}

void
notify_window_layout_changed(struct window *w)
{
	notify_add(&notify_queue, NOTIFY_LAYOUT_CHANGE, 0, w->id, 0, NULL,
	    NULL);
	notify_changed();
}

/*
 * Commands that tmux 3.3a reports in its own order or number, one
 * notification per internal step (move-window adds and closes the moved
 * window, select-layout reports the layout twice, rotate-window not at
 * all...: conformance case control-order): notify_steps_begin() reports
 * what changed before the command, the command says what tmux would
 * (notify_step_*), and notify_steps_end() takes the model as it is
 * without comparing, so nothing is reported twice. Nothing is kept while
 * no control client is attached.
 */
void
notify_steps_begin(void)
{
	struct notify_snapshot	*now;

	if (notify_last == NULL)
		return;
	now = notify_take();
	notify_diff(notify_last, now, &notify_steps);
	notify_free_snapshot(notify_last);
	notify_last = now;
}

void
notify_steps_end(void)
{
	if (notify_last == NULL)
		return;
	notify_free_snapshot(notify_last);
	notify_last = notify_take();
	notify_changed();
}

static void
notify_step(enum notify_type type, struct session *s, struct window *w,
    const char *name)
{
	if (notify_last == NULL)
		return;
	notify_add(&notify_steps, type, s != NULL ? s->id : 0,
	    w != NULL ? w->id : 0, w != NULL && w->active != NULL ?
	    w->active->id : 0, name, NULL);
}

void
notify_step_window_add(struct session *s, struct window *w)
{
	notify_step(NOTIFY_WINDOW_ADD, s, w, NULL);
}

void
notify_step_window_close(struct session *s, struct window *w)
{
	notify_step(NOTIFY_WINDOW_CLOSE, s, w, NULL);
}

void
notify_step_window_renamed(struct window *w)
{
	notify_step(NOTIFY_WINDOW_RENAMED, NULL, w, w->name);
}

void
notify_step_session_window_changed(struct session *s)
{
	if (s->curw != NULL)
		notify_step(NOTIFY_SESSION_WINDOW_CHANGED, s, s->curw->window,
		    NULL);
}

void
notify_step_window_pane_changed(struct window *w)
{
	notify_step(NOTIFY_WINDOW_PANE_CHANGED, NULL, w, NULL);
}

void
notify_step_layout_change(struct window *w)
{
	notify_step(NOTIFY_LAYOUT_CHANGE, NULL, w, NULL);
}
