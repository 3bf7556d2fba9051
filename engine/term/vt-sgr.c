/*
 * SGR (CSI m): attributes and colours, including the colon forms (4:N,
 * 38:2::r:g:b), following tmux 3.3a's input_csi_dispatch_sgr.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "engine/term/vt_int.h"

static void
sgr_256(struct vt_screen *s, int fgbg, int c)
{
	if (c == -1 || c > 255) {
		if (fgbg == 38)
			s->cell.fg = VT_COLOUR_DEFAULT;
		else if (fgbg == 48)
			s->cell.bg = VT_COLOUR_DEFAULT;
		return;
	}
	if (fgbg == 38)
		s->cell.fg = c | VT_COLOUR_256;
	else if (fgbg == 48)
		s->cell.bg = c | VT_COLOUR_256;
	else if (fgbg == 58)
		s->cell.us = c | VT_COLOUR_256;
}

static int
sgr_rgb(struct vt_screen *s, int fgbg, int r, int g, int b)
{
	int	c;

	if (r == -1 || r > 255 || g == -1 || g > 255 || b == -1 || b > 255)
		return (0);
	c = VT_COLOUR_RGB | (r << 16) | (g << 8) | b;
	if (fgbg == 38)
		s->cell.fg = c;
	else if (fgbg == 48)
		s->cell.bg = c;
	else if (fgbg == 58)
		s->cell.us = c;
	return (1);
}

/* Not inlined: its copy made every SGR's stack frame large. */
static void __attribute__((noinline))
sgr_colon(struct vt_screen *s, const char *str)
{
	char		 copy[VTPARSE_PARAM_BUF], *ptr, *out, *end;
	int		 p[8];
	unsigned	 n = 0, i;
	long		 v;

	for (i = 0; i < 8; i++)
		p[i] = -1;
	strncpy(copy, str, sizeof copy - 1);
	copy[sizeof copy - 1] = '\0';
	ptr = copy;
	while ((out = strsep(&ptr, ":")) != NULL) {
		if (*out != '\0') {
			v = strtol(out, &end, 10);
			if (*end != '\0' || v < 0 || v > INT_MAX)
				return;
			p[n++] = (int)v;
			if (n == 8)
				return;
		} else {
			n++;
			if (n == 8)
				return;
		}
	}
	if (n == 0)
		return;
	if (p[0] == 4) {
		if (n != 2)
			return;
		switch (p[1]) {
		case 0:
			s->cell.attr &= ~VT_ATTR_ALL_UNDERSCORE;
			break;
		case 1:
			s->cell.attr &= ~VT_ATTR_ALL_UNDERSCORE;
			s->cell.attr |= VT_ATTR_UNDERSCORE;
			break;
		case 2:
			s->cell.attr &= ~VT_ATTR_ALL_UNDERSCORE;
			s->cell.attr |= VT_ATTR_UNDERSCORE_2;
			break;
		case 3:
			s->cell.attr &= ~VT_ATTR_ALL_UNDERSCORE;
			s->cell.attr |= VT_ATTR_UNDERSCORE_3;
			break;
		case 4:
			s->cell.attr &= ~VT_ATTR_ALL_UNDERSCORE;
			s->cell.attr |= VT_ATTR_UNDERSCORE_4;
			break;
		case 5:
			s->cell.attr &= ~VT_ATTR_ALL_UNDERSCORE;
			s->cell.attr |= VT_ATTR_UNDERSCORE_5;
			break;
		}
		return;
	}
	if (n < 2 || (p[0] != 38 && p[0] != 48 && p[0] != 58))
		return;
	switch (p[1]) {
	case 2:
		if (n < 3)
			break;
		i = (n == 5) ? 2 : 3;
		if (n < i + 3)
			break;
		sgr_rgb(s, p[0], p[i], p[i + 1], p[i + 2]);
		break;
	case 5:
		if (n < 3)
			break;
		sgr_256(s, p[0], p[2]);
		break;
	}
}

