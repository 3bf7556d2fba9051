/*
 * Attached clients on the server: attach and detach, the terminal's size
 * and the windows that follow it, keys through the key tables (prefix,
 * root) to commands or to the active pane, and redraws.
 *
 * Redraws are requested by anything that may change the picture (pane
 * output, commands, timers) and done once per loop turn; a client whose
 * connection is backed up is not drawn until it drains (the diff then
 * sends the latest picture, not every intermediate one).
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include <event2/event.h>

#include "engine/base/base64.h"
#include "engine/base/log.h"
#include "engine/base/xmalloc.h"
#include "engine/sys/pane-io.h"
#include "engine/model/layout.h"
#include "tmux-compat/control.h"
#include "tmux-compat/hooks.h"
#include "tmux-compat/key-bindings.h"
#include "tmux-compat/options.h"
#include "tmux-compat/style.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"
#include "tmux-compat/window-copy.h"

/* window-size's choices, in the options table's order. */
#define WINDOW_SIZE_LARGEST	0
#define WINDOW_SIZE_SMALLEST	1
#define WINDOW_SIZE_MANUAL	2
#define WINDOW_SIZE_LATEST	3

/* Output not yet written beyond which a client is not drawn. */
#define TTY_BACKLOG	(256 * 1024)

static TAILQ_HEAD(tty_clients_head, tty_client) tty_clients =
    TAILQ_HEAD_INITIALIZER(tty_clients);
static struct event		*tty_status_timer;

static void	tty_redraw_cb(evutil_socket_t, short, void *);
static void	tty_escape_cb(evutil_socket_t, short, void *);
static void	tty_message_cb(evutil_socket_t, short, void *);
static void	tty_status_cb(evutil_socket_t, short, void *);
static void	tty_set_title(struct tty_client *, struct session *,
		    struct buf *);
static void	tty_keys_run(struct tty_client *, int complete);
static void	tty_pass_rest(struct tty_client *);
static void	tty_start(struct tty_client *);
static void	tty_paste_mode(struct tty_client *, struct session *,
		    struct buf *);
static void	tty_focus_mode(struct tty_client *, struct buf *);
static void	tty_keys_mouse(struct tty_client *, const uint8_t *, size_t);
static void	tty_mouse_run(struct tty_client *, const char *, int);
static void	tty_keys_menu_mouse(struct tty_client *, const uint8_t *,
		    size_t);
static void	tty_click_cb(evutil_socket_t, short, void *);

struct tty_client *
tty_first(void)
{
	return (TAILQ_FIRST(&tty_clients));
}

struct tty_client *
tty_next(struct tty_client *tc)
{
	return (TAILQ_NEXT(tc, entry));
}

/* Clients stay in attach order (list-clients); activity orders them. */

struct client *
tty_latest(void)
{
	struct tty_client	*tc, *best = NULL;

	TAILQ_FOREACH(tc, &tty_clients, entry) {
		if (best == NULL || tc->activity > best->activity)
			best = tc;
	}
	return (best != NULL ? best->c : NULL);
}

/*
 * The size a new window takes from the latest client with window-size
 * latest when no client of its own sizes it (tmux 3.3a's
 * default_window_size: any attached client counts): 0 if none.
 */
int
tty_latest_window_size(unsigned *sx, unsigned *sy)
{
	struct tty_client	*tc, *best = NULL;

	if (options_window_number(NULL, "window-size") != WINDOW_SIZE_LATEST)
		return (0);
	TAILQ_FOREACH(tc, &tty_clients, entry) {
		if (tc->sx == 0 || tc->sy < 2 || tty_session(tc->c) == NULL)
			continue;
		if (best == NULL || tc->activity > best->activity)
			best = tc;
	}
	if (best == NULL)
		return (0);
	*sx = best->sx;
	*sy = best->sy - tty_draw_status_lines(best);
	return (1);
}

int
tty_any(void)
{
	return (!TAILQ_EMPTY(&tty_clients));
}

int
tty_is_attached(struct client *c)
{
	return (c != NULL && c->tty != NULL);
}

struct session *
tty_session(struct client *c)
{
	if (c == NULL || c->tty == NULL)
		return (NULL);
	return (session_find_by_id(c->tty->session_id));
}

struct session *
tty_last_session(struct client *c)
{
	if (c == NULL || c->tty == NULL || c->tty->last_session_id == -1u)
		return (NULL);
	return (session_find_by_id(c->tty->last_session_id));
}

/* Redraw all of it: the status line is worked out again too. */
static void
tty_redraw(struct tty_client *tc)
{
	tc->status_dirty = 1;
	event_active(tc->redraw_ev, 0, 0);
}

void
tty_redraw_client(struct client *c)
{
	if (c->tty != NULL)
		tty_redraw(c->tty);
}

/* After commands and the like: panes' focus follows (focus.c), redraw. */
void
tty_redraw_all(void)
{
	struct tty_client	*tc;

	focus_update();
	TAILQ_FOREACH(tc, &tty_clients, entry)
		tty_redraw(tc);
}

/* Whether p is in a window some attached client looks at. */
int
tty_pane_watched(struct pane *p)
{
	struct tty_client	*tc;
	struct session		*s;

	TAILQ_FOREACH(tc, &tty_clients, entry) {
		s = tty_session(tc->c);
		if (s != NULL && s->curw != NULL && s->curw->window == p->window)
			return (1);
	}
	return (0);
}

void
tty_pane_changed(struct pane *p)
{
	struct tty_client	*tc;
	struct session		*s;

	time_t			 now = time(NULL);

	/*
	 * Output redraws the panes; the status line (formats, the window
	 * names automatic-rename reads from /proc) at most once a second
	 * for it. Measured: keystroke echo p50 200 us with it every time,
	 * bench/attach_bench.py.
	 */
	TAILQ_FOREACH(tc, &tty_clients, entry) {
		s = tty_session(tc->c);
		if (s == NULL || s->curw == NULL || s->curw->window != p->window)
			continue;
		if (now != tc->status_time)
			tc->status_dirty = 1;
		event_active(tc->redraw_ev, 0, 0);
	}
}

/*
 * Size the session's windows for its clients (window-size: latest uses
 * the client that was active last, smallest/largest compare them all,
 * manual leaves them).
 */
