/*
 * command-alias: aliases from the server option of that name (the first
 * "name=command" item wins, as tmux's cmd_get_alias). Installed as cmd.c's
 * alias hook.
 */
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/options.h"
#include "tmux-compat/tmux.h"

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

struct cmd_alias_find {
	const char	*name;
	size_t		 len;
	char		*found;
};

/* Every command's name is looked up here: no strchr or strlen an item. */
static void
cmd_alias_match(unsigned idx, const char *value, void *arg)
{
	struct cmd_alias_find	*f = arg;

	if (f->found == NULL && strncmp(value, f->name, f->len) == 0 &&
	    value[f->len] == '=')
		f->found = xstrdup(value + f->len + 1);
}

static char **
cmd_alias_lookup(const char *name)
{
	struct cmd_alias_find	 f = { name, strlen(name), NULL };
	char			**words;

	if (strchr(name, '=') != NULL)
		return (NULL);	/* an item's name ends at its first = */
	options_array_each("command-alias", cmd_alias_match, &f);
	if (f.found == NULL)
		return (NULL);
	words = cmd_alias_words(f.found);
	xfree(f.found);
	return (words);
}

void
cmd_alias_init(void)
{
	cmd_alias_hook = cmd_alias_lookup;
}