void
vt_sgr(struct vt_screen *s, struct vtparse *p)
{
	struct vt_style	*gc = &s->cell;
	unsigned	 i;
	int		 n;

	if (p->nparams == 0) {
		palette_style_default(gc);
		return;
	}
	for (i = 0; i < p->nparams; i++) {
		if (p->params[i].type == VTPARSE_STRING) {
			sgr_colon(s, p->params[i].str);
			continue;
		}
		n = vtparse_get(p, i, 0, 0);
		if (n == -1)
			continue;
		if (n == 38 || n == 48 || n == 58) {
			i++;
			switch (vtparse_get(p, i, 0, -1)) {
			case 2:
				if (sgr_rgb(s, n, vtparse_get(p, i + 1, 0, -1),
				    vtparse_get(p, i + 2, 0, -1),
				    vtparse_get(p, i + 3, 0, -1)))
					i += 3;
				break;
			case 5:
				/*
				 * The colour parameter is consumed even when
				 * it is invalid or a colon string, as in tmux
				 * 3.3a (fuzz case sgr-38-5-then-colon-256).
				 */
				sgr_256(s, n, vtparse_get(p, i + 1, 0, -1));
				i++;
				break;
			}
			continue;
		}
		switch (n) {
		case 0:
			palette_style_default(gc);
			break;
		case 1:
			gc->attr |= VT_ATTR_BRIGHT;
			break;
		case 2:
			gc->attr |= VT_ATTR_DIM;
			break;
		case 3:
			gc->attr |= VT_ATTR_ITALICS;
			break;
		case 4:
			gc->attr &= ~VT_ATTR_ALL_UNDERSCORE;
			gc->attr |= VT_ATTR_UNDERSCORE;
			break;
		case 5:
		case 6:
			gc->attr |= VT_ATTR_BLINK;
			break;
		case 7:
			gc->attr |= VT_ATTR_REVERSE;
			break;
		case 8:
			gc->attr |= VT_ATTR_HIDDEN;
			break;
		case 9:
			gc->attr |= VT_ATTR_STRIKETHROUGH;
			break;
		case 21:
			gc->attr &= ~VT_ATTR_ALL_UNDERSCORE;
			gc->attr |= VT_ATTR_UNDERSCORE_2;
			break;
		case 22:
			gc->attr &= ~(VT_ATTR_BRIGHT|VT_ATTR_DIM);
			break;
		case 23:
			gc->attr &= ~VT_ATTR_ITALICS;
			break;
		case 24:
			gc->attr &= ~VT_ATTR_ALL_UNDERSCORE;
			break;
		case 25:
			gc->attr &= ~VT_ATTR_BLINK;
			break;
		case 27:
			gc->attr &= ~VT_ATTR_REVERSE;
			break;
		case 28:
			gc->attr &= ~VT_ATTR_HIDDEN;
			break;
		case 29:
			gc->attr &= ~VT_ATTR_STRIKETHROUGH;
			break;
		case 30: case 31: case 32: case 33:
		case 34: case 35: case 36: case 37:
			gc->fg = n - 30;
			break;
		case 39:
			gc->fg = VT_COLOUR_DEFAULT;
			break;
		case 40: case 41: case 42: case 43:
		case 44: case 45: case 46: case 47:
			gc->bg = n - 40;
			break;
		case 49:
			gc->bg = VT_COLOUR_DEFAULT;
			break;
		case 53:
			gc->attr |= VT_ATTR_OVERLINE;
			break;
		case 55:
			gc->attr &= ~VT_ATTR_OVERLINE;
			break;
		case 59:
			gc->us = 0;
			break;
		case 90: case 91: case 92: case 93:
		case 94: case 95: case 96: case 97:
			gc->fg = n;
			break;
		case 100: case 101: case 102: case 103:
		case 104: case 105: case 106: case 107:
			gc->bg = n - 10;
			break;
		}
	}
}
