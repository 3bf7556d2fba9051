/*
 * refresh-client: the control client's -A pane states, -B subscriptions,
 * -C sizes and -f/-F flags; other clients have nothing to refresh here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/control.h"
#include "tmux-compat/tty.h"

static enum cmd_retval
cmd_refresh_client_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	 *args = self->args;
	struct client	 *tc = item->target_client;
	const char	**values;
	int		  n, i;

	if (tc == NULL)
		return (CMD_RETURN_NORMAL);
	/* A flag last on the line has no value: no flags to set. */
	if (args_get(args, 'f') != NULL)
		control_set_flags(tc, args_get(args, 'f'));
	if (args_get(args, 'F') != NULL)
		control_set_flags(tc, args_get(args, 'F'));
	if (args_has(args, 'A') || args_has(args, 'B') || args_has(args, 'C')) {
		if (!control_is_control(tc)) {
			cmdq_error(item, "not a control client");
			return (CMD_RETURN_ERROR);
		}
	}
	if (args_has(args, 'A')) {
		values = args_values(args, 'A', &n);
		for (i = 0; i < n; i++)
			control_set_pane_state(tc, values[i]);
	}
	if (args_has(args, 'B')) {
		values = args_values(args, 'B', &n);
		for (i = 0; i < n; i++)
			control_subscribe(tc, values[i]);
	}
	if (args_has(args, 'C'))
		return (control_cmd_size(item, tc, args_get(args, 'C')));
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_refresh_client_entry = {
	.name = "refresh-client",
	.alias = "refresh",
	.args = { "A:B:cC:Df:F:l::LRSt:U", 0, 1 },
	.usage = "[-cDlLRSU] [-A pane:state] [-B name:what:format] [-C XxY] "
	    "[-f flags] [-t target-client] [adjustment]",
	.flags = CMD_AFTERHOOK|CMD_CLIENT_TFLAG,
	.exec = cmd_refresh_client_exec
};