void
tty_size_windows(struct session *s)
{
	struct tty_client	*tc, *latest = NULL;
	struct winlink		*wl;
	struct window		*w;
	unsigned		 sx = 0, sy = 0, csx, csy;
	long long		 how;
	int			 zoomed, found = 0, sizing = 0;

	/* Read-only clients (ignore-size) count only if all are (tmux). */
	TAILQ_FOREACH(tc, &tty_clients, entry) {
		if (tty_session(tc->c) == s && !tc->readonly)
			sizing = 1;
	}
	TAILQ_FOREACH(wl, &s->windows, entry) {
		w = wl->window;
		how = options_window_number(w, "window-size");
		if (how == WINDOW_SIZE_MANUAL)
			continue;
		found = 0;
		TAILQ_FOREACH(tc, &tty_clients, entry) {
			if (tty_session(tc->c) != s || (sizing && tc->readonly))
				continue;
			csx = tc->sx;
			csy = tc->sy - tty_draw_status_lines(tc);
			if (!found ||
			    (how == WINDOW_SIZE_SMALLEST && csx * csy < sx * sy) ||
			    (how == WINDOW_SIZE_LARGEST && csx * csy > sx * sy)) {
				sx = csx;
				sy = csy;
			}
			found = 1;
			if (latest == NULL || tc->activity > latest->activity)
				latest = tc;
		}
		if (!found)
			continue;
		if (how == WINDOW_SIZE_LATEST && latest != NULL) {
			sx = latest->sx;
			sy = latest->sy - tty_draw_status_lines(latest);
		}
		if (sx == 0 || sy == 0 || (sx == w->sx && sy == w->sy))
			continue;
		zoomed = w->zoomed;
		window_zoom_unzoom(w);
		layout_resize(w, sx, sy);
		layout_fix_panes(w);
		if (zoomed)
			window_zoom_zoom(w->active);
	}
}

/*
 * The client was used (keys, a size change): it becomes the latest, and
 * with window-size latest the session's windows take its size.
 */
static void
tty_touch(struct tty_client *tc)
{
	struct session	*s;
	int		 was = tty_latest() == tc->c;

	tc->activity = tc->c->activity_seq = ++server_activity_seq;
	tc->c->activity = time(NULL);
	if (!was && (s = tty_session(tc->c)) != NULL)
		tty_size_windows(s);
}

/* Write what can be written to the terminal now; the rest when it can. */
static void
tty_flush(struct tty_client *tc)
{
	ssize_t	n;

	while (tc->out.len != 0) {
		n = write(tc->fd, buf_data(&tc->out), tc->out.len);
		if (n > 0) {
			buf_consume(&tc->out, (size_t)n);
			continue;
		}
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1 && errno == EAGAIN) {
			event_add(tc->fd_write, NULL);
			return;
		}
		buf_clear(&tc->out);	/* the terminal is gone */
		return;
	}
	if (tc->c->redraw_on_drain) {
		tc->c->redraw_on_drain = 0;
		tty_redraw(tc);
	}
}

static void
tty_fd_write_cb(evutil_socket_t fd, short events, void *arg)
{
	tty_flush(arg);
}

/* Keys straight from the terminal. */
static void
tty_fd_read_cb(evutil_socket_t fd, short events, void *arg)
{
	struct tty_client	*tc = arg;
	uint8_t			 data[4096];
	ssize_t			 n;

	n = read(fd, data, sizeof data);
	if (n > 0) {
		tty_input(tc->c, data, (size_t)n);
		return;
	}
	if (n == -1 && (errno == EAGAIN || errno == EINTR))
		return;
	event_del(tc->fd_read);	/* hung up: the client goes with it */
}

static void
tty_write(struct tty_client *tc, struct buf *b)
{
	if (tc->suspended) {
		buf_clear(b);	/* the client has the terminal */
		return;
	}
	tc->c->written += b->len;
	if (b->len != 0 && tc->fd != -1) {
		buf_add(&tc->out, buf_data(b), b->len);
		tty_flush(tc);
	} else if (b->len != 0)
		server_client_tty_write(tc->c, buf_data(b), b->len);
	buf_clear(b);
}

/*
 * set-clipboard: OSC 52 with the selection to the terminals that take it
 * of the clients showing window w (tmux's tty_set_selection, Ms).
 */
void
tty_set_selection(struct window *w, const uint8_t *data, size_t len)
{
	struct tty_client	*tc;
	struct session		*s;
	struct buf		 seq, b;

	/* Encoded once for every client that shows w. */
	buf_init(&seq);
	buf_add_str(&seq, "\033]52;;");
	base64_encode(data, len, &seq);
	buf_add_str(&seq, "\007");
	TAILQ_FOREACH(tc, &tty_clients, entry) {
		if ((s = tty_session(tc->c)) == NULL || s->curw == NULL ||
		    s->curw->window != w || !tc->term->ms)
			continue;
		buf_init(&b);
		buf_add(&b, buf_data(&seq), seq.len);
		tty_write(tc, &b);
		buf_free(&b);
	}
	buf_free(&seq);
}

void
tty_bell(struct client *c)
{
	struct tty_client	*tc = c->tty;
	struct buf		 b;

	if (tc == NULL)
		return;
	buf_init(&b);
	buf_add_byte(&b, '\a');
	tty_write(tc, &b);
	buf_free(&b);
}

/* Bytes waiting for the terminal (drawing waits while there are many). */
static size_t
tty_backlog(struct tty_client *tc)
{
	return (tc->fd != -1 ? tc->out.len : server_client_backlog(tc->c));
}

/* Take the terminal the client passed: read and draw on it directly. */
static void
tty_take_terminal(struct tty_client *tc)
{
	struct client	*c = tc->c;

	tc->fd = c->tty_fd;
	c->tty_fd = -1;
	tc->fd_flags = fcntl(tc->fd, F_GETFL);
	fcntl(tc->fd, F_SETFL, tc->fd_flags | O_NONBLOCK);
	tc->fd_read = event_new(server_event_base(), tc->fd,
	    EV_READ|EV_PERSIST, tty_fd_read_cb, tc);
	tc->fd_write = event_new(server_event_base(), tc->fd, EV_WRITE,
	    tty_fd_write_cb, tc);
	event_add(tc->fd_read, NULL);
}

