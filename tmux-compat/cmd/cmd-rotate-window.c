/* rotate-window: move every pane one place up (-U, default) or down (-D). */
#include "engine/model/layout.h"
#include "engine/sys/pane-io.h"
#include "tmux-compat/control.h"
#include "tmux-compat/tmux.h"

/* Give wp the cell and geometry of from. */
static void
rotate_take(struct pane *wp, struct layout_cell *lc, unsigned xoff,
    unsigned yoff, unsigned sx, unsigned sy)
{
	wp->layout_cell = lc;
	if (lc != NULL)
		lc->wp = wp;
	wp->xoff = xoff;
	wp->yoff = yoff;
	pane_io_resize(wp, sx, sy);
}

static enum cmd_retval
cmd_rotate_window_exec(struct cmd *self, struct cmdq_item *item)
{
	struct window		*w = item->target.w;
	struct pane		*wp, *wp2;
	struct layout_cell	*lc;
	unsigned		 sx, sy, xoff, yoff;

	/* tmux reports the new active pane, not the new layout. */
	notify_steps_begin();
	window_zoom_push_zoom(w, 0, args_has(self->args, 'Z'));
	if (args_has(self->args, 'D')) {
		wp = TAILQ_LAST(&w->panes, panes);
		TAILQ_REMOVE(&w->panes, wp, entry);
		TAILQ_INSERT_HEAD(&w->panes, wp, entry);
		lc = wp->layout_cell;
		xoff = wp->xoff;
		yoff = wp->yoff;
		sx = wp->sx;
		sy = wp->sy;
		TAILQ_FOREACH(wp, &w->panes, entry) {
			if ((wp2 = TAILQ_NEXT(wp, entry)) == NULL)
				break;
			rotate_take(wp, wp2->layout_cell, wp2->xoff, wp2->yoff,
			    wp2->sx, wp2->sy);
		}
		rotate_take(wp, lc, xoff, yoff, sx, sy);
		if ((wp = TAILQ_PREV(w->active, panes, entry)) == NULL)
			wp = TAILQ_LAST(&w->panes, panes);
	} else {
		wp = TAILQ_FIRST(&w->panes);
		TAILQ_REMOVE(&w->panes, wp, entry);
		TAILQ_INSERT_TAIL(&w->panes, wp, entry);
		lc = wp->layout_cell;
		xoff = wp->xoff;
		yoff = wp->yoff;
		sx = wp->sx;
		sy = wp->sy;
		TAILQ_FOREACH_REVERSE(wp, &w->panes, panes, entry) {
			if ((wp2 = TAILQ_PREV(wp, panes, entry)) == NULL)
				break;
			rotate_take(wp, wp2->layout_cell, wp2->xoff, wp2->yoff,
			    wp2->sx, wp2->sy);
		}
		rotate_take(wp, lc, xoff, yoff, sx, sy);
		if ((wp = TAILQ_NEXT(w->active, entry)) == NULL)
			wp = TAILQ_FIRST(&w->panes);
	}
	window_set_active(w, wp);
	window_zoom_pop_zoom(w);
	if (window_pane_count(w) > 1)
		notify_step_window_pane_changed(w);
	notify_steps_end();
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_rotate_window_entry = {
	.name = "rotate-window",
	.alias = "rotatew",
	.args = { "Dt:UZ", 0, 0 },
	.usage = "[-DUZ] [-t target-window]",
	.target = { 't', CMD_FIND_WINDOW, 0 },
	.flags = 0,
	.exec = cmd_rotate_window_exec
};
