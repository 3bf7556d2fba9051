/*
 * server-access: who may use the server (server-acl.c). -l lists the
 * users but root, "name (W)" or "name (R)"; -a adds a user (write access),
 * -d removes one and sends its clients away, -r and -w make one read-only
 * or not (adding it first if needed). The user is a format; root and the
 * server's own user cannot be changed. Checks in tmux 3.3a's order.
 */
#include <pwd.h>
#include <unistd.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/tmux.h"

static void
cmd_server_access_print(uid_t uid, int readonly, void *arg)
{
	struct passwd	*pw;

	if (uid == 0)
		return;
	pw = getpwuid(uid);
	cmdq_print(arg, "%s (%s)", pw != NULL ? pw->pw_name : "unknown",
	    readonly ? "R" : "W");
}

static enum cmd_retval
cmd_server_access_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct passwd	*pw = NULL;
	char		*name;
	uid_t		 uid;

	if (args_has(args, 'l')) {
		server_acl_each(cmd_server_access_print, item);
		return (CMD_RETURN_NORMAL);
	}
	if (args_count(args) == 0) {
		cmdq_error(item, "missing user argument");
		return (CMD_RETURN_ERROR);
	}
	name = format_vars_for(item, &item->target, args_string(args, 0), 0);
	if (*name != '\0')
		pw = getpwnam(name);
	if (pw == NULL) {
		cmdq_error(item, "unknown user: %s", name);
		xfree(name);
		return (CMD_RETURN_ERROR);
	}
	xfree(name);
	uid = pw->pw_uid;
	if (uid == 0 || uid == getuid()) {
		cmdq_error(item, "%s owns the server, can't change access",
		    pw->pw_name);
		return (CMD_RETURN_ERROR);
	}
	if (args_has(args, 'a') && args_has(args, 'd')) {
		cmdq_error(item, "-a and -d cannot be used together");
		return (CMD_RETURN_ERROR);
	}
	if (args_has(args, 'w') && args_has(args, 'r')) {
		cmdq_error(item, "-r and -w cannot be used together");
		return (CMD_RETURN_ERROR);
	}
	if (args_has(args, 'd')) {
		if (server_acl_find(uid) == -1) {
			cmdq_error(item, "user %s not found", pw->pw_name);
			return (CMD_RETURN_ERROR);
		}
		server_clients_deny(uid);
		server_acl_deny(uid);
		return (CMD_RETURN_NORMAL);
	}
	if (args_has(args, 'a') && server_acl_find(uid) != -1) {
		cmdq_error(item, "user %s is already added", pw->pw_name);
		return (CMD_RETURN_ERROR);
	}
	if (args_has(args, 'a') || args_has(args, 'r') || args_has(args, 'w'))
		server_acl_allow(uid);
	if (args_has(args, 'r') || args_has(args, 'w')) {
		server_acl_set_readonly(uid, args_has(args, 'r'));
		server_clients_set_readonly(uid, args_has(args, 'r'));
	}
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_server_access_entry = {
	.name = "server-access",
	.alias = NULL,
	.args = { "adlrw", 0, 1 },
	.usage = "[-adlrw] [-t target-pane] [user]",
	.flags = CMD_CLIENT_CANFAIL,
	.exec = cmd_server_access_exec
};