/*
 * What the terminal has not taken yet goes to the client, which writes it
 * (MSG_STDOUT, to the terminal it passed) before restoring the terminal:
 * the server never waits for a terminal. It waited up to a second here,
 * every client with it, for a stalled one, then dropped the rest.
 */
static void
tty_pass_rest(struct tty_client *tc)
{
	if (tc->fd == -1 || tc->out.len == 0)
		return;
	event_del(tc->fd_write);
	server_client_tty_write(tc->c, buf_data(&tc->out), tc->out.len);
	buf_clear(&tc->out);
}

/* Give the terminal back: the last output written, its flags restored. */
static void
tty_give_terminal(struct tty_client *tc)
{
	if (tc->fd == -1)
		return;
	tty_pass_rest(tc);
	event_free(tc->fd_read);
	event_free(tc->fd_write);
	fcntl(tc->fd, F_SETFL, tc->fd_flags);
	close(tc->fd);
	tc->fd = -1;
	buf_free(&tc->out);
}

static void
tty_set_session(struct tty_client *tc, struct session *s)
{
	struct session	*old = tty_session(tc->c);

	if (old == s)
		return;
	if (old != NULL) {
		if (old->attached > 0)
			old->attached--;
		tc->last_session_id = old->id;
	}
	tc->session_id = s->id;
	s->attached++;
	gettimeofday(&s->last_attached, NULL);
	session_touch(s);
	xfree(tc->shown);
	tc->shown = NULL;
	/* Alerts kept while nobody looked are acted on now (tmux does). */
	if (s->curw != NULL)
		s->curw->alerts = 0;
	alerts_check_session(s);
}

int
tty_attach(struct cmdq_item *item, struct session *s, int readonly)
{
	struct client		*c = item->client;
	struct tty_client	*tc;
	struct event_base	*base = server_event_base();

	if (c->tty != NULL) {
		tty_switch(c, s);
		return (0);
	}
	tc = xcalloc(1, sizeof *tc);
	tc->c = c;
	tc->fd = -1;
	buf_init(&tc->out);
	c->tty = tc;
	tc->session_id = -1u;
	tc->last_session_id = -1u;
	tc->term = tty_term_find(server_client_getenv(c, "TERM"));
	tc->sx = c->tty_sx != 0 ? c->tty_sx : 80;
	tc->sy = c->tty_sy != 0 ? c->tty_sy : 24;
	tc->readonly = readonly;
	tc->cx = tc->cy = -1;
	tc->cursor_on = -1;
	tc->drag_pane = -1u;
	tc->focused = 1;
	buf_init(&tc->keys);
	buf_init(&tc->view);
	buf_init(&tc->paste);
	tc->redraw_ev = event_new(base, -1, 0, tty_redraw_cb, tc);
	tc->escape_ev = evtimer_new(base, tty_escape_cb, tc);
	tc->message_ev = evtimer_new(base, tty_message_cb, tc);
	tc->click_ev = evtimer_new(base, tty_click_cb, tc);
	TAILQ_INSERT_TAIL(&tty_clients, tc, entry);
	tc->activity = tc->c->activity_seq = ++server_activity_seq;
	tty_set_session(tc, s);

	if (c->tty_fd != -1)
		tty_take_terminal(tc);
	server_client_tty_attach(c, tc->fd != -1);
	tty_start(tc);

	if (tty_status_timer == NULL) {
		struct timeval	tv = { 1, 0 };

		tty_status_timer = event_new(base, -1, EV_PERSIST,
		    tty_status_cb, NULL);
		event_add(tty_status_timer, &tv);
	}
	tty_size_windows(s);
	notify_changed();
	tty_redraw(tc);
	hooks_notify("client-attached", s, NULL, NULL, NULL);
	return (0);
}

void
tty_switch(struct client *c, struct session *s)
{
	struct tty_client	*tc = c->tty;

	if (tc == NULL)
		return;
	tty_set_session(tc, s);
	tty_size_windows(s);
	notify_changed();
	tty_redraw(tc);
}

static void
tty_release(struct tty_client *tc)
{
	struct session	*s = tty_session(tc->c);

	status_prompt_clear(tc->c);
	menu_close(tc->c);
	popup_close(tc->c);
	tty_give_terminal(tc);
	if (tc->dp_ev != NULL)
		event_free(tc->dp_ev);
	xfree(tc->dp_template);
	if (s != NULL && s->attached > 0)
		s->attached--;
	TAILQ_REMOVE(&tty_clients, tc, entry);
	event_free(tc->redraw_ev);
	event_free(tc->escape_ev);
	event_free(tc->message_ev);
	event_free(tc->click_ev);
	buf_free(&tc->keys);
	buf_free(&tc->view);
	buf_free(&tc->paste);
	xfree(tc->title);
	xfree(tc->shown);
	xfree(tc->frame);
	xfree(tc->status);
	xfree(tc->ranges);
	xfree(tc->key_table);
	xfree(tc->message);
	tc->c->tty = NULL;
	xfree(tc);
	if (TAILQ_EMPTY(&tty_clients) && tty_status_timer != NULL) {
		event_free(tty_status_timer);
		tty_status_timer = NULL;
	}
	notify_changed();
	focus_update();
}

void
tty_detach(struct client *c, const char *message)
{
	tty_detach_status(c, message, 0, 0);
}

/*
 * detach-client and attach -d: "[detached (from session s)]"; with hup
 * (detach-client -P) the client then sends SIGHUP to its parent.
 */
void
tty_detach_from_session(struct client *c, int hup)
{
	struct session	*s = tty_session(c);
	char		*msg;

	xasprintf(&msg, "[detached%s (from session %s)]",
	    hup ? " and SIGHUP" : "", s != NULL ? s->name : "");
	tty_detach_status(c, msg, 0, hup);
	xfree(msg);
}

/* kill-server: every attached client goes with "[server exited]". */
void
tty_detach_all(const char *message, int retval)
{
	struct tty_client	*tc;

	while ((tc = TAILQ_FIRST(&tty_clients)) != NULL)
		tty_detach_status(tc->c, message, retval, 0);
}

