/*
 * A growable byte buffer: append at the end, consume from the front.
 * Invariant: data[off .. off+len) is the content; cap is the allocation.
 */
#ifndef ZEROPTY_BUF_H
#define ZEROPTY_BUF_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

struct buf {
	uint8_t	*data;
	size_t	 off;
	size_t	 len;
	size_t	 cap;
};

void	 buf_init(struct buf *);
void	 buf_free(struct buf *);
void	 buf_clear(struct buf *);
void	 buf_add(struct buf *, const void *, size_t);
void	 buf_add_str(struct buf *, const char *);
void	 buf_add_byte(struct buf *, uint8_t);
/* A number in decimal, as "%llu" (lists print many: printf was slow). */
void	 buf_add_uint(struct buf *, unsigned long long);
/*
 * n in decimal written backwards so that it ends just before end (24
 * bytes are enough); returns where it starts. For hot paths that build a
 * line in a stack buffer.
 */
char	*buf_uint_before(char *end, unsigned long long n);
void	 buf_printf(struct buf *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
void	 buf_vprintf(struct buf *, const char *, va_list)
	    __attribute__((format(printf, 2, 0)));
/* Make room for n more bytes and return where they go (call buf_commit). */
uint8_t	*buf_reserve(struct buf *, size_t);
void	 buf_commit(struct buf *, size_t);
void	 buf_consume(struct buf *, size_t);
/* The content, always followed by a NUL byte (not counted in len). */
const uint8_t *buf_data(struct buf *);
/* Hand the content to the caller as a NUL-terminated string; buf is reset. */
char	*buf_take(struct buf *, size_t *);

#endif
