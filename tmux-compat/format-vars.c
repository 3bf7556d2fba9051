/*
 * The variables of tmux's format language for a target (session, window,
 * pane, server), looked up by name through a sorted table. Options are
 * looked up first, as tmux's format_find does. Names tmux does not define
 * in this context expand to "" (libtmux asks for 122 names at once).
 */
#include <sys/time.h>
#include <sys/utsname.h>
#include <sys/wait.h>

#include <limits.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine/base/buf.h"
#include "engine/base/hash.h"
#include "engine/base/xmalloc.h"
#include "engine/model/layout.h"
#include "engine/sys/pane-io.h"
#include "engine/sys/pane-wait.h"
#include "engine/sys/vtty.h"
#include "engine/term/utf8.h"
#include "engine/term/vt.h"
#include "tmux-compat/cmd-entries.h"
#include "tmux-compat/cmd-parse.h"
#include "tmux-compat/control.h"
#include "tmux-compat/format.h"
#include "tmux-compat/paste.h"
#include "tmux-compat/hooks.h"
#include "tmux-compat/options.h"
#include "tmux-compat/style.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/window-copy.h"

enum fv_type {
	FV_TYPE_UNKNOWN,
	FV_TYPE_SESSION,
	FV_TYPE_WINDOW,
	FV_TYPE_PANE,
};

/* format_vars_for_ctx's flags. */
#define FV_TIME		0x1	/* strftime first (display-message) */
#define FV_VERBOSE	0x2	/* trace to the item's output */

struct fv_ctx {
	enum fv_type			 type;
	int				 line;	/* list-*: item number, or -1 */
	struct cmdq_item		*item;
	struct paste_buffer		*pb;
	const struct cmd_entry		*entry;	/* list-commands */
	const char *const		*extra;	/* name, value, ..., NULL */
	const struct cmd_find_state	*fs;
	int				 have_state;
	struct vt_state			 st;
};

typedef char *(*fv_cb)(struct fv_ctx *);

/*
 * Numbers by hand: through xasprintf they were a tenth of list-panes -a's
 * server time with libtmux's 122 fields (perf).
 */
static char *
fv_unum(unsigned long long n)
{
	char	 buf[24], *p;

	buf[sizeof buf - 1] = '\0';
	p = buf_uint_before(buf + sizeof buf - 1, n);
	return (xstrdup(p));
}

static char *
fv_num(long long n)
{
	char	*s, *neg;

	if (n >= 0)
		return (fv_unum((unsigned long long)n));
	s = fv_unum(0ULL - (unsigned long long)n);
	xasprintf(&neg, "-%s", s);
	xfree(s);
	return (neg);
}

/* The pane's screen state, read once per expansion (drained first). */
static struct vt_state *
fv_state(struct fv_ctx *x)
{
	if (x->fs->wp == NULL)
		return (NULL);
	if (!x->have_state) {
		pane_io_drain(x->fs->wp);
		vt_screen_state(x->fs->wp->screen, &x->st);
		x->have_state = 1;
	}
	return (&x->st);
}

#define S	(x->fs->s)
#define WL	(x->fs->wl)
#define W	(x->fs->w)
#define WP	(x->fs->wp)

/* "$N", "@N", "%N". */
static char *
fv_id(char prefix, unsigned id)
{
	char	 buf[24], *p;

	buf[sizeof buf - 1] = '\0';
	p = buf_uint_before(buf + sizeof buf - 1, id);
	*--p = prefix;
	return (xstrdup(p));
}

static char *fv_version(struct fv_ctx *x) { return (xstrdup(ZP_TMUX_VERSION)); }
static char *fv_config_files(struct fv_ctx *x) { return (xstrdup(cfg_loaded_files())); }

/* #{current_file}: the configuration file whose command this is. */
static char *
fv_current_file(struct fv_ctx *x)
{
	const char	*path;
	unsigned	 line;

	(void)x;
	cfg_get_source(&path, &line);
	return (path != NULL ? xstrdup(path) : NULL);
}
static char *fv_pid(struct fv_ctx *x) { return (fv_num(server_pid)); }
static char *fv_socket_path(struct fv_ctx *x) { return (xstrdup(server_socket_path)); }
static char *fv_start_time(struct fv_ctx *x) { return (fv_num(server_start_time)); }
static char *fv_next_session_id(struct fv_ctx *x) { return (fv_id('$', session_next_id())); }

/*
 * The server's user, looked up once: libtmux asks for #{uid} and #{user} on
 * every line of every list, and getpwuid reads /etc/passwd each time (16 %
 * of a 120-pane list-panes, perf).
 */
static uid_t
fv_server_uid(void)
{
	static uid_t	uid = (uid_t)-1;

	if (uid == (uid_t)-1)
		uid = getuid();
	return (uid);
}

static char *fv_uid(struct fv_ctx *x) { return (fv_num(fv_server_uid())); }

static char *
fv_user(struct fv_ctx *x)
{
	static char	*name;
	static int	 looked_up;
	struct passwd	*pw;

	if (!looked_up) {
		looked_up = 1;
		if ((pw = getpwuid(fv_server_uid())) != NULL)
			name = xstrdup(pw->pw_name);
	}
	return (name != NULL ? xstrdup(name) : NULL);
}

static char *
fv_host(struct fv_ctx *x)
{
	char	host[HOST_NAME_MAX + 1];

	if (gethostname(host, sizeof host) != 0)
		return (NULL);
	return (xstrdup(host));
}

static char *
fv_host_short(struct fv_ctx *x)
{
	char	*h = fv_host(x), *dot;

	if (h != NULL && (dot = strchr(h, '.')) != NULL)
		*dot = '\0';
	return (h);
}

/* Paste buffers. */
static char *fv_buffer_name(struct fv_ctx *x) { return (x->pb ? xstrdup(x->pb->name) : NULL); }
static char *fv_buffer_created(struct fv_ctx *x) { return (x->pb ? fv_num(x->pb->created) : NULL); }
static char *fv_buffer_size(struct fv_ctx *x) { return (x->pb ? fv_unum(x->pb->size) : NULL); }

/*
 * tmux's paste_make_sample: the first 200 bytes escaped, cut at 200
 * characters, "..." if anything was left out.
 */
static char *
fv_buffer_sample(struct fv_ctx *x)
{
	char	*out;

	if (x->pb == NULL)
		return (NULL);
	out = paste_vis(x->pb->data, x->pb->size > 200 ? 200 : x->pb->size);
	if (x->pb->size > 200 || strlen(out) > 200) {
		out = xrealloc(out, 204);
		strlcpy(out + 200, "...", 4);
	}
	return (out);
}

/* list-commands. */
static char *fv_command_list_name(struct fv_ctx *x) { return (x->entry ? xstrdup(x->entry->name) : NULL); }
static char *fv_command_list_alias(struct fv_ctx *x) { return (x->entry && x->entry->alias ? xstrdup(x->entry->alias) : NULL); }
static char *fv_command_list_usage(struct fv_ctx *x) { return (x->entry ? xstrdup(x->entry->usage) : NULL); }

