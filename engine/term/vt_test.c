/* Unit tests for engine/term: bytes in, capture and state out. */
#include <stdlib.h>
#include <string.h>

#include "engine/base/buf.h"
#include "engine/base/testlib.h"
#include "engine/base/xmalloc.h"
#include "engine/term/utf8.h"
#include "engine/term/vt.h"

static void
input(struct vt_screen *s, const char *bytes)
{
	vt_screen_input(s, (const uint8_t *)bytes, strlen(bytes), NULL);
}

static struct vt_screen *
feed(unsigned sx, unsigned sy, const char *bytes)
{
	struct vt_screen	*s = vt_screen_new(sx, sy, 2000);

	vt_screen_input(s, (const uint8_t *)bytes, strlen(bytes), NULL);
	return (s);
}

/* Capture with flags and an optional -S start; caller frees. */
static char *
capture(struct vt_screen *s, unsigned flags, int start_all)
{
	struct vt_capture	 cap;
	struct buf		 out;
	const char		*cause;

	memset(&cap, 0, sizeof cap);
	cap.flags = flags;
	cap.start_all = start_all;
	cap.start_set = start_all;
	buf_init(&out);
	if (vt_screen_capture(s, &cap, &out, &cause) != 0)
		buf_add_str(&out, cause);
	return (buf_take(&out, NULL));
}

/* First line of the visible capture. */
static char *
line0(struct vt_screen *s, unsigned flags)
{
	char	*all = capture(s, flags, 0), *nl;

	nl = strchr(all, '\n');
	if (nl != NULL)
		*nl = '\0';
	return (all);
}

#define CHECK_LINE0(sx, bytes, flags, want, what) do {			\
	struct vt_screen *s_ = feed(sx, 5, bytes);			\
	char *l_ = line0(s_, flags);					\
	test_streq(l_, want, what);					\
	xfree(l_);							\
	vt_screen_free(s_);						\
} while (0)

static void
test_text(void)
{
	CHECK_LINE0(10, "hello", 0, "hello", "plain text");
	CHECK_LINE0(10, "abc\bX", 0, "abX", "backspace");
	CHECK_LINE0(10, "abc\rX", 0, "Xbc", "carriage return");
	CHECK_LINE0(20, "a\tb", 0, "a       b", "tab");
	CHECK_LINE0(10, "ab  ", VT_CAPTURE_TRAILING, "ab  ", "-N keeps spaces");
	CHECK_LINE0(10, "ab  ", 0, "ab", "trailing spaces trimmed");
	CHECK_LINE0(10, "\xe4\xb8\xad" "x", 0, "\xe4\xb8\xad" "x", "wide char");
	CHECK_LINE0(10, "e\xcc\x81", 0, "e\xcc\x81", "combining mark");
	CHECK_LINE0(10, "a\xff" "b", 0, "ab", "invalid UTF-8 dropped");
	CHECK_LINE0(10, "\033(0lqk\033(B", 0, "lqk",
	    "line drawing kept as ASCII");
	CHECK_LINE0(10, "abcdef\033[3D\033[K", 0, "abc", "EL 0");
	CHECK_LINE0(10, "abcdef\033[3D\033[1K", 0, "    ef", "EL 1");
	CHECK_LINE0(10, "abcdef\r\033[2P", 0, "cdef", "DCH");
	CHECK_LINE0(10, "abcdef\r\033[2@", 0, "  abcdef", "ICH");
	CHECK_LINE0(10, "abcdef\r\033[2X", 0, "  cdef", "ECH");
	CHECK_LINE0(10, "a\033[3b", 0, "aaaa", "REP");
	CHECK_LINE0(10, "a\033[m\033[3b", 0, "a", "REP after CSI ignored");
	CHECK_LINE0(10, "ab\033[3aX\033[Ic", 0, "abXc",
	    "HPR CHT ignored as tmux");
	CHECK_LINE0(10, "\033#8", 0, "EEEEEEEEEE", "DECALN");
	CHECK_LINE0(10, "\033]0;t\007x", 0, "x", "OSC consumed");
	CHECK_LINE0(10, "\033Pabc\033\\x", 0, "x", "DCS consumed");
	CHECK_LINE0(10, "\033_abc\033\\x", 0, "x", "APC consumed");
	CHECK_LINE0(10, "\033[1;2;3$px", 0, "x", "unknown CSI ignored");
	CHECK_LINE0(10, "ab\\c", VT_CAPTURE_OCTAL, "ab\\\\c", "-C backslash");
}

