/*
 * engine/term public interface: a pure terminal emulator.
 *
 * Bytes a program wrote go in (vt_screen_input); screen state comes out
 * (captures, cursor and mode state). No I/O, no clock, no globals: the only
 * outputs are the screen itself and the reply bytes (DA, DSR, ...) appended
 * to a caller's buffer, which the caller writes back to the program.
 *
 * Behaviour is tmux 3.3a's (input.c, screen-write.c, grid.c as observed
 * through capture-pane and formats), not xterm's.
 *
 * Storage (docs/design.md §2): a cell is 6 bytes (u32 code point / wide flag /
 * cluster id + u16 index into a per-screen palette of attribute and colour
 * combinations); a row stores cells only up to its last non-blank cell.
 */
#ifndef ZEROPTY_VT_H
#define ZEROPTY_VT_H

#include <stddef.h>
#include <stdint.h>

#include "engine/base/buf.h"

struct vt_screen;

/* Create a screen of sx columns and sy rows keeping hlimit history lines. */
struct vt_screen *vt_screen_new(unsigned sx, unsigned sy, unsigned hlimit);
void	vt_screen_free(struct vt_screen *);

/*
 * Parse bytes written by the program. Replies the program should receive
 * (DA1/DA2, DSR, DECRQM, colour queries) are appended to reply (which may
 * be NULL to drop them).
 */
void	vt_screen_input(struct vt_screen *, const uint8_t *, size_t,
	    struct buf *reply);
/*
 * vt_screen_input without packing the rows it touched: for a burst of
 * output read in pieces, packed once at its end with vt_screen_pack (rows
 * that scroll out of history meanwhile are dropped never packed).
 */
void	vt_screen_feed(struct vt_screen *, const uint8_t *, size_t,
	    struct buf *reply);
void	vt_screen_pack(struct vt_screen *);

/* Resize, reflowing wrapped lines (history included) as tmux does. */
void	vt_screen_resize(struct vt_screen *, unsigned sx, unsigned sy);
/* Change the history limit; shrinking drops the oldest lines. */
void	vt_screen_set_history_limit(struct vt_screen *, unsigned);
/* clear-history: drop all history lines. */
void	vt_screen_clear_history(struct vt_screen *);
/* resize-pane -T: lines below the cursor replaced from history. */
void	vt_screen_trim_below_cursor(struct vt_screen *);
/*
 * Reset for respawn-pane, as tmux's screen_reinit: alternate screen off,
 * visible lines cleared, modes, tabs and cursor reset; history is kept.
 */
void	vt_screen_reset(struct vt_screen *);
/*
 * send-keys -R: tmux's input_reset(ictx, 1): attributes, charsets and the
 * parser reset, then a terminal reset (tabs, scroll region, modes, clear
 * the screen - into history as tmux does - and home the cursor).
 */
void	vt_screen_input_reset(struct vt_screen *);
void	vt_screen_set_title(struct vt_screen *, const char *);

/* Events since the last call (bit mask), cleared by the call. */
#define VT_EVENT_TITLE		0x1	/* title changed (OSC 0/2) */
#define VT_EVENT_BELL		0x2
#define VT_EVENT_ALTERNATE	0x4	/* entered or left the alternate screen */
#define VT_EVENT_MODE		0x8	/* a mode flag changed */
#define VT_EVENT_CWD		0x10	/* OSC 7 path changed */
#define VT_EVENT_CLIPBOARD	0x20	/* OSC 52 (vt_screen_take_clipboard) */
unsigned vt_screen_take_events(struct vt_screen *);

/*
 * OSC 52 since the last call, in order: a selection set (its decoded
 * bytes) or a query (data NULL; bel is 1 if it ended with BEL rather than
 * ST, for the reply's end). Cleared by the call.
 */
typedef void (*vt_clipboard_cb)(const uint8_t *data, size_t len, int bel,
    void *arg);
void	vt_screen_take_clipboard(struct vt_screen *, vt_clipboard_cb, void *);