/* Session. */
static char *fv_session_name(struct fv_ctx *x) { return (S ? xstrdup(S->name) : NULL); }
static char *fv_session_path(struct fv_ctx *x) { return (S ? xstrdup(S->cwd) : NULL); }
static char *fv_session_windows(struct fv_ctx *x) { return (S ? fv_unum(winlink_count(S)) : NULL); }
static char *fv_session_created(struct fv_ctx *x) { return (S ? fv_num(S->created.tv_sec) : NULL); }
static char *fv_session_activity(struct fv_ctx *x) { return (S ? fv_num(S->activity.tv_sec) : NULL); }
static char *fv_session_attached(struct fv_ctx *x) { return (S ? fv_num(S->attached) : NULL); }
static char *fv_session_group(struct fv_ctx *x) { return (S && S->group ? xstrdup(S->group->name) : NULL); }
static char *fv_session_grouped(struct fv_ctx *x) { return (S ? xstrdup(S->group ? "1" : "0") : NULL); }
static char *fv_session_group_size(struct fv_ctx *x) { return (S && S->group ? fv_unum(S->group->n) : NULL); }
static char *fv_session_many_attached(struct fv_ctx *x) { return (S ? xstrdup(S->attached > 1 ? "1" : "0") : NULL); }

/* Clients attached to the sessions of S's group. */
static unsigned
fv_group_attached(struct fv_ctx *x)
{
	unsigned	i, n = 0;

	for (i = 0; i < S->group->n; i++)
		n += S->group->members[i]->attached;
	return (n);
}

static char *fv_session_group_attached(struct fv_ctx *x) { return (S && S->group ? fv_unum(fv_group_attached(x)) : NULL); }
static char *fv_session_group_many_attached(struct fv_ctx *x) { return (S && S->group ? xstrdup(fv_group_attached(x) > 1 ? "1" : "0") : NULL); }

static char *
fv_session_group_list(struct fv_ctx *x)
{
	struct buf	b;
	unsigned	i;

	if (S == NULL || S->group == NULL)
		return (NULL);
	buf_init(&b);
	for (i = 0; i < S->group->n; i++) {
		if (i != 0)
			buf_add_byte(&b, ',');
		buf_add_str(&b, S->group->members[i]->name);
	}
	return (buf_take(&b, NULL));
}
static char *fv_session_format(struct fv_ctx *x) { return (xstrdup(x->type == FV_TYPE_SESSION ? "1" : "0")); }

static char *fv_session_id(struct fv_ctx *x) { return (S ? fv_id('$', S->id) : NULL); }

static char *
fv_session_last_attached(struct fv_ctx *x)
{
	if (S == NULL || S->last_attached.tv_sec == 0)
		return (NULL);
	return (fv_num(S->last_attached.tv_sec));
}

/* Indexes, current first, then the last-window stack. */
static char *
fv_session_stack(struct fv_ctx *x)
{
	struct winlink	*wl;
	struct buf	 b;

	if (S == NULL)
		return (NULL);
	buf_init(&b);
	if (S->curw != NULL)
		buf_printf(&b, "%d", S->curw->idx);
	TAILQ_FOREACH(wl, &S->lastw, sentry)
		buf_printf(&b, ",%d", wl->idx);
	return (buf_take(&b, NULL));
}

/*
 * A window's name with automatic-rename: automatic-rename-format for its
 * active pane (tmux renames the window; zeropty works it out when asked).
 * NULL if the window keeps its own name.
 */
char *
format_vars_window_name(struct window *w)
{
	static int		 depth;
	struct cmd_find_state	 fs;
	char			*fmt, *name, *visible;

	if (!w->automatic_rename || w->active == NULL || depth > 0)
		return (NULL);
	cmd_find_from_pane(&fs, w->active);
	if ((fmt = options_get_for(&fs, "automatic-rename-format")) == NULL)
		return (NULL);
	depth++;
	name = format_vars_for(NULL, &fs, fmt, 0);
	depth--;
	xfree(fmt);
	if (*name == '\0') {
		xfree(name);
		return (NULL);
	}
	visible = names_visible(name);
	xfree(name);
	return (visible);
}

/* The name #{window_name} shows: the automatic one, or its own. */
char *
format_vars_window_name_now(struct window *w)
{
	char	*name;

	if ((name = format_vars_window_name(w)) != NULL)
		return (name);
	return (xstrdup(w->name));
}

/* Window. */
static char *fv_window_name(struct fv_ctx *x) { return (W ? format_vars_window_name_now(W) : NULL); }
static char *fv_window_index(struct fv_ctx *x) { return (WL ? fv_num(WL->idx) : NULL); }
static char *fv_window_panes(struct fv_ctx *x) { return (W ? fv_unum(window_pane_count(W)) : NULL); }
static char *fv_window_width(struct fv_ctx *x) { return (W ? fv_unum(W->sx) : NULL); }
static char *fv_window_height(struct fv_ctx *x) { return (W ? fv_unum(W->sy) : NULL); }
static char *fv_window_activity(struct fv_ctx *x) { return (W ? fv_num(W->activity.tv_sec) : NULL); }
static char *fv_window_active(struct fv_ctx *x) { return (WL ? xstrdup(S && S->curw == WL ? "1" : "0") : NULL); }
static char *fv_window_linked(struct fv_ctx *x) { return (W ? xstrdup(W->references > 1 ? "1" : "0") : NULL); }
static char *fv_window_linked_sessions(struct fv_ctx *x) { return (W ? fv_num(W->references) : NULL); }
static char *fv_window_format(struct fv_ctx *x) { return (xstrdup(x->type == FV_TYPE_WINDOW ? "1" : "0")); }
/* tmux's default cell size in pixels when no client says otherwise. */
static char *fv_window_cell_width(struct fv_ctx *x) { return (W ? xstrdup("16") : NULL); }
static char *fv_window_cell_height(struct fv_ctx *x) { return (W ? xstrdup("32") : NULL); }
static char *fv_active_window_index(struct fv_ctx *x) { return (S && S->curw ? fv_num(S->curw->idx) : NULL); }
static char *fv_line(struct fv_ctx *x) { return (x->line >= 0 ? fv_num(x->line) : NULL); }

static char *
fv_last_window_index(struct fv_ctx *x)
{
	struct winlink	*wl;

	if (S == NULL || (wl = TAILQ_LAST(&S->windows, winlinks)) == NULL)
		return (NULL);
	return (fv_num(wl->idx));
}

static char *fv_window_id(struct fv_ctx *x) { return (W ? fv_id('@', W->id) : NULL); }

static char *
fv_window_last_flag(struct fv_ctx *x)
{
	if (WL == NULL)
		return (NULL);
	return (xstrdup(TAILQ_FIRST(&S->lastw) == WL ? "1" : "0"));
}

static char *
fv_window_start_flag(struct fv_ctx *x)
{
	if (WL == NULL)
		return (NULL);
	return (xstrdup(TAILQ_FIRST(&S->windows) == WL ? "1" : "0"));
}

static char *
fv_window_end_flag(struct fv_ctx *x)
{
	if (WL == NULL)
		return (NULL);
	return (xstrdup(TAILQ_LAST(&S->windows, winlinks) == WL ? "1" : "0"));
}

static char *
fv_window_stack_index(struct fv_ctx *x)
{
	struct winlink	*wl;
	int		 n = 1;

	if (WL == NULL)
		return (NULL);
	if (S->curw == WL)
		return (xstrdup("0"));
	TAILQ_FOREACH(wl, &S->lastw, sentry) {
		if (wl == WL)
			return (fv_num(n));
		n++;
	}
	return (xstrdup("0"));
}

