/* delete-buffer: remove a paste buffer (the most recent by default). */
#include "tmux-compat/paste.h"
#include "tmux-compat/tmux.h"

static enum cmd_retval
cmd_delete_buffer_exec(struct cmd *self, struct cmdq_item *item)
{
	const char		*name = args_get(self->args, 'b');
	struct paste_buffer	*pb;

	if (name != NULL) {
		if ((pb = paste_get_name(name)) == NULL) {
			cmdq_error(item, "unknown buffer: %s", name);
			return (CMD_RETURN_ERROR);
		}
	} else if ((pb = paste_first()) == NULL) {
		cmdq_error(item, "no buffer");
		return (CMD_RETURN_ERROR);
	}
	paste_free(pb);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_delete_buffer_entry = {
	.name = "delete-buffer",
	.alias = "deleteb",
	.args = { "b:", 0, 0 },
	.usage = "[-b buffer-name]",
	.flags = CMD_AFTERHOOK|CMD_NOCHANGE,
	.exec = cmd_delete_buffer_exec
};
