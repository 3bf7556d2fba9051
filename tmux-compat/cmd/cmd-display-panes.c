/*
 * display-panes: the target client shows each pane's index (big digits
 * when the pane has room) and size, for -d ms (display-panes-time);
 * typing an index runs the template with it ("select-pane -t '%%'").
 */
#include "engine/base/xmalloc.h"
#include <limits.h>

#include "tmux-compat/options.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"

static enum cmd_retval
cmd_display_panes_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct client	*tc = item->target_client;
	struct session	*s;
	char		*cause = NULL;
	long long	 delay;
	const char	*template;

	if (tc == NULL || !tty_is_attached(tc) ||
	    (s = tty_session(tc)) == NULL)
		return (CMD_RETURN_NORMAL);
	if (args_has(args, 'd')) {
		delay = args_strtonum(args, 'd', 0, UINT_MAX, &cause);
		if (cause != NULL) {
			cmdq_error(item, "delay %s", cause);
			xfree(cause);
			return (CMD_RETURN_ERROR);
		}
	} else
		delay = options_session_number(s, "display-panes-time");
	template = args_count(args) != 0 ? args_string(args, 0) :
	    "select-pane -t '%%'";
	tty_display_panes(tc, (unsigned)delay,
	    args_has(args, 'N') ? NULL : template);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_display_panes_entry = {
	.name = "display-panes",
	.alias = "displayp",
	.args = { "bd:Nt:", 0, 1 },
	.usage = "[-bN] [-d duration] [-t target-client] [template]",
	.flags = CMD_AFTERHOOK|CMD_CLIENT_TFLAG,
	.exec = cmd_display_panes_exec
};
