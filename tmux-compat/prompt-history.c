/*
 * The status prompt's history, one list per prompt type (command, search,
 * target, window-target) for the whole server, as tmux 3.3a keeps it: an
 * accepted non-empty answer is added unless it repeats the newest entry,
 * at most prompt-history-limit entries; Up and Down walk it. With
 * history-file set (absolute or ~/), read after the configuration and
 * written when the server exits, one "type:line" a line.
 */
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/prompt-history.h"
#include "tmux-compat/tmux.h"

static const char *prompt_type_names[PROMPT_NTYPES] = {
	"command", "search", "target", "window-target"
};

static char	**prompt_hlist[PROMPT_NTYPES];
static unsigned	  prompt_hsize[PROMPT_NTYPES];

int
prompt_history_type_find(const char *name)
{
	int	type;

	for (type = 0; type < PROMPT_NTYPES; type++) {
		if (strcmp(name, prompt_type_names[type]) == 0)
			return (type);
	}
	return (-1);
}

const char *
prompt_history_type_name(int type)
{
	return (prompt_type_names[type]);
}

unsigned
prompt_history_size(int type)
{
	return (prompt_hsize[type]);
}

const char *
prompt_history_item(int type, unsigned idx)
{
	return (prompt_hlist[type][idx]);
}

void
prompt_history_add(int type, const char *line)
{
	char		**list = prompt_hlist[type];
	unsigned	  size = prompt_hsize[type], drop, i;
	long long	  limit = options_get_number("prompt-history-limit");
	int		  repeat;

	repeat = size != 0 && strcmp(list[size - 1], line) == 0;
	if (repeat && limit > size)
		return;
	/* Over the limit (it may have been lowered): the oldest go. */
	drop = size + !repeat > limit ? size + !repeat - limit : 0;
	if (drop > size)
		drop = size;
	if (drop != 0) {
		for (i = 0; i < drop; i++)
			xfree(list[i]);
		memmove(list, list + drop, (size - drop) * sizeof *list);
		size -= drop;
	}
	if (!repeat && limit > 0) {
		list = xreallocarray(list, size + 1, sizeof *list);
		list[size++] = xstrdup(line);
	}
	prompt_hlist[type] = list;
	prompt_hsize[type] = size;
}

/* All types if type is -1. */
void
prompt_history_clear(int type)
{
	unsigned	i;
	int		t;

	for (t = 0; t < PROMPT_NTYPES; t++) {
		if (type != -1 && t != type)
			continue;
		for (i = 0; i < prompt_hsize[t]; i++)
			xfree(prompt_hlist[t][i]);
		xfree(prompt_hlist[t]);
		prompt_hlist[t] = NULL;
		prompt_hsize[t] = 0;
	}
}

/*
 * Up (older) and Down (newer) from *idx, which counts back from the newest
 * (0: the prompt's own text). NULL: nothing older; "" past the newest.
 */
const char *
prompt_history_up(unsigned *idx, int type)
{
	if (*idx >= prompt_hsize[type])
		return (NULL);
	(*idx)++;
	return (prompt_hlist[type][prompt_hsize[type] - *idx]);
}

const char *
prompt_history_down(unsigned *idx, int type)
{
	if (*idx == 0 || --(*idx) == 0)
		return ("");
	return (prompt_hlist[type][prompt_hsize[type] - *idx]);
}

/* history-file's path: absolute, or ~/ under the home directory. */
static char *
prompt_history_path(void)
{
	const char	*file = options_get_string("history-file"), *home;
	struct passwd	*pw;
	char		*path;

	if (file == NULL || *file == '\0')
		return (NULL);
	if (*file == '/')
		return (xstrdup(file));
	if (file[0] != '~' || file[1] != '/')
		return (NULL);
	if ((home = getenv("HOME")) == NULL || *home == '\0') {
		if ((pw = getpwuid(getuid())) == NULL)
			return (NULL);
		home = pw->pw_dir;
	}
	xasprintf(&path, "%s%s", home, file + 1);
	return (path);
}

void
prompt_history_load(void)
{
	char	*path, *line = NULL, *colon;
	size_t	 cap = 0;
	ssize_t	 n;
	FILE	*f;
	int	 type;

	if ((path = prompt_history_path()) == NULL)
		return;
	f = fopen(path, "r");
	xfree(path);
	if (f == NULL)
		return;
	while ((n = getline(&line, &cap, f)) != -1) {
		if (n > 0 && line[n - 1] == '\n')
			line[n - 1] = '\0';
		/* A line of an unknown type (older files) is a command. */
		colon = strchr(line, ':');
		type = -1;
		if (colon != NULL) {
			*colon = '\0';
			type = prompt_history_type_find(line);
			if (type == -1)
				*colon = ':';
		}
		if (type == -1)
			prompt_history_add(PROMPT_TYPE_COMMAND, line);
		else
			prompt_history_add(type, colon + 1);
	}
	free(line);
	fclose(f);
}

void
prompt_history_save(void)
{
	char		*path;
	FILE		*f;
	unsigned	 i;
	int		 type;

	if ((path = prompt_history_path()) == NULL)
		return;
	f = fopen(path, "w");
	xfree(path);
	if (f == NULL)
		return;
	for (type = 0; type < PROMPT_NTYPES; type++) {
		for (i = 0; i < prompt_hsize[type]; i++) {
			fprintf(f, "%s:%s\n", prompt_type_names[type],
			    prompt_hlist[type][i]);
		}
	}
	fclose(f);
}
