/*
 * Attached clients (attach-session, new-session without -d): the server
 * side of a person's terminal. tty.c keeps the clients, their
 * input and size; tty-draw.c composes what the terminal should show
 * (panes, borders, status line) and writes only the cells that changed;
 * tty-keys.c splits input into keys.
 */
#ifndef ZEROPTY_TTY_H
#define ZEROPTY_TTY_H

#include <sys/queue.h>

#include <time.h>

#include "engine/base/buf.h"
#include "engine/term/vt.h"
#include "tmux-compat/tty-term.h"

struct client;
struct cmdq_item;
struct pane;
struct session;
struct window;
struct cmd_find_state;
struct event;

/* The last mouse event (tty-mouse.c). */
struct tty_mouse {
	int		 valid;
	int		 had_event;	/* lx, ly are set */
	unsigned	 session_id;
	int		 wl_idx;	/* window under it (or the current) */
	unsigned	 pane_id;	/* pane under it (-1u: none) */
	unsigned	 x, y;		/* on the client */
	unsigned	 px, py;	/* in the pane */
	unsigned	 lpx, lpy;	/* the event before, in its pane */
	unsigned	 lx, ly;	/* the event before, on the client */
	unsigned	 b;		/* SGR button code */
	int		 release;
	int		 sgr;
	int		 dragging;
	unsigned	 drag_button;
	char		 key[32];	/* its key name (MouseDown1Pane ...) */
};

/*
 * A #[range=...] of a status line where it was drawn (format-draw.c), for
 * mouse clicks: type is a STYLE_RANGE_* (style.h), argument the window
 * index.
 */
struct tty_range {
	unsigned	 x0, x1;
	unsigned	 line;
	int		 type;
	unsigned	 argument;
};

/* What a command client can wait for on an attached client (no -b). */
enum tty_wait {
	TTY_WAIT_PROMPT,	/* command-prompt, confirm-before */
	TTY_WAIT_MENU,		/* display-menu */
	TTY_WAIT_POPUP,		/* display-popup */
	TTY_NWAIT
};

struct tty_client {
	struct client	*c;
	int		 fd;		/* the terminal itself, or -1 (relayed) */
	int		 fd_flags;	/* its flags before, to give back */
	struct event	*fd_read;
	struct event	*fd_write;
	struct buf	 out;		/* for the terminal, not yet written */
	unsigned	 session_id;
	unsigned	 last_session_id;	/* -1u: none */
	struct tty_term	*term;
	unsigned	 sx, sy;
	int		 readonly;
	int		 suspended;	/* locked or suspended: the client has it */
	unsigned long long activity;	/* larger: used more recently */

	/* What the outer terminal shows (NULL: unknown, redraw all). */
	struct vt_rcell	*shown;
	/*
	 * The frame being composed, kept between frames: allocated afresh,
	 * its 69 KB (80x24) were zeroed and page-faulted in again for every
	 * key echoed (perf: memset and page faults 7 % of the server's time
	 * while typing).
	 */
	struct vt_rcell	*frame;
	unsigned	 frame_n;
	struct tty_style cur;		/* its current style */
	int		 acs;		/* its line-drawing charset is on */
	int		 cx, cy;	/* its cursor, -1: unknown */
	int		 cursor_on;	/* -1: unknown */
	struct event	*redraw_ev;
	int		 status_dirty;	/* the status line must be redone */
	time_t		 status_time;	/* when it last was */
	struct vt_rcell	*status;	/* as drawn (status_n lines of sx) */
	unsigned	 status_n;
	unsigned	 status_lines;	/* how many there were */
	unsigned	 status_sx;
	struct tty_style border_normal;	/* pane-border-style, worked out */
	struct tty_style border_active;	/* with the status line */
	int		 border_set;

	/* Input: bytes not yet a whole key, and the key table. */
	struct buf	 keys;
	struct event	*escape_ev;
	char		*key_table;	/* NULL: root */
	struct event	*repeat_ev;