/*
 * tmux's window_printable_flags: # activity (## in window_flags, which is
 * expanded again), ! bell, ~ silence, * current, - last, M marked, Z.
 */
static char *
fv_flags(struct fv_ctx *x, int escape)
{
	struct cmd_find_state	m;
	char			flags[16], *p = flags;

	if (WL == NULL)
		return (NULL);
	if (WL->alerts & WINDOW_ACTIVITY) {
		*p++ = '#';
		if (escape)
			*p++ = '#';
	}
	if (WL->alerts & WINDOW_BELL)
		*p++ = '!';
	if (WL->alerts & WINDOW_SILENCE)
		*p++ = '~';
	if (S->curw == WL)
		*p++ = '*';
	if (TAILQ_FIRST(&S->lastw) == WL)
		*p++ = '-';
	if (server_marked_get(&m) == 0 && m.wl == WL)
		*p++ = 'M';
	if (W->zoomed)
		*p++ = 'Z';
	*p = '\0';
	return (xstrdup(flags));
}

static char *fv_window_flags(struct fv_ctx *x) { return (fv_flags(x, 1)); }
static char *fv_window_raw_flags(struct fv_ctx *x) { return (fv_flags(x, 0)); }

static char *
fv_alert_flag(struct fv_ctx *x, int flag)
{
	if (WL == NULL)
		return (W != NULL ? xstrdup("0") : NULL);
	return (xstrdup((WL->alerts & flag) ? "1" : "0"));
}

static char *fv_window_activity_flag(struct fv_ctx *x) { return (fv_alert_flag(x, WINDOW_ACTIVITY)); }
static char *fv_window_bell_flag(struct fv_ctx *x) { return (fv_alert_flag(x, WINDOW_BELL)); }
static char *fv_window_silence_flag(struct fv_ctx *x) { return (fv_alert_flag(x, WINDOW_SILENCE)); }

static char *
fv_window_layout(struct fv_ctx *x)
{
	if (W == NULL || W->layout_root == NULL)
		return (NULL);
	return (window_zoom_layout_string(W, 0));
}

static char *
fv_window_visible_layout(struct fv_ctx *x)
{
	if (W == NULL || W->layout_root == NULL)
		return (NULL);
	return (window_zoom_layout_string(W, 1));
}

static char *fv_window_zoomed_flag(struct fv_ctx *x) { return (W ? xstrdup(W->zoomed ? "1" : "0") : NULL); }

static char *
fv_sessions_list(struct fv_ctx *x)
{
	struct session	*s;
	struct buf	 b;

	if (W == NULL)
		return (NULL);
	buf_init(&b);
	TAILQ_FOREACH(s, &model_sessions, entry) {
		if (winlink_find_by_window(s, W) == NULL)
			continue;
		if (b.len != 0)
			buf_add_byte(&b, ',');
		buf_add_str(&b, s->name);
	}
	return (buf_take(&b, NULL));
}

/* Clients whose session shows W now. */
static char *
fv_window_active_clients(struct fv_ctx *x)
{
	struct client	*c = NULL;
	struct session	*s;
	unsigned	 n = 0;

	if (W == NULL)
		return (NULL);
	while ((c = server_client_next(c)) != NULL) {
		s = server_client_session(c);
		if (s != NULL && s->curw != NULL && s->curw->window == W)
			n++;
	}
	return (fv_unum(n));
}

/*
 * The names of the attached clients whose session is s (s != NULL) or
 * whose current window is w, joined by commas (tmux's *_list of clients).
 */
static char *
fv_clients_list(struct session *s, struct window *w)
{
	struct client	*c = NULL;
	struct session	*cs;
	struct buf	 b;
	char		*name;

	buf_init(&b);
	while ((c = server_client_next(c)) != NULL) {
		if ((cs = server_client_session(c)) == NULL)
			continue;
		if (s != NULL && cs != s)
			continue;
		if (s == NULL &&
		    (cs->curw == NULL || cs->curw->window != w))
			continue;
		if ((name = format_client_lookup(c, "client_name")) == NULL)
			continue;
		if (b.len != 0)
			buf_add_byte(&b, ',');
		buf_add_str(&b, name);
		xfree(name);
	}
	/* None: not set at all (display -a leaves it out, as tmux). */
	if (b.len == 0) {
		buf_free(&b);
		return (NULL);
	}
	return (buf_take(&b, NULL));
}

static char *
fv_window_active_clients_list(struct fv_ctx *x)
{
	return (W != NULL ? fv_clients_list(NULL, W) : NULL);
}

static char *
fv_session_attached_list(struct fv_ctx *x)
{
	return (S != NULL ? fv_clients_list(S, NULL) : NULL);
}

/*
 * Whether the window is bigger than the format's client shows: only with
 * a client, and a control client shows all of it.
 */
static char *
fv_window_bigger(struct fv_ctx *x)
{
	struct client	*c;

	if (W == NULL || x->item == NULL ||
	    (c = x->item->format_client) == NULL || !control_is_control(c))
		return (NULL);
	return (xstrdup("0"));
}

static char *
fv_window_active_sessions(struct fv_ctx *x)
{
	struct session	*s;
	int		 n = 0;

	if (W == NULL)
		return (NULL);
	TAILQ_FOREACH(s, &model_sessions, entry) {
		if (s->curw != NULL && s->curw->window == W)
			n++;
	}
	return (fv_num(n));
}

static char *
fv_active_sessions_list(struct fv_ctx *x)
{
	struct session	*s;
	struct buf	 b;

	if (W == NULL)
		return (NULL);
	buf_init(&b);
	TAILQ_FOREACH(s, &model_sessions, entry) {
		if (s->curw == NULL || s->curw->window != W)
			continue;
		if (b.len != 0)
			buf_add_byte(&b, ',');
		buf_add_str(&b, s->name);
	}
	return (buf_take(&b, NULL));
}

