/*
 * list-clients: one line per attached client. Command clients are not
 * attached, so until interactive attach and control mode exist there is
 * nothing to list (what tmux prints with no attached client).
 */
#include "tmux-compat/tmux.h"

static enum cmd_retval
cmd_list_clients_exec(struct cmd *self, struct cmdq_item *item)
{
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_list_clients_entry = {
	.name = "list-clients",
	.alias = "lsc",
	.args = { "F:t:", 0, 0 },
	.usage = "[-F format] [-t target-session]",
	.target = { 't', CMD_FIND_SESSION, 0 },
	.flags = CMD_READONLY|CMD_AFTERHOOK,
	.exec = cmd_list_clients_exec
};
