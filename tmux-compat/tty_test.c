/*
 * Unit tests for attached clients: the key splitter (tty-keys.c) and the
 * renderer's diff (tty_draw_frame). A frame written through the diff into
 * a model of the terminal (engine/term's emulator) must reproduce the
 * frame cell for cell, and an unchanged frame must cost no bytes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/testlib.h"
#include "engine/base/xmalloc.h"
#include "engine/term/vt.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"
#include "tmux-compat/tty-draw-int.h"

static void
test_keys(void)
{
	static const struct {
		const char	*in;
		int		 complete;
		size_t		 len;
		const char	*name;
	} cases[] = {
		{ "a", 0, 1, "a" },
		{ " ", 0, 1, "Space" },
		{ "\002", 0, 1, "C-b" },
		{ "\r", 0, 1, "Enter" },
		{ "\t", 0, 1, "Tab" },
		{ "\177", 0, 1, "BSpace" },
		{ "\000", 0, 1, "C-Space" },
		{ "\034", 0, 1, "C-\\" },
		{ "\033", 0, 0, "" },
		{ "\033", 1, 1, "Escape" },
		{ "\033[", 0, 0, "" },
		{ "\033[A", 0, 3, "Up" },
		{ "\033OB", 0, 3, "Down" },
		{ "\033[1;5C", 0, 6, "C-Right" },
		{ "\033[1;3D", 0, 6, "M-Left" },
		{ "\033[5~", 0, 4, "PPage" },
		{ "\033[5;2~", 0, 6, "S-PPage" },
		{ "\033[15~", 0, 5, "F5" },
		{ "\033OP", 0, 3, "F1" },
		{ "\033[Z", 0, 3, "BTab" },
		{ "\033x", 0, 2, "M-x" },
		{ "\033\002", 0, 2, "M-C-b" },
		{ "\033[99z", 0, 5, "" },
		{ "\xc3\xa9z", 0, 2, "\xc3\xa9" },
		{ "\xe4\xb8", 0, 0, "" },
		{ "\xe4\xb8\xad", 0, 3, "\xe4\xb8\xad" },
		{ "ab", 0, 1, "a" },
	};
	char	name[64];
	size_t	i, n, len;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		len = strlen(cases[i].in);
		if (len == 0)
			len = 1;	/* "\000" */
		n = tty_keys_next((const uint8_t *)cases[i].in, len,
		    cases[i].complete, name, sizeof name);
		test_ok(n == cases[i].len && strcmp(name, cases[i].name) == 0,
		    "key %zu: %zu [%s] (want %zu [%s])", i, n, name,
		    cases[i].len, cases[i].name);
	}
}

static const int	test_colours[] = {
	8, 0, 1, 2, 3, 4, 5, 6, 7, 90, 91, 97,
	VT_COLOUR_256|16, VT_COLOUR_256|100, VT_COLOUR_256|231,
	VT_COLOUR_256|255
};
static const uint16_t	test_attrs[] = {
	0, VT_ATTR_BRIGHT, VT_ATTR_DIM, VT_ATTR_ITALICS, VT_ATTR_UNDERSCORE,
	VT_ATTR_BLINK, VT_ATTR_REVERSE, VT_ATTR_HIDDEN, VT_ATTR_STRIKETHROUGH,
	VT_ATTR_BRIGHT|VT_ATTR_REVERSE
};

static void
test_cell(struct vt_rcell *rc, const char *data, int width, uint16_t attr,
    int fg, int bg)
{
	memset(rc, 0, sizeof *rc);
	strlcpy(rc->data, data, sizeof rc->data);
	rc->width = (uint8_t)width;
	rc->attr = attr;
	rc->fg = fg;
	rc->bg = bg;
}

/* A frame: runs of text, some wide characters, random styles. */
static void
test_random_frame(struct vt_rcell *f, unsigned sx, unsigned sy, int density)
{
	static const char	*texts[] = { "a", "Z", "~", "\xc3\xa9", "\xe2\x94\x82" };
	unsigned		 x, y;
	uint16_t		 attr;
	int			 fg, bg;

	for (y = 0; y < sy; y++) {
		for (x = 0; x < sx; x++) {
			struct vt_rcell	*rc = &f[y * sx + x];

			if (rand() % 100 >= density) {
				test_cell(rc, " ", 1, 0, 8, 8);
				continue;
			}
			attr = test_attrs[rand() % (sizeof test_attrs /
			    sizeof test_attrs[0])];
			fg = test_colours[rand() % (sizeof test_colours /
			    sizeof test_colours[0])];
			bg = test_colours[rand() % (sizeof test_colours /
			    sizeof test_colours[0])];
			if (x + 1 < sx && rand() % 8 == 0) {
				test_cell(rc, "\xe4\xb8\xad", 2, attr, fg, bg);
				test_cell(&f[y * sx + x + 1], "", 0, attr, fg,
				    bg);
				x++;
				continue;
			}
			test_cell(rc, texts[rand() % 5], 1, attr, fg, bg);
		}
	}
}

