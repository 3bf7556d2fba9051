/*
 * detach-client: the target client, or -s the session's clients, or -a
 * every client but this one; -P sends SIGHUP to the attached ones.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/control.h"
#include "tmux-compat/tty.h"

static enum cmd_retval
cmd_detach_client_exec(struct cmd *self, struct cmdq_item *item)
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

const struct cmd_entry cmd_detach_client_entry = {
	.name = "detach-client",
	.alias = "detach",
	.args = { "aE:s:t:P", 0, 0 },
	.usage = "[-aP] [-E shell-command] [-s target-session] "
	    "[-t target-client]",
	.source = { 's', CMD_FIND_SESSION, CMD_FIND_CANFAIL },
	.flags = CMD_READONLY|CMD_CLIENT_TFLAG,
	.exec = cmd_detach_client_exec
};