/* Pane. */
static char *fv_pane_index(struct fv_ctx *x) { return (WP ? fv_num(window_pane_index(WP) + options_window_number(W, "pane-base-index")) : NULL); }
static char *fv_pane_width(struct fv_ctx *x) { return (WP ? fv_unum(WP->sx) : NULL); }
static char *fv_pane_height(struct fv_ctx *x) { return (WP ? fv_unum(WP->sy) : NULL); }
static char *fv_pane_left(struct fv_ctx *x) { return (WP ? fv_unum(WP->xoff) : NULL); }
static char *fv_pane_top(struct fv_ctx *x) { return (WP ? fv_unum(WP->yoff) : NULL); }
static char *fv_pane_right(struct fv_ctx *x) { return (WP ? fv_unum(WP->xoff + WP->sx - 1) : NULL); }
static char *fv_pane_bottom(struct fv_ctx *x) { return (WP ? fv_unum(WP->yoff + WP->sy - 1) : NULL); }
static char *fv_pane_at_left(struct fv_ctx *x) { return (WP ? xstrdup(WP->xoff == 0 ? "1" : "0") : NULL); }
static char *fv_pane_at_top(struct fv_ctx *x) { return (WP ? xstrdup(WP->yoff == 0 ? "1" : "0") : NULL); }
static char *fv_pane_at_right(struct fv_ctx *x) { return (WP ? xstrdup(WP->xoff + WP->sx >= W->sx ? "1" : "0") : NULL); }
static char *fv_pane_at_bottom(struct fv_ctx *x) { return (WP ? xstrdup(WP->yoff + WP->sy >= W->sy ? "1" : "0") : NULL); }
static char *fv_pane_active(struct fv_ctx *x) { return (WP ? xstrdup(W->active == WP ? "1" : "0") : NULL); }
static char *fv_pane_last(struct fv_ctx *x) { return (WP ? xstrdup(W->last == WP ? "1" : "0") : NULL); }
static char *fv_pane_pid(struct fv_ctx *x) { return (WP ? fv_num(WP->pid) : NULL); }
static char *fv_pane_dead(struct fv_ctx *x) { return (WP ? xstrdup(WP->dead ? "1" : "0") : NULL); }
static char *fv_zero_if_pane(struct fv_ctx *x) { return (WP ? xstrdup("0") : NULL); }
static char *fv_pane_synchronized(struct fv_ctx *x) { return (WP ? fv_num(options_pane_number(WP, "synchronize-panes")) : NULL); }
static char *fv_pane_input_off(struct fv_ctx *x) { return (WP ? xstrdup(WP->input_off ? "1" : "0") : NULL); }
static char *fv_pane_pipe(struct fv_ctx *x) { return (WP ? xstrdup(pane_io_pipe_active(WP) ? "1" : "0") : NULL); }

/*
 * zeropty's own (README, extensions): not in tmux's table, so neither in
 * display-message -a. #{pane_idle} counts from the server's last read of
 * the pane's output (wait-pane -i reads first) or from its creation.
 */
static char *
fv_pane_input_wait(struct fv_ctx *x)
{
	return (WP ? xstrdup(pane_wait_input(WP) ? "1" : "0") : NULL);
}

static char *
fv_pane_idle(struct fv_ctx *x)
{
	struct timespec	ts;
	struct timeval	tv;
	uint64_t	now;
	long long	ms;

	if (WP == NULL)
		return (NULL);
	if (WP->output_ms == 0) {
		gettimeofday(&tv, NULL);
		ms = (tv.tv_sec - WP->created.tv_sec) * 1000LL +
		    (tv.tv_usec - WP->created.tv_usec) / 1000;
	} else {
		clock_gettime(CLOCK_MONOTONIC, &ts);
		now = (uint64_t)ts.tv_sec * 1000 +
		    (uint64_t)ts.tv_nsec / 1000000;
		ms = (long long)(now - WP->output_ms);
	}
	return (fv_unum(ms < 0 ? 0 : (unsigned long long)ms));
}


static char *
fv_pane_marked(struct fv_ctx *x)
{
	struct cmd_find_state	m;

	if (WP == NULL)
		return (NULL);
	return (xstrdup(server_marked_get(&m) == 0 && m.wp == WP ? "1" : "0"));
}

static char *
fv_pane_marked_set(struct fv_ctx *x)
{
	if (WP == NULL)
		return (NULL);
	return (xstrdup(server_marked_get(NULL) == 0 ? "1" : "0"));
}

static char *
fv_window_marked_flag(struct fv_ctx *x)
{
	struct cmd_find_state	m;

	if (WL == NULL)
		return (NULL);
	return (xstrdup(server_marked_get(&m) == 0 && m.wl == WL ? "1" : "0"));
}

static char *
fv_session_marked(struct fv_ctx *x)
{
	struct cmd_find_state	m;

	if (S == NULL)
		return (NULL);
	return (xstrdup(server_marked_get(&m) == 0 && m.s == S ? "1" : "0"));
}
static char *fv_pane_format(struct fv_ctx *x) { return (xstrdup(x->type == FV_TYPE_PANE ? "1" : "0")); }
static char *fv_pane_start_path(struct fv_ctx *x) { return (WP && WP->start_cwd ? xstrdup(WP->start_cwd) : NULL); }
static char *fv_pane_start_command(struct fv_ctx *x) { return (WP && WP->start_command ? xstrdup(WP->start_command) : NULL); }
static char *fv_pane_current_path(struct fv_ctx *x) { return (WP ? pane_io_current_path(WP) : NULL); }
static char *fv_pane_current_command(struct fv_ctx *x) { return (WP ? spawn_command_name(WP) : NULL); }
static char *fv_pane_tty(struct fv_ctx *x) { return (WP && WP->tty ? xstrdup(vtty_name(WP->tty)) : NULL); }

static char *fv_pane_id(struct fv_ctx *x) { return (WP ? fv_id('%', WP->id) : NULL); }

static char *
fv_pane_dead_status(struct fv_ctx *x)
{
	if (WP == NULL || !WP->dead || !WP->status_ready ||
	    !WIFEXITED(WP->status))
		return (NULL);
	return (fv_num(WEXITSTATUS(WP->status)));
}

static char *
fv_pane_dead_signal(struct fv_ctx *x)
{
	if (WP == NULL || !WP->dead || !WP->status_ready ||
	    !WIFSIGNALED(WP->status))
		return (NULL);
	return (fv_num(WTERMSIG(WP->status)));
}

static char *
fv_pane_dead_time(struct fv_ctx *x)
{
	if (WP == NULL || !WP->dead_shown)
		return (NULL);
	return (fv_num(WP->dead_time.tv_sec));
}

static char *
fv_pane_title(struct fv_ctx *x)
{
	struct vt_state	*st = fv_state(x);

	return (st != NULL ? xstrdup(st->title) : NULL);
}

/* A style option's fg or bg (8 if it sets none). */
static int32_t
fv_style_colour(struct fv_ctx *x, const char *name, int bg)
{
	struct tty_style	 base, sy;
	char			*value;

	base.attr = 0;
	base.fg = base.bg = VT_COLOUR_DEFAULT;
	sy = base;
	if ((value = options_get_for(x->fs, name)) != NULL) {
		style_apply(&sy, value, &base);
		xfree(value);
	}
	return (bg ? sy.bg : sy.fg);
}

/*
 * #{pane_fg}, #{pane_bg}, as tmux 3.3a's tty_default_colours: the colour
 * the program set with OSC 10/11 under window-style's (a style that sets
 * one wins); the active pane takes window-active-style's, or the
 * program's, before those.
 */
static char *
fv_pane_default_colour(struct fv_ctx *x, int bg)
{
	struct vt_state	*st = fv_state(x);
	int32_t		 program, c;

	if (st == NULL)
		return (NULL);
	program = bg ? st->bg : st->fg;
	if (WP->window != NULL && WP->window->active == WP) {
		c = fv_style_colour(x, "window-active-style", bg);
		if (c == VT_COLOUR_DEFAULT)
			c = program;
		if (c != VT_COLOUR_DEFAULT)
			return (xstrdup(options_colour_to_string(c)));
	}
	c = fv_style_colour(x, "window-style", bg);
	if (c == VT_COLOUR_DEFAULT)
		c = program;
	return (xstrdup(options_colour_to_string(c)));
}

static char *
fv_pane_fg(struct fv_ctx *x)
{
	return (fv_pane_default_colour(x, 0));
}