static void
test_sgr(void)
{
	CHECK_LINE0(20, "\033[1;31mA\033[0mB", VT_CAPTURE_ESCAPES,
	    "\033[1m\033[31mA\033[0m\033[39m\033[49mB", "bold red then reset");
	CHECK_LINE0(20, "\033[38;5;100mA", VT_CAPTURE_ESCAPES,
	    "\033[38;5;100mA", "256 colour");
	CHECK_LINE0(20, "\033[48;2;1;2;3mA", VT_CAPTURE_ESCAPES,
	    "\033[48;2;1;2;3mA", "RGB background");
	CHECK_LINE0(20, "\033[38:2::1:2:3mA", VT_CAPTURE_ESCAPES,
	    "\033[38;2;1;2;3mA", "RGB colon form");
	CHECK_LINE0(20, "\033[4:3mA", VT_CAPTURE_ESCAPES,
	    "\033[4:3mA", "curly underline");
	CHECK_LINE0(20, "\033[7mA", VT_CAPTURE_ESCAPES | VT_CAPTURE_OCTAL,
	    "\\033[7mA", "-C escapes ESC");
	CHECK_LINE0(20, "\033(0q\033(Bq", VT_CAPTURE_ESCAPES,
	    "\016q\017q", "charset shift in -e");
	CHECK_LINE0(20, "\033[94;103mA", VT_CAPTURE_ESCAPES,
	    "\033[94m\033[103mA", "bright colours");
}

static void
test_state(void)
{
	struct vt_screen	*s;
	struct vt_state		 st;
	struct buf		 reply;
	char			*t;
	int			 i;

	s = feed(80, 24, "0123456789012345678901234567890123456789"
	    "0123456789012345678901234567890123456789");
	vt_screen_state(s, &st);
	test_ok(st.cx == 80 && st.cy == 0, "cursor x may equal width");
	input(s, "\033[C");
	vt_screen_state(s, &st);
	test_ok(st.cx == 79, "CUF from pending wrap");
	test_ok(st.history_bytes == 24 * 32 + 80 * 5, "history_bytes");
	vt_screen_free(s);

	s = feed(80, 24, "\033[?1h\033=\033[?1000h\033[?2004h\033[?25l\033[4h");
	vt_screen_state(s, &st);
	test_ok(st.mode == (VT_MODE_KCURSOR|VT_MODE_KKEYPAD|
	    VT_MODE_MOUSE_STANDARD|VT_MODE_BRACKETPASTE|VT_MODE_INSERT|
	    VT_MODE_WRAP), "mode flags");
	test_ok(vt_screen_take_events(s) & VT_EVENT_MODE, "mode event");
	test_ok(vt_screen_take_events(s) == 0, "events cleared");
	vt_screen_free(s);

	s = feed(80, 24, "\033]2;my title\033\\\033]7;file:///tmp\007");
	vt_screen_state(s, &st);
	test_streq(st.title, "my title", "OSC 2 title");
	test_streq(st.path, "file:///tmp", "OSC 7 path");
	vt_screen_free(s);

	s = feed(80, 24, "\033[5;10r\033[3;4H");
	vt_screen_state(s, &st);
	test_ok(st.rupper == 4 && st.rlower == 9, "DECSTBM");
	test_ok(st.cx == 3 && st.cy == 2, "CUP");
	t = vt_screen_tabs(s);
	test_streq(t, "8,16,24,32,40,48,56,64,72", "default tabs");
	xfree(t);
	vt_screen_free(s);

	s = feed(80, 24, "ab");
	buf_init(&reply);
	vt_screen_input(s, (const uint8_t *)"\033[c\033[>c\033[5n\033[6n", 15,
	    &reply);
	test_streq((const char *)buf_data(&reply),
	    "\033[?1;2c\033[>84;0;0c\033[0n\033[1;3R", "DA1 DA2 DSR replies");
	buf_free(&reply);
	vt_screen_free(s);

	s = feed(10, 3, "");
	for (i = 0; i < 10; i++)
		input(s, "x\r\n");
	vt_screen_state(s, &st);
	test_ok(st.history_size == 8, "history grows");
	t = capture(s, 0, 1);
	test_streq(t, "x\nx\nx\nx\nx\nx\nx\nx\nx\nx\n\n", "capture -S -");
	xfree(t);
	vt_screen_clear_history(s);
	vt_screen_state(s, &st);
	test_ok(st.history_size == 0, "clear history");
	vt_screen_free(s);

	s = vt_screen_new(10, 3, 10);
	for (i = 0; i < 13; i++)
		input(s, "x\r\n");
	vt_screen_state(s, &st);
	test_ok(st.history_size == 10, "history at limit");
	input(s, "x\r\n");
	vt_screen_state(s, &st);
	test_ok(st.history_size == 10, "history collects a tenth");
	vt_screen_free(s);

	s = vt_screen_new(10, 3, 0);
	for (i = 0; i < 5; i++)
		input(s, "x\r\n");
	vt_screen_state(s, &st);
	test_ok(st.history_size == 0, "history-limit 0 keeps nothing");
	vt_screen_free(s);
}

