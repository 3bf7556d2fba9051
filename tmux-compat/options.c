/*
 * Option values the server needs, with tmux 3.3a's defaults (Debian's build:
 * default-terminal is tmux-256color). The full options table, scopes and
 * set-option/show-options come with the windows/options issue; until then
 * these are the global values.
 */
#include <stdlib.h>
#include <string.h>

#include "tmux-compat/tmux.h"

struct option_default {
	const char	*name;
	const char	*value;
};

/* Sorted by name. */
static const struct option_default options_defaults[] = {
	{ "automatic-rename", "on" },
	{ "base-index", "0" },
	{ "default-command", "" },
	{ "default-shell", NULL },	/* $SHELL of the server */
	{ "default-size", "80x24" },
	{ "default-terminal", "tmux-256color" },
	{ "exit-empty", "on" },
	{ "history-limit", "2000" },
	{ "pane-base-index", "0" },
	{ "remain-on-exit", "off" },
};

static const struct option_default *
options_find(const char *name)
{
	size_t	i;

	for (i = 0; i < sizeof options_defaults / sizeof options_defaults[0];
	    i++) {
		if (strcmp(options_defaults[i].name, name) == 0)
			return (&options_defaults[i]);
	}
	return (NULL);
}

/* The option's value as text, or NULL if it is not known here. */
const char *
options_get_string(const char *name)
{
	const struct option_default	*o = options_find(name);

	if (o == NULL)
		return (NULL);
	if (strcmp(name, "default-shell") == 0)
		return (zp_default_shell());
	return (o->value);
}

long long
options_get_number(const char *name)
{
	const char	*v = options_get_string(name);

	if (v == NULL)
		return (0);
	if (strcmp(v, "on") == 0)
		return (1);
	if (strcmp(v, "off") == 0)
		return (0);
	return (strtoll(v, NULL, 10));
}
