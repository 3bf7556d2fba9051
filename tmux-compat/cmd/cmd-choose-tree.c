/*
 * choose-tree: put the target pane in tree mode (-s sessions, -w windows,
 * neither: panes, all expanded; -f shows panes a format is true for; -Z
 * zooms the pane); choosing runs the template, by default
 * "switch-client -Zt '%%'", with the item's target. choose-buffer and
 * choose-client (here as in tmux) list the paste buffers or the attached
 * clients instead; with none there is nothing to do.
 */
#include "tmux-compat/cmd-entries.h"
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

	wt = window_tree_create(s, wl, p, args_has(args, 's') ? 's' :
	    (args_has(args, 'w') ? 'w' : 'p'),
	    args_count(args) != 0 ? args_string(args, 0) : NULL,
	    args_get(args, 'f'));
	window_tree_set_preview(wt, !args_has(args, 'N'));
	window_tree_set_sort(wt, args_get(args, 'O'), args_has(args, 'r'));
	window_tree_set_format(wt, args_get(args, 'F'));
	window_tree_start(p, wt, args_has(args, 'Z'));
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

static enum cmd_retval
cmd_choose_list_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct pane		*p = item->target.wp;
	struct window_tree	*wt;

	wt = window_tree_create_list(self->entry == &cmd_choose_buffer_entry ?
	    WINDOW_TREE_BUFFERS : WINDOW_TREE_CLIENTS,
	    args_count(args) != 0 ? args_string(args, 0) : NULL);
	if (wt == NULL)
		return (CMD_RETURN_NORMAL);
	window_tree_set_preview(wt, !args_has(args, 'N'));
	window_tree_set_sort(wt, args_get(args, 'O'), args_has(args, 'r'));
	window_tree_set_filter(wt, args_get(args, 'f'));
	window_tree_set_format(wt, args_get(args, 'F'));
	window_tree_start(p, wt, args_has(args, 'Z'));
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_choose_buffer_entry = {
	.name = "choose-buffer",
	.alias = NULL,
	.args = { "F:f:K:NO:rt:Z", 0, 1 },
	.usage = "[-NrZ] [-F format] [-f filter] [-K key-format] "
	    "[-O sort-order] [-t target-pane] [template]",
	.target = { 't', CMD_FIND_PANE, 0 },
	.flags = 0,
	.exec = cmd_choose_list_exec
};

const struct cmd_entry cmd_choose_client_entry = {
	.name = "choose-client",
	.alias = NULL,
	.args = { "F:f:K:NO:rt:Z", 0, 1 },
	.usage = "[-NrZ] [-F format] [-f filter] [-K key-format] "
	    "[-O sort-order] [-t target-pane] [template]",
	.target = { 't', CMD_FIND_PANE, 0 },
	.flags = 0,
	.exec = cmd_choose_list_exec
};
