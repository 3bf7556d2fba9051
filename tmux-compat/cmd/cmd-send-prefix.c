/*
 * send-prefix: type the session's prefix key (-2: prefix2) into a pane, as
 * if pressed with no binding: through the mode's key table when the pane
 * is in a mode. A prefix set to None types nothing.
 */
#include "engine/base/buf.h"
#include "engine/sys/pane-io.h"
#include "engine/term/vt.h"
#include "tmux-compat/key-bindings.h"
#include "tmux-compat/options.h"
#include "tmux-compat/tmux.h"

static enum cmd_retval
cmd_send_prefix_exec(struct cmd *self, struct cmdq_item *item)
{
	struct pane	*p = item->target.wp;
	struct vt_state	 st;
	struct buf	 out;
	const char	*name;
	long long	 key;

	key = options_session_number(item->target.s,
	    args_has(self->args, '2') ? "prefix2" : "prefix");
	if (key == OPTIONS_KEY_NONE)
		return (CMD_RETURN_NORMAL);
	/* The option keeps C-b as 'b'|Ctrl, a typed key is 0x02. */
	name = key_string_lookup_key(key);
	if (p->mode != NULL) {
		cmd_send_keys_mode_key(item, p, key_string_lookup_string(name));
		return (CMD_RETURN_NORMAL);
	}
	pane_io_drain(p);
	vt_screen_state(p->screen, &st);
	buf_init(&out);
	if (keys_encode(name, st.mode, &out) == 0)
		cmd_send_keys_to_pane(p, buf_data(&out), out.len);
	buf_free(&out);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_send_prefix_entry = {
	.name = "send-prefix",
	.alias = NULL,
	.args = { "2t:", 0, 0 },
	.usage = "[-2] [-t target-pane]",
	.target = { 't', CMD_FIND_PANE, 0 },
	.flags = CMD_AFTERHOOK,
	.exec = cmd_send_prefix_exec
};
