/*
 * Line discipline logic of the virtual terminal, following Linux's n_tty
 * (drivers/tty/n_tty.c) key by key so a pane behaves as on a real PTY.
 * Pure: no system calls; signals are reported through a callback.
 *
 * Not emulated: output stop/start by IXON (^S/^Q are consumed only),
 * PARMRK, ISTRIP/IUCLC/OLCUC/XCASE, ECHOPRT, OCRNL/ONOCR/ONLRET/XTABS.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1	/* memrchr */
#endif
#include <signal.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "engine/sys/ldisc.h"

#define VDISABLED	0	/* _POSIX_VDISABLE on Linux */

#define ISCNTRL(c)	((c) < 0x20 || (c) == 0x7f)
#define IS_CONT(t, c)	(((t)->c_iflag & IUTF8) && ((c) & 0xc0) == 0x80)

/* Is c the enabled special character t->c_cc[i]? */
static int
is_cc(const struct termios *t, int i, uint8_t c)
{
	return (t->c_cc[i] != VDISABLED && t->c_cc[i] == c);
}

void
ldisc_default_termios(struct termios *t)
{
	memset(t, 0, sizeof *t);
	t->c_iflag = ICRNL|IXON|IUTF8;
	t->c_oflag = OPOST|ONLCR;
	t->c_cflag = CS8|CREAD|B38400;
	t->c_lflag = ISIG|ICANON|ECHO|ECHOE|ECHOK|ECHOCTL|ECHOKE|IEXTEN;
	t->c_cc[VINTR] = 0x03;
	t->c_cc[VQUIT] = 0x1c;
	t->c_cc[VERASE] = 0x7f;
	t->c_cc[VKILL] = 0x15;
	t->c_cc[VEOF] = 0x04;
	t->c_cc[VSTART] = 0x11;
	t->c_cc[VSTOP] = 0x13;
	t->c_cc[VSUSP] = 0x1a;
	t->c_cc[VREPRINT] = 0x12;
	t->c_cc[VWERASE] = 0x17;
	t->c_cc[VLNEXT] = 0x16;
	t->c_cc[VDISCARD] = 0x0f;
	t->c_cc[VMIN] = 1;
	t->c_cc[VTIME] = 0;
	t->c_ispeed = t->c_ospeed = B38400;
}

void
ldisc_init(struct ldisc *ld, const struct termios *t)
{
	memset(ld, 0, sizeof *ld);
	ld->erase_bs = 0;	/* Linux: ^H is data unless it is VERASE */
	ld->oflag = t->c_oflag;
}

void
ldisc_set_key(struct ldisc *ld, const char *key)
{
	memcpy(ld->key, key, sizeof ld->key);
}

void
ldisc_free(struct ldisc *ld)
{
	xfree(ld->line);
	ld->line = NULL;
}

/* One byte of output through OPOST, as n_tty's do_output_char. */
static void
opost_byte(struct ldisc *ld, const struct termios *t, uint8_t c,
    struct buf *out)
{
	if (!(t->c_oflag & OPOST)) {
		buf_add_byte(out, c);
		return;
	}
	switch (c) {
	case '\n':
		if (t->c_oflag & ONLCR) {
			buf_add(out, "\r\n", 2);
			ld->col = 0;
			return;
		}
		break;
	case '\r':
		ld->col = 0;
		break;
	case '\t':
		ld->col = (ld->col | 7) + 1;
		break;
	case '\b':
		if (ld->col > 0)
			ld->col--;
		break;
	default:
		if (!ISCNTRL(c) && !IS_CONT(t, c))
			ld->col++;
		break;
	}
	buf_add_byte(out, c);
}

/* Echo c as n_tty's echo_char: control characters as ^X with ECHOCTL. */
static void
echo_char(struct ldisc *ld, const struct termios *t, uint8_t c,
    struct buf *echo)
{
	if ((t->c_lflag & ECHOCTL) && ISCNTRL(c) && c != '\t') {
		buf_add_byte(echo, '^');
		buf_add_byte(echo, c ^ 0x40);
		if (t->c_oflag & OPOST)
			ld->col += 2;
	} else
		opost_byte(ld, t, c, echo);
}

static void
echo_raw(struct ldisc *ld, const struct termios *t, const char *s,
    struct buf *echo)
{
	while (*s != '\0')
		opost_byte(ld, t, *s++, echo);
}

