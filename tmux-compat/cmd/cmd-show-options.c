/*
 * show-options and show-window-options: one option or every option of a
 * store, as tmux 3.3a prints them: "name value", strings quoted as the
 * config parser reads them back, arrays one "name[N] value" line per item
 * (an empty array as its bare name), -v values only, -A inherited values
 * marked "name*", -H hooks included. User options come first, by name.
 */
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/cmd-entries.h"
#include "tmux-compat/options.h"

static void
cmd_show_options_print(struct cmd *self, struct cmdq_item *item,
    struct options_entry *o, int idx, int parent)
{
	struct args	*args = self->args;
	char		*tmp = NULL, *value, *escaped;
	const char	*name;
	int		 i;

	if (idx != -1) {
		xasprintf(&tmp, "%s[%d]", options_name(o), idx);
		name = tmp;
	} else {
		if (options_is_array(o)) {
			i = options_array_next(o, 0);
			if (i == -1) {
				if (!args_has(args, 'v'))
					cmdq_print(item, "%s%s", options_name(o),
					    parent ? "*" : "");
				return;
			}
			for (; i != -1; i = options_array_next(o, i + 1))
				cmd_show_options_print(self, item, o, i,
				    parent);
			return;
		}
		name = options_name(o);
	}

	value = options_to_string(o, idx, 0);
	if (args_has(args, 'v'))
		cmdq_print(item, "%s", value);
	else if (options_is_string(o)) {
		escaped = args_escape(value);
		cmdq_print(item, "%s%s %s", name, parent ? "*" : "", escaped);
		xfree(escaped);
	} else
		cmdq_print(item, "%s%s %s", name, parent ? "*" : "", value);
	xfree(value);
	xfree(tmp);
}

static enum cmd_retval
cmd_show_options_all(struct cmd *self, struct cmdq_item *item, int scope,
    const struct options_target *t)
{
	struct args				*args = self->args;
	const struct options_table_entry	*oe;
	struct options_entry			*o;
	unsigned				 cursor = 0;
	int					 parent;

	while ((o = options_user_next(*t->chain[0], &cursor)) != NULL)
		cmd_show_options_print(self, item, o, -1, 0);

	for (oe = options_table; oe->name != NULL; oe++) {
		if ((~oe->scope & scope) || (oe->flags & OPTIONS_TABLE_IS_EXT))
			continue;
		if (!args_has(args, 'H') && (oe->flags & OPTIONS_TABLE_IS_HOOK))
			continue;
		o = options_get_only(t, oe->name);
		parent = 0;
		if (o == NULL) {
			if (!args_has(args, 'A'))
				continue;
			if ((o = options_get(t, oe->name, &parent)) == NULL)
				continue;
		}
		cmd_show_options_print(self, item, o, -1, parent);
	}
	return (CMD_RETURN_NORMAL);
}

static enum cmd_retval
cmd_show_options_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct options_target	 t;
	struct options_entry	*o;
	enum cmd_retval		 rv = CMD_RETURN_ERROR;
	char			*argument, *name, *cause = NULL;
	int			 window, scope, idx, ambiguous, parent;

	window = (self->entry == &cmd_show_window_options_entry);
	if (args_count(args) == 0) {
		scope = options_scope_from_flags(args, window, &item->target,
		    &t, &cause);
		if (scope == OPTIONS_TABLE_NONE) {
			if (args_has(args, 'q')) {
				xfree(cause);
				return (CMD_RETURN_NORMAL);
			}
			cmdq_error(item, "%s", cause);
			xfree(cause);
			return (CMD_RETURN_ERROR);
		}
		return (cmd_show_options_all(self, item, scope, &t));
	}

	argument = format_vars_for(item, &item->target, args_string(args, 0), 0);
	name = options_match(argument, &idx, &ambiguous);
	if (name == NULL) {
		if (args_has(args, 'q'))
			rv = CMD_RETURN_NORMAL;
		else if (ambiguous)
			cmdq_error(item, "ambiguous option: %s", argument);
		else
			cmdq_error(item, "invalid option: %s", argument);
		goto out;
	}
	scope = options_scope_from_name(args, window, name, &item->target,
	    &t, &cause);
	if (scope == OPTIONS_TABLE_NONE) {
		if (args_has(args, 'q'))
			rv = CMD_RETURN_NORMAL;
		else
			cmdq_error(item, "%s", cause);
		xfree(cause);
		goto out;
	}
	o = options_get_only(&t, name);
	parent = 0;
	if (args_has(args, 'A') && o == NULL)
		o = options_get(&t, name, &parent);
	if (o != NULL)
		cmd_show_options_print(self, item, o, idx, parent);
	else if (*name == '@' && !args_has(args, 'q')) {
		cmdq_error(item, "invalid option: %s", argument);
		goto out;
	}
	rv = CMD_RETURN_NORMAL;

out:
	xfree(argument);
	xfree(name);
	return (rv);
}

const struct cmd_entry cmd_show_options_entry = {
	.name = "show-options",
	.alias = "show",
	.args = { "AgHpqst:vw", 0, 1 },
	.usage = "[-AgHpqsvw] [-t target-pane] [option]",
	.target = { 't', CMD_FIND_PANE, CMD_FIND_CANFAIL },
	.flags = CMD_AFTERHOOK|CMD_NOCHANGE,
	.exec = cmd_show_options_exec
};

const struct cmd_entry cmd_show_window_options_entry = {
	.name = "show-window-options",
	.alias = "showw",
	.args = { "gvt:", 0, 1 },
	.usage = "[-gv] [-t target-window] [option]",
	.target = { 't', CMD_FIND_WINDOW, CMD_FIND_CANFAIL },
	.flags = CMD_AFTERHOOK|CMD_NOCHANGE,
	.exec = cmd_show_options_exec
};
