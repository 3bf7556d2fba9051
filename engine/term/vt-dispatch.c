/*
 * What each control means: C0 controls, ESC and CSI sequences, OSC and APC
 * strings, as tmux 3.3a's input.c dispatches them. Anything tmux ignores
 * is ignored here.
 */
#include <ctype.h>
#include <string.h>

#include "engine/base/base64.h"
#include "engine/base/xmalloc.h"
#include "engine/term/vt_int.h"

#define ALL_MOUSE \
	(VT_MODE_MOUSE_STANDARD|VT_MODE_MOUSE_BUTTON|VT_MODE_MOUSE_ALL)

/*
 * A run of printable ASCII: batched in one go when every character of it
 * would be (no charset, wrap on, insert off; the run does not touch a
 * held zero width joiner), else one by one. The parser flushes the batch
 * right after a run, so the run is written at once. Measured on a 5.4 MB
 * coloured burst: see bench/README.md ("bulk").
 */
void
vt_dispatch_print_ascii(struct vt_screen *s, const uint8_t *text, size_t n)
{
	size_t	i;

	if ((s->shifted ? s->g1set : s->g0set) == 0 &&
	    (s->mode & VT_MODE_WRAP) && !(s->mode & VT_MODE_INSERT)) {
		s->set = 0;
		screen_ops_print_run(s, text, n);
		s->last = text[n - 1];
		s->last_valid = 1;
		return;
	}
	for (i = 0; i < n; i++)
		vt_dispatch_print(s, text[i]);
}

void
vt_dispatch_print(struct vt_screen *s, uint32_t cp)
{
	int	width;

	if (cp < 0x80) {
		s->set = (s->shifted ? s->g1set : s->g0set);
		if (!s->set && (s->mode & VT_MODE_WRAP) &&
		    !(s->mode & VT_MODE_INSERT))
			screen_ops_collect_add(s, cp);
		else {
			screen_ops_collect_end(s);
			if (s->zwj) {
				s->zwj = 0;
				screen_ops_combine(s, 0x200d);
				screen_ops_combine(s, cp);
			} else
				screen_ops_put(s, cp, 1);
		}
		s->set = 0;
		s->last = cp;
		s->last_valid = 1;
		return;
	}
	s->last_valid = 0;
	screen_ops_collect_end(s);

	/*
	 * As tmux 3.3a: a zero width joiner is held back and, with the next
	 * character not written as batched ASCII, appended to the previous
	 * cell. Only that character (or the end of the input call) ends it.
	 */
	width = utf8_width(cp);
	if (width < 0)
		return;	/* tmux drops what wcwidth does not know */
	if (cp == 0x200d) {
		s->zwj = 1;
		return;
	}
	if (s->zwj) {
		s->zwj = 0;
		screen_ops_combine(s, 0x200d);
		screen_ops_combine(s, cp);
		return;
	}
	if (width == 0) {
		screen_ops_combine(s, cp);
		return;
	}
	screen_ops_put(s, cp, width);
}

/*
 * A character n times over: the first as any character (it may end a
 * held joiner or combine), the others, when of width 1 and not ASCII,
 * written as a run (box drawing lines: 21,340 of the agent trace's
 * 22,000 non-ASCII characters).
 */
void
vt_dispatch_print_repeat(struct vt_screen *s, uint32_t cp, size_t n)
{
	vt_dispatch_print(s, cp);
	if (--n == 0)
		return;
	if (cp < 0x80 || cp == 0x200d || utf8_width(cp) != 1) {
		while (n-- > 0)
			vt_dispatch_print(s, cp);
		return;
	}
	screen_ops_put_repeat(s, cp, n);	/* no joiner held any more */
}

void
vt_dispatch_c0(struct vt_screen *s, uint8_t ch)
{
	switch (ch) {
	case 0x07:	/* BEL */
		s->events |= VT_EVENT_BELL;
		break;
	case 0x08:	/* BS */
		screen_ops_backspace(s);
		break;
	case 0x09:	/* HT */
		screen_ops_tab(s);
		break;
	case 0x0a:	/* LF */
	case 0x0b:	/* VT */
	case 0x0c:	/* FF */
		screen_ops_linefeed(s, 0, 1);
		if (s->mode & VT_MODE_CRLF)
			s->cx = 0;
		break;
	case 0x0d:	/* CR */
		s->cx = 0;
		break;
	case 0x0e:	/* SO */
		s->shifted = 1;
		break;
	case 0x0f:	/* SI */
		s->shifted = 0;
		break;
	}
	s->last_valid = 0;
}