/* Leave the terminal as it was before attach: its modes off, its screen. */
static void
tty_stop(struct tty_client *tc, struct buf *b)
{
	if (tc->mouse_on)
		buf_add_str(b, "\033[?1006l\033[?1002l\033[?1000l");
	if (tc->paste_on)
		buf_add_str(b, "\033[?2004l");
	if (tc->focus_on)
		buf_add_str(b, "\033[?1004l");
	tc->mouse_on = tc->paste_on = tc->focus_on = 0;
	tty_term_put(b, tc->term->sgr0);
	tty_term_put(b, tc->term->cnorm);
	tty_term_put(b, tc->term->clear);
	tty_term_put(b, tc->term->rmcup);
}

/* Start using it: the alternate screen, line drawing, all drawn again. */
static void
tty_start(struct tty_client *tc)
{
	struct buf	b;

	buf_init(&b);
	tty_term_put(&b, tc->term->smcup);
	tty_term_put(&b, tc->term->enacs);
	tty_write(tc, &b);
	buf_free(&b);
	xfree(tc->shown);
	tc->shown = NULL;
	tc->cx = tc->cy = -1;
	tc->cursor_on = -1;
	tty_redraw(tc);
}

void
tty_detach_status(struct client *c, const char *message, int retval,
    int hup)
{
	struct tty_client	*tc = c->tty;
	struct buf		 b;

	if (tc == NULL)
		return;
	buf_init(&b);
	tty_stop(tc, &b);
	tty_write(tc, &b);
	buf_free(&b);
	tty_release(tc);
	server_client_exit_message(c, retval, message, hup);
}

/*
 * lock-* (lock_command set) and suspend-client: the terminal is given back
 * to the client, which runs the command on a clear alternate screen (or
 * stops) and says when it is done (tty_wake). Keys and drawing wait.
 */
void
tty_suspend(struct client *c, const char *lock_command)
{
	struct tty_client	*tc = c->tty;
	struct buf		 b;

	if (tc == NULL || tc->suspended)
		return;
	buf_init(&b);
	tty_stop(tc, &b);
	if (lock_command != NULL) {
		tty_term_put(&b, tc->term->smcup);
		tty_term_put(&b, tc->term->clear);
	}
	tty_write(tc, &b);
	buf_free(&b);
	tty_pass_rest(tc);
	if (tc->fd != -1) {
		event_del(tc->fd_read);
		fcntl(tc->fd, F_SETFL, tc->fd_flags);
	}
	tc->suspended = 1;
	server_client_tty_away(c, lock_command);
}

/* lock-*: lock-command on the client's terminal (empty: no lock). */
void
tty_lock(struct client *c)
{
	struct session	*s = tty_session(c);
	const char	*command;

	if (s == NULL)
		return;
	command = options_session_string(s, "lock-command");
	if (*command != '\0')
		tty_suspend(c, command);
}

/*
 * lock-after-time: a session's clients are locked once none of them was
 * used for that many seconds (tmux times it from the session's activity).
 */
static void
tty_lock_idle(time_t now)
{
	struct tty_client	*tc, *other;
	struct session		*s;
	long long		 after;
	time_t			 last;

	TAILQ_FOREACH(tc, &tty_clients, entry) {
		if (tc->suspended || (s = tty_session(tc->c)) == NULL ||
		    (after = options_session_number(s, "lock-after-time")) <= 0)
			continue;
		last = 0;
		TAILQ_FOREACH(other, &tty_clients, entry) {
			if (tty_session(other->c) == s &&
			    other->c->activity > last)
				last = other->c->activity;
		}
		if (now - last >= after)
			tty_lock(tc->c);
	}
}

/* MSG_UNLOCK, MSG_WAKEUP: the terminal is the server's again. */
void
tty_wake(struct client *c)
{
	struct tty_client	*tc = c->tty;
	struct session		*s;

	if (tc == NULL || !tc->suspended)
		return;
	tc->suspended = 0;
	if (tc->fd != -1) {
		fcntl(tc->fd, F_SETFL, tc->fd_flags | O_NONBLOCK);
		event_add(tc->fd_read, NULL);
	}
	tty_start(tc);
	tty_touch(tc);
	if ((s = tty_session(c)) != NULL)
		session_touch(s);
}

void
tty_free(struct client *c)
{
	if (c->tty != NULL)
		tty_release(c->tty);
}

void
tty_resize(struct client *c, unsigned sx, unsigned sy)
{
	struct tty_client	*tc = c->tty;
	struct session		*s;

	if (tc == NULL || sx == 0 || sy == 0 || sx > 10000 || sy > 10000)
		return;
	if (sx == tc->sx && sy == tc->sy && tc->shown != NULL)
		return;
	tc->sx = sx;
	tc->sy = sy;
	xfree(tc->shown);
	tc->shown = NULL;
	popup_resize(c);
	tty_touch(tc);
	if ((s = tty_session(c)) != NULL)
		tty_size_windows(s);
	tty_redraw(tc);
}

static void
tty_redraw_cb(evutil_socket_t fd, short events, void *arg)
{
	struct tty_client	*tc = arg;
	struct client		*c = tc->c;
	struct session		*s = tty_session(c);
	struct buf		 b;

	if (s == NULL) {
		struct session	*next = tty_last_session(c);

		if (next == NULL ||
		    options_session_number(next, "detach-on-destroy") != 0) {
			tty_detach(c, "[exited]");
			return;
		}
		tty_switch(c, next);
		return;
	}
	if (tc->suspended)
		return;		/* drawn all again at tty_wake */
	if (tty_backlog(tc) > TTY_BACKLOG) {
		server_client_when_drained(c);
		return;
	}
	/* The status lines changed (status on, off, 2...): windows resize. */
	if (tty_draw_status_lines(tc) != tc->status_lines) {
		tc->status_lines = tty_draw_status_lines(tc);
		tty_size_windows(s);
	}
	buf_init(&b);
	tty_mouse_mode(tc, &b);
	tty_paste_mode(tc, s, &b);
	tty_focus_mode(tc, &b);
	tty_set_title(tc, s, &b);
	tty_draw(tc, &b);
	tty_write(tc, &b);
	buf_free(&b);
}

