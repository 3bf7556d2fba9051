/*
 * The line discipline of a pane's virtual terminal, as pure logic (no
 * system calls): what Linux's n_tty does with keys (ICRNL, ISIG, ICANON
 * line editing, ECHO*) and with program output (OPOST/ONLCR, column
 * tracking), plus removal of the shim's in-band markers
 * (shim/shim-proto.h). vtty.c wraps it with the state file and signals.
 */
#ifndef ZEROPTY_LDISC_H
#define ZEROPTY_LDISC_H

#include <stddef.h>
#include <stdint.h>
#include <termios.h>

#include "engine/base/buf.h"
#include "shim/shim-proto.h"

#define LDISC_LINE_MAX	4095	/* n_tty: N_TTY_BUF_SIZE - 1 */

struct ldisc {
	/* Input: the canonical line being edited. */
	uint8_t		*line;		/* LDISC_LINE_MAX; only while used */
	size_t		len;
	int		lnext;		/* VLNEXT seen: next byte literal */
	unsigned	canon_col;	/* column where the line's echo began */
	int		erase_bs;	/* ^H erases too (default 0, as Linux) */

	/* Output. */
	tcflag_t	oflag;		/* c_oflag in force for output */
	unsigned	col;		/* output column, counted as n_tty */
	uint8_t		mark[ZPTY_MARK_START_LEN + ZPTY_MARK_MAX + 2];
	size_t		marklen;	/* partial marker held back */
	char		key[ZPTY_KEY_LEN];	/* markers must carry it */
	int		no_eof;		/* reader has no shim: no EOF marker */
};

/* Called for VINTR/VQUIT/VSUSP with SIGINT/SIGQUIT/SIGTSTP. */
typedef void	(*ldisc_signal_cb)(void *, int);

/* The termios of a fresh Linux PTY in a tmux 3.3a pane. */
void	ldisc_default_termios(struct termios *);
void	ldisc_init(struct ldisc *, const struct termios *);
void	ldisc_free(struct ldisc *);
/* The pane's marker key (ZPTY_KEY_LEN bytes, shim-proto.h). */
void	ldisc_set_key(struct ldisc *, const char *);
/*
 * Keys through the line discipline with termios t: bytes for the program
 * go to prog, echo (already output-processed with t's c_oflag) to echo.
 */
void	ldisc_input(struct ldisc *, const struct termios *t, const uint8_t *,
	    size_t, struct buf *prog, struct buf *echo, ldisc_signal_cb,
	    void *);
/* Program output: remove markers, apply OPOST/ONLCR, append to out. */
void	ldisc_output(struct ldisc *, const uint8_t *, size_t, struct buf *out);

#endif
