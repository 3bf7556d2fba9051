/*
 * switch-client: the target client shows another session (-t, -n, -p,
 * -l), or -T sets its key table.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/control.h"
#include "tmux-compat/tty.h"

/* The session after (or before) s in name order, NULL if s is alone. */
static struct session *
cmd_switch_client_next(struct session *s, int previous)
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
cmd_switch_client_exec(struct cmd *self, struct cmdq_item *item)
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
		if (cur == NULL || (s = cmd_switch_client_next(cur,
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
	.exec = cmd_switch_client_exec
};

