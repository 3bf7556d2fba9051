/*
 * Paste buffers: named byte strings, automatic names "bufferN" for
 * unnamed ones, most recent first, at most buffer-limit automatic ones.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "engine/base/buf.h"
#include "engine/base/xmalloc.h"
#include "tmux-compat/paste.h"

static TAILQ_HEAD(, paste_buffer) paste_list =
    TAILQ_HEAD_INITIALIZER(paste_list);
static unsigned	paste_next_index;
static unsigned	paste_next_order;

#define PASTE_LIMIT	50	/* buffer-limit default */

struct paste_buffer *
paste_first(void)
{
	return (TAILQ_FIRST(&paste_list));
}

struct paste_buffer *
paste_next(struct paste_buffer *pb)
{
	return (TAILQ_NEXT(pb, entry));
}

struct paste_buffer *
paste_get_name(const char *name)
{
	struct paste_buffer	*pb;

	TAILQ_FOREACH(pb, &paste_list, entry) {
		if (strcmp(pb->name, name) == 0)
			return (pb);
	}
	return (NULL);
}

void
paste_free(struct paste_buffer *pb)
{
	TAILQ_REMOVE(&paste_list, pb, entry);
	xfree(pb->name);
	xfree(pb->data);
	xfree(pb);
}

static void
paste_insert(struct paste_buffer *pb)
{
	pb->order = paste_next_order++;
	pb->created = time(NULL);
	TAILQ_INSERT_HEAD(&paste_list, pb, entry);
}

/* Add an automatically named buffer (takes data). */
void
paste_add(char *data, size_t size)
{
	struct paste_buffer	*pb, *last;
	unsigned		 automatic = 0;

	TAILQ_FOREACH(pb, &paste_list, entry) {
		if (pb->automatic)
			automatic++;
	}
	while (automatic >= PASTE_LIMIT) {
		last = NULL;
		TAILQ_FOREACH(pb, &paste_list, entry) {
			if (pb->automatic)
				last = pb;
		}
		if (last == NULL)
			break;
		paste_free(last);
		automatic--;
	}
	pb = xcalloc(1, sizeof *pb);
	do {
		xfree(pb->name);
		xasprintf(&pb->name, "buffer%u", paste_next_index++);
	} while (paste_get_name(pb->name) != NULL);
	pb->data = data;
	pb->size = size;
	pb->automatic = 1;
	paste_insert(pb);
}

/* Set a named buffer's content (takes data), replacing any old one. */
void
paste_set(char *data, size_t size, const char *name)
{
	struct paste_buffer	*pb;

	if ((pb = paste_get_name(name)) != NULL)
		paste_free(pb);
	pb = xcalloc(1, sizeof *pb);
	pb->name = xstrdup(name);
	pb->data = data;
	pb->size = size;
	paste_insert(pb);
}

int
paste_rename(const char *oldname, const char *newname, char **cause)
{
	struct paste_buffer	*pb, *old;

	if (newname == NULL || *newname == '\0') {
		xasprintf(cause, "new name is empty");
		return (-1);
	}
	if (oldname == NULL || *oldname == '\0') {
		xasprintf(cause, "no buffer");
		return (-1);
	}
	if ((pb = paste_get_name(oldname)) == NULL) {
		xasprintf(cause, "no buffer %s", oldname);
		return (-1);
	}
	if ((old = paste_get_name(newname)) != NULL && old != pb)
		paste_free(old);
	xfree(pb->name);
	pb->name = xstrdup(newname);
	pb->automatic = 0;
	return (0);
}

char *
paste_vis(const char *data, size_t len)
{
	static const char	 cstyle[] = "abtnvfr";
	struct buf		 b;
	unsigned char		 ch;
	size_t			 i;

	buf_init(&b);
	for (i = 0; i < len; i++) {
		ch = (unsigned char)data[i];
		if (ch >= '\a' && ch <= '\r')
			buf_printf(&b, "\\%c", cstyle[ch - '\a']);
		else if (ch == '\\')
			buf_add_str(&b, "\\\\");
		else if (ch < 0x20 || ch == 0x7f)
			buf_printf(&b, "\\%03o", ch);
		else
			buf_add_byte(&b, ch);
	}
	return (buf_take(&b, NULL));
}
