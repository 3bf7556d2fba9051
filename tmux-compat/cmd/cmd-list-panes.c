/* list-panes: one line per pane of a window (-s: session, -a: all). */
#include "engine/base/xmalloc.h"
#include "tmux-compat/format.h"
#include "tmux-compat/tmux.h"

#define LIST_PANES_TAIL							\
	"[#{pane_width}x#{pane_height}] [history "			\
	"#{history_size}/#{history_limit}, "				\
	"#{history_bytes} bytes] #{pane_id}"				\
	"#{?pane_active, (active),}#{?pane_dead, (dead),}"

static void
cmd_list_panes_window(struct cmdq_item *item, struct args *args,
    struct winlink *wl, int type)
{
	struct pane		*p;
	struct cmd_find_state	 fs;
	const char		*template = args_get(args, 'F');
	const char		*filter = args_get(args, 'f');
	int			 n = 0;

	if (template == NULL) {
		switch (type) {
		case 0:
			template = "#{pane_index}: " LIST_PANES_TAIL;
			break;
		case 1:
			template = "#{window_index}.#{pane_index}: "
			    LIST_PANES_TAIL;
			break;
		default:
			template = "#{session_name}:#{window_index}."
			    "#{pane_index}: " LIST_PANES_TAIL;
			break;
		}
	}
	TAILQ_FOREACH(p, &wl->window->panes, entry) {
		n++;
		cmd_find_from_winlink(&fs, wl);
		fs.wp = p;
		format_vars_print_filtered(item, &fs, n - 1, filter, template);
	}
}

static enum cmd_retval
cmd_list_panes_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct session	*s;
	struct winlink	*wl;

	if (args_has(args, 'a')) {
		TAILQ_FOREACH(s, &model_sessions, entry) {
			TAILQ_FOREACH(wl, &s->windows, entry)
				cmd_list_panes_window(item, args, wl, 2);
		}
	} else if (args_has(args, 's')) {
		TAILQ_FOREACH(wl, &item->target.s->windows, entry)
			cmd_list_panes_window(item, args, wl, 1);
	} else
		cmd_list_panes_window(item, args, item->target.wl, 0);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_list_panes_entry = {
	.name = "list-panes",
	.alias = "lsp",
	.args = { "asF:f:t:", 0, 0 },
	.usage = "[-as] [-F format] [-f filter] [-t target-window]",
	.target = { 't', CMD_FIND_WINDOW, 0 },
	.flags = CMD_AFTERHOOK|CMD_NOCHANGE,
	.exec = cmd_list_panes_exec
};