static char *
fv_pane_bg(struct fv_ctx *x)
{
	return (fv_pane_default_colour(x, 1));
}

/* The mode's name, none out of a mode (window-copy.c knows the modes). */
static char *
fv_pane_mode(struct fv_ctx *x)
{
	char	*s;

	if (WP == NULL || (s = window_copy_format(WP, "pane_mode")) == NULL)
		return (NULL);
	if (*s == '\0') {
		xfree(s);
		return (NULL);
	}
	return (s);
}

/* OSC 7's path. */
static char *
fv_pane_path(struct fv_ctx *x)
{
	struct vt_state	*st = fv_state(x);

	return (st != NULL ? xstrdup(st->path) : NULL);
}

/* lines,bytes,cells,bytes,extended cells,bytes as tmux 3.3a counts them. */
static char *
fv_history_all_bytes(struct fv_ctx *x)
{
	struct vt_state	*st = fv_state(x);
	char		*s;
	size_t		 lines;

	if (st == NULL)
		return (NULL);
	lines = (size_t)st->history_size + st->sy;
	xasprintf(&s, "%zu,%zu,%zu,%zu,%zu,%zu", lines, lines * 32,
	    st->history_cells, st->history_cells * 5, st->history_extd,
	    st->history_extd * 19);
	return (s);
}

/* The search of copy mode is looked up first; out of it, none. */
static char *fv_pane_search_string(struct fv_ctx *x) { return (WP ? xstrdup("") : NULL); }
/* "1#,3!~": the windows with alerts and theirs. */
static char *
fv_session_alerts(struct fv_ctx *x)
{
	struct winlink	*wl;
	struct buf	 b;
	char		 idx[16];

	if (S == NULL)
		return (NULL);
	buf_init(&b);
	TAILQ_FOREACH(wl, &S->windows, entry) {
		if (wl->alerts == 0)
			continue;
		snprintf(idx, sizeof idx, "%s%d", b.len != 0 ? "," : "",
		    wl->idx);
		buf_add_str(&b, idx);
		if (wl->alerts & WINDOW_ACTIVITY)
			buf_add_str(&b, "#");
		if (wl->alerts & WINDOW_BELL)
			buf_add_str(&b, "!");
		if (wl->alerts & WINDOW_SILENCE)
			buf_add_str(&b, "~");
	}
	return (buf_take(&b, NULL));
}

/* The default formats of choose-buffer, choose-client, choose-tree. */
static char *fv_buffer_mode_format(struct fv_ctx *x) { return (xstrdup(
    "#{t/p:buffer_created}: #{buffer_sample}")); }
static char *fv_client_mode_format(struct fv_ctx *x) { return (xstrdup(
    "#{t/p:client_activity}: session #{session_name}")); }
static char *fv_tree_mode_format(struct fv_ctx *x) { return (xstrdup(
    "#{?pane_format,"
	"#{?pane_marked,#[reverse],}"
	"#{pane_current_command}#{?pane_active,*,}#{?pane_marked,M,}"
	"#{?#{&&:#{pane_title},#{!=:#{pane_title},#{host_short}}},"
	    ": \"#{pane_title}\",}"
    ",#{?window_format,"
	"#{?window_marked_flag,#[reverse],}"
	"#{window_name}#{window_flags}"
	"#{?#{&&:#{==:#{window_panes},1},#{&&:#{pane_title},"
	    "#{!=:#{pane_title},#{host_short}}}},: \"#{pane_title}\",}"
    ",#{session_windows} windows"
	"#{?session_grouped, (group #{session_group}: "
	    "#{session_group_list}),}"
	"#{?session_attached, (attached),}"
    "}}")); }

static char *
fv_pane_tabs(struct fv_ctx *x)
{
	if (fv_state(x) == NULL)
		return (NULL);
	return (vt_screen_tabs(WP->screen));
}

/* One UTF-8 character at p: its length and code point (bad bytes: 1). */
static size_t
fv_utf8_next(const uint8_t *p, size_t len, uint32_t *cp)
{
	size_t	n, i;

	if (p[0] < 0x80)
		n = 1;
	else if ((p[0] & 0xe0) == 0xc0)
		n = 2;
	else if ((p[0] & 0xf0) == 0xe0)
		n = 3;
	else if ((p[0] & 0xf8) == 0xf0)
		n = 4;
	else
		n = 0;
	if (n == 0 || n > len) {
		*cp = p[0];
		return (1);
	}
	*cp = n == 1 ? p[0] : (uint32_t)(p[0] & (0x7f >> n));
	for (i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80) {
			*cp = p[0];
			return (1);
		}
		*cp = (*cp << 6) | (p[i] & 0x3f);
	}
	return (n);
}

/* The character under the cursor (a space on an empty cell). */
static char *
fv_cursor_character(struct fv_ctx *x)
{
	struct vt_state		*st = fv_state(x);
	struct vt_capture	 cap;
	struct buf		 b;
	const uint8_t		*p, *end;
	const char		*cause;
	unsigned		 col = 0;
	int			 w;
	uint32_t		 cp;
	size_t			 n;
	char			*out = NULL;

	if (st == NULL)
		return (NULL);
	memset(&cap, 0, sizeof cap);
	cap.start = cap.end = (long)st->cy;
	cap.start_set = cap.end_set = 1;
	cap.flags = VT_CAPTURE_TRAILING;
	buf_init(&b);
	if (vt_screen_capture(WP->screen, &cap, &b, &cause) == 0) {
		p = buf_data(&b);
		end = p + b.len;
		while (p < end && *p != '\n') {
			n = fv_utf8_next(p, (size_t)(end - p), &cp);
			w = utf8_width(cp);
			if (w < 0)
				w = 1;
			if (col == st->cx || (w == 2 && col + 1 == st->cx)) {
				out = xstrndup((const char *)p, n);
				break;
			}
			col += (unsigned)w;
			p += n;
		}
	}
	buf_free(&b);
	return (out != NULL ? out : xstrdup(" "));
}

/* Screen state. */
#define FV_STATE(fn, expr)						\
static char *								\
fn(struct fv_ctx *x)							\
{									\
	struct vt_state	*st = fv_state(x);				\
									\
	if (st == NULL)							\
		return (NULL);						\
	return (fv_unum(expr));						\
}
#define FV_MODE(fn, bits)	FV_STATE(fn, (st->mode & (bits)) ? 1 : 0)
FV_STATE(fv_cursor_x, st->cx)
FV_STATE(fv_cursor_y, st->cy)
FV_STATE(fv_alternate_on, st->alternate_on ? 1 : 0)
FV_STATE(fv_alternate_saved_x, st->alternate_saved_x)
FV_STATE(fv_alternate_saved_y, st->alternate_saved_y)
FV_STATE(fv_scroll_region_upper, st->rupper)
FV_STATE(fv_scroll_region_lower, st->rlower)
FV_STATE(fv_history_size, st->history_size)
FV_STATE(fv_history_limit, st->history_limit)
FV_STATE(fv_history_bytes, st->history_bytes)
FV_MODE(fv_cursor_flag, VT_MODE_CURSOR)
FV_MODE(fv_insert_flag, VT_MODE_INSERT)
FV_MODE(fv_keypad_cursor_flag, VT_MODE_KCURSOR)
FV_MODE(fv_keypad_flag, VT_MODE_KKEYPAD)
FV_MODE(fv_wrap_flag, VT_MODE_WRAP)
FV_MODE(fv_origin_flag, VT_MODE_ORIGIN)
FV_MODE(fv_mouse_standard_flag, VT_MODE_MOUSE_STANDARD)
FV_MODE(fv_mouse_button_flag, VT_MODE_MOUSE_BUTTON)
FV_MODE(fv_mouse_all_flag, VT_MODE_MOUSE_ALL)
FV_MODE(fv_mouse_utf8_flag, VT_MODE_MOUSE_UTF8)
FV_MODE(fv_mouse_sgr_flag, VT_MODE_MOUSE_SGR)
FV_MODE(fv_mouse_any_flag, VT_MODE_MOUSE_STANDARD|VT_MODE_MOUSE_BUTTON|VT_MODE_MOUSE_ALL)

