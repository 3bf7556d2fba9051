/*
 * The DEC state machine (style.md §8) as data: each state is a list of byte
 * ranges with an action and a next state, checked after the "anywhere"
 * rules. Follows tmux 3.3a's input.c: 7-bit only, bytes 80-FF in ground
 * feed a UTF-8 decoder, OSC/APC collect 20-FF, DCS/SOS/PM are consumed.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "engine/term/vtparse.h"

enum {
	S_GROUND,
	S_ESC,
	S_ESC_INTERM,
	S_CSI,
	S_CSI_PARAM,
	S_CSI_INTERM,
	S_CSI_IGNORE,
	S_DCS,
	S_DCS_PARAM,
	S_DCS_INTERM,
	S_DCS_HANDLER,
	S_DCS_ESCAPE,
	S_DCS_IGNORE,
	S_OSC,
	S_APC,
	S_RENAME,
	S_CONSUME_ST,
	S_NONE = -1
};

enum {
	A_NONE,
	A_PRINT,
	A_TOPBIT,
	A_EXECUTE,
	A_INTERM,
	A_PARAM,
	A_ESC_DISPATCH,
	A_CSI_DISPATCH,
	A_STRING,
	A_OSC_BEL,
	A_DCS_ESC,
};

#define VTPARSE_DISCARD	0x1

struct trans {
	uint8_t	 first, last;
	uint8_t	 action;
	int8_t	 next;
};

#define C0_EXEC \
	{ 0x00, 0x17, A_EXECUTE, S_NONE }, \
	{ 0x19, 0x19, A_EXECUTE, S_NONE }, \
	{ 0x1c, 0x1f, A_EXECUTE, S_NONE }
#define C0_IGNORE \
	{ 0x00, 0x17, A_NONE, S_NONE }, \
	{ 0x19, 0x19, A_NONE, S_NONE }, \
	{ 0x1c, 0x1f, A_NONE, S_NONE }
#define END { 0, 0, 0, 0 }

static const struct trans t_ground[] = {
	C0_EXEC,
	{ 0x20, 0x7e, A_PRINT, S_NONE },
	{ 0x7f, 0x7f, A_NONE, S_NONE },
	{ 0x80, 0xff, A_TOPBIT, S_NONE },
	END
};
static const struct trans t_esc[] = {
	C0_EXEC,
	{ 0x20, 0x2f, A_INTERM, S_ESC_INTERM },
	{ 0x30, 0x4f, A_ESC_DISPATCH, S_GROUND },
	{ 0x50, 0x50, A_NONE, S_DCS },
	{ 0x51, 0x57, A_ESC_DISPATCH, S_GROUND },
	{ 0x58, 0x58, A_NONE, S_CONSUME_ST },
	{ 0x59, 0x5a, A_ESC_DISPATCH, S_GROUND },
	{ 0x5b, 0x5b, A_NONE, S_CSI },
	{ 0x5c, 0x5c, A_ESC_DISPATCH, S_GROUND },
	{ 0x5d, 0x5d, A_NONE, S_OSC },
	{ 0x5e, 0x5e, A_NONE, S_CONSUME_ST },
	{ 0x5f, 0x5f, A_NONE, S_APC },
	{ 0x60, 0x6a, A_ESC_DISPATCH, S_GROUND },
	{ 0x6b, 0x6b, A_NONE, S_RENAME },
	{ 0x6c, 0x7e, A_ESC_DISPATCH, S_GROUND },
	{ 0x7f, 0xff, A_NONE, S_NONE },
	END
};
static const struct trans t_esc_interm[] = {
	C0_EXEC,
	{ 0x20, 0x2f, A_INTERM, S_NONE },
	{ 0x30, 0x7e, A_ESC_DISPATCH, S_GROUND },
	{ 0x7f, 0xff, A_NONE, S_NONE },
	END
};
static const struct trans t_csi[] = {
	C0_EXEC,
	{ 0x20, 0x2f, A_INTERM, S_CSI_INTERM },
	{ 0x30, 0x3b, A_PARAM, S_CSI_PARAM },
	{ 0x3c, 0x3f, A_INTERM, S_CSI_PARAM },
	{ 0x40, 0x7e, A_CSI_DISPATCH, S_GROUND },
	{ 0x7f, 0xff, A_NONE, S_NONE },
	END
};
static const struct trans t_csi_param[] = {
	C0_EXEC,
	{ 0x20, 0x2f, A_INTERM, S_CSI_INTERM },
	{ 0x30, 0x3b, A_PARAM, S_NONE },
	{ 0x3c, 0x3f, A_NONE, S_CSI_IGNORE },
	{ 0x40, 0x7e, A_CSI_DISPATCH, S_GROUND },
	{ 0x7f, 0xff, A_NONE, S_NONE },
	END
};
static const struct trans t_csi_interm[] = {
	C0_EXEC,
	{ 0x20, 0x2f, A_INTERM, S_NONE },
	{ 0x30, 0x3f, A_NONE, S_CSI_IGNORE },
	{ 0x40, 0x7e, A_CSI_DISPATCH, S_GROUND },
	{ 0x7f, 0xff, A_NONE, S_NONE },
	END
};
static const struct trans t_csi_ignore[] = {
	C0_EXEC,
	{ 0x20, 0x3f, A_NONE, S_NONE },
	{ 0x40, 0x7e, A_NONE, S_GROUND },
	{ 0x7f, 0xff, A_NONE, S_NONE },
	END
};
static const struct trans t_dcs[] = {
	C0_IGNORE,
	{ 0x20, 0x2f, A_NONE, S_DCS_INTERM },
	{ 0x30, 0x39, A_NONE, S_DCS_PARAM },
	{ 0x3a, 0x3a, A_NONE, S_DCS_IGNORE },
	{ 0x3b, 0x3b, A_NONE, S_DCS_PARAM },
	{ 0x3c, 0x3f, A_NONE, S_DCS_PARAM },
	{ 0x40, 0x7e, A_NONE, S_DCS_HANDLER },
	{ 0x7f, 0xff, A_NONE, S_NONE },
	END
};
static const struct trans t_dcs_param[] = {
	C0_IGNORE,
	{ 0x20, 0x2f, A_NONE, S_DCS_INTERM },
	{ 0x30, 0x39, A_NONE, S_NONE },
	{ 0x3a, 0x3a, A_NONE, S_DCS_IGNORE },
	{ 0x3b, 0x3b, A_NONE, S_NONE },
	{ 0x3c, 0x3f, A_NONE, S_DCS_IGNORE },
	{ 0x40, 0x7e, A_NONE, S_DCS_HANDLER },
	{ 0x7f, 0xff, A_NONE, S_NONE },
	END
};
static const struct trans t_dcs_interm[] = {
	C0_IGNORE,
	{ 0x20, 0x2f, A_NONE, S_NONE },
	{ 0x30, 0x3f, A_NONE, S_DCS_IGNORE },
	{ 0x40, 0x7e, A_NONE, S_DCS_HANDLER },
	{ 0x7f, 0xff, A_NONE, S_NONE },
	END
};
/* DCS content: ESC is not "anywhere" here (tmux's dcs_escape). */
static const struct trans t_dcs_handler[] = {
	{ 0x00, 0x1a, A_NONE, S_NONE },
	{ 0x1b, 0x1b, A_NONE, S_DCS_ESCAPE },
	{ 0x1c, 0xff, A_NONE, S_NONE },
	END
};
static const struct trans t_dcs_escape[] = {
	{ 0x00, 0x5b, A_NONE, S_DCS_HANDLER },
	{ 0x5c, 0x5c, A_NONE, S_GROUND },
	{ 0x5d, 0xff, A_NONE, S_DCS_HANDLER },
	END
};
static const struct trans t_dcs_ignore[] = {
	C0_IGNORE,
	{ 0x20, 0xff, A_NONE, S_NONE },
	END
};
static const struct trans t_osc[] = {
	{ 0x00, 0x06, A_NONE, S_NONE },
	{ 0x07, 0x07, A_OSC_BEL, S_GROUND },
	{ 0x08, 0x17, A_NONE, S_NONE },
	{ 0x19, 0x19, A_NONE, S_NONE },
	{ 0x1c, 0x1f, A_NONE, S_NONE },
	{ 0x20, 0xff, A_STRING, S_NONE },
	END
};
static const struct trans t_apc[] = {
	{ 0x00, 0x17, A_NONE, S_NONE },
	{ 0x19, 0x19, A_NONE, S_NONE },
	{ 0x1c, 0x1f, A_NONE, S_NONE },
	{ 0x20, 0xff, A_STRING, S_NONE },
	END
};
static const struct trans t_consume[] = {
	{ 0x00, 0x17, A_NONE, S_NONE },
	{ 0x19, 0x19, A_NONE, S_NONE },
	{ 0x1c, 0xff, A_NONE, S_NONE },
	END
};

