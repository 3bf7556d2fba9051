/*
 * Sessions: created, found by name or id, kept sorted by name (tmux keeps an
 * RB tree by name; list-sessions prints in that order).
 */
#include <string.h>
#include <stdlib.h>

#include "engine/base/xmalloc.h"
#include "engine/model/model.h"
#include "engine/term/vt.h"

struct sessions	 model_sessions = TAILQ_HEAD_INITIALIZER(model_sessions);
struct panes	 model_panes = TAILQ_HEAD_INITIALIZER(model_panes);
struct panes	 model_popups = TAILQ_HEAD_INITIALIZER(model_popups);
struct environ	 global_environ = TAILQ_HEAD_INITIALIZER(global_environ);
void		(*model_options_free)(struct options *);
void		(*model_mode_free)(struct pane *);
void		(*model_alerts_free)(struct window *);
void		(*model_window_selected)(struct window *);
static unsigned	 next_session_id;
/*
 * Every session in id order (ids only grow, so creation appends), for
 * session_find_by_id: each pane read looked up every control client's
 * session, and a walk of the list was 68 % of the server's time with
 * 1000 sessions and 50 control clients (bench/soak.py, perf).
 */
static struct session	**session_ids;
static unsigned		  session_nids;

void
session_init(void)
{
	TAILQ_INIT(&model_sessions);
	TAILQ_INIT(&model_panes);
	TAILQ_INIT(&model_popups);
	TAILQ_INIT(&global_environ);
}

unsigned
session_next_id(void)
{
	return (next_session_id);
}

void
session_set_next_id(unsigned id)
{
	if (id >= next_session_id)
		next_session_id = id;
}

static void
session_insert_sorted(struct session *s)
{
	struct session	*loop;

	TAILQ_FOREACH(loop, &model_sessions, entry) {
		if (strcmp(s->name, loop->name) < 0) {
			TAILQ_INSERT_BEFORE(loop, s, entry);
			return;
		}
	}
	TAILQ_INSERT_TAIL(&model_sessions, s, entry);
}

struct session *
session_create(const char *name, const char *cwd, unsigned sx, unsigned sy)
{
	struct session	*s;

	s = xcalloc(1, sizeof *s);
	s->id = next_session_id++;
	if (name != NULL)
		s->name = xstrdup(name);
	else
		xasprintf(&s->name, "%u", s->id);
	s->cwd = xstrdup(cwd);
	s->sx = sx;
	s->sy = sy;
	TAILQ_INIT(&s->windows);
	TAILQ_INIT(&s->lastw);
	environ_init(&s->environ);
	gettimeofday(&s->created, NULL);
	s->activity = s->created;
	session_insert_sorted(s);
	session_ids = xreallocarray(session_ids, session_nids + 1,
	    sizeof *session_ids);
	session_ids[session_nids++] = s;
	return (s);
}

