/*
 * engine/term internal definitions shared by the parser, the screen
 * operations and capture: cells, rows, the grid ring and the screen itself.
 * Not for use outside engine/term (use vt.h).
 */
#ifndef ZEROPTY_VT_INT_H
#define ZEROPTY_VT_INT_H

#include <stddef.h>
#include <stdint.h>

#include "engine/base/buf.h"
#include "engine/term/vt.h"
#include "engine/term/vtparse.h"

/* Attributes (VT_ATTR_*) and colours (VT_COLOUR_*) are in vt.h. */
#define VT_ATTR_ALL_UNDERSCORE (VT_ATTR_UNDERSCORE|VT_ATTR_UNDERSCORE_2| \
	VT_ATTR_UNDERSCORE_3|VT_ATTR_UNDERSCORE_4|VT_ATTR_UNDERSCORE_5)

/* One palette entry: an attribute and colour combination. */
struct vt_style {
	uint16_t	attr;
	int32_t		fg;
	int32_t		bg;
	int32_t		us;
};

/*
 * A cell: 6 bytes. cp holds a code point, or a cluster id when
 * VT_CELL_CLUSTER is set; style indexes the screen's palette.
 */
#define VT_CELL_PADDING		0x80000000u	/* right half of a wide cell */
#define VT_CELL_WIDE		0x40000000u	/* two columns */
#define VT_CELL_CLUSTER		0x20000000u	/* cp is an intern id */
#define VT_CELL_EXTD		0x10000000u	/* tmux's extended entry */
#define VT_CELL_VALUE		0x0fffffffu
struct vt_cell {
	uint32_t	cp;
	uint16_t	style;
} __attribute__((packed));

#define VT_ROW_WRAPPED		0x1
#define VT_ROW_PACKED		0x2	/* cells holds the row codec's bytes */
#define VT_ROW_PEXTD		0x4	/* packed and pextd is known */
#define VT_ROW_EXTDANY		0x8	/* a cell may have VT_CELL_EXTD */

/*
 * A row stores cells up to its last non-blank one (len). used, size and
 * extd follow tmux's cellused, cellsize and extdsize, which capture -N and
 * history_bytes expose.
 *
 * A packed row (VT_ROW_PACKED, fold-row.c) keeps len/used/size/extd but
 * its cells pointer holds cap bytes of the compact row encoding instead;
 * grid_row() expands it, grid_row_peek() does not.
 */
struct vt_row {
	struct vt_cell	*cells;
	uint16_t	 len;
	uint16_t	 cap;
	uint16_t	 used;
	uint16_t	 size;
	uint16_t	 extd;
	uint8_t		 flags;
	uint16_t	 pextd;		/* packed: EXTD cells up to size */
};

/*
 * The oldest history lines sealed away (fold-hist.c): encoded as a frozen
 * screen's lines are, VT_HIST_CHUNK lines a chunk, each zstd-compressed
 * once full (most against the chunk before); the newest chunk is filled
 * first, uncompressed. Sealed when
 * the screen freezes; a screen thawed by output leaves them sealed.
 */
#define VT_HIST_CHUNK	256
#define VT_HIST_CHAIN	8	/* chunks packed one against the next */
struct vt_hist_chunk {
	uint8_t		*data;		/* zstd-compressed, or raw if !packed */
	size_t		 len;		/* bytes at data */
	size_t		 rawlen;	/* encoded lines' length */
	unsigned	 n;		/* lines */
	int		 packed;
	int		 prefixed;	/* packed with chunk i-1 as zstd prefix */
	size_t		 cells, extd;	/* sums of their size and extd */
};
struct vt_hist {
	struct vt_hist_chunk *chunks;
	unsigned	 nchunks;
	unsigned	 rows;		/* lines sealed */
	size_t		 cells, extd;

	/*
	 * Deep-frozen: the first ncold chunks as one zstd frame in a cold
	 * store (their data NULL; rawlen tells where each starts).
	 */
	const struct vt_cold_store *cold;
	int64_t		 cold_id;
	size_t		 cold_len, cold_raw;
	unsigned	 ncold;
};

/*
 * Lines 0..hsize-1 are history, hsize..hsize+sy-1 the visible screen.
 * Lines 0..hist->rows-1 are sealed in hist (NULL: none; a pointer as most
 * grids never have any); the ring holds the rest, line y at
 * rows[(base + y - grid_sealed(gd)) % cap].
 */
