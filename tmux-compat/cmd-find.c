/*
 * Target resolution (-t/-s), as tmux 3.3a's cmd-find.c behaves
 * (compat-reference §4.6): "session:window.pane", ids ($N @N %N), exact
 * "=name", prefixes, fnmatch patterns, window and pane tokens, and the
 * "current" state from $TMUX_PANE or the most recently used session.
 */
#include <fnmatch.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/options.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"

#define FIND_EXACT_SESSION	0x1
#define FIND_EXACT_WINDOW	0x2

struct find_ctx {
	struct cmd_find_state	*fs;
	struct cmdq_item	*item;
	int			 flags;		/* CMD_FIND_* */
	int			 exact;		/* FIND_EXACT_* */
};

static void
fs_clear(struct cmd_find_state *fs)
{
	memset(fs, 0, sizeof *fs);
	fs->idx = -1;
}

void
cmd_find_from_winlink(struct cmd_find_state *fs, struct winlink *wl)
{
	fs_clear(fs);
	fs->s = wl->session;
	fs->wl = wl;
	fs->w = wl->window;
	fs->wp = wl->window->active;
	fs->idx = wl->idx;
}

void
cmd_find_from_session(struct cmd_find_state *fs, struct session *s)
{
	fs_clear(fs);
	fs->s = s;
	if (s->curw != NULL)
		cmd_find_from_winlink(fs, s->curw);
}

/* The most recently active session that has this window. */
static struct winlink *
best_winlink_for_window(struct window *w)
{
	struct session	*s, *best = NULL;
	struct winlink	*wl, *bestwl = NULL;

	TAILQ_FOREACH(s, &model_sessions, entry) {
		wl = winlink_find_by_window(s, w);
		if (wl == NULL)
			continue;
		if (best == NULL || timercmp(&s->activity, &best->activity, >)) {
			best = s;
			bestwl = s->curw != NULL && s->curw->window == w ?
			    s->curw : wl;
		}
	}
	return (bestwl);
}

void
cmd_find_from_pane(struct cmd_find_state *fs, struct pane *p)
{
	struct winlink	*wl = best_winlink_for_window(p->window);

	fs_clear(fs);
	if (wl != NULL) {
		fs->s = wl->session;
		fs->wl = wl;
		fs->idx = wl->idx;
	}
	fs->w = p->window;
	fs->wp = p;
}

static struct pane *
pane_from_id(const char *s)
{
	const char	*errstr;
	long long	 id;

	if (*s != '%')
		return (NULL);
	id = strtonum(s + 1, 0, UINT_MAX, &errstr);
	return (errstr == NULL ? window_pane_find_by_id((unsigned)id) : NULL);
}

int
cmd_find_current(struct cmd_find_state *fs, struct cmdq_item *item, int quiet)
{
	struct client	*c = item->client;
	struct pane	*p = NULL;
	struct session	*s;

	fs_clear(fs);
	if (c != NULL && c->tmux_pane != NULL)
		p = pane_from_id(c->tmux_pane);
	if (p != NULL && best_winlink_for_window(p->window) != NULL) {
		cmd_find_from_pane(fs, p);
		return (0);
	}
	/* Outside any pane: the session of the attached client used last. */
	if ((s = server_client_session(tty_latest())) != NULL) {
		cmd_find_from_session(fs, s);
		return (0);
	}
	if ((s = session_most_recent()) == NULL) {
		if (!quiet)
			cmdq_error(item, "no current session");
		return (-1);
	}
	cmd_find_from_session(fs, s);
	return (0);
}

/* The attached client (control or not) of s, or of any session, used last. */
static struct client *
cmd_find_best_client(struct session *s)
{
	struct client	*c, *best = NULL;
	struct session	*cs;

	for (c = server_client_next(NULL); c != NULL;
	    c = server_client_next(c)) {
		if ((cs = server_client_session(c)) == NULL ||
		    (s != NULL && cs != s))
			continue;
		if (best == NULL || c->activity_seq > best->activity_seq)
			best = c;
	}
	return (best);
}

/*
 * The client a command without -c/-t acts on (tmux's
 * cmd_find_current_client): its own client if attached, else the best
 * client of the current session, else the best of all.
 */
struct client *
cmd_find_current_client(struct cmdq_item *item)
{
	struct client	*c;

	if (server_client_session(item->client) != NULL)
		return (item->client);
	if (item->current.s != NULL &&
	    (c = cmd_find_best_client(item->current.s)) != NULL)
		return (c);
	return (cmd_find_best_client(NULL));
}

