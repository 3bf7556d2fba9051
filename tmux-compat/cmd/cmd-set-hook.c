/*
 * set-hook and show-hooks. As in tmux 3.3a, set-hook is set-option on a
 * hook option (the same scopes, -a appends a command, -u removes, name[N]
 * one item) and -R runs the hook now; show-hooks lists only hooks.
 */
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/cmd-entries.h"
#include "tmux-compat/hooks.h"
#include "tmux-compat/options.h"

static enum cmd_retval
cmd_set_hook_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	char		*name;

	if (!args_has(args, 'R'))
		return (cmd_set_option_entry.exec(self, item));

	/* -R: run the hook named (after formats) now, if there is one. */
	name = format_vars_for(item, &item->target, args_string(args, 0), 0);
	hooks_run(name, item);
	xfree(name);
	return (CMD_RETURN_NORMAL);
}

/* One hook: "name" when empty, else "name[N] command" per item. */
static void
cmd_show_hooks_print(struct cmdq_item *item, struct options_entry *o)
{
	char	*value;
	int	 i;

	i = options_array_next(o, 0);
	if (i == -1) {
		cmdq_print(item, "%s", options_name(o));
		return;
	}
	for (; i != -1; i = options_array_next(o, i + 1)) {
		value = options_to_string(o, i, 0);
		cmdq_print(item, "%s[%d] %s", options_name(o), i, value);
		xfree(value);
	}
}

static enum cmd_retval
cmd_show_hooks_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args				*args = self->args;
	const struct options_table_entry	*oe;
	struct options_target			 t;
	struct options_entry			*o;
	char					*cause = NULL;
	int					 scope;

	if (args_count(args) != 0)
		return (cmd_show_options_entry.exec(self, item));

	scope = options_scope_from_flags(args, 0, &item->target, &t, &cause);
	if (scope == OPTIONS_TABLE_NONE) {
		cmdq_error(item, "%s", cause);
		xfree(cause);
		return (CMD_RETURN_ERROR);
	}
	for (oe = options_table; oe->name != NULL; oe++) {
		if ((~oe->scope & scope) || (~oe->flags & OPTIONS_TABLE_IS_HOOK))
			continue;
		if ((o = options_get_only(&t, oe->name)) == NULL)
			continue;
		cmd_show_hooks_print(item, o);
	}
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_set_hook_entry = {
	.name = "set-hook",
	.alias = NULL,
	.args = { "agpRt:uw", 1, 2 },
	.usage = "[-agpRuw] [-t target-pane] hook [command]",
	.target = { 't', CMD_FIND_PANE, CMD_FIND_CANFAIL },
	.flags = CMD_AFTERHOOK,
	.exec = cmd_set_hook_exec
};

const struct cmd_entry cmd_show_hooks_entry = {
	.name = "show-hooks",
	.alias = NULL,
	.args = { "gpt:w", 0, 1 },
	.usage = "[-gpw] [-t target-pane]",
	.target = { 't', CMD_FIND_PANE, CMD_FIND_CANFAIL },
	.flags = CMD_AFTERHOOK|CMD_NOCHANGE,
	.exec = cmd_show_hooks_exec
};