/* Mode flags, as tmux's MODE_* (used for formats and key encoding). */
#define VT_MODE_CURSOR		0x1	/* cursor visible (DECTCEM) */
#define VT_MODE_INSERT		0x2	/* IRM */
#define VT_MODE_KCURSOR		0x4	/* application cursor keys (DECCKM) */
#define VT_MODE_KKEYPAD		0x8	/* application keypad (DECKPAM) */
#define VT_MODE_WRAP		0x10	/* autowrap (DECAWM) */
#define VT_MODE_MOUSE_STANDARD	0x20	/* 1000 */
#define VT_MODE_MOUSE_BUTTON	0x40	/* 1002 */
#define VT_MODE_CURSOR_BLINKING	0x80	/* 12 */
#define VT_MODE_MOUSE_UTF8	0x100	/* 1005 */
#define VT_MODE_MOUSE_SGR	0x200	/* 1006 */
#define VT_MODE_BRACKETPASTE	0x400	/* 2004 */
#define VT_MODE_FOCUSON		0x800	/* 1004 */
#define VT_MODE_MOUSE_ALL	0x1000	/* 1003 */
#define VT_MODE_ORIGIN		0x2000	/* DECOM */
#define VT_MODE_CRLF		0x4000	/* LNM */
#define VT_MODE_KEXTENDED	0x8000	/* extended keys (CSI > 4 ; 1 m) */

/* State read by formats (#{cursor_x} ...) and by key encoding. */
struct vt_state {
	unsigned	 cx, cy;		/* cursor */
	unsigned	 sx, sy;		/* size */
	unsigned	 mode;			/* VT_MODE_* */
	int		 alternate_on;
	unsigned	 alternate_saved_x;
	unsigned	 alternate_saved_y;
	unsigned	 rupper, rlower;	/* scroll region */
	unsigned	 history_size;		/* lines in history */
	unsigned	 history_limit;
	size_t		 history_bytes;		/* as tmux counts it */
	size_t		 history_cells;		/* cells in all lines */
	size_t		 history_extd;		/* extended cells */
	const char	*title;			/* never NULL */
	const char	*path;			/* OSC 7, never NULL */
	int32_t		 fg, bg;		/* OSC 10/11, 8: not set */
};
void	vt_screen_state(struct vt_screen *, struct vt_state *);
/* Tab stops as tmux's #{pane_tabs}: "8,16,24,..." (caller frees). */
char	*vt_screen_tabs(struct vt_screen *);

/*
 * capture-pane. Line numbers are tmux's: 0 is the top visible line,
 * negative numbers reach into history. start_all ("-S -") means the first
 * history line, end_all ("-E -") the last visible line; start_set/end_set
 * say whether -S/-E were given at all (tmux's defaults otherwise).
 */
#define VT_CAPTURE_ESCAPES	0x1	/* -e: SGR sequences for attributes */
#define VT_CAPTURE_OCTAL	0x2	/* -C: escape non-printables as \ooo */
#define VT_CAPTURE_JOIN		0x4	/* -J: join wrapped lines, keep spaces */
#define VT_CAPTURE_TRAILING	0x8	/* -N: keep trailing spaces */
#define VT_CAPTURE_ALTERNATE	0x10	/* -a: the saved (normal) screen */
#define VT_CAPTURE_QUIET	0x20	/* -q: no errors */
struct vt_capture {
	long	 start, end;
	int	 start_set, end_set;
	int	 start_all, end_all;
	unsigned flags;
};
/*
 * Append the captured text to out, as tmux builds its buffer: each line
 * followed by "\n", except wrapped lines with VT_CAPTURE_JOIN (so the last
 * line may lack one). capture-pane -p then drops one trailing "\n" and
 * prints a "\n" after the text. Returns 0, or -1 with *cause set to tmux's
 * message (for example "no alternate screen").
 */
int	vt_screen_capture(struct vt_screen *, const struct vt_capture *,
	    struct buf *out, const char **cause);
/* capture-pane -P: the pending (incomplete) sequence the parser holds. */
void	vt_screen_capture_pending(struct vt_screen *, unsigned flags,
	    struct buf *out);

/* Bytes of memory this screen holds (for accounting and tests). */
size_t	vt_screen_memory(struct vt_screen *);

/*
 * Folding quiet screens (docs/design.md §3). Rows are always stored packed
 * between reads; on top of that the caller may freeze a quiet screen into
 * one blob and later deep-freeze it into a cold store. Everything above
 * keeps working on a frozen screen with the same answers: input, resize,
 * history changes and resets thaw it; captures, vt_screen_tabs and
 * vt_screen_state read it without thawing. engine/term has no clock: the
 * caller decides when (vt_fold_* below is a policy it may use).
 */
#define VT_FROZEN_NO	0
#define VT_FROZEN	1	/* one blob in memory */
#define VT_FROZEN_DEEP	2	/* zstd-compressed in a cold store */
void	vt_screen_freeze(struct vt_screen *);
int	vt_screen_is_frozen(struct vt_screen *);
/* Thaw now (writes do it themselves; input of 0 bytes does not). */
void	vt_screen_thaw(struct vt_screen *);

