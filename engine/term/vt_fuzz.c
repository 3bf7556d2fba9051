/*
 * vt_fuzz: libFuzzer target for the pure terminal library (vt.h).
 *
 * The fuzzer's bytes are a little program: the first bytes choose the
 * screen size and history limit, then each step takes an opcode byte and
 * does one of vt_screen_input (a chunk of the following bytes),
 * vt_screen_resize, vt_screen_capture (random flags and range),
 * vt_screen_capture_pending, vt_screen_state/tabs, reset, input_reset,
 * clear_history, set_history_limit, set_title, take_events, memory.
 *
 * Allocation goes straight to libc (engine/base/xmalloc.c built with
 * -DZEROPTY_LIBC_MALLOC) so AddressSanitizer sees every buffer; mimalloc
 * would hide overflows inside its pages.
 *
 * Build and run (from the top of the source tree):
 *
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -I. -o /tmp/vt_fuzz \
 *	$(find engine/term -name '*.c' ! -name vtcat.c ! -name '*_test.c') \
 *	engine/base/buf.c engine/base/log.c engine/base/base64.c \
 *	-DZEROPTY_LIBC_MALLOC engine/base/xmalloc.c -lzstd
 *   mkdir -p /tmp/vt_corpus
 *   UBSAN_OPTIONS=halt_on_error=1:suppressions=conformance/fuzz/ubsan.supp \
 *	/tmp/vt_fuzz -max_len=4096 -timeout=5 /tmp/vt_corpus \
 *	conformance/fuzz/libfuzzer conformance/fuzz/regress
 *
 * (every library source of engine/term - vt_fuzz.c included - but the
 * vtcat tool and the unit tests).  halt_on_error makes a UBSan report
 * stop the run, except those ubsan.supp lists; -fork=1 -ignore_timeouts=1
 * -ignore_crashes=1 keeps going past known problems, saving each.
 * VT_FUZZ_TRACE=1 /tmp/vt_fuzz FILE prints the steps FILE makes.
 *
 * conformance/fuzz/libfuzzer-smoke.sh builds it, runs the saved inputs and
 * fuzzes for 60 seconds.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/buf.h"
#include "engine/base/xmalloc.h"
#include "engine/term/vt.h"

/* VT_FUZZ_TRACE=1 in the environment prints each step to stderr. */
static int	fz_trace = -1;

#define FZ_TRACE(...) do {						\
	if (fz_trace)							\
		fprintf(stderr, __VA_ARGS__);				\
} while (0)

/* A cursor over the fuzzer's bytes. */
struct fz {
	const uint8_t	*p;
	size_t		 left;
};

static unsigned
fz_byte(struct fz *f)
{
	if (f->left == 0)
		return (0);
	f->left--;
	return (*f->p++);
}

/* A small size: mostly 1..80ish, sometimes up to ~300, never 0. */
static unsigned
fz_size(struct fz *f)
{
	unsigned	 b = fz_byte(f);

	if (b & 0x80)
		return (1 + ((b & 0x7f) | (fz_byte(f) & 1) << 7) * 2 % 300);
	return (1 + b % 100);
}

/* Check a capture's text against its own invariants. */
static void
fz_check_text(struct buf *out)
{
	/* Reading every byte lets ASan catch a bad length. */
	volatile uint8_t	 sum = 0;
	size_t			 i;

	for (i = 0; i < out->len; i++)
		sum ^= buf_data(out)[i];
	(void)sum;
}

/*
 * The cursor row stays on the screen.  The column is not checked: tmux
 * 3.3a itself leaves cx past the right edge after a resize to fewer
 * columns (checked: 41x25, text, resize-window -x 1 -y 28: cursor_x 5).
 */
