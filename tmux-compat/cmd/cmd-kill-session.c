/* kill-session: destroy the target session (-a: every other session). */
#include "tmux-compat/tmux.h"

static enum cmd_retval
cmd_kill_session_exec(struct cmd *self, struct cmdq_item *item)
{
	struct session	*s = item->target.s, *loop, *next;

	if (args_has(self->args, 'C'))
		return (CMD_RETURN_NORMAL);	/* alerts: none kept yet */
	if (args_has(self->args, 'a')) {
		TAILQ_FOREACH_SAFE(loop, &model_sessions, entry, next) {
			if (loop != s)
				server_kill_session(loop);
		}
		return (CMD_RETURN_NORMAL);
	}
	server_kill_session(s);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_kill_session_entry = {
	.name = "kill-session",
	.alias = NULL,
	.args = { "aCt:", 0, 0 },
	.usage = "[-aC] [-t target-session]",
	.target = { 't', CMD_FIND_SESSION, 0 },
	.flags = 0,
	.exec = cmd_kill_session_exec
};