#undef S
#undef WL
#undef W
#undef WP

/* Sorted by name: display-message -a lists them in this order. */
static const struct fv_entry {
	const char	*name;
	fv_cb		 cb;
} fv_table[] = {
	{ "active_window_index", fv_active_window_index },
	{ "alternate_on", fv_alternate_on },
	{ "alternate_saved_x", fv_alternate_saved_x },
	{ "alternate_saved_y", fv_alternate_saved_y },
	{ "buffer_created", fv_buffer_created },
	{ "buffer_mode_format", fv_buffer_mode_format },
	{ "buffer_name", fv_buffer_name },
	{ "buffer_sample", fv_buffer_sample },
	{ "buffer_size", fv_buffer_size },
	{ "client_mode_format", fv_client_mode_format },
	{ "command_list_alias", fv_command_list_alias },
	{ "command_list_name", fv_command_list_name },
	{ "command_list_usage", fv_command_list_usage },
	{ "config_files", fv_config_files },
	{ "current_file", fv_current_file },
	{ "cursor_character", fv_cursor_character },
	{ "cursor_flag", fv_cursor_flag },
	{ "cursor_x", fv_cursor_x },
	{ "cursor_y", fv_cursor_y },
	{ "history_all_bytes", fv_history_all_bytes },
	{ "history_bytes", fv_history_bytes },
	{ "history_limit", fv_history_limit },
	{ "history_size", fv_history_size },
	{ "host", fv_host },
	{ "host_short", fv_host_short },
	{ "insert_flag", fv_insert_flag },
	{ "keypad_cursor_flag", fv_keypad_cursor_flag },
	{ "keypad_flag", fv_keypad_flag },
	{ "last_window_index", fv_last_window_index },
	{ "line", fv_line },
	{ "mouse_all_flag", fv_mouse_all_flag },
	{ "mouse_any_flag", fv_mouse_any_flag },
	{ "mouse_button_flag", fv_mouse_button_flag },
	{ "mouse_sgr_flag", fv_mouse_sgr_flag },
	{ "mouse_standard_flag", fv_mouse_standard_flag },
	{ "mouse_utf8_flag", fv_mouse_utf8_flag },
	{ "next_session_id", fv_next_session_id },
	{ "origin_flag", fv_origin_flag },
	{ "pane_active", fv_pane_active },
	{ "pane_at_bottom", fv_pane_at_bottom },
	{ "pane_at_left", fv_pane_at_left },
	{ "pane_at_right", fv_pane_at_right },
	{ "pane_at_top", fv_pane_at_top },
	{ "pane_bg", fv_pane_bg },
	{ "pane_bottom", fv_pane_bottom },
	{ "pane_current_command", fv_pane_current_command },
	{ "pane_current_path", fv_pane_current_path },
	{ "pane_dead", fv_pane_dead },
	{ "pane_dead_signal", fv_pane_dead_signal },
	{ "pane_dead_status", fv_pane_dead_status },
	{ "pane_dead_time", fv_pane_dead_time },
	{ "pane_fg", fv_pane_fg },
	{ "pane_format", fv_pane_format },
	{ "pane_height", fv_pane_height },
	{ "pane_id", fv_pane_id },
	{ "pane_in_mode", fv_zero_if_pane },
	{ "pane_index", fv_pane_index },
	{ "pane_input_off", fv_pane_input_off },
	{ "pane_last", fv_pane_last },
	{ "pane_left", fv_pane_left },
	{ "pane_marked", fv_pane_marked },
	{ "pane_marked_set", fv_pane_marked_set },
	{ "pane_mode", fv_pane_mode },
	{ "pane_path", fv_pane_path },
	{ "pane_pid", fv_pane_pid },
	{ "pane_pipe", fv_pane_pipe },
	{ "pane_right", fv_pane_right },
	{ "pane_search_string", fv_pane_search_string },
	{ "pane_start_command", fv_pane_start_command },
	{ "pane_start_path", fv_pane_start_path },
	{ "pane_synchronized", fv_pane_synchronized },
	{ "pane_tabs", fv_pane_tabs },
	{ "pane_title", fv_pane_title },
	{ "pane_top", fv_pane_top },
	{ "pane_tty", fv_pane_tty },
	{ "pane_width", fv_pane_width },
	{ "pid", fv_pid },
	{ "scroll_region_lower", fv_scroll_region_lower },
	{ "scroll_region_upper", fv_scroll_region_upper },
	{ "session_activity", fv_session_activity },
	{ "session_alerts", fv_session_alerts },
	{ "session_attached", fv_session_attached },
	{ "session_attached_list", fv_session_attached_list },
	{ "session_created", fv_session_created },
	{ "session_format", fv_session_format },
	{ "session_group", fv_session_group },
	{ "session_group_attached", fv_session_group_attached },
	{ "session_group_list", fv_session_group_list },
	{ "session_group_many_attached", fv_session_group_many_attached },
	{ "session_group_size", fv_session_group_size },
	{ "session_grouped", fv_session_grouped },
	{ "session_id", fv_session_id },
	{ "session_last_attached", fv_session_last_attached },
	{ "session_many_attached", fv_session_many_attached },
	{ "session_marked", fv_session_marked },
	{ "session_name", fv_session_name },
	{ "session_path", fv_session_path },
	{ "session_stack", fv_session_stack },
	{ "session_windows", fv_session_windows },
	{ "socket_path", fv_socket_path },
	{ "start_time", fv_start_time },
	{ "tree_mode_format", fv_tree_mode_format },
	{ "uid", fv_uid },
	{ "user", fv_user },
	{ "version", fv_version },
	{ "window_active", fv_window_active },
	{ "window_active_clients", fv_window_active_clients },
	{ "window_active_clients_list", fv_window_active_clients_list },
	{ "window_active_sessions", fv_window_active_sessions },
	{ "window_active_sessions_list", fv_active_sessions_list },
	{ "window_activity", fv_window_activity },
	{ "window_activity_flag", fv_window_activity_flag },
	{ "window_bell_flag", fv_window_bell_flag },
	{ "window_bigger", fv_window_bigger },
	{ "window_cell_height", fv_window_cell_height },
	{ "window_cell_width", fv_window_cell_width },
	{ "window_end_flag", fv_window_end_flag },
	{ "window_flags", fv_window_flags },
	{ "window_format", fv_window_format },
	{ "window_height", fv_window_height },
	{ "window_id", fv_window_id },
	{ "window_index", fv_window_index },
	{ "window_last_flag", fv_window_last_flag },
	{ "window_layout", fv_window_layout },
	{ "window_linked", fv_window_linked },
	{ "window_linked_sessions", fv_window_linked_sessions },
	{ "window_linked_sessions_list", fv_sessions_list },
	{ "window_marked_flag", fv_window_marked_flag },
	{ "window_name", fv_window_name },
	{ "window_panes", fv_window_panes },
	{ "window_raw_flags", fv_window_raw_flags },
	{ "window_silence_flag", fv_window_silence_flag },
	{ "window_stack_index", fv_window_stack_index },
	{ "window_start_flag", fv_window_start_flag },
	{ "window_visible_layout", fv_window_visible_layout },
	{ "window_width", fv_window_width },
	{ "window_zoomed_flag", fv_window_zoomed_flag },
	{ "wrap_flag", fv_wrap_flag },
};

