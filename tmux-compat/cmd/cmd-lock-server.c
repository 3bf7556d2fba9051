/*
 * lock-server, lock-session, lock-client: attached clients (all of them,
 * a session's, or one) run lock-command on their terminal and come back
 * when it exits (tty_lock). Control clients are not locked; an empty
 * lock-command locks nothing.
 */
#include "tmux-compat/cmd-entries.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"

static enum cmd_retval
cmd_lock_server_exec(struct cmd *self, struct cmdq_item *item)
{
	struct tty_client	*tc;
	struct session		*s = NULL;

	if (self->entry == &cmd_lock_client_entry) {
		tty_lock(item->target_client);
		return (CMD_RETURN_NORMAL);
	}
	if (self->entry == &cmd_lock_session_entry)
		s = item->target.s;
	for (tc = tty_first(); tc != NULL; tc = tty_next(tc)) {
		if (s == NULL || tty_session(tc->c) == s)
			tty_lock(tc->c);
	}
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_lock_server_entry = {
	.name = "lock-server",
	.alias = "lock",
	.args = { "", 0, 0 },
	.usage = "",
	.flags = CMD_AFTERHOOK,
	.exec = cmd_lock_server_exec
};

const struct cmd_entry cmd_lock_session_entry = {
	.name = "lock-session",
	.alias = "locks",
	.args = { "t:", 0, 0 },
	.usage = "[-t target-session]",
	.target = { 't', CMD_FIND_SESSION, 0 },
	.flags = CMD_AFTERHOOK,
	.exec = cmd_lock_server_exec
};

const struct cmd_entry cmd_lock_client_entry = {
	.name = "lock-client",
	.alias = "lockc",
	.args = { "t:", 0, 0 },
	.usage = "[-t target-client]",
	.flags = CMD_AFTERHOOK|CMD_CLIENT_TFLAG,
	.exec = cmd_lock_server_exec
};
