/* Unit tests for buf.c. */
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
	buf_free(&b);
	return (test_done());
}
