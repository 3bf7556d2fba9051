/*
 * set-option and set-window-option: set, append to (-a), unset (-u, -U on
 * the window's panes too) or toggle an option in the store -s/-g/-w/-p
 * and the target pick, as tmux 3.3a.
 */
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/cmd-entries.h"
#include "tmux-compat/options.h"

static enum cmd_retval	cmd_set_option_exec(struct cmd *, struct cmdq_item *);

/* Report cause (and free it). */
static enum cmd_retval
cmd_set_option_fail(struct cmdq_item *item, char *cause)
{
	cmdq_error(item, "%s", cause);
	xfree(cause);
	return (CMD_RETURN_ERROR);
}

/* The change itself, once name, scope and value are known. */
static enum cmd_retval
cmd_set_option_change(struct cmd *self, struct cmdq_item *item,
    const struct options_target *t, const char *name, int idx,
    const char *value, const char *argument)
{
	struct args				*args = self->args;
	const struct options_table_entry	*oe;
	struct options_entry			*o;
	struct options_target			 pt;
	struct pane				*loop;
	int					 append = args_has(args, 'a');
	int					 already;
	char					*cause = NULL;

	oe = *name == '@' ? NULL : options_table_find(name);
	o = options_get_only(t, name);
	if (idx != -1 && (*name == '@' || oe == NULL ||
	    (~oe->flags & OPTIONS_TABLE_IS_ARRAY))) {
		cmdq_error(item, "not an array: %s", argument);
		return (CMD_RETURN_ERROR);
	}

	if (!args_has(args, 'u') && args_has(args, 'o')) {
		if (idx == -1)
			already = (o != NULL);
		else
			already = (o != NULL && options_array_has(o, idx));
		if (already) {
			if (args_has(args, 'q'))
				return (CMD_RETURN_NORMAL);
			cmdq_error(item, "already set: %s", argument);
			return (CMD_RETURN_ERROR);
		}
	}

	if (args_has(args, 'U') && t->scope == OPTIONS_TABLE_WINDOW &&
	    t->w != NULL) {
		TAILQ_FOREACH(loop, &t->w->panes, entry) {
			options_target_pane(&pt, loop);
			if (options_remove_or_default(&pt, name, idx,
			    &cause) != 0)
				return (cmd_set_option_fail(item, cause));
		}
	}
	if (args_has(args, 'u') || args_has(args, 'U')) {
		if (o == NULL)
			return (CMD_RETURN_NORMAL);
		if (options_remove_or_default(t, name, idx, &cause) != 0)
			return (cmd_set_option_fail(item, cause));
	} else if (*name == '@') {
		if (value == NULL) {
			cmdq_error(item, "empty value");
			return (CMD_RETURN_ERROR);
		}
		options_set_user(t, name, value, append);
	} else if (idx == -1 && (~oe->flags & OPTIONS_TABLE_IS_ARRAY)) {
		if (options_set_from_string(t, oe, name, value, append,
		    &cause) != 0)
			return (cmd_set_option_fail(item, cause));
	} else {
		if (options_set_array(t, oe, idx, value, append, &cause) != 0)
			return (cmd_set_option_fail(item, cause));
	}
	options_push_changes(name);
	return (CMD_RETURN_NORMAL);
}

static enum cmd_retval
cmd_set_option_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct options_target	 t;
	enum cmd_retval		 rv = CMD_RETURN_ERROR;
	char			*argument, *name = NULL, *expanded = NULL;
	char			*cause = NULL;
	const char		*value = NULL;
	int			 window, idx, ambiguous;

	window = (self->entry == &cmd_set_window_option_entry);
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
	if (args_count(args) >= 2)
		value = args_string(args, 1);
	if (value != NULL && args_has(args, 'F')) {
		expanded = format_vars_for(item, &item->target, value, 0);
		value = expanded;
	}

	if (options_scope_from_name(args, window, name, &item->target, &t,
	    &cause) == OPTIONS_TABLE_NONE) {
		if (args_has(args, 'q'))
			rv = CMD_RETURN_NORMAL;
		else
			cmdq_error(item, "%s", cause);
		xfree(cause);
		goto out;
	}
	rv = cmd_set_option_change(self, item, &t, name, idx, value,
	    argument);

out:
	xfree(argument);
	xfree(expanded);
	xfree(name);
	return (rv);
}

const struct cmd_entry cmd_set_option_entry = {
	.name = "set-option",
	.alias = "set",
	.args = { "aFgopqst:uUw", 1, 2 },
	.usage = "[-aFgopqsuUw] [-t target-pane] option [value]",
	.target = { 't', CMD_FIND_PANE, CMD_FIND_CANFAIL },
	.flags = CMD_AFTERHOOK|CMD_NOCHANGE_USER,
	.exec = cmd_set_option_exec
};

const struct cmd_entry cmd_set_window_option_entry = {
	.name = "set-window-option",
	.alias = "setw",
	.args = { "aFgoqt:u", 1, 2 },
	.usage = "[-aFgoqu] [-t target-window] option [value]",
	.target = { 't', CMD_FIND_WINDOW, CMD_FIND_CANFAIL },
	.flags = CMD_AFTERHOOK|CMD_NOCHANGE_USER,
	.exec = cmd_set_option_exec
};
