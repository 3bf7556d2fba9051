/*
 * unbind-key: remove a binding, or with -a a whole table; -q makes every
 * failure silent and successful (tmux 3.3a).
 */
#include "tmux-compat/key-bindings.h"
#include "tmux-compat/options.h"
#include "tmux-compat/tmux.h"

static enum cmd_retval
cmd_unbind_key_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	const char	*keystr = args_string(args, 0), *tablename;
	long long	 key;
	int		 quiet = args_has(args, 'q');

	tablename = args_get(args, 'T');
	if (tablename == NULL)
		tablename = args_has(args, 'n') ? "root" : "prefix";

	if (args_has(args, 'a')) {
		if (keystr != NULL) {
			if (quiet)
				return (CMD_RETURN_NORMAL);
			cmdq_error(item, "key given with -a");
			return (CMD_RETURN_ERROR);
		}
		if (key_bindings_get_table(tablename, 0) == NULL) {
			if (quiet)
				return (CMD_RETURN_NORMAL);
			cmdq_error(item, "table %s doesn't exist", tablename);
			return (CMD_RETURN_ERROR);
		}
		key_bindings_remove_table(tablename);
		return (CMD_RETURN_NORMAL);
	}

	if (keystr == NULL) {
		if (quiet)
			return (CMD_RETURN_NORMAL);
		cmdq_error(item, "missing key");
		return (CMD_RETURN_ERROR);
	}
	key = key_string_lookup_string(keystr);
	if (key == OPTIONS_KEY_NONE || key == -1) {
		if (quiet)
			return (CMD_RETURN_NORMAL);
		cmdq_error(item, "unknown key: %s", keystr);
		return (CMD_RETURN_ERROR);
	}
	if (key_bindings_get_table(tablename, 0) == NULL) {
		if (quiet)
			return (CMD_RETURN_NORMAL);
		cmdq_error(item, "table %s doesn't exist", tablename);
		return (CMD_RETURN_ERROR);
	}
	key_bindings_remove(tablename, key);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_unbind_key_entry = {
	.name = "unbind-key",
	.alias = "unbind",
	.args = { "anqT:", 0, 1 },
	.usage = "[-anq] [-T key-table] key",
	.flags = CMD_AFTERHOOK|CMD_NOCHANGE,
	.exec = cmd_unbind_key_exec
};