static void
test_alternate(void)
{
	struct vt_screen	*s;
	struct vt_state		 st;
	char			*t;

	s = feed(10, 3, "main\033[?1049hALT");
	vt_screen_state(s, &st);
	test_ok(st.alternate_on, "alternate on");
	t = capture(s, 0, 0);
	test_streq(t, "    ALT\n\n\n", "alternate screen content");
	xfree(t);
	t = capture(s, VT_CAPTURE_ALTERNATE, 0);
	test_streq(t, "main\n\n\n", "capture -a");
	xfree(t);
	input(s, "\033[?1049l");
	vt_screen_state(s, &st);
	test_ok(!st.alternate_on && st.cx == 4, "alternate off restores");
	t = capture(s, 0, 0);
	test_streq(t, "main\n\n\n", "main screen back");
	xfree(t);
	t = capture(s, VT_CAPTURE_ALTERNATE, 0);
	test_streq(t, "no alternate screen", "capture -a error");
	xfree(t);
	vt_screen_free(s);
}

static void
test_join(void)
{
	struct vt_screen	*s;
	char			*t;

	s = feed(5, 3, "abcdefg");
	t = capture(s, 0, 0);
	test_streq(t, "abcde\nfg\n\n", "wrapped lines");
	xfree(t);
	t = capture(s, VT_CAPTURE_JOIN, 0);
	test_streq(t, "abcdefg\n\n", "-J joins");
	xfree(t);
	vt_screen_free(s);
}

static void
test_pending(void)
{
	struct vt_screen	*s;
	struct buf		 out;

	s = feed(10, 3, "ab\033[1;");
	buf_init(&out);
	vt_screen_capture_pending(s, VT_CAPTURE_OCTAL, &out);
	test_streq((const char *)buf_data(&out), "\\033[1;", "pending -C");
	buf_free(&out);
	test_ok(vt_screen_memory(s) > 0, "memory");
	vt_screen_free(s);
}

/* Everything a reader can see of s, as one string (caller frees). */
static char *
snapshot(struct vt_screen *s)
{
	struct vt_state	 st;
	struct buf	 out;
	char		*all, *tabs;

	all = capture(s, VT_CAPTURE_ESCAPES|VT_CAPTURE_TRAILING, 1);
	vt_screen_state(s, &st);
	tabs = vt_screen_tabs(s);
	buf_init(&out);
	buf_add_str(&out, all);
	/*
	 * Not history_bytes: as tmux's, it depends on how the text arrived
	 * (a run written at once or cell by cell allocates lines differently).
	 */
	buf_printf(&out, "|%u,%u mode %x region %u-%u hist %u/%zu "
	    "title %s tabs %s|", st.cx, st.cy, st.mode, st.rupper, st.rlower,
	    st.history_size, st.history_extd, st.title, tabs);
	vt_screen_capture_pending(s, VT_CAPTURE_OCTAL, &out);
	xfree(all);
	xfree(tabs);
	return (buf_take(&out, NULL));
}

