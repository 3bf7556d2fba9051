/*
 * attach-session: a control client attaches in control mode, a client on
 * a terminal becomes an attached client (tty.c); -d detaches the
 * session's other clients, -r attaches read-only. Without a terminal,
 * tmux's "open terminal failed: not a terminal".
 */
#include <string.h>

#include "tmux-compat/control.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"

static enum cmd_retval
cmd_attach_session_exec(struct cmd *self, struct cmdq_item *item)
{
	struct client		*c = item->client;
	struct cmd_find_state	 fs;

	if (TAILQ_EMPTY(&model_sessions)) {
		cmdq_error(item, "no sessions");
		return (CMD_RETURN_ERROR);
	}
	if (cmd_find_target(&fs, item, args_get(self->args, 't'),
	    CMD_FIND_SESSION, CMD_FIND_PREFER_UNATTACHED) != 0)
		return (CMD_RETURN_ERROR);
	if (server_client_nested(c)) {
		cmdq_error(item, "sessions should be nested with care, "
		    "unset $TMUX to force");
		return (CMD_RETURN_ERROR);
	}
	if (control_is_control(c))
		return (control_attach(item, fs.s) == 0 ?
		    CMD_RETURN_NORMAL : CMD_RETURN_ERROR);
	if (c == NULL || (~c->flags & CLIENT_TERMINAL)) {
		cmdq_error(item, "open terminal failed: not a terminal");
		return (CMD_RETURN_ERROR);
	}
	if (fs.wl != NULL && fs.wl != fs.s->curw && args_get(self->args,
	    't') != NULL && strchr(args_get(self->args, 't'), ':') != NULL)
		session_select(fs.s, fs.wl);
	if (args_has(self->args, 'd')) {
		struct tty_client	*tc, *next;

		for (tc = tty_first(); tc != NULL; tc = next) {
			next = tty_next(tc);
			if (tc->c != c && tty_session(tc->c) == fs.s)
				tty_detach_from_session(tc->c, 0);
		}
	}
	if (tty_attach(item, fs.s, args_has(self->args, 'r')) != 0)
		return (CMD_RETURN_ERROR);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_attach_session_entry = {
	.name = "attach-session",
	.alias = "attach",
	.args = { "c:dEf:rt:x", 0, 0 },
	.usage = "[-dErx] [-c working-directory] [-f flags] "
	    "[-t target-session]",
	.flags = CMD_STARTSERVER|CMD_READONLY,
	.exec = cmd_attach_session_exec
};