/* Echo of a character entering the line (n_tty_receive_char). */
static void
echo_input(struct ldisc *ld, const struct termios *t, uint8_t c,
    struct buf *echo)
{
	if (!(t->c_lflag & ECHO))
		return;
	if (ld->len == 0)
		ld->canon_col = ld->col;
	echo_char(ld, t, c, echo);
}

/* A byte for the program: into the line (ICANON) or straight through. */
static void
put_char(struct ldisc *ld, const struct termios *t, uint8_t c,
    struct buf *prog)
{
	if (!(t->c_lflag & ICANON))
		buf_add_byte(prog, c);
	else if (ld->len < LDISC_LINE_MAX) {
		/*
		 * Allocated for a line being typed and freed when it is
		 * handed over: 4 KB in every pane otherwise (most programs
		 * read raw).
		 */
		if (ld->line == NULL)
			ld->line = xmalloc(LDISC_LINE_MAX);
		ld->line[ld->len++] = c;
	}
}

/* Hand the canonical line to the program. */
static void
deliver(struct ldisc *ld, struct buf *prog)
{
	if (ld->len != 0)
		buf_add(prog, ld->line, ld->len);
	ld->len = 0;
	ldisc_free(ld);
}

/* VERASE, VWERASE, VKILL: n_tty's eraser(). */
static void
eraser(struct ldisc *ld, const struct termios *t, int type, uint8_t key,
    struct buf *echo)
{
	enum { ERASE, WERASE, KILL };
	size_t		head, tail;
	unsigned	num, seen_alnums = 0;
	int		after_tab;
	uint8_t		c;
	tcflag_t	l = t->c_lflag;

	if (ld->len == 0)
		return;
	if (type == KILL) {
		if (!(l & ECHO)) {
			ld->len = 0;
			return;
		}
		if (!(l & ECHOK) || !(l & ECHOKE) || !(l & ECHOE)) {
			ld->len = 0;
			echo_char(ld, t, key, echo);
			if (l & ECHOK)
				echo_raw(ld, t, "\n", echo);
			return;
		}
	}
	while (ld->len > 0) {
		head = ld->len;
		do
			c = ld->line[--head];
		while (IS_CONT(t, c) && head > 0);
		if (IS_CONT(t, c))
			break;
		if (type == WERASE) {
			if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
			    (c >= 'A' && c <= 'Z') || c == '_')
				seen_alnums++;
			else if (seen_alnums)
				break;
		}
		ld->len = head;
		if (l & ECHO) {
			if (type == ERASE && !(l & ECHOE))
				echo_char(ld, t, key, echo);
			else if (c == '\t') {
				num = 0;
				after_tab = 0;
				for (tail = ld->len; tail > 0; tail--) {
					c = ld->line[tail - 1];
					if (c == '\t') {
						after_tab = 1;
						break;
					} else if (ISCNTRL(c)) {
						if (l & ECHOCTL)
							num += 2;
					} else if (!IS_CONT(t, c))
						num++;
				}
				if (!after_tab)
					num += ld->canon_col;
				for (num = 8 - (num & 7); num > 0; num--) {
					buf_add_byte(echo, '\b');
					if (ld->col > 0)
						ld->col--;
				}
			} else {
				if (ISCNTRL(c) && (l & ECHOCTL))
					echo_raw(ld, t, "\b \b", echo);
				if (!ISCNTRL(c) || (l & ECHOCTL))
					echo_raw(ld, t, "\b \b", echo);
			}
		}
		if (type == ERASE)
			break;
	}
}

/* One key byte in canonical mode after ISIG/ICRNL; 1 if handled. */
static int
canon_special(struct ldisc *ld, const struct termios *t, uint8_t c,
    struct buf *prog, struct buf *echo)
{
	tcflag_t	l = t->c_lflag;
	size_t		i;

