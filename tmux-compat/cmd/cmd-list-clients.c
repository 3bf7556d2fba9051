/*
 * list-clients: one line per attached and control client (-t: of that
 * session), with the client's own formats.
 */
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/control.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"

#define LIST_CLIENTS_TEMPLATE						\
	"#{client_name}: #{session_name} "				\
	"[#{client_width}x#{client_height} #{client_termname}]"		\
	"#{?client_flags, (,}#{client_flags}#{?client_flags,),}"

static enum cmd_retval
cmd_list_clients_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct tty_client	*tc;
	struct client		*c;
	struct session		*s, *only = NULL;
	struct cmd_find_state	 fs;
	const char		*template = args_get(args, 'F');
	int			 n = 0;

	if (args_has(args, 't'))
		only = item->target.s;
	if (template == NULL)
		template = LIST_CLIENTS_TEMPLATE;
	for (tc = tty_first(); tc != NULL; tc = tty_next(tc)) {
		if ((s = tty_session(tc->c)) == NULL ||
		    (only != NULL && s != only))
			continue;
		/* The line's formats are the listed client's. */
		item->format_client = tc->c;
		cmd_find_from_session(&fs, s);
		format_vars_print_filtered(item, &fs, n++, NULL, template);
	}
	for (c = control_first(); c != NULL; c = control_next(c)) {
		if ((s = control_session(c)) == NULL ||
		    (only != NULL && s != only))
			continue;
		item->format_client = c;
		cmd_find_from_session(&fs, s);
		format_vars_print_filtered(item, &fs, n++, NULL, template);
	}
	item->format_client = NULL;
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_list_clients_entry = {
	.name = "list-clients",
	.alias = "lsc",
	.args = { "F:t:", 0, 0 },
	.usage = "[-F format] [-t target-session]",
	.target = { 't', CMD_FIND_SESSION, 0 },
	.flags = CMD_READONLY|CMD_AFTERHOOK|CMD_NOCHANGE,
	.exec = cmd_list_clients_exec
};
