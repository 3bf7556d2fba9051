/* rename-window: name a window (turns automatic-rename off). */
#include "engine/base/xmalloc.h"
#include "tmux-compat/options.h"
#include "tmux-compat/hooks.h"
#include "tmux-compat/tmux.h"

static enum cmd_retval
cmd_rename_window_exec(struct cmd *self, struct cmdq_item *item)
{
	struct window	*w = item->target.w;
	char		*name;

	name = format_vars_for(item, &item->target, args_string(self->args, 0), 0);
	names_set_window(w, name);
	options_window_set_number(w, "automatic-rename", 0);
	xfree(name);
	hooks_notify("window-renamed", NULL, w, NULL, NULL);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_rename_window_entry = {
	.name = "rename-window",
	.alias = "renamew",
	.args = { "t:", 1, 1 },
	.usage = "[-t target-window] new-name",
	.target = { 't', CMD_FIND_WINDOW, 0 },
	.flags = CMD_AFTERHOOK,
	.exec = cmd_rename_window_exec
};
