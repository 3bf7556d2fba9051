/*
 * Tests for folding (fold-row.c, fold.c, fold-deep.c): every capture-pane
 * flag combination, vt_screen_state and vt_screen_tabs give the same answers
 * before freezing, frozen, deep-frozen and thawed, and a screen that was
 * frozen and thawed mid-stream goes on exactly like one that never was -
 * over the recorded Claude Code traces in bench/data and
 * random input. Memory figures are printed as TAP comments.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/buf.h"
#include "engine/base/testlib.h"
#include "engine/base/xmalloc.h"
#include "engine/term/vt.h"
#include "engine/term/vt_int.h"

#ifndef TRACES_DIR
#define TRACES_DIR "bench/data"
#endif

/* A cold store in memory for the tests, with a switch to make get fail. */
struct mem_store {
	size_t	 live, puts, gets;
	int	 fail_get;
};

static int64_t
mem_put(void *h, const void *data, size_t len)
{
	struct mem_store	*ms = h;
	void			*copy = xmemdup(data, len);

	ms->live += len;
	ms->puts++;
	return ((int64_t)(uintptr_t)copy);
}

static int
mem_get(void *h, int64_t id, void *data, size_t len)
{
	struct mem_store	*ms = h;

	ms->gets++;
	if (ms->fail_get)
		return (-1);
	memcpy(data, (void *)(uintptr_t)id, len);
	return (0);
}

static void
mem_free(void *h, int64_t id, size_t len)
{
	struct mem_store	*ms = h;

	ms->live -= len;
	xfree((void *)(uintptr_t)id);
}

static struct mem_store	 store_data;
static const struct vt_cold_store store = {
	&store_data, mem_put, mem_get, mem_free
};

/* Everything a reader can ask a screen, as one string (caller frees). */
static char *
snapshot(struct vt_screen *s)
{
	static const unsigned	 flagsets[] = {
		0, VT_CAPTURE_ESCAPES, VT_CAPTURE_JOIN, VT_CAPTURE_TRAILING,
		VT_CAPTURE_ESCAPES|VT_CAPTURE_JOIN,
		VT_CAPTURE_ESCAPES|VT_CAPTURE_TRAILING,
		VT_CAPTURE_JOIN|VT_CAPTURE_TRAILING,
		VT_CAPTURE_ESCAPES|VT_CAPTURE_JOIN|VT_CAPTURE_TRAILING,
		VT_CAPTURE_OCTAL|VT_CAPTURE_ESCAPES,
	};
	static const struct {
		long	start, end;
		int	start_set, end_set, start_all, end_all;
	}			 ranges[] = {
		{ 0, 0, 0, 0, 0, 0 },		/* visible */
		{ 0, 0, 1, 1, 1, 1 },		/* -S - -E - */
		{ -10, 5, 1, 1, 0, 0 },
		{ -100, 0, 1, 0, 0, 0 },
		{ 0, -1, 0, 1, 0, 0 },
		{ 3, 1, 1, 1, 0, 0 },		/* reversed */
		{ -99999, 99999, 1, 1, 0, 0 },
		{ -2000, -1900, 1, 1, 0, 0 },
	};
	struct vt_capture	 cap;
	struct vt_state		 st;
	struct buf		 out;
	const char		*cause;
	char			*tabs;
	unsigned		 f, r, alt;
	int			 rc;

	buf_init(&out);
	for (alt = 0; alt < 3; alt++) {
		for (f = 0; f < sizeof flagsets / sizeof flagsets[0]; f++) {
			for (r = 0; r < sizeof ranges / sizeof ranges[0]; r++) {
				memset(&cap, 0, sizeof cap);
				cap.start = ranges[r].start;
				cap.end = ranges[r].end;
				cap.start_set = ranges[r].start_set;
				cap.end_set = ranges[r].end_set;
				cap.start_all = ranges[r].start_all;
				cap.end_all = ranges[r].end_all;
				cap.flags = flagsets[f];
				if (alt == 1)
					cap.flags |= VT_CAPTURE_ALTERNATE;
				if (alt == 2)
					cap.flags |= VT_CAPTURE_ALTERNATE|
					    VT_CAPTURE_QUIET;
				buf_printf(&out, "== a%u f%u r%u\n", alt,
				    flagsets[f], r);
				rc = vt_screen_capture(s, &cap, &out, &cause);
				if (rc != 0)
					buf_printf(&out, "error %s\n", cause);
			}
		}
	}
	buf_add_str(&out, "== pending\n");
	vt_screen_capture_pending(s, VT_CAPTURE_OCTAL, &out);
	vt_screen_state(s, &st);
	buf_printf(&out, "\n== state %u,%u %ux%u mode %x alt %d %u,%u "
	    "region %u-%u hist %u/%u bytes %zu title [%s] path [%s]\n",
	    st.cx, st.cy, st.sx, st.sy, st.mode, st.alternate_on,
	    st.alternate_saved_x, st.alternate_saved_y, st.rupper, st.rlower,
	    st.history_size, st.history_limit, st.history_bytes, st.title,
	    st.path);
	tabs = vt_screen_tabs(s);
	buf_printf(&out, "== tabs %s\n", tabs);
	xfree(tabs);
	return (buf_take(&out, NULL));
}