	if (is_cc(t, VERASE, c) || (ld->erase_bs && c == '\b' &&
	    t->c_cc[VERASE] == 0x7f)) {
		eraser(ld, t, 0, c, echo);
		return (1);
	}
	if (is_cc(t, VKILL, c)) {
		eraser(ld, t, 2, c, echo);
		return (1);
	}
	if (!(l & IEXTEN))
		goto rest;
	if (is_cc(t, VWERASE, c)) {
		eraser(ld, t, 1, c, echo);
		return (1);
	}
	if (is_cc(t, VLNEXT, c)) {
		ld->lnext = 1;
		if ((l & ECHO) && (l & ECHOCTL))
			echo_raw(ld, t, "^\b", echo);
		return (1);
	}
	if (is_cc(t, VREPRINT, c) && (l & ECHO)) {
		echo_char(ld, t, c, echo);
		echo_raw(ld, t, "\n", echo);
		for (i = 0; i < ld->len; i++)
			echo_char(ld, t, ld->line[i], echo);
		return (1);
	}
rest:
	if (c == '\n') {
		if (l & (ECHO|ECHONL))
			echo_raw(ld, t, "\n", echo);
		put_char(ld, t, c, prog);
		deliver(ld, prog);
		return (1);
	}
	if (is_cc(t, VEOF, c)) {
		if (ld->len == 0 && !ld->no_eof) {
			buf_add(prog, ZPTY_EOF_PREFIX, 2);
			buf_add(prog, ld->key, sizeof ld->key);
		}
		deliver(ld, prog);
		return (1);
	}
	if (is_cc(t, VEOL, c) || ((l & IEXTEN) && is_cc(t, VEOL2, c))) {
		echo_input(ld, t, c, echo);
		put_char(ld, t, c, prog);
		deliver(ld, prog);
		return (1);
	}
	return (0);
}

void
ldisc_input(struct ldisc *ld, const struct termios *t, const uint8_t *p,
    size_t n, struct buf *prog, struct buf *echo, ldisc_signal_cb cb,
    void *arg)
{
	tcflag_t	i = t->c_iflag, l = t->c_lflag;
	size_t		echo_start = echo->len;
	uint8_t		c;
	int		sig;

	/* Leaving ICANON makes a pending line readable (n_tty_set_termios). */
	if (!(l & ICANON) && ld->len > 0)
		deliver(ld, prog);

	/* Raw mode (cfmakeraw and friends): bytes pass untouched. */
	if (!(l & (ICANON|ISIG|ECHO|ECHONL)) &&
	    !(i & (ICRNL|INLCR|IGNCR|IXON))) {
		buf_add(prog, p, n);
		ld->lnext = 0;
		return;
	}
	for (; n > 0; p++, n--) {
		c = *p;
		if (ld->lnext) {
			ld->lnext = 0;
			echo_input(ld, t, c, echo);
			put_char(ld, t, c, prog);
			continue;
		}
		if ((i & IXON) && (is_cc(t, VSTART, c) || is_cc(t, VSTOP, c)))
			continue;
		if (l & ISIG) {
			sig = 0;
			if (is_cc(t, VINTR, c))
				sig = SIGINT;
			else if (is_cc(t, VQUIT, c))
				sig = SIGQUIT;
			else if (is_cc(t, VSUSP, c))
				sig = SIGTSTP;
			if (sig != 0) {
				if (cb != NULL)
					cb(arg, sig);
				/*
				 * n_tty flushes the line and the echo not yet
				 * written: echo of this batch is dropped.
				 */
				if (!(l & NOFLSH)) {
					ld->len = 0;
					ld->lnext = 0;
					echo->len = echo_start;
				}
				if (l & ECHO)
					echo_char(ld, t, c, echo);
				continue;
			}
		}
		if (c == '\r') {
			if (i & IGNCR)
				continue;
			if (i & ICRNL)
				c = '\n';
		} else if (c == '\n' && (i & INLCR))
			c = '\r';
		if ((l & ICANON) && canon_special(ld, t, c, prog, echo))
			continue;
		if (l & ECHO) {
			if (c == '\n')
				echo_raw(ld, t, "\n", echo);
			else
				echo_input(ld, t, c, echo);
		}
		put_char(ld, t, c, prog);
	}
}

/* Program output with no marker in it: OPOST/ONLCR and the column. */
static void
output_plain(struct ldisc *ld, const uint8_t *p, size_t n, struct buf *out)
{
	const uint8_t	*nl, *cr, *end = p + n;
	size_t		 i;
	unsigned	 cols;
	uint8_t		 c;

	if (n == 0)
		return;
	if (!(ld->oflag & OPOST)) {
		buf_add(out, p, n);
		return;
	}
	if (ld->oflag & ONLCR) {
		for (i = 0; i < n; i = nl - p + 1) {
			nl = memchr(p + i, '\n', n - i);
			if (nl == NULL) {
				buf_add(out, p + i, n - i);
				break;
			}
			buf_add(out, p + i, nl - (p + i));
			buf_add(out, "\r\n", 2);
		}
	} else
		buf_add(out, p, n);

	/*
	 * The column, for erasing tabs in canonical mode: count from the last
	 * CR or LF. Without tabs and backspaces it is a plain count.
	 */
	nl = memrchr(p, '\n', n);
	cr = memrchr(p, '\r', n);
	if (cr != NULL && (nl == NULL || cr > nl))
		nl = cr;
	if (nl != NULL) {
		ld->col = 0;
		p = nl + 1;
	}
	if (memchr(p, '\t', end - p) == NULL &&
	    memchr(p, '\b', end - p) == NULL) {
		cols = 0;
		for (; p < end; p++)
			cols += (*p >= 0x20) & (*p != 0x7f) & ((*p & 0xc0) != 0x80);
		ld->col += cols;
		return;
	}
	for (; p < end; p++) {
		c = *p;
		if (c == '\t')
			ld->col = (ld->col | 7) + 1;
		else if (c == '\b') {
			if (ld->col > 0)
				ld->col--;
		} else if (!ISCNTRL(c) && (c & 0xc0) != 0x80)
			ld->col++;
	}
}

