/*
 * The one allocator seam. Everything in the engine and tmux-compat allocates
 * through these; they use mimalloc (docs/design.md §3: freed pages go back to the
 * OS promptly) and abort on out-of-memory, so callers never check for NULL.
 */
#ifndef ZEROPTY_XMALLOC_H
#define ZEROPTY_XMALLOC_H

#include <stdarg.h>
#include <stddef.h>

void	*xmalloc(size_t);
void	*xcalloc(size_t, size_t);
void	*xrealloc(void *, size_t);
void	*xreallocarray(void *, size_t, size_t);
char	*xstrdup(const char *);
char	*xstrndup(const char *, size_t);
void	*xmemdup(const void *, size_t);
void	 xfree(void *);
int	 xasprintf(char **, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
int	 xvasprintf(char **, const char *, va_list)
	    __attribute__((format(printf, 2, 0)));
/* Tell the allocator to give freed memory back to the OS now. */
void	 xmalloc_collect(void);
/* The server's allocator policy: freed pages go back to the OS at once. */
void	 xmalloc_return_pages(void);

#endif
