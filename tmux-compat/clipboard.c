/*
 * set-clipboard: OSC 52 from a pane's program and copies from copy mode,
 * as tmux 3.3a. With set-clipboard on, a selection a program sets becomes
 * a paste buffer, goes to the terminals of the clients showing its window
 * (tty_set_selection) and fires pane-set-clipboard; a query ("?") is
 * answered with the newest buffer. Copy mode sends what it copies to
 * those terminals unless set-clipboard is off.
 */
#include <string.h>

#include "engine/base/base64.h"
#include "engine/base/xmalloc.h"
#include "engine/sys/pane-io.h"
#include "tmux-compat/hooks.h"
#include "tmux-compat/paste.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"

/* set-clipboard's choices, in the options table's order. */
#define CLIPBOARD_OFF	0
#define CLIPBOARD_ON	2

static void
clipboard_one(const uint8_t *data, size_t len, int bel, void *arg)
{
	struct pane		*p = arg;
	struct paste_buffer	*pb;
	struct buf		 reply;

	if (options_get_number("set-clipboard") != CLIPBOARD_ON)
		return;
	if (data == NULL) {
		buf_init(&reply);
		buf_add_str(&reply, "\033]52;;");
		if ((pb = paste_first()) != NULL)
			base64_encode((const uint8_t *)pb->data, pb->size,
			    &reply);
		buf_add_str(&reply, bel ? "\007" : "\033\\");
		pane_io_write(p, buf_data(&reply), reply.len);
		buf_free(&reply);
		return;
	}
	tty_set_selection(p->window, data, len);
	hooks_notify("pane-set-clipboard", NULL, NULL, p, NULL);
	paste_add(xmemdup(data, len), len);
}

/* The pane's program wrote OSC 52 (VT_EVENT_CLIPBOARD). */
void
clipboard_pane(struct pane *p)
{
	vt_screen_take_clipboard(p->screen, clipboard_one, p);
}

/* Copy mode copied text from a pane of window w. */
void
clipboard_copied(struct window *w, const char *text, size_t len)
{
	if (options_get_number("set-clipboard") != CLIPBOARD_OFF)
		tty_set_selection(w, (const uint8_t *)text, len);
}
