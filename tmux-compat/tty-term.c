/*
 * Terminfo for attached clients: one entry per TERM name, read once with
 * setupterm and kept (a server sees few terminal types). Unknown terminal
 * types get a built-in xterm entry so a client can always attach.
 */
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <curses.h>
#include <term.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/tty-term.h"

static struct tty_term	**tty_terms;
static unsigned		  tty_nterms;

static char *
tty_term_str(const char *cap, const char *fallback)
{
	char	*s = tigetstr((char *)cap);

	if (s == NULL || s == (char *)-1)
		return (fallback != NULL ? xstrdup(fallback) : NULL);
	return (xstrdup(s));
}

static int
tty_term_has_str(const char *cap)
{
	char	*s = tigetstr((char *)cap);

	return (s != NULL && s != (char *)-1);
}

static void
tty_term_builtin(struct tty_term *t)
{
	t->cup = xstrdup("\033[%i%p1%d;%p2%dH");
	t->clear = xstrdup("\033[H\033[2J");
	t->el = xstrdup("\033[K");
	t->sgr0 = xstrdup("\033[m");
	t->bold = xstrdup("\033[1m");
	t->dim = xstrdup("\033[2m");
	t->sitm = xstrdup("\033[3m");
	t->smul = xstrdup("\033[4m");
	t->blink = xstrdup("\033[5m");
	t->rev = xstrdup("\033[7m");
	t->invis = xstrdup("\033[8m");
	t->smxx = xstrdup("\033[9m");
	t->setaf = xstrdup("\033[%?%p1%{8}%<%t3%p1%d%e%p1%{16}%<%t9%p1%{8}"
	    "%-%d%e38;5;%p1%d%;m");
	t->setab = xstrdup("\033[%?%p1%{8}%<%t4%p1%d%e%p1%{16}%<%t10%p1%{8}"
	    "%-%d%e48;5;%p1%d%;m");
	t->smcup = xstrdup("\033[?1049h");
	t->rmcup = xstrdup("\033[?1049l");
	t->civis = xstrdup("\033[?25l");
	t->cnorm = xstrdup("\033[?12l\033[?25h");
	t->smkx = NULL;
	t->rmkx = NULL;
	t->tsl = xstrdup("\033]0;");
	t->fsl = xstrdup("\007");
	t->smacs = xstrdup("\033(0");
	t->rmacs = xstrdup("\033(B");
	t->colours = 256;
	t->rgb = 0;
}

static void
tty_term_load(struct tty_term *t)
{
	int	err, fd;

	fd = open("/dev/null", O_RDWR|O_CLOEXEC);
	if (setupterm(t->name, fd, &err) != OK) {
		if (fd != -1)
			close(fd);
		tty_term_builtin(t);
		return;
	}
	if (fd != -1)
		close(fd);
	t->cup = tty_term_str("cup", "\033[%i%p1%d;%p2%dH");
	t->clear = tty_term_str("clear", "\033[H\033[2J");
	t->el = tty_term_str("el", "\033[K");
	t->sgr0 = tty_term_str("sgr0", "\033[m");
	t->bold = tty_term_str("bold", NULL);
	t->dim = tty_term_str("dim", NULL);
	t->sitm = tty_term_str("sitm", NULL);
	t->smul = tty_term_str("smul", NULL);
	t->blink = tty_term_str("blink", NULL);
	t->rev = tty_term_str("rev", NULL);
	t->invis = tty_term_str("invis", NULL);
	t->smxx = tty_term_str("smxx", NULL);
	t->setaf = tty_term_str("setaf", NULL);
	t->setab = tty_term_str("setab", NULL);
	t->smcup = tty_term_str("smcup", NULL);
	t->rmcup = tty_term_str("rmcup", NULL);
	t->civis = tty_term_str("civis", NULL);
	t->cnorm = tty_term_str("cnorm", NULL);
	t->smkx = tty_term_str("smkx", NULL);
	t->rmkx = tty_term_str("rmkx", NULL);
	t->enacs = tty_term_str("enacs", NULL);
	t->smacs = tty_term_str("smacs", "\033(0");
	t->rmacs = tty_term_str("rmacs", "\033(B");
	t->tsl = tty_term_str("tsl", NULL);
	t->fsl = tty_term_str("fsl", NULL);
	/* tmux's terminal-features default: xterm*:title. */
	if (strncmp(t->name, "xterm", 5) == 0 && t->tsl == NULL) {
		t->tsl = xstrdup("\033]0;");
		t->fsl = xstrdup("\007");
	}
	/* Ms, or terminal-features' default xterm*:clipboard. */
	t->ms = tty_term_has_str("Ms") || strncmp(t->name, "xterm", 5) == 0;
	t->colours = tigetnum((char *)"colors");
	if (t->colours < 0)
		t->colours = 8;
	t->rgb = tigetflag((char *)"Tc") > 0 || tigetflag((char *)"RGB") > 0;
	del_curterm(cur_term);
}