static int
same(struct vt_screen *s, const char *want, const char *what,
    const char *when)
{
	char	*got = snapshot(s);
	int	 eq = strcmp(got, want) == 0;
	size_t	 i;

	if (!eq) {
		for (i = 0; got[i] == want[i]; i++)
			;
		printf("# %s %s: differs at byte %zu: got [%.60s] want "
		    "[%.60s]\n", what, when, i, got + (i > 20 ? i - 20 : 0),
		    want + (i > 20 ? i - 20 : 0));
	}
	xfree(got);
	return (eq);
}

/*
 * The full cycle on s: snapshot, freeze, deep freeze, thaw, each read
 * again; returns whether all were identical.
 */
static int
cycle(struct vt_screen *s, const char *what)
{
	char	*want;
	int	 ok = 1;

	vt_screen_thaw(s);
	want = snapshot(s);
	vt_screen_freeze(s);
	ok &= vt_screen_is_frozen(s) == VT_FROZEN;
	ok &= same(s, want, what, "frozen");
	ok &= vt_screen_deep_freeze(s, &store) == 0;
	ok &= vt_screen_is_frozen(s) == VT_FROZEN_DEEP;
	ok &= same(s, want, what, "deep-frozen");
	vt_screen_thaw(s);
	ok &= vt_screen_is_frozen(s) == VT_FROZEN_NO;
	ok &= same(s, want, what, "thawed");
	xfree(want);
	return (ok);
}

static uint8_t *
read_file(const char *name, size_t *len)
{
	char	 path[1024];
	FILE	*f;
	uint8_t	*data;
	long	 n;

	snprintf(path, sizeof path, "%s/%s", getenv("TRACES_DIR") != NULL ?
	    getenv("TRACES_DIR") : TRACES_DIR, name);
	if ((f = fopen(path, "rb")) == NULL)
		return (NULL);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	data = xmalloc(n + 1);
	if (fread(data, 1, n, f) != (size_t)n) {
		fclose(f);
		xfree(data);
		return (NULL);
	}
	fclose(f);
	data[n] = '\0';
	*len = n;
	return (data);
}

static void
put_utf8(struct buf *b, uint32_t cp)
{
	char	tmp[4];

	if (cp < 0x80)
		buf_add_byte(b, cp);
	else if (cp < 0x800) {
		tmp[0] = 0xc0 | (cp >> 6);
		tmp[1] = 0x80 | (cp & 0x3f);
		buf_add(b, tmp, 2);
	} else if (cp < 0x10000) {
		tmp[0] = 0xe0 | (cp >> 12);
		tmp[1] = 0x80 | ((cp >> 6) & 0x3f);
		tmp[2] = 0x80 | (cp & 0x3f);
		buf_add(b, tmp, 3);
	} else {
		tmp[0] = 0xf0 | (cp >> 18);
		tmp[1] = 0x80 | ((cp >> 12) & 0x3f);
		tmp[2] = 0x80 | ((cp >> 6) & 0x3f);
		tmp[3] = 0x80 | (cp & 0x3f);
		buf_add(b, tmp, 4);
	}
}

/*
 * The output events of an asciinema v2 cast: each event's bytes appended
 * to out, its end offset to ends (*n events).
 */
