/* Paste buffers (paste.c). */
#ifndef ZEROPTY_PASTE_H
#define ZEROPTY_PASTE_H

#include <stddef.h>
#include <sys/queue.h>
#include <time.h>

struct paste_buffer {
	char			*name;
	char			*data;
	size_t			 size;
	int			 automatic;
	unsigned		 order;
	time_t			 created;	/* #{buffer_created} */
	TAILQ_ENTRY(paste_buffer) entry;
};

struct paste_buffer	*paste_first(void);
struct paste_buffer	*paste_next(struct paste_buffer *);
struct paste_buffer	*paste_get_name(const char *);
void			 paste_free(struct paste_buffer *);
void			 paste_add(char *, size_t);
void			 paste_set(char *, size_t, const char *);
/* Rename a buffer; -1 with *cause (tmux's text) on failure. */
int			 paste_rename(const char *, const char *, char **);
/*
 * Buffer bytes as tmux shows them (its utf8_strvis with VIS_OCTAL,
 * VIS_CSTYLE, VIS_TAB and VIS_NL): C escapes for \a \b \t \n \v \f \r,
 * \ooo for the other controls, a backslash doubled.
 */
char			*paste_vis(const char *, size_t);

#endif
