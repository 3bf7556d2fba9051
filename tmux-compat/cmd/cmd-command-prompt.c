/*
 * command-prompt: ask in the target client's status line, then run the
 * template with the answers (%1..%9, %%). -p prompts and -I inputs are
 * comma-separated lists and formats, as tmux 3.3a; without -p the prompt
 * is "(command) " for a template and ":" without one.
 */
#include <string.h>

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

/* Split a comma-separated list into at most max formats, expanded. */
static unsigned
command_prompt_split(struct cmdq_item *item, const char *list, char **out,
    unsigned max, const char *suffix)
{
	char		*copy, *next, *word, *expanded;
	unsigned	 n = 0;

	copy = next = xstrdup(list);
	while ((word = strsep(&next, ",")) != NULL && n < max) {
		expanded = format_vars_for(item, prompt_state(item), word, 0);
		xasprintf(&out[n++], "%s%s", expanded, suffix);
		xfree(expanded);
	}
	xfree(copy);
	return (n);
}

static enum cmd_retval
cmd_command_prompt_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct client	*tc = item->target_client;
	char		*prompts[9], *inputs[9], *template, *first;
	const char	*value;
	unsigned	 n, ni = 0, i;
	int		 flags = 0, type = PROMPT_TYPE_COMMAND, wait = 0;

	if (tc == NULL || !tty_is_attached(tc) || tc->tty->prompt != NULL)
		return (CMD_RETURN_NORMAL);
	if ((value = args_get(args, 'T')) != NULL &&
	    (type = prompt_history_type_find(value)) == -1) {
		cmdq_error(item, "unknown type: %s", value);
		return (CMD_RETURN_ERROR);
	}
	memset(inputs, 0, sizeof inputs);
	if (args_count(args) != 0)
		template = xstrdup(args_string(args, 0));
	else
		template = xstrdup("%1");
	if (args_has(args, 'F')) {
		char	*expanded = format_vars_for(item, prompt_state(item), template, 0);

		xfree(template);
		template = expanded;
	}
	if ((value = args_get(args, 'p')) != NULL)
		n = command_prompt_split(item, value, prompts, 9, " ");
	else if (args_count(args) != 0) {
		first = xstrndup(template, strcspn(template, " ;"));
		xasprintf(&prompts[0], "(%s) ", first);
		xfree(first);
		n = 1;
	} else {
		prompts[0] = xstrdup(":");
		n = 1;
	}
	if ((value = args_get(args, 'I')) != NULL)
		ni = command_prompt_split(item, value, inputs, n, "");
	if (args_has(args, '1'))
		flags |= TTY_PROMPT_SINGLE;
	if (args_has(args, 'N'))
		flags |= TTY_PROMPT_NUMERIC;
	if (args_has(args, 'k'))
		flags |= TTY_PROMPT_SINGLE|TTY_PROMPT_KEY;
	if (args_has(args, 'i'))
		flags |= TTY_PROMPT_INCREMENTAL;
	status_prompt_start(tc, n, prompts, inputs, template, flags, type);
	/* Without -b the command client waits for the answer, as tmux. */
	if (!args_has(args, 'b') && item->client != NULL &&
	    item->client != tc && !(item->client->flags & CLIENT_CONTROL)) {
		status_prompt_wait(tc, item->client);
		wait = 1;
	}
	for (i = 0; i < n; i++)
		xfree(prompts[i]);
	for (i = 0; i < ni; i++)
		xfree(inputs[i]);
	xfree(template);
	return (wait ? CMD_RETURN_WAIT : CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_command_prompt_entry = {
	.name = "command-prompt",
	.alias = NULL,
	.args = { "1bFkiI:Np:t:T:", 0, 1 },
	.usage = "[-1bFkiN] [-I inputs] [-p prompts] [-t target-client] "
	    "[-T type] [template]",
	.flags = CMD_CLIENT_TFLAG,
	.exec = cmd_command_prompt_exec
};
