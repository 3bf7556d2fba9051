/* set-environment: set, unset (-u) or mark removed (-r) a variable. */
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/tmux.h"

static enum cmd_retval
cmd_set_environment_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct environ		*env;
	struct environ_entry	*e;
	const char		*name = args_string(args, 0), *value = NULL;
	char			*expanded = NULL;

	if (*name == '\0') {
		cmdq_error(item, "empty variable name");
		return (CMD_RETURN_ERROR);
	}
	if (strchr(name, '=') != NULL) {
		cmdq_error(item, "variable name contains =");
		return (CMD_RETURN_ERROR);
	}
	if (args_count(args) >= 2)
		value = args_string(args, 1);
	if (value != NULL && args_has(args, 'F')) {
		expanded = format_vars_for(item, &item->target, value, 0);
		value = expanded;
	}
	if (args_has(args, 'g'))
		env = &global_environ;
	else {
		if (item->target.s == NULL) {
			cmdq_error(item, "no such session: %s",
			    args_get(args, 't') != NULL ? args_get(args, 't') : "");
			xfree(expanded);
			return (CMD_RETURN_ERROR);
		}
		env = &item->target.s->environ;
	}

	if (args_has(args, 'u')) {
		if (value != NULL) {
			cmdq_error(item, "can't specify a value with -u");
			goto error;
		}
		environ_unset(env, name);
	} else if (args_has(args, 'r')) {
		if (value != NULL) {
			cmdq_error(item, "can't specify a value with -r");
			goto error;
		}
		environ_set(env, name, NULL);
	} else {
		if (value == NULL) {
			cmdq_error(item, "no value specified");
			goto error;
		}
		environ_set(env, name, value);
		if ((e = environ_find(env, name)) != NULL)
			e->hidden = args_has(args, 'h') ? 1 : 0;
	}
	xfree(expanded);
	return (CMD_RETURN_NORMAL);

error:
	xfree(expanded);
	return (CMD_RETURN_ERROR);
}

const struct cmd_entry cmd_set_environment_entry = {
	.name = "set-environment",
	.alias = "setenv",
	.args = { "Fhgrt:u", 1, 2 },
	.usage = "[-Fhgru] [-t target-session] name [value]",
	.target = { 't', CMD_FIND_SESSION, CMD_FIND_CANFAIL },
	.flags = CMD_AFTERHOOK|CMD_NOCHANGE,
	.exec = cmd_set_environment_exec
};