struct vt_grid {
	struct vt_row	*rows;		/* ring of cap rows */
	unsigned	 cap;
	unsigned	 base;
	unsigned	 sx, sy;
	unsigned	 hsize, hlimit, hscrolled;
	int		 history;	/* keeps history (GRID_HISTORY) */
	int		 unpacked_all;	/* expanded rows may be anywhere */
	struct vt_hist	*hist;
};

static inline unsigned
grid_sealed(const struct vt_grid *gd)
{
	return (gd->hist != NULL ? gd->hist->rows : 0);
}

/* Palette of styles, interned; index 0 is the default style. */
struct vt_palette {
	struct vt_style	*styles;
	unsigned	 n, cap;
	uint16_t	*hash;		/* open addressing, 0 empty, else i+1 */
	unsigned	 hcap;
	uint16_t	 last;		/* index palette_add returned last */
};

/* Multi-code-point clusters (base + combining marks), interned. */
#define VT_CLUSTERS_MAX		65536	/* compacted when reached */
struct vt_intern {
	char		**strs;
	unsigned	 n, cap;
	uint32_t	*hash;		/* open addressing, 0 empty, else id+1 */
	unsigned	 hcap;
};

/*
 * A frozen screen (fold.c); blob is NULL once deep-frozen (fold-deep.c).
 * The grids' sealed history lines are not in the blob but kept as they
 * are (hist[0] the main grid's, hist[1] the saved grid's).
 */
struct vt_fold_state {
	uint8_t		*blob;
	size_t		 len;		/* raw blob length */
	struct vt_hist	*hist[2];
	struct vt_state	 state;		/* snapshot; title, path live */

	const struct vt_cold_store *cold;	/* deep-frozen: where */
	int64_t		 cold_id;
	size_t		 cold_len;
	uint8_t		*(*load)(struct vt_screen *);	/* raw blob back */
};

/* Saved cursor (DECSC). */
struct vt_saved {
	unsigned	 cx, cy;
	struct vt_style	 cell;
	int		 g0set, g1set, set;
	int		 origin;
};

struct vt_screen {
	struct vt_grid	*grid;
	struct vt_grid	*saved_grid;	/* alternate screen on */
	unsigned	 saved_cx, saved_cy;
	struct vt_style	 saved_cell;
	int		 saved_set, saved_g0, saved_g1;

	unsigned	 cx, cy;
	unsigned	 rupper, rlower;
	unsigned	 mode;
	uint8_t		*tabs;		/* one byte per column */
	unsigned	 tabs_size;

	/* Current SGR and charset state (tmux's input_cell). */
	struct vt_style	 cell;
	int		 g0set, g1set;	/* G0/G1 are DEC line drawing */
	int		 shifted;	/* SO: G1 selected */
	int		 set;		/* printing in line drawing now */
	struct vt_saved	 dsc;		/* DECSC */

	uint8_t		*run;		/* batched ASCII (tmux's collect) */
	unsigned	 run_len, run_cap;
	uint16_t	 run_style;

	int		 zwj;		/* a ZWJ is waiting for its partner */
	uint32_t	 last;		/* last printed cell for REP */
	int		 last_valid;
	unsigned	 cstyle;	/* DECSCUSR */

	char		*title;
	char		**titles;	/* pushed titles (CSI 22 t) */
	unsigned	 ntitles;
	char		*path;
	int32_t		 fg, bg;	/* OSC 10/11 default colours, or 8 */
	unsigned	 events;
	struct buf	*clip;		/* OSC 52 not yet taken, or NULL */

	struct vt_palette pal;
	struct vt_intern clusters;
	struct vtparse	*parser;	/* NULL while frozen and idle */
	struct buf	*reply;

	struct vt_fold_state *fold;	/* frozen (fold.c), else NULL */
};

/* utf8.c */
#include "engine/term/utf8.h"

/* grid.c: rows and the grid ring. */
struct vt_grid	*grid_create(unsigned, unsigned, unsigned);
void		 grid_destroy(struct vt_grid *);
struct vt_row	*grid_row(struct vt_grid *, unsigned);
struct vt_row	*grid_row_peek(struct vt_grid *, unsigned);
struct vt_cell	 grid_row_cell(const struct vt_row *, unsigned);
void		 grid_row_free(struct vt_row *);
int		 grid_cell_extended(struct vt_screen *, struct vt_cell);
void		 grid_expand(struct vt_grid *, struct vt_row *, unsigned);
void		 grid_set_cell(struct vt_screen *, struct vt_grid *, unsigned,
		     unsigned, struct vt_cell);
void		 grid_set_run(struct vt_screen *, struct vt_grid *,
		     struct vt_row *, unsigned, const uint8_t *, unsigned,
		     uint16_t);
