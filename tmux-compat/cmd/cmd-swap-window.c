/* swap-window: exchange the windows at two winlinks. */
#include "tmux-compat/tmux.h"

static enum cmd_retval
cmd_swap_window_exec(struct cmd *self, struct cmdq_item *item)
{
	struct session	*src = item->source.s, *dst = item->target.s;
	struct winlink	*wl_src = item->source.wl, *wl_dst = item->target.wl;
	struct window	*w;

	if (wl_src == NULL || wl_dst == NULL || wl_dst->window == wl_src->window)
		return (CMD_RETURN_NORMAL);
	w = wl_dst->window;
	wl_dst->window = wl_src->window;
	wl_src->window = w;
	/* tmux 3.3a selects the swapped windows only with -d (sic). */
	if (args_has(self->args, 'd')) {
		session_select(dst, wl_dst);
		if (src != dst)
			session_select(src, wl_src);
	}
	session_group_synchronize_from(src);
	if (src != dst)
		session_group_synchronize_from(dst);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_swap_window_entry = {
	.name = "swap-window",
	.alias = "swapw",
	.args = { "ds:t:", 0, 0 },
	.usage = "[-d] [-s src-window] [-t dst-window]",
	.source = { 's', CMD_FIND_WINDOW, CMD_FIND_DEFAULT_MARKED },
	.target = { 't', CMD_FIND_WINDOW, 0 },
	.flags = 0,
	.exec = cmd_swap_window_exec
};
