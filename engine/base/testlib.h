/*
 * Minimal TAP test helper for unit tests. Each check prints "ok N - what" or
 * "not ok N - what"; test_done() prints the plan and the plain
 * "N passed, N failed" line, and returns the exit status.
 */
#ifndef ZEROPTY_TESTLIB_H
#define ZEROPTY_TESTLIB_H

#include <stdio.h>
#include <string.h>

static int test_passed, test_failed;

#define test_ok(cond, ...) do {						\
	int ok_ = (cond) ? 1 : 0;					\
	printf("%sok %d - ", ok_ ? "" : "not ", test_passed + test_failed + 1); \
	printf(__VA_ARGS__);						\
	printf("\n");							\
	if (ok_) test_passed++; else {					\
		test_failed++;						\
		printf("# failed at %s:%d: %s\n", __FILE__, __LINE__, #cond); \
	}								\
	fflush(stdout);							\
} while (0)

/* Compare two C strings, printing both on a mismatch. */
#define test_streq(got, want, ...) do {					\
	const char *g_ = (got), *w_ = (want);				\
	int eq_ = (g_ != NULL && w_ != NULL && strcmp(g_, w_) == 0);	\
	test_ok(eq_, __VA_ARGS__);					\
	if (!eq_)							\
		printf("#   got:  [%s]\n#   want: [%s]\n",		\
		    g_ ? g_ : "(null)", w_ ? w_ : "(null)");		\
} while (0)

static int __attribute__((unused))
test_done(void)
{
	printf("1..%d\n", test_passed + test_failed);
	printf("# %d passed, %d failed\n", test_passed, test_failed);
	return (test_failed == 0 ? 0 : 1);
}

#endif
