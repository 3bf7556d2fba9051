/* list-windows: one line per window of a session (-a: of every session). */
#include "engine/base/xmalloc.h"
#include "tmux-compat/format.h"
#include "tmux-compat/tmux.h"

#define LIST_WINDOWS_TEMPLATE						\
	"#{window_index}: #{window_name}#{window_raw_flags} "		\
	"(#{window_panes} panes) "					\
	"[#{window_width}x#{window_height}] "				\
	"[layout #{window_layout}] #{window_id}"			\
	"#{?window_active, (active),}"
#define LIST_WINDOWS_WITH_SESSION_TEMPLATE				\
	"#{session_name}:"						\
	"#{window_index}: #{window_name}#{window_raw_flags} "		\
	"(#{window_panes} panes) "					\
	"[#{window_width}x#{window_height}] "

static void
cmd_list_windows_session(struct cmdq_item *item, struct args *args,
    struct session *s, const char *template)
{
	struct winlink		*wl;
	struct cmd_find_state	 fs;
	const char		*filter = args_get(args, 'f');
	int			 n = 0;

	TAILQ_FOREACH(wl, &s->windows, entry) {
		n++;
		cmd_find_from_winlink(&fs, wl);
		fs.wp = NULL;
		format_vars_print_filtered(item, &fs, n - 1, filter, template);
	}
}

static enum cmd_retval
cmd_list_windows_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct session	*s;
	const char	*template = args_get(args, 'F');

	if (args_has(args, 'a')) {
		if (template == NULL)
			template = LIST_WINDOWS_WITH_SESSION_TEMPLATE;
		TAILQ_FOREACH(s, &model_sessions, entry)
			cmd_list_windows_session(item, args, s, template);
	} else {
		if (template == NULL)
			template = LIST_WINDOWS_TEMPLATE;
		cmd_list_windows_session(item, args, item->target.s, template);
	}
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_list_windows_entry = {
	.name = "list-windows",
	.alias = "lsw",
	.args = { "F:f:at:", 0, 0 },
	.usage = "[-a] [-F format] [-f filter] [-t target-session]",
	.target = { 't', CMD_FIND_SESSION, 0 },
	.flags = CMD_AFTERHOOK|CMD_NOCHANGE,
	.exec = cmd_list_windows_exec
};
