/*
 * Paul Williams' DEC parser with tmux 3.3a's input.c rules: bytes in,
 * actions out through a table of callbacks. Knows nothing about screens.
 */
#ifndef ZEROPTY_VTPARSE_H
#define ZEROPTY_VTPARSE_H

#include <stddef.h>
#include <stdint.h>

#include "engine/base/buf.h"

#define VTPARSE_MAXPARAMS	24
#define VTPARSE_PARAM_BUF	64
#define VTPARSE_INTERM_BUF	4
#define VTPARSE_STR_LIMIT	(1024 * 1024)

enum vtparse_ptype {
	VTPARSE_MISSING,
	VTPARSE_NUMBER,
	VTPARSE_STRING
};

struct vtparse_param {
	enum vtparse_ptype	 type;
	int			 num;
	char			*str;	/* points into the parser's copy */
};

struct vtparse_ops {
	void	(*print)(void *, uint32_t);	/* decoded code point */
	void	(*execute)(void *, uint8_t);	/* C0 control */
	void	(*esc)(void *, uint8_t);	/* ESC final */
	void	(*csi)(void *, uint8_t);	/* CSI final, params split */
	void	(*osc)(void *, const char *, size_t);
	void	(*apc)(void *, const char *, size_t);
	void	(*flush)(void *);		/* any byte but a print */
	void	(*string)(void *);		/* DCS/OSC/APC/SOS/PM/ESC k began */
	void	(*topbit)(void *);		/* any byte 80-FF in ground */
	/* A run of printable ASCII (20-7E) in ground; NULL: print each. */
	void	(*print_ascii)(void *, const uint8_t *, size_t);
	/* A code point n times over in ground; NULL: print each. */
	void	(*print_repeat)(void *, uint32_t, size_t);
};

struct vtparse {
	int			 state;
	unsigned		 flags;
	char			 interm[VTPARSE_INTERM_BUF];
	size_t			 ninterm;
	char			 pbuf[VTPARSE_PARAM_BUF];
	size_t			 npbuf;
	char			 pcopy[VTPARSE_PARAM_BUF];
	struct vtparse_param	 params[VTPARSE_MAXPARAMS];
	unsigned		 nparams;

	char			*str;
	size_t			 strlen, strcap;
	int			 end_bel;	/* string ended with BEL */

	uint8_t			 ubuf[4];
	unsigned		 uhave, uneed;
	int			 ubad;		/* a non-continuation byte seen */

	struct buf		 pending;	/* input since ground */

	const struct vtparse_ops *ops;
	void			*arg;
};

/*
 * In flags: take every byte through the state machine, none through the
 * fast paths (no print_ascii runs, no whole CSI or UTF-8 steps). Only for
 * tests comparing the two (vt_fast_test.c).
 */
#define VTPARSE_BYTEWISE	0x2

void	vtparse_init(struct vtparse *, const struct vtparse_ops *, void *);
void	vtparse_free(struct vtparse *);
void	vtparse_reset(struct vtparse *);
void	vtparse_input(struct vtparse *, const uint8_t *, size_t);
size_t	vtparse_memory(struct vtparse *);
/* Whether a fresh parser would behave the same (ground, nothing held). */
int	vtparse_idle(struct vtparse *);

/*
 * Parameter i, or defval if missing or not a number; minval if smaller.
 * Inline: every SGR and cursor sequence asks for each of its parameters.
 */
static inline int
vtparse_get(struct vtparse *p, unsigned i, int minval, int defval)
{
	int	n;

	if (i >= p->nparams || p->params[i].type != VTPARSE_NUMBER)
		return (defval);
	n = p->params[i].num;
	if (n < minval)
		return (minval);
	return (n);
}

#endif
