/*
 * Environments: the global one (-g) and each session's, as lists of
 * NAME=VALUE entries.
 */
#include <string.h>
#include <stdlib.h>

#include "engine/base/xmalloc.h"
#include "engine/model/model.h"

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
