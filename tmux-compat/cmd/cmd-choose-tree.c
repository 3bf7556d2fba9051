/*
 * choose-tree: put the target pane in tree mode (-s sessions, -w windows,
 * neither: panes, all expanded; -f shows panes a format is true for; -Z
 * zooms the pane); choosing runs the template, by default
 * "switch-client -Zt '%%'", with the item's target.
 */
#include "tmux-compat/tmux.h"
#include "tmux-compat/window-copy.h"

static enum cmd_retval
cmd_choose_tree_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct pane		*p = item->target.wp;
	struct session		*s = item->target.s;
	struct winlink		*wl = item->target.wl;
	struct window_tree	*wt;
	int			 zoom;

	zoom = args_has(args, 'Z') && !p->window->zoomed &&
	    window_pane_count(p->window) > 1;
	if (zoom)
		window_zoom(p);
	wt = window_tree_create(s, wl, p, args_has(args, 's') ? 's' :
	    (args_has(args, 'w') ? 'w' : 'p'),
	    args_count(args) != 0 ? args_string(args, 0) : NULL,
	    args_get(args, 'f'));
	if (zoom)
		window_tree_set_unzoom(wt);
	window_tree_enter(p, wt);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_choose_tree_entry = {
	.name = "choose-tree",
	.alias = NULL,
	.args = { "F:f:GK:NO:rst:wZ", 0, 1 },
	.usage = "[-GNrswZ] [-F format] [-f filter] [-K key-format] "
	    "[-O sort-order] [-t target-pane] [template]",
	.target = { 't', CMD_FIND_PANE, 0 },
	.flags = CMD_AFTERHOOK,
	.exec = cmd_choose_tree_exec
};