/* set-titles: the terminal's title is set-titles-string when it changes. */
static void
tty_set_title(struct tty_client *tc, struct session *s, struct buf *out)
{
	struct cmd_find_state	 fs;
	char			*fmt, *title;

	if (!options_session_number(s, "set-titles") || tc->term->tsl == NULL ||
	    tc->term->fsl == NULL || s->curw == NULL || !tc->status_dirty)
		return;
	cmd_find_from_session(&fs, s);
	if ((fmt = options_get_for(&fs, "set-titles-string")) == NULL)
		return;
	title = format_vars_for(NULL, &fs, fmt, 1);
	xfree(fmt);
	if (tc->title == NULL || strcmp(title, tc->title) != 0) {
		buf_add_str(out, tc->term->tsl);
		buf_add_str(out, title);
		buf_add_str(out, tc->term->fsl);
		xfree(tc->title);
		tc->title = title;
	} else
		xfree(title);
}

static void
tty_status_cb(evutil_socket_t fd, short events, void *arg)
{
	struct tty_client	*tc;
	struct session		*s;
	time_t			 now = time(NULL);
	long long		 interval;

	/* status-interval seconds (0: never) between status redraws. */
	TAILQ_FOREACH(tc, &tty_clients, entry) {
		if ((s = tty_session(tc->c)) == NULL) {
			tty_redraw(tc);
			continue;
		}
		if (s->curw != NULL && s->curw->window->active != NULL &&
		    window_mode_is_clock(s->curw->window->active))
			event_active(tc->redraw_ev, 0, 0);
		interval = options_session_number(s, "status-interval");
		if (interval > 0 && now % interval == 0)
			tty_redraw(tc);
	}	tty_lock_idle(now);
}

void
tty_set_message(struct client *c, const char *text)
{
	struct tty_client	*tc = c->tty;
	struct session		*s;
	struct timeval		 tv;
	long long		 ms = 750;

	if (tc == NULL)
		return;
	message_log_add_client(c, "message", text);
	xfree(tc->message);
	tc->message = xstrdup(text);
	if ((s = tty_session(c)) != NULL)
		ms = options_session_number(s, "display-time");
	evtimer_del(tc->message_ev);
	if (ms > 0) {
		tv.tv_sec = ms / 1000;
		tv.tv_usec = (ms % 1000) * 1000;
		evtimer_add(tc->message_ev, &tv);
	}
	tty_redraw(tc);
}

/* An error for the client: shown with its first letter capitalised. */
void
tty_set_error(struct client *c, const char *text)
{
	char	*msg = xstrdup(text);

	msg[strcspn(msg, "\n")] = '\0';
	if (*msg >= 'a' && *msg <= 'z')
		*msg = (char)(*msg - 'a' + 'A');
	if (*msg != '\0')
		tty_set_message(c, msg);
	xfree(msg);
}

static void
tty_message_cb(evutil_socket_t fd, short events, void *arg)
{
	tty_clear_message(((struct tty_client *)arg)->c);
}

/* The message goes (a key, a prompt: tmux's status_message_clear). */
void
tty_clear_message(struct client *c)
{
	struct tty_client	*tc = c->tty;

	if (tc == NULL || tc->message == NULL)
		return;
	evtimer_del(tc->message_ev);
	xfree(tc->message);
	tc->message = NULL;
	tty_redraw(tc);
}

/* --- display-panes ---------------------------------------------------- */

static void
tty_display_panes_close(struct tty_client *tc)
{
	if (!tc->dp_on)
		return;
	tc->dp_on = 0;
	xfree(tc->dp_template);
	tc->dp_template = NULL;
	if (tc->dp_ev != NULL)
		evtimer_del(tc->dp_ev);
	tty_redraw(tc);
}

static void
tty_display_panes_cb(evutil_socket_t fd, short events, void *arg)
{
	tty_display_panes_close(arg);
}

void
tty_display_panes(struct client *c, unsigned delay, const char *template)
{
	struct tty_client	*tc = c->tty;
	struct timeval		 tv;

	if (tc == NULL || tc->dp_on)
		return;
	tc->dp_on = 1;
	tc->dp_template = template != NULL ? xstrdup(template) : NULL;
	if (tc->dp_ev == NULL)
		tc->dp_ev = evtimer_new(server_event_base(),
		    tty_display_panes_cb, tc);
	if (delay != 0) {
		tv.tv_sec = delay / 1000;
		tv.tv_usec = (delay % 1000) * 1000;
		evtimer_add(tc->dp_ev, &tv);
	}
	tty_redraw(tc);
}

/*
 * A key while display-panes is up: 0-9 and a-z pick the pane with that
 * index and run the template with its id; 1 if the key was taken.
 */
static int
tty_display_panes_key(struct tty_client *tc, struct session *s,
    const char *name)
{
	struct pane	*p;
	unsigned	 idx;
	char		*id, *command;

	if (tc->dp_template == NULL)
		return (0);
	if (name[0] >= '0' && name[0] <= '9' && name[1] == '\0')
		idx = (unsigned)(name[0] - '0');
	else if (name[0] >= 'a' && name[0] <= 'z' && name[1] == '\0')
		idx = 10 + (unsigned)(name[0] - 'a');
	else
		return (0);
	command = xstrdup(tc->dp_template);
	tty_display_panes_close(tc);
	idx -= (unsigned)options_window_number(s->curw->window,
	    "pane-base-index") > idx ? 0 : (unsigned)options_window_number(
	    s->curw->window, "pane-base-index");
	if ((p = window_pane_at_index(s->curw->window, idx)) != NULL) {
		window_zoom_unzoom(s->curw->window);
		xasprintf(&id, "%%%u", p->id);
		status_prompt_run_template(tc->c, command, id, NULL);
		xfree(id);
	}
	xfree(command);
	return (1);
}

/* --- keys ------------------------------------------------------------- */

void
tty_input(struct client *c, const uint8_t *data, size_t len)
{
	struct tty_client	*tc = c->tty;

	if (tc == NULL || len == 0)
		return;
	tty_touch(tc);
	buf_add(&tc->keys, data, len);
	tty_keys_run(tc, 0);
}

static void
tty_escape_cb(evutil_socket_t fd, short events, void *arg)
{
	tty_keys_run(arg, 1);
}