static const struct trans *const tables[] = {
	t_ground, t_esc, t_esc_interm, t_csi, t_csi_param, t_csi_interm,
	t_csi_ignore, t_dcs, t_dcs_param, t_dcs_interm, t_dcs_handler,
	t_dcs_escape, t_dcs_ignore, t_osc, t_apc, t_apc, t_consume
};

void
vtparse_init(struct vtparse *p, const struct vtparse_ops *ops, void *arg)
{
	memset(p, 0, sizeof *p);
	buf_init(&p->pending);
	p->ops = ops;
	p->arg = arg;
	p->state = S_GROUND;
}

void
vtparse_free(struct vtparse *p)
{
	xfree(p->str);
	buf_free(&p->pending);
}

void
vtparse_reset(struct vtparse *p)
{
	const struct vtparse_ops *ops = p->ops;
	void *arg = p->arg;

	vtparse_free(p);
	vtparse_init(p, ops, arg);
}

size_t
vtparse_memory(struct vtparse *p)
{
	return (p->strcap + p->pending.cap);
}

/*
 * Whether a fresh parser would behave the same: in ground with no partial
 * UTF-8 and nothing pending (str is stale in ground: every string state
 * resets it on entry).
 */
int
vtparse_idle(struct vtparse *p)
{
	return (p->state == S_GROUND && p->flags == 0 && p->uhave == 0 &&
	    p->pending.len == 0);
}

