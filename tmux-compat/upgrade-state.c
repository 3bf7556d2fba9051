/*
 * server-upgrade's state file: what one server hands the binary it execs
 * (upgrade.c). A magic, a format version, then records; a reader of
 * another version refuses the file whole, it never guesses.
 *
 *	"ZPUPGRADE\n" u32 version
 *	u32 listen fd, u64 server start time
 *	u32 nmessages, each: u64 time, text (show-messages, newest first)
 *	environ (the global one)
 *	options of the three global stores, key tables (upgrade-config.c)
 *	u32 npaste (oldest first), each: name data automatic created
 *	u32 nwindows, each: id name automatic_rename sx sy created
 *	    activity active-pane-id
 *	    layout options npanes, each: id pid fd tty-path sx sy cwd
 *	    command shell dead dead_shown dead_time status_ready status created hlimit title
 *	    path cx cy screen-text options
 *	    nptys, each: master-fd input waiter-pid
 *	u32 nsessions, each: id name cwd sx sy created activity
 *	    last-attached group environ
 *	    options curw-idx nwinlinks (idx window-id) nlast (idx)
 *	u32 next session id
 *
 * Numbers are u32, strings u32 length + bytes, times u64 seconds (and
 * u32 microseconds for the model's: the current session is the most
 * recently active one, to the microsecond). A screen
 * goes as its capture with attributes (capture-pane -e -S -) and its
 * cursor, replayed into a fresh screen of the same size.
 */
#include <sys/time.h>

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/base/buf.h"
#include "engine/base/log.h"
#include "engine/base/xmalloc.h"
#include "engine/model/layout.h"
#include "engine/model/model.h"
#include "engine/sys/pane-io.h"
#include "engine/term/vt.h"
#include "tmux-compat/options.h"
#include "tmux-compat/paste.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/upgrade.h"

#define UPGRADE_STATE_MAGIC	"ZPUPGRADE\n"

void
upgrade_state_put_u(struct buf *b, uint32_t v)
{
	buf_add(b, &v, sizeof v);
}

static void
upgrade_state_put_u64(struct buf *b, uint64_t v)
{
	buf_add(b, &v, sizeof v);
}

static void
upgrade_state_put_data(struct buf *b, const void *p, size_t len)
{
	upgrade_state_put_u(b, (uint32_t)len);
	buf_add(b, p, len);
}

void
upgrade_state_put_str(struct buf *b, const char *s)
{
	if (s == NULL)
		s = "";
	upgrade_state_put_data(b, s, strlen(s));
}

/* n bytes into out, or zeros and r->bad once the state runs short. */
static void
upgrade_state_get_raw(struct upgrade_reader *r, void *out, size_t n)
{
	if (r->bad || (size_t)(r->end - r->p) < n) {
		r->bad = 1;
		memset(out, 0, n);
		return;
	}
	memcpy(out, r->p, n);
	r->p += n;
}

uint32_t
upgrade_state_get_u(struct upgrade_reader *r)
{
	uint32_t	v;

	upgrade_state_get_raw(r, &v, sizeof v);
	return (v);
}

static uint64_t
upgrade_state_get_u64(struct upgrade_reader *r)
{
	uint64_t	v;

	upgrade_state_get_raw(r, &v, sizeof v);
	return (v);
}

/* A time to the microsecond (which session is current compares them). */
static void
upgrade_state_put_tv(struct buf *b, const struct timeval *tv)
{
	upgrade_state_put_u64(b, (uint64_t)tv->tv_sec);
	upgrade_state_put_u(b, (uint32_t)tv->tv_usec);
}

static void
upgrade_state_get_tv(struct upgrade_reader *r, struct timeval *tv)
{
	tv->tv_sec = (time_t)upgrade_state_get_u64(r);
	tv->tv_usec = (suseconds_t)upgrade_state_get_u(r);
}