/* A key not bound: to the active pane, encoded for its modes. */
static void
tty_keys_to_pane(struct tty_client *tc, const char *name,
    const uint8_t *data, size_t len)
{
	struct session	*s = tty_session(tc->c);
	struct pane	*p;
	struct vt_state	 st;
	struct buf	 b;

	if (server_client_readonly(tc->c) || s == NULL || s->curw == NULL ||
	    (p = s->curw->window->active) == NULL || p->input_off || p->dead)
		return;
	if (data[0] == 0x1b && len > 1 && *name != '\0') {
		buf_init(&b);
		vt_screen_state(p->screen, &st);
		if (keys_encode(name, st.mode, &b) == 0) {
			buf_add(&tc->paste, buf_data(&b), b.len);
			buf_free(&b);
			return;
		}
		buf_free(&b);
	}
	/* Sent with the keys after it in this read (tty_paste_flush). */
	buf_add(&tc->paste, data, len);
}

/* focus-events: the terminal reports focus (ESC [ I, ESC [ O) while on. */
static void
tty_focus_mode(struct tty_client *tc, struct buf *out)
{
	int	on = options_get_number("focus-events") != 0;

	if (on == tc->focus_on)
		return;
	buf_add_str(out, on ? "\033[?1004h" : "\033[?1004l");
	tc->focus_on = on;
}

/* The terminal's focus report: the client is focused or not (tmux). */
static void
tty_keys_focus(struct tty_client *tc, int in)
{
	struct session	*s = tty_session(tc->c);

	if (tc->focused == in)
		return;
	tc->focused = in;
	/* The panes' hooks first: hooks do not run inside another's. */
	focus_update();
	if (s != NULL)
		hooks_notify(in ? "client-focus-in" : "client-focus-out", s,
		    NULL, NULL, NULL);
}

/*
 * Bracketed paste is on in the terminal while the active pane asks for it
 * (tmux's tty_update_mode), so a paste arrives marked.
 */
static void
tty_paste_mode(struct tty_client *tc, struct session *s, struct buf *out)
{
	struct pane	*p = s->curw != NULL ? s->curw->window->active : NULL;
	struct vt_state	 st;
	int		 on = 0;

	if (p != NULL && !p->dead) {
		vt_screen_state(p->screen, &st);
		on = (st.mode & VT_MODE_BRACKETPASTE) != 0;
	}
	if (on == tc->paste_on)
		return;
	buf_add_str(out, on ? "\033[?2004h" : "\033[?2004l");
	tc->paste_on = on;
}

/*
 * Pasted text for the active pane as the terminal sent it, and the markers
 * if the pane asks for them (tmux forwards pasted keys past the key
 * tables: a pasted C-b is text, not the prefix). It is sent in one piece
 * by tty_paste_flush, as tmux writes a paste to the pty at once (sent in
 * pieces, the program's echo of one interleaves with the next).
 */
static void
tty_paste_to_pane(struct tty_client *tc, const uint8_t *data, size_t len,
    int marker)
{
	struct session	*s = tty_session(tc->c);
	struct pane	*p;
	struct vt_state	 st;

	if (server_client_readonly(tc->c) || s == NULL || s->curw == NULL ||
	    (p = s->curw->window->active) == NULL || p->input_off || p->dead ||
	    p->mode != NULL)
		return;
	if (marker) {
		vt_screen_state(p->screen, &st);
		if (~st.mode & VT_MODE_BRACKETPASTE)
			return;
	}
	buf_add(&tc->paste, data, len);
}

static void
tty_paste_flush(struct tty_client *tc)
{
	struct session	*s = tty_session(tc->c);
	struct pane	*p;

	if (tc->paste.len == 0)
		return;
	if (s != NULL && s->curw != NULL &&
	    (p = s->curw->window->active) != NULL && !p->dead)
		pane_io_send(p, buf_data(&tc->paste), tc->paste.len);
	buf_clear(&tc->paste);
}

/*
 * Inside a paste: send what comes before its end marker (all of the
 * input if it has none yet, less a partial marker at the end). Returns 1
 * when the paste ended, 0 to wait for more input.
 */
static int
tty_keys_paste(struct tty_client *tc)
{
	static const char	 end[] = "\033[201~";
	const uint8_t		*data = buf_data(&tc->keys);
	size_t			 len = tc->keys.len, n, k;
	const uint8_t		*at;

	at = memmem(data, len, end, sizeof end - 1);
	if (at != NULL)
		n = (size_t)(at - data);
	else {
		n = len;
		for (k = sizeof end - 2; k > 0; k--) {
			if (k <= len && memcmp(data + len - k, end, k) == 0) {
				n = len - k;
				break;
			}
		}
	}
	if (n != 0)
		tty_paste_to_pane(tc, data, n, 0);
	buf_consume(&tc->keys, n);
	if (at == NULL)
		return (0);
	tty_paste_to_pane(tc, (const uint8_t *)end, sizeof end - 1, 1);
	buf_consume(&tc->keys, sizeof end - 1);
	tc->pasting = 0;
	return (1);
}

/* Output the commands printed goes to view mode in the active pane. */
void
tty_show_output(struct client *c)
{
	struct tty_client	*tc = c->tty;
	struct session		*s;
	struct pane		*p;

	if (tc == NULL || tc->view.len == 0)
		return;
	if ((s = tty_session(c)) != NULL && s->curw != NULL &&
	    (p = s->curw->window->active) != NULL)
		window_view_enter(p, (const char *)buf_data(&tc->view),
		    tc->view.len);
	buf_clear(&tc->view);
}

static void
tty_keys_command(struct tty_client *tc, struct key_binding *kb)
{
	struct client	*c = tc->c;

	/* A read-only client's list is refused there (cmd-queue.c). */
	cmdq_run(c, kb->cmdlist);
	if (c->tty == tc)
		tty_show_output(c);
	tty_redraw_all();
}

static int
tty_keys_is_prefix(struct session *s, long long key)
{
	long long	p1 = options_session_number(s, "prefix");
	long long	p2 = options_session_number(s, "prefix2");

	/* The table keeps C-b as 'b'|Ctrl; typed keys are 0x02. */
	p1 = key_string_lookup_string(key_string_lookup_key(p1));
	p2 = key_string_lookup_string(key_string_lookup_key(p2));
	return (key != -1 && (key == p1 || key == p2));
}

