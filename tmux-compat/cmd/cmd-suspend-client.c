/*
 * suspend-client: the attached client gives its terminal back and stops
 * (SIGTSTP); continued (fg), it takes the terminal again and is redrawn.
 */
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"

static enum cmd_retval
cmd_suspend_client_exec(struct cmd *self, struct cmdq_item *item)
{
	struct client	*c = item->target_client;

	if (tty_session(c) != NULL)
		tty_suspend(c, NULL);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_suspend_client_entry = {
	.name = "suspend-client",
	.alias = "suspendc",
	.args = { "t:", 0, 0 },
	.usage = "[-t target-client]",
	.flags = CMD_CLIENT_TFLAG,
	.exec = cmd_suspend_client_exec
};
