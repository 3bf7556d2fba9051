/* list-buffers: one line per paste buffer, most recent first. */
#include "engine/base/xmalloc.h"
#include "tmux-compat/format.h"
#include "tmux-compat/paste.h"
#include "tmux-compat/tmux.h"

#define LIST_BUFFERS_TEMPLATE						\
	"#{buffer_name}: #{buffer_size} bytes: \"#{buffer_sample}\""

static enum cmd_retval
cmd_list_buffers_exec(struct cmd *self, struct cmdq_item *item)
{
	struct paste_buffer	*pb;
	const char		*template, *filter;
	char			*line;
	int			 show;

	if ((template = args_get(self->args, 'F')) == NULL)
		template = LIST_BUFFERS_TEMPLATE;
	filter = args_get(self->args, 'f');
	for (pb = paste_first(); pb != NULL; pb = paste_next(pb)) {
		if (filter != NULL) {
			line = format_vars_for_buffer(item, pb, filter);
			show = format_true(line);
			xfree(line);
			if (!show)
				continue;
		}
		line = format_vars_for_buffer(item, pb, template);
		cmdq_print(item, "%s", line);
		xfree(line);
	}
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_list_buffers_entry = {
	.name = "list-buffers",
	.alias = "lsb",
	.args = { "F:f:", 0, 0 },
	.usage = "[-F format] [-f filter]",
	.flags = CMD_AFTERHOOK|CMD_NOCHANGE,
	.exec = cmd_list_buffers_exec
};