/* Where id is, or would be, in session_ids. */
static unsigned
session_id_slot(unsigned id)
{
	unsigned	lo = 0, hi = session_nids, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (session_ids[mid]->id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (lo);
}

static void	session_group_remove(struct session *);

void
session_destroy(struct session *s)
{
	struct winlink	*wl;
	unsigned	 i;

	TAILQ_REMOVE(&model_sessions, s, entry);
	i = session_id_slot(s->id);
	if (i < session_nids && session_ids[i] == s) {
		memmove(&session_ids[i], &session_ids[i + 1],
		    (session_nids - i - 1) * sizeof *session_ids);
		session_nids--;
	}
	session_group_remove(s);
	while ((wl = TAILQ_FIRST(&s->windows)) != NULL)
		winlink_remove(wl);
	environ_clear(&s->environ);
	if (s->options != NULL && model_options_free != NULL)
		model_options_free(s->options);
	xfree(s->name);
	xfree(s->cwd);
	xfree(s);
}

struct session *
session_find(const char *name)
{
	struct session	*s;

	TAILQ_FOREACH(s, &model_sessions, entry) {
		if (strcmp(s->name, name) == 0)
			return (s);
	}
	return (NULL);
}

struct session *
session_find_by_id(unsigned id)
{
	unsigned	i = session_id_slot(id);

	if (i < session_nids && session_ids[i]->id == id)
		return (session_ids[i]);
	return (NULL);
}

int
session_rename(struct session *s, const char *name)
{
	if (session_find(name) != NULL)
		return (-1);
	TAILQ_REMOVE(&model_sessions, s, entry);
	xfree(s->name);
	s->name = xstrdup(name);
	session_insert_sorted(s);
	return (0);
}

unsigned
session_count(void)
{
	struct session	*s;
	unsigned	 n = 0;

	TAILQ_FOREACH(s, &model_sessions, entry)
		n++;
	return (n);
}

/* tmux's cmd_find_best_session: the most recently active one. */
struct session *
session_most_recent(void)
{
	struct session	*s, *best = NULL;

	TAILQ_FOREACH(s, &model_sessions, entry) {
		if (best == NULL || timercmp(&s->activity, &best->activity, >))
			best = s;
	}
	return (best);
}

void
session_touch(struct session *s)
{
	gettimeofday(&s->activity, NULL);
}

struct session *
session_create_prefixed(const char *prefix, const char *cwd, unsigned sx,
    unsigned sy)
{
	char	*name;

	/* tmux: PREFIX-ID, skipping names that are taken. */
	do {
		xasprintf(&name, "%s-%u", prefix, next_session_id);
		if (session_find(name) == NULL)
			break;
		xfree(name);
		next_session_id++;
	} while (1);
	{
		struct session	*s = session_create(name, cwd, sx, sy);

		xfree(name);
		return (s);
	}
}

static TAILQ_HEAD(, session_group) session_groups =
    TAILQ_HEAD_INITIALIZER(session_groups);

struct session_group *
session_group_find(const char *name)
{
	struct session_group	*sg;

	TAILQ_FOREACH(sg, &session_groups, entry) {
		if (strcmp(sg->name, name) == 0)
			return (sg);
	}
	return (NULL);
}

struct session_group *
session_group_new(const char *name)
{
	struct session_group	*sg;

	if ((sg = session_group_find(name)) != NULL)
		return (sg);
	sg = xcalloc(1, sizeof *sg);
	sg->name = xstrdup(name);
	TAILQ_INSERT_TAIL(&session_groups, sg, entry);
	return (sg);
}

void
session_group_add(struct session_group *sg, struct session *s)
{
	if (s->group == sg)
		return;
	sg->members = xreallocarray(sg->members, sg->n + 1,
	    sizeof *sg->members);
	sg->members[sg->n++] = s;
	s->group = sg;
}

/* Called by session_destroy. */
static void
session_group_remove(struct session *s)
{
	struct session_group	*sg = s->group;
	unsigned		 i;

	if (sg == NULL)
		return;
	for (i = 0; i < sg->n; i++) {
		if (sg->members[i] == s) {
			memmove(&sg->members[i], &sg->members[i + 1],
			    (sg->n - i - 1) * sizeof *sg->members);
			sg->n--;
			break;
		}
	}
	s->group = NULL;
	if (sg->n == 0) {
		TAILQ_REMOVE(&session_groups, sg, entry);
		xfree(sg->members);
		xfree(sg->name);
		xfree(sg);
	}
}

unsigned
session_group_size(struct session *s)
{
	return (s->group != NULL ? s->group->n : 0);
}

/* Give t the same windows at the same indexes as s (tmux's synchronize1). */
static void
session_group_synchronize1(struct session *s, struct session *t)
{
	struct winlinks	 old_windows, old_lastw;
	struct winlink	*wl, *wl2;
	int		 curidx = -1;

	if (TAILQ_EMPTY(&s->windows))
		return;
	if (t->curw != NULL && winlink_find_by_index(s, t->curw->idx) != NULL)
		curidx = t->curw->idx;

	TAILQ_INIT(&old_windows);
	TAILQ_CONCAT(&old_windows, &t->windows, entry);
	TAILQ_INIT(&old_lastw);
	TAILQ_CONCAT(&old_lastw, &t->lastw, sentry);
	t->curw = NULL;

	TAILQ_FOREACH(wl, &s->windows, entry)
		winlink_add(t, wl->window, wl->idx);
	if (curidx != -1)
		t->curw = winlink_find_by_index(t, curidx);
	if (t->curw == NULL && s->curw != NULL)
		t->curw = winlink_find_by_index(t, s->curw->idx);
	TAILQ_FOREACH(wl, &old_lastw, sentry) {
		wl2 = winlink_find_by_index(t, wl->idx);
		if (wl2 != NULL && wl2 != t->curw)
			TAILQ_INSERT_TAIL(&t->lastw, wl2, sentry);
	}
	/* Drop the old links: windows still linked survive (references). */
	while ((wl = TAILQ_FIRST(&old_windows)) != NULL) {
		TAILQ_REMOVE(&old_windows, wl, entry);
		if (--wl->window->references == 0)
			window_destroy(wl->window);
		xfree(wl);
	}
}

void
session_group_synchronize_from(struct session *s)
{
	struct session_group	*sg = s->group;
	unsigned		 i;

	if (sg == NULL)
		return;
	for (i = 0; i < sg->n; i++) {
		if (sg->members[i] != s)
			session_group_synchronize1(s, sg->members[i]);
	}
}

void
session_group_synchronize_to(struct session *s)
{
	struct session_group	*sg = s->group;
	unsigned		 i;

	if (sg == NULL)
		return;
	for (i = 0; i < sg->n; i++) {
		if (sg->members[i] != s) {
			session_group_synchronize1(sg->members[i], s);
			return;
		}
	}
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

void
session_renumber(struct session *s, int base)
{
	struct winlink	*wl;

	TAILQ_FOREACH(wl, &s->windows, entry)
		wl->idx = base++;
}