	/* command-prompt, confirm-before (status-prompt.c). */
	struct tty_prompt *prompt;
	unsigned	 prompt_x;	/* where its cursor was drawn */
	/* display-menu (menu.c), display-popup (popup.c): one at most. */
	struct tty_menu	*menu;
	struct tty_popup *popup;
	/* Command clients waiting for the prompt, menu or popup to end. */
	struct client	*waiting[TTY_NWAIT];

	char		*title;		/* set-titles: what was sent */

	/* Output of commands run from keys: shown in view mode after. */
	struct buf	 view;

	/* display-panes: shown until a key or the timer. */
	int		 dp_on;
	char		*dp_template;	/* NULL: -N, keys are not taken */
	struct event	*dp_ev;

	/* The mouse (tty-mouse.c). */
	struct tty_mouse mouse;
	/*
	 * Clicks: a second click of a button within 300 ms is SecondClick,
	 * a third TripleClick; a second with no third is DoubleClick once
	 * the time is up (tmux 3.3a's click timer).
	 */
	struct event	*click_ev;
	int		 click;		/* TTY_CLICK_* awaited */
	unsigned	 click_button;
	struct tty_mouse click_mouse;	/* the second click, for DoubleClick */
	char		 click_name[64];
	int		 mouse_on;	/* reporting is on in the terminal */
	int		 paste_on;	/* bracketed paste is on in it */
	int		 focus_on;	/* it reports focus (focus-events) */
	int		 focused;	/* its last focus report was in */
	int		 pasting;	/* between its paste start and end */
	struct buf	 paste;		/* keys and paste of this read, for the pane */
	unsigned	 drag_pane;
	int		 drag_border;	/* resize-pane -M: a border drag */
	struct tty_range *ranges;
	unsigned	 nranges;

	/* display-message without -p: shown in the status line. */
	char		*message;
	struct event	*message_ev;

	TAILQ_ENTRY(tty_client) entry;
};

/* tty.c */
int		 tty_attach(struct cmdq_item *, struct session *, int readonly);
/* Leave with tmux's last words ("detached (from session s)", "exited"). */
void		 tty_detach(struct client *, const char *message);
void		 tty_detach_status(struct client *, const char *message,
		    int retval, int hup);
void		 tty_detach_from_session(struct client *, int hup);
void		 tty_detach_all(const char *message, int retval);
/* A command line typed or chosen on an attached client (status-prompt.c). */
void		 status_prompt_run_command(struct client *, const char *,
		    const struct cmd_find_state *);
/* display-menu (menu.c). */
struct tty_menu;
struct tty_menu	*menu_new(const char *title);
void		 menu_add(struct tty_menu *, const char *name,
		    long long key, const char *command);
unsigned	 menu_count(struct tty_menu *);
unsigned	 menu_width(struct tty_menu *);
void		 menu_stay_open(struct tty_menu *);
#define TTY_MENU_TAB	 0x1
#define TTY_MENU_NOMOUSE 0x2
void		 menu_set_callback(struct tty_menu *,
		    void (*)(struct client *, int, void *), void *, int flags);
void		 menu_free(struct tty_menu *);
int		 menu_show(struct client *, struct tty_menu *, unsigned,
		    unsigned, const struct cmd_find_state *, int mouse,
		    struct client *waiter);
void		 menu_close(struct client *);
void		 menu_key(struct client *, const char *name);
void		 menu_mouse(struct client *, unsigned button, unsigned,
		    unsigned, int release, int motion);
void		 menu_draw(struct tty_client *, struct vt_rcell *,
		    const struct tty_style *, int utf8);
/* -x/-y of display-menu and display-popup (cmd-display-menu.c). */
void		 cmd_display_menu_position(struct cmdq_item *, struct client *,
		    unsigned w, unsigned h, unsigned *px, unsigned *py,
		    int *mouse);
int		 cmd_display_menu_waits(struct cmdq_item *, struct client *);
/* Tab at the prompt (prompt-complete.c, status-prompt.c). */
char		*prompt_complete(struct client *, const char *word,
		    unsigned offset, int type, unsigned prompt_width);
void		 status_prompt_replace_word(struct client *, const char *s,
		    int whole);