static const struct fv_entry fv_ext_table[] = {
	{ "pane_idle", fv_pane_idle },
	{ "pane_input_wait", fv_pane_input_wait },
};

/* What tmux 3.3a keeps in a format's tree rather than its table, sorted. */
static const char *const fv_tree_names[] = {
	"command",
	"copy_cursor_line",
	"copy_cursor_word",
	"copy_cursor_x",
	"copy_cursor_y",
	"rectangle_toggle",
	"scroll_position",
	"search_match",
	"search_present",
	"selection_active",
	"selection_end_x",
	"selection_end_y",
	"selection_present",
	"selection_start_x",
	"selection_start_y",
};

/*
 * The table's names hashed once into open-addressed slots: a bsearch took
 * eight strcmp a variable, 5 % of a libtmux list-panes (perf).
 */
#define FV_SLOTS	1024
static uint16_t	fv_slots[FV_SLOTS];	/* index + 1, 0: empty */
_Static_assert(sizeof fv_table / sizeof fv_table[0] < FV_SLOTS / 2,
    "fv_slots must stay at most half full");

static unsigned
fv_hash(const char *name)
{
	return (hash_fnv_string(name) & (FV_SLOTS - 1));
}

static const struct fv_entry *
fv_find(const char *name)
{
	static int	 built;
	size_t		 i, n = sizeof fv_table / sizeof fv_table[0];
	unsigned	 h;

	if (!built) {
		for (i = 0; i < n; i++) {
			h = fv_hash(fv_table[i].name);
			while (fv_slots[h] != 0)
				h = (h + 1) & (FV_SLOTS - 1);
			fv_slots[h] = (uint16_t)(i + 1);
		}
		built = 1;
	}
	for (h = fv_hash(name); fv_slots[h] != 0; h = (h + 1) & (FV_SLOTS - 1)) {
		if (strcmp(fv_table[fv_slots[h] - 1].name, name) == 0)
			return (&fv_table[fv_slots[h] - 1]);
	}
	return (NULL);
}

static char *
fv_lookup(void *arg, const char *name)
{
	struct fv_ctx		*x = arg;
	const struct fv_entry	*e;
	struct environ_entry	*env;
	char			*value;
	size_t			 i;

	for (i = 0; x->extra != NULL && x->extra[i] != NULL; i += 2) {
		if (strcmp(x->extra[i], name) == 0)
			return (xstrdup(x->extra[i + 1]));
	}
	if ((value = hooks_format_lookup(name)) != NULL)
		return (value);
	if (x->item != NULL && (value = format_client_lookup(
	    x->item->format_client != NULL ? x->item->format_client :
	    x->item->client, name)) != NULL)
		return (value);
	if (x->fs->wp != NULL &&
	    (value = window_copy_format(x->fs->wp, name)) != NULL)
		return (value);
	if ((value = options_format_lookup(x->fs, name)) != NULL)
		return (value);
	if ((e = fv_find(name)) != NULL)
		return (e->cb(x));
	for (i = 0; i < sizeof fv_ext_table / sizeof fv_ext_table[0]; i++) {
		if (strcmp(fv_ext_table[i].name, name) == 0)
			return (fv_ext_table[i].cb(x));
	}
	/* Any other name is the session's or global environment's (tmux). */
	env = NULL;
	if (x->fs->s != NULL)
		env = environ_find(&x->fs->s->environ, name);
	if (env == NULL)
		env = environ_find(&global_environ, name);
	if (env != NULL && env->value != NULL)
		return (xstrdup(env->value));
	return (NULL);
}

static char	*fv_loop(void *, char, const char *, const char *);

/* #(command): its job's output for the format's client (format-job.c). */
static char *
fv_job(void *arg, const char *cmd, const char *expanded)
{
	struct fv_ctx	*x = arg;

	return (format_job_get(x->item != NULL ? x->item->client : NULL, cmd,
	    expanded));
}

/* The visible lines of the format's pane, for #{C:}. */
static char *
fv_pane_text(void *arg)
{
	struct fv_ctx		*x = arg;
	struct vt_capture	 cap;
	struct buf		 out;
	const char		*cause;
	char			*text;

	if (x->fs->wp == NULL)
		return (NULL);
	memset(&cap, 0, sizeof cap);
	cap.flags = VT_CAPTURE_QUIET;
	buf_init(&out);
	if (vt_screen_capture(x->fs->wp->screen, &cap, &out, &cause) != 0) {
		buf_free(&out);
		return (NULL);
	}
	text = xstrndup((const char *)out.data + out.off, out.len);
	buf_free(&out);
	return (text);
}

/* display-message -v: the trace goes to the command's output. */
static void
fv_log(void *arg, const char *line)
{
	cmdq_print(arg, "%s", line);
}

/*
 * tmux's format_defaults: what is not given comes from what is, and the
 * format's type (session_format ...) is what was given.
 */
static void
fv_ctx_init(struct fv_ctx *x, struct cmd_find_state *dfs,
    struct cmdq_item *item, const struct cmd_find_state *fs)
{
	memset(x, 0, sizeof *x);
	x->item = item;
	x->line = -1;
	*dfs = *fs;
	/* list-clients lines are a client's: no *_format is 1 (tmux). */
	if (item != NULL && item->cmd != NULL &&
	    item->cmd->entry == &cmd_list_clients_entry)
		x->type = FV_TYPE_UNKNOWN;
	else if (dfs->wp != NULL)
		x->type = FV_TYPE_PANE;
	else if (dfs->wl != NULL)
		x->type = FV_TYPE_WINDOW;
	else if (dfs->s != NULL)
		x->type = FV_TYPE_SESSION;
	if (dfs->s != NULL && dfs->wl == NULL)
		dfs->wl = dfs->s->curw;
	if (dfs->wl != NULL) {
		dfs->w = dfs->wl->window;
		if (dfs->wp == NULL)
			dfs->wp = dfs->w->active;
	}
	x->fs = dfs;
}