static void
tty_keys_one(struct tty_client *tc, const char *name, const uint8_t *data,
    size_t len)
{
	struct session		*s = tty_session(tc->c);
	struct key_table	*kt;
	struct key_binding	*kb;
	struct pane		*wp;
	long long		 key;
	char			*table;
	int			 ro;

	if (s == NULL)
		return;
	/*
	 * A read-only client's mouse is ignored, and its keys go past
	 * menus, popups, prompts, display-panes and modes straight to the
	 * key tables, where only read-only lists run (tmux 3.3a).
	 */
	ro = server_client_readonly(tc->c);
	if (ro && strcmp(name, "Mouse") == 0)
		return;
	if (ro)
		goto tables;
	if (strcmp(name, "Mouse") != 0)
		tty_clear_message(tc->c);
	if (tc->menu != NULL) {
		/* A menu takes the keys and the mouse (menu.c). */
		if (strcmp(name, "Mouse") == 0)
			tty_keys_menu_mouse(tc, data, len);
		else
			menu_key(tc->c, name);
		return;
	}
	/* A popup takes every key and the mouse (popup.c). */
	if (tc->popup != NULL) {
		if (strcmp(name, "Mouse") == 0)
			popup_mouse(tc->c, data, len);
		else
			popup_key(tc->c, name, data, len);
		return;
	}
	if (strcmp(name, "Mouse") == 0) {
		tty_keys_mouse(tc, data, len);
		return;
	}
	if (tc->prompt != NULL) {
		status_prompt_key(tc->c, name, data, len);
		return;
	}
	if (tc->dp_on) {
		if (tty_display_panes_key(tc, s, name))
			return;
		tty_display_panes_close(tc);
	}
tables:
	key = *name != '\0' ? key_string_lookup_string(name) : -1;
	if (tc->key_table == NULL) {
		if (tty_keys_is_prefix(s, key)) {
			tc->key_table = xstrdup("prefix");
			return;
		}
		/* A pane in copy mode takes keys from the mode's table. */
		wp = s->curw != NULL ? s->curw->window->active : NULL;
		/* Clock and tree mode have no table: root's, if read-only. */
		if (wp != NULL && wp->mode != NULL && ro &&
		    (window_mode_is_clock(wp) || window_mode_tree(wp) != NULL))
			kt = key_bindings_get_table("root", 0);
		else if (wp != NULL && window_mode_is_clock(wp)) {
			window_copy_exit(wp);	/* any key ends clock-mode */
			return;
		} else if (wp != NULL && window_mode_tree(wp) != NULL) {
			window_tree_keys_key(wp, window_mode_tree(wp), tc->c, name);
			return;
		} else if (wp != NULL && wp->mode != NULL) {
			kt = key_bindings_get_table(options_window_number(
			    wp->window, "mode-keys") == 1 ? "copy-mode-vi" :
			    "copy-mode", 0);
		} else
			kt = key_bindings_get_table("root", 0);
		if (key != -1 && kt != NULL &&
		    (kb = key_bindings_get(kt, key)) != NULL) {
			tty_keys_command(tc, kb);
			return;
		}
		if (wp == NULL || wp->mode == NULL)
			tty_keys_to_pane(tc, name, data, len);
		return;
	}
	table = tc->key_table;
	tc->key_table = NULL;
	kt = key_bindings_get_table(table, 0);
	xfree(table);
	if (key != -1 && kt != NULL && (kb = key_bindings_get(kt, key)) != NULL)
		tty_keys_command(tc, kb);
}

/*
 * A mouse report: a drag already under way in copy mode only moves the
 * selection (tmux's drag update); anything else is a key named for where
 * it happened, run with that place as the current target.
 */
static void
tty_keys_mouse(struct tty_client *tc, const uint8_t *data, size_t len)
{
	char	name[64];
	int	was_dragging = tc->mouse.dragging;

	tty_mouse_key(tc, data, len, name, sizeof name);
	/* A border drag under way follows the mouse, wherever it is. */
	if (tc->drag_border && was_dragging && tc->mouse.dragging) {
		tty_mouse_border_update(tc);
		return;
	}
	tty_mouse_run(tc, name, was_dragging);
}

/* A mouse report while a menu is up: where, pressed or released. */
static void
tty_keys_menu_mouse(struct tty_client *tc, const uint8_t *data, size_t len)
{
	unsigned	b, x, y;
	int		release;

	if (tty_mouse_decode(data, len, &b, &x, &y, &release) != 0 ||
	    (b & 64))
		return;
	menu_mouse(tc->c, b & 3, x, y, release, (b & 32) != 0);
}

/* No third click came: DoubleClick for the second one (tmux). */
static void
tty_click_cb(evutil_socket_t fd, short events, void *arg)
{
	struct tty_client	*tc = arg;
	int			 awaited = tc->click;

	tc->click = 0;
	if (awaited != TTY_CLICK_THIRD || tty_session(tc->c) == NULL)
		return;
	tc->mouse = tc->click_mouse;
	tty_mouse_run(tc, tc->click_name, 0);
}

/* The client whose mouse binding runs now (send -X follows its mouse). */
static struct tty_client	*tty_mouse_running;

/*
 * Where the mouse event of the binding running now is in pane p (tmux
 * moves copy mode's cursor there before each send -X): 0 if it is.
 */
int
tty_mouse_binding_at(struct client *c, struct pane *p, unsigned *x,
    unsigned *y)
{
	struct tty_client	*tc = tty_mouse_running;

	if (tc == NULL || tc->c != c || !tc->mouse.valid ||
	    (tc->mouse.b & 64) || tc->mouse.pane_id != p->id)
		return (-1);
	*x = tc->mouse.px;
	*y = tc->mouse.py;
	return (0);
}

int
tty_mouse_binding_xy(struct client *c, unsigned *x, unsigned *y)
{
	struct tty_client	*tc = tty_mouse_running;

	if (tc == NULL || tc->c != c || !tc->mouse.valid)
		return (-1);
	*x = tc->mouse.x;
	*y = tc->mouse.y;
	return (0);
}