/* Reset parameters and intermediates (the "clear" action). */
static void
vtparse_clear(struct vtparse *p)
{
	p->ninterm = 0;
	p->npbuf = 0;
	p->nparams = 0;
	p->flags &= ~VTPARSE_DISCARD;
}

static void
vtparse_str_reset(struct vtparse *p)
{
	p->strlen = 0;
	p->end_bel = 0;
	p->flags &= ~VTPARSE_DISCARD;
	if (p->strcap > 4096) {
		xfree(p->str);
		p->str = NULL;
		p->strcap = 0;
	}
}

static void
vtparse_str_add(struct vtparse *p, uint8_t ch)
{
	if (p->flags & VTPARSE_DISCARD)
		return;
	if (p->strlen + 1 >= p->strcap) {
		if (p->strcap >= VTPARSE_STR_LIMIT) {
			p->flags |= VTPARSE_DISCARD;
			return;
		}
		p->strcap = p->strcap == 0 ? 32 : p->strcap * 2;
		p->str = xrealloc(p->str, p->strcap);
	}
	p->str[p->strlen++] = ch;
	p->str[p->strlen] = '\0';
}

/*
 * Split the raw parameter text as tmux's input_split: fields between ';',
 * empty (missing), with a ':' (kept as a string) or digits up to INT_MAX;
 * anything else fails the sequence. By hand, not strsep and strtoll: those
 * were 10% of parsing a coloured 5.4 MB burst.
 */
static int
vtparse_split(struct vtparse *p)
{
	struct vtparse_param	*pm;
	char			*field, *c;
	long long		 n;
	int			 colon;

	p->nparams = 0;
	if (p->npbuf == 0)
		return (0);
	memcpy(p->pcopy, p->pbuf, p->npbuf);
	p->pcopy[p->npbuf] = '\0';
	field = p->pcopy;
	for (;;) {
		if (p->nparams == VTPARSE_MAXPARAMS)
			return (-1);
		colon = 0;
		for (c = field; *c != '\0' && *c != ';'; c++) {
			if (*c == ':')
				colon = 1;
		}
		pm = &p->params[p->nparams++];
		if (c == field)
			pm->type = VTPARSE_MISSING;
		else if (colon) {
			pm->type = VTPARSE_STRING;
			pm->str = field;
		} else {
			n = 0;
			for (; field != c; field++) {
				if (*field < '0' || *field > '9')
					return (-1);
				n = n * 10 + (*field - '0');
				if (n > INT_MAX)
					return (-1);
			}
			pm->type = VTPARSE_NUMBER;
			pm->num = (int)n;
		}
		if (*c == '\0')
			break;
		*c = '\0';
		field = c + 1;
	}
	return (0);
}

