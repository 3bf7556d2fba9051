/* has-session: succeeds if the target session exists. */
#include "tmux-compat/tmux.h"

static enum cmd_retval
cmd_has_session_exec(struct cmd *self, struct cmdq_item *item)
{
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_has_session_entry = {
	.name = "has-session",
	.alias = "has",
	.args = { "t:", 0, 0 },
	.usage = "[-t target-session]",
	.target = { 't', CMD_FIND_SESSION, 0 },
	.flags = CMD_NOCHANGE,
	.exec = cmd_has_session_exec
};