int
tty_status_window_x(struct client *c, int idx, unsigned *x)
{
	struct tty_client	*tc = c->tty;
	unsigned		 i;

	for (i = 0; tc != NULL && i < tc->nranges; i++) {
		if (tc->ranges[i].line == 0 &&
		    tc->ranges[i].type == STYLE_RANGE_WINDOW &&
		    tc->ranges[i].argument == (unsigned)idx) {
			*x = tc->ranges[i].x0;
			return (0);
		}
	}
	return (-1);
}

/* A mouse key: its binding, or the program under it if unbound. */
static void
tty_mouse_run(struct tty_client *tc, const char *name, int was_dragging)
{
	struct cmd_find_state	 fs;
	struct key_table	*kt;
	struct key_binding	*kb;
	struct pane		*p;
	long long		 key;

	if (*name == '\0' || server_client_readonly(tc->c) ||
	    tty_mouse_target(tc->c, &fs) != 0)
		return;
	p = fs.wp;
	if (was_dragging && tc->mouse.dragging && p != NULL &&
	    p->mode != NULL && !window_mode_is_clock(p)) {
		tty_mouse_forward(tc->c, p);
		return;
	}
	if (p != NULL && window_mode_is_clock(p) &&
	    strncmp(name, "MouseDown", 9) == 0) {
		window_copy_exit(p);
		return;
	}
	strlcpy(tc->mouse.key, name, sizeof tc->mouse.key);
	/* Tree mode has no table of its own: root's send -M gives it. */
	if (p != NULL && p->mode != NULL && strstr(name, "Pane") != NULL &&
	    window_mode_tree(p) == NULL)
		kt = key_bindings_get_table(options_window_number(p->window,
		    "mode-keys") == 1 ? "copy-mode-vi" : "copy-mode", 0);
	else
		kt = key_bindings_get_table(tc->key_table != NULL ?
		    tc->key_table : "root", 0);
	xfree(tc->key_table);
	tc->key_table = NULL;
	key = key_string_lookup_string(name);
	if (key < 0 || kt == NULL || (kb = key_bindings_get(kt, key)) == NULL) {
		/* Unbound: a program that wants the mouse still gets it. */
		if (p != NULL && p->mode == NULL &&
		    strstr(name, "Pane") != NULL)
			tty_mouse_forward(tc->c, p);
		return;
	}
	cmdq_set_current(&fs);
	tty_mouse_running = tc;
	cmdq_run(tc->c, kb->cmdlist);
	tty_mouse_running = NULL;
	cmdq_set_current(NULL);
	if (tc->c->tty == tc)
		tty_show_output(tc->c);
	tty_redraw_all();
}

/*
 * Whether tty_keys_one gives this key to the active pane as it is: keys
 * of one read that do are written to the pane together, as tmux does
 * (one at a time, a program reading each at once interleaves its output
 * with the echo of the next). Anything else sends the ones before first.
 */
static int
tty_keys_plain(struct tty_client *tc, const char *name)
{
	struct session		*s = tty_session(tc->c);
	struct key_table	*kt;
	struct pane		*wp;
	long long		 key;

	if (s == NULL || s->curw == NULL || strcmp(name, "Mouse") == 0 ||
	    tc->prompt != NULL || tc->dp_on || tc->key_table != NULL ||
	    tc->menu != NULL)
		return (0);
	wp = s->curw->window->active;
	if (wp == NULL || wp->mode != NULL)
		return (0);
	key = *name != '\0' ? key_string_lookup_string(name) : -1;
	if (tty_keys_is_prefix(s, key))
		return (0);
	kt = key_bindings_get_table("root", 0);
	return (key == -1 || kt == NULL || key_bindings_get(kt, key) == NULL);
}

static void
tty_keys_run(struct tty_client *tc, int complete)
{
	struct client	*c = tc->c;
	struct session	*s;
	struct timeval	 tv;
	char		 name[64];
	size_t		 n;
	long long	 ms;

	evtimer_del(tc->escape_ev);
	while (c->tty == tc && tc->keys.len != 0) {
		if (tc->pasting) {
			if (!tty_keys_paste(tc))
				break;
			continue;
		}
		n = tty_keys_next(buf_data(&tc->keys), tc->keys.len, complete,
		    name, sizeof name);
		if (n == 0) {
			tty_paste_flush(tc);
			ms = 500;
			if ((s = tty_session(c)) != NULL)
				ms = options_get_number("escape-time");
			tv.tv_sec = ms / 1000;
			tv.tv_usec = (ms % 1000) * 1000;
			evtimer_add(tc->escape_ev, &tv);
			return;
		}
		if (strcmp(name, "FocusIn") == 0 ||
		    strcmp(name, "FocusOut") == 0) {
			buf_consume(&tc->keys, n);
			tty_keys_focus(tc, name[5] == 'I');
			continue;
		}
		if (strcmp(name, "PasteStart") == 0) {
			tty_paste_to_pane(tc, buf_data(&tc->keys), n, 1);
			buf_consume(&tc->keys, n);
			tc->pasting = 1;
			continue;
		}
		{
			uint8_t	*copy = xmalloc(n);

			memcpy(copy, buf_data(&tc->keys), n);
			buf_consume(&tc->keys, n);
			if (!tty_keys_plain(tc, name))
				tty_paste_flush(tc);
			tty_keys_one(tc, name, copy, n);
			xfree(copy);
		}
	}
	if (c->tty == tc)
		tty_paste_flush(tc);
}

void
tty_wait_set(struct client *c, enum tty_wait what, struct client *waiter)
{
	if (c->tty != NULL)
		c->tty->waiting[what] = waiter;
}

struct client *
tty_wait_end(struct client *c, enum tty_wait what)
{
	struct client	*waiter;

	if (c->tty == NULL)
		return (NULL);
	waiter = c->tty->waiting[what];
	c->tty->waiting[what] = NULL;
	return (waiter);
}

void
tty_wait_client_gone(struct client *gone)
{
	struct tty_client	*tc;
	int			 i;

	for (tc = tty_first(); tc != NULL; tc = tty_next(tc)) {
		for (i = 0; i < TTY_NWAIT; i++) {
			if (tc->waiting[i] == gone)
				tc->waiting[i] = NULL;
		}
	}
}
