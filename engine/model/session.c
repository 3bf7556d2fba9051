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
struct environ	 global_environ = TAILQ_HEAD_INITIALIZER(global_environ);
void		(*model_options_free)(struct options *);
static unsigned	 next_session_id;

void
model_init(void)
{
	TAILQ_INIT(&model_sessions);
	TAILQ_INIT(&model_panes);
	TAILQ_INIT(&global_environ);
}

unsigned
session_next_id(void)
{
	return (next_session_id);
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
	return (s);
}

void
session_destroy(struct session *s)
{
	struct winlink	*wl;

	TAILQ_REMOVE(&model_sessions, s, entry);
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
	struct session	*s;

	TAILQ_FOREACH(s, &model_sessions, entry) {
		if (s->id == id)
			return (s);
	}
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

void
environ_init(struct environ *env)
{
	TAILQ_INIT(env);
}

void
environ_clear(struct environ *env)
{
	struct environ_entry	*e;

	while ((e = TAILQ_FIRST(env)) != NULL) {
		TAILQ_REMOVE(env, e, entry);
		xfree(e->name);
		xfree(e->value);
		xfree(e);
	}
}

struct environ_entry *
environ_find(struct environ *env, const char *name)
{
	struct environ_entry	*e;

	TAILQ_FOREACH(e, env, entry) {
		if (strcmp(e->name, name) == 0)
			return (e);
	}
	return (NULL);
}

/* Set (value NULL marks it to be removed from a child's environment). */
void
environ_set(struct environ *env, const char *name, const char *value)
{
	struct environ_entry	*e, *loop;

	if ((e = environ_find(env, name)) != NULL) {
		xfree(e->value);
		e->value = value != NULL ? xstrdup(value) : NULL;
		return;
	}
	e = xcalloc(1, sizeof *e);
	e->name = xstrdup(name);
	e->value = value != NULL ? xstrdup(value) : NULL;
	TAILQ_FOREACH(loop, env, entry) {
		if (strcmp(name, loop->name) < 0) {
			TAILQ_INSERT_BEFORE(loop, e, entry);
			return;
		}
	}
	TAILQ_INSERT_TAIL(env, e, entry);
}

void
environ_put(struct environ *env, const char *var)
{
	const char	*eq = strchr(var, '=');
	char		*name;

	if (eq == NULL)
		return;
	name = xstrndup(var, (size_t)(eq - var));
	environ_set(env, name, eq + 1);
	xfree(name);
}

void
environ_unset(struct environ *env, const char *name)
{
	struct environ_entry	*e;

	if ((e = environ_find(env, name)) == NULL)
		return;
	TAILQ_REMOVE(env, e, entry);
	xfree(e->name);
	xfree(e->value);
	xfree(e);
}
