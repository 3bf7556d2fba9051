/* list-sessions: one line per session, tmux's default template. */
#include "engine/base/xmalloc.h"
#include "tmux-compat/format.h"
#include "tmux-compat/tmux.h"

#define LIST_SESSIONS_TEMPLATE						\
	"#{session_name}: #{session_windows} windows "			\
	"(created #{t:session_created})"				\
	"#{?session_grouped, (group ,}"					\
	"#{session_group}#{?session_grouped,),}"			\
	"#{?session_attached, (attached),}"

static enum cmd_retval
cmd_list_sessions_exec(struct cmd *self, struct cmdq_item *item)
{
	struct session		*s;
	struct cmd_find_state	 fs;
	const char		*template, *filter;
	int			 n;

	if ((template = args_get(self->args, 'F')) == NULL)
		template = LIST_SESSIONS_TEMPLATE;
	filter = args_get(self->args, 'f');
	n = 0;
	TAILQ_FOREACH(s, &model_sessions, entry) {
		cmd_find_from_session(&fs, s);
		fs.wl = NULL;
		fs.w = NULL;
		fs.wp = NULL;
		format_vars_print_filtered(item, &fs, n++, filter, template);
	}
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_list_sessions_entry = {
	.name = "list-sessions",
	.alias = "ls",
	.args = { "F:f:", 0, 0 },
	.usage = "[-F format] [-f filter]",
	.flags = CMD_AFTERHOOK|CMD_NOCHANGE,
	.exec = cmd_list_sessions_exec
};
