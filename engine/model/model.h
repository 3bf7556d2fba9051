/*
 * Sessions, windows and panes: the objects every command works on.
 *
 * A session holds winlinks (index -> window, sorted by index); a window
 * holds panes. Ids ($N, @N, %N) are allocated once and never reused while
 * the server runs, as tmux does. The model knows nothing of tmux's text
 * language; names and numbers only.
 *
 * Lifetime: a pane belongs to one window; a window is kept alive by its
 * winlinks (references); a session by the server's list.
 */
#ifndef ZEROPTY_MODEL_H
#define ZEROPTY_MODEL_H

#include <sys/queue.h>
#include <sys/time.h>

#include <stdint.h>
#include <sys/types.h>

#include "engine/base/buf.h"

struct layout_cell;
struct options;
struct window_mode;
struct vt_screen;
struct vtty;
struct pane_io;
struct window;
struct session;

struct pane {
	unsigned		 id;
	struct window		*window;

	unsigned		 sx, sy;	/* size */
	unsigned		 xoff, yoff;	/* position in the window */

	pid_t			 pid;		/* process group leader */
	int			 fd;		/* our end of the socketpair */
	struct vtty		*tty;
	struct pane_io		*io;
	struct vt_screen	*screen;

	char			*start_cwd;	/* -c or the client's cwd */
	char			*start_command;	/* as given, "" for the shell */
	int			 start_argc;	/* the words, for respawn */
	char			**start_argv;
	char			*shell;		/* default-shell at start */

	int			 dead;		/* its terminal closed (#{pane_dead}) */
	int			 status_ready;	/* the process was reaped */
	int			 status;	/* its wait status then */
	int			 dead_shown;	/* remain-on-exit message drawn */
	int			 input_off;	/* select-pane -d: keys ignored */
	struct timeval		 dead_time;
	struct timeval		 created;
	uint64_t		 output_ms;	/* last output, monotonic */

	unsigned		 active_point;	/* for last-pane ordering */
	struct options		*options;	/* pane options, NULL: none */
	struct window_mode	*mode;		/* copy mode (tmux-compat), or NULL */
	struct layout_cell	*layout_cell;
	TAILQ_ENTRY(pane)	 entry;		/* in window */
	TAILQ_ENTRY(pane)	 all_entry;	/* in model_panes */
};
TAILQ_HEAD(panes, pane);

struct window {
	unsigned		 id;
	char			*name;
	int			 automatic_rename;
	unsigned		 sx, sy;

	struct panes		 panes;
	struct layout_cell	*layout_root;
	struct layout_cell	*saved_layout_root;	/* while zoomed (layout_zoom) */
	int			 zoomed;
	int			 zoom_pending;	/* re-zoom after a -Z command */
	int			 layout_last;	/* last preset used */
	char			*old_layout;	/* for select-layout -o */
	struct options		*options;	/* window options, NULL: none */
	struct pane		*active;
	struct pane		*last;

	int			 references;	/* winlinks */
	struct timeval		 activity;	/* last output */
	struct timeval		 created;

	/* Alerts (tmux-compat/alerts.c): WINDOW_* not yet checked. */
	int			 alerts;
	void			*silence_timer;	/* monitor-silence, or NULL */

	TAILQ_ENTRY(window)	 all_entry;
};

/* Alerts of a window, and of a winlink (shown as # ! ~ in window_flags). */
#define WINDOW_BELL		0x1
#define WINDOW_ACTIVITY		0x2
#define WINDOW_SILENCE		0x4
#define WINDOW_ALERTFLAGS	(WINDOW_BELL|WINDOW_ACTIVITY|WINDOW_SILENCE)
#define WINDOW_ALERTS_QUEUED	0x8	/* waiting for alerts.c's check */

struct winlink {
	int			 idx;
	int			 alerts;	/* WINDOW_* seen while not current */
	struct session		*session;
	struct window		*window;
	TAILQ_ENTRY(winlink)	 entry;		/* in session, by idx */
	TAILQ_ENTRY(winlink)	 sentry;	/* in session's stack */
};
TAILQ_HEAD(winlinks, winlink);

struct environ_entry {
	char			*name;
	char			*value;		/* NULL: -r (to be removed) */
	int			 hidden;	/* set-environment -h */
	TAILQ_ENTRY(environ_entry) entry;
};
TAILQ_HEAD(environ, environ_entry);

struct session_group;

struct session {
	unsigned		 id;
	struct session_group	*group;		/* new-session -t, or NULL */
	char			*name;
	char			*cwd;

	struct winlinks		 windows;	/* by index */
	struct winlinks		 lastw;		/* stack, most recent first */
	struct winlink		*curw;

	struct environ		 environ;
	struct options		*options;	/* session options, NULL: none */
	unsigned		 sx, sy;	/* size of new windows */

	struct timeval		 created;
	struct timeval		 activity;
	struct timeval		 last_attached;
	int			 attached;

	TAILQ_ENTRY(session)	 entry;
};
TAILQ_HEAD(sessions, session);

/* Sessions sharing one set of windows (new-session -t). */
struct session_group {
	char			*name;
	struct session		**members;	/* in joining order */
	unsigned		 n;
	TAILQ_ENTRY(session_group) entry;
};

