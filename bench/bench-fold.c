/*
 * bench-fold: micro-benchmarks of folding quiet screens (docs/design.md §3) on
 * the Claude traces at 220x80 with 2000 lines of history: parser MB/s (row
 * packing after every read included), the row codec's MB/s, freeze/thaw
 * time per screen, and bytes per screen expanded, packed, frozen and
 * deep-frozen. Built by `make bench`, never part of `make check`.
 *
 * Usage: bench-fold [-p] [traces-dir]   (default $TRACES_DIR, else
 * bench/data in the source tree: recorded Claude Code sessions; -p: the
 * parser rows only; $BENCH_FOLD_TRACE: only that trace's parser row).
 * The "bulk" trace is generated: benchtool bulk's coloured build log.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/base/buf.h"
#include "engine/base/xmalloc.h"
#include "engine/sys/cold-store.h"
#include "engine/term/vt.h"
#include "engine/term/vt_int.h"

#ifndef TRACES_DIR
#define TRACES_DIR "bench/data"
#endif

#define SX	220
#define SY	80
#define HLIMIT	2000
#define READ	4096	/* bytes per read when replaying a file */

struct trace {
	const char	*name;
	struct buf	 data;
	size_t		*ends;		/* read boundaries */
	size_t		 nends;
	int		 burst;		/* fed as a backlog: packed at the end */
};

static double
now_wall(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (ts.tv_sec + ts.tv_nsec / 1e9);
}

static double
now_cpu(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (ts.tv_sec + ts.tv_nsec / 1e9);
}

static int
load_file(struct buf *b, const char *dir, const char *name)
{
	char	 path[1024], tmp[65536];
	FILE	*f;
	size_t	 n;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	if ((f = fopen(path, "rb")) == NULL)
		return (-1);
	while ((n = fread(tmp, 1, sizeof tmp, f)) > 0)
		buf_add(b, tmp, n);
	fclose(f);
	return (0);
}

static void
put_utf8(struct buf *b, uint32_t cp)
{
	uint8_t	t[4];

	if (cp < 0x80) {
		buf_add_byte(b, cp);
	} else if (cp < 0x800) {
		t[0] = 0xc0 | (cp >> 6);
		t[1] = 0x80 | (cp & 0x3f);
		buf_add(b, t, 2);
	} else if (cp < 0x10000) {
		t[0] = 0xe0 | (cp >> 12);
		t[1] = 0x80 | ((cp >> 6) & 0x3f);
		t[2] = 0x80 | (cp & 0x3f);
		buf_add(b, t, 3);
	} else {
		t[0] = 0xf0 | (cp >> 18);
		t[1] = 0x80 | ((cp >> 12) & 0x3f);
		t[2] = 0x80 | ((cp >> 6) & 0x3f);
		t[3] = 0x80 | (cp & 0x3f);
		buf_add(b, t, 4);
	}
}

static uint32_t
hex4(const uint8_t *p)
{
	char	tmp[5];

	memcpy(tmp, p, 4);
	tmp[4] = '\0';
	return (strtoul(tmp, NULL, 16));
}

/* The output events of an asciinema v2 cast, one read each. */
static int
load_cast(struct trace *t, const char *dir, const char *name)
{
	struct buf	 raw;
	const uint8_t	*p, *end;
	uint32_t	 cp, lo;

	buf_init(&raw);
	if (load_file(&raw, dir, name) != 0)
		return (-1);
	p = buf_data(&raw);
	end = p + raw.len;
	p = memchr(p, '\n', end - p);
	while (p != NULL && p < end) {
		p = (const uint8_t *)strstr((const char *)p, ", \"o\", \"");
		if (p == NULL)
			break;
		p += 8;
		while (p < end && *p != '"') {
			if (*p != '\\') {
				buf_add_byte(&t->data, *p++);
				continue;
			}
			p++;
			switch (*p++) {
			case 'n': buf_add_byte(&t->data, '\n'); break;
			case 'r': buf_add_byte(&t->data, '\r'); break;
			case 't': buf_add_byte(&t->data, '\t'); break;
			case 'b': buf_add_byte(&t->data, '\b'); break;
			case 'f': buf_add_byte(&t->data, '\f'); break;
			case 'u':
				cp = hex4(p);
				p += 4;
				if (cp >= 0xd800 && cp < 0xdc00 &&
				    p[0] == '\\' && p[1] == 'u') {
					lo = hex4(p + 2);
					p += 6;
					cp = 0x10000 + ((cp - 0xd800) << 10) +
					    (lo - 0xdc00);
				}
				put_utf8(&t->data, cp);
				break;
			default:
				buf_add_byte(&t->data, p[-1]);
				break;
			}
		}
		t->ends = xreallocarray(t->ends, t->nends + 1,
		    sizeof *t->ends);
		t->ends[t->nends++] = t->data.len;
	}
	buf_free(&raw);
	return (0);
}

