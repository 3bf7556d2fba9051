/*
 * server-upgrade (a zeropty extension): replace the running server with
 * a new binary without losing a session.
 *
 *   server-upgrade [-b path]
 *
 * The server execs path (default: the installed zeropty-server, found as
 * the client finds it) in its own process, handing over its listening
 * socket, every pane's socket and its state (upgrade.c, upgrade-state.c):
 * the panes' programs keep running, unaware. SIGUSR2 does the same
 * without -b. Before exec the new binary is asked which state format it
 * reads; a binary that is missing, not executable or reads another
 * format is refused here with an error and this server goes on. Clients
 * are not handed over: the one that asked exits 0, attached clients
 * detach with "[server upgraded]", control clients get "%exit server
 * upgraded"; they attach again to the new server.
 */
#include "engine/base/xmalloc.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/upgrade.h"

static enum cmd_retval
cmd_server_upgrade_exec(struct cmd *self, struct cmdq_item *item)
{
	char	*cause = NULL;

	if (upgrade_exec(args_get(self->args, 'b'), item->client,
	    &cause) != 0) {
		cmdq_error(item, "%s", cause);
		xfree(cause);
		return (CMD_RETURN_ERROR);
	}
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_server_upgrade_entry = {
	.name = "server-upgrade",
	.alias = NULL,
	.args = { "b:", 0, 0 },
	.usage = "[-b path]",
	.flags = 0,
	.exec = cmd_server_upgrade_exec
};
