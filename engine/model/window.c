/*
 * Windows, winlinks (a window's place in a session) and panes.
 */
#include <limits.h>
#include <string.h>
#include <stdlib.h>

#include "engine/base/xmalloc.h"
#include "engine/model/layout.h"
#include "engine/model/model.h"
#include "engine/term/vt.h"

static TAILQ_HEAD(, window) all_windows = TAILQ_HEAD_INITIALIZER(all_windows);
static unsigned	 next_window_id;
static unsigned	 next_pane_id;
static unsigned	 next_active_point;

struct window *
window_create(unsigned sx, unsigned sy)
{
	struct window	*w;

	w = xcalloc(1, sizeof *w);
	w->id = next_window_id++;
	w->name = xstrdup("");
	w->automatic_rename = 1;
	w->sx = sx;
	w->sy = sy;
	TAILQ_INIT(&w->panes);
	gettimeofday(&w->created, NULL);
	w->activity = w->created;
	TAILQ_INSERT_TAIL(&all_windows, w, all_entry);
	return (w);
}

struct window *
window_find_by_id(unsigned id)
{
	struct window	*w;

	TAILQ_FOREACH(w, &all_windows, all_entry) {
		if (w->id == id)
			return (w);
	}
	return (NULL);
}

void
window_set_name(struct window *w, const char *name)
{
	xfree(w->name);
	w->name = xstrdup(name);
}

void
window_destroy(struct window *w)
{
	struct pane	*p;

	layout_free(w);
	if (w->saved_layout_root != NULL) {
		w->layout_root = w->saved_layout_root;
		w->saved_layout_root = NULL;
		layout_free(w);
	}
	while ((p = TAILQ_FIRST(&w->panes)) != NULL)
		pane_destroy(p);
	TAILQ_REMOVE(&all_windows, w, all_entry);
	if (w->silence_timer != NULL && model_alerts_free != NULL)
		model_alerts_free(w);
	xfree(w->old_layout);
	if (w->options != NULL && model_options_free != NULL)
		model_options_free(w->options);
	xfree(w->name);
	xfree(w);
}

unsigned
window_pane_count(struct window *w)
{
	struct pane	*p;
	unsigned	 n = 0;

	TAILQ_FOREACH(p, &w->panes, entry)
		n++;
	return (n);
}

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

static int
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

