/*
 * select-window, and next-window / previous-window / last-window (tmux
 * declares all four in one file too): make a window current.
 */
#include <string.h>

#include "tmux-compat/cmd-entries.h"
#include "tmux-compat/tmux.h"

static struct winlink *
window_next(struct session *s, struct winlink *wl)
{
	struct winlink	*next = TAILQ_NEXT(wl, entry);

	return (next != NULL ? next : TAILQ_FIRST(&s->windows));
}

static struct winlink *
window_previous(struct session *s, struct winlink *wl)
{
	struct winlink	*prev = TAILQ_PREV(wl, winlinks, entry);

	return (prev != NULL ? prev : TAILQ_LAST(&s->windows, winlinks));
}

static enum cmd_retval
cmd_select_window_exec(struct cmd *self, struct cmdq_item *item)
{
	const struct cmd_entry	*entry = self->entry;
	struct args		*args = self->args;
	struct session		*s = item->target.s;
	struct winlink		*wl = item->target.wl, *to;
	int			 next, previous, last;

	next = (entry == &cmd_next_window_entry) || args_has(args, 'n');
	previous = (entry == &cmd_previous_window_entry) || args_has(args, 'p');
	last = (entry == &cmd_last_window_entry) || args_has(args, 'l');

	if (next || previous || last) {
		if (TAILQ_FIRST(&s->windows) == TAILQ_LAST(&s->windows, winlinks)
		    && !last) {
			cmdq_error(item, "no %s window",
			    next ? "next" : "previous");
			return (CMD_RETURN_ERROR);
		}
		if (next)
			to = window_next(s, s->curw);
		else if (previous)
			to = window_previous(s, s->curw);
		else {
			to = TAILQ_FIRST(&s->lastw);
			if (to == NULL) {
				cmdq_error(item, "no last window");
				return (CMD_RETURN_ERROR);
			}
		}
		session_select(s, to);
		return (CMD_RETURN_NORMAL);
	}
	/* -T: selecting the current window goes to the last one. */
	if (args_has(args, 'T') && wl == s->curw) {
		to = TAILQ_FIRST(&s->lastw);
		if (to == NULL) {
			cmdq_error(item, "no last window");
			return (CMD_RETURN_ERROR);
		}
		session_select(s, to);
		return (CMD_RETURN_NORMAL);
	}
	session_select(s, wl);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_select_window_entry = {
	.name = "select-window",
	.alias = "selectw",
	.args = { "lnpTt:", 0, 0 },
	.usage = "[-lnpT] [-t target-window]",
	.target = { 't', CMD_FIND_WINDOW, 0 },
	.flags = 0,
	.exec = cmd_select_window_exec
};

const struct cmd_entry cmd_next_window_entry = {
	.name = "next-window",
	.alias = "next",
	.args = { "at:", 0, 0 },
	.usage = "[-a] [-t target-session]",
	.target = { 't', CMD_FIND_SESSION, 0 },
	.flags = 0,
	.exec = cmd_select_window_exec
};

const struct cmd_entry cmd_previous_window_entry = {
	.name = "previous-window",
	.alias = "prev",
	.args = { "at:", 0, 0 },
	.usage = "[-a] [-t target-session]",
	.target = { 't', CMD_FIND_SESSION, 0 },
	.flags = 0,
	.exec = cmd_select_window_exec
};

const struct cmd_entry cmd_last_window_entry = {
	.name = "last-window",
	.alias = "last",
	.args = { "t:", 0, 0 },
	.usage = "[-t target-session]",
	.target = { 't', CMD_FIND_SESSION, 0 },
	.flags = 0,
	.exec = cmd_select_window_exec
};