/* Reads of size bytes. */
static void
split_reads(struct trace *t, size_t size)
{
	size_t	off;

	for (off = 0; off < t->data.len; off += size) {
		t->ends = xreallocarray(t->ends, t->nends + 1,
		    sizeof *t->ends);
		t->ends[t->nends++] = off + size < t->data.len ?
		    off + size : t->data.len;
	}
}

/*
 * The coloured build log of benchtool bulk (the same bytes: 60,000 lines,
 * four SGR runs each, 5.4 MB), parsed as the server parses a flood's
 * backlog: BULK_READ bytes a call, rows packed once at the end.
 */
#define BULK_LINES	60000
#define BULK_READ	16384
static void
make_bulk(struct trace *t)
{
	static const char	*words[] = {
		"compiling", "module", "linking", "object", "warning",
		"section", "symbol", "archive",
	};
	char			 line[256];
	long			 i;
	int			 w, n;

	for (i = 0; i < BULK_LINES - 1; i++) {
		w = (int)(i % 8);
		n = snprintf(line, sizeof line,
		    "\033[3%dm%07ld\033[0m \033[1m%-9s\033[0m %s/%s_%ld.c: "
		    "\033[38;5;%ldm%s %s\033[0m ok %ld\r\n", 1 + w % 6, i,
		    words[w], words[(w + 3) % 8], words[(w + 5) % 8], i % 977,
		    16 + i % 200, words[(w + 1) % 8], words[(w + 2) % 8],
		    i * 31 % 100000);
		buf_add(&t->data, line, (size_t)n);
	}
	buf_add(&t->data, "BULK-END\r\n", 10);
	split_reads(t, BULK_READ);
	t->burst = 1;
}

static struct vt_screen *
replay(struct trace *t)
{
	struct vt_screen	*s = vt_screen_new(SX, SY, HLIMIT);
	size_t			 i, from;

	for (i = 0, from = 0; i < t->nends; from = t->ends[i++]) {
		if (t->burst)
			vt_screen_feed(s, buf_data(&t->data) + from,
			    t->ends[i] - from, NULL);
		else
			vt_screen_input(s, buf_data(&t->data) + from,
			    t->ends[i] - from, NULL);
	}
	if (t->burst)
		vt_screen_pack(s);
	return (s);
}

static void
row(const char *what, double cpu, double wall, unsigned long iters,
    const char *thr)
{
	char	c[32], w[32];

	if (cpu / iters >= 1e-3) {
		snprintf(c, sizeof c, "%.2f ms", cpu / iters * 1e3);
		snprintf(w, sizeof w, "%.2f ms", wall / iters * 1e3);
	} else if (cpu / iters >= 1e-6) {
		snprintf(c, sizeof c, "%.1f us", cpu / iters * 1e6);
		snprintf(w, sizeof w, "%.1f us", wall / iters * 1e6);
	} else {
		snprintf(c, sizeof c, "%.1f ns", cpu / iters * 1e9);
		snprintf(w, sizeof w, "%.1f ns", wall / iters * 1e9);
	}
	printf("| %-34s | %10s | %10s | %10lu | %-14s |\n", what, c, w,
	    iters, thr);
}

static void
header(const char *title)
{
	printf("\n%s\n", title);
	printf("| %-34s | %10s | %10s | %10s | %-14s |\n", "Benchmark",
	    "CPU Time", "Real Time", "Iterations", "Throughput");
	printf("|%s|%s|%s|%s|%s|\n", "------------------------------------",
	    "------------", "------------", "------------",
	    "----------------");
}

/* Run fn until at least 0.3 s of CPU went by. */
#define TIMED(iters, cpu, wall, body) do {				\
	double c0_ = now_cpu(), w0_ = now_wall();			\
	(iters) = 0;							\
	do {								\
		body;							\
		(iters)++;						\
	} while (now_cpu() - c0_ < 0.3);				\
	(cpu) = now_cpu() - c0_;					\
	(wall) = now_wall() - w0_;					\
} while (0)

static void
bench_parser(struct trace *ts, unsigned n)
{
	struct vt_screen	*s;
	unsigned long		 iters;
	double			 cpu, wall;
	char			 thr[32], what[64];
	const char		*only = getenv("BENCH_FOLD_TRACE");
	unsigned		 i;

	header("Parser (fresh 220x80 screen, 2000 history, rows packed "
	    "after every read)");
	for (i = 0; i < n; i++) {
		if (only != NULL && strcmp(only, ts[i].name) != 0)
			continue;
		TIMED(iters, cpu, wall, {
			s = replay(&ts[i]);
			vt_screen_free(s);
		});
		snprintf(thr, sizeof thr, "%.1f MB/s",
		    ts[i].data.len * (double)iters / cpu / 1e6);
		snprintf(what, sizeof what, "Parse/%s/%zu_reads", ts[i].name,
		    ts[i].nends);
		row(what, cpu, wall, iters, thr);
	}
}

