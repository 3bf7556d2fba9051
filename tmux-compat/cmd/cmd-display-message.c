/*
 * display-message: expand a format for the target; -p prints it. Without
 * -p the message goes to the target client's status line (an attached
 * client: -c, the command's own, or the one used last). -v prints the
 * trace of the expansion first; -a lists every variable instead.
 */
#include "engine/base/xmalloc.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"

#define DISPLAY_MESSAGE_TEMPLATE					\
	"[#{session_name}] #{window_index}:"				\
	"#{window_name}, current pane #{pane_index} "			\
	"- (%H:%M %d-%b-%y)"

/* -a: one "name=value" line per variable. */
static void
cmd_display_message_each(const char *name, const char *value, void *arg)
{
	cmdq_print(arg, "%s=%s", name, value);
}

static enum cmd_retval
cmd_display_message_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct client	*tc;
	const char	*template;
	char		*msg;

	if (args_has(args, 'F') && args_count(args) != 0) {
		cmdq_error(item, "only one of -F or argument must be given");
		return (CMD_RETURN_ERROR);
	}
	template = args_get(args, 'F');
	if (args_count(args) != 0)
		template = args_string(args, 0);
	if (template == NULL)
		template = DISPLAY_MESSAGE_TEMPLATE;

	/*
	 * -I gives the command's input to an empty pane (one started
	 * without a program); every pane here runs one.
	 */
	if (args_has(args, 'I')) {
		if (item->target.wp == NULL)
			return (CMD_RETURN_NORMAL);
		cmdq_error(item, "pane is not empty");
		return (CMD_RETURN_ERROR);
	}

	tc = item->target_client;
	/* The formats are the target client's (tmux's format_defaults). */
	if (args_has(args, 'a')) {
		item->format_client = tc;
		format_vars_each(item, &item->target, cmd_display_message_each,
		    item);
		item->format_client = NULL;
		return (CMD_RETURN_NORMAL);
	}
	if (!args_has(args, 'p') && (tc == NULL || !tty_is_attached(tc)))
		return (CMD_RETURN_NORMAL);
	item->format_client = tc;
	if (args_has(args, 'v'))
		msg = format_vars_for_verbose(item, &item->target, template);
	else
		msg = format_vars_for(item, &item->target, template, 1);
	item->format_client = NULL;
	if (args_has(args, 'p'))
		cmdq_print(item, "%s", msg);
	else
		tty_set_message(tc, msg);
	xfree(msg);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_display_message_entry = {
	.name = "display-message",
	.alias = "display",
	.args = { "ac:d:INpt:F:v", 0, 1 },
	.usage = "[-aINpv] [-c target-client] [-d delay] [-F format] "
	    "[-t target-pane] [message]",
	.target = { 't', CMD_FIND_PANE, CMD_FIND_CANFAIL },
	.flags = CMD_AFTERHOOK|CMD_CLIENT_CFLAG|CMD_CLIENT_CANFAIL|CMD_NOCHANGE|
	    CMD_READS_PANE,
	.exec = cmd_display_message_exec
};