static int
find_session(struct find_ctx *ctx, const char *name)
{
	struct cmd_find_state	*fs = ctx->fs;
	struct session		*s, *found = NULL;
	const char		*errstr;
	long long		 id;
	size_t			 len = strlen(name);

	if (*name == '$') {
		id = strtonum(name + 1, 0, UINT_MAX, &errstr);
		if (errstr != NULL || (s = session_find_by_id((unsigned)id)) == NULL)
			return (-1);
		fs->s = s;
		return (0);
	}
	/* A failed lookup leaves no session (seen through can-fail targets). */
	fs->s = NULL;
	if ((s = session_find(name)) != NULL) {
		fs->s = s;
		return (0);
	}
	if (ctx->exact & FIND_EXACT_SESSION)
		return (-1);
	TAILQ_FOREACH(s, &model_sessions, entry) {
		if (strncmp(name, s->name, len) == 0) {
			if (found != NULL)
				return (-1);
			found = s;
		}
	}
	if (found == NULL) {
		TAILQ_FOREACH(s, &model_sessions, entry) {
			if (fnmatch(name, s->name, 0) == 0) {
				if (found != NULL)
					return (-1);
				found = s;
			}
		}
	}
	if (found == NULL)
		return (-1);
	fs->s = found;
	return (0);
}

static void
fs_set_winlink(struct cmd_find_state *fs, struct winlink *wl)
{
	fs->wl = wl;
	fs->w = wl->window;
	fs->idx = wl->idx;
}

/* +N / -N from the current window, wrapping as tmux's winlink_next. */
static struct winlink *
winlink_offset(struct session *s, struct winlink *from, int n, int forward)
{
	struct winlink	*wl = from;

	if (wl == NULL)
		return (NULL);
	while (n-- > 0) {
		wl = forward ? TAILQ_NEXT(wl, entry) :
		    TAILQ_PREV(wl, winlinks, entry);
		if (wl == NULL)
			wl = forward ? TAILQ_FIRST(&s->windows) :
			    TAILQ_LAST(&s->windows, winlinks);
	}
	return (wl);
}

static int
find_window_with_session(struct find_ctx *ctx, const char *window)
{
	struct cmd_find_state	*fs = ctx->fs;
	struct session		*s = fs->s;
	struct winlink		*wl, *found = NULL;
	struct window		*w;
	const char		*errstr;
	long long		 n;
	int			 exact = ctx->exact & FIND_EXACT_WINDOW;
	size_t			 len = strlen(window);

	fs->wl = NULL;
	fs->w = NULL;
	fs->wp = NULL;
	if (*window == '@') {
		n = strtonum(window + 1, 0, UINT_MAX, &errstr);
		if (errstr != NULL || (w = window_find_by_id((unsigned)n)) == NULL)
			return (-1);
		if ((wl = winlink_find_by_window(s, w)) == NULL)
			return (-1);
		fs_set_winlink(fs, wl);
		return (0);
	}
	if (!exact && (*window == '+' || *window == '-')) {
		n = 1;
		if (window[1] != '\0') {
			n = strtonum(window + 1, 1, INT_MAX, &errstr);
			if (errstr != NULL)
				return (-1);
		}
		if (ctx->flags & CMD_FIND_WINDOW_INDEX) {
			int	base = s->curw != NULL ? s->curw->idx : 0;

			fs->idx = *window == '+' ? base + (int)n : base - (int)n;
			if (fs->idx < 0)
				return (-1);
			if ((wl = winlink_find_by_index(s, fs->idx)) != NULL)
				fs_set_winlink(fs, wl);
			return (0);
		}
		wl = winlink_offset(s, s->curw, (int)n, *window == '+');
		if (wl == NULL)
			return (-1);
		fs_set_winlink(fs, wl);
		return (0);
	}
	if (!exact) {
		wl = NULL;
		if (strcmp(window, "!") == 0)
			wl = TAILQ_FIRST(&s->lastw);
		else if (strcmp(window, "^") == 0)
			wl = TAILQ_FIRST(&s->windows);
		else if (strcmp(window, "$") == 0)
			wl = TAILQ_LAST(&s->windows, winlinks);
		if (wl != NULL) {
			fs_set_winlink(fs, wl);
			return (0);
		}
		if (strcmp(window, "!") == 0 || strcmp(window, "^") == 0 ||
		    strcmp(window, "$") == 0)
			return (-1);
	}
	if (*window != '+' && *window != '-') {
		n = strtonum(window, 0, INT_MAX, &errstr);
		if (errstr == NULL) {
			if ((wl = winlink_find_by_index(s, (int)n)) != NULL) {
				fs_set_winlink(fs, wl);
				return (0);
			}
			if (ctx->flags & CMD_FIND_WINDOW_INDEX) {
				fs->idx = (int)n;
				return (0);
			}
		}
	}
	TAILQ_FOREACH(wl, &s->windows, entry) {
		if (strcmp(window, wl->window->name) == 0) {
			if (found != NULL)
				return (-1);
			found = wl;
		}
	}
	if (found == NULL && !exact) {
		TAILQ_FOREACH(wl, &s->windows, entry) {
			if (strncmp(window, wl->window->name, len) == 0) {
				if (found != NULL)
					return (-1);
				found = wl;
			}
		}
		if (found == NULL) {
			TAILQ_FOREACH(wl, &s->windows, entry) {
				if (fnmatch(window, wl->window->name, 0) == 0) {
					if (found != NULL)
						return (-1);
					found = wl;
				}
			}
		}
	}
	if (found == NULL)
		return (-1);
	fs_set_winlink(fs, found);
	return (0);
}