static int
read_cast(const char *name, struct buf *out, size_t **ends, size_t *n)
{
	uint8_t		*data, *p, *end;
	size_t		 len;
	uint32_t	 cp, lo;

	if ((data = read_file(name, &len)) == NULL)
		return (-1);
	*ends = NULL;
	*n = 0;
	end = data + len;
	p = memchr(data, '\n', len);	/* the header */
	while (p != NULL && p < end) {
		p = (uint8_t *)strstr((char *)p, ", \"o\", \"");
		if (p == NULL)
			break;
		p += 8;
		while (p < end && *p != '"') {
			if (*p != '\\') {
				buf_add_byte(out, *p++);
				continue;
			}
			p++;
			switch (*p++) {
			case 'n': buf_add_byte(out, '\n'); break;
			case 'r': buf_add_byte(out, '\r'); break;
			case 't': buf_add_byte(out, '\t'); break;
			case 'b': buf_add_byte(out, '\b'); break;
			case 'f': buf_add_byte(out, '\f'); break;
			case 'u':
				cp = strtoul((char []){ p[0], p[1], p[2], p[3],
				    0 }, NULL, 16);
				p += 4;
				if (cp >= 0xd800 && cp < 0xdc00 && p[0] == '\\'
				    && p[1] == 'u') {
					lo = strtoul((char []){ p[2], p[3],
					    p[4], p[5], 0 }, NULL, 16);
					p += 6;
					cp = 0x10000 + ((cp - 0xd800) << 10) +
					    (lo - 0xdc00);
				}
				put_utf8(out, cp);
				break;
			default:
				buf_add_byte(out, p[-1]);
				break;
			}
		}
		*ends = xreallocarray(*ends, *n + 1, sizeof **ends);
		(*ends)[(*n)++] = out->len;
	}
	xfree(data);
	return (0);
}

/* Memory of s with every row expanded, as before row compression. */
static size_t
memory_expanded(struct vt_screen *s)
{
	struct vt_grid	*gd;
	unsigned	 y, i;
	size_t		 m;

	for (i = 0; i < 2; i++) {
		gd = i == 0 ? s->grid : s->saved_grid;
		if (gd == NULL)
			continue;
		for (y = 0; y < gd->hsize + gd->sy; y++)
			grid_row(gd, y);
	}
	m = vt_screen_memory(s);
	fold_row_grid_pack(s->grid, UINT_MAX);	/* as after a read */
	fold_row_grid_pack(s->saved_grid, UINT_MAX);
	return (m);
}

static void
report_memory(const char *what, struct vt_screen *s)
{
	size_t	expanded, packed, frozen, deep, live;

	expanded = memory_expanded(s);
	packed = vt_screen_memory(s);
	vt_screen_freeze(s);
	frozen = vt_screen_memory(s);
	live = store_data.live;
	vt_screen_deep_freeze(s, &store);
	deep = vt_screen_memory(s);
	printf("# memory %-22s expanded %8zu  packed %8zu  frozen %7zu  "
	    "deep %5zu + %5zu cold\n", what, expanded, packed, frozen, deep,
	    store_data.live - live);
	test_ok(packed < expanded && frozen < packed && deep < frozen,
	    "%s: memory shrinks at each fold", what);
	vt_screen_thaw(s);
}

/* The same bytes into the screen under test and its never-frozen twin. */
static void
input_both(struct vt_screen *s, struct vt_screen *twin, const uint8_t *data,
    size_t len)
{
	vt_screen_input(s, data, len, NULL);
	vt_screen_input(twin, data, len, NULL);
}

/*
 * Sealed chunks: some packed against the one before, none in a chain
 * longer than VT_HIST_CHAIN, the first never.
 */
static int
hist_chains_ok(const struct vt_hist *h)
{
	unsigned	i, chain = 0, prefixed = 0;

	if (h == NULL || h->nchunks < VT_HIST_CHAIN + 2 ||
	    h->chunks[0].prefixed)
		return (0);
	for (i = 0; i < h->nchunks; i++) {
		chain = h->chunks[i].prefixed ? chain + 1 : 1;
		prefixed += h->chunks[i].prefixed;
		if (chain > VT_HIST_CHAIN)
			return (0);
	}
	return (prefixed >= h->nchunks / 2);
}