void
vt_dispatch_esc(struct vt_screen *s, struct vtparse *p, uint8_t ch)
{
	const char	*in = p->interm;

	if ((*in == '\0' && strchr("78=>DEHM\\c", ch) != NULL) ||
	    ((*in == '(' || *in == ')') && in[1] == '\0' &&
	    (ch == '0' || ch == 'B')) || (strcmp(in, "#") == 0 && ch == '8'))
		s->last_valid = 0;
	if (*in == '(' || *in == ')') {
		if (in[1] != '\0')
			return;
		if (ch == '0') {
			if (*in == '(')
				s->g0set = 1;
			else
				s->g1set = 1;
		} else if (ch == 'B') {
			if (*in == '(')
				s->g0set = 0;
			else
				s->g1set = 0;
		}
		return;
	}
	if (*in == '#') {
		if (in[1] == '\0' && ch == '8')
			screen_ops_alignment_test(s);
		return;
	}
	if (*in != '\0')
		return;
	switch (ch) {
	case '7':	/* DECSC */
		screen_ops_save_cursor(s);
		break;
	case '8':	/* DECRC */
		screen_ops_restore_cursor(s);
		break;
	case '=':	/* DECKPAM */
		screen_ops_mode_set(s, VT_MODE_KKEYPAD);
		break;
	case '>':	/* DECKPNM */
		screen_ops_mode_clear(s, VT_MODE_KKEYPAD);
		break;
	case 'D':	/* IND */
		screen_ops_linefeed(s, 0, 1);
		break;
	case 'E':	/* NEL */
		s->cx = 0;
		screen_ops_linefeed(s, 0, 1);
		break;
	case 'H':	/* HTS */
		if (s->cx < s->tabs_size)
			s->tabs[s->cx] = 1;
		break;
	case 'M':	/* RI */
		screen_ops_reverse_index(s);
		break;
	case 'c':	/* RIS */
		s->shifted = 0;
		s->fg = s->bg = VT_COLOUR_DEFAULT;
		screen_ops_full_reset(s);
		break;
	}
}

static void
vt_dispatch_sm(struct vt_screen *s, struct vtparse *p, int set)
{
	unsigned	i;

	for (i = 0; i < p->nparams; i++) {
		switch (vtparse_get(p, i, 0, -1)) {
		case 4:		/* IRM */
			if (set)
				screen_ops_mode_set(s, VT_MODE_INSERT);
			else
				screen_ops_mode_clear(s, VT_MODE_INSERT);
			break;
		}
	}
}

static void
vt_dispatch_private(struct vt_screen *s, struct vtparse *p, int set)
{
	unsigned	i, m;

	for (i = 0; i < p->nparams; i++) {
		m = 0;
		switch (vtparse_get(p, i, 0, -1)) {
		case 1:		/* DECCKM */
			m = VT_MODE_KCURSOR;
			break;
		case 3:		/* DECCOLM */
			screen_ops_cursor_move(s, 0, 0, 1);
			screen_ops_erase_display(s, 2);
			break;
		case 6:		/* DECOM */
			if (set)
				screen_ops_mode_set(s, VT_MODE_ORIGIN);
			else
				screen_ops_mode_clear(s, VT_MODE_ORIGIN);
			screen_ops_cursor_move(s, 0, 0, 1);
			break;
		case 7:		/* DECAWM */
			m = VT_MODE_WRAP;
			break;
		case 12:
			m = VT_MODE_CURSOR_BLINKING;
			break;
		case 25:	/* DECTCEM */
			m = VT_MODE_CURSOR;
			break;
		case 1000:
		case 1001:
		case 1002:
		case 1003:
			/* tmux 3.3a: setting 1001 is ignored, resetting clears. */
			if (set && vtparse_get(p, i, 0, -1) == 1001)
				break;
			screen_ops_mode_clear(s, ALL_MOUSE);
			if (!set)
				break;
			switch (vtparse_get(p, i, 0, -1)) {
			case 1000:
				screen_ops_mode_set(s, VT_MODE_MOUSE_STANDARD);
				break;
			case 1002:
				screen_ops_mode_set(s, VT_MODE_MOUSE_BUTTON);
				break;
			case 1003:
				screen_ops_mode_set(s, VT_MODE_MOUSE_ALL);
				break;
			}
			break;
		case 1004:
			m = VT_MODE_FOCUSON;
			break;
		case 1005:
			m = VT_MODE_MOUSE_UTF8;
			break;
		case 1006:
			m = VT_MODE_MOUSE_SGR;
			break;
		case 47:
		case 1047:
			if (set)
				screen_ops_alternate_on(s, 0);
			else
				screen_ops_alternate_off(s, 0);
			break;
		case 1049:
			if (set)
				screen_ops_alternate_on(s, 1);
			else
				screen_ops_alternate_off(s, 1);
			break;
		case 2004:
			m = VT_MODE_BRACKETPASTE;
			break;
		}
		if (m != 0) {
			if (set)
				screen_ops_mode_set(s, m);
			else
				screen_ops_mode_clear(s, m);
		}
	}
}

