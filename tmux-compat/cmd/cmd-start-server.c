/* start-server: nothing to do; starting the server is the client's job. */
#include "tmux-compat/tmux.h"

static enum cmd_retval
cmd_start_server_exec(struct cmd *self, struct cmdq_item *item)
{
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_start_server_entry = {
	.name = "start-server",
	.alias = "start",
	.args = { "", 0, 0 },
	.usage = "",
	.flags = CMD_STARTSERVER,
	.exec = cmd_start_server_exec
};