static void
test_traces(void)
{
	struct vt_screen	*s, *twin;
	struct buf		 cast;
	uint8_t			*idle, *hist;
	size_t			 idle_len, hist_len, *ends, n, i, from;
	char			*want;
	int			 ok;

	idle = read_file("idle_screen.bin", &idle_len);
	hist = read_file("history_fill.bin", &hist_len);
	buf_init(&cast);
	if (idle == NULL || hist == NULL ||
	    read_cast("claude_session.cast", &cast, &ends, &n) != 0) {
		printf("ok %d # SKIP traces not found under %s\n",
		    ++test_passed + test_failed, TRACES_DIR);
		xfree(idle);
		xfree(hist);
		buf_free(&cast);
		return;
	}

	s = vt_screen_new(220, 80, 2000);
	vt_screen_input(s, idle, idle_len, NULL);
	test_ok(cycle(s, "idle_screen"), "idle_screen: same answers "
	    "frozen, deep-frozen, thawed");
	report_memory("idle_screen", s);
	vt_screen_free(s);

	s = vt_screen_new(220, 80, 2000);
	vt_screen_input(s, hist, hist_len, NULL);
	test_ok(cycle(s, "history_fill"), "history_fill: same answers "
	    "frozen, deep-frozen, thawed");
	report_memory("history_fill", s);
	vt_screen_input(s, idle, idle_len, NULL);
	test_ok(cycle(s, "history_fill+idle"), "history_fill+idle: same "
	    "answers");
	report_memory("history_fill+idle", s);
	vt_screen_free(s);

	/* The cast, read by read; freeze s every 37 reads, twin never. */
	s = vt_screen_new(220, 80, 2000);
	twin = vt_screen_new(220, 80, 2000);
	ok = 1;
	for (i = 0, from = 0; i < n; from = ends[i++]) {
		input_both(s, twin, buf_data(&cast) + from, ends[i] - from);
		if (i % 37 == 0) {
			if (i % 74 == 0)
				vt_screen_deep_freeze(s, &store);
			else
				vt_screen_freeze(s);
		}
		if (i % 97 == 0 || i == n - 1) {
			want = snapshot(twin);
			ok &= same(s, want, "claude_session", "mid-stream");
			xfree(want);
		}
	}
	test_ok(ok, "claude_session: frozen every 37 reads, same answers as "
	    "never frozen (%zu reads)", n);
	test_ok(cycle(s, "claude_session"), "claude_session end: same "
	    "answers frozen, deep-frozen, thawed");
	report_memory("claude_session", s);
	vt_screen_free(s);
	vt_screen_free(twin);

	/*
	 * The cast after a full history, frozen every 23 reads (deep every
	 * 46), resized once, twin never frozen: history lines are sealed at
	 * each freeze (and go cold with a deep one), stay
	 * sealed while output thaws the screen, fall off the front as the
	 * limit wants (part of a chunk at a time) and are read back.
	 */
	s = vt_screen_new(220, 80, 2000);
	twin = vt_screen_new(220, 80, 2000);
	input_both(s, twin, hist, hist_len);
	ok = 1;
	for (i = 0, from = 0; i < n; from = ends[i++]) {
		input_both(s, twin, buf_data(&cast) + from, ends[i] - from);
		if (i % 46 == 0)
			vt_screen_deep_freeze(s, &store);
		else if (i % 23 == 0)
			vt_screen_freeze(s);
		if (i == n / 2) {
			vt_screen_resize(s, 200, 70);
			vt_screen_resize(twin, 200, 70);
		}
		/* At 69, 138... s is frozen; at 89, 178... thawed. */
		if (i % 89 == 0 || i % 69 == 0 || i == n - 1) {
			want = snapshot(twin);
			ok &= same(s, want, "history+claude", "mid-stream");
			xfree(want);
		}
	}
	test_ok(ok, "history_fill+claude_session: frozen every 23 reads, "
	    "deep every 46, sealed history, same answers as never frozen");
	vt_screen_freeze(s);
	test_ok(s->fold->hist[0] != NULL &&
	    s->fold->hist[0]->rows + 1 == s->fold->state.history_size,
	    "history lines but the newest sealed at freeze (%u of %u)",
	    s->fold->hist[0] != NULL ? s->fold->hist[0]->rows : 0,
	    s->fold->state.history_size);
	vt_screen_free(s);
	vt_screen_free(twin);

	/*
	 * A long history (5,000 lines: chains of chunks packed one against
	 * the next reach their limit), frozen now and then, deep-frozen, the
	 * limit lowered (whole chunks and part of one go, the chunk after
	 * packed again); twin never frozen.
	 */
	s = vt_screen_new(120, 40, 5000);
	twin = vt_screen_new(120, 40, 5000);
	ok = 1;
	for (i = 0; i < 3; i++) {
		input_both(s, twin, hist, hist_len);
		if (i == 1)
			vt_screen_deep_freeze(s, &store);
		else
			vt_screen_freeze(s);
	}
	for (i = 0, from = 0; i < n; from = ends[i++]) {
		input_both(s, twin, buf_data(&cast) + from, ends[i] - from);
		if (i % 31 == 0)
			vt_screen_freeze(s);
	}
	vt_screen_freeze(s);
	test_ok(hist_chains_ok(s->fold->hist[0]), "long history: %u chunks, "
	    "packed against the one before in chains of at most %u",
	    s->fold->hist[0] != NULL ? s->fold->hist[0]->nchunks : 0,
	    VT_HIST_CHAIN);
	want = snapshot(twin);
	ok &= same(s, want, "long history", "frozen");
	xfree(want);
	vt_screen_set_history_limit(s, 1500);
	vt_screen_set_history_limit(twin, 1500);
	input_both(s, twin, hist, hist_len / 3);
	vt_screen_freeze(s);
	want = snapshot(twin);
	ok &= same(s, want, "long history", "limit lowered");
	xfree(want);
	ok &= cycle(s, "long history");
	test_ok(ok, "long history, limit lowered: same answers as never "
	    "frozen");
	vt_screen_free(s);
	vt_screen_free(twin);

	/* Whole cast after a full history. */
	s = vt_screen_new(220, 80, 2000);
	vt_screen_input(s, hist, hist_len, NULL);
	vt_screen_input(s, buf_data(&cast), cast.len, NULL);
	test_ok(cycle(s, "history+claude"), "history_fill+claude_session: "
	    "same answers");
	report_memory("history_fill+claude", s);
	vt_screen_free(s);

	xfree(ends);
	buf_free(&cast);
	xfree(idle);
	xfree(hist);
}

