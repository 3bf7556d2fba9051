/*
 * paste-buffer: type a paste buffer into a pane, newlines replaced by the
 * separator ("\r" unless -s; -r keeps them), bracketed with -p when the
 * program asked for bracketed paste.
 */
#include <string.h>

#include "engine/base/buf.h"
#include "engine/sys/pane-io.h"
#include "engine/term/vt.h"
#include "tmux-compat/paste.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/pane-settle.h"

static enum cmd_retval
cmd_paste_buffer_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct pane		*wp = item->target.wp;
	struct paste_buffer	*pb;
	struct vt_state		 st;
	struct buf		 out;
	const char		*bufname = args_get(args, 'b'), *sepstr;
	const char		*data, *end, *nl;
	int			 bracket;

	if (bufname == NULL)
		pb = paste_first();
	else if ((pb = paste_get_name(bufname)) == NULL) {
		cmdq_error(item, "no buffer %s", bufname);
		return (CMD_RETURN_ERROR);
	}
	if (pb == NULL || wp->dead)
		return (CMD_RETURN_NORMAL);

	if ((sepstr = args_get(args, 's')) == NULL)
		sepstr = args_has(args, 'r') ? "\n" : "\r";
	pane_io_drain(wp);
	vt_screen_state(wp->screen, &st);
	bracket = args_has(args, 'p') && (st.mode & VT_MODE_BRACKETPASTE);

	buf_init(&out);
	if (bracket)
		buf_add_str(&out, "\033[200~");
	data = pb->data;
	end = pb->data + pb->size;
	while ((nl = memchr(data, '\n', (size_t)(end - data))) != NULL) {
		buf_add(&out, data, (size_t)(nl - data));
		buf_add_str(&out, sepstr);
		data = nl + 1;
	}
	buf_add(&out, data, (size_t)(end - data));
	if (bracket)
		buf_add_str(&out, "\033[201~");
	if (pane_io_send(wp, buf_data(&out), out.len) != 0)
		pane_settle_start(wp);
	buf_free(&out);

	if (args_has(args, 'd'))
		paste_free(pb);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_paste_buffer_entry = {
	.name = "paste-buffer",
	.alias = "pasteb",
	.args = { "db:prs:t:", 0, 0 },
	.usage = "[-dpr] [-s separator] [-b buffer-name] [-t target-pane]",
	.target = { 't', CMD_FIND_PANE, 0 },
	.flags = CMD_AFTERHOOK,
	.exec = cmd_paste_buffer_exec
};