/* Whether the model shows frame f. */
static int
test_model_matches(struct vt_screen *model, const struct vt_rcell *f,
    unsigned sx, unsigned sy, char *why, size_t whysize)
{
	struct vt_rcell	*got;
	unsigned	 i;
	int		 ok = 1;

	got = xcalloc((size_t)sx * sy, sizeof *got);
	vt_screen_read_rows(model, 0, sy, sx, got);
	for (i = 0; i < sx * sy && ok; i++) {
		if (f[i].width == 0) {
			ok = got[i].width == 0;
			continue;
		}
		ok = strcmp(got[i].data, f[i].data) == 0 &&
		    got[i].width == f[i].width &&
		    (got[i].attr & ~VT_ATTR_CHARSET) == f[i].attr &&
		    got[i].fg == f[i].fg && got[i].bg == f[i].bg;
		if (!ok)
			snprintf(why, whysize, "cell %u,%u: [%s] w%d a%x "
			    "fg%x bg%x, want [%s] w%d a%x fg%x bg%x", i % sx,
			    i / sx, got[i].data, got[i].width, got[i].attr,
			    got[i].fg, got[i].bg, f[i].data, f[i].width,
			    f[i].attr, f[i].fg, f[i].bg);
	}
	xfree(got);
	return (ok);
}

static void
test_render(const char *termname)
{
	struct tty_client	 tc;
	struct vt_screen	*model;
	struct vt_rcell		*f;
	struct buf		 out;
	unsigned		 sx = 40, sy = 12, round;
	char			 why[256] = "";
	int			 ok;
	size_t			 full = 0;

	memset(&tc, 0, sizeof tc);
	tc.term = tty_term_find(termname);
	tc.sx = sx;
	tc.sy = sy;
	tc.cx = tc.cy = -1;
	tc.cursor_on = -1;
	model = vt_screen_new(sx, sy, 0);
	f = xcalloc((size_t)sx * sy, sizeof *f);
	buf_init(&out);
	srand(7);
	for (round = 0; round < 40; round++) {
		if (round % 2 == 0)
			test_random_frame(f, sx, sy, round < 4 ? 90 : 30);
		else {
			/* A few cells change, as typing or a clock does. */
			unsigned	k, i;

			for (k = 0; k < 3; k++) {
				i = (unsigned)rand() % (sx * sy);
				if (f[i].width == 1 &&
				    (i + 1) % sx != 0 && f[i + 1].width != 0)
					test_cell(&f[i], "q", 1, VT_ATTR_BRIGHT,
					    2, 8);
			}
		}
		tty_draw_frame(&tc, f, 3, 4, round % 3 != 0, &out);
		if (round == 0)
			full = out.len;
		vt_screen_input(model, buf_data(&out), out.len, NULL);
		buf_clear(&out);
		ok = test_model_matches(model, f, sx, sy, why, sizeof why);
		test_ok(ok, "%s round %u: model shows the frame %s", termname,
		    round, ok ? "" : why);
	}
	/* Nothing changed: nothing written (the cursor is already there). */
	tty_draw_frame(&tc, f, 3, 4, 1, &out);
	buf_clear(&out);
	tty_draw_frame(&tc, f, 3, 4, 1, &out);
	test_ok(out.len == 0, "%s: unchanged frame costs %zu bytes", termname,
	    out.len);
	buf_clear(&out);
	test_cell(&f[5 * sx + 7], "x", 1, 0, 8, 8);
	tty_draw_frame(&tc, f, 3, 4, 1, &out);
	test_ok(out.len > 0 && out.len < 40, "%s: one cell costs %zu bytes "
	    "(full frame %zu)", termname, out.len, full);
	/*
	 * A key echoed where the cursor is: the character alone, no hiding
	 * and showing the cursor around it, and the model still matches.
	 */
	vt_screen_input(model, buf_data(&out), out.len, NULL);
	buf_clear(&out);
	test_cell(&f[5 * sx + 8], " ", 1, 0, 8, 8);	/* no half wide char */
	test_cell(&f[5 * sx + 9], " ", 1, 0, 8, 8);
	tty_draw_frame(&tc, f, 7, 5, 1, &out);
	vt_screen_input(model, buf_data(&out), out.len, NULL);
	buf_clear(&out);
	test_cell(&f[5 * sx + 7], "y", 1, 0, 8, 8);
	tty_draw_frame(&tc, f, 8, 5, 1, &out);
	test_ok(out.len == 1 && buf_data(&out)[0] == 'y',
	    "%s: an echoed key costs %zu bytes", termname, out.len);
	vt_screen_input(model, buf_data(&out), out.len, NULL);
	ok = test_model_matches(model, f, sx, sy, why, sizeof why);
	test_ok(ok, "%s: the echoed key is on the model %s", termname,
	    ok ? "" : why);
	buf_free(&out);
	xfree(f);
	vt_screen_free(model);
}

