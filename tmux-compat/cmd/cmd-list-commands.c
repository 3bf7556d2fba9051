/*
 * list-commands: every command with its alias and usage (or one).
 * zeropty's own commands (cmd_ext_table) come after tmux's, so that the
 * list up to them is tmux 3.3a's line for line.
 */
#include "engine/base/xmalloc.h"
#include "tmux-compat/tmux.h"

#define LIST_COMMANDS_TEMPLATE						\
	"#{command_list_name}"						\
	"#{?command_list_alias, (#{command_list_alias}),} "		\
	"#{command_list_usage}"

static void
cmd_list_commands_one(struct cmdq_item *item, const struct cmd_entry *entry,
    const char *template)
{
	char	*line;

	line = format_vars_for_command(item, entry, template);
	cmdq_print(item, "%s", line);
	xfree(line);
}

static enum cmd_retval
cmd_list_commands_exec(struct cmd *self, struct cmdq_item *item)
{
	const struct cmd_entry	*const *loop, *entry;
	const char		*template, *name;
	char			*cause = NULL;

	if ((template = args_get(self->args, 'F')) == NULL)
		template = LIST_COMMANDS_TEMPLATE;
	name = args_count(self->args) != 0 ? args_string(self->args, 0) : NULL;
	if (name == NULL || *name == '\0') {
		for (loop = cmd_table; *loop != NULL; loop++)
			cmd_list_commands_one(item, *loop, template);
		for (loop = cmd_ext_table; *loop != NULL; loop++)
			cmd_list_commands_one(item, *loop, template);
		return (CMD_RETURN_NORMAL);
	}
	/* An unknown or ambiguous name lists nothing (tmux 3.3a). */
	if ((entry = cmd_find_entry(name, &cause)) != NULL)
		cmd_list_commands_one(item, entry, template);
	xfree(cause);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_list_commands_entry = {
	.name = "list-commands",
	.alias = "lscm",
	.args = { "F:", 0, 1 },
	.usage = "[-F format] [command]",
	.flags = CMD_STARTSERVER|CMD_AFTERHOOK|CMD_NOCHANGE,
	.exec = cmd_list_commands_exec
};