void		 grid_set_repeat(struct vt_grid *, struct vt_row *, unsigned,
		     uint32_t, uint16_t, unsigned);
void		 grid_clear_cells(struct vt_screen *, struct vt_grid *,
		     unsigned, unsigned, unsigned, unsigned, uint16_t);
void		 grid_empty_line(struct vt_screen *, struct vt_grid *,
		     unsigned, uint16_t);
void		 grid_move_cells(struct vt_screen *, struct vt_grid *,
		     unsigned, unsigned, unsigned, unsigned, uint16_t);
void		 grid_scroll_history(struct vt_screen *, struct vt_grid *,
		     uint16_t);
void		 grid_collect_history(struct vt_grid *);
void		 grid_trim_history(struct vt_grid *, unsigned);
void		 grid_remove_history(struct vt_grid *, unsigned);
void		 grid_scroll_region_up(struct vt_screen *, struct vt_grid *,
		     unsigned, unsigned, uint16_t);
void		 grid_scroll_region_down(struct vt_screen *, struct vt_grid *,
		     unsigned, unsigned, uint16_t);
void		 grid_move_lines(struct vt_screen *, struct vt_grid *,
		     unsigned, unsigned, unsigned, uint16_t);
void		 grid_set_lines(struct vt_grid *, unsigned);
struct vt_grid	*grid_duplicate_visible(struct vt_grid *, unsigned);
size_t		 grid_memory(struct vt_grid *);
void		 grid_row_trim(struct vt_row *);
void		 grid_row_trim_to(struct vt_row *, unsigned);

/* fold-row.c: the row codec (docs/design.md §3). */
#define FOLD_ROW_BOUND(n)	((size_t)(n) * 10 + 16)
size_t		 fold_row_encode(const struct vt_cell *, unsigned, uint8_t *);
int		 fold_row_decode(const uint8_t *, size_t, struct vt_cell *,
		     unsigned);
void		 fold_row_pack(struct vt_row *);
void		 fold_row_unpack(struct vt_row *);
unsigned	 fold_row_count_extd(const struct vt_row *, unsigned);
const struct vt_cell *fold_row_cells(const struct vt_row *, struct vt_cell **,
		     unsigned *);
void		 fold_row_grid_pack(struct vt_grid *, unsigned);

/* fold.c: freezing; a line in the frozen form. */
struct fold_reader {
	const uint8_t	*p, *end;
};
void		 fold_put_row(struct buf *, const struct vt_row *);
void		 fold_get_row(struct fold_reader *, struct vt_row *, int);

/* fold-hist.c: sealed history lines. */
void		 fold_hist_seal(struct vt_grid *);
void		 fold_hist_unseal(struct vt_grid *);
void		 fold_hist_copy(struct vt_grid *, const struct vt_hist *);
void		 fold_hist_drop(struct vt_grid *, unsigned);
void		 fold_hist_free(struct vt_hist *);
void		 fold_hist_deep_freeze(struct vt_hist *,
		     const struct vt_cold_store *);

/* fold-deep.c */
uint8_t		*fold_deep_cold_load(const struct vt_cold_store *, int64_t, size_t,
		     size_t);
size_t		 fold_hist_memory(const struct vt_hist *);

void		 fold_thaw(struct vt_screen *);
struct vt_screen *fold_peek(struct vt_screen *, unsigned, unsigned);
/* A frozen screen's tab stops as s->tabs would be; NULL if it has none. */
uint8_t		*fold_peek_tabs(struct vt_screen *, unsigned *);
void		 fold_peek_done(struct vt_screen *, struct vt_screen *);
void		 fold_free(struct vt_screen *);
size_t		 fold_memory(struct vt_screen *);
void		 fold_state(struct vt_screen *, struct vt_state *);
void		 fold_blank(struct vt_screen *, const struct vt_state *);
size_t		 fold_history_bytes(struct vt_grid *, size_t *, size_t *);

/* screen.c */
struct vtparse	*screen_parser_new(struct vt_screen *);

/* resize.c */
void		 resize_screen(struct vt_screen *, unsigned, unsigned, int);

/* palette.c: styles and clusters. */
uint16_t	 palette_add(struct vt_palette *, const struct vt_style *);
const struct vt_style *palette_get(struct vt_palette *, uint16_t);
int		 palette_full(struct vt_palette *);
void		 palette_compact(struct vt_palette *, const uint8_t *,
		     uint16_t *);