/* DECSCUSR: cursor style and blinking, as tmux's screen_set_cursor_style. */
static void
vt_dispatch_decscusr(struct vt_screen *s, int n)
{
	switch (n) {
	case 0:
		s->cstyle = 0;
		screen_ops_mode_clear(s, VT_MODE_CURSOR_BLINKING);
		break;
	case 1:
	case 3:
	case 5:
		s->cstyle = (n + 1) / 2;
		screen_ops_mode_set(s, VT_MODE_CURSOR_BLINKING);
		break;
	case 2:
	case 4:
	case 6:
		s->cstyle = n / 2;
		screen_ops_mode_clear(s, VT_MODE_CURSOR_BLINKING);
		break;
	}
}

/* Title stack, as tmux's screen_push_title/screen_pop_title. */
static void
vt_title_push(struct vt_screen *s)
{
	if (s->ntitles == 1000)
		return;
	s->titles = xreallocarray(s->titles, s->ntitles + 1,
	    sizeof *s->titles);
	s->titles[s->ntitles++] = xstrdup(s->title);
}

static void
vt_title_pop(struct vt_screen *s)
{
	if (s->ntitles == 0)
		return;
	xfree(s->title);
	s->title = s->titles[--s->ntitles];
	s->events |= VT_EVENT_TITLE;
}

/* CSI t: window operations, as tmux's input_csi_dispatch_winops. */
static void
vt_dispatch_winops(struct vt_screen *s, struct vtparse *p)
{
	unsigned	m = 0;
	int		n;

	while ((n = vtparse_get(p, m, 0, -1)) != -1) {
		switch (n) {
		case 3:
		case 4:
		case 8:
			m++;
			if (vtparse_get(p, m, 0, -1) == -1)
				return;
			__attribute__((fallthrough));
		case 9:
		case 10:
			m++;
			if (vtparse_get(p, m, 0, -1) == -1)
				return;
			break;
		case 18:
			vt_reply_size(s);
			break;
		case 22:
		case 23:
			m++;
			switch (vtparse_get(p, m, 0, -1)) {
			case -1:
				return;
			case 0:
			case 2:
				if (n == 22)
					vt_title_push(s);
				else
					vt_title_pop(s);
				break;
			}
			break;
		}
		m++;
	}
}

