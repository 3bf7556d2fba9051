/* Unit tests for buf.c. */
#include <string.h>

#include "engine/base/buf.h"
#include "engine/base/testlib.h"
#include "engine/base/xmalloc.h"

int
main(void)
{
	struct buf	 b;
	char		*s;
	size_t		 len;
	int		 i;

	buf_init(&b);
	buf_add_str(&b, "hello");
	buf_printf(&b, " %d", 42);
	test_streq((const char *)buf_data(&b), "hello 42", "append and printf");
	buf_consume(&b, 6);
	test_streq((const char *)buf_data(&b), "42", "consume from the front");
	for (i = 0; i < 1000; i++)
		buf_add_byte(&b, 'x');
	test_ok(b.len == 1002, "grows past its capacity");
	s = buf_take(&b, &len);
	test_ok(len == 1002 && s[0] == '4' && s[1002] == '\0', "take");
	test_ok(b.data == NULL && b.len == 0, "take resets");
	xfree(s);

	/* printf past the free space, with consumed bytes in front. */
	buf_init(&b);
	buf_add_str(&b, "abcdefgh");
	buf_consume(&b, 4);
	for (i = 0; i < 200; i++)
		buf_printf(&b, "%s%d,", i % 7 == 0 ? "a-longer-piece-of-text-" : "",
		    i);
	s = buf_take(&b, &len);
	test_ok(strncmp(s, "efgha-longer-piece-of-text-0,1,2,", 33) == 0 &&
	    strcmp(s + len - 8, "198,199,") == 0 && strlen(s) == len,
	    "printf that does not fit the free space");
	xfree(s);
	buf_free(&b);

	/* Numbers by hand, as "%llu". */
	{
		char	 end[24], *p;

		p = buf_uint_before(end + sizeof end, 0);
		test_ok(p == end + sizeof end - 1 && *p == '0', "0 before end");
		p = buf_uint_before(end + sizeof end, 18446744073709551615ULL);
		test_ok(memcmp(p, "18446744073709551615", 20) == 0 &&
		    p == end + sizeof end - 20, "the largest number before end");
		buf_init(&b);
		buf_add_uint(&b, 1234567890);
		test_streq((const char *)buf_data(&b), "1234567890", "add_uint");
		buf_free(&b);
	}
	return (test_done());
}
