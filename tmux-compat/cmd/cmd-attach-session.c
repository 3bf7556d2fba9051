/*
 * attach-session: attaching needs the client's terminal, which comes with
 * the interactive client (not implemented yet). Until then a command
 * client gets tmux's own answers: "no sessions" when there are none, and
 * "open terminal failed: not a terminal" without a terminal.
 */
#include "tmux-compat/control.h"
#include "tmux-compat/tmux.h"

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
	cmdq_error(item, "attaching is not implemented in zeropty yet");
	return (CMD_RETURN_ERROR);
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
