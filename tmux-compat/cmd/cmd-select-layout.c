/*
 * select-layout, next-layout, previous-layout: apply a preset, a layout
 * string, the previous layout (-o) or spread panes out evenly (-E).
 */
#include <string.h>

#include "engine/base/xmalloc.h"
#include "engine/model/layout.h"
#include "tmux-compat/cmd-entries.h"
#include "tmux-compat/control.h"
#include "tmux-compat/tmux.h"

static enum cmd_retval
cmd_select_layout_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct window	*w = item->target.w;
	struct pane	*wp = item->target.wp;
	const char	*layoutname;
	char		*oldlayout, *cause = NULL;
	int		 next, previous, layout, twice;

	next = self->entry == &cmd_next_layout_entry || args_has(args, 'n');
	previous = self->entry == &cmd_previous_layout_entry ||
	    args_has(args, 'p');

	/*
	 * tmux 3.3a reports the layout twice, from the layout code and at the
	 * end: once for -E, and for a preset on one pane (it stops early).
	 */
	notify_steps_begin();
	twice = window_pane_count(w) > 1;
	window_zoom_unzoom(w);
	oldlayout = w->old_layout;
	w->old_layout = layout_custom_dump(w);

	if (next || previous) {
		if (next)
			layout_set_next(w);
		else
			layout_set_previous(w);
		goto changed;
	}
	if (args_has(args, 'E')) {
		if (wp == NULL)
			wp = w->active;
		layout_spread_out(wp);
		twice = 0;
		goto changed;
	}

	if (args_count(args) != 0)
		layoutname = args_string(args, 0);
	else if (args_has(args, 'o'))
		layoutname = oldlayout;
	else
		layoutname = NULL;

	if (!args_has(args, 'o')) {
		if (layoutname == NULL)
			layout = w->layout_last;
		else
			layout = layout_set_lookup(layoutname);
		if (layout != -1) {
			layout_set_select(w, (unsigned)layout);
			goto changed;
		}
	}
	if (layoutname != NULL) {
		/* tmux 3.3a crashes on a name that is no layout; say so. */
		if (layout_custom_parse(w, layoutname, &cause) == -1) {
			cmdq_error(item, "%s: %s", cause, layoutname);
			xfree(cause);
			xfree(w->old_layout);
			w->old_layout = oldlayout;
			return (CMD_RETURN_ERROR);
		}
		twice = 1;
		goto changed;
	}
	xfree(oldlayout);
	return (CMD_RETURN_NORMAL);

changed:
	xfree(oldlayout);
	layout_fix_panes(w);
	if (twice)
		notify_step_layout_change(w);
	notify_step_layout_change(w);
	notify_steps_end();
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_select_layout_entry = {
	.name = "select-layout",
	.alias = "selectl",
	.args = { "Enopt:", 0, 1 },
	.usage = "[-Enop] [-t target-pane] [layout-name]",
	.target = { 't', CMD_FIND_PANE, 0 },
	.flags = CMD_AFTERHOOK,
	.exec = cmd_select_layout_exec
};

const struct cmd_entry cmd_next_layout_entry = {
	.name = "next-layout",
	.alias = "nextl",
	.args = { "t:", 0, 0 },
	.usage = "[-t target-window]",
	.target = { 't', CMD_FIND_WINDOW, 0 },
	.flags = CMD_AFTERHOOK,
	.exec = cmd_select_layout_exec
};

const struct cmd_entry cmd_previous_layout_entry = {
	.name = "previous-layout",
	.alias = "prevl",
	.args = { "t:", 0, 0 },
	.usage = "[-t target-window]",
	.target = { 't', CMD_FIND_WINDOW, 0 },
	.flags = CMD_AFTERHOOK,
	.exec = cmd_select_layout_exec
};
