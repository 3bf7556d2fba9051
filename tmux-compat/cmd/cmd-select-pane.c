/* select-pane and last-pane: make a pane active, or set its title (-T). */
#include "engine/base/xmalloc.h"
#include "engine/sys/pane-io.h"
#include "engine/term/vt.h"
#include "tmux-compat/cmd-entries.h"
#include "tmux-compat/tmux.h"

static enum cmd_retval
cmd_select_pane_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct window	*w = item->target.w;
	struct pane	*wp = item->target.wp, *to;
	char		*title;
	const char	*dirs = "LRUD";

	if (self->entry == &cmd_last_pane_entry || args_has(args, 'l')) {
		to = w->last;
		if (to == NULL && window_pane_count(w) == 2) {
			to = TAILQ_FIRST(&w->panes);
			if (to == w->active)
				to = TAILQ_NEXT(to, entry);
		}
		if (to == NULL) {
			cmdq_error(item, "no last pane");
			return (CMD_RETURN_ERROR);
		}
		if (!args_has(args, 'e') && !args_has(args, 'd'))
			window_pane_set_active(to);
		return (CMD_RETURN_NORMAL);
	}
	for (; *dirs != '\0'; dirs++) {
		if (!args_has(args, (unsigned char)*dirs))
			continue;
		to = window_pane_find_adjacent(wp, *dirs);
		if (to == NULL)
			return (CMD_RETURN_NORMAL);
		window_pane_set_active(to);
		return (CMD_RETURN_NORMAL);
	}
	if (args_has(args, 'T')) {
		title = format_vars_for(item, &item->target, args_get(args, 'T'), 0);
		pane_io_drain(wp);
		vt_screen_set_title(wp->screen, title);
		xfree(title);
		return (CMD_RETURN_NORMAL);
	}
	if (args_has(args, 'm') || args_has(args, 'M')) {
		struct cmd_find_state	marked;

		if (args_has(args, 'M') || (server_marked_get(&marked) == 0 &&
		    marked.wp == wp))
			server_marked_clear();
		else
			server_marked_set(item->target.s, item->target.wl, wp);
		return (CMD_RETURN_NORMAL);
	}
	if (args_has(args, 'd') || args_has(args, 'e')) {
		/* -d: the pane ignores input; -e: it takes it again. */
		wp->input_off = args_has(args, 'd') ? 1 : 0;
		return (CMD_RETURN_NORMAL);
	}
	if (args_has(args, 'P'))
		return (CMD_RETURN_NORMAL);
	window_pane_set_active(wp);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_select_pane_entry = {
	.name = "select-pane",
	.alias = "selectp",
	.args = { "DdegLlMmP:RT:t:UZ", 0, 0 },
	.usage = "[-DdeLlMmRUZ] [-T title] [-t target-pane]",
	.target = { 't', CMD_FIND_PANE, 0 },
	.flags = 0,
	.exec = cmd_select_pane_exec
};

const struct cmd_entry cmd_last_pane_entry = {
	.name = "last-pane",
	.alias = "lastp",
	.args = { "det:Z", 0, 0 },
	.usage = "[-deZ] [-t target-window]",
	.target = { 't', CMD_FIND_WINDOW, 0 },
	.flags = 0,
	.exec = cmd_select_pane_exec
};