static void
bench_codec(struct trace *ts, unsigned n)
{
	struct vt_screen	*s;
	struct vt_grid		*gd;
	struct vt_cell		**cells, *tmp;
	uint8_t			**enc, *out;
	unsigned		*lens, nrows, r, y, i;
	size_t			*elen, bytes, ebytes;
	unsigned long		 iters;
	double			 cpu, wall;
	char			 thr[32], what[64];

	header("Row codec (all rows of each final screen, history "
	    "included; MB of 6-byte cells)");
	for (i = 0; i < n; i++) {
		s = replay(&ts[i]);
		gd = s->grid;
		nrows = gd->hsize + gd->sy;
		cells = xcalloc(nrows, sizeof *cells);
		enc = xcalloc(nrows, sizeof *enc);
		lens = xcalloc(nrows, sizeof *lens);
		elen = xcalloc(nrows, sizeof *elen);
		bytes = ebytes = 0;
		for (r = 0, y = 0; y < nrows; y++) {
			struct vt_row *row = grid_row(gd, y);
			if (row->len == 0)
				continue;
			cells[r] = xmemdup(row->cells,
			    row->len * sizeof *row->cells);
			lens[r] = row->len;
			enc[r] = xmalloc(FOLD_ROW_BOUND(row->len));
			elen[r] = fold_row_encode(cells[r], lens[r], enc[r]);
			bytes += lens[r] * sizeof (struct vt_cell);
			ebytes += elen[r];
			r++;
		}
		nrows = r;
		out = xmalloc(FOLD_ROW_BOUND(65535));
		tmp = xreallocarray(NULL, 65535, sizeof *tmp);
		TIMED(iters, cpu, wall, {
			for (r = 0; r < nrows; r++)
				fold_row_encode(cells[r], lens[r], out);
		});
		snprintf(thr, sizeof thr, "%.0f MB/s",
		    bytes * (double)iters / cpu / 1e6);
		snprintf(what, sizeof what, "Encode/%s/%u_rows", ts[i].name,
		    nrows);
		row(what, cpu, wall, iters, thr);
		TIMED(iters, cpu, wall, {
			for (r = 0; r < nrows; r++)
				fold_row_decode(enc[r], elen[r], tmp, lens[r]);
		});
		snprintf(thr, sizeof thr, "%.0f MB/s",
		    bytes * (double)iters / cpu / 1e6);
		snprintf(what, sizeof what, "Decode/%s/%.1fx", ts[i].name,
		    ebytes ? (double)bytes / ebytes : 0.0);
		row(what, cpu, wall, iters, thr);
		for (r = 0; r < nrows; r++) {
			xfree(cells[r]);
			xfree(enc[r]);
		}
		xfree(cells);
		xfree(enc);
		xfree(lens);
		xfree(elen);
		xfree(out);
		xfree(tmp);
		vt_screen_free(s);
	}
}

static char *
capture_visible(struct vt_screen *s, unsigned flags, int all)
{
	struct vt_capture	 cap;
	struct buf		 out;
	const char		*cause;

	memset(&cap, 0, sizeof cap);
	cap.flags = flags;
	cap.start_all = cap.start_set = all;
	buf_init(&out);
	vt_screen_capture(s, &cap, &out, &cause);
	return (buf_take(&out, NULL));
}

static void
bench_freeze(struct trace *ts, unsigned n, struct cold_store *cs)
{
	const struct vt_cold_store *ops = cold_store_ops(cs);
	struct vt_screen	*s;
	unsigned long		 iters;
	double			 cpu, wall;
	char			 what[64];
	unsigned		 i;

	header("Freeze and thaw (per screen)");
	for (i = 0; i < n; i++) {
		s = replay(&ts[i]);
		TIMED(iters, cpu, wall, {
			vt_screen_freeze(s);
			vt_screen_thaw(s);
		});
		snprintf(what, sizeof what, "FreezeThaw/%s", ts[i].name);
		row(what, cpu, wall, iters, "-");
		vt_screen_freeze(s);
		TIMED(iters, cpu, wall, xfree(capture_visible(s, 0, 0)));
		snprintf(what, sizeof what, "CaptureFrozen/%s", ts[i].name);
		row(what, cpu, wall, iters, "-");
		vt_screen_thaw(s);
		TIMED(iters, cpu, wall, xfree(capture_visible(s, 0, 0)));
		snprintf(what, sizeof what, "CaptureThawed/%s", ts[i].name);
		row(what, cpu, wall, iters, "-");
		TIMED(iters, cpu, wall, {
			vt_screen_deep_freeze(s, ops);
			vt_screen_thaw(s);
		});
		snprintf(what, sizeof what, "DeepFreezeThaw/%s", ts[i].name);
		row(what, cpu, wall, iters, "-");
		vt_screen_deep_freeze(s, ops);
		TIMED(iters, cpu, wall, xfree(capture_visible(s, 0, 0)));
		snprintf(what, sizeof what, "CaptureDeep/%s", ts[i].name);
		row(what, cpu, wall, iters, "-");
		vt_screen_free(s);
	}
}