/* display-popup (popup.c). */
#define POPUP_LINES_NONE 6	/* popup-border-lines "none" */
struct tty_popup;
struct tty_popup_spec {
	unsigned	 px, py, sx, sy;	/* the box, border included */
	int		 lines;		/* popup-border-lines choice */
	int		 close_exit;	/* 1: -E, 2: -EE */
	const char	*title;
	const char	*popup_style;	/* the options' values */
	const char	*popup_border_style;
	const char	*style;		/* -s, -S or NULL */
	const char	*border_style;
};
int		 popup_show(struct client *, const struct tty_popup_spec *,
		    struct session *, const char *shellcmd, int argc,
		    char **argv, const char *cwd, char **env,
		    struct client *waiter, char **cause);
void		 popup_close(struct client *);
void		 popup_pane_changed(struct pane *);
void		 popup_pane_check(struct pane *);
void		 popup_reaped(void);
void		 popup_resize(struct client *);
void		 popup_key(struct client *, const char *name,
		    const uint8_t *, size_t);
void		 popup_mouse(struct client *, const uint8_t *, size_t);
void		 popup_draw(struct tty_client *, struct vt_rcell *, int utf8,
		    int *cx, int *cy, int *visible);
/* Drawing pieces for overlays (tty-draw.c). */
unsigned	 tty_draw_text_width(const char *);
void		 tty_draw_blank(struct vt_rcell *, const struct tty_style *);
void		 tty_draw_text_style(struct vt_rcell *, unsigned, unsigned *,
		    unsigned, const char *, const struct tty_style *);
void		 tty_draw_text_limit(struct vt_rcell *, unsigned, unsigned *,
		    unsigned, const char *);
void		 tty_draw_border(struct vt_rcell *, int, int, int, int, int);

/* OSC 52 to the terminals of the clients showing a window. */
void		 tty_set_selection(struct window *, const uint8_t *, size_t);
/* lock-* and suspend-client (lock_command NULL), until tty_wake. */
void		 tty_suspend(struct client *, const char *lock_command);
void		 tty_lock(struct client *);
void		 tty_wake(struct client *);
void		 tty_free(struct client *);
int		 tty_is_attached(struct client *);
struct session	*tty_session(struct client *);
struct session	*tty_last_session(struct client *);
void		 tty_switch(struct client *, struct session *);
void		 tty_input(struct client *, const uint8_t *, size_t);
void		 tty_resize(struct client *, unsigned sx, unsigned sy);
/* Something changed: redraw attached clients on the next loop turn. */
void		 tty_redraw_all(void);
void		 focus_update(void);	/* focus.c */
void		 tty_redraw_client(struct client *);
void		 tty_pane_changed(struct pane *);
int		 tty_pane_watched(struct pane *);
int		 tty_any(void);
/* The attached client that was active last, or NULL. */
struct client	*tty_latest(void);
int		 tty_latest_window_size(unsigned *, unsigned *);
struct tty_client *tty_first(void);
struct tty_client *tty_next(struct tty_client *);
/* Commands from this client's keys are done: show output, if any. */
void		 tty_show_output(struct client *);
/* Ring the terminal's bell (alerts). */
void		 tty_bell(struct client *);
/* Show a message in the client's status line for display-time. */
void		 tty_set_message(struct client *, const char *);
/* A command's error, as tmux shows one (first letter capitalised). */
void		 tty_set_error(struct client *, const char *);
/* Sizes of the session's windows follow its clients (window-size). */
void		 tty_size_windows(struct session *);

/* The message shown goes (a key, a prompt). */
void		 tty_clear_message(struct client *);
/* status-prompt.c */
#define TTY_PROMPT_SINGLE	0x1	/* -1: one key answers */
#define TTY_PROMPT_NUMERIC	0x2	/* -N: digits only */
#define TTY_PROMPT_KEY		0x4	/* -k: the answer is a key name */
#define TTY_PROMPT_CONFIRM	0x8	/* confirm-before: y or nothing */
#define TTY_PROMPT_INCREMENTAL	0x10	/* -i: the template runs as it is typed */
struct tty_prompt;
void		 status_prompt_start(struct client *, unsigned n, char **prompts,
		    char **inputs, const char *template, int flags,
		    int history_type);