void
vt_dispatch_csi(struct vt_screen *s, struct vtparse *p, uint8_t ch)
{
	const char	*in = p->interm;
	int		 n, m, last = s->last_valid;
	unsigned	 i;

	/* SGR first: most sequences of coloured output are. */
	if (ch == 'm' && *in == '\0') {
		s->last_valid = 0;
		vt_sgr(s, p);
		return;
	}
	/* Only sequences tmux knows reset the character REP repeats. */
	if ((*in == '\0' && strchr("@ABCDEFGHJKLMPSTXZ`bcdfghlmnrstu", ch) !=
	    NULL) || (strcmp(in, "?") == 0 && (ch == 'h' || ch == 'l')) ||
	    (strcmp(in, ">") == 0 && strchr("cmnq", ch) != NULL) ||
	    (strcmp(in, " ") == 0 && ch == 'q'))
		s->last_valid = 0;
	if (strcmp(in, "?") == 0) {
		if (ch == 'h')
			vt_dispatch_private(s, p, 1);
		else if (ch == 'l')
			vt_dispatch_private(s, p, 0);
		return;
	}
	if (strcmp(in, ">") == 0) {
		if (ch == 'c' && vtparse_get(p, 0, 0, 0) == 0)
			vt_reply_da(s, 2);
		else if (ch == 'q')
			vt_reply_xda(s);
		return;
	}
	if (strcmp(in, " ") == 0) {
		if (ch == 'q' && (n = vtparse_get(p, 0, 0, 0)) != -1)
			vt_dispatch_decscusr(s, n);
		return;
	}
	if (*in != '\0')
		return;

	switch (ch) {
	case '@':	/* ICH */
		screen_ops_insert_chars(s, vtparse_get(p, 0, 1, 1));
		break;
	case 'A':	/* CUU */
		screen_ops_cursor_up(s, vtparse_get(p, 0, 1, 1));
		break;
	case 'B':	/* CUD */
		screen_ops_cursor_down(s, vtparse_get(p, 0, 1, 1));
		break;
	case 'C':	/* CUF */
		screen_ops_cursor_right(s, vtparse_get(p, 0, 1, 1));
		break;
	case 'D':	/* CUB */
		screen_ops_cursor_left(s, vtparse_get(p, 0, 1, 1));
		break;
	case 'E':	/* CNL */
		s->cx = 0;
		screen_ops_cursor_down(s, vtparse_get(p, 0, 1, 1));
		break;
	case 'F':	/* CPL */
		s->cx = 0;
		screen_ops_cursor_up(s, vtparse_get(p, 0, 1, 1));
		break;
	case 'G':	/* CHA */
	case '`':	/* HPA */
		screen_ops_cursor_move(s, vtparse_get(p, 0, 1, 1) - 1, -1, 1);
		break;
	case 'H':	/* CUP */
	case 'f':	/* HVP */
		n = vtparse_get(p, 0, 1, 1);
		m = vtparse_get(p, 1, 1, 1);
		screen_ops_cursor_move(s, m - 1, n - 1, 1);
		break;
	case 'J':	/* ED */
		n = vtparse_get(p, 0, 0, 0);
		if (n == 3 && vtparse_get(p, 1, 0, 0) != 0)
			break;	/* tmux clears history only for "3" or "3;0" */
		if (n >= 0 && n <= 3)
			screen_ops_erase_display(s, n);
		break;
	case 'K':	/* EL */
		n = vtparse_get(p, 0, 0, 0);
		if (n >= 0 && n <= 2)
			screen_ops_erase_line(s, n);
		break;
	case 'L':	/* IL */
		screen_ops_insert_lines(s, vtparse_get(p, 0, 1, 1));
		break;
	case 'M':	/* DL */
		screen_ops_delete_lines(s, vtparse_get(p, 0, 1, 1));
		break;
	case 'P':	/* DCH */
		screen_ops_delete_chars(s, vtparse_get(p, 0, 1, 1));
		break;
	case 'S':	/* SU */
		screen_ops_scroll_up(s, vtparse_get(p, 0, 1, 1));
		break;
	case 'T':	/* SD */
		screen_ops_scroll_down(s, vtparse_get(p, 0, 1, 1));
		break;
	case 'X':	/* ECH */
		screen_ops_erase_chars(s, vtparse_get(p, 0, 1, 1));
		break;
	case 'Z':	/* CBT */
		screen_ops_backtab(s, vtparse_get(p, 0, 1, 1));
		break;
	case 'b':	/* REP */
		n = vtparse_get(p, 0, 1, 1);
		m = s->grid->sx - s->cx;
		if (n > m)
			n = m;
		if (!last)
			break;
		for (i = 0; i < (unsigned)n; i++)
			vt_dispatch_print(s, s->last);
		s->last_valid = 0;
		break;
	case 'c':	/* DA */
		if (vtparse_get(p, 0, 0, 0) == 0)
			vt_reply_da(s, 1);
		break;
	case 'd':	/* VPA */
		screen_ops_cursor_move(s, -1, vtparse_get(p, 0, 1, 1) - 1, 1);
		break;
	case 'g':	/* TBC */
		n = vtparse_get(p, 0, 0, 0);
		if (n == 0) {
			if (s->cx < s->tabs_size)
				s->tabs[s->cx] = 0;
		} else if (n == 3)
			memset(s->tabs, 0, s->tabs_size);
		break;
	case 'h':	/* SM */
		vt_dispatch_sm(s, p, 1);
		break;
	case 'l':	/* RM */
		vt_dispatch_sm(s, p, 0);
		break;
	case 'm':	/* SGR */
		vt_sgr(s, p);
		break;
	case 'n':	/* DSR */
		vt_reply_dsr(s, vtparse_get(p, 0, 0, 0));
		break;
	case 'r':	/* DECSTBM */
		n = vtparse_get(p, 0, 1, 1);
		m = vtparse_get(p, 1, 1, s->grid->sy);
		screen_ops_set_region(s, n - 1, m - 1);
		break;
	case 's':	/* SCP */
		screen_ops_save_cursor(s);
		break;
	case 'u':	/* RCP */
		screen_ops_restore_cursor(s);
		break;
	case 't':	/* window operations */
		vt_dispatch_winops(s, p);
		break;
	}
}

