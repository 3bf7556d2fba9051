/*
 * respawn-pane and respawn-window: start a pane's (or a window's first
 * pane's) program again; -k kills a running one first, otherwise a live
 * program is an error as in tmux.
 */
#include <string.h>

#include "engine/base/xmalloc.h"
#include "engine/model/layout.h"
#include "engine/sys/pane-io.h"
#include "tmux-compat/cmd-entries.h"
#include "tmux-compat/options.h"
#include "tmux-compat/tmux.h"

static enum cmd_retval
cmd_respawn_pane_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct session		*s = item->target.s;
	struct winlink		*wl = item->target.wl;
	struct window		*w = wl->window;
	struct pane		*wp = item->target.wp, *loop, *next;
	struct spawn_ctx	 sc;
	const char		*tmp;
	char			*cause = NULL, *cwd = NULL;
	int			 is_window = (self->entry == &cmd_respawn_window_entry);

	if (is_window) {
		wp = TAILQ_FIRST(&w->panes);
		if (!args_has(args, 'k')) {
			TAILQ_FOREACH(loop, &w->panes, entry) {
				if (loop->fd != -1)
					break;
			}
			if (loop != NULL) {
				cmdq_error(item, "respawn window failed: window "
				    "%s:%d still active", s->name, wl->idx);
				return (CMD_RETURN_ERROR);
			}
		}
		window_zoom_unzoom(w);
		TAILQ_FOREACH_SAFE(loop, &w->panes, entry, next) {
			if (loop == wp)
				continue;
			pane_io_close(loop);
			window_pane_destroy(loop);
		}
		layout_free(w);
		w->active = NULL;
		window_set_active(w, wp);
		pane_io_resize(wp, w->sx, w->sy);
		layout_init(w, wp);
	} else if (!args_has(args, 'k') && wp->fd != -1) {
		cmdq_error(item, "respawn pane failed: pane %s:%d.%u still active",
		    s->name, wl->idx, window_pane_index(wp) +
		    (unsigned)options_window_number(w, "pane-base-index"));
		return (CMD_RETURN_ERROR);
	}

	pane_io_close(wp);
	memset(&sc, 0, sizeof sc);
	sc.item = item;
	sc.s = s;
	sc.w = w;
	sc.argc = args_count(args);
	sc.argv = args_argv(args);
	sc.env = args_values(args, 'e', &sc.nenv);
	if ((tmp = args_get(args, 'c')) != NULL) {
		cwd = format_vars_for(item, &item->target, tmp, 0);
		sc.cwd = cwd;
	}
	if (spawn_respawn(&sc, wp, &cause) != 0) {
		cmdq_error(item, "respawn %s failed: %s",
		    is_window ? "window" : "pane", cause);
		xfree(cause);
		xfree(cwd);
		return (CMD_RETURN_ERROR);
	}
	xfree(cwd);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_respawn_pane_entry = {
	.name = "respawn-pane",
	.alias = "respawnp",
	.args = { "c:e:kt:", 0, -1 },
	.usage = "[-k] [-c start-directory] [-e environment] "
	    "[-t target-pane] [shell-command]",
	.target = { 't', CMD_FIND_PANE, 0 },
	.flags = 0,
	.exec = cmd_respawn_pane_exec
};

const struct cmd_entry cmd_respawn_window_entry = {
	.name = "respawn-window",
	.alias = "respawnw",
	.args = { "c:e:kt:", 0, -1 },
	.usage = "[-k] [-c start-directory] [-e environment] "
	    "[-t target-window] [shell-command]",
	.target = { 't', CMD_FIND_WINDOW, 0 },
	.flags = 0,
	.exec = cmd_respawn_pane_exec
};