/* A string (xmalloc'd, NUL-terminated; *len its length if not NULL). */
char *
upgrade_state_get_str(struct upgrade_reader *r, size_t *lenp)
{
	uint32_t	len = upgrade_state_get_u(r);
	char		*s;

	if (r->bad || (size_t)(r->end - r->p) < len) {
		r->bad = 1;
		len = 0;
	}
	s = xmalloc((size_t)len + 1);
	memcpy(s, r->p, len);
	s[len] = '\0';
	r->p += len;
	if (lenp != NULL)
		*lenp = len;
	return (s);
}

static void
upgrade_state_put_environ(struct buf *b, struct environ *env)
{
	struct environ_entry	*e;
	uint32_t		 n = 0;

	TAILQ_FOREACH(e, env, entry)
		n++;
	upgrade_state_put_u(b, n);
	TAILQ_FOREACH(e, env, entry) {
		upgrade_state_put_str(b, e->name);
		upgrade_state_put_u(b, e->value != NULL);
		upgrade_state_put_str(b, e->value);
		upgrade_state_put_u(b, e->hidden);
	}
}

static void
upgrade_state_get_environ(struct upgrade_reader *r, struct environ *env)
{
	struct environ_entry	*e;
	uint32_t		 n = upgrade_state_get_u(r), i;
	char			*name, *value;
	int			 set;

	for (i = 0; i < n && !r->bad; i++) {
		name = upgrade_state_get_str(r, NULL);
		set = upgrade_state_get_u(r);
		value = upgrade_state_get_str(r, NULL);
		environ_set(env, name, set ? value : NULL);
		if ((e = environ_find(env, name)) != NULL)
			e->hidden = upgrade_state_get_u(r);
		else
			(void)upgrade_state_get_u(r);
		xfree(name);
		xfree(value);
	}
}

/* The screen as text with attributes, every history line on. */
static void
upgrade_state_put_screen(struct buf *b, struct pane *p)
{
	struct vt_capture	 cap;
	struct vt_state		 st;
	struct buf		 text;
	const char		*cause;

	pane_io_drain(p);
	vt_screen_state(p->screen, &st);
	upgrade_state_put_u(b, st.history_limit);
	upgrade_state_put_str(b, st.title);
	upgrade_state_put_str(b, st.path);
	upgrade_state_put_u(b, st.cx);
	upgrade_state_put_u(b, st.cy);
	memset(&cap, 0, sizeof cap);
	cap.start_set = cap.end_set = cap.start_all = cap.end_all = 1;
	cap.flags = VT_CAPTURE_ESCAPES;
	buf_init(&text);
	if (vt_screen_capture(p->screen, &cap, &text, &cause) != 0)
		buf_clear(&text);
	upgrade_state_put_data(b, buf_data(&text), text.len);
	buf_free(&text);
}

/* The ptys the shim lent the pane: their masters go too. */
static void
upgrade_state_put_ptys(struct buf *b, struct pane *p)
{
	int	fds[UPGRADE_PTY_MAX], inputs[UPGRADE_PTY_MAX], n, i;
	pid_t	waiters[UPGRADE_PTY_MAX];

	n = pane_io_lent_ptys(p, fds, inputs, waiters, UPGRADE_PTY_MAX);
	if (n > UPGRADE_PTY_MAX)
		n = UPGRADE_PTY_MAX;
	upgrade_state_put_u(b, (uint32_t)n);
	for (i = 0; i < n; i++) {
		upgrade_state_put_u(b, (uint32_t)fds[i]);
		upgrade_state_put_u(b, (uint32_t)inputs[i]);
		upgrade_state_put_u(b, (uint32_t)waiters[i]);
	}
}

static void
upgrade_state_get_ptys(struct upgrade_reader *r, struct pane *p)
{
	uint32_t	n = upgrade_state_get_u(r), i;
	int		fd, input;
	pid_t		waiter;

	for (i = 0; i < n && i < UPGRADE_PTY_MAX && !r->bad; i++) {
		fd = (int)upgrade_state_get_u(r);
		input = (int)upgrade_state_get_u(r);
		waiter = (pid_t)upgrade_state_get_u(r);
		if (!r->bad && fd >= 0)
			pane_io_adopt_pty(p, fd, input, waiter);
	}
}