static size_t
memory_expanded(struct vt_screen *s)
{
	unsigned	y;
	size_t		m;

	for (y = 0; y < s->grid->hsize + s->grid->sy; y++)
		grid_row(s->grid, y);
	m = vt_screen_memory(s);
	/* Packed again as after a read. */
	fold_row_grid_pack(s->grid, s->grid->hsize + s->cy);
	return (m);
}

static void
bench_sizes(struct trace *ts, unsigned n, struct cold_store *cs)
{
	const struct vt_cold_store *ops = cold_store_ops(cs);
	struct vt_screen	*s;
	size_t			 exp, packed, frozen, deep, cold, live;
	unsigned		 i;

	printf("\nBytes per screen (vt_screen_memory; cold = compressed "
	    "bytes in the store)\n");
	printf("| %-22s | %9s | %9s | %9s | %9s | %9s |\n", "Trace",
	    "Expanded", "Packed", "Frozen", "Deep", "+Cold");
	printf("|------------------------|-----------|-----------|---------"
	    "--|-----------|-----------|\n");
	for (i = 0; i < n; i++) {
		s = replay(&ts[i]);
		exp = memory_expanded(s);
		packed = vt_screen_memory(s);
		vt_screen_freeze(s);
		frozen = vt_screen_memory(s);
		live = cold_store_live(cs);
		vt_screen_deep_freeze(s, ops);
		deep = vt_screen_memory(s);
		cold = cold_store_live(cs) - live;
		printf("| %-22s | %9zu | %9zu | %9zu | %9zu | %9zu |\n",
		    ts[i].name, exp, packed, frozen, deep, cold);
		vt_screen_free(s);
	}
	printf("(sizeof (struct vt_screen) = %zu, in every figure)\n",
	    sizeof (struct vt_screen));
}

int
main(int argc, char **argv)
{
	struct trace		 ts[5];
	struct cold_store	*cs;
	const char		*dir;
	char			*cause = NULL;
	unsigned		 n = 0;
	int			 parser_only = 0;

	if (argc > 1 && strcmp(argv[1], "-p") == 0) {
		parser_only = 1;
		argc--;
		argv++;
	}
	dir = argc > 1 ? argv[1] : getenv("TRACES_DIR");
	if (dir == NULL)
		dir = TRACES_DIR;
	memset(ts, 0, sizeof ts);

	ts[n].name = "idle_screen";
	buf_init(&ts[n].data);
	if (load_file(&ts[n].data, dir, "idle_screen.bin") != 0)
		goto missing;
	split_reads(&ts[n++], READ);
	ts[n].name = "history_fill";
	buf_init(&ts[n].data);
	if (load_file(&ts[n].data, dir, "history_fill.bin") != 0)
		goto missing;
	split_reads(&ts[n++], READ);
	ts[n].name = "claude_session";
	buf_init(&ts[n].data);
	if (load_cast(&ts[n++], dir, "claude_session.cast") != 0)
		goto missing;
	ts[n].name = "history+idle";
	buf_init(&ts[n].data);
	buf_add(&ts[n].data, buf_data(&ts[1].data), ts[1].data.len);
	buf_add(&ts[n].data, buf_data(&ts[0].data), ts[0].data.len);
	split_reads(&ts[n++], READ);
	ts[n].name = "bulk";
	buf_init(&ts[n].data);
	make_bulk(&ts[n++]);

	if (parser_only) {
		bench_parser(ts, n);
		return (0);
	}
	cs = cold_store_open(getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
	    COLD_STORE_FILE, &cause);
	if (cs == NULL) {
		fprintf(stderr, "bench-fold: %s\n", cause);
		return (1);
	}
	printf("bench-fold: %ux%u, history-limit %u, traces from %s; "
	    "replayed in %u-byte reads (the cast: its recorded reads)\n",
	    SX, SY, HLIMIT, dir, READ);
	bench_parser(ts, n);
	bench_codec(ts, n);
	bench_freeze(ts, n, cs);
	bench_sizes(ts, n, cs);
	cold_store_close(cs);
	return (0);

missing:
	fprintf(stderr, "bench-fold: traces not found in %s\n", dir);
	return (1);
}
