/*
 * xmalloc family on top of mimalloc; aborts on OOM like tmux's xmalloc.c.
 * A sanitizer build (--enable-sanitizers) uses the C library's allocator
 * instead: AddressSanitizer sees only what goes through it, so with
 * mimalloc a use after free of an xmalloc'd block went unnoticed. So does
 * the client (ZEROPTY_LIBC_MALLOC), which lives a few milliseconds and is
 * linked statically (tmux-compat/local.mk).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/xmalloc.h"

#if defined(ZEROPTY_SANITIZERS) || defined(ZEROPTY_LIBC_MALLOC)
#define mi_malloc(n)		malloc(n)
#define mi_calloc(n, s)		calloc(n, s)
#define mi_realloc(p, n)	realloc(p, n)
#define mi_reallocn(p, n, s)	reallocarray(p, n, s)
#define mi_free(p)		free(p)
#define mi_collect(f)		do { } while (0)
#define mi_option_set(o, v)	do { } while (0)
#else
#include <mimalloc.h>
#endif

static void __attribute__((noreturn))
xmalloc_oom(size_t size)
{
	fprintf(stderr, "zeropty: out of memory allocating %zu bytes\n", size);
	abort();
}

void *
xmalloc(size_t size)
{
	void	*p;

	if (size == 0)
		size = 1;
	if ((p = mi_malloc(size)) == NULL)
		xmalloc_oom(size);
	return (p);
}

void *
xcalloc(size_t n, size_t size)
{
	void	*p;

	if (n == 0 || size == 0)
		n = size = 1;
	if ((p = mi_calloc(n, size)) == NULL)
		xmalloc_oom(n * size);
	return (p);
}

void *
xrealloc(void *old, size_t size)
{
	void	*p;

	if (size == 0)
		size = 1;
	if ((p = mi_realloc(old, size)) == NULL)
		xmalloc_oom(size);
	return (p);
}

void *
xreallocarray(void *old, size_t n, size_t size)
{
	void	*p;

	if (n == 0 || size == 0)
		n = size = 1;
	if ((p = mi_reallocn(old, n, size)) == NULL)
		xmalloc_oom(n * size);
	return (p);
}

char *
xstrdup(const char *s)
{
	return (xmemdup(s, strlen(s) + 1));
}

char *
xstrndup(const char *s, size_t n)
{
	size_t	 len = strnlen(s, n);
	char	*p = xmalloc(len + 1);

	memcpy(p, s, len);
	p[len] = '\0';
	return (p);
}

void *
xmemdup(const void *s, size_t n)
{
	void	*p = xmalloc(n);

	if (n != 0)
		memcpy(p, s, n);
	return (p);
}

void
xfree(void *p)
{
	mi_free(p);
}

int
xvasprintf(char **ret, const char *fmt, va_list ap)
{
	va_list	 ap2;
	int	 n;

	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		abort();
	*ret = xmalloc((size_t)n + 1);
	vsnprintf(*ret, (size_t)n + 1, fmt, ap);
	return (n);
}

int
xasprintf(char **ret, const char *fmt, ...)
{
	va_list	 ap;
	int	 n;

	va_start(ap, fmt);
	n = xvasprintf(ret, fmt, ap);
	va_end(ap);
	return (n);
}

void
xmalloc_collect(void)
{
	mi_collect(1);
}

/*
 * docs/design.md §3: without returning pages, 400 idle sessions kept the memory
 * used while parsing; with 400 deep-frozen full-history screens RSS stayed
 * ~54 MB above baseline for 182 KB live, 5.9 MB with pages returned at
 * once (measured with bench-fold, mimalloc 2.0.9).
 */
void
xmalloc_return_pages(void)
{
	mi_option_set(mi_option_page_reset, 1);
	mi_option_set(mi_option_decommit_delay, 0);
}
