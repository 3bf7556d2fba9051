/*
 * The parser's fast paths against its state machine: random streams of
 * text runs, SGR, C0 controls, charsets, wrap and insert modes, cursor
 * movement at the margins, scroll regions, UTF-8 (valid and not, alone
 * and repeated) and coloured build-log lines, each fed
 *   - byte by byte through the DEC state machine (VTPARSE_BYTEWISE: no
 *     text runs, no whole CSI or UTF-8 steps, tmux's batching per byte),
 *   - in one call with the fast paths,
 *   - in random pieces (1 to 97 bytes) with the fast paths, rows packed
 *     after each as the server does between reads,
 * and compared byte for byte: captures with attributes and trailing
 * spaces of history and screen, the joined capture, the saved screen,
 * cursor, modes, region, history size, bytes, cells and extended cells,
 * tab stops and title (and utf8_width's shortcuts against its table).
 * No zero width joiner in the streams: tmux joins
 * one only within a read, so pieces may rightly differ there.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/buf.h"
#include "engine/base/testlib.h"
#include "engine/base/xmalloc.h"
#include "engine/term/vt.h"
#include "engine/term/vt_int.h"

/* The width table itself, for utf8_width's ranges that skip it. */
struct utf8_range {
	uint32_t	first, last;
	int		width;
};
#include "engine/term/utf8-table.h"

static uint64_t	rng_state;

static uint32_t
rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return ((uint32_t)(rng_state >> 11));
}

static unsigned
pick(unsigned n)
{
	return (rng() % n);
}

