/*
 * Alerts, as tmux 3.3a's alerts.c: output in a window (monitor-activity),
 * a bell (monitor-bell) or monitor-silence seconds without output. An
 * alert flags the window where it is not being looked at (# ! ~ in
 * #{window_flags}, until it is selected), runs the alert-* hook and shows
 * "Bell in window 1" (visual-*) or rings attached terminals, as
 * bell-action, activity-action and silence-action allow.
 *
 * Output only marks the window and queues it; the checks run once per
 * event loop turn for all queued windows (many panes writing at once cost
 * one pass).
 */
#include <sys/time.h>

#include <event2/event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "engine/term/vt.h"
#include "tmux-compat/hooks.h"
#include "tmux-compat/options.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"

/* Windows waiting for the check, by id (a window may go meanwhile). */
static unsigned		*alerts_queue_ids;
static unsigned		 alerts_queue_len, alerts_queue_size;
static struct event	*alerts_ev;

static void	alerts_callback(evutil_socket_t, short, void *);

/* Does an alert of this kind do anything in w (the monitor-* options)? */
static int
alerts_enabled(struct window *w, int flags)
{
	if ((flags & WINDOW_BELL) &&
	    options_window_number(w, "monitor-bell"))
		return (1);
	if ((flags & WINDOW_ACTIVITY) &&
	    options_window_number(w, "monitor-activity"))
		return (1);
	if ((flags & WINDOW_SILENCE) &&
	    options_window_number(w, "monitor-silence") != 0)
		return (1);
	return (0);
}

static void
alerts_timer_cb(evutil_socket_t fd, short events, void *arg)
{
	struct window	*w = window_find_by_id((unsigned)(uintptr_t)arg);

	(void)fd;
	(void)events;
	if (w != NULL)
		alerts_queue(w, WINDOW_SILENCE);
}

static void
alerts_free_timer(struct window *w)
{
	event_free(w->silence_timer);
	w->silence_timer = NULL;
}

/* Start monitor-silence's count again (output came, or the option). */
static void
alerts_reset(struct window *w)
{
	struct timeval	tv = { 0, 0 };

	w->alerts &= ~WINDOW_SILENCE;
	tv.tv_sec = (time_t)options_window_number(w, "monitor-silence");
	if (tv.tv_sec == 0) {
		if (w->silence_timer != NULL)
			alerts_free_timer(w);
		return;
	}
	if (w->silence_timer == NULL) {
		w->silence_timer = evtimer_new(server_event_base(),
		    alerts_timer_cb, (void *)(uintptr_t)w->id);
	}
	evtimer_add(w->silence_timer, &tv);
}

void
alerts_reset_all(void)
{
	struct session	*s;
	struct winlink	*wl;

	TAILQ_FOREACH(s, &model_sessions, entry) {
		TAILQ_FOREACH(wl, &s->windows, entry)
			alerts_reset(wl->window);
	}
}

void
alerts_queue(struct window *w, int flags)
{
	alerts_reset(w);
	w->alerts |= flags;
	if (!alerts_enabled(w, flags) || (w->alerts & WINDOW_ALERTS_QUEUED))
		return;
	w->alerts |= WINDOW_ALERTS_QUEUED;
	if (alerts_queue_len == alerts_queue_size) {
		alerts_queue_size = alerts_queue_size * 2 + 8;
		alerts_queue_ids = xreallocarray(alerts_queue_ids,
		    alerts_queue_size, sizeof *alerts_queue_ids);
	}
	alerts_queue_ids[alerts_queue_len++] = w->id;
	if (alerts_ev == NULL)
		alerts_ev = event_new(server_event_base(), -1, 0,
		    alerts_callback, NULL);
	event_active(alerts_ev, 0, 0);
}

/* Selecting a window counts as activity in it (tmux's session_set_current). */
static void
alerts_window_selected(struct window *w)
{
	gettimeofday(&w->activity, NULL);
	alerts_queue(w, WINDOW_ACTIVITY);
}

void
alerts_init(void)
{
	model_alerts_free = alerts_free_timer;
	model_window_selected = alerts_window_selected;
}

void
alerts_pane_output(struct pane *p, unsigned events)
{
	struct window	*w = p->window;
	int		 flags = WINDOW_ACTIVITY;

	gettimeofday(&w->activity, NULL);
	if (events & VT_EVENT_BELL)
		flags |= WINDOW_BELL;
	alerts_queue(w, flags);
}

/* bell-action and the others: any, none, current or other window. */
static int
alerts_action_applies(struct winlink *wl, const char *name)
{
	switch (options_session_number(wl->session, name)) {
	case 1:		/* any */
		return (1);
	case 2:		/* current */
		return (wl == wl->session->curw);
	case 3:		/* other */
		return (wl != wl->session->curw);
	}
	return (0);
}