/* UTF-8 decoder for bytes 80-FF in ground; invalid sequences dropped. */
static void
vtparse_topbit(struct vtparse *p, uint8_t ch)
{
	uint32_t	cp;
	unsigned	i;

	if (p->uneed == 0) {
		if (ch >= 0xc2 && ch <= 0xdf)
			p->uneed = 2;
		else if (ch >= 0xe0 && ch <= 0xef)
			p->uneed = 3;
		else if (ch >= 0xf0 && ch <= 0xf4)
			p->uneed = 4;
		else
			return;
		p->ubuf[0] = ch;
		p->uhave = 1;
		p->ubad = 0;
		return;
	}
	/*
	 * tmux's utf8_append takes a byte that is no continuation as part of
	 * the sequence and drops the whole sequence once it has the length
	 * the lead byte promised (fuzz cases utf8-bad-continuation-*).
	 */
	if ((ch & 0xc0) != 0x80)
		p->ubad = 1;
	p->ubuf[p->uhave++] = ch;
	if (p->uhave < p->uneed)
		return;
	if (p->ubad) {
		p->uneed = p->uhave = 0;
		return;
	}
	if (p->uneed == 2)
		cp = p->ubuf[0] & 0x1f;
	else if (p->uneed == 3)
		cp = p->ubuf[0] & 0x0f;
	else
		cp = p->ubuf[0] & 0x07;
	for (i = 1; i < p->uneed; i++)
		cp = (cp << 6) | (p->ubuf[i] & 0x3f);
	p->uneed = p->uhave = 0;
	if ((cp < 0x800 && i == 3) || (cp < 0x10000 && i == 4) ||
	    cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return;
	p->ops->print(p->arg, cp);
}

/* Leave the current state (exit actions). */
static void
vtparse_exit(struct vtparse *p)
{
	switch (p->state) {
	case S_OSC:
		if (~p->flags & VTPARSE_DISCARD)
			p->ops->osc(p->arg, p->str ? p->str : "", p->strlen);
		break;
	case S_APC:
		if (~p->flags & VTPARSE_DISCARD)
			p->ops->apc(p->arg, p->str ? p->str : "", p->strlen);
		break;
	}
}

/* Enter a state (entry actions). */
static void
vtparse_enter(struct vtparse *p, int state)
{
	p->state = state;
	switch (state) {
	case S_GROUND:
		buf_clear(&p->pending);
		if (p->pending.cap > 4096) {
			buf_free(&p->pending);
			buf_init(&p->pending);
		}
		if (p->strcap > 4096)
			vtparse_str_reset(p);
		break;
	case S_ESC:
	case S_CSI:
		vtparse_clear(p);
		break;
	case S_DCS:
		vtparse_clear(p);
		p->ops->string(p->arg);
		break;
	case S_OSC:
	case S_APC:
	case S_RENAME:
		vtparse_clear(p);
		vtparse_str_reset(p);
		p->ops->string(p->arg);
		break;
	case S_CONSUME_ST:
		p->ops->string(p->arg);
		break;
	}
}

static void
vtparse_byte(struct vtparse *p, uint8_t ch)
{
	const struct trans	*t;
	int			 next = S_NONE;

	/* Anything but printable ASCII in ground ends a batch of text. */
	if (p->state != S_GROUND || ch < 0x20 || ch > 0x7e)
		p->ops->flush(p->arg);

	/* Anywhere rules, except inside DCS content. */
	if (p->state != S_DCS_HANDLER && p->state != S_DCS_ESCAPE &&
	    (ch == 0x18 || ch == 0x1a || ch == 0x1b)) {
		if (ch == 0x1b)
			next = S_ESC;
		else {
			p->uneed = p->uhave = 0;
			p->ops->execute(p->arg, ch);
			next = S_GROUND;
		}
		vtparse_exit(p);
		vtparse_enter(p, next);
		goto out;
	}

	for (t = tables[p->state]; t->first != 0 || t->last != 0; t++) {
		if (ch >= t->first && ch <= t->last)
			break;
	}
	if (t->first == 0 && t->last == 0)
		goto out;
	/* Only C0 controls and ASCII text end a partial UTF-8 sequence. */
	if (t->action == A_EXECUTE || t->action == A_PRINT)
		p->uneed = p->uhave = 0;

	switch (t->action) {
	case A_PRINT:
		p->ops->print(p->arg, ch);
		break;
	case A_TOPBIT:
		p->ops->topbit(p->arg);
		vtparse_topbit(p, ch);
		break;
	case A_EXECUTE:
		p->ops->execute(p->arg, ch);
		break;
	case A_INTERM:
		if (p->ninterm == VTPARSE_INTERM_BUF - 1)
			p->flags |= VTPARSE_DISCARD;
		else
			p->interm[p->ninterm++] = ch;
		break;
	case A_PARAM:
		if (p->npbuf == VTPARSE_PARAM_BUF - 1)
			p->flags |= VTPARSE_DISCARD;
		else
			p->pbuf[p->npbuf++] = ch;
		break;
	case A_ESC_DISPATCH:
		if (~p->flags & VTPARSE_DISCARD) {
			p->interm[p->ninterm] = '\0';
			p->ops->esc(p->arg, ch);
		}
		break;
	case A_CSI_DISPATCH:
		if (~p->flags & VTPARSE_DISCARD && vtparse_split(p) == 0) {
			p->interm[p->ninterm] = '\0';
			p->ops->csi(p->arg, ch);
		}
		break;
	case A_STRING:
		if (p->state != S_RENAME)
			vtparse_str_add(p, ch);
		break;
	case A_OSC_BEL:
		p->end_bel = 1;
		break;
	}
	next = t->next;
	if (next != S_NONE) {
		vtparse_exit(p);
		vtparse_enter(p, next);
	}

out:
	if (p->state != S_GROUND)
		buf_add_byte(&p->pending, ch);
}

/*
 * A whole CSI sequence at data in ground: ESC [, an optional private
 * marker (< = > ?), parameter bytes (0-9 : ;) and a final byte, all in
 * this buffer. Taken as vtparse_byte takes it byte by byte (the same
 * clear, marker, split and dispatch, then ground) but with one flush
 * instead of one a byte and no table walk: that path was a third of
 * parsing a coloured 5.4 MB burst. Returns its length, or 0 when it is
 * not such a sequence (intermediates, controls inside, a parameter run the
 * buffer would cut, the end of the data): those go byte by byte.
 */
static size_t
vtparse_csi_fast(struct vtparse *p, const uint8_t *data, size_t len)
{
	struct vtparse_param	*pm;
	size_t			 start = 2, end;
	long long		 n = 0;
	int			 colon = 0, fail = 0, have = 0, ok;
	uint8_t			 ch;

	if (len < 3 || data[1] != '[')
		return (0);
	if (data[2] >= 0x3c && data[2] <= 0x3f)
		start = 3;
	/*
	 * Parameters without a colon are split as vtparse_split would split
	 * them while they are scanned (a copy and two more passes before:
	 * 35 of 487 M instructions of the coloured burst).
	 */
	p->nparams = 0;
	for (end = start; end < len; end++) {
		ch = data[end];
		if (ch >= '0' && ch <= '9') {
			n = n * 10 + (ch - '0');
			if (n > INT_MAX) {
				fail = 1;
				n = 0;
			}
			have = 1;
		} else if (ch == ';') {
			if (p->nparams == VTPARSE_MAXPARAMS)
				fail = 1;
			else {
				pm = &p->params[p->nparams++];
				pm->type = have ? VTPARSE_NUMBER :
				    VTPARSE_MISSING;
				pm->num = (int)n;
			}
			n = have = 0;
		} else if (ch == ':')
			colon = 1;
		else
			break;
	}
	if (end == len || data[end] < 0x40 || data[end] > 0x7e ||
	    end - start >= VTPARSE_PARAM_BUF - 1)
		return (0);
	if (end != start && !colon) {
		if (p->nparams == VTPARSE_MAXPARAMS)
			fail = 1;
		else {
			pm = &p->params[p->nparams++];
			pm->type = have ? VTPARSE_NUMBER : VTPARSE_MISSING;
			pm->num = (int)n;
		}
	}

	p->ops->flush(p->arg);
	p->ninterm = 0;
	p->npbuf = 0;
	p->flags &= ~VTPARSE_DISCARD;
	if (start == 3)
		p->interm[p->ninterm++] = (char)data[2];
	p->state = S_CSI_PARAM;
	if (colon) {
		memcpy(p->pbuf, data + start, end - start);
		p->npbuf = end - start;
		ok = (vtparse_split(p) == 0);
	} else
		ok = !fail;
	if (ok) {
		p->interm[p->ninterm] = '\0';
		p->ops->csi(p->arg, data[end]);
	}
	/* What entering ground does, when there is something to do. */
	if (p->pending.len != 0 || p->pending.cap > 4096 || p->strcap > 4096)
		vtparse_enter(p, S_GROUND);
	else
		p->state = S_GROUND;
	return (end + 1);
}

/*
 * How many bytes at data are printable ASCII (20-7E), eight at a time:
 * a word has none below 20 when (w - 0x20..) & ~w has no top bit, none
 * above 7E when (w + 0x01..) | w has none. Borrows and carries only run
 * towards later bytes, so on a little-endian machine the lowest top bit
 * set is the first byte that is not text.
 */
static size_t
vtparse_text_len(const uint8_t *data, size_t len)
{
	const uint64_t	ones = 0x0101010101010101ULL;
	const uint64_t	tops = 0x8080808080808080ULL;
	uint64_t	w, m;
	size_t		n = 0;

	while (len - n >= 8) {
		memcpy(&w, data + n, sizeof w);
		m = (((w - ones * 0x20) & ~w) | ((w + ones) | w)) & tops;
		if (m != 0) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
			return (n + (unsigned)__builtin_ctzll(m) / 8);
#else
			break;
#endif
		}
		n += 8;
	}
	while (n < len && data[n] >= 0x20 && data[n] <= 0x7e)
		n++;
	return (n);
}

