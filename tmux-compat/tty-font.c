/*
 * The big digits tmux draws for display-panes and clock-mode: 5x5 cells
 * each, a set bit is a cell in the colour (tmux's clock_table, as its
 * screens show them).
 */
#include <string.h>

#include "tmux-compat/tty.h"

static const char *tty_font_glyphs[] = {
	"11111" "10001" "10001" "10001" "11111",	/* 0 */
	"00001" "00001" "00001" "00001" "00001",	/* 1 */
	"11111" "00001" "11111" "10000" "11111",	/* 2 */
	"11111" "00001" "11111" "00001" "11111",	/* 3 */
	"10001" "10001" "11111" "00001" "00001",	/* 4 */
	"11111" "10000" "11111" "00001" "11111",	/* 5 */
	"11111" "10000" "11111" "10001" "11111",	/* 6 */
	"11111" "00001" "00001" "00001" "00001",	/* 7 */
	"11111" "10001" "11111" "10001" "11111",	/* 8 */
	"11111" "10001" "11111" "00001" "11111",	/* 9 */
	"00000" "00100" "00000" "00100" "00000",	/* : */
	"11111" "10001" "11111" "10001" "10001",	/* A */
	"11111" "10001" "11111" "10000" "10000",	/* P */
	"10001" "11011" "10101" "10001" "10001",	/* M */
};

/* Whether cell x,y (0-4) of character c is set; 0 for unknown ones. */
int
tty_font_cell(char c, unsigned x, unsigned y)
{
	int	i;

	if (c >= '0' && c <= '9')
		i = c - '0';
	else if (c == ':')
		i = 10;
	else if (c == 'A')
		i = 11;
	else if (c == 'P')
		i = 12;
	else if (c == 'M')
		i = 13;
	else
		return (0);
	if (x > 4 || y > 4)
		return (0);
	return (tty_font_glyphs[i][y * 5 + x] == '1');
}
