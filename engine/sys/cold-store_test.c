/*
 * Tests for the cold store: random puts, gets and frees keep every blob
 * intact, the file shrinks back to nothing, ZEROPTY_COLD=memory, and a
 * screen deep-frozen into it reads back the same.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/base/buf.h"
#include "engine/base/testlib.h"
#include "engine/base/xmalloc.h"
#include "engine/sys/cold-store.h"

#define NBLOBS	300

static uint64_t	rng_state = 88172645463325252ULL;

static uint32_t
rng(uint32_t n)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (rng_state % n);
}

static void
exercise(struct cold_store *cs, const char *what)
{
	const struct vt_cold_store *ops = cold_store_ops(cs);
	uint8_t		*data[NBLOBS], *back;
	size_t		 len[NBLOBS];
	int64_t		 id[NBLOBS];
	unsigned	 i, j, round;
	int		 ok = 1;

	memset(data, 0, sizeof data);
	for (round = 0; round < 5000; round++) {
		i = rng(NBLOBS);
		if (data[i] != NULL) {
			back = xmalloc(len[i]);
			ok &= ops->get(ops->handle, id[i], back, len[i]) == 0;
			ok &= memcmp(back, data[i], len[i]) == 0;
			xfree(back);
			ops->free(ops->handle, id[i], len[i]);
			xfree(data[i]);
			data[i] = NULL;
			continue;
		}
		len[i] = 1 + rng(rng(4) == 0 ? 40000 : 3000);
		data[i] = xmalloc(len[i]);
		for (j = 0; j < len[i]; j++)
			data[i][j] = rng(256);
		id[i] = ops->put(ops->handle, data[i], len[i]);
		ok &= id[i] >= 0;
	}
	for (i = 0; i < NBLOBS; i++) {
		if (data[i] == NULL)
			continue;
		back = xmalloc(len[i]);
		ok &= ops->get(ops->handle, id[i], back, len[i]) == 0;
		ok &= memcmp(back, data[i], len[i]) == 0;
		xfree(back);
		ops->free(ops->handle, id[i], len[i]);
		xfree(data[i]);
	}
	test_ok(ok, "%s: 5000 random puts/gets/frees read back intact", what);
	test_ok(cold_store_live(cs) == 0 && cold_store_file_size(cs) == 0,
	    "%s: empty after all frees (live %zu, file %zu)", what,
	    cold_store_live(cs), cold_store_file_size(cs));
}

static char *
capture_all(struct vt_screen *s)
{
	struct vt_capture	 cap;
	struct buf		 out;
	const char		*cause;

	memset(&cap, 0, sizeof cap);
	cap.flags = VT_CAPTURE_ESCAPES;
	cap.start_all = cap.start_set = 1;
	buf_init(&out);
	vt_screen_capture(s, &cap, &out, &cause);
	return (buf_take(&out, NULL));
}

static void
screens(struct cold_store *cs)
{
	struct vt_screen	*s[20];
	char			*want[20], *got;
	struct buf		 in;
	unsigned		 i, j;
	int			 ok = 1;

	for (i = 0; i < 20; i++) {
		s[i] = vt_screen_new(80, 24, 500);
		buf_init(&in);
		for (j = 0; j < 100 + i * 20; j++)
			buf_printf(&in, "\033[3%um%u line %u of screen %u\r\n",
			    j % 8, j * i, j, i);
		vt_screen_input(s[i], buf_data(&in), in.len, NULL);
		buf_free(&in);
		want[i] = capture_all(s[i]);
		ok &= vt_screen_deep_freeze(s[i], cold_store_ops(cs)) == 0;
	}
	test_ok(ok, "20 screens deep-frozen");
	ok = 1;
	for (i = 0; i < 20; i += 2) {
		got = capture_all(s[i]);
		ok &= strcmp(got, want[i]) == 0;
		xfree(got);
		vt_screen_thaw(s[i]);
		ok &= vt_screen_is_frozen(s[i]) == VT_FROZEN_NO;
	}
	for (i = 0; i < 20; i++) {
		got = capture_all(s[i]);
		ok &= strcmp(got, want[i]) == 0;
		xfree(got);
		xfree(want[i]);
	}
	test_ok(ok, "captures the same deep-frozen and thawed");
	printf("# 20 screens: %zu bytes live, file %zu bytes\n",
	    cold_store_live(cs), cold_store_file_size(cs));
	for (i = 0; i < 20; i++)
		vt_screen_free(s[i]);
	test_ok(cold_store_live(cs) == 0 && cold_store_file_size(cs) == 0,
	    "store empty once the screens are freed");
}

int
main(void)
{
	struct cold_store	*cs;
	char			*cause = NULL;
	const char		*dir = getenv("TMPDIR") != NULL ?
				    getenv("TMPDIR") : "/tmp";

	unsetenv("ZEROPTY_COLD");
	cs = cold_store_open(dir, COLD_STORE_FILE, &cause);
	test_ok(cs != NULL, "open a file store in %s (%s)", dir,
	    cause != NULL ? cause : "ok");
	if (cs != NULL) {
		exercise(cs, "file");
		screens(cs);
		cold_store_close(cs);
	}

	setenv("ZEROPTY_COLD", "memory", 1);
	cs = cold_store_open("/nonexistent", COLD_STORE_FILE, &cause);
	test_ok(cs != NULL, "ZEROPTY_COLD=memory needs no directory");
	exercise(cs, "memory");
	screens(cs);
	cold_store_close(cs);
	unsetenv("ZEROPTY_COLD");

	cs = cold_store_open("/nonexistent", COLD_STORE_FILE, &cause);
	test_ok(cs == NULL && cause != NULL, "a missing directory is an "
	    "error: %s", cause != NULL ? cause : "(none)");
	xfree(cause);
	return (test_done());
}
