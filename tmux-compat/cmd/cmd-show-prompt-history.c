/*
 * show-prompt-history, clear-prompt-history: the status prompt's history
 * (prompt-history.c), every type or one (-T), printed as tmux 3.3a does:
 * "History for TYPE:", an empty line, "N: line" oldest first, an empty
 * line.
 */
#include "tmux-compat/cmd-entries.h"
#include "tmux-compat/prompt-history.h"
#include "tmux-compat/tmux.h"

static void
cmd_show_prompt_history_one(struct cmdq_item *item, int type)
{
	unsigned	i;

	cmdq_print(item, "History for %s:\n", prompt_history_type_name(type));
	for (i = 0; i < prompt_history_size(type); i++)
		cmdq_print(item, "%u: %s", i + 1, prompt_history_item(type, i));
	cmdq_print(item, "%s", "");
}

static enum cmd_retval
cmd_show_prompt_history_exec(struct cmd *self, struct cmdq_item *item)
{
	const char	*name = args_get(self->args, 'T');
	int		 type = -1;

	if (name != NULL && (type = prompt_history_type_find(name)) == -1) {
		cmdq_error(item, "invalid type: %s", name);
		return (CMD_RETURN_ERROR);
	}
	if (self->entry == &cmd_clear_prompt_history_entry)
		prompt_history_clear(type);
	else if (type != -1)
		cmd_show_prompt_history_one(item, type);
	else {
		for (type = 0; type < PROMPT_NTYPES; type++)
			cmd_show_prompt_history_one(item, type);
	}
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_show_prompt_history_entry = {
	.name = "show-prompt-history",
	.alias = "showphist",
	.args = { "T:", 0, 0 },
	.usage = "[-T type]",
	.flags = CMD_AFTERHOOK,
	.exec = cmd_show_prompt_history_exec
};

const struct cmd_entry cmd_clear_prompt_history_entry = {
	.name = "clear-prompt-history",
	.alias = "clearphist",
	.args = { "T:", 0, 0 },
	.usage = "[-T type]",
	.flags = CMD_AFTERHOOK,
	.exec = cmd_show_prompt_history_exec
};
