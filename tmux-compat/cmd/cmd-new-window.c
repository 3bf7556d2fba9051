/* new-window: create a window (at -t's index, or the first free one). */
#include <string.h>

#include "engine/base/xmalloc.h"
#include "engine/model/layout.h"
#include "tmux-compat/hooks.h"
#include "tmux-compat/tmux.h"

#define NEW_WINDOW_TEMPLATE "#{session_name}:#{window_index}.#{pane_index}"

static enum cmd_retval
cmd_new_window_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct cmd_find_state	*target = &item->target, fs;
	struct session		*s = target->s;
	struct winlink		*wl, *old;
	const char		*tmp;
	char			*cwd, *name = NULL, *out;
	int			 idx = target->idx, before;

	/* -S looks for the name only when no index was given (3.3a). */
	if (args_has(args, 'S') && (tmp = args_get(args, 'n')) != NULL &&
	    !args_has(args, 'a') && idx == -1) {
		TAILQ_FOREACH(wl, &s->windows, entry) {
			if (strcmp(wl->window->name, tmp) != 0)
				continue;
			if (!args_has(args, 'd'))
				session_select(s, wl);
			return (CMD_RETURN_NORMAL);
		}
	}
	before = args_has(args, 'b');
	if (args_has(args, 'a') || before) {
		idx = winlink_shuffle_up(s, target->wl, before);
		if (idx == -1)
			idx = target->idx;
	}
	if (idx != -1 && (old = winlink_find_by_index(s, idx)) != NULL) {
		if (!args_has(args, 'k')) {
			cmdq_error(item, "create window failed: index %d in use",
			    idx);
			return (CMD_RETURN_ERROR);
		}
		/* The target named the window going: the session's now. */
		if (target->wl == old)
			cmd_find_from_session(target, s);
		server_unlink_window(s, old);
	}

	if ((tmp = args_get(args, 'c')) != NULL)
		cwd = format_vars_for(item, target, tmp, 0);
	else
		cwd = xstrdup(item->client != NULL && item->client->cwd != NULL ?
		    item->client->cwd : s->cwd);
	if ((tmp = args_get(args, 'n')) != NULL)
		name = format_vars_for(item, target, tmp, 0);

	wl = spawn_window(item, s, idx, name, cwd, args, &out);
	xfree(cwd);
	xfree(name);
	if (wl == NULL) {
		cmdq_error(item, "create window failed: %s", out);
		xfree(out);
		return (CMD_RETURN_ERROR);
	}
	if (!args_has(args, 'd'))
		session_select(s, wl);
	session_group_synchronize_from(s);
	cmd_find_from_winlink(&fs, wl);
	if (args_has(args, 'P')) {
		if ((tmp = args_get(args, 'F')) == NULL)
			tmp = NEW_WINDOW_TEMPLATE;
		out = format_vars_for(item, &fs, tmp, 0);
		cmdq_print(item, "%s", out);
		xfree(out);
	}
	/* tmux runs this hook itself, for the new window. */
	item->target = fs;
	hooks_run("after-new-window", item);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_new_window_entry = {
	.name = "new-window",
	.alias = "neww",
	.args = { "abc:de:F:kn:PSt:", 0, -1 },
	.usage = "[-abdkPS] [-c start-directory] [-e environment] [-F format] "
	    "[-n window-name] [-t target-window] [shell-command]",
	.target = { 't', CMD_FIND_WINDOW, CMD_FIND_WINDOW_INDEX },
	.flags = 0,
	.exec = cmd_new_window_exec
};
