/*
 * confirm-before: ask "(y/n)" in the target client's status line and run
 * the command on y. -p is the prompt (a format); the default is tmux's
 * "Confirm 'command'? (y/n)".
 */
#include "engine/base/xmalloc.h"
#include "tmux-compat/prompt-history.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"

/* Formats are for the target client's current pane (no -t target). */
static const struct cmd_find_state *
prompt_state(struct cmdq_item *item)
{
	return (item->target.s != NULL ? &item->target : &item->current);
}

static enum cmd_retval
cmd_confirm_before_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct client	*tc = item->target_client;
	const char	*cmd = args_string(args, 0), *value;
	char		*prompt, *expanded;
	int		 wait = 0;

	if (tc == NULL || !tty_is_attached(tc) || tc->tty->prompt != NULL)
		return (CMD_RETURN_NORMAL);
	if ((value = args_get(args, 'p')) != NULL) {
		expanded = format_vars_for(item, prompt_state(item), value, 0);
		xasprintf(&prompt, "%s ", expanded);
		xfree(expanded);
	} else
		xasprintf(&prompt, "Confirm '%s'? (y/n) ", cmd);
	status_prompt_start(tc, 1, &prompt, NULL, cmd, TTY_PROMPT_CONFIRM,
	    PROMPT_TYPE_COMMAND);
	/* Without -b the command client waits for the answer, as tmux. */
	if (!args_has(args, 'b') && item->client != NULL &&
	    item->client != tc && !(item->client->flags & CLIENT_CONTROL)) {
		status_prompt_wait(tc, item->client);
		wait = 1;
	}
	xfree(prompt);
	return (wait ? CMD_RETURN_WAIT : CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_confirm_before_entry = {
	.name = "confirm-before",
	.alias = "confirm",
	.args = { "bp:t:", 1, 1 },
	.usage = "[-b] [-p prompt] [-t target-client] command",
	.flags = CMD_CLIENT_TFLAG,
	.exec = cmd_confirm_before_exec
};
