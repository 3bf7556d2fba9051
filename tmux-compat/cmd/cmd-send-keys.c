/*
 * send-keys: type keys into a pane. Each word is a key name if tmux knows
 * it (Enter, C-c, F5 ...) and otherwise literal text; -l sends every word
 * literally, -H as hex bytes, -N repeats. Keys go through the pane's line
 * discipline, as if typed on its terminal.
 *
 * -W [-T timeout-ms] (zeropty's own): first wait until the pane's program
 * waits for input, as wait-pane -I (cmd-wait-pane.c); the keys are made
 * and sent whole once it does, after any sent before them. Not in the
 * usage string, which stays tmux's (list-commands).
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/buf.h"
#include "engine/base/xmalloc.h"
#include "engine/sys/pane-io.h"
#include "engine/term/vt.h"
#include "tmux-compat/options.h"
#include "tmux-compat/key-bindings.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"
#include "tmux-compat/window-copy.h"
#include "tmux-compat/pane-settle.h"

static void
cmd_send_keys_word(struct cmdq_item *item, struct args *args, const char *s,
    unsigned mode, struct buf *out)
{
	char	*end;
	long	 n;

	if (args_has(args, 'H')) {
		n = strtol(s, &end, 16);
		if (*s == '\0' || n < 0 || n > 0xff || *end != '\0')
			return;
		buf_add_byte(out, (uint8_t)n);
		return;
	}
	if (args_has(args, 'l') || keys_encode(s, mode, out) != 0)
		buf_add_str(out, s);
}

/* A key for a pane in a mode: what the mode's key table binds it to. */
void
cmd_send_keys_mode_key(struct cmdq_item *item, struct pane *p, long long key)
{
	struct key_table	*kt;
	struct key_binding	*kb;

	kt = key_bindings_get_table(options_window_number(p->window,
	    "mode-keys") == 1 ? "copy-mode-vi" : "copy-mode", 0);
	if (key < 0 || kt == NULL || (kb = key_bindings_get(kt, key)) == NULL)
		return;
	cmd_find_from_pane(&item->target, p);
	cmdq_set_current(&item->target);
	cmdq_run(item->client, kb->cmdlist);
	cmdq_set_current(NULL);
}

static enum cmd_retval
cmd_send_keys_mode(struct cmdq_item *item, struct pane *p, struct args *args,
    int count, long long repeat)
{
	int	i;

	for (; repeat > 0; repeat--) {
		for (i = 0; i < count && p->mode != NULL; i++) {
			cmd_send_keys_mode_key(item, p,
			    key_string_lookup_string(args_string(args, i)));
		}
	}
	return (CMD_RETURN_NORMAL);
}

/* Bytes typed into a pane, and with synchronize-panes its window's others. */
void
cmd_send_keys_to_pane(struct pane *p, const void *data, size_t len)
{
	struct pane	*other;

	/* Keys that reached the program: its answer is worth waiting for. */
	if (pane_io_send(p, data, len) != 0)
		pane_settle_start(p);
	if (!options_pane_number(p, "synchronize-panes"))
		return;
	TAILQ_FOREACH(other, &p->window->panes, entry) {
		if (other == p || other->dead ||
		    !options_pane_number(other, "synchronize-panes"))
			continue;
		if (pane_io_send(other, data, len) != 0)
			pane_settle_start(other);
	}
}

static enum cmd_retval
cmd_send_keys_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct pane	*p = item->target.wp;
	struct vt_state	 st;
	struct buf	 out;
	char		*cause = NULL, *expanded;
	long long	 repeat = 1;
	unsigned	 mx, my;
	int		 i, rv, count = args_count(args);

	if (args_has(args, 'N')) {
		repeat = args_strtonum(args, 'N', 1, UINT_MAX, &cause);
		if (cause != NULL) {
			cmdq_error(item, "repeat count %s", cause);
			xfree(cause);
			return (CMD_RETURN_ERROR);
		}
	}
	if (args_has(args, 'W')) {
		/* The repeat count is checked before the wait, not after. */
		switch (cmd_wait_pane_send(self, item)) {
		case CMD_RETURN_NORMAL:
			p = item->target.wp;
			break;
		case CMD_RETURN_STOP:
			return (CMD_RETURN_NORMAL);
		case CMD_RETURN_RETRY:
			return (CMD_RETURN_RETRY);
		default:
			return (CMD_RETURN_ERROR);
		}
	}
	if (args_has(args, 'M')) {
		struct cmd_find_state	mfs;

		if (tty_mouse_target(item->client, &mfs) != 0 ||
		    mfs.wp == NULL) {
			cmdq_error(item, "no mouse target");
			return (CMD_RETURN_ERROR);
		}
		tty_mouse_forward(item->client, mfs.wp);
		return (CMD_RETURN_NORMAL);
	}
	if (args_has(args, 'X')) {
		if (p->mode == NULL) {
			cmdq_error(item, "not in a mode");
			return (CMD_RETURN_ERROR);
		}
		if (count == 0)
			return (CMD_RETURN_NORMAL);
		/* From a mouse binding: the cursor to the mouse first. */
		if (tty_mouse_binding_at(item->client, p, &mx, &my) == 0)
			window_copy_mouse(p, mx, my, 0);
		for (; repeat > 0 && p->mode != NULL; repeat--) {
			char	**argv = xcalloc((size_t)count, sizeof *argv);

			for (i = 1; i < count; i++)
				argv[i - 1] = (char *)args_string(args, i);
			/* tmux ignores a command copy mode does not know. */
			rv = window_copy_command(p, args_string(args, 0),
			    count - 1, argv);
			xfree(argv);
			if (rv == -1)
				break;
		}
		return (CMD_RETURN_NORMAL);
	}
	/* Keys for a pane in a mode go through the mode's key table. */
	if (p->mode != NULL && count != 0)
		return (cmd_send_keys_mode(item, p, args, count, repeat));
	if (args_has(args, 'R')) {
		pane_io_drain(p);
		vt_screen_input_reset(p->screen);
	}
	if (count == 0)
		return (CMD_RETURN_NORMAL);

	pane_io_drain(p);
	vt_screen_state(p->screen, &st);
	buf_init(&out);
	for (; repeat > 0; repeat--) {
		for (i = 0; i < count; i++) {
			if (args_has(args, 'F')) {
				expanded = format_vars_for(item, &item->target,
				    args_string(args, i), 0);
				cmd_send_keys_word(item, args, expanded, st.mode,
				    &out);
				xfree(expanded);
			} else
				cmd_send_keys_word(item, args,
				    args_string(args, i), st.mode, &out);
		}
	}
	cmd_send_keys_to_pane(p, buf_data(&out), out.len);
	buf_free(&out);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_send_keys_entry = {
	.name = "send-keys",
	.alias = "send",
	.args = { "FHlMN:Rt:T:WX", 0, -1 },
	.usage = "[-FHlMRX] [-N repeat-count] [-t target-pane] key ...",
	.target = { 't', CMD_FIND_PANE, 0 },
	.flags = CMD_AFTERHOOK|CMD_NOCHANGE,
	.exec = cmd_send_keys_exec
};