/*
 * The parser's fast paths (ASCII runs, whole CSI sequences in one buffer)
 * must do what the byte-by-byte path does: streams of CSI fragments near
 * each rule (private markers, colons, intermediates, controls and ESC
 * inside, parameter runs at the 64-byte limit) fed whole and one byte at
 * a time give the same screen, state and pending bytes.
 */
static void
test_fast_paths(void)
{
	static const char	*frag[] = {
		"\033[31m", "\033[1;4;38;5;200m", "\033[38:2::10:20:30m",
		"\033[?25l", "\033[?25h", "\033[>c", "\033[=1c", "\033[<u",
		"\033[?1;2;3;4;5;6;7;8;9;10;11;12;13;14;15;16;17;18;19;20;21;"
		    "22;23;24;25m", "\033[2 q", "\033[1$p", "\033[5\033[31m",
		"\033[3\n1m", "\033[1?m", "\033[??1h", "\033[;;;H",
		"\033[99999999999m", "\033[0;1;2;3;4;5;6;7;8;9;0;1;2;3;4;5;6;"
		    "7;8;9;0;1;2;3;4;5;6;7;8;9;0;1m",
		"\033[00000000000000000000000000000000000000000000000000000000"
		    "0000001m",	/* 63 parameter bytes: the most */
		"\033[000000000000000000000000000000000000000000000000000000000"
		    "0000001m",	/* 64 parameter bytes: one too many */
		"\033[2J", "\033[5;10H", "\033[3L", "\033[2P", "\033[4@",
		"\033[1;3r", "\033[r", "\033[4h", "\033[4l", "\033[6n",
		"\033[K", "\033[1K", "\033[S", "\033[T", "\033[5X",
		"\033[3b", "\033[2g", "\033[Z", "\033[?1049h", "\033[?1049l",
		"\033[", "\033", "\033]0;title\007", "\033(0qx\033(B",
		"text ", "more text\r\n", "\303\251", "\344\270\255",
		"\343", "\t", "\r\n", "\n\n\n", "\033[m", "\033[0m",
		"\033[7m", "\033[48;2;1;2;3m", "\033[4:3m", "\033[58;5;9m",
	};
	unsigned		 n = sizeof frag / sizeof frag[0], round, i;
	unsigned		 seed = 12345, bad = 0;
	struct buf		 stream;
	struct vt_screen	*whole, *bytes;
	char			*a, *b;
	size_t			 k;

	for (round = 0; round < 300; round++) {
		buf_init(&stream);
		for (i = 0; i < 40; i++) {
			seed = seed * 1103515245 + 12345;
			buf_add_str(&stream, frag[(seed >> 16) % n]);
		}
		whole = vt_screen_new(20, 6, 50);
		bytes = vt_screen_new(20, 6, 50);
		vt_screen_input(whole, buf_data(&stream), stream.len, NULL);
		for (k = 0; k < stream.len; k++)
			vt_screen_input(bytes, buf_data(&stream) + k, 1, NULL);
		a = snapshot(whole);
		b = snapshot(bytes);
		if (strcmp(a, b) != 0 && bad++ == 0)
			test_streq(a, b, "fast paths: whole stream as bytes");
		xfree(a);
		xfree(b);
		vt_screen_free(whole);
		vt_screen_free(bytes);
		buf_free(&stream);
	}
	test_ok(bad == 0, "fast paths: 300 streams fed whole and by bytes");
}

