/* set-buffer: set (-a: append to) or rename (-n) a paste buffer. */
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/paste.h"
#include "tmux-compat/tmux.h"

static enum cmd_retval
cmd_set_buffer_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct paste_buffer	*pb = NULL;
	const char		*bufname = args_get(args, 'b'), *data;
	char			*cause = NULL, *buf;
	size_t			 size, len;

	if (bufname != NULL)
		pb = paste_get_name(bufname);
	if (args_has(args, 'n')) {
		if (pb == NULL) {
			if (bufname != NULL) {
				cmdq_error(item, "unknown buffer: %s", bufname);
				return (CMD_RETURN_ERROR);
			}
			if ((pb = paste_first()) == NULL) {
				cmdq_error(item, "no buffer");
				return (CMD_RETURN_ERROR);
			}
			bufname = pb->name;
		}
		if (paste_rename(bufname, args_get(args, 'n'), &cause) != 0) {
			cmdq_error(item, "%s", cause);
			xfree(cause);
			return (CMD_RETURN_ERROR);
		}
		return (CMD_RETURN_NORMAL);
	}
	if (args_count(args) != 1) {
		cmdq_error(item, "no data specified");
		return (CMD_RETURN_ERROR);
	}
	data = args_string(args, 0);
	if ((len = strlen(data)) == 0)
		return (CMD_RETURN_NORMAL);
	if (args_has(args, 'a') && pb != NULL) {
		size = pb->size + len;
		buf = xmalloc(size + 1);
		memcpy(buf, pb->data, pb->size);
		memcpy(buf + pb->size, data, len);
		buf[size] = '\0';
		bufname = pb->name;
	} else {
		buf = xstrdup(data);
		size = len;
	}
	if (bufname != NULL) {
		char	*name = xstrdup(bufname);

		paste_set(buf, size, name);
		xfree(name);
	} else
		paste_add(buf, size);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_set_buffer_entry = {
	.name = "set-buffer",
	.alias = "setb",
	.args = { "ab:t:n:w", 0, 1 },
	.usage = "[-aw] [-b buffer-name] [-n new-buffer-name] "
	    "[-t target-client] data",
	.flags = CMD_AFTERHOOK|CMD_CLIENT_TFLAG|CMD_CLIENT_CANFAIL|CMD_NOCHANGE,
	.exec = cmd_set_buffer_exec
};