static int
find_window(struct find_ctx *ctx, const char *window, int only)
{
	struct cmd_find_state	*fs = ctx->fs;
	struct window		*w;
	struct winlink		*wl;
	const char		*errstr;
	long long		 n;

	if (*window == '@') {
		n = strtonum(window + 1, 0, UINT_MAX, &errstr);
		if (errstr != NULL || (w = window_find_by_id((unsigned)n)) == NULL)
			return (-1);
		if ((wl = best_winlink_for_window(w)) == NULL)
			return (-1);
		fs->s = wl->session;
		fs_set_winlink(fs, wl);
		return (0);
	}
	fs->s = ctx->item->current.s;
	if (fs->s != NULL && find_window_with_session(ctx, window) == 0)
		return (0);
	if (!only && find_session(ctx, window) == 0) {
		if (fs->s->curw != NULL)
			fs_set_winlink(fs, fs->s->curw);
		if (ctx->flags & CMD_FIND_WINDOW_INDEX)
			fs->idx = -1;
		return (0);
	}
	return (-1);
}

/*
 * Pane tokens ({top}, {bottom-left} ...): tmux's window_find_string takes
 * the pane at a point, the window's middle moved to the named edges
 * (window_get_active_at: a pane's right and bottom border count as its).
 */
static struct pane *
pane_by_description(struct window *w, const char *s)
{
	static const struct {
		const char	*name;
		int		 x, y;	/* -1 left/top, 0 middle, 1 right/bottom */
	} table[] = {
		{ "top", 0, -1 }, { "bottom", 0, 1 },
		{ "left", -1, 0 }, { "right", 1, 0 },
		{ "top-left", -1, -1 }, { "top-right", 1, -1 },
		{ "bottom-left", -1, 1 }, { "bottom-right", 1, 1 },
	};
	struct pane	*p;
	unsigned	 x, y, i;
	size_t		 len = strlen(s);
	const char	*name = s;
	char		 buf[32];

	if (len > 2 && s[0] == '{' && s[len - 1] == '}' && len - 2 < sizeof buf) {
		memcpy(buf, s + 1, len - 2);
		buf[len - 2] = '\0';
		name = buf;
	}
	for (i = 0; i < sizeof table / sizeof table[0]; i++) {
		if (strcmp(name, table[i].name) == 0)
			break;
	}
	if (i == sizeof table / sizeof table[0])
		return (NULL);
	x = table[i].x < 0 ? 0 : table[i].x > 0 ? w->sx - 1 : w->sx / 2;
	y = table[i].y < 0 ? 0 : table[i].y > 0 ? w->sy - 1 : w->sy / 2;
	TAILQ_FOREACH(p, &w->panes, entry) {
		if (p->layout_cell == NULL && w->zoomed)
			continue;
		if (x < p->xoff || x > p->xoff + p->sx)
			continue;
		if (y < p->yoff || y > p->yoff + p->sy)
			continue;
		return (p);
	}
	return (NULL);
}

