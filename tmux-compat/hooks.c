/*
 * Hooks (hooks.h): finding a hook's commands in the options and running
 * them through the command queue.
 */
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/cmd-parse.h"
#include "tmux-compat/hooks.h"
#include "tmux-compat/options.h"
#include "tmux-compat/tmux.h"

static int	hooks_depth;

int
hooks_running(void)
{
	return (hooks_depth != 0);
}

/* The hook's entry: session chain, then pane, then window. */
static struct options_entry *
hooks_find(const char *name, const struct cmd_find_state *fs)
{
	struct options_target	 t;
	struct options_entry	*o;
	int			 parent;

	if (fs->s != NULL)
		options_target_session(&t, fs->s);
	else
		options_target_global(&t, OPTIONS_TABLE_SESSION);
	if ((o = options_get(&t, name, &parent)) != NULL)
		return (o);
	if (fs->wp != NULL) {
		options_target_pane(&t, fs->wp);
		if ((o = options_get(&t, name, &parent)) != NULL)
			return (o);
	}
	if (fs->w != NULL) {
		options_target_window(&t, fs->w);
		if ((o = options_get(&t, name, &parent)) != NULL)
			return (o);
	}
	return (NULL);
}

int
hooks_run(const char *name, struct cmdq_item *item)
{
	const struct options_table_entry	*oe;
	const struct cmd_find_state		*fs;
	struct options_entry			*o;
	struct cmd_parse_input			 pi;
	struct cmd_parse_result			 pr;
	struct client				*c = item->client;
	char					*value;
	int					 idx, failed = 0;

	if (hooks_depth != 0)
		return (0);
	oe = options_table_find(name);
	if (oe == NULL || (~oe->flags & OPTIONS_TABLE_IS_HOOK))
		return (0);
	fs = item->target.s != NULL ? &item->target : &item->current;
	if ((o = hooks_find(name, fs)) == NULL)
		return (0);

	hooks_depth++;
	for (idx = options_array_next(o, 0); idx != -1;
	    idx = options_array_next(o, idx + 1)) {
		value = options_to_string(o, idx, 0);
		cfg_parse_input(&pi, item, NULL, 0);
		cmd_parse_from_string(value, &pi, &pr);
		xfree(value);
		if (pr.status == CMD_PARSE_ERROR) {
			cmdq_error(item, "%s", pr.error);
			xfree(pr.error);
			failed = 1;
			continue;
		}
		if (cmdq_run(c, pr.cmdlist) != 0)
			failed = 1;
		cmd_parse_result_free(&pr);
	}
	hooks_depth--;
	return (failed);
}

int
hooks_run_after(struct cmdq_item *item)
{
	char	*name;
	int	 failed;

	if (hooks_depth != 0 || item->cmd == NULL ||
	    (~item->cmd->entry->flags & CMD_AFTERHOOK))
		return (0);
	xasprintf(&name, "after-%s", item->cmd->entry->name);
	failed = hooks_run(name, item);
	xfree(name);
	return (failed);
}
