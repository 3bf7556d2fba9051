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

void
window_set_next_ids(unsigned window_id, unsigned pane_id)
{
	if (window_id >= next_window_id)
		next_window_id = window_id;
	if (pane_id >= next_pane_id)
		next_pane_id = pane_id;
}

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
		window_pane_destroy(p);
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

struct pane *
window_pane_create(struct window *w, unsigned sx, unsigned sy, unsigned hlimit)
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
window_pane_create_popup(unsigned sx, unsigned sy)
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
window_pane_adopt_popup(struct pane *p, struct window *w)
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
window_pane_find_by_id(unsigned id)
{
	struct pane	*p;

	TAILQ_FOREACH(p, &model_panes, all_entry) {
		if (p->id == id)
			return (p);
	}
	return (NULL);
}

unsigned
window_pane_index(struct pane *p)
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
window_pane_at_index(struct window *w, unsigned idx)
{
	struct pane	*p;

	TAILQ_FOREACH(p, &w->panes, entry) {
		if (idx-- == 0)
			return (p);
	}
	return (NULL);
}

void
window_pane_set_active(struct pane *p)
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
window_pane_destroy(struct pane *p)
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
window_pane_winlink(struct pane *p, struct session **sp)
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

void
window_pane_move_next_to(struct pane *p, struct pane *other, int before)
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
window_spans_touch(unsigned a, unsigned alen, unsigned b, unsigned blen)
{
	return (a <= b + blen && b <= a + alen);
}

/*
 * tmux's window_pane_find_{left,right,up,down}: the panes across the
 * border next to wp (wrapping round the window), the most recently active
 * of them.
 */
struct pane *
window_pane_find_adjacent(struct pane *wp, char dir)
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
			    !window_spans_touch(p->yoff, p->sy, wp->yoff, wp->sy))
				continue;
			break;
		case 'R':
			if (p->xoff != edge ||
			    !window_spans_touch(p->yoff, p->sy, wp->yoff, wp->sy))
				continue;
			break;
		case 'U':
			if (p->yoff + p->sy + 1 != edge ||
			    !window_spans_touch(p->xoff, p->sx, wp->xoff, wp->sx))
				continue;
			break;
		default:
			if (p->yoff != edge ||
			    !window_spans_touch(p->xoff, p->sx, wp->xoff, wp->sx))
				continue;
			break;
		}
		if (best == NULL || p->active_point > best->active_point)
			best = p;
	}
	return (best);
}

void
window_pane_move_to_window(struct pane *p, struct window *w)
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
