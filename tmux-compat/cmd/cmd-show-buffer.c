/* show-buffer: a paste buffer's content, as it is, to stdout. */
#include "tmux-compat/paste.h"
#include "tmux-compat/tmux.h"

static enum cmd_retval
cmd_show_buffer_exec(struct cmd *self, struct cmdq_item *item)
{
	const char		*name = args_get(self->args, 'b');
	struct paste_buffer	*pb;

	if (name != NULL) {
		if ((pb = paste_get_name(name)) == NULL) {
			cmdq_error(item, "no buffer %s", name);
			return (CMD_RETURN_ERROR);
		}
	} else if ((pb = paste_first()) == NULL) {
		cmdq_error(item, "no buffers");
		return (CMD_RETURN_ERROR);
	}
	cmdq_write(item, pb->data, pb->size);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_show_buffer_entry = {
	.name = "show-buffer",
	.alias = "showb",
	.args = { "b:", 0, 0 },
	.usage = "[-b buffer-name]",
	.flags = CMD_AFTERHOOK|CMD_NOCHANGE,
	.exec = cmd_show_buffer_exec
};