/* xorshift64*: the random stream, seeded per test for repeatability. */
static uint64_t	rng_state;

static uint32_t
rng(uint32_t n)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return ((uint32_t)((rng_state * 2685821657736338717ULL) >> 32) % n);
}

/* A random piece of terminal output appended to b. */
static void
random_piece(struct buf *b)
{
	static const char *const seqs[] = {
		"\r\n", "\n", "\r", "\t", "\b", "\033[H", "\033[2J", "\033[K",
		"\033[1K", "\033[2K", "\033[J", "\033[1J", "\033[L", "\033[M",
		"\033[P", "\033[@", "\033[X", "\033[3g", "\033H", "\033[g",
		"\033[?1049h", "\033[?1049l", "\033[?47h", "\033[?47l",
		"\033[?1h", "\033[?1l", "\033[?25l", "\033[?25h", "\033[4h",
		"\033[4l", "\033[?7l", "\033[?7h", "\033[?2004h", "\0337",
		"\0338", "\033[s", "\033[u", "\033M", "\033D", "\033E",
		"\033(0", "\033(B", "\016", "\017", "\033[r", "\033[0m",
		"\033[1;31m", "\033[38;5;208m", "\033[48;5;17m",
		"\033[38;2;10;20;30m", "\033[48;2;1;2;3m", "\033[4:3m",
		"\033[58;5;3m", "\033[7m", "\033[2;3;9m", "\033[53m",
		"\033]0;title\007", "\033]2;other\033\\",
		"\033]7;file:///tmp\007",
		"\033[22t", "\033[23t", "\033[3b", "\033[Z", "\033[2I",
		"\033#8", "\033c", "\033P1$qm\033\\", "e\xcc\x81",
		"\xe2\x94\x80",
		"\xe4\xb8\xad", "\xf0\x9f\x98\x80", "\xe2\x80\x8d",
		"\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x92\xbb", "\xc3\xa9",
		"\xff", "\033[", "\033]0;unfinished", "\033P", "\033[?",
	};
	char	 tmp[64];
	unsigned i, n;

	switch (rng(8)) {
	case 0:
	case 1:
	case 2:
		n = 1 + rng(40);
		for (i = 0; i < n; i++)
			buf_add_byte(b, rng(4) == 0 ? ' ' : 'a' + rng(26));
		break;
	case 3:
		snprintf(tmp, sizeof tmp, "\033[%u;%uH", 1 + rng(30),
		    1 + rng(90));
		buf_add_str(b, tmp);
		break;
	case 4:
		snprintf(tmp, sizeof tmp, "\033[%u;%ur", 1 + rng(20),
		    1 + rng(24));
		buf_add_str(b, tmp);
		break;
	case 5:
		snprintf(tmp, sizeof tmp, "\033[%u%c", rng(12),
		    "ABCDEFGSTdb@PXLM"[rng(16)]);
		buf_add_str(b, tmp);
		break;
	default:
		buf_add_str(b, seqs[rng(sizeof seqs / sizeof seqs[0])]);
		break;
	}
}

