/*
 * Winlinks: a session's references to windows, by index, and its stack
 * of last-used windows.
 */
#include <limits.h>
#include <string.h>
#include <stdlib.h>

#include "engine/base/xmalloc.h"
#include "engine/model/model.h"

struct winlink *
winlink_find_by_index(struct session *s, int idx)
{
	struct winlink	*wl;

	TAILQ_FOREACH(wl, &s->windows, entry) {
		if (wl->idx == idx)
			return (wl);
	}
	return (NULL);
}

struct winlink *
winlink_find_by_window(struct session *s, struct window *w)
{
	struct winlink	*wl;

	TAILQ_FOREACH(wl, &s->windows, entry) {
		if (wl->window == w)
			return (wl);
	}
	return (NULL);
}

/* The first free index at or after base. */
int
winlink_next_index(struct session *s, int base)
{
	int	idx = base;

	while (winlink_find_by_index(s, idx) != NULL)
		idx++;
	return (idx);
}

unsigned
winlink_count(struct session *s)
{
	struct winlink	*wl;
	unsigned	 n = 0;

	TAILQ_FOREACH(wl, &s->windows, entry)
		n++;
	return (n);
}

struct winlink *
winlink_add(struct session *s, struct window *w, int idx)
{
	struct winlink	*wl, *loop;

	wl = xcalloc(1, sizeof *wl);
	wl->idx = idx;
	wl->session = s;
	wl->window = w;
	w->references++;
	TAILQ_FOREACH(loop, &s->windows, entry) {
		if (loop->idx > idx) {
			TAILQ_INSERT_BEFORE(loop, wl, entry);
			return (wl);
		}
	}
	TAILQ_INSERT_TAIL(&s->windows, wl, entry);
	return (wl);
}

int
winlink_in_stack(struct session *s, struct winlink *wl)
{
	struct winlink	*loop;

	TAILQ_FOREACH(loop, &s->lastw, sentry) {
		if (loop == wl)
			return (1);
	}
	return (0);
}

void
winlink_remove(struct winlink *wl)
{
	struct session	*s = wl->session;
	struct window	*w = wl->window;

	if (winlink_in_stack(s, wl))
		TAILQ_REMOVE(&s->lastw, wl, sentry);
	TAILQ_REMOVE(&s->windows, wl, entry);
	if (s->curw == wl) {
		s->curw = TAILQ_FIRST(&s->lastw);
		if (s->curw != NULL)
			TAILQ_REMOVE(&s->lastw, s->curw, sentry);
		else
			s->curw = TAILQ_FIRST(&s->windows);
	}
	xfree(wl);
	if (--w->references == 0)
		window_destroy(w);
}

/* The window is seen: its alerts go, in every session it is linked to. */
void
winlink_clear_alerts(struct winlink *wl)
{
	struct session	*s;
	struct winlink	*loop;

	wl->window->alerts &= WINDOW_ALERTS_QUEUED;
	wl->alerts = 0;
	if (wl->window->references == 1)
		return;
	TAILQ_FOREACH(s, &model_sessions, entry) {
		TAILQ_FOREACH(loop, &s->windows, entry) {
			if (loop->window == wl->window)
				loop->alerts = 0;
		}
	}
}

/*
 * tmux's winlink_shuffle_up: the index after wl (or wl's own with before)
 * is made free by moving every window from there up by one. -1 if the
 * indexes are exhausted.
 */
int
winlink_shuffle_up(struct session *s, struct winlink *wl, int before)
{
	struct winlink	*loop;
	int		 idx, last;

	if (wl == NULL)
		return (-1);
	idx = before ? wl->idx : wl->idx + 1;
	/* Find the first free index at or after idx. */
	for (last = idx; winlink_find_by_index(s, last) != NULL; last++) {
		if (last == INT_MAX)
			return (-1);
	}
	/* Move every window in [idx, last) up by one, highest first. */
	TAILQ_FOREACH_REVERSE(loop, &s->windows, winlinks, entry) {
		if (loop->idx >= idx && loop->idx < last)
			loop->idx++;
	}
	return (idx);
}