/*
 * Replay a captured screen: each line, then the cursor where it was, in
 * one input (a call per line cost the parser's set-up and a packing of
 * the rows each time: 300 ms of a 400-session upgrade, perf).
 */
static void
upgrade_state_replay(struct vt_screen *s, const char *text, size_t len,
    unsigned cx, unsigned cy)
{
	const char	*p = text, *end = text + len, *nl;
	char		 cup[64];
	struct buf	 b;
	int		 first = 1;

	buf_init(&b);
	/* The capture ends every line with "\n": the last one has no next. */
	if (len != 0 && end[-1] == '\n')
		end--;
	while (p <= end) {
		if (!first)
			buf_add(&b, "\r\n", 2);
		first = 0;
		if ((nl = memchr(p, '\n', end - p)) == NULL)
			nl = end;
		buf_add(&b, p, nl - p);
		buf_add(&b, "\033[m", 3);
		p = nl + 1;
	}
	snprintf(cup, sizeof cup, "\033[%u;%uH", cy + 1, cx + 1);
	buf_add(&b, cup, strlen(cup));
	vt_screen_input(s, buf_data(&b), b.len, NULL);
	buf_free(&b);
}

/* show-messages' log, newest first as message_log_each gives it. */
struct upgrade_state_log {
	struct buf	*b;
	uint32_t	 n;
};

static void
upgrade_state_log_cb(time_t t, const char *msg, void *arg)
{
	struct upgrade_state_log	*l = arg;

	upgrade_state_put_u64(l->b, (uint64_t)t);
	upgrade_state_put_str(l->b, msg);
	l->n++;
}

static void
upgrade_state_put_log(struct buf *b)
{
	struct upgrade_state_log	 l;
	struct buf			 rec;

	buf_init(&rec);
	l.b = &rec;
	l.n = 0;
	message_log_each(upgrade_state_log_cb, &l);
	upgrade_state_put_u(b, l.n);
	buf_add(b, buf_data(&rec), rec.len);
	buf_free(&rec);
}

static void
upgrade_state_get_log(struct upgrade_reader *r)
{
	uint32_t	  n = upgrade_state_get_u(r), i;
	time_t		 *times;
	char		**msgs;

	if (r->bad || n > (size_t)(r->end - r->p))
		return;
	times = xcalloc(n + 1, sizeof *times);
	msgs = xcalloc(n + 1, sizeof *msgs);
	for (i = 0; i < n; i++) {
		times[i] = (time_t)upgrade_state_get_u64(r);
		msgs[i] = upgrade_state_get_str(r, NULL);
	}
	/* Oldest last in the file: added back oldest first. */
	for (i = n; i > 0; i--) {
		if (!r->bad)
			message_log_add_at(times[i - 1], msgs[i - 1]);
		xfree(msgs[i - 1]);
	}
	xfree(times);
	xfree(msgs);
}