static void
test_tmux_quirks(void)
{
	struct vt_screen	*s;
	struct vt_state		 st;
	struct buf		 reply;
	char			*t;

	CHECK_LINE0(10, "abcdef\r\033[10@", 0, "abcdef",
	    "ICH to the end of the line moves nothing");
	CHECK_LINE0(10, "a\033[?5$p\033[2b", 0, "aaa",
	    "unknown CSI keeps the REP character");
	CHECK_LINE0(10, "a\033]0;x\007\033[2b", 0, "a", "OSC resets REP");
	CHECK_LINE0(10, "\xe4\xb8\xad\xe4\xb8\xad\r\033[Cx", 0,
	    "\xe4\xb8\xadx\xe4\xb8\xad",
	    "ASCII over column 1 padding keeps the wide character");
	CHECK_LINE0(10, "a\xe2\x80\x8d" "b", 0, "ab", "ZWJ then ASCII");
	CHECK_LINE0(10, "a\xe2\x80\x8d\xc3\xa9", 0,
	    "a\xe2\x80\x8d\xc3\xa9", "ZWJ joins the next character");
	CHECK_LINE0(10, "a\xc2\x85" "b", 0, "ab", "C1 control dropped");
	CHECK_LINE0(10, "\xc3\033[m\xa9", 0, "\xc3\xa9",
	    "UTF-8 survives an escape sequence");
	CHECK_LINE0(10, "\xc3" "a\xa9", 0, "a", "ASCII ends partial UTF-8");

	s = feed(10, 3, "\033[?6h\0337\033[?6l\0338");
	vt_screen_state(s, &st);
	test_ok(st.mode & VT_MODE_ORIGIN, "DECRC restores origin mode");
	vt_screen_free(s);

	s = feed(80, 24, "");
	buf_init(&reply);
	vt_screen_input(s, (const uint8_t *)"\033[18t\033[>q", 9, &reply);
	test_streq((const char *)buf_data(&reply),
	    "\033[8;80;24t\033P>|tmux 3.3a\033\\", "CSI 18 t and XTVERSION");
	buf_free(&reply);
	input(s, "\033]2;A\007\033[22;0t\033]2;B\007\033[23;0t");
	vt_screen_state(s, &st);
	test_streq(st.title, "A", "title push and pop");
	vt_screen_free(s);

	/* ED 3 with a second parameter is ignored. */
	s = feed(10, 2, "a\r\nb\r\nc\033[3;1J");
	vt_screen_state(s, &st);
	test_ok(st.history_size == 1, "ED 3;1 keeps history");
	input(s, "\033[3J");
	vt_screen_state(s, &st);
	test_ok(st.history_size == 0, "ED 3 clears history");
	vt_screen_free(s);

	/* Clearing the screen at home scrolls it into history. */
	s = feed(10, 3, "a\r\nb\033[H\033[J");
	vt_screen_state(s, &st);
	test_ok(st.history_size == 2, "ED 0 at home keeps lines in history");
	vt_screen_free(s);

	/* A full-line clear unwraps the line above. */
	s = feed(5, 3, "abcdefg\033[2K");
	t = capture(s, VT_CAPTURE_JOIN, 0);
	test_streq(t, "abcde\n\n\n", "clear unwraps the line above");
	xfree(t);
	vt_screen_free(s);

	/* history_bytes counts extended cells (19 bytes each). */
	s = feed(80, 24, "\033[38;2;1;2;3mab");
	vt_screen_state(s, &st);
	test_ok(st.history_bytes == 24 * 32 + 20 * 5 + 2 * 19,
	    "history_bytes with RGB cells");
	vt_screen_free(s);
}

static void
test_palette(void)
{
	struct vt_screen	*s;
	char			 tmp[64], *t;
	int			 i;
	size_t			 n;

	/* More styles than a palette holds: old ones are dropped. */
	s = vt_screen_new(10, 2, 0);
	for (i = 0; i < 70000; i++) {
		snprintf(tmp, sizeof tmp, "\033[38;2;%d;%d;%dmx",
		    (i >> 16) & 0xff, (i >> 8) & 0xff, i & 0xff);
		input(s, tmp);
	}
	t = capture(s, VT_CAPTURE_ESCAPES, 0);
	snprintf(tmp, sizeof tmp, "\033[38;2;1;17;111mx");
	test_ok(strstr(t, tmp) != NULL, "palette compaction keeps colours");
	xfree(t);
	test_ok(vt_screen_memory(s) < 200000, "palette compaction frees");
	vt_screen_free(s);

	/* Many distinct clusters: unused ones are dropped. */
	s = vt_screen_new(10, 2, 0);
	for (i = 0; i < 80000; i++) {
		n = utf8_encode(0x4e00 + i % 20000, tmp);
		n += utf8_encode(0x300 + i / 20000, tmp + n);
		tmp[n] = '\0';
		input(s, tmp);
	}
	t = capture(s, 0, 0);
	n = utf8_encode(0x4e00 + 79999 % 20000, tmp);
	n += utf8_encode(0x300 + 79999 / 20000, tmp + n);
	tmp[n] = '\0';
	test_ok(strstr(t, tmp) != NULL, "cluster compaction keeps clusters");
	xfree(t);
	test_ok(vt_screen_memory(s) < 1000000, "cluster compaction frees");
	vt_screen_free(s);
}