static char *
format_vars_for_ctx(struct cmdq_item *item, const struct cmd_find_state *fs,
    struct paste_buffer *pb, const struct cmd_entry *entry, int line,
    const char *fmt, int flags, const char *const *extra)
{
	struct fv_ctx		x;
	struct format_ctx	ctx;
	struct cmd_find_state	dfs;

	fv_ctx_init(&x, &dfs, item, fs);
	/* The newest buffer unless one is given (tmux's format_defaults). */
	x.pb = pb != NULL ? pb : paste_first();
	x.entry = entry;
	x.line = line;
	x.extra = extra;
	memset(&ctx, 0, sizeof ctx);
	ctx.lookup = fv_lookup;
	ctx.loop = fv_loop;
	ctx.pane_text = fv_pane_text;
	/* #() is "" in a read-only client's commands: no shell for them. */
	if (item == NULL || !item->nojobs)
		ctx.job = fv_job;
	ctx.arg = &x;
	ctx.now = time(NULL);
	if ((flags & FV_VERBOSE) && item != NULL) {
		ctx.log = fv_log;
		ctx.log_arg = item;
	}
	if (flags & FV_TIME)
		return (format_expand_time(&ctx, fmt));
	return (format_expand(&ctx, fmt));
}

char *
format_vars_for(struct cmdq_item *item, const struct cmd_find_state *fs,
    const char *fmt, int with_time)
{
	return (format_vars_for_ctx(item, fs, NULL, NULL, -1, fmt,
	    with_time ? FV_TIME : 0, NULL));
}

/* With extra variables (name, value pairs, NULL-ended) before the rest. */
char *
format_vars_for_extra(const struct cmd_find_state *fs, const char *fmt,
    const char *const *extra)
{
	return (format_vars_for_ctx(NULL, fs, NULL, NULL, -1, fmt, 0, extra));
}

char *
format_vars_for_verbose(struct cmdq_item *item, const struct cmd_find_state *fs,
    const char *fmt)
{
	return (format_vars_for_ctx(item, fs, NULL, NULL, -1, fmt,
	    FV_TIME|FV_VERBOSE, NULL));
}

/*
 * display-message -a: every variable with a value for the target, in
 * tmux 3.3a's order (its table, sorted, then the command's own).
 */
void
format_vars_each(struct cmdq_item *item, const struct cmd_find_state *fs,
    void (*cb)(const char *, const char *, void *), void *arg)
{
	struct fv_ctx		 x;
	struct cmd_find_state	 dfs;
	const char		*const *client = format_client_names;
	const char		*name;
	size_t			 i = 0, n = sizeof fv_table / sizeof fv_table[0];
	char			*value;

	fv_ctx_init(&x, &dfs, item, fs);
	/* tmux's table, with the client's names in their places. */
	while (i < n || *client != NULL) {
		if (*client == NULL ||
		    (i < n && strcmp(fv_table[i].name, *client) < 0))
			name = fv_table[i++].name;
		else
			name = *client++;
		value = fv_lookup(&x, name);
		/* A time never set is 0 here ("" in a format). */
		if (value == NULL && dfs.s != NULL &&
		    strcmp(name, "session_last_attached") == 0)
			value = xstrdup("0");
		if (value != NULL) {
			cb(name, value, arg);
			xfree(value);
		}
	}
	/* Then what tmux adds to the tree: the command, copy mode's. */
	for (i = 0; i < sizeof fv_tree_names / sizeof fv_tree_names[0]; i++) {
		name = fv_tree_names[i];
		if (strcmp(name, "command") == 0) {
			if (item != NULL && item->cmd != NULL)
				cb(name, item->cmd->entry->name, arg);
			continue;
		}
		if (dfs.wp == NULL ||
		    (value = window_copy_format(dfs.wp, name)) == NULL)
			continue;
		cb(name, value, arg);
		xfree(value);
	}
}

char *
format_vars_for_buffer(struct cmdq_item *item, struct paste_buffer *pb,
    const char *fmt)
{
	struct cmd_find_state	fs;

	memset(&fs, 0, sizeof fs);
	fs.idx = -1;
	return (format_vars_for_ctx(item, &fs, pb, NULL, -1, fmt, 0, NULL));
}

char *
format_vars_for_command(struct cmdq_item *item, const struct cmd_entry *entry,
    const char *fmt)
{
	struct cmd_find_state	fs;

	memset(&fs, 0, sizeof fs);
	fs.idx = -1;
	return (format_vars_for_ctx(item, &fs, NULL, entry, -1, fmt, 0, NULL));
}

/*
 * One line of a list-* command: the template expanded for fs, unless a
 * filter is given and expands to false.
 */
void
format_vars_print_filtered(struct cmdq_item *item, const struct cmd_find_state *fs,
    int n, const char *filter, const char *template)
{
	char	*line;
	int	 show;

	if (filter != NULL) {
		line = format_vars_for_ctx(item, fs, NULL, NULL, n, filter, 0, NULL);
		show = format_true(line);
		xfree(line);
		if (!show)
			return;
	}
	line = format_vars_for_ctx(item, fs, NULL, NULL, n, template, 0, NULL);
	cmdq_print(item, "%s", line);
	xfree(line);
}

/*
 * #{S:fmt}, #{W:fmt,current} and #{P:fmt,current}: fmt expanded for every
 * session, every window of the session, every pane of the window (tmux's
 * format_loop_*), the current one with the second format if given.
 */
static char *
fv_loop(void *arg, char kind, const char *fmt, const char *fmt_current)
{
	struct fv_ctx		*x = arg;
	struct cmd_find_state	 fs;
	struct session		*s;
	struct winlink		*wl;
	struct pane		*p;
	struct buf		 b;
	const char		*use;
	char			*one;

	struct session		*cs = x->fs->s;
	struct winlink		*cwl = x->fs->wl;
	struct window		*cw = x->fs->w;

	buf_init(&b);
	switch (kind) {
	case 'S':
		TAILQ_FOREACH(s, &model_sessions, entry) {
			format_log_loop("session loop: $%u", s->id);
			memset(&fs, 0, sizeof fs);
			fs.idx = -1;
			fs.s = s;
			one = format_vars_for_ctx(x->item, &fs, NULL, NULL, -1, fmt,
			    0, NULL);
			buf_add_str(&b, one);
			xfree(one);
		}
		break;
	case 'W':
		if (cs == NULL)
			break;
		TAILQ_FOREACH(wl, &cs->windows, entry) {
			format_log_loop("window loop: %d @%u", wl->idx,
			    wl->window->id);
			memset(&fs, 0, sizeof fs);
			fs.idx = -1;
			fs.s = cs;
			fs.wl = wl;
			use = (fmt_current != NULL && wl == cs->curw) ?
			    fmt_current : fmt;
			one = format_vars_for_ctx(x->item, &fs, NULL, NULL, -1, use,
			    0, NULL);
			buf_add_str(&b, one);
			xfree(one);
		}
		break;
	case 'P':
		if (cw == NULL)
			break;
		TAILQ_FOREACH(p, &cw->panes, entry) {
			format_log_loop("pane loop: %%%u", p->id);
			memset(&fs, 0, sizeof fs);
			fs.idx = -1;
			fs.s = cs;
			fs.wl = cwl;
			fs.w = cw;
			fs.wp = p;
			use = (fmt_current != NULL && p == cw->active) ?
			    fmt_current : fmt;
			one = format_vars_for_ctx(x->item, &fs, NULL, NULL, -1, use,
			    0, NULL);
			buf_add_str(&b, one);
			xfree(one);
		}
		break;
	}
	return (buf_take(&b, NULL));
}