int
upgrade_state_write(struct buf *b, int listen_fd, char **cause)
{
	struct paste_buffer	*pb;
	struct window		*w;
	struct pane		*p;
	struct session		*s;
	struct winlink		*wl;
	char			*layout;
	uint32_t		 n;

	(void)cause;
	buf_add(b, UPGRADE_STATE_MAGIC, strlen(UPGRADE_STATE_MAGIC));
	upgrade_state_put_u(b, UPGRADE_STATE_VERSION);
	upgrade_state_put_u(b, (uint32_t)listen_fd);
	upgrade_state_put_u64(b, (uint64_t)server_start_time);
	upgrade_state_put_log(b);
	upgrade_state_put_environ(b, &global_environ);
	{
		struct options_target	t;
		int			scopes[] = { OPTIONS_TABLE_SERVER,
					    OPTIONS_TABLE_SESSION,
					    OPTIONS_TABLE_WINDOW };
		unsigned		i;

		for (i = 0; i < 3; i++) {
			options_target_global(&t, scopes[i]);
			upgrade_config_put_options(b, *t.chain[0], 1);
		}
	}
	upgrade_config_put_keys(b);

	/* Oldest first: each one read back becomes the newest. */
	{
		struct paste_buffer	**all = NULL;
		uint32_t		  i;

		n = 0;
		for (pb = paste_first(); pb != NULL; pb = paste_next(pb)) {
			all = xreallocarray(all, n + 1, sizeof *all);
			all[n++] = pb;
		}
		upgrade_state_put_u(b, n);
		for (i = n; i > 0; i--) {
			pb = all[i - 1];
			upgrade_state_put_str(b, pb->name);
			upgrade_state_put_data(b, pb->data, pb->size);
			upgrade_state_put_u(b, pb->automatic);
			upgrade_state_put_u64(b, (uint64_t)pb->created);
		}
		xfree(all);
	}

	n = 0;
	TAILQ_FOREACH(s, &model_sessions, entry) {
		TAILQ_FOREACH(wl, &s->windows, entry)
			n++;
	}
	/* Windows in id order, each once (a window may be in several). */
	{
		unsigned	 id, max = 0;
		struct buf	 wb;
		uint32_t	 nw = 0, np;

		TAILQ_FOREACH(p, &model_panes, all_entry) {
			if (p->window != NULL && p->window->id + 1 > max)
				max = p->window->id + 1;
		}
		buf_init(&wb);
		for (id = 0; id < max; id++) {
			if ((w = window_find_by_id(id)) == NULL ||
			    w->references == 0)
				continue;
			nw++;
			upgrade_state_put_u(&wb, w->id);
			upgrade_state_put_str(&wb, w->name);
			upgrade_state_put_u(&wb, w->automatic_rename);
			upgrade_state_put_u(&wb, w->sx);
			upgrade_state_put_u(&wb, w->sy);
			upgrade_state_put_tv(&wb, &w->created);
			upgrade_state_put_tv(&wb, &w->activity);
			upgrade_state_put_u(&wb, w->active != NULL ?
			    w->active->id : UINT32_MAX);
			layout = layout_custom_dump(w);
			upgrade_state_put_str(&wb, layout);
			xfree(layout);
			upgrade_config_put_options(&wb, w->options, 0);
			np = 0;
			TAILQ_FOREACH(p, &w->panes, entry)
				np++;
			upgrade_state_put_u(&wb, np);
			TAILQ_FOREACH(p, &w->panes, entry) {
				upgrade_state_put_u(&wb, p->id);
				upgrade_state_put_u(&wb, (uint32_t)p->pid);
				/* Only a socket still open goes (upgrade.c). */
				upgrade_state_put_u(&wb, p->io != NULL ?
				    (uint32_t)p->fd : UINT32_MAX);
				upgrade_state_put_str(&wb,
				    pane_io_tty_path(p));
				upgrade_state_put_u(&wb, p->sx);
				upgrade_state_put_u(&wb, p->sy);
				upgrade_state_put_str(&wb, p->start_cwd);
				upgrade_state_put_str(&wb, p->start_command);
				upgrade_state_put_str(&wb, p->shell);
				upgrade_state_put_u(&wb, p->dead);
				upgrade_state_put_u(&wb, p->dead_shown);
				upgrade_state_put_tv(&wb, &p->dead_time);
				upgrade_state_put_u(&wb, p->status_ready);
				upgrade_state_put_u(&wb, (uint32_t)p->status);
				upgrade_state_put_tv(&wb, &p->created);
				upgrade_state_put_screen(&wb, p);
				upgrade_config_put_options(&wb, p->options, 0);
				upgrade_state_put_ptys(&wb, p);
			}
		}
		upgrade_state_put_u(b, nw);
		buf_add(b, buf_data(&wb), wb.len);
		buf_free(&wb);
	}

	n = 0;
	TAILQ_FOREACH(s, &model_sessions, entry)
		n++;
	upgrade_state_put_u(b, n);
	/* In id order, so that the new server's id table stays sorted. */
	{
		unsigned	id, next = session_next_id();

		for (id = 0; id < next; id++) {
			if ((s = session_find_by_id(id)) == NULL)
				continue;
			upgrade_state_put_u(b, s->id);
			upgrade_state_put_str(b, s->name);
			upgrade_state_put_str(b, s->cwd);
			upgrade_state_put_u(b, s->sx);
			upgrade_state_put_u(b, s->sy);
			upgrade_state_put_tv(b, &s->created);
			upgrade_state_put_tv(b, &s->activity);
			upgrade_state_put_tv(b, &s->last_attached);
			upgrade_state_put_str(b, s->group != NULL ?
			    s->group->name : "");
			upgrade_state_put_environ(b, &s->environ);
			upgrade_config_put_options(b, s->options, 0);
			upgrade_state_put_u(b, s->curw != NULL ?
			    (uint32_t)s->curw->idx : UINT32_MAX);
			n = 0;
			TAILQ_FOREACH(wl, &s->windows, entry)
				n++;
			upgrade_state_put_u(b, n);
			TAILQ_FOREACH(wl, &s->windows, entry) {
				upgrade_state_put_u(b, (uint32_t)wl->idx);
				upgrade_state_put_u(b, wl->window->id);
			}
			n = 0;
			TAILQ_FOREACH(wl, &s->lastw, sentry)
				n++;
			upgrade_state_put_u(b, n);
			TAILQ_FOREACH(wl, &s->lastw, sentry)
				upgrade_state_put_u(b, (uint32_t)wl->idx);
		}
	}
	upgrade_state_put_u(b, session_next_id());
	return (0);
}