void		 status_prompt_wait(struct client *, struct client *waiter);
/* A prompt whose answer (NULL: Escape) goes to cb; arg freed after. */
typedef void	(*tty_prompt_cb)(struct client *, const char *answer,
		    void *arg);
void		 status_prompt_start_cb(struct client *, const char *prompt,
		    const char *input, int flags, int history_type,
		    tty_prompt_cb cb, void *arg);
/*
 * Waiters (tty.c): waiter goes on when c's prompt, menu or popup
 * ends (tty_wait_end takes it, or NULL); a client that goes away is
 * forgotten by all of them.
 */
void		 tty_wait_set(struct client *c, enum tty_wait,
		    struct client *waiter);
struct client	*tty_wait_end(struct client *c, enum tty_wait);
void		 tty_wait_client_gone(struct client *);
void		 status_prompt_clear(struct client *);
/* Parse and run template with %% and %1 replaced by value. */
void		 status_prompt_run_template(struct client *, const char *template,
		    const char *value, const struct cmd_find_state *);
void		 status_prompt_key(struct client *, const char *name,
		    const uint8_t *data, size_t len);
/* The prompt shown (NULL: none), the input and the cursor in it. */
const char	*status_prompt_text(struct client *, char **input,
		    size_t *cursor);

/* display-panes for delay ms (0: until a key). */
void		 tty_display_panes(struct client *, unsigned delay,
		    const char *template);
/* tty-font.c: whether cell x,y of c's 5x5 big glyph is set. */
int		 tty_font_cell(char c, unsigned x, unsigned y);

/* tty-mouse.c */
int		 tty_mouse_length(const uint8_t *, size_t);
#define TTY_CLICK_TIMEOUT	300	/* ms, tmux's KEYC_CLICK_TIMEOUT */
#define TTY_CLICK_SECOND	1
#define TTY_CLICK_THIRD		2
void		 tty_mouse_key(struct tty_client *, const uint8_t *, size_t,
		    char *name, size_t namesize);
struct cmd_find_state;
int		 tty_mouse_target(struct client *, struct cmd_find_state *);
void		 tty_mouse_forward(struct client *, struct pane *);
int		 tty_mouse_binding_at(struct client *, struct pane *,
		    unsigned *x, unsigned *y);
int		 tty_mouse_decode(const uint8_t *, size_t, unsigned *b,
		    unsigned *x, unsigned *y, int *release);
/*
 * The event as a program with screen modes mode asked for it (x, y in its
 * screen; sgr: the terminal reported it so): 0, or -1 if it did not ask.
 */
int		 tty_mouse_encode(unsigned mode, unsigned b, unsigned x,
		    unsigned y, int release, int sgr, char *buf, size_t size);
/* The mouse of the binding running now on the client (0), for menus. */
int		 tty_mouse_binding_xy(struct client *, unsigned *x,
		    unsigned *y);
/* Where window wl is in c's status line (0), for menus (-xW). */
int		 tty_status_window_x(struct client *, int idx, unsigned *x);
void		 tty_mouse_start_drag(struct client *, struct pane *);
/* resize-pane -M: start dragging the border under the mouse. */
int		 tty_mouse_drag_border(struct client *);
void		 tty_mouse_border_update(struct tty_client *);
void		 tty_mouse_mode(struct tty_client *, struct buf *);

/* tty-draw.c */
/* The rows of the client's terminal the window uses (status excluded). */
unsigned	 tty_draw_status_lines(struct tty_client *);
void		 tty_draw(struct tty_client *, struct buf *out);
void		 tty_draw_text(struct vt_rcell *row, unsigned sx, unsigned *x,
		    const char *text);
/* The diff from what the terminal shows to frame (sx * sy cells). */
void		 tty_draw_frame(struct tty_client *, struct vt_rcell *frame,
		    int cx, int cy, int visible, struct buf *out);

/* tty-keys.c: one key at the start of data: its length (0: incomplete). */
size_t		 tty_keys_next(const uint8_t *data, size_t len, int complete,
		    char *name, size_t namesize);

#endif
