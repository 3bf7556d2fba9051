/* Unit tests for base64.c: RFC 4648's vectors both ways, and bad input. */
#include <string.h>

#include "engine/base/base64.h"
#include "engine/base/testlib.h"
#include "engine/base/xmalloc.h"

static const char *const vectors[][2] = {
	{ "", "" }, { "f", "Zg==" }, { "fo", "Zm8=" }, { "foo", "Zm9v" },
	{ "foob", "Zm9vYg==" }, { "fooba", "Zm9vYmE=" },
	{ "foobar", "Zm9vYmFy" },
};

int
main(void)
{
	struct buf	b;
	uint8_t		out[64];
	unsigned	i;
	int		n, all = 1;

	for (i = 0; i < sizeof vectors / sizeof vectors[0]; i++) {
		buf_init(&b);
		base64_encode((const uint8_t *)vectors[i][0],
		    strlen(vectors[i][0]), &b);
		buf_add_byte(&b, '\0');
		all &= strcmp((const char *)buf_data(&b), vectors[i][1]) == 0;
		buf_free(&b);
		n = base64_decode(vectors[i][1], out, sizeof out);
		all &= n == (int)strlen(vectors[i][0]) &&
		    memcmp(out, vectors[i][0], (size_t)n) == 0;
	}
	test_ok(all, "RFC 4648 vectors encode and decode");
	n = base64_decode(" Zm9v\nYmFy ", out, sizeof out);
	test_ok(n == 6 && memcmp(out, "foobar", 6) == 0, "whitespace skipped");
	test_ok(base64_decode("Zm9v!", out, sizeof out) == -1,
	    "a bad character fails");
	test_ok(base64_decode("Zg==Zg==", out, sizeof out) == -1,
	    "data after padding fails");
	test_ok(base64_decode("Z", out, sizeof out) == -1,
	    "one character alone fails");
	test_ok(base64_decode("Zm9vYmFy", out, 5) == -1,
	    "more than the room fails");
	test_ok(base64_decode("Zm9", out, sizeof out) == -1,
	    "missing padding fails");
	return (test_done());
}
