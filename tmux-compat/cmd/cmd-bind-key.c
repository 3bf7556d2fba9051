/*
 * bind-key: bind a key in a table (-T, -n for root, else prefix) to a
 * command list: one argument is parsed as a command string (a { } block
 * keeps its lines as groups), several are one command in argv form. With
 * no command only the note (-N) of an existing binding changes. -r marks
 * the binding repeatable.
 */
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/cmd-parse.h"
#include "tmux-compat/key-bindings.h"
#include "tmux-compat/options.h"
#include "tmux-compat/tmux.h"

static enum cmd_retval
cmd_bind_key_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		 *args = self->args;
	struct cmd_parse_input	  pi;
	struct cmd_parse_result	  pr;
	struct cmd_list		 *list;
	const char		 *tablename, *note = args_get(args, 'N');
	const char		 *s;
	char			**argv;
	unsigned		 *groups = NULL;
	const int		 *blocks;
	char			**printed = NULL;
	long long		  key;
	int			  count = args_count(args), repeat;

	key = key_string_lookup_string(args_string(args, 0));
	if (key == OPTIONS_KEY_NONE || key == -1) {
		cmdq_error(item, "unknown key: %s", args_string(args, 0));
		return (CMD_RETURN_ERROR);
	}
	if (args_has(args, 'T'))
		tablename = args_get(args, 'T');
	else if (args_has(args, 'n'))
		tablename = "root";
	else
		tablename = "prefix";
	repeat = args_has(args, 'r');

	if (count == 1) {
		key_bindings_add(tablename, key, note, repeat, NULL, NULL,
		    NULL);
		return (CMD_RETURN_NORMAL);
	}

	if (count == 2) {
		s = args_string(args, 1);
		cfg_parse_input(&pi, NULL, NULL, 0);
		blocks = cmd_parse_cmd_blocks(self);
		if (blocks != NULL && blocks[1])
			pi.flags |= CMD_PARSE_SEMIGROUPS;
		cmd_parse_from_string(s, &pi, &pr);
		if (pr.status == CMD_PARSE_ERROR) {
			cmdq_error(item, "%s", pr.error);
			xfree(pr.error);
			return (CMD_RETURN_ERROR);
		}
		xfree(pr.lines);
		list = pr.cmdlist;
		groups = pr.groups;
		printed = pr.printed;
	} else {
		/* Several arguments: tmux's cmd_parse_from_arguments. */
		argv = args_argv(args);
		blocks = cmd_parse_cmd_blocks(self);
		cmd_parse_from_words(count - 1, argv + 1,
		    blocks != NULL ? blocks + 1 : NULL, &pr);
		if (pr.status == CMD_PARSE_ERROR) {
			cmdq_error(item, "%s", pr.error);
			xfree(pr.error);
			return (CMD_RETURN_ERROR);
		}
		xfree(pr.lines);
		xfree(pr.groups);
		list = pr.cmdlist;
		printed = pr.printed;
	}
	key_bindings_add(tablename, key, note, repeat, list, groups, printed);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_bind_key_entry = {
	.name = "bind-key",
	.alias = "bind",
	.args = { "nrN:T:", 1, -1 },
	.usage = "[-nr] [-T key-table] [-N note] key [command [arguments]]",
	.flags = CMD_AFTERHOOK|CMD_NOCHANGE,
	.exec = cmd_bind_key_exec
};