static void
test_random(void)
{
	struct vt_screen	*s, *twin;
	struct buf		 in;
	char			*want;
	unsigned		 seed, step, sx, sy, what, hlimit;
	int			 ok, all = 1;
	size_t			 off, len;

	for (seed = 1; seed <= 40; seed++) {
		rng_state = 0x9e3779b97f4a7c15ULL * seed;
		sx = 10 + rng(80);
		sy = 3 + rng(24);
		hlimit = rng(3) == 0 ? 0 : 50 + rng(100);
		s = vt_screen_new(sx, sy, hlimit);
		twin = vt_screen_new(sx, sy, hlimit);
		ok = 1;
		for (step = 0; step < 60; step++) {
			buf_init(&in);
			len = 1 + rng(30);
			while (in.len < len * 4)
				random_piece(&in);
			/* Split the bytes anywhere, mid-sequence included. */
			for (off = 0; off < in.len; off += len) {
				len = 1 + rng(in.len - off);
				vt_screen_input(s, buf_data(&in) + off, len,
				    NULL);
				vt_screen_input(twin, buf_data(&in) + off,
				    len, NULL);
				what = rng(6);
				if (what == 0)
					vt_screen_freeze(s);
				else if (what == 1)
					vt_screen_deep_freeze(s, &store);
			}
			buf_free(&in);
			if (rng(10) == 0) {
				sx = 5 + rng(90);
				sy = 2 + rng(30);
				vt_screen_resize(s, sx, sy);
				vt_screen_resize(twin, sx, sy);
			}
			if (rng(20) == 0) {
				vt_screen_freeze(s);
				vt_screen_set_history_limit(s, 40);
				vt_screen_set_history_limit(twin, 40);
			}
			if (step % 5 == 4 || step == 59) {
				want = snapshot(twin);
				ok &= same(s, want, "random", "mid-stream");
				xfree(want);
			}
		}
		if (!ok)
			printf("# random seed %u differs\n", seed);
		all &= ok;
		all &= cycle(s, "random end");
		vt_screen_free(s);
		vt_screen_free(twin);
	}
	test_ok(all, "random input, split anywhere, frozen and deep-frozen "
	    "at random: same answers as never frozen (40 seeds)");
}

