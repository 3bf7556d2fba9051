/* kill-server: destroy every session; the server then exits. */
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"

static enum cmd_retval
cmd_kill_server_exec(struct cmd *self, struct cmdq_item *item)
{
	tty_detach_all("[server exited]", 1);
	server_kill_server();
	return (CMD_RETURN_STOP);
}

const struct cmd_entry cmd_kill_server_entry = {
	.name = "kill-server",
	.alias = NULL,
	.args = { "", 0, 0 },
	.usage = "",
	.flags = 0,
	.exec = cmd_kill_server_exec
};
