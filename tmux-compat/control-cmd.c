/*
 * The client commands control mode needs: refresh-client (-A pane states,
 * -B subscriptions, -C sizes, -f/-F flags), detach-client and
 * switch-client. Attached
 * clients are control clients; a command-line client gets tmux's "no
 * current client" (cmd-queue.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "engine/model/layout.h"
#include "tmux-compat/control.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"

#define CONTROL_SIZE_MAX	10000

static void	control_cmd_resize_window(struct window *, unsigned, unsigned);

/* Size every window of the client's session as tmux's "latest" does. */
static void
control_cmd_resize(struct session *s, unsigned sx, unsigned sy)
{
	struct winlink	*wl;

	s->sx = sx;
	s->sy = sy;
	TAILQ_FOREACH(wl, &s->windows, entry)
		control_cmd_resize_window(wl->window, sx, sy);
}

void
control_cmd_size_session(struct client *c)
{
	struct session	*s = control_session(c);
	struct winlink	*wl;
	unsigned	 sx, sy;

	if (s == NULL || !control_size(c, &sx, &sy))
		return;
	s->sx = sx;
	s->sy = sy;
	TAILQ_FOREACH(wl, &s->windows, entry) {
		if (wl->window->sx != sx || wl->window->sy != sy)
			control_cmd_resize_window(wl->window, sx, sy);
	}
}

/* Resize one window (as resize-window: a zoomed window stays zoomed). */
static void
control_cmd_resize_window(struct window *w, unsigned sx, unsigned sy)
{
	int	zoomed = w->zoomed;

	notify_window_layout_changed(w);
	if (w->sx == sx && w->sy == sy)
		return;
	window_zoom_unzoom(w);
	layout_resize(w, sx, sy);
	w->sx = sx;
	w->sy = sy;
	layout_fix_panes(w);
	if (zoomed)
		window_zoom_zoom(w->active);
}

static enum cmd_retval
control_cmd_window_size(struct cmdq_item *item, struct client *tc,
    const char *size)
{
	struct session	*s = control_session(tc);
	struct winlink	*wl;
	unsigned	 id, sx, sy;
	char		 end;
	int		 n;

	if (sscanf(size, "@%u:%n", &id, &n) != 1) {
		cmdq_error(item, "bad size argument");
		return (CMD_RETURN_ERROR);
	}
	if (size[n] == '\0') {
		/* Cleared: the window follows the session again. */
		if (s == NULL)
			return (CMD_RETURN_NORMAL);
		sx = s->sx;
		sy = s->sy;
	} else if (sscanf(size + n, "%u,%u%c", &sx, &sy, &end) != 2 &&
	    sscanf(size + n, "%ux%u%c", &sx, &sy, &end) != 2) {
		cmdq_error(item, "bad size argument");
		return (CMD_RETURN_ERROR);
	}
	if (sx < 1 || sy < 1 || sx > CONTROL_SIZE_MAX ||
	    sy > CONTROL_SIZE_MAX) {
		cmdq_error(item, "size too small or too big");
		return (CMD_RETURN_ERROR);
	}
	if (s == NULL)
		return (CMD_RETURN_NORMAL);
	/* tmux works out every window's size again and reports them all. */
	TAILQ_FOREACH(wl, &s->windows, entry) {
		if (wl->window->id == id)
			control_cmd_resize_window(wl->window, sx, sy);
		else
			notify_window_layout_changed(wl->window);
	}
	return (CMD_RETURN_NORMAL);
}

static enum cmd_retval
control_cmd_size(struct cmdq_item *item, struct client *tc, const char *size)
{
	struct session	*s;
	unsigned	 sx, sy;
	char		 end;

	/* -C last on the line has no value (tmux 3.3a crashes there). */
	if (size == NULL) {
		cmdq_error(item, "bad size argument");
		return (CMD_RETURN_ERROR);
	}
	/* @W:WxH sizes one window of the session; "@W:" clears it. */
	if (*size == '@')
		return (control_cmd_window_size(item, tc, size));
	if (sscanf(size, "%u,%u%c", &sx, &sy, &end) != 2 &&
	    sscanf(size, "%ux%u%c", &sx, &sy, &end) != 2) {
		cmdq_error(item, "bad size argument");
		return (CMD_RETURN_ERROR);
	}
	if (sx < 1 || sy < 1 || sx > CONTROL_SIZE_MAX ||
	    sy > CONTROL_SIZE_MAX) {
		cmdq_error(item, "size too small or too big");
		return (CMD_RETURN_ERROR);
	}
	control_set_size(tc, sx, sy);
	if ((s = control_session(tc)) != NULL)
		control_cmd_resize(s, sx, sy);
	return (CMD_RETURN_NORMAL);
}

static enum cmd_retval
control_cmd_refresh_client_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	 *args = self->args;
	struct client	 *tc = item->target_client;
	const char	**values;
	int		  n, i;

	if (tc == NULL)
		return (CMD_RETURN_NORMAL);
	/* A flag last on the line has no value: no flags to set. */
	if (args_get(args, 'f') != NULL)
		control_set_flags(tc, args_get(args, 'f'));
	if (args_get(args, 'F') != NULL)
		control_set_flags(tc, args_get(args, 'F'));
	if (args_has(args, 'A') || args_has(args, 'B') || args_has(args, 'C')) {
		if (!control_is_control(tc)) {
			cmdq_error(item, "not a control client");
			return (CMD_RETURN_ERROR);
		}
	}
	if (args_has(args, 'A')) {
		values = args_values(args, 'A', &n);
		for (i = 0; i < n; i++)
			control_set_pane_state(tc, values[i]);
	}
	if (args_has(args, 'B')) {
		values = args_values(args, 'B', &n);
		for (i = 0; i < n; i++)
			control_subscribe(tc, values[i]);
	}
	if (args_has(args, 'C'))
		return (control_cmd_size(item, tc, args_get(args, 'C')));
	return (CMD_RETURN_NORMAL);
}