void		 palette_free(struct vt_palette *);
void		 palette_restore(struct vt_palette *, const struct vt_style *,
		     unsigned);
uint32_t	 palette_intern_add(struct vt_intern *, const char *, size_t);
const char	*palette_intern_get(struct vt_intern *, uint32_t);
void		 palette_intern_free(struct vt_intern *);
void		 palette_intern_compact(struct vt_intern *, const uint8_t *,
		     uint32_t *);
void		 palette_style_default(struct vt_style *);
size_t		 palette_memory(struct vt_palette *, struct vt_intern *);

/* screen-ops.c: what tmux's screen-write.c does. */
uint16_t screen_ops_style(struct vt_screen *, const struct vt_style *);
void	 screen_ops_put(struct vt_screen *, uint32_t, int);
void	 screen_ops_put_repeat(struct vt_screen *, uint32_t, size_t);
void	 screen_ops_collect_add(struct vt_screen *, uint8_t);
void	 screen_ops_collect_run(struct vt_screen *, const uint8_t *, size_t);
void	 screen_ops_collect_end(struct vt_screen *);
void	 screen_ops_print_run(struct vt_screen *, const uint8_t *, size_t);
void	 screen_ops_combine(struct vt_screen *, uint32_t);
void	 screen_ops_linefeed(struct vt_screen *, int, int);
void	 screen_ops_reverse_index(struct vt_screen *);
void	 screen_ops_backspace(struct vt_screen *);
void	 screen_ops_tab(struct vt_screen *);
void	 screen_ops_backtab(struct vt_screen *, unsigned);
void	 screen_ops_cursor_up(struct vt_screen *, unsigned);
void	 screen_ops_cursor_down(struct vt_screen *, unsigned);
void	 screen_ops_cursor_left(struct vt_screen *, unsigned);
void	 screen_ops_cursor_right(struct vt_screen *, unsigned);
void	 screen_ops_cursor_move(struct vt_screen *, int, int, int);
void	 screen_ops_erase_display(struct vt_screen *, int);
void	 screen_ops_erase_line(struct vt_screen *, int);
void	 screen_ops_insert_chars(struct vt_screen *, unsigned);
void	 screen_ops_delete_chars(struct vt_screen *, unsigned);
void	 screen_ops_erase_chars(struct vt_screen *, unsigned);
void	 screen_ops_insert_lines(struct vt_screen *, unsigned);
void	 screen_ops_delete_lines(struct vt_screen *, unsigned);
void	 screen_ops_scroll_up(struct vt_screen *, unsigned);
void	 screen_ops_scroll_down(struct vt_screen *, unsigned);
void	 screen_ops_set_region(struct vt_screen *, unsigned, unsigned);
void	 screen_ops_alignment_test(struct vt_screen *);
void	 screen_ops_alternate_on(struct vt_screen *, int);
void	 screen_ops_alternate_off(struct vt_screen *, int);
void	 screen_ops_save_cursor(struct vt_screen *);
void	 screen_ops_restore_cursor(struct vt_screen *);
void	 screen_ops_full_reset(struct vt_screen *);
void	 screen_ops_clear_history(struct vt_screen *);
void	 screen_ops_mode_set(struct vt_screen *, unsigned);
void	 screen_ops_mode_clear(struct vt_screen *, unsigned);
uint16_t screen_ops_bg_style(struct vt_screen *);
void	 screen_ops_reset_tabs(struct vt_screen *);

/* vt-dispatch.c: ESC, CSI, OSC and C0 meanings. */
void	 vt_dispatch_c0(struct vt_screen *, uint8_t);
void	 vt_dispatch_esc(struct vt_screen *, struct vtparse *, uint8_t);
void	 vt_dispatch_csi(struct vt_screen *, struct vtparse *, uint8_t);
void	 vt_dispatch_osc(struct vt_screen *, const char *, size_t);
void	 vt_dispatch_apc(struct vt_screen *, const char *, size_t);
void	 vt_dispatch_print(struct vt_screen *, uint32_t);
void	 vt_dispatch_print_ascii(struct vt_screen *, const uint8_t *, size_t);
void	 vt_dispatch_print_repeat(struct vt_screen *, uint32_t, size_t);

/* vt-sgr.c */
void	 vt_sgr(struct vt_screen *, struct vtparse *);

/* vt-reply.c */
void	 vt_reply_da(struct vt_screen *, int);
void	 vt_reply_dsr(struct vt_screen *, unsigned);
void	 vt_reply_xda(struct vt_screen *);
void	 vt_reply_size(struct vt_screen *);

#endif