/*
 * Whether tmux 3.3a's utf8_isvalid accepts str: printable ASCII and UTF-8
 * sequences that decode to a character with a width. As in the parser, a
 * byte that is no continuation is taken into the sequence, which then fails.
 */
static int
vt_valid_utf8(const char *str, size_t len)
{
	const uint8_t	*p = (const uint8_t *)str;
	size_t		 i = 0, n, j;
	uint32_t	 cp;

	while (i < len) {
		if (p[i] < 0x80) {
			if (p[i] < 0x20 || p[i] > 0x7e)
				return (0);
			i++;
			continue;
		}
		if (p[i] >= 0xc2 && p[i] <= 0xdf)
			n = 2;
		else if (p[i] >= 0xe0 && p[i] <= 0xef)
			n = 3;
		else if (p[i] >= 0xf0 && p[i] <= 0xf4)
			n = 4;
		else
			return (0);
		if (i + n > len)
			return (0);
		cp = p[i] & (0xff >> (n + 1));
		for (j = 1; j < n; j++) {
			if ((p[i + j] & 0xc0) != 0x80)
				return (0);
			cp = (cp << 6) | (p[i + j] & 0x3f);
		}
		if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
		    cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ||
		    utf8_width(cp) < 0)
			return (0);
		i += n;
	}
	return (1);
}

static void
vt_set_title(struct vt_screen *s, const char *title, size_t len)
{
	if (!vt_valid_utf8(title, len))
		return;
	xfree(s->title);
	s->title = xstrndup(title, len);
	s->events |= VT_EVENT_TITLE;
}

/*
 * OSC 52 (Pc;Pd): a selection for the clipboard, base64, or "?" to ask
 * for it; kept for the caller (set-clipboard decides), as tmux reads it:
 * empty data ignored, data that is not whole base64 groups dropped.
 */
static void
vt_osc_52(struct vt_screen *s, const char *p, const char *end)
{
	const char	*data;
	char		*copy;
	uint8_t		*out, kind;
	uint32_t	 n;
	int		 len;

	if ((data = memchr(p, ';', end - p)) == NULL || ++data == end)
		return;
	copy = xstrndup(data, end - data);
	if (strcmp(copy, "?") == 0) {
		kind = s->parser != NULL && s->parser->end_bel ? 1 : 2;
		n = 0;
		out = NULL;
		len = 0;
	} else {
		kind = 0;
		n = (uint32_t)(strlen(copy) / 4 * 3);
		if (n == 0) {
			xfree(copy);
			return;
		}
		out = xmalloc(n);
		if ((len = base64_decode(copy, out, n)) < 0) {
			xfree(out);
			xfree(copy);
			return;
		}
		n = (uint32_t)len;
	}
	xfree(copy);
	if (s->clip == NULL) {
		s->clip = xcalloc(1, sizeof *s->clip);
		buf_init(s->clip);
	}
	buf_add_byte(s->clip, kind);
	buf_add(s->clip, &n, sizeof n);
	buf_add(s->clip, out, n);
	xfree(out);
	s->events |= VT_EVENT_CLIPBOARD;
}