/* The codec alone: round trips of rows of every kind of cell. */
static void
test_codec(void)
{
	struct vt_cell	 cells[300], back[300];
	uint8_t		 enc[FOLD_ROW_BOUND(300)];
	unsigned	 i, n, round;
	size_t		 len;
	int		 ok = 1;

	rng_state = 12345;
	for (round = 0; round < 2000; round++) {
		n = 1 + rng(300);
		for (i = 0; i < n; i++) {
			switch (rng(6)) {
			case 0:
				cells[i].cp = rng(0x7f);
				break;
			case 1:
				cells[i].cp = rng(0xffffffffu);
				break;
			case 2:
				cells[i].cp = 0x2500 | VT_CELL_EXTD;
				break;
			default:
				cells[i].cp = ' ' + rng(95);
				break;
			}
			cells[i].style = rng(4) == 0 ? rng(65535) : rng(3);
			if (i > 0 && rng(3) == 0)
				cells[i] = cells[i - 1];
		}
		len = fold_row_encode(cells, n, enc);
		ok &= len <= FOLD_ROW_BOUND(n);
		ok &= fold_row_decode(enc, len, back, n) == 0;
		ok &= memcmp(cells, back, n * sizeof *cells) == 0;
	}
	test_ok(ok, "row codec round trips (2000 random rows)");
	for (i = 0; i < 200; i++) {
		cells[i].cp = 'x';
		cells[i].style = 0;
	}
	len = fold_row_encode(cells, 200, enc);
	test_ok(len <= 4, "a run of 200 identical cells is %zu bytes", len);
	for (i = 0; i < 200; i++)
		cells[i].cp = 'a' + i % 26;
	len = fold_row_encode(cells, 200, enc);
	test_ok(len == 200, "200 ASCII cells are 1 byte each (%zu)", len);
}

static void
test_policy(void)
{
	struct vt_fold	f;
	uint64_t	next;
	int		a;

	vt_fold_init(&f);
	vt_fold_output(&f, 1000, 0);
	a = vt_fold_action(&f, 1100, VT_FROZEN_NO, &next);
	test_ok(a == VT_FOLD_NOTHING && next == 1250, "quiet 100 ms: wait "
	    "until 250 ms");
	a = vt_fold_action(&f, 1250, VT_FROZEN_NO, &next);
	test_ok(a == VT_FOLD_FREEZE && next == 11000, "quiet 250 ms: freeze, "
	    "ask again at 10 s");
	vt_fold_output(&f, 1600, 1);
	test_ok(f.delay == 500, "thawed 350 ms after freezing: wait 500 ms");
	a = vt_fold_action(&f, 2100, VT_FROZEN_NO, &next);
	vt_fold_output(&f, 2300, 1);
	a = vt_fold_action(&f, 3300, VT_FROZEN_NO, &next);
	vt_fold_output(&f, 3400, 1);
	test_ok(f.delay == 800, "churning: delay capped at 800 ms");
	a = vt_fold_action(&f, 3400 + 800, VT_FROZEN_NO, &next);
	test_ok(a == VT_FOLD_FREEZE, "freeze after 800 ms");
	a = vt_fold_action(&f, 13400, VT_FROZEN, &next);
	test_ok(a == VT_FOLD_DEEP_FREEZE && next == 0, "deep freeze after "
	    "10 s quiet");
	vt_fold_output(&f, 30000, 2);
	test_ok(f.delay == 250, "stayed frozen long: back to 250 ms");
}

static void
test_store_failure(void)
{
	struct vt_screen	*s = vt_screen_new(40, 5, 100);
	struct vt_state		 st;
	char			*c;

	vt_screen_input(s, (const uint8_t *)"hello\r\nworld", 12, NULL);
	test_ok(vt_screen_deep_freeze(s, &store) == 0, "deep freeze");
	store_data.fail_get = 1;
	vt_screen_input(s, (const uint8_t *)"!", 1, NULL);
	store_data.fail_get = 0;
	vt_screen_state(s, &st);
	c = snapshot(s);
	test_ok(st.sx == 40 && st.sy == 5 && strstr(c, "hello") == NULL,
	    "store failing on get: the screen thaws empty, same size");
	xfree(c);
	vt_screen_freeze(s);
	vt_screen_input(s, (const uint8_t *)"", 0, NULL);
	test_ok(vt_screen_is_frozen(s) == VT_FROZEN, "input of 0 bytes "
	    "leaves a frozen screen frozen");
	vt_screen_thaw(s);
	test_ok(vt_screen_is_frozen(s) == VT_FROZEN_NO, "vt_screen_thaw");
	vt_screen_free(s);
}

int
main(void)
{
	test_codec();
	test_policy();
	test_store_failure();
	test_random();
	test_traces();
	test_ok(store_data.live == 0, "cold store empty after all screens "
	    "freed (%zu bytes left)", store_data.live);
	return (test_done());
}