int
upgrade_state_check(const uint8_t *data, size_t len, char **cause)
{
	size_t		mlen = strlen(UPGRADE_STATE_MAGIC);
	uint32_t	version;

	if (len < mlen + sizeof version ||
	    memcmp(data, UPGRADE_STATE_MAGIC, mlen) != 0) {
		xasprintf(cause, "not a zeropty upgrade state file");
		return (-1);
	}
	memcpy(&version, data + mlen, sizeof version);
	if (version != UPGRADE_STATE_VERSION) {
		xasprintf(cause, "upgrade state file version %u, this server "
		    "reads version %u only", version, UPGRADE_STATE_VERSION);
		return (-1);
	}
	return (0);
}

/* Read one pane's record and take over its process. */
static struct pane *
upgrade_state_read_pane(struct upgrade_reader *r, struct window *w,
    char **cause)
{
	struct pane	*p;
	unsigned	 id, sx, sy, hlimit, cx, cy;
	pid_t		 pid;
	int		 fd;
	char		*tty, *title, *path, *text;
	size_t		 len;

	id = upgrade_state_get_u(r);
	pid = (pid_t)upgrade_state_get_u(r);
	fd = (int)upgrade_state_get_u(r);
	tty = upgrade_state_get_str(r, NULL);
	sx = upgrade_state_get_u(r);
	sy = upgrade_state_get_u(r);
	window_set_next_ids(0, id);
	/* The history limit comes with the screen, below: made after. */
	{
		char	*cwd = upgrade_state_get_str(r, NULL);
		char	*cmd = upgrade_state_get_str(r, NULL);
		char	*shell = upgrade_state_get_str(r, NULL);
		int	 dead = upgrade_state_get_u(r);
		int	 shown = upgrade_state_get_u(r);
		struct timeval	 dead_time, created;
		int		 ready, status;

		upgrade_state_get_tv(r, &dead_time);
		ready = upgrade_state_get_u(r);
		status = (int)upgrade_state_get_u(r);
		upgrade_state_get_tv(r, &created);

		hlimit = upgrade_state_get_u(r);
		title = upgrade_state_get_str(r, NULL);
		path = upgrade_state_get_str(r, NULL);
		cx = upgrade_state_get_u(r);
		cy = upgrade_state_get_u(r);
		text = upgrade_state_get_str(r, &len);
		if (r->bad) {
			xfree(cwd);
			xfree(cmd);
			xfree(shell);
			xfree(tty);
			xfree(title);
			xfree(path);
			xfree(text);
			xasprintf(cause, "upgrade state file is truncated");
			return (NULL);
		}
		p = window_pane_create(w, sx, sy, hlimit);
		p->id = id;
		p->pid = pid;
		p->start_cwd = cwd;
		p->start_command = cmd;
		p->shell = *shell != '\0' ? shell : NULL;
		if (p->shell == NULL)
			xfree(shell);
		p->dead = dead;
		p->dead_shown = shown;
		p->dead_time = dead_time;
		p->status_ready = ready;
		p->status = status;
		p->created = created;
	}
	{
		struct options_target	t;

		options_target_pane(&t, p);
		if (upgrade_config_get_options(r, &t, cause) != 0) {
			xfree(tty);
			xfree(title);
			xfree(path);
			xfree(text);
			return (NULL);
		}
	}
	upgrade_state_replay(p->screen, text, len, cx, cy);
	vt_screen_set_title(p->screen, title);
	if (*path != '\0') {
		char	*osc;

		xasprintf(&osc, "\033]7;%s\033\\", path);
		vt_screen_input(p->screen, (const uint8_t *)osc, strlen(osc),
		    NULL);
		xfree(osc);
	}
	xfree(text);
	xfree(title);
	xfree(path);
	if (fd >= 0 && !p->dead && *tty != '\0') {
		if (pane_io_adopt(p, fd, tty, cause) != 0) {
			xfree(tty);
			return (NULL);
		}
	} else if (fd >= 0)
		close(fd);
	xfree(tty);
	/* After the socket: a pty is the pane's I/O's (closed if none). */
	upgrade_state_get_ptys(r, p);
	return (p);
}

