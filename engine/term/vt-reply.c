/*
 * Replies to queries (DA1, DA2, XTVERSION, DSR), byte for byte what tmux
 * 3.3a writes back to the pane.
 */
#include "engine/term/vt_int.h"

void
vt_reply_da(struct vt_screen *s, int which)
{
	if (s->reply == NULL)
		return;
	if (which == 1)
		buf_add_str(s->reply, "\033[?1;2c");
	else
		buf_add_str(s->reply, "\033[>84;0;0c");
}

void
vt_reply_xda(struct vt_screen *s)
{
	if (s->reply != NULL)
		buf_add_str(s->reply, "\033P>|tmux 3.3a\033\\");
}

/* CSI 18 t: tmux answers columns first. */
void
vt_reply_size(struct vt_screen *s)
{
	if (s->reply != NULL)
		buf_printf(s->reply, "\033[8;%u;%ut", s->grid->sx, s->grid->sy);
}

void
vt_reply_dsr(struct vt_screen *s, unsigned n)
{
	if (s->reply == NULL)
		return;
	if (n == 5)
		buf_add_str(s->reply, "\033[0n");
	else if (n == 6)
		buf_printf(s->reply, "\033[%u;%uR", s->cy + 1, s->cx + 1);
}
