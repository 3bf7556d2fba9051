/*
 * clock-mode's picture: the time in big digits (or plain text in a small
 * pane) in clock-mode-colour, as tmux 3.3a's window_clock_draw_screen
 * places it; the cursor is hidden at the end of the last digit.
 */
#include <string.h>
#include <time.h>

#include "tmux-compat/options.h"
#include "tmux-compat/tty.h"
#include "tmux-compat/window-copy.h"

static void
window_clock_time(struct pane *p, char *tim, size_t size)
{
	time_t		 t = time(NULL);
	struct tm	*tm = localtime(&t);

	if (options_window_number(p->window, "clock-mode-style") == 0) {
		strftime(tim, size, "%l:%M ", tm);
		strlcat(tim, tm->tm_hour >= 12 ? "PM" : "AM", size);
	} else
		strftime(tim, size, "%H:%M", tm);
}

static void
window_clock_cell(struct vt_rcell *rc, char ch, int fg, int bg)
{
	memset(rc, 0, sizeof *rc);
	rc->data[0] = ch;
	rc->width = 1;
	rc->fg = fg;
	rc->bg = bg;
}

void
window_clock_draw(struct pane *p, struct vt_rcell *cells)
{
	char		 tim[64], *ptr;
	unsigned	 i, j, x, y, len, n = p->sx * p->sy;
	int		 colour;

	colour = (int)options_window_number(p->window, "clock-mode-colour");
	window_clock_time(p, tim, sizeof tim);
	len = (unsigned)strlen(tim);
	for (i = 0; i < n; i++)
		window_clock_cell(&cells[i], ' ', 8, 8);
	if (p->sx < 6 * len || p->sy < 6) {
		if (p->sx >= len && p->sy != 0) {
			x = p->sx / 2 - len / 2;
			y = p->sy / 2;
			for (i = 0; i < len && x + i < p->sx; i++)
				window_clock_cell(&cells[y * p->sx + x + i],
				    tim[i], colour, 8);
		}
		return;
	}
	x = p->sx / 2 - 3 * len;
	y = p->sy / 2 - 3;
	for (ptr = tim; *ptr != '\0'; ptr++) {
		for (j = 0; j < 5; j++) {
			for (i = 0; i < 5; i++) {
				if (tty_font_cell(*ptr, i, j))
					window_clock_cell(&cells[(y + j) *
					    p->sx + x + i], ' ', 8, colour);
			}
		}
		x += 6;
	}
}

void
window_clock_cursor(struct pane *p, unsigned *cx, unsigned *cy)
{
	char		tim[64];
	unsigned	len;

	window_clock_time(p, tim, sizeof tim);
	len = (unsigned)strlen(tim);
	if (p->sx < 6 * len || p->sy < 6) {
		*cx = p->sx >= len ? p->sx / 2 - len / 2 + len : 0;
		*cy = p->sy / 2;
		return;
	}
	*cx = p->sx / 2 - 3 * len + 6 * (len - 1) + 5;
	*cy = p->sy / 2 - 3 + 4;
}
