/* rename-session: rename the target session (name through formats). */
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/hooks.h"
#include "tmux-compat/tmux.h"

static enum cmd_retval
cmd_rename_session_exec(struct cmd *self, struct cmdq_item *item)
{
	struct session	*s = item->target.s;
	char		*tmp, *name, *cp;

	tmp = format_vars_for(item, &item->target, args_string(self->args, 0), 0);
	if (*tmp == '\0') {
		cmdq_error(item, "invalid session: %s", tmp);
		xfree(tmp);
		return (CMD_RETURN_ERROR);
	}
	for (cp = tmp; *cp != '\0'; cp++) {
		if (*cp == ':' || *cp == '.')
			*cp = '_';
	}
	name = names_visible(tmp);
	xfree(tmp);
	if (strcmp(name, s->name) == 0) {
		xfree(name);
		return (CMD_RETURN_NORMAL);
	}
	if (session_find(name) != NULL) {
		cmdq_error(item, "duplicate session: %s", name);
		xfree(name);
		return (CMD_RETURN_ERROR);
	}
	session_rename(s, name);
	xfree(name);
	hooks_notify("session-renamed", s, NULL, NULL, NULL);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_rename_session_entry = {
	.name = "rename-session",
	.alias = "rename",
	.args = { "t:", 1, 1 },
	.usage = "[-t target-session] new-name",
	.target = { 't', CMD_FIND_SESSION, 0 },
	.flags = CMD_AFTERHOOK,
	.exec = cmd_rename_session_exec
};
