/*
 * A cursor over copy mode's snapshot that moves as tmux 3.3a's
 * grid_reader does: by words and spaces, across wrapped lines.
 */
#ifndef ZEROPTY_COPY_READER_H
#define ZEROPTY_COPY_READER_H

#include "engine/term/vt.h"

/* Characters that are whitespace to the word motions. */
#define COPY_READER_WHITESPACE " "

struct copy_reader {
	struct vt_screen	*snap;
	unsigned		 hsize, sx, sy;
	unsigned		 cx, cy;	/* cy is absolute (0: oldest) */

	/* The line last read: its cells, length and wrap flag. */
	long			 line;
	struct vt_rcell		*cells;
	unsigned		 length;
	int			 wrapped;
};

void	copy_reader_start(struct copy_reader *, struct vt_screen *,
	    unsigned hsize, unsigned sx, unsigned sy, unsigned cx,
	    unsigned cy);
void	copy_reader_free(struct copy_reader *);
int	copy_reader_in_set(struct copy_reader *, const char *);
void	copy_reader_right(struct copy_reader *, int wrap, int all);
void	copy_reader_left(struct copy_reader *, int wrap);
void	copy_reader_next_word(struct copy_reader *, const char *);
void	copy_reader_next_word_end(struct copy_reader *, const char *);
void	copy_reader_previous_word(struct copy_reader *, const char *,
	    int already, int stop_at_eol);

#endif