static void
test_resize(void)
{
	struct vt_screen	*s;
	struct vt_state		 st;
	char			*t;

	s = feed(10, 3, "0123456789abcdefghij");
	vt_screen_resize(s, 5, 3);
	t = capture(s, 0, 1);
	test_streq(t, "01234\n56789\nabcde\nfghij\n\n", "reflow narrower");
	xfree(t);
	vt_screen_state(s, &st);
	test_ok(st.history_size == 2 && st.cx == 5 && st.cy == 1,
	    "cursor follows reflow");
	vt_screen_resize(s, 20, 3);
	t = capture(s, 0, 1);
	test_streq(t, "0123456789abcdefghij\n\n\n", "reflow wider");
	xfree(t);
	vt_screen_free(s);

	s = feed(10, 5, "a\r\nb\r\nc");
	vt_screen_resize(s, 10, 2);
	vt_screen_state(s, &st);
	test_ok(st.history_size == 1 && st.cy == 1, "shrink pushes history");
	vt_screen_resize(s, 10, 5);
	vt_screen_state(s, &st);
	test_ok(st.history_size == 0 && st.cy == 2, "grow pulls history");
	vt_screen_free(s);

	s = feed(10, 3, "main\033[?1049h");
	vt_screen_resize(s, 20, 4);
	input(s, "\033[?1049l");
	vt_screen_state(s, &st);
	test_ok(st.sx == 20 && st.sy == 4 && st.cx == 4 && !st.alternate_on,
	    "alternate exit after resize");
	vt_screen_free(s);
}

static void
test_reset(void)
{
	struct vt_screen	*s;
	struct vt_state		 st;
	char			*t;

	s = feed(10, 2, "a\r\nb\r\nc\033[?1h\033[?1049h");
	vt_screen_reset(s);
	vt_screen_state(s, &st);
	test_ok(st.history_size == 1 && !st.alternate_on &&
	    st.mode == (VT_MODE_CURSOR|VT_MODE_WRAP), "reset keeps history");
	t = capture(s, 0, 1);
	test_streq(t, "a\n\n\n", "reset clears the screen");
	xfree(t);
	vt_screen_free(s);

	s = feed(10, 5, "a\r\nb\033[?1h\033[31m\033[2;4r");
	vt_screen_input_reset(s);
	vt_screen_state(s, &st);
	test_ok(st.history_size == 2 && st.cx == 0 && st.cy == 0 &&
	    st.mode == (VT_MODE_CURSOR|VT_MODE_WRAP) && st.rlower == 4,
	    "send-keys -R reset");
	vt_screen_free(s);
}

static void
test_width(void)
{
	test_ok(utf8_width('a') == 1, "width a");
	test_ok(utf8_width(0x4e2d) == 2, "width CJK");
	test_ok(utf8_width(0x301) == 0, "width combining");
	test_ok(utf8_width(0x1f600) == 2, "width emoji");
	test_ok(utf8_width(0x7) == -1, "width control");
	test_ok(utf8_width(0x85) == -1, "width C1");
	test_ok(utf8_width(0x378) == -1, "width unassigned");
	test_ok(utf8_width(0x600) == 1, "width prepended mark");
	test_ok(utf8_width(0x1160) == 0, "width jungseong");
	test_ok(utf8_width(0x1fae8) == -1, "width Unicode 15 is unknown");
	test_ok(utf8_width(0xe000) == 1, "width private use");
}

int
main(void)
{
	test_text();
	test_sgr();
	test_state();
	test_alternate();
	test_join();
	test_pending();
	test_fast_paths();
	test_width();
	test_tmux_quirks();
	test_resize();
	test_reset();
	test_palette();
	return (test_done());
}