/*
 * Where deep-frozen blobs go (engine/sys/cold-store.c implements it on one
 * O_TMPFILE file). put stores len bytes and returns an id >= 0, or -1 on
 * failure; get reads exactly len bytes of id back (0, or -1); free forgets
 * id. The store must outlive every screen deep-frozen into it.
 */
struct vt_cold_store {
	void	*handle;
	int64_t	(*put)(void *, const void *, size_t);
	int	(*get)(void *, int64_t, void *, size_t);
	void	(*free)(void *, int64_t, size_t);
};
/*
 * Freeze (if not frozen), compress the blob with zstd and move it to the
 * store. Returns 0, or -1 if the store refused it (the screen stays
 * frozen in memory). If get later fails, the screen thaws empty.
 */
int	vt_screen_deep_freeze(struct vt_screen *, const struct vt_cold_store *);

/*
 * Freeze policy: freeze after delay ms without output (250 ms, doubling
 * up to 800 ms for a screen thawed by output within VT_FOLD_CHURN of being
 * frozen, back to 250 ms after one stayed frozen VT_FOLD_SETTLE), deep-freeze
 * after VT_FOLD_DEEP_DELAY without output. Times are the caller's, in ms.
 */
#define VT_FOLD_DELAY_MIN	250
#define VT_FOLD_DELAY_MAX	800
#define VT_FOLD_CHURN		2000
#define VT_FOLD_SETTLE		10000
#define VT_FOLD_DEEP_DELAY	10000
struct vt_fold {
	uint64_t	last_output;
	uint64_t	frozen_at;	/* 0: not frozen by the policy */
	unsigned	delay;
};
#define VT_FOLD_NOTHING		0
#define VT_FOLD_FREEZE		1
#define VT_FOLD_DEEP_FREEZE	2
void	vt_fold_init(struct vt_fold *);
/* Output was parsed at now; was_frozen: vt_screen_is_frozen before it. */
void	vt_fold_output(struct vt_fold *, uint64_t now, int was_frozen);
/*
 * What to do at now with a screen in state frozen (VT_FROZEN_*): returns
 * VT_FOLD_*, and sets *next to when to ask again (0: not until output).
 */
int	vt_fold_action(struct vt_fold *, uint64_t now, int frozen,
	    uint64_t *next);

/*
 * Drawing: the visible rows first..first+n-1, sx cells each (out holds
 * n * sx), every cell's text (UTF-8, "" for the right half of a wide
 * character), width and style. Attributes are VT_ATTR_*, colours as tmux
 * (0-7, 90-97, 8 default, VT_COLOUR_256|n, VT_COLOUR_RGB|0xrrggbb).
 * Cells beyond the screen are left as they are.
 */
#define VT_ATTR_BRIGHT		0x1
#define VT_ATTR_DIM		0x2
#define VT_ATTR_UNDERSCORE	0x4
#define VT_ATTR_BLINK		0x8
#define VT_ATTR_REVERSE		0x10
#define VT_ATTR_HIDDEN		0x20
#define VT_ATTR_ITALICS		0x40
#define VT_ATTR_CHARSET		0x80
#define VT_ATTR_STRIKETHROUGH	0x100
#define VT_ATTR_UNDERSCORE_2	0x200
#define VT_ATTR_UNDERSCORE_3	0x400
#define VT_ATTR_UNDERSCORE_4	0x800
#define VT_ATTR_UNDERSCORE_5	0x1000
#define VT_ATTR_OVERLINE	0x2000
#define VT_COLOUR_DEFAULT	8
#define VT_COLOUR_256		0x01000000
#define VT_COLOUR_RGB		0x02000000
struct vt_rcell {
	char		data[16];
	uint8_t		width;
	uint8_t		cleared;	/* never written (a renderer may EL it) */
	uint16_t	attr;
	int32_t		fg, bg, us;
};
void	vt_screen_read_rows(struct vt_screen *, unsigned first, unsigned n,
	    unsigned sx, struct vt_rcell *out);
/* The same from any line, numbered as capture-pane (negative: history). */
void	vt_screen_read_lines(struct vt_screen *, long first, unsigned n,
	    unsigned sx, struct vt_rcell *out);
/* Whether a line (numbered as above) wraps into the next. */
int	vt_screen_line_wrapped(struct vt_screen *, long line);
/*
 * A copy of the screen's contents, history and cursor, for a reader that
 * must not see it change (copy mode). Free with vt_screen_free.
 */
struct vt_screen *vt_screen_snapshot(struct vt_screen *);

#endif