struct tty_term *
tty_term_find(const char *name)
{
	struct tty_term	*t;
	unsigned	 i;

	if (name == NULL || *name == '\0')
		name = "unknown";
	for (i = 0; i < tty_nterms; i++) {
		if (strcmp(tty_terms[i]->name, name) == 0)
			return (tty_terms[i]);
	}
	t = xcalloc(1, sizeof *t);
	t->name = xstrdup(name);
	tty_term_load(t);
	tty_terms = xreallocarray(tty_terms, tty_nterms + 1, sizeof *tty_terms);
	tty_terms[tty_nterms++] = t;
	return (t);
}

void
tty_term_put(struct buf *out, const char *cap)
{
	if (cap != NULL)
		buf_add_str(out, cap);
}

void
tty_term_cursor(const struct tty_term *t, unsigned x, unsigned y,
    struct buf *out)
{
	tty_term_put(out, tiparm(t->cup, (int)y, (int)x));
}

/* The nearest of the 256 colours to an RGB one (tmux's colour_find_rgb). */
static int
tty_term_rgb_to_256(int c)
{
	static const int	q2c[6] = { 0x00, 0x5f, 0x87, 0xaf, 0xd7, 0xff };
	int			r = (c >> 16) & 0xff, g = (c >> 8) & 0xff;
	int			b = c & 0xff, qr, qg, qb, cr, cg, cb, grey, gi;
	int			d1, d2;

#define TTY_Q(v) ((v) < 48 ? 0 : (v) < 115 ? 1 : ((v) - 35) / 40)
	qr = TTY_Q(r);
	qg = TTY_Q(g);
	qb = TTY_Q(b);
#undef TTY_Q
	cr = q2c[qr];
	cg = q2c[qg];
	cb = q2c[qb];
	if (cr == r && cg == g && cb == b)
		return (16 + 36 * qr + 6 * qg + qb);
	grey = (r + g + b) / 3;
	gi = grey > 238 ? 23 : (grey - 3) / 10;
	if (gi < 0)
		gi = 0;
	grey = 8 + 10 * gi;
	d1 = (cr - r) * (cr - r) + (cg - g) * (cg - g) + (cb - b) * (cb - b);
	d2 = (grey - r) * (grey - r) + (grey - g) * (grey - g) +
	    (grey - b) * (grey - b);
	if (d2 < d1)
		return (232 + gi);
	return (16 + 36 * qr + 6 * qg + qb);
}

static void
tty_term_colour(const struct tty_term *t, int c, int bg, struct buf *out)
{
	const char	*cap = bg ? t->setab : t->setaf;
	int		 n;

	if (c == VT_COLOUR_DEFAULT || c == -1) {
		buf_add_str(out, bg ? "\033[49m" : "\033[39m");
		return;
	}
	if (c & VT_COLOUR_RGB) {
		if (t->rgb) {
			buf_printf(out, "\033[%d;2;%d;%d;%dm", bg ? 48 : 38,
			    (c >> 16) & 0xff, (c >> 8) & 0xff, c & 0xff);
			return;
		}
		n = tty_term_rgb_to_256(c & 0xffffff);
	} else if (c & VT_COLOUR_256)
		n = c & 0xff;
	else if (c >= 90 && c <= 97)
		n = c - 90 + 8;
	else
		n = c & 7;
	if (n >= t->colours)
		n = n < 16 ? n & 7 : (n < 232 ? 7 : (n < 244 ? 0 : 7));
	if (cap != NULL)
		tty_term_put(out, tiparm(cap, n));
}

void
tty_term_style(const struct tty_term *t, struct tty_style *from,
    const struct tty_style *to, struct buf *out)
{
	static const struct {
		uint16_t	attr;
		size_t		cap;
	} caps[] = {
		{ VT_ATTR_BRIGHT, offsetof(struct tty_term, bold) },
		{ VT_ATTR_DIM, offsetof(struct tty_term, dim) },
		{ VT_ATTR_ITALICS, offsetof(struct tty_term, sitm) },
		{ VT_ATTR_UNDERSCORE, offsetof(struct tty_term, smul) },
		{ VT_ATTR_BLINK, offsetof(struct tty_term, blink) },
		{ VT_ATTR_REVERSE, offsetof(struct tty_term, rev) },
		{ VT_ATTR_HIDDEN, offsetof(struct tty_term, invis) },
		{ VT_ATTR_STRIKETHROUGH, offsetof(struct tty_term, smxx) },
	};
	unsigned	i;
	uint16_t	mask = 0;

	for (i = 0; i < sizeof caps / sizeof caps[0]; i++)
		mask |= caps[i].attr;
	if (from->attr == to->attr && from->fg == to->fg && from->bg == to->bg)
		return;
	/* Attributes only go off with sgr0, which resets colours too. */
	if ((from->attr & mask & ~to->attr) != 0) {
		tty_term_put(out, t->sgr0);
		from->attr = 0;
		from->fg = from->bg = VT_COLOUR_DEFAULT;
	}
	for (i = 0; i < sizeof caps / sizeof caps[0]; i++) {
		if ((to->attr & caps[i].attr) && !(from->attr & caps[i].attr))
			tty_term_put(out, *(char *const *)((const char *)t +
			    caps[i].cap));
	}
	if (from->fg != to->fg)
		tty_term_colour(t, to->fg, 0, out);
	if (from->bg != to->bg)
		tty_term_colour(t, to->bg, 1, out);
	*from = *to;
}
