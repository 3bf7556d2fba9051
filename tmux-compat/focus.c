/*
 * Pane focus, as tmux 3.3a's window_pane_update_focus: a pane has the
 * focus while it is the active pane of the current window of a session
 * some focused client is attached to (a client is focused until its
 * terminal reports focus out, and again on focus in; control clients
 * always are). A pane that gains or loses it gets ESC [ I or ESC [ O if
 * it asked for focus reports (DECSET 1004: agents such as Claude Code
 * do), and the pane-focus-in or pane-focus-out hook runs.
 *
 * Worked out again after commands and client changes (focus_update):
 * the focused panes are few (one per client at most), so this costs a
 * walk over the clients, not over the panes.
 */
#include <string.h>

#include "engine/base/xmalloc.h"
#include "engine/model/model.h"
#include "engine/sys/pane-io.h"
#include "tmux-compat/control.h"
#include "tmux-compat/hooks.h"
#include "tmux-compat/tty.h"

static unsigned	*focus_panes;	/* pane ids focused now */
static unsigned	 focus_n;

static void	focus_collect(unsigned **, unsigned *);

static int
focus_has(const unsigned *ids, unsigned n, unsigned id)
{
	unsigned	i;

	for (i = 0; i < n; i++) {
		if (ids[i] == id)
			return (1);
	}
	return (0);
}

static void
focus_add(unsigned **ids, unsigned *n, struct session *s)
{
	struct pane	*p;

	if (s == NULL || s->curw == NULL ||
	    (p = s->curw->window->active) == NULL || focus_has(*ids, *n, p->id))
		return;
	*ids = xreallocarray(*ids, *n + 1, sizeof **ids);
	(*ids)[(*n)++] = p->id;
}

/* Tell a pane it gained (in) or lost the focus. */
static void
focus_send(unsigned id, int in)
{
	struct pane	*p = window_pane_find_by_id(id);
	struct vt_state	 st;

	if (p == NULL || p->dead)
		return;
	vt_screen_state(p->screen, &st);
	if (st.mode & VT_MODE_FOCUSON)
		pane_io_write(p, (const uint8_t *)(in ? "\033[I" : "\033[O"), 3);
	hooks_notify(in ? "pane-focus-in" : "pane-focus-out", NULL, NULL, p,
	    NULL);
}

void
focus_update(void)
{
	static int	 busy, again;
	unsigned	*now, n, i;

	/* A focus hook's commands come back here: once more after them. */
	if (busy) {
		again = 1;
		return;
	}
	busy = 1;
	do {
		again = 0;
		now = NULL;
		n = 0;
		focus_collect(&now, &n);
		for (i = 0; i < focus_n; i++) {
			if (!focus_has(now, n, focus_panes[i]))
				focus_send(focus_panes[i], 0);
		}
		for (i = 0; i < n; i++) {
			if (!focus_has(focus_panes, focus_n, now[i]))
				focus_send(now[i], 1);
		}
		xfree(focus_panes);
		focus_panes = now;
		focus_n = n;
	} while (again);
	busy = 0;
}

/* The panes that should have the focus now. */
static void
focus_collect(unsigned **now, unsigned *n)
{
	struct tty_client	*tc;
	struct client		*c;

	for (tc = tty_first(); tc != NULL; tc = tty_next(tc)) {
		if (tc->focused)
			focus_add(now, n, tty_session(tc->c));
	}
	for (c = control_first(); c != NULL; c = control_next(c))
		focus_add(now, n, control_session(c));
}