static int
find_pane_with_window(struct find_ctx *ctx, const char *pane)
{
	struct cmd_find_state	*fs = ctx->fs;
	struct window		*w = fs->w;
	struct pane		*p, *cur;
	const char		*errstr;
	long long		 n;

	if (*pane == '%') {
		p = pane_from_id(pane);
		if (p == NULL || p->window != w)
			return (-1);
		fs->wp = p;
		return (0);
	}
	if (strcmp(pane, "!") == 0 || strcmp(pane, "{last}") == 0) {
		fs->wp = w->last;
		return (fs->wp == NULL ? -1 : 0);
	}
	/*
	 * Directions and offsets start from the *current* pane, which may be
	 * in another window, and wrap round this window's list: tmux 3.3a's
	 * cmd_find_get_pane_with_window does exactly this.
	 */
	cur = ctx->item->current.wp;
	if (strcmp(pane, "{up-of}") == 0 || strcmp(pane, "{down-of}") == 0 ||
	    strcmp(pane, "{left-of}") == 0 || strcmp(pane, "{right-of}") == 0) {
		if (cur == NULL)
			return (-1);
		fs->wp = window_pane_find_adjacent(cur, pane[1] == 'u' ? 'U' :
		    pane[1] == 'd' ? 'D' : pane[1] == 'l' ? 'L' : 'R');
		return (fs->wp == NULL ? -1 : 0);
	}
	if ((*pane == '+' || *pane == '-') && cur != NULL) {
		n = 1;
		if (pane[1] != '\0') {
			n = strtonum(pane + 1, 1, INT_MAX, &errstr);
			if (errstr != NULL)
				n = 0;
		}
		p = cur;
		for (; n > 0; n--) {
			if (*pane == '+') {
				if ((p = TAILQ_NEXT(p, entry)) == NULL)
					p = TAILQ_FIRST(&w->panes);
			} else {
				if ((p = TAILQ_PREV(p, panes, entry)) == NULL)
					p = TAILQ_LAST(&w->panes, panes);
			}
		}
		fs->wp = p;
		if (fs->wp != NULL)
			return (0);
	}
	n = strtonum(pane, 0, INT_MAX, &errstr);
	if (errstr == NULL) {
		long long	base = options_window_number(w, "pane-base-index");

		if (n < base)
			return (-1);
		fs->wp = window_pane_at_index(w, (unsigned)(n - base));
		return (fs->wp == NULL ? -1 : 0);
	}
	fs->wp = pane_by_description(w, pane);
	return (fs->wp == NULL ? -1 : 0);
}

static int
find_pane(struct find_ctx *ctx, const char *pane, int only)
{
	struct cmd_find_state	*fs = ctx->fs;
	struct pane		*p;

	if (*pane == '%') {
		if ((p = pane_from_id(pane)) == NULL)
			return (-1);
		cmd_find_from_pane(fs, p);
		return (0);
	}
	*fs = ctx->item->current;
	if (fs->w != NULL && find_pane_with_window(ctx, pane) == 0)
		return (0);
	if (only)
		return (-1);
	if (find_window(ctx, pane, 0) == 0) {
		fs->wp = fs->w != NULL ? fs->w->active : NULL;
		return (0);
	}
	return (-1);
}

static const char *
map_token(const char *s)
{
	static const char *const map[][2] = {
		{ "{start}", "^" }, { "{last}", "!" }, { "{end}", "$" },
		{ "{next}", "+" }, { "{previous}", "-" },
	};
	size_t	i;

	for (i = 0; i < sizeof map / sizeof map[0]; i++) {
		if (strcmp(s, map[i][0]) == 0)
			return (map[i][1]);
	}
	return (s);
}

