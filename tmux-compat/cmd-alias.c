/*
 * command-alias: tmux 3.3a's default aliases (the server option of that
 * name; set-option on it comes with the options issue). Installed as
 * cmd.c's alias hook.
 */
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/tmux.h"

static const char *const cmd_alias_defaults[][2] = {
	{ "split-pane", "split-window" },
	{ "splitp", "split-window" },
	{ "server-info", "show-messages -JT" },
	{ "info", "show-messages -JT" },
	{ "choose-window", "choose-tree -w" },
	{ "choose-session", "choose-tree -s" },
};

/* Split an alias value into words (the defaults need no quoting). */
static char **
cmd_alias_words(const char *value)
{
	char	**words = NULL, *copy, *word, *last;
	int	  n = 0;

	copy = xstrdup(value);
	for (word = strtok_r(copy, " ", &last); word != NULL;
	    word = strtok_r(NULL, " ", &last)) {
		words = xreallocarray(words, (size_t)n + 2, sizeof *words);
		words[n++] = xstrdup(word);
	}
	xfree(copy);
	if (words == NULL)
		words = xcalloc(1, sizeof *words);
	words[n] = NULL;
	return (words);
}

static char **
cmd_alias_lookup(const char *name)
{
	size_t	i;

	for (i = 0; i < sizeof cmd_alias_defaults /
	    sizeof cmd_alias_defaults[0]; i++) {
		if (strcmp(cmd_alias_defaults[i][0], name) == 0)
			return (cmd_alias_words(cmd_alias_defaults[i][1]));
	}
	return (NULL);
}

void
cmd_alias_init(void)
{
	cmd_alias_hook = cmd_alias_lookup;
}