/*
 * A whole marker body ("k=KEY;o=5;..."): apply the fields we know. 0 if it
 * does not start with the pane's key: then it is data (shim-proto.h).
 */
static int
marker_apply(struct ldisc *ld, const uint8_t *p, size_t n)
{
	unsigned long	v;
	size_t		i;
	int		d;

	if (n < 2 + sizeof ld->key || p[0] != 'k' || p[1] != '=' ||
	    memcmp(p + 2, ld->key, sizeof ld->key) != 0 ||
	    (n > 2 + sizeof ld->key && p[2 + sizeof ld->key] != ';'))
		return (0);
	p += 2 + sizeof ld->key;
	n -= 2 + sizeof ld->key;
	while (n > 0) {
		if (n > 2 && p[0] == 'o' && p[1] == '=') {
			v = 0;
			for (i = 2; i < n && p[i] != ';'; i++) {
				if (p[i] >= '0' && p[i] <= '9')
					d = p[i] - '0';
				else if (p[i] >= 'a' && p[i] <= 'f')
					d = p[i] - 'a' + 10;
				else
					return (1);
				v = (v << 4) | d;
			}
			ld->oflag = v;
		}
		while (n > 0 && *p != ';') {
			p++;
			n--;
		}
		if (n > 0) {
			p++;
			n--;
		}
	}
	return (1);
}

/*
 * Feed one byte to a marker in progress (ld->mark holds its start).
 * Returns 1 if consumed (kept or marker finished), 0 if the held bytes
 * are not a marker: the caller flushes them and handles c again.
 */
static int
marker_feed(struct ldisc *ld, uint8_t c)
{
	size_t	m = ld->marklen;

	if (m < ZPTY_MARK_START_LEN) {
		if (c != (uint8_t)ZPTY_MARK_START[m])
			return (0);
	} else if (ld->mark[m - 1] == '\033') {
		if (c != '\\' || !marker_apply(ld, ld->mark +
		    ZPTY_MARK_START_LEN, m - 1 - ZPTY_MARK_START_LEN))
			return (0);
		ld->marklen = 0;
		return (1);
	} else if (c != '\033' && (c < 0x20 || c > 0x7e))
		return (0);
	else if (m >= sizeof ld->mark - 1)
		return (0);
	ld->mark[ld->marklen++] = c;
	return (1);
}

void
ldisc_output(struct ldisc *ld, const uint8_t *p, size_t n, struct buf *out)
{
	const uint8_t	*esc;
	uint8_t		 held[sizeof ld->mark];
	size_t		 len;

	while (n > 0) {
		if (ld->marklen > 0) {
			if (marker_feed(ld, *p)) {
				p++;
				n--;
				continue;
			}
			/* Not a marker: out it goes, then c from scratch. */
			len = ld->marklen;
			memcpy(held, ld->mark, len);
			ld->marklen = 0;
			output_plain(ld, held, len, out);
		}
		/* Only ESC _ can start a marker; hold a final ESC. */
		for (esc = p; (esc = memchr(esc, '\033', p + n - esc)) != NULL;
		    esc++) {
			if (esc + 1 == p + n || esc[1] == '_')
				break;
		}
		if (esc == NULL || esc + 1 == p + n) {
			len = (p[n - 1] == '\033') ? n - 1 : n;
			output_plain(ld, p, len, out);
			if (len == n)
				return;
			esc = p + len;
		} else
			output_plain(ld, p, esc - p, out);
		n -= esc - p;
		p = esc;
		ld->mark[0] = '\033';
		ld->marklen = 1;
		p++;
		n--;
	}
}