int
cmd_find_target(struct cmd_find_state *fs, struct cmdq_item *item,
    const char *target, enum cmd_find_type type, int flags)
{
	struct find_ctx	 ctx;
	char		*copy, *colon, *period;
	const char	*session = NULL, *window = NULL, *pane = NULL;
	int		 window_only = 0, pane_only = 0;

	fs_clear(fs);
	/* Can-fail implies quiet (tmux). */
	if (flags & CMD_FIND_CANFAIL)
		flags |= CMD_FIND_QUIET;
	ctx.fs = fs;
	ctx.item = item;
	ctx.flags = flags;
	ctx.exact = 0;
	if (flags & CMD_FIND_EXACT_SESSION)
		ctx.exact |= FIND_EXACT_SESSION;
	if (flags & CMD_FIND_EXACT_WINDOW)
		ctx.exact |= FIND_EXACT_WINDOW;

	if ((target == NULL || *target == '\0') &&
	    (flags & CMD_FIND_DEFAULT_MARKED) && server_marked_get(fs) == 0)
		return (0);
	if (target == NULL || *target == '\0') {
		if (item->current.s == NULL) {
			if (~flags & CMD_FIND_QUIET)
				cmdq_error(item, "no current target");
			return (-1);
		}
		*fs = item->current;
		if (flags & CMD_FIND_WINDOW_INDEX)
			fs->idx = -1;
		return (0);
	}
	if (strcmp(target, "=") == 0 || strcmp(target, "{mouse}") == 0) {
		if (tty_mouse_target(item->client, fs) == 0)
			return (0);
		if (~flags & CMD_FIND_QUIET)
			cmdq_error(item, "no mouse target");
		return (-1);
	}
	if (strcmp(target, "~") == 0 || strcmp(target, "{marked}") == 0) {
		if (server_marked_get(fs) == 0)
			return (0);
		if (~flags & CMD_FIND_QUIET)
			cmdq_error(item, "no marked target");
		return (-1);
	}

	copy = xstrdup(target);
	colon = strchr(copy, ':');
	if (colon != NULL)
		*colon++ = '\0';
	period = strchr(colon != NULL ? colon : copy, '.');
	if (period != NULL)
		*period++ = '\0';
	if (colon != NULL && period != NULL) {
		session = copy;
		window = colon;
		pane = period;
	} else if (colon != NULL) {
		session = copy;
		window = colon;
		window_only = 1;
	} else if (period != NULL) {
		window = copy;
		pane = period;
		pane_only = 1;
	} else if (*copy == '$')
		session = copy;
	else if (*copy == '@')
		window = copy;
	else if (*copy == '%')
		pane = copy;
	else {
		switch (type) {
		case CMD_FIND_SESSION:
			session = copy;
			break;
		case CMD_FIND_WINDOW:
			window = copy;
			break;
		case CMD_FIND_PANE:
			pane = copy;
			break;
		}
	}
	if (session != NULL && *session == '=') {
		session++;
		ctx.exact |= FIND_EXACT_SESSION;
	}
	if (window != NULL && *window == '=') {
		window++;
		ctx.exact |= FIND_EXACT_WINDOW;
	}
	if (session != NULL && *session == '\0')
		session = NULL;
	if (window != NULL && *window == '\0')
		window = NULL;
	if (pane != NULL && *pane == '\0')
		pane = NULL;
	if (window != NULL)
		window = map_token(window);
	if (pane != NULL && strcmp(pane, "{next}") == 0)
		pane = "+";
	else if (pane != NULL && strcmp(pane, "{previous}") == 0)
		pane = "-";

	if (pane != NULL && (flags & CMD_FIND_WINDOW_INDEX)) {
		if (~flags & CMD_FIND_QUIET)
			cmdq_error(item, "can't specify pane here");
		goto error;
	}

	if (session != NULL) {
		if (find_session(&ctx, session) != 0)
			goto no_session;
		if (window == NULL && pane == NULL) {
			if (fs->s->curw != NULL)
				fs_set_winlink(fs, fs->s->curw);
			if (flags & CMD_FIND_WINDOW_INDEX)
				fs->idx = -1;
			if (fs->w != NULL)
				fs->wp = fs->w->active;
			goto found;
		}
		if (window != NULL) {
			if (find_window_with_session(&ctx, window) != 0)
				goto no_window;
		} else if (fs->s->curw != NULL)
			fs_set_winlink(fs, fs->s->curw);
		if (pane == NULL) {
			if (!window_only || type == CMD_FIND_PANE)
				fs->wp = fs->w != NULL ? fs->w->active : NULL;
			if (fs->w != NULL)
				fs->wp = fs->w->active;
			goto found;
		}
		if (fs->w == NULL || find_pane_with_window(&ctx, pane) != 0)
			goto no_pane;
		goto found;
	}
	if (window == NULL && pane != NULL) {
		if (find_pane(&ctx, pane, pane_only) != 0)
			goto no_pane;
		goto found;
	}
	if (window != NULL && pane == NULL) {
		if (find_window(&ctx, window, window_only) != 0)
			goto no_window;
		if (fs->w != NULL)
			fs->wp = fs->w->active;
		goto found;
	}
	if (window != NULL && pane != NULL) {
		if (find_window(&ctx, window, window_only) != 0)
			goto no_window;
		if (fs->w == NULL || find_pane_with_window(&ctx, pane) != 0)
			goto no_pane;
		goto found;
	}
	*fs = item->current;

found:
	xfree(copy);
	return (0);

no_session:
	if (~flags & CMD_FIND_QUIET)
		cmdq_error(item, "can't find session: %s", session);
	goto error;
no_window:
	if (~flags & CMD_FIND_QUIET)
		cmdq_error(item, "can't find window: %s", window);
	goto error;
no_pane:
	if (~flags & CMD_FIND_QUIET)
		cmdq_error(item, "can't find pane: %s", pane);
error:
	xfree(copy);
	/* A command that can fail keeps what was found (tmux). */
	if (~flags & CMD_FIND_CANFAIL)
		fs_clear(fs);
	return (-1);
}