static void
fz_check_cursor(const struct vt_state *st)
{
	if (st->cy >= st->sy) {
		fprintf(stderr, "vt_fuzz: cursor %u,%u outside %ux%u\n",
		    st->cx, st->cy, st->sx, st->sy);
		abort();
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fz		 f = { data, size };
	struct vt_screen	*s;
	struct vt_capture	 cap;
	struct vt_state		 st;
	struct buf		 out, reply;
	const char		*cause;
	char			*tabs, title[16];
	unsigned		 sx, sy, hlimit, op, steps = 0, i;
	size_t			 n;

	if (fz_trace == -1)
		fz_trace = getenv("VT_FUZZ_TRACE") != NULL;
	sx = fz_size(&f);
	sy = fz_size(&f);
	hlimit = fz_byte(&f) % 4 == 0 ? 0 : fz_byte(&f) * 4;
	FZ_TRACE("new %ux%u history %u\n", sx, sy, hlimit);
	s = vt_screen_new(sx, sy, hlimit);
	buf_init(&reply);
	while (f.left > 0 && steps++ < 256) {
		op = fz_byte(&f);
		switch (op % 16) {
		case 0:
			sx = fz_size(&f);
			sy = fz_size(&f);
			FZ_TRACE("resize %ux%u\n", sx, sy);
			vt_screen_resize(s, sx, sy);
			break;
		case 1:
		case 2:
			memset(&cap, 0, sizeof cap);
			cap.flags = fz_byte(&f) & 0x3f;
			i = fz_byte(&f);
			cap.start_set = i & 1;
			cap.start_all = (i >> 1) & 1;
			cap.end_set = (i >> 2) & 1;
			cap.end_all = (i >> 3) & 1;
			cap.start = (long)(int8_t)fz_byte(&f) * ((i & 16) ? 40 : 1);
			cap.end = (long)(int8_t)fz_byte(&f) * ((i & 32) ? 40 : 1);
			buf_init(&out);
			if (vt_screen_capture(s, &cap, &out, &cause) != 0 &&
			    cause == NULL)
				abort();
			fz_check_text(&out);
			buf_free(&out);
			break;
		case 3:
			buf_init(&out);
			vt_screen_capture_pending(s, fz_byte(&f) & 0x3f, &out);
			fz_check_text(&out);
			buf_free(&out);
			break;
		case 4:
			vt_screen_state(s, &st);
			if (st.title == NULL || st.path == NULL)
				abort();
			fz_check_cursor(&st);
			tabs = vt_screen_tabs(s);
			xfree(tabs);
			break;
		case 5:
			if (fz_byte(&f) < 32) {
				FZ_TRACE("reset\n");
				vt_screen_reset(s);
			}
			break;
		case 6:
			if (fz_byte(&f) < 32) {
				FZ_TRACE("input_reset\n");
				vt_screen_input_reset(s);
			}
			break;
		case 7:
			i = fz_byte(&f);
			if (i < 32) {
				FZ_TRACE("clear_history\n");
				vt_screen_clear_history(s);
			} else if (i < 64) {
				i = fz_byte(&f) * 2;
				FZ_TRACE("history_limit %u\n", i);
				vt_screen_set_history_limit(s, i);
			}
			break;
		case 8:
			n = fz_byte(&f) % sizeof title;
			for (i = 0; i < n; i++)
				title[i] = (char)(fz_byte(&f) | 1);
			title[n] = '\0';
			vt_screen_set_title(s, title);
			(void)vt_screen_take_events(s);
			(void)vt_screen_memory(s);
			break;
		default:
			/* Input: a chunk of what follows, often all of it. */
			n = fz_byte(&f);
			if (op % 16 >= 12 || n > f.left)
				n = f.left;
			if (n > 0 && fz_trace) {
				fprintf(stderr, "input %zu:", n);
				for (i = 0; i < n; i++)
					fprintf(stderr, " %02x", f.p[i]);
				fputc('\n', stderr);
			}
			if (n > 0)
				vt_screen_input(s, f.p, n, op & 1 ? &reply : NULL);
			f.p += n;
			f.left -= n;
			if (reply.len > 65536)
				buf_free(&reply), buf_init(&reply);
			break;
		}
	}
	/* Always finish with a full capture and state. */
	memset(&cap, 0, sizeof cap);
	cap.flags = VT_CAPTURE_ESCAPES | VT_CAPTURE_TRAILING;
	cap.start_set = cap.start_all = cap.end_set = cap.end_all = 1;
	buf_init(&out);
	if (vt_screen_capture(s, &cap, &out, &cause) != 0)
		abort();
	fz_check_text(&out);
	buf_free(&out);
	vt_screen_state(s, &st);
	fz_check_cursor(&st);
	buf_free(&reply);
	vt_screen_free(s);
	return (0);
}