/* Make wl current, pushing the old current window on the last stack. */
void
session_select(struct session *s, struct winlink *wl)
{
	if (s->curw == wl)
		return;
	if (winlink_in_stack(s, wl))
		TAILQ_REMOVE(&s->lastw, wl, sentry);
	if (s->curw != NULL)
		TAILQ_INSERT_HEAD(&s->lastw, s->curw, sentry);
	s->curw = wl;
	winlink_clear_alerts(wl);
	if (model_window_selected != NULL)
		model_window_selected(wl->window);
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

struct pane *
pane_create(struct window *w, unsigned sx, unsigned sy, unsigned hlimit)
{
	struct pane	*p;

	p = xcalloc(1, sizeof *p);
	p->id = next_pane_id++;
	p->window = w;
	p->sx = sx;
	p->sy = sy;
	p->fd = -1;
	p->screen = vt_screen_new(sx, sy, hlimit);
	gettimeofday(&p->created, NULL);
	TAILQ_INSERT_TAIL(&w->panes, p, entry);
	TAILQ_INSERT_TAIL(&model_panes, p, all_entry);
	if (w->active == NULL)
		w->active = p;
	return (p);
}

struct pane *
pane_create_popup(unsigned sx, unsigned sy)
{
	struct pane	*p;

	p = xcalloc(1, sizeof *p);
	p->id = -1u;
	p->sx = sx;
	p->sy = sy;
	p->fd = -1;
	p->screen = vt_screen_new(sx, sy, 0);
	gettimeofday(&p->created, NULL);
	TAILQ_INSERT_TAIL(&model_popups, p, all_entry);
	return (p);
}

/*
 * A popup's pane becomes one of w's, after its active pane, with a pane id
 * of its own (the popup menu's "To Horizontal Pane"); the caller lays it
 * out.
 */
void
pane_adopt_popup(struct pane *p, struct window *w)
{
	TAILQ_REMOVE(&model_popups, p, all_entry);
	p->window = w;
	p->id = next_pane_id++;
	if (w->active != NULL)
		TAILQ_INSERT_AFTER(&w->panes, w->active, p, entry);
	else
		TAILQ_INSERT_TAIL(&w->panes, p, entry);
	TAILQ_INSERT_TAIL(&model_panes, p, all_entry);
}

struct pane *
pane_find_by_id(unsigned id)
{
	struct pane	*p;

	TAILQ_FOREACH(p, &model_panes, all_entry) {
		if (p->id == id)
			return (p);
	}
	return (NULL);
}

unsigned
pane_index(struct pane *p)
{
	struct pane	*loop;
	unsigned	 n = 0;

	TAILQ_FOREACH(loop, &p->window->panes, entry) {
		if (loop == p)
			break;
		n++;
	}
	return (n);
}

struct pane *
pane_at_index(struct window *w, unsigned idx)
{
	struct pane	*p;

	TAILQ_FOREACH(p, &w->panes, entry) {
		if (idx-- == 0)
			return (p);
	}
	return (NULL);
}

void
pane_set_active(struct pane *p)
{
	window_set_active(p->window, p);
}

void
window_set_active(struct window *w, struct pane *p)
{
	if (w->active == p)
		return;
	w->last = w->active;
	w->active = p;
	p->active_point = ++next_active_point;
}

void
pane_destroy(struct pane *p)
{
	struct window	*w = p->window;
	int		 i;

	if (w == NULL)
		TAILQ_REMOVE(&model_popups, p, all_entry);
	else {
		TAILQ_REMOVE(&w->panes, p, entry);
		TAILQ_REMOVE(&model_panes, p, all_entry);
		if (w->last == p)
			w->last = NULL;
		if (w->active == p) {
			w->active = w->last != NULL ? w->last :
			    TAILQ_FIRST(&w->panes);
			w->last = NULL;
		}
	}
	if (p->mode != NULL && model_mode_free != NULL)
		model_mode_free(p);
	vt_screen_free(p->screen);
	if (p->options != NULL && model_options_free != NULL)
		model_options_free(p->options);
	xfree(p->start_cwd);
	xfree(p->start_command);
	for (i = 0; i < p->start_argc; i++)
		xfree(p->start_argv[i]);
	xfree(p->start_argv);
	xfree(p->shell);
	xfree(p);
}

/* A winlink showing this pane's window (the session's current if any). */
struct winlink *
pane_winlink(struct pane *p, struct session **sp)
{
	struct session	*s;
	struct winlink	*wl;

	TAILQ_FOREACH(s, &model_sessions, entry) {
		wl = winlink_find_by_window(s, p->window);
		if (wl != NULL) {
			if (sp != NULL)
				*sp = s;
			return (wl);
		}
	}
	return (NULL);
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

void
pane_move_next_to(struct pane *p, struct pane *other, int before)
{
	struct window	*w = p->window;

	TAILQ_REMOVE(&w->panes, p, entry);
	if (before)
		TAILQ_INSERT_BEFORE(other, p, entry);
	else
		TAILQ_INSERT_AFTER(&w->panes, other, p, entry);
}

/* Do the spans [a, a+alen) and [b, b+blen) overlap (border included)? */
static int
spans_touch(unsigned a, unsigned alen, unsigned b, unsigned blen)
{
	return (a <= b + blen && b <= a + alen);
}

/*
 * tmux's window_pane_find_{left,right,up,down}: the panes across the
 * border next to wp (wrapping round the window), the most recently active
 * of them.
 */
struct pane *
pane_find_adjacent(struct pane *wp, char dir)
{
	struct window	*w = wp->window;
	struct pane	*p, *best = NULL;
	unsigned	 edge;

	switch (dir) {
	case 'L':
		edge = wp->xoff == 0 ? w->sx + 1 : wp->xoff;
		break;
	case 'R':
		edge = wp->xoff + wp->sx + 1 >= w->sx ? 0 : wp->xoff + wp->sx + 1;
		break;
	case 'U':
		edge = wp->yoff == 0 ? w->sy + 1 : wp->yoff;
		break;
	default:
		edge = wp->yoff + wp->sy + 1 >= w->sy ? 0 : wp->yoff + wp->sy + 1;
		break;
	}
	TAILQ_FOREACH(p, &w->panes, entry) {
		if (p == wp)
			continue;
		switch (dir) {
		case 'L':
			if (p->xoff + p->sx + 1 != edge ||
			    !spans_touch(p->yoff, p->sy, wp->yoff, wp->sy))
				continue;
			break;
		case 'R':
			if (p->xoff != edge ||
			    !spans_touch(p->yoff, p->sy, wp->yoff, wp->sy))
				continue;
			break;
		case 'U':
			if (p->yoff + p->sy + 1 != edge ||
			    !spans_touch(p->xoff, p->sx, wp->xoff, wp->sx))
				continue;
			break;
		default:
			if (p->yoff != edge ||
			    !spans_touch(p->xoff, p->sx, wp->xoff, wp->sx))
				continue;
			break;
		}
		if (best == NULL || p->active_point > best->active_point)
			best = p;
	}
	return (best);
}

void
pane_move_to_window(struct pane *p, struct window *w)
{
	struct window	*old = p->window;

	if (w == NULL) {
		TAILQ_REMOVE(&old->panes, p, entry);
		if (old->last == p)
			old->last = NULL;
		if (old->active == p) {
			old->active = old->last != NULL ? old->last :
			    TAILQ_FIRST(&old->panes);
			old->last = NULL;
		}
		return;
	}
	p->window = w;
	TAILQ_INSERT_TAIL(&w->panes, p, entry);
	if (w->active == NULL)
		w->active = p;
}

void
session_renumber(struct session *s, int base)
{
	struct winlink	*wl;

	TAILQ_FOREACH(wl, &s->windows, entry)
		wl->idx = base++;
}