struct session_group	*session_group_find(const char *name);
struct session_group	*session_group_new(const char *name);
void			 session_group_add(struct session_group *,
			    struct session *);
/* Make every other member's windows those of s (tmux's synchronize_from). */
void			 session_group_synchronize_from(struct session *s);
/* Make s's windows those of another member (synchronize_to). */
void			 session_group_synchronize_to(struct session *s);
/* Number of sessions in s's group (0: none). */
unsigned		 session_group_size(struct session *s);

extern struct sessions	 model_sessions;	/* sorted by name */
extern struct environ	 global_environ;	/* the server's (-g) */
extern struct panes	 model_panes;		/* every pane */
/* Popups' panes: in no window, with no id of their own (all_entry). */
extern struct panes	 model_popups;

void		 session_init(void);
/* Called when a session, window or pane is freed, to free its options. */
extern void	(*model_options_free)(struct options *);
/* Called when a pane in a mode (copy mode) is freed. */
extern void	(*model_mode_free)(struct pane *);
/* Called when a window with an alerts timer is freed. */
extern void	(*model_alerts_free)(struct window *);
/* Called when a window becomes a session's current window. */
extern void	(*model_window_selected)(struct window *);

/* Sessions. */
struct session	*session_create(const char *name, const char *cwd,
		    unsigned sx, unsigned sy);
/* A session named PREFIX-ID with the next id (grouped sessions). */
struct session	*session_create_prefixed(const char *prefix, const char *cwd,
		    unsigned sx, unsigned sy);
void		 session_destroy(struct session *);
struct session	*session_find(const char *name);
struct session	*session_find_by_id(unsigned);
int		 session_rename(struct session *, const char *);
unsigned	 session_count(void);
unsigned	 session_next_id(void);
/*
 * server-upgrade: the next object made gets this id (ids only grow: a
 * smaller one is ignored).
 */
void		 session_set_next_id(unsigned);
void		 window_set_next_ids(unsigned window_id, unsigned pane_id);
/* Most recently active session (tmux's "current" for outside clients). */
struct session	*session_most_recent(void);
void		 session_touch(struct session *);

/* Windows and winlinks. */
struct window	*window_create(unsigned sx, unsigned sy);
struct window	*window_find_by_id(unsigned);
void		 window_set_name(struct window *, const char *);
struct winlink	*winlink_add(struct session *, struct window *, int idx);
void		 winlink_remove(struct winlink *);
struct winlink	*winlink_find_by_index(struct session *, int);
struct winlink	*winlink_find_by_window(struct session *, struct window *);
int		 winlink_next_index(struct session *, int base);
/* Make room after (or before) wl by moving later windows up; new index. */
int		 winlink_shuffle_up(struct session *, struct winlink *, int before);
unsigned	 winlink_count(struct session *);
/* Whether wl is on s's stack of last-used windows. */
int		 winlink_in_stack(struct session *, struct winlink *);
/* Number the windows from base in their order (renumber-windows). */
void		 session_renumber(struct session *, int base);
void		 session_select(struct session *, struct winlink *);
/* Clear the alerts of wl's window in all its winlinks (it is seen). */
void		 winlink_clear_alerts(struct winlink *);
unsigned	 window_pane_count(struct window *);
/* Called when a window's last winlink goes away. */
void		 window_destroy(struct window *);

/* Panes. */
struct pane	*window_pane_create(struct window *, unsigned sx, unsigned sy,
		    unsigned hlimit);
/*
 * A pane for a popup (display-popup): no window, no history, and no pane
 * id taken (tmux's popup jobs are not panes: %N numbering goes on as there).
 */
struct pane	*window_pane_create_popup(unsigned sx, unsigned sy);
void		 window_pane_adopt_popup(struct pane *, struct window *);
struct pane	*window_pane_find_by_id(unsigned);
unsigned	 window_pane_index(struct pane *);
struct pane	*window_pane_at_index(struct window *, unsigned);
void		 window_pane_set_active(struct pane *);
/* Make p w's active pane (p need not be linked to w yet). */
void		 window_set_active(struct window *w, struct pane *p);
/* The pane across wp's left/right/up/down ('L' 'R' 'U' 'D') border. */
struct pane	*window_pane_find_adjacent(struct pane *wp, char dir);
/* Take p out of its window (w NULL) or append it to w. */
void		 window_pane_move_to_window(struct pane *p, struct window *w);
/* Put p right after (or before) other in the window's pane order. */
void		 window_pane_move_next_to(struct pane *p, struct pane *other, int before);
/* Unlink from its window and free (process handling is the caller's). */
void		 window_pane_destroy(struct pane *);
struct winlink	*window_pane_winlink(struct pane *, struct session **);

/* Environment lists. */
void		 environ_init(struct environ *);
void		 environ_clear(struct environ *);
void		 environ_set(struct environ *, const char *, const char *);
void		 environ_put(struct environ *, const char *);	/* "K=V" */
struct environ_entry *environ_find(struct environ *, const char *);
void		 environ_unset(struct environ *, const char *);

#endif