static enum cmd_retval
control_cmd_detach_client_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct client		*tc = item->target_client, *c, *next;
	struct tty_client	*t, *tnext;
	struct session		*s = item->source.s;
	int			 all = args_has(args, 'a');
	int			 hup = args_has(args, 'P');

	if (!args_has(args, 's') && tc == NULL)
		return (CMD_RETURN_NORMAL);
	if (!args_has(args, 's') && !all) {
		if (tc->tty != NULL)
			tty_detach_from_session(tc, hup);
		else
			control_detach_later(tc);
		return (CMD_RETURN_NORMAL);
	}
	/* -s: the session's clients; -a: every client but this one. */
	for (c = control_first(); c != NULL; c = next) {
		next = control_next(c);
		if (all ? (c != tc && control_session(c) != NULL) :
		    (s != NULL && control_session(c) == s))
			control_detach_later(c);
	}
	for (t = tty_first(); t != NULL; t = tnext) {
		tnext = tty_next(t);
		c = t->c;
		if (all ? c != tc : (s != NULL && tty_session(c) == s))
			tty_detach_from_session(c, hup);
	}
	return (CMD_RETURN_NORMAL);
}

/* The session after (or before) s in name order, NULL if s is alone. */
static struct session *
control_cmd_next_session(struct session *s, int previous)
{
	struct session	*next;

	if (previous) {
		next = TAILQ_PREV(s, sessions, entry);
		if (next == NULL)
			next = TAILQ_LAST(&model_sessions, sessions);
	} else {
		next = TAILQ_NEXT(s, entry);
		if (next == NULL)
			next = TAILQ_FIRST(&model_sessions);
	}
	return (next == s ? NULL : next);
}

static enum cmd_retval
control_cmd_switch_client_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct client		*tc = item->target_client;
	struct cmd_find_state	 fs;
	struct session		*s, *cur;
	const char		*tflag = args_get(args, 't');
	enum cmd_find_type	 type = CMD_FIND_SESSION;

	if (tc == NULL)
		return (CMD_RETURN_NORMAL);
	if (tc->tty != NULL && args_has(args, 'T')) {
		xfree(tc->tty->key_table);
		tc->tty->key_table = xstrdup(args_get(args, 'T'));
		return (CMD_RETURN_NORMAL);
	}
	cur = server_client_session(tc);
	if (args_has(args, 'n') || args_has(args, 'p')) {
		if (cur == NULL || (s = control_cmd_next_session(cur,
		    args_has(args, 'p'))) == NULL) {
			cmdq_error(item, "can't find %s session",
			    args_has(args, 'p') ? "previous" : "next");
			return (CMD_RETURN_ERROR);
		}
	} else if (args_has(args, 'l')) {
		s = tc->tty != NULL ? tty_last_session(tc) :
		    control_last_session(tc);
		if (s == NULL) {
			cmdq_error(item, "can't find last session");
			return (CMD_RETURN_ERROR);
		}
	} else {
		/* -t is a session unless it names a window or pane (tmux). */
		if (tflag != NULL && tflag[strcspn(tflag, ":.%")] != '\0')
			type = CMD_FIND_PANE;
		if (cmd_find_target(&fs, item, tflag, type,
		    CMD_FIND_PREFER_UNATTACHED) != 0)
			return (CMD_RETURN_ERROR);
		s = fs.s;
		/* A window or pane in the target is made current too. */
		if (tflag != NULL && fs.wl != NULL && fs.wl != s->curw)
			session_select(s, fs.wl);
		if (tflag != NULL && fs.wl != NULL && fs.wp != NULL &&
		    fs.wp != fs.wl->window->active)
			window_set_active(fs.wl->window, fs.wp);
	}
	if (tc->tty != NULL) {
		tty_switch(tc, s);
		return (CMD_RETURN_NORMAL);
	}
	/* The target client switches, not the one running the command. */
	if (control_attach_client(tc, s) != 0)
		return (CMD_RETURN_ERROR);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_switch_client_entry = {
	.name = "switch-client",
	.alias = "switchc",
	.args = { "lc:EFnpt:rT:Z", 0, 0 },
	.usage = "[-ElnprZ] [-c target-client] [-t target-session] "
	    "[-T key-table]",
	.flags = CMD_READONLY|CMD_CLIENT_CFLAG,
	.exec = control_cmd_switch_client_exec
};

const struct cmd_entry cmd_refresh_client_entry = {
	.name = "refresh-client",
	.alias = "refresh",
	.args = { "A:B:cC:Df:F:l::LRSt:U", 0, 1 },
	.usage = "[-cDlLRSU] [-A pane:state] [-B name:what:format] [-C XxY] "
	    "[-f flags] [-t target-client] [adjustment]",
	.flags = CMD_AFTERHOOK|CMD_CLIENT_TFLAG,
	.exec = control_cmd_refresh_client_exec
};

const struct cmd_entry cmd_detach_client_entry = {
	.name = "detach-client",
	.alias = "detach",
	.args = { "aE:s:t:P", 0, 0 },
	.usage = "[-aP] [-E shell-command] [-s target-session] "
	    "[-t target-client]",
	.source = { 's', CMD_FIND_SESSION, CMD_FIND_CANFAIL },
	.flags = CMD_READONLY|CMD_CLIENT_TFLAG,
	.exec = control_cmd_detach_client_exec
};
