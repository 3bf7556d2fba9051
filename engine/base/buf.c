/*
 * Growable byte buffer.
 */
#include <stdio.h>
#include <string.h>

#include "engine/base/buf.h"
#include "engine/base/xmalloc.h"

void
buf_init(struct buf *b)
{
	memset(b, 0, sizeof *b);
}

void
buf_free(struct buf *b)
{
	xfree(b->data);
	buf_init(b);
}

void
buf_clear(struct buf *b)
{
	b->off = b->len = 0;
}

uint8_t *
buf_reserve(struct buf *b, size_t n)
{
	if (b->off != 0 && b->off + b->len + n + 1 > b->cap) {
		memmove(b->data, b->data + b->off, b->len);
		b->off = 0;
	}
	if (b->len + n + 1 > b->cap) {
		size_t	cap = b->cap ? b->cap : 64;

		while (cap < b->len + n + 1)
			cap *= 2;
		b->data = xrealloc(b->data, cap);
		b->cap = cap;
	}
	return (b->data + b->off + b->len);
}

void
buf_commit(struct buf *b, size_t n)
{
	b->len += n;
}

void
buf_add(struct buf *b, const void *p, size_t n)
{
	if (n == 0)
		return;
	memcpy(buf_reserve(b, n), p, n);
	b->len += n;
}

void
buf_add_str(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

void
buf_add_byte(struct buf *b, uint8_t c)
{
	if (b->off + b->len + 2 <= b->cap) {
		b->data[b->off + b->len++] = c;
		return;
	}
	*buf_reserve(b, 1) = c;
	b->len++;
}

void
buf_vprintf(struct buf *b, const char *fmt, va_list ap)
{
	va_list	 ap2;
	size_t	 room;
	int	 n;

	/*
	 * Print into the free space first and only measure when it does not
	 * fit: most calls are a number or two (tab stops, layout cells).
	 */
	room = b->cap > b->off + b->len + 1 ? b->cap - b->off - b->len : 0;
	if (room < 32) {
		buf_reserve(b, 32);
		room = b->cap - b->off - b->len;
	}
	va_copy(ap2, ap);
	n = vsnprintf((char *)b->data + b->off + b->len, room, fmt, ap2);
	va_end(ap2);
	if (n <= 0)
		return;
	if ((size_t)n >= room)
		vsnprintf((char *)buf_reserve(b, (size_t)n + 1), (size_t)n + 1,
		    fmt, ap);
	b->len += (size_t)n;
}

char *
buf_uint_before(char *end, unsigned long long n)
{
	do
		*--end = (char)('0' + n % 10);
	while ((n /= 10) != 0);
	return (end);
}

void
buf_add_uint(struct buf *b, unsigned long long n)
{
	char	 tmp[24], *p = buf_uint_before(tmp + sizeof tmp, n);

	buf_add(b, p, (size_t)(tmp + sizeof tmp - p));
}

void
buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	buf_vprintf(b, fmt, ap);
	va_end(ap);
}

void
buf_consume(struct buf *b, size_t n)
{
	if (n >= b->len) {
		b->off = b->len = 0;
		return;
	}
	b->off += n;
	b->len -= n;
}

const uint8_t *
buf_data(struct buf *b)
{
	uint8_t	*p = buf_reserve(b, 0);

	*p = '\0';
	return (b->data + b->off);
}

char *
buf_take(struct buf *b, size_t *lenp)
{
	char	*s;

	buf_data(b);
	if (b->off != 0)
		memmove(b->data, b->data + b->off, b->len + 1);
	s = (char *)b->data;
	if (lenp != NULL)
		*lenp = b->len;
	buf_init(b);
	return (s);
}