/* Random input never makes the splitter claim more than it was given. */
static void
test_keys_random(void)
{
	uint8_t		 data[64];
	char		 name[64];
	unsigned	 round, i, bad = 0, total = 0;
	size_t		 off, n, len;

	srand(11);
	for (round = 0; round < 20000; round++) {
		len = (size_t)(rand() % 48) + 1;
		for (i = 0; i < len; i++) {
			switch (rand() % 4) {
			case 0:
				data[i] = 0x1b;
				break;
			case 1:
				data[i] = "[<;M0123m~OA"[rand() % 12];
				break;
			default:
				data[i] = (uint8_t)rand();
				break;
			}
		}
		for (off = 0; off < len; off += n) {
			n = tty_keys_next(data + off, len - off, 1, name,
			    sizeof name);
			total++;
			if (n == 0 || n > len - off || strlen(name) >= sizeof name) {
				bad++;
				break;
			}
		}
	}
	test_ok(bad == 0, "random input: %u keys, %u bad splits", total, bad);
}

/*
 * format_draw on random strings of the pieces it reads (aligns, lists and
 * markers, ranges, fill, push/pop-default, runs of #, wide characters, an
 * unclosed #[) at random widths: every range it returns lies inside the
 * line, every cell drawn is whole, and (under AddressSanitizer) nothing
 * is read or written out of bounds.
 */
static void
test_format_draw_random(void)
{
	static const char	*pieces[] = {
		"#[align=left]", "#[align=centre]", "#[align=right]",
		"#[align=absolute-centre]", "#[list=on]", "#[list=focus]",
		"#[list=left-marker]", "#[list=right-marker]", "#[nolist]",
		"#[range=left]", "#[range=right]", "#[range=window|3]",
		"#[norange]", "#[fill=red]", "#[push-default]", "#[pop-default]",
		"#[fg=red,bold]", "#[default]", "#[bogus]", "#[ignore]", "#",
		"##", "###[", "abc", " ", "\xe4\xb8\xad", "\xcc\x81", "<", ">",
		"#[align=centre list=on]", "#[", "\x01"
	};
	struct tty_style	 base = { 0, 8, 8 };
	struct tty_range	*ranges;
	struct vt_rcell		*row;
	struct buf		 text;
	unsigned		 round, i, n, avail, nranges, bad = 0;

	srand(11);
	buf_init(&text);
	for (round = 0; round < 3000; round++) {
		buf_clear(&text);
		n = (unsigned)rand() % 24;
		for (i = 0; i < n; i++)
			buf_add_str(&text, pieces[(unsigned)rand() %
			    (sizeof pieces / sizeof pieces[0])]);
		buf_add_byte(&text, 0);
		avail = (unsigned)rand() % 40;
		row = xcalloc(avail + 1, sizeof *row);
		for (i = 0; i < avail + 1; i++)
			tty_draw_blank(&row[i], &base);
		ranges = NULL;
		nranges = 0;
		format_draw(row, avail, (const char *)buf_data(&text), &base,
		    &ranges, &nranges, 0);
		for (i = 0; i < nranges; i++) {
			if (ranges[i].x0 >= ranges[i].x1 ||
			    ranges[i].x1 > avail) {
				if (bad++ < 3)
					printf("# range %u-%u of %u: %s\n",
					    ranges[i].x0, ranges[i].x1, avail,
					    (const char *)buf_data(&text));
			}
		}
		if (row[avail].data[0] != ' ' || row[avail].width != 1) {
			if (bad++ < 3)	/* written past the line */
				printf("# past %u: %s\n", avail,
				    (const char *)buf_data(&text));
		}
		xfree(ranges);
		xfree(row);
	}
	buf_free(&text);
	test_ok(bad == 0, "format_draw: 3000 random lines, %u bad ranges or "
	    "cells", bad);
}

int
main(void)
{
	test_keys();
	test_keys_random();
	test_render("xterm-256color");
	test_render("zeropty-no-such-terminal");
	test_format_draw_random();
	return (test_done());
}