int
upgrade_state_read(const uint8_t *data, size_t len, int *listen_fd,
    char **cause)
{
	struct upgrade_reader	 r;
	struct window		*w;
	struct pane		*p, *active;
	struct session		*s;
	struct winlink		*wl;
	uint32_t		 n, i, j, np, idx, wid, active_id, curw;
	char			*name, *data2, *layout, *cwd;
	size_t			 dlen;

	if (upgrade_state_check(data, len, cause) != 0)
		return (-1);
	r.p = data + strlen(UPGRADE_STATE_MAGIC) + sizeof (uint32_t);
	r.end = data + len;
	r.bad = 0;
	*listen_fd = (int)upgrade_state_get_u(&r);
	server_start_time = (time_t)upgrade_state_get_u64(&r);
	upgrade_state_get_log(&r);
	environ_clear(&global_environ);
	upgrade_state_get_environ(&r, &global_environ);
	{
		struct options_target	t;
		int			scopes[] = { OPTIONS_TABLE_SERVER,
					    OPTIONS_TABLE_SESSION,
					    OPTIONS_TABLE_WINDOW };
		unsigned		k;

		for (k = 0; k < 3; k++) {
			options_target_global(&t, scopes[k]);
			if (upgrade_config_get_options(&r, &t, cause) != 0)
				return (-1);
		}
	}
	if (upgrade_config_get_keys(&r, cause) != 0)
		return (-1);

	n = upgrade_state_get_u(&r);
	for (i = 0; i < n && !r.bad; i++) {
		name = upgrade_state_get_str(&r, NULL);
		data2 = upgrade_state_get_str(&r, &dlen);
		{
			struct paste_buffer	*pb;
			int			 automatic;
			time_t			 created;

			automatic = upgrade_state_get_u(&r);
			created = (time_t)upgrade_state_get_u64(&r);
			paste_set(data2, dlen, name);
			if ((pb = paste_get_name(name)) != NULL) {
				pb->automatic = automatic;
				pb->created = created;
			}
		}
		xfree(name);
	}

	n = upgrade_state_get_u(&r);
	for (i = 0; i < n && !r.bad; i++) {
		unsigned	sx, sy, ar;
		struct timeval	wcreated, wactivity;

		wid = upgrade_state_get_u(&r);
		name = upgrade_state_get_str(&r, NULL);
		ar = upgrade_state_get_u(&r);
		sx = upgrade_state_get_u(&r);
		sy = upgrade_state_get_u(&r);
		upgrade_state_get_tv(&r, &wcreated);
		upgrade_state_get_tv(&r, &wactivity);
		active_id = upgrade_state_get_u(&r);
		layout = upgrade_state_get_str(&r, NULL);
		window_set_next_ids(wid, 0);
		w = window_create(sx, sy);
		window_set_name(w, name);
		w->automatic_rename = ar;
		w->created = wcreated;
		w->activity = wactivity;
		xfree(name);
		{
			struct options_target	t;

			options_target_window(&t, w);
			if (upgrade_config_get_options(&r, &t, cause) != 0) {
				xfree(layout);
				return (-1);
			}
		}
		np = upgrade_state_get_u(&r);
		active = NULL;
		for (j = 0; j < np && !r.bad; j++) {
			if ((p = upgrade_state_read_pane(&r, w, cause)) ==
			    NULL) {
				xfree(layout);
				return (-1);
			}
			if (p->id == active_id)
				active = p;
		}
		if (active != NULL)
			window_set_active(w, active);
		if (!r.bad && *layout != '\0' &&
		    layout_custom_parse(w, layout, cause) != 0) {
			xfree(layout);
			return (-1);
		}
		xfree(layout);
	}

	n = upgrade_state_get_u(&r);
	for (i = 0; i < n && !r.bad; i++) {
		unsigned	 id, sx, sy;
		struct timeval	 created, activity, last;
		char		*group;

		id = upgrade_state_get_u(&r);
		name = upgrade_state_get_str(&r, NULL);
		cwd = upgrade_state_get_str(&r, NULL);
		sx = upgrade_state_get_u(&r);
		sy = upgrade_state_get_u(&r);
		upgrade_state_get_tv(&r, &created);
		upgrade_state_get_tv(&r, &activity);
		upgrade_state_get_tv(&r, &last);
		group = upgrade_state_get_str(&r, NULL);
		session_set_next_id(id);
		s = session_create(name, cwd, sx, sy);
		xfree(name);
		xfree(cwd);
		s->created = created;
		s->activity = activity;
		s->last_attached = last;
		/* Members come back in id order, which is joining order. */
		if (*group != '\0')
			session_group_add(session_group_new(group), s);
		xfree(group);
		upgrade_state_get_environ(&r, &s->environ);
		{
			struct options_target	t;

			options_target_session(&t, s);
			if (upgrade_config_get_options(&r, &t, cause) != 0)
				return (-1);
		}
		curw = upgrade_state_get_u(&r);
		np = upgrade_state_get_u(&r);
		for (j = 0; j < np && !r.bad; j++) {
			idx = upgrade_state_get_u(&r);
			wid = upgrade_state_get_u(&r);
			if ((w = window_find_by_id(wid)) != NULL)
				winlink_add(s, w, (int)idx);
		}
		np = upgrade_state_get_u(&r);
		for (j = 0; j < np && !r.bad; j++) {
			idx = upgrade_state_get_u(&r);
			wl = winlink_find_by_index(s, (int)idx);
			if (wl != NULL && !winlink_in_stack(s, wl))
				TAILQ_INSERT_TAIL(&s->lastw, wl, sentry);
		}
		if ((wl = winlink_find_by_index(s, (int)curw)) != NULL)
			s->curw = wl;
	}
	session_set_next_id(upgrade_state_get_u(&r));
	if (r.bad) {
		xasprintf(cause, "upgrade state file is truncated");
		return (-1);
	}
	return (0);
}