/*
 * A whole valid UTF-8 character at data in ground with nothing partial
 * held: what vtparse_byte does for each of its bytes (a flush and topbit
 * a byte, then the print), in one step; the same character repeated
 * right after it (a line of box drawing) in the same step. Returns the
 * length taken, or 0 for anything else (those go byte by byte).
 */
static size_t
vtparse_utf8_fast(struct vtparse *p, const uint8_t *data, size_t len)
{
	uint32_t	cp;
	size_t		need, i, k;

	if (p->uneed != 0)
		return (0);
	if (data[0] >= 0xc2 && data[0] <= 0xdf) {
		need = 2;
		cp = data[0] & 0x1f;
	} else if (data[0] >= 0xe0 && data[0] <= 0xef) {
		need = 3;
		cp = data[0] & 0x0f;
	} else if (data[0] >= 0xf0 && data[0] <= 0xf4) {
		need = 4;
		cp = data[0] & 0x07;
	} else
		return (0);
	if (len < need)
		return (0);
	for (i = 1; i < need; i++) {
		if ((data[i] & 0xc0) != 0x80)
			return (0);
		cp = (cp << 6) | (data[i] & 0x3f);
	}
	if ((cp < 0x800 && need == 3) || (cp < 0x10000 && need == 4) ||
	    cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return (0);
	p->ops->flush(p->arg);
	p->ops->topbit(p->arg);
	if (p->ops->print_repeat != NULL) {
		/* Each again is a flush, a topbit and a print: the same. */
		for (k = need; len - k >= need; k += need) {
			for (i = 0; i < need && data[k + i] == data[i]; i++)
				;
			if (i != need)
				break;
		}
		if (k != need) {
			p->ops->print_repeat(p->arg, cp, k / need);
			return (k);
		}
	}
	p->ops->print(p->arg, cp);
	return (need);
}

void
vtparse_input(struct vtparse *p, const uint8_t *data, size_t len)
{
	size_t	i, n;
	uint8_t	ch;

	if (p->flags & VTPARSE_BYTEWISE) {
		for (i = 0; i < len; i++)
			vtparse_byte(p, data[i]);
		return;
	}
	for (i = 0; i < len; i++) {
		ch = data[i];
		if (p->state != S_GROUND) {
			vtparse_byte(p, ch);
			continue;
		}
		/* Fast paths: text in ground, a whole run at once if we can. */
		if (ch >= 0x20 && ch <= 0x7e) {
			p->uneed = p->uhave = 0;
			if (p->ops->print_ascii != NULL) {
				n = 1 + vtparse_text_len(data + i + 1,
				    len - i - 1);
				p->ops->print_ascii(p->arg, data + i, n);
				i += n - 1;
			} else
				p->ops->print(p->arg, ch);
			continue;
		}
		/* C0 controls but CAN, SUB and ESC: executed, still ground. */
		if (ch < 0x20 && ch != 0x18 && ch != 0x1a && ch != 0x1b) {
			p->ops->flush(p->arg);
			p->uneed = p->uhave = 0;
			p->ops->execute(p->arg, ch);
			continue;
		}
		if (ch == 0x1b &&
		    (n = vtparse_csi_fast(p, data + i, len - i)) != 0) {
			i += n - 1;
			continue;
		}
		if (ch >= 0xc2 &&
		    (n = vtparse_utf8_fast(p, data + i, len - i)) != 0) {
			i += n - 1;
			continue;
		}
		vtparse_byte(p, ch);
	}
}