static void
addf(struct buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
addf(struct buf *b, const char *fmt, ...)
{
	char	tmp[256];
	va_list	ap;
	int	n;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	buf_add(b, tmp, (size_t)n);
}

static void
gen_text(struct buf *b, unsigned sx)
{
	unsigned	n, i, kind = pick(4);

	/* Short runs, about a line, or several lines' worth. */
	if (kind == 0)
		n = 1 + pick(4);
	else if (kind == 1)
		n = sx - 2 + pick(5);
	else
		n = 1 + pick(kind == 2 ? 40 : 3 * sx);
	for (i = 0; i < n; i++) {
		if (pick(6) == 0)
			buf_add_byte(b, ' ');
		else
			buf_add_byte(b, 0x21 + pick(0x7e - 0x21 + 1));
	}
}

static void
gen_sgr(struct buf *b)
{
	unsigned	i, n;

	switch (pick(16)) {
	case 0: addf(b, "\033[m"); break;
	case 1: addf(b, "\033[0m"); break;
	case 2: addf(b, "\033[%um", 1 + pick(9)); break;
	case 3: addf(b, "\033[3%um", pick(10)); break;
	case 4: addf(b, "\033[4%um", pick(10)); break;
	case 5: addf(b, "\033[9%um", pick(8)); break;
	case 6: addf(b, "\033[38;5;%um", pick(300)); break;
	case 7: addf(b, "\033[48;5;%um", pick(256)); break;
	case 8:
		addf(b, "\033[%u;2;%u;%u;%um", pick(2) ? 38 : 48, pick(256),
		    pick(256), pick(300));
		break;
	case 9: addf(b, "\033[4:%um", pick(6)); break;
	case 10: addf(b, "\033[58;5;%um", pick(256)); break;
	case 11: addf(b, "\033[38:2::%u:%u:%um", pick(256), pick(256),
	    pick(256)); break;
	case 12: addf(b, "\033[2%um", pick(10)); break;
	case 13: addf(b, "\033[;1;;4m"); break;
	case 14: addf(b, "\033[%u%09um", 1 + pick(9), pick(1000)); break;
	case 15:
		n = 20 + pick(10);
		buf_add(b, "\033[", 2);
		for (i = 0; i < n; i++)
			addf(b, "%s%u", i ? ";" : "", pick(8));
		buf_add_byte(b, 'm');
		break;
	}
}

static void
gen_utf8(struct buf *b)
{
	static const char *const chars[] = {
		"\xc3\xa9",		/* e acute */
		"\xe4\xb8\xad",		/* wide CJK */
		"\xe2\x94\x80",		/* box drawing */
		"\xf0\x9f\x98\x80",	/* wide emoji */
		"\xcc\x81",		/* combining acute */
		"\xc3(",		/* bad continuation */
		"\x80",			/* lone continuation */
		"\xc0\xaf",		/* overlong */
		"\xe4\xb8",		/* cut short */
		"\xed\xa0\x80",		/* surrogate */
		"\xef\xbf\xbd",		/* replacement */
		"\xe2\x80\x8b",		/* zero width space */
	};

	const char	*ch = chars[pick(sizeof chars / sizeof chars[0])];
	unsigned	 n = 1;

	/* Often a line of them, as box drawing is drawn. */
	if (pick(3) == 0)
		n = 1 + pick(pick(2) ? 12 : 300);
	while (n-- > 0)
		buf_add_str(b, ch);
}

/* A line of benchtool bulk's coloured build log. */
static void
gen_bulk(struct buf *b, unsigned i)
{
	static const char *const words[] = {
		"compiling", "module", "linking", "object", "warning",
		"section", "symbol", "archive",
	};
	unsigned	w = i % 8;

	addf(b, "\033[3%um%07u\033[0m \033[1m%-9s\033[0m %s/%s_%u.c: "
	    "\033[38;5;%um%s %s\033[0m ok %u\r\n", 1 + w % 6, i, words[w],
	    words[(w + 3) % 8], words[(w + 5) % 8], i % 977, 16 + i % 200,
	    words[(w + 1) % 8], words[(w + 2) % 8], i * 31 % 100000);
}

static void
gen_control(struct buf *b, unsigned sx, unsigned sy)
{
	switch (pick(42)) {
	case 0: case 1: case 2: buf_add_str(b, "\r\n"); break;
	case 3: case 4: buf_add_byte(b, '\n'); break;
	case 5: case 6: buf_add_byte(b, '\r'); break;
	case 7: case 8: buf_add_byte(b, '\t'); break;
	case 9: buf_add_byte(b, '\b'); break;
	case 10: buf_add_byte(b, pick(2) ? '\v' : '\f'); break;
	case 11: addf(b, "\033%c0", pick(2) ? '(' : ')'); break;
	case 12: addf(b, "\033%cB", pick(2) ? '(' : ')'); break;
	case 13: buf_add_byte(b, pick(2) ? 0x0e : 0x0f); break;
	case 14: addf(b, "\033[?7%c", pick(3) ? 'h' : 'l'); break;
	case 15: addf(b, "\033[4%c", pick(2) ? 'h' : 'l'); break;
	case 16: addf(b, "\033[%u;%uH", 1 + pick(sy + 1), 1 + pick(sx + 2));
	    break;
	case 17: addf(b, "\033[%uG", sx - pick(3)); break;
	case 18: addf(b, "\033[%u%c", pick(5), "ABCD"[pick(4)]); break;
	case 19: addf(b, "\033[%uK", pick(3)); break;
	case 20: addf(b, "\033[%uJ", pick(3)); break;
	case 21: addf(b, "\033[%u%c", pick(6), "@PXLM"[pick(5)]); break;
	case 22: addf(b, "\033[%ub", pick(12)); break;
	case 23: addf(b, "\033[%u;%ur", 1 + pick(sy), 1 + pick(sy)); break;
	case 24: addf(b, "\033[r"); break;
	case 25: addf(b, "\033%c", "MDE78H"[pick(6)]); break;
	case 26: addf(b, "\033[%u%c", 1 + pick(3), "ST"[pick(2)]); break;
	case 27: addf(b, "\033[%ug", 3 * pick(2)); break;
	case 28: addf(b, "\033[20%c", pick(4) ? 'l' : 'h'); break;
	case 29:
		if (pick(4) == 0)
			addf(b, "\033[?1049%c", pick(2) ? 'h' : 'l');
		break;
	case 30: addf(b, "\033]2;t%u\007", pick(100)); break;
	case 31: addf(b, "\033[1\n;%uH", 1 + pick(sx)); break;	/* C0 in CSI */
	case 32: addf(b, "\033[%u;%u", pick(9), pick(9)); break; /* cut by the next */
	case 33: if (pick(8) == 0) addf(b, "\033c"); break;
	case 34: if (pick(4) == 0) addf(b, "\033#8"); break;
	case 35: addf(b, "\033[?25%c", pick(2) ? 'h' : 'l'); break;
	case 36: addf(b, "\033[1;%uH%s", sx, pick(2) ? "xy" : "x"); break;
	case 37: buf_add_byte(b, 0x7f); break;
	case 38: addf(b, "\033P1;2qdata\033\\"); break;
	case 39: buf_add_byte(b, 0x18); break;
	case 40: addf(b, "\033[%u%09u%c", 1 + pick(3), pick(1000000000),
	    "ABCDGd@PXb"[pick(10)]); break;	/* past INT_MAX or not */
	case 41: addf(b, "\033[?%u;%uh", 1 + pick(9), pick(99)); break;
	}
}

static void
gen_stream(struct buf *b, unsigned sx, unsigned sy, size_t size)
{
	unsigned	line = 0, bulky = pick(3) == 0;

	while (b->len < size) {
		if (bulky && pick(2) == 0) {
			gen_bulk(b, line++);
			continue;
		}
		switch (pick(10)) {
		case 0: case 1: case 2: gen_text(b, sx); break;
		case 3: case 4: gen_sgr(b); break;
		case 5: gen_utf8(b); break;
		default: gen_control(b, sx, sy); break;
		}
	}
}

/* Everything compared: captures, state, tabs and title. */
static char *
describe(struct vt_screen *s)
{
	static const unsigned flags[] = {
		VT_CAPTURE_ESCAPES|VT_CAPTURE_TRAILING,
		VT_CAPTURE_JOIN,
		VT_CAPTURE_ALTERNATE|VT_CAPTURE_QUIET|VT_CAPTURE_ESCAPES,
	};
	struct vt_capture	 cap;
	struct vt_state		 st;
	struct buf		 out;
	const char		*cause;
	char			*tabs;
	unsigned		 i;

	buf_init(&out);
	for (i = 0; i < sizeof flags / sizeof flags[0]; i++) {
		memset(&cap, 0, sizeof cap);
		cap.flags = flags[i];
		cap.start_all = cap.start_set = 1;
		if (vt_screen_capture(s, &cap, &out, &cause) != 0)
			buf_add_str(&out, cause);
		buf_add_str(&out, "\n--\n");
	}
	vt_screen_state(s, &st);
	addf(&out, "cursor %u,%u mode %x alt %d %u,%u region %u-%u\n",
	    st.cx, st.cy, st.mode, st.alternate_on, st.alternate_saved_x,
	    st.alternate_saved_y, st.rupper, st.rlower);
	addf(&out, "history %u bytes %zu cells %zu extd %zu\n",
	    st.history_size, st.history_bytes, st.history_cells,
	    st.history_extd);
	tabs = vt_screen_tabs(s);
	addf(&out, "tabs %s\ntitle %s\n", tabs, st.title);
	free(tabs);
	buf_add_byte(&out, '\0');
	return (buf_take(&out, NULL));
}

struct size {
	unsigned	sx, sy, hlimit, streams;
	size_t		bytes;
};

static unsigned	z_scrolled;	/* streams that left history */

/* Where two descriptions first differ, for the log. */
static void
show_diff(const char *a, const char *b)
{
	size_t	i = 0, from;

	while (a[i] != '\0' && a[i] == b[i])
		i++;
	from = i > 60 ? i - 60 : 0;
	printf("# differ at %zu:\n#  slow: [%.120s]\n#  fast: [%.120s]\n",
	    i, a + from, b + from);
}

/*
 * in fed in pieces of the sizes at cuts (0-terminated; NULL: one call),
 * rows packed after each; bytewise: through the state machine only.
 */
static struct vt_screen *
run(const struct buf *in, const struct size *z, const size_t *cuts,
    int bytewise)
{
	struct vt_screen	*s = vt_screen_new(z->sx, z->sy, z->hlimit);
	const uint8_t		*data = in->data + in->off;
	size_t			 off, n;

	if (bytewise) {
		s->parser = screen_parser_new(s);
		s->parser->flags |= VTPARSE_BYTEWISE;
	}
	for (off = 0; off < in->len; off += n) {
		n = cuts == NULL ? in->len : *cuts++;
		if (n > in->len - off)
			n = in->len - off;
		vt_screen_input(s, data + off, n, NULL);
	}
	return (s);
}

/* Whether fast and bytewise parsing of in, cut by cuts, agree. */
static int
agree(const struct buf *in, const struct size *z, const size_t *cuts,
    const char *what, unsigned k, int quiet)
{
	struct vt_screen	*slow, *fast;
	char			*ds, *df;
	int			 same;

	slow = run(in, z, cuts, 1);
	fast = run(in, z, cuts, 0);
	ds = describe(slow);
	df = describe(fast);
	if (!(same = (strcmp(ds, df) == 0)) && !quiet) {
		printf("# %ux%u stream %u, %s:\n", z->sx, z->sy, k, what);
		show_diff(ds, df);
	}
	if (strstr(ds, "\nhistory 0 ") == NULL)
		z_scrolled++;
	xfree(ds);
	xfree(df);
	vt_screen_free(slow);
	vt_screen_free(fast);
	return (same);
}

/* utf8_width for every code point as a plain walk of the table says. */
static unsigned
utf8_check(void)
{
	size_t		i = 0, n = sizeof utf8_table / sizeof utf8_table[0];
	uint32_t	cp;
	int		want;
	unsigned	bad = 0;

	for (cp = 0xa0; cp <= 0x10ffff; cp++) {
		while (i < n && utf8_table[i].last < cp)
			i++;
		if (i < n && cp >= utf8_table[i].first)
			want = utf8_table[i].width;
		else
			want = 1;
		if (utf8_width(cp) != want && bad++ == 0)
			printf("# U+%04X: %d, table %d\n", cp, utf8_width(cp),
			    want);
	}
	return (bad);
}

int
main(void)
{
	static const struct size sizes[] = {
		{ 20, 6, 30, 300, 3000 },
		{ 80, 24, 100, 150, 8000 },
		{ 7, 3, 5, 150, 1500 },
		{ 220, 80, 2000, 12, 60000 },
	};
	const struct size	*z;
	struct buf		 in;
	size_t			*cuts, n;
	unsigned		 i, k, j, bad_whole, bad_pieces;

	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		z = &sizes[i];
		bad_whole = bad_pieces = z_scrolled = 0;
		for (k = 0; k < z->streams; k++) {
			rng_state = 0x9e3779b97f4a7c15ULL * (i * 1000 + k + 1);
			buf_init(&in);
			gen_stream(&in, z->sx, z->sy, z->bytes);
			cuts = xreallocarray(NULL, in.len + 1, sizeof *cuts);
			for (j = 0, n = 0; n < in.len; n += cuts[j++])
				cuts[j] = 1 + pick(97);
			cuts[j] = 0;
			if (!agree(&in, z, NULL, "one call", k, bad_whole != 0))
				bad_whole++;
			if (!agree(&in, z, cuts, "in pieces", k,
			    bad_pieces != 0))
				bad_pieces++;
			xfree(cuts);
			buf_free(&in);
		}
		test_ok(bad_whole == 0, "%ux%u: %u streams of %zu bytes in "
		    "one call, fast as byte by byte (%u differ)", z->sx, z->sy,
		    z->streams, z->bytes, bad_whole);
		test_ok(bad_pieces == 0, "%ux%u: the same in pieces of 1-97 "
		    "bytes (%u differ)", z->sx, z->sy, bad_pieces);
		/* The streams do reach history (scrolling, collecting). */
		test_ok(z_scrolled > z->streams, "%ux%u: %u of %u runs left "
		    "lines in history", z->sx, z->sy, z_scrolled,
		    2 * z->streams);
	}
	test_ok(utf8_check() == 0, "utf8_width as the table for U+00A0 on");
	return (test_done());
}
