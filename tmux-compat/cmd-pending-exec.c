/*
 * The exec of every command that is declared (so lookups, prefixes and
 * usage errors are right) but not implemented yet: it says so and fails.
 * Alone in its file so unit tests can supply their own.
 */
#include "tmux-compat/tmux.h"

enum cmd_retval
cmd_pending_exec(struct cmd *self, struct cmdq_item *item)
{
	cmdq_error(item, "%s: not implemented in zeropty yet",
	    self->entry->name);
	return (CMD_RETURN_ERROR);
}