/* visual-*: a message (on, both) and the terminal's bell (off, both). */
static void
alerts_set_message(struct winlink *wl, const char *type, const char *option)
{
	struct tty_client	*tc;
	struct session		*s = wl->session;
	long long		 visual = options_session_number(s, option);
	char			*msg;

	for (tc = tty_first(); tc != NULL; tc = tty_next(tc)) {
		if (tty_session(tc->c) != s)
			continue;
		if (visual == 0 || visual == 2)		/* off, both */
			tty_bell(tc->c);
		if (visual == 0)
			continue;
		if (s->curw == wl)
			xasprintf(&msg, "%s in current window", type);
		else
			xasprintf(&msg, "%s in window %d", type, wl->idx);
		tty_set_message(tc->c, msg);
		xfree(msg);
	}
}

/* A winlink to tell about an alert, found again after hooks have run. */
struct alerts_target {
	unsigned	sid;
	int		idx;
	int		message;	/* the first in its session */
};

/*
 * One kind of alert for every winlink of window wid: flag it where it is
 * not seen, then the hook and, once per session (tmux's SESSION_ALERTED),
 * the message. A bell flags again even if flagged; activity and silence
 * do not. Hooks can close windows and sessions: the winlinks are
 * collected first and looked up again for each.
 */
static void
alerts_check(unsigned wid, int flag, const char *monitor,
    const char *action, const char *hook, const char *type,
    const char *visual)
{
	struct window		*w = window_find_by_id(wid);
	struct session		*s;
	struct winlink		*wl;
	struct cmd_find_state	 fs;
	struct alerts_target	*list = NULL;
	unsigned		 n = 0, i, j;

	if (w == NULL || !(w->alerts & flag) ||
	    options_window_number(w, monitor) == 0)
		return;
	TAILQ_FOREACH(s, &model_sessions, entry) {
		TAILQ_FOREACH(wl, &s->windows, entry) {
			if (wl->window != w)
				continue;
			if (flag != WINDOW_BELL && (wl->alerts & flag))
				continue;
			if (s->curw != wl || s->attached == 0) {
				wl->alerts |= flag;
				tty_redraw_all();
			}
			if (!alerts_action_applies(wl, action))
				continue;
			list = xreallocarray(list, n + 1, sizeof *list);
			list[n].sid = s->id;
			list[n].idx = wl->idx;
			list[n].message = 1;
			for (j = 0; j < n; j++) {
				if (list[j].sid == s->id)
					list[n].message = 0;
			}
			n++;
		}
	}
	for (i = 0; i < n; i++) {
		if ((s = session_find_by_id(list[i].sid)) == NULL ||
		    (wl = winlink_find_by_index(s, list[i].idx)) == NULL ||
		    wl->window->id != wid)
			continue;
		cmd_find_from_winlink(&fs, wl);
		hooks_notify(hook, s, wl->window, NULL, &fs);
		if (list[i].message &&
		    (s = session_find_by_id(list[i].sid)) != NULL &&
		    (wl = winlink_find_by_index(s, list[i].idx)) != NULL &&
		    wl->window->id == wid)
			alerts_set_message(wl, type, visual);
	}
	xfree(list);
}

static void
alerts_check_all(unsigned wid)
{
	alerts_check(wid, WINDOW_BELL, "monitor-bell", "bell-action",
	    "alert-bell", "Bell", "visual-bell");
	alerts_check(wid, WINDOW_ACTIVITY, "monitor-activity",
	    "activity-action", "alert-activity", "Activity",
	    "visual-activity");
	alerts_check(wid, WINDOW_SILENCE, "monitor-silence", "silence-action",
	    "alert-silence", "Silence", "visual-silence");
}

void
alerts_check_session(struct session *s)
{
	struct winlink	*wl;
	unsigned	*ids = NULL, n = 0, i;

	TAILQ_FOREACH(wl, &s->windows, entry) {
		ids = xreallocarray(ids, n + 1, sizeof *ids);
		ids[n++] = wl->window->id;
	}
	for (i = 0; i < n; i++)
		alerts_check_all(ids[i]);
	xfree(ids);
}

static void
alerts_callback(evutil_socket_t fd, short events, void *arg)
{
	struct window	*w;
	unsigned	*ids = alerts_queue_ids, n = alerts_queue_len, i;

	(void)fd;
	(void)events;
	(void)arg;
	/* Hooks may queue more: they wait for the next turn. */
	alerts_queue_ids = NULL;
	alerts_queue_len = alerts_queue_size = 0;
	for (i = 0; i < n; i++) {
		alerts_check_all(ids[i]);
		if ((w = window_find_by_id(ids[i])) != NULL)
			w->alerts = 0;
	}
	xfree(ids);
}
