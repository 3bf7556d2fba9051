/* show-environment: a session's (or -g the global) environment. */
#include <string.h>

#include "engine/base/buf.h"
#include "engine/base/xmalloc.h"
#include "tmux-compat/tmux.h"

/* -s: shell syntax; $ ` " \ are escaped. */
static char *
cmd_show_environment_escape(const char *value)
{
	struct buf	b;

	buf_init(&b);
	for (; *value != '\0'; value++) {
		if (strchr("$`\"\\", *value) != NULL)
			buf_add_byte(&b, '\\');
		buf_add_byte(&b, (uint8_t)*value);
	}
	return (buf_take(&b, NULL));
}

static void
cmd_show_environment_print(struct cmd *self, struct cmdq_item *item,
    struct environ_entry *e)
{
	struct args	*args = self->args;
	char		*escaped;

	if (!args_has(args, 'h') && e->hidden)
		return;
	if (args_has(args, 'h') && !e->hidden)
		return;
	if (!args_has(args, 's')) {
		if (e->value != NULL)
			cmdq_print(item, "%s=%s", e->name, e->value);
		else
			cmdq_print(item, "-%s", e->name);
		return;
	}
	if (e->value != NULL) {
		escaped = cmd_show_environment_escape(e->value);
		cmdq_print(item, "%s=\"%s\"; export %s;", e->name, escaped,
		    e->name);
		xfree(escaped);
	} else
		cmdq_print(item, "unset %s;", e->name);
}

static enum cmd_retval
cmd_show_environment_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct environ		*env;
	struct environ_entry	*e;
	const char		*name;

	if (args_has(args, 'g'))
		env = &global_environ;
	else {
		if (item->target.s == NULL) {
			cmdq_error(item, "no such session: %s",
			    args_get(args, 't') != NULL ? args_get(args, 't') : "");
			return (CMD_RETURN_ERROR);
		}
		env = &item->target.s->environ;
	}
	if (args_count(args) != 0) {
		name = args_string(args, 0);
		if ((e = environ_find(env, name)) == NULL) {
			cmdq_error(item, "unknown variable: %s", name);
			return (CMD_RETURN_ERROR);
		}
		cmd_show_environment_print(self, item, e);
		return (CMD_RETURN_NORMAL);
	}
	TAILQ_FOREACH(e, env, entry)
		cmd_show_environment_print(self, item, e);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_show_environment_entry = {
	.name = "show-environment",
	.alias = "showenv",
	.args = { "hgst:", 0, 1 },
	.usage = "[-hgs] [-t target-session] [name]",
	.target = { 't', CMD_FIND_SESSION, CMD_FIND_CANFAIL },
	.flags = CMD_AFTERHOOK|CMD_NOCHANGE,
	.exec = cmd_show_environment_exec
};