/* The 2-digit hex of one channel of 1 to 4 digits (X11 scales them). */
static int
vt_osc_channel(const char *p, size_t n)
{
	unsigned	v = 0, i;

	if (n < 1 || n > 4)
		return (-1);
	for (i = 0; i < n; i++) {
		if (!isxdigit((unsigned char)p[i]))
			return (-1);
		v = v * 16 + (unsigned)(isdigit((unsigned char)p[i]) ?
		    p[i] - '0' : (tolower((unsigned char)p[i]) - 'a' + 10));
	}
	if (n == 1)
		return ((int)(v * 17));
	if (n == 3)
		return ((int)(v >> 4));
	if (n == 4)
		return ((int)(v >> 8));
	return ((int)v);
}

/*
 * An OSC 10/11 colour as tmux 3.3a reads it: rgb:RR/GG/BB or
 * rgb:RRRR/GGGG/BBBB, #RRGGBB or #RRRRGGGGBBBB, or R,G,B; -1 if not.
 */
static int32_t
vt_osc_colour(const char *p, size_t n)
{
	const char	*slash1, *slash2, *end = p + n;
	int		 r, g, b;
	unsigned	 v[3], i;
	size_t		 w;

	if (n >= 4 && strncmp(p, "rgb:", 4) == 0) {
		p += 4;
		if ((slash1 = memchr(p, '/', end - p)) == NULL ||
		    (slash2 = memchr(slash1 + 1, '/', end - slash1 - 1)) == NULL)
			return (-1);
		w = slash1 - p;
		if ((w != 2 && w != 4) || (size_t)(slash2 - slash1 - 1) != w ||
		    (size_t)(end - slash2 - 1) != w)
			return (-1);
		r = vt_osc_channel(p, w);
		g = vt_osc_channel(slash1 + 1, w);
		b = vt_osc_channel(slash2 + 1, w);
	} else if (n >= 1 && *p == '#' && (n == 7 || n == 13)) {
		w = (n - 1) / 3;
		r = vt_osc_channel(p + 1, w);
		g = vt_osc_channel(p + 1 + w, w);
		b = vt_osc_channel(p + 1 + 2 * w, w);
	} else {
		for (i = 0; i < 3; i++) {
			v[i] = 0;
			if (p == end || !isdigit((unsigned char)*p))
				return (-1);
			while (p < end && isdigit((unsigned char)*p) &&
			    v[i] < 1000)
				v[i] = v[i] * 10 + (unsigned)(*p++ - '0');
			if (i < 2 && (p == end || *p++ != ','))
				return (-1);
		}
		if (v[0] > 255 || v[1] > 255 || v[2] > 255)
			return (-1);
		r = (int)v[0];
		g = (int)v[1];
		b = (int)v[2];
	}
	if (r < 0 || g < 0 || b < 0)
		return (-1);
	return (VT_COLOUR_RGB | (r << 16) | (g << 8) | b);
}

void
vt_dispatch_osc(struct vt_screen *s, const char *str, size_t len)
{
	const char	*p = str, *end = str + len;
	int		 option = 0;
	int32_t		 c;

	s->last_valid = 0;
	if (len < 1 || *p < '0' || *p > '9')
		return;
	while (p < end && *p >= '0' && *p <= '9') {
		if (option > 100000)
			return;
		option = option * 10 + *p++ - '0';
	}
	if (p < end && *p != ';')
		return;
	if (p < end)
		p++;
	switch (option) {
	case 0:
	case 2:
		vt_set_title(s, p, end - p);
		break;
	case 7:
		if (vt_valid_utf8(p, end - p)) {
			xfree(s->path);
			s->path = xstrndup(p, end - p);
			s->events |= VT_EVENT_CWD;
		}
		break;
	case 10:
	case 11:
		/* The pane's default colours (#{pane_fg}, #{pane_bg}). */
		if ((c = vt_osc_colour(p, end - p)) == -1)
			break;
		if (option == 10)
			s->fg = c;
		else
			s->bg = c;
		break;
	case 110:
		s->fg = VT_COLOUR_DEFAULT;
		break;
	case 111:
		s->bg = VT_COLOUR_DEFAULT;
		break;
	case 52:
		vt_osc_52(s, p, end);
		break;
	}
}

void
vt_dispatch_apc(struct vt_screen *s, const char *str, size_t len)
{
	s->last_valid = 0;
	vt_set_title(s, str, len);
}
