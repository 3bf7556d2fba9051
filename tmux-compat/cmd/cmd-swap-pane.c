/* swap-pane: exchange two panes' places (-D/-U: with the next/previous). */
#include "engine/model/layout.h"
#include "engine/sys/pane-io.h"
#include "tmux-compat/tmux.h"

static enum cmd_retval
cmd_swap_pane_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct window		*src_w, *dst_w = item->target.w;
	struct pane		*src_wp, *dst_wp = item->target.wp, *tmp;
	struct layout_cell	*src_lc, *dst_lc;
	unsigned		 sx, sy, xoff, yoff;

	window_zoom_push_zoom(dst_w, 0, args_has(args, 'Z'));
	if (args_has(args, 'D')) {
		src_w = dst_w;
		if ((src_wp = TAILQ_NEXT(dst_wp, entry)) == NULL)
			src_wp = TAILQ_FIRST(&dst_w->panes);
	} else if (args_has(args, 'U')) {
		src_w = dst_w;
		if ((src_wp = TAILQ_PREV(dst_wp, panes, entry)) == NULL)
			src_wp = TAILQ_LAST(&dst_w->panes, panes);
	} else {
		src_w = item->source.w;
		src_wp = item->source.wp;
		if (src_w == NULL || src_wp == NULL) {
			/* No -s and no marked pane: tmux swaps with itself. */
			return (CMD_RETURN_NORMAL);
		}
		window_zoom_push_zoom(src_w, 0, args_has(args, 'Z'));
	}
	if (src_wp == dst_wp)
		goto out;

	/* Exchange the list positions (tmux's TAILQ_REPLACE dance). */
	tmp = TAILQ_PREV(dst_wp, panes, entry);
	TAILQ_REMOVE(&dst_w->panes, dst_wp, entry);
	TAILQ_INSERT_BEFORE(src_wp, dst_wp, entry);
	TAILQ_REMOVE(&src_w->panes, src_wp, entry);
	if (tmp == src_wp)
		tmp = dst_wp;
	if (tmp == NULL)
		TAILQ_INSERT_HEAD(&dst_w->panes, src_wp, entry);
	else
		TAILQ_INSERT_AFTER(&dst_w->panes, tmp, src_wp, entry);

	src_lc = src_wp->layout_cell;
	dst_lc = dst_wp->layout_cell;
	if (src_lc != NULL)
		src_lc->wp = dst_wp;
	dst_wp->layout_cell = src_lc;
	if (dst_lc != NULL)
		dst_lc->wp = src_wp;
	src_wp->layout_cell = dst_lc;

	src_wp->window = dst_w;
	dst_wp->window = src_w;

	sx = src_wp->sx;
	sy = src_wp->sy;
	xoff = src_wp->xoff;
	yoff = src_wp->yoff;
	src_wp->xoff = dst_wp->xoff;
	src_wp->yoff = dst_wp->yoff;
	pane_io_resize(src_wp, dst_wp->sx, dst_wp->sy);
	dst_wp->xoff = xoff;
	dst_wp->yoff = yoff;
	pane_io_resize(dst_wp, sx, sy);

	if (!args_has(args, 'd')) {
		if (src_w != dst_w) {
			window_set_active(src_w, dst_wp);
			window_set_active(dst_w, src_wp);
		} else
			window_set_active(src_w, dst_wp);
	} else {
		if (src_w->active == src_wp)
			window_set_active(src_w, dst_wp);
		if (dst_w->active == dst_wp)
			window_set_active(dst_w, src_wp);
	}
	/* A window's last pane must be one of its own. */
	if (src_w != dst_w) {
		if (src_w->last == src_wp)
			src_w->last = NULL;
		if (dst_w->last == dst_wp)
			dst_w->last = NULL;
	}
out:
	if (window_zoom_pop_zoom(src_w) == 0 && src_w != dst_w)
		window_zoom_pop_zoom(dst_w);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_swap_pane_entry = {
	.name = "swap-pane",
	.alias = "swapp",
	.args = { "dDs:t:UZ", 0, 0 },
	.usage = "[-dDUZ] [-s src-pane] [-t dst-pane]",
	.source = { 's', CMD_FIND_PANE, CMD_FIND_DEFAULT_MARKED },
	.target = { 't', CMD_FIND_PANE, 0 },
	.flags = 0,
	.exec = cmd_swap_pane_exec
};
