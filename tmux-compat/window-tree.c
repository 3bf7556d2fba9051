/*
 * Tree mode (choose-tree, choose-session, choose-window): the pane lists
 * sessions, their windows and those windows' panes as tmux 3.3a's mode
 * tree draws them ("(0) - main: 2 windows (attached)", "(1) ├─> 0: sh*"),
 * the current item in mode-style. Up/Down move, Right/Left (and + -)
 * expand and collapse, Enter or an item's shortcut runs the template
 * with the item's target, q or Escape leaves. Below the list, unless -N
 * or v turns it off, the preview of the selected item
 * (window-tree-preview.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/format.h"
#include "tmux-compat/options.h"
#include "tmux-compat/paste.h"
#include "tmux-compat/style.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"
#include "tmux-compat/tty-draw-int.h"
#include "tmux-compat/window-copy.h"
#include "tmux-compat/window-tree-int.h"

char *
window_tree_key(const struct tree_item *ti)
{
	char	*key;

	if (ti->type >= TREE_GROUP)
		return (window_customize_key(ti));
	if (ti->type == TREE_BUFFER || ti->type == TREE_CLIENT)
		key = xstrdup(ti->name);
	else if (ti->type == TREE_SESSION)
		xasprintf(&key, "$%u", ti->session_id);
	else if (ti->type == TREE_WINDOW)
		xasprintf(&key, "$%u:%d", ti->session_id, ti->widx);
	else
		xasprintf(&key, "$%u:%d.%%%u", ti->session_id, ti->widx,
		    ti->pane_id);
	return (key);
}

int
window_tree_keys_has(const struct tree_keys *set, const char *key)
{
	unsigned	i;

	for (i = 0; i < set->n; i++) {
		if (strcmp(set->keys[i], key) == 0)
			return (1);
	}
	return (0);
}

void
window_tree_keys_set(struct tree_keys *set, const char *key, int on)
{
	unsigned	i;

	for (i = 0; i < set->n; i++) {
		if (strcmp(set->keys[i], key) == 0) {
			if (!on) {
				xfree(set->keys[i]);
				set->keys[i] = set->keys[--set->n];
			}
			return;
		}
	}
	if (!on)
		return;
	set->keys = xreallocarray(set->keys, set->n + 1, sizeof *set->keys);
	set->keys[set->n++] = xstrdup(key);
}

void
window_tree_keys_free(struct tree_keys *set)
{
	while (set->n != 0)
		xfree(set->keys[--set->n]);
	xfree(set->keys);
	set->keys = NULL;
}

void
window_tree_set_expanded(struct window_tree *wt, const struct tree_item *ti, int on)
{
	char	*key = window_tree_key(ti);

	window_tree_keys_set(&wt->expanded, key, on);
	xfree(key);
}

struct tree_item *
window_tree_add(struct window_tree *wt, int type, struct session *s,
    struct winlink *wl, struct pane *p, unsigned depth, int children,
    int last, int pad, unsigned lasts)
{
	struct tree_item	*ti;
	char			*key;

	wt->items = xreallocarray(wt->items, wt->nitems + 1, sizeof *ti);
	ti = &wt->items[wt->nitems++];
	memset(ti, 0, sizeof *ti);
	ti->type = type;
	ti->session_id = s != NULL ? s->id : 0;
	ti->widx = wl != NULL ? wl->idx : -1;
	ti->pane_id = p != NULL ? p->id : 0;
	ti->depth = depth;
	ti->children = children;
	ti->last = last;
	ti->pad = pad;
	ti->lasts = lasts;
	if (type == TREE_BUFFER || type == TREE_CLIENT)
		return (ti);	/* named by the caller (window_tree_list_add_named) */
	key = window_tree_key(ti);
	/* A leaf keeps the flag too: Left and Right look at it (tmux). */
	ti->expanded = wt->build_all || window_tree_keys_has(&wt->expanded, key);
	ti->tagged = window_tree_keys_has(&wt->tagged, key);
	xfree(key);
	return (ti);
}

/* The filter (-f, find-window) for a pane: true or not. */
static int
window_tree_pane_matches(struct window_tree *wt, const char *filter, struct pane *p)
{
	struct cmd_find_state	 fs;
	char			*value;
	int			 match;

	if (filter == NULL)
		return (1);
	cmd_find_from_pane(&fs, p);
	value = format_vars_for(NULL, &fs, filter, 0);
	match = format_true(value);
	xfree(value);
	return (match);
}

/*
 * A window's panes the filter is true for (at most 64 counted): a window
 * is shown if any is, with only those.
 */
static uint64_t
window_tree_window_matches(struct window_tree *wt, const char *filter,
    struct window *w, unsigned *n)
{
	struct pane	*p;
	uint64_t	 mask = 0;
	unsigned	 i = 0;

	*n = 0;
	TAILQ_FOREACH(p, &w->panes, entry) {
		if (window_tree_pane_matches(wt, filter, p)) {
			if (i < 64)
				mask |= 1ULL << i;
			(*n)++;
		}
		i++;
	}
	return (mask);
}


/* choose-tree's sort orders (-O, the O key), as tmux 3.3a's window tree. */
static const char *tree_sort_names[] = { "index", "name", "time" };
/* The sort orders of wt's kind, *n of them. */
static const char **
window_tree_sorts(struct window_tree *wt, unsigned *n)
{
	if (wt->kind == WINDOW_TREE_CUSTOMIZE) {
		*n = 0;		/* customize-mode has no orders */
		return (NULL);
	}
	if (wt->kind != WINDOW_TREE_SESSIONS)
		return (window_tree_list_sorts(wt->kind, n));
	*n = sizeof tree_sort_names / sizeof *tree_sort_names;
	return (tree_sort_names);
}
#define TREE_SORT_INDEX	0
#define TREE_SORT_NAME	1
#define TREE_SORT_TIME	2

/* The order qsort's comparators use (qsort has no argument for it). */
static int	tree_sort_field, tree_sort_reversed;

static int
window_tree_sort_result(int result)
{
	return (tree_sort_reversed ? -result : result);
}

/* Most recent first; NULL when the times are the same. */
static int
window_tree_time_cmp(const struct timeval *a, const struct timeval *b, int *result)
{
	if (timercmp(a, b, >))
		*result = -1;
	else if (timercmp(a, b, <))
		*result = 1;
	else
		return (0);
	return (1);
}

static int
window_tree_session_cmp(const void *a, const void *b)
{
	const struct session	*sa = *(struct session *const *)a;
	const struct session	*sb = *(struct session *const *)b;
	int			 result;

	if (tree_sort_field == TREE_SORT_INDEX)
		result = sa->id < sb->id ? -1 : sa->id > sb->id;
	else if (tree_sort_field != TREE_SORT_TIME ||
	    !window_tree_time_cmp(&sa->activity, &sb->activity, &result))
		result = strcmp(sa->name, sb->name);
	return (window_tree_sort_result(result));
}

static int
window_tree_window_cmp(const void *a, const void *b)
{
	const struct winlink	*wa = *(struct winlink *const *)a;
	const struct winlink	*wb = *(struct winlink *const *)b;
	char			*na, *nb;
	int			 result;

	if (tree_sort_field == TREE_SORT_INDEX)
		return (window_tree_sort_result(wa->idx - wb->idx));
	if (tree_sort_field == TREE_SORT_TIME &&
	    window_tree_time_cmp(&wa->window->activity, &wb->window->activity,
	    &result))
		return (window_tree_sort_result(result));
	/* By the names shown (automatic-rename's). */
	na = format_vars_window_name_now(wa->window);
	nb = format_vars_window_name_now(wb->window);
	result = strcmp(na, nb);
	xfree(na);
	xfree(nb);
	return (window_tree_sort_result(result));
}

/* A pane and its place in its window (for the filter's mask). */
struct tree_pane_at {
	struct pane	*p;
	unsigned	 at;
};

/* Panes have no names: by id (creation), or by when they were active. */
static int
window_tree_pane_cmp(const void *a, const void *b)
{
	const struct pane	*pa = ((const struct tree_pane_at *)a)->p;
	const struct pane	*pb = ((const struct tree_pane_at *)b)->p;
	int			 result;

	if (tree_sort_field == TREE_SORT_TIME)
		result = (int)(pa->active_point - pb->active_point);
	else
		result = pa->id < pb->id ? -1 : pa->id > pb->id;
	return (window_tree_sort_result(result));
}

/* Add the panes of wl's window that mask shows, in the sort order. */
static void
window_tree_build_panes(struct window_tree *wt, struct session *s,
    struct winlink *wl, uint64_t mask, int lastw, unsigned lasts)
{
	struct tree_pane_at	*ps = NULL;
	struct pane		*p;
	unsigned		 n = 0, i, last = 0;

	TAILQ_FOREACH(p, &wl->window->panes, entry) {
		if (n < 64 && !(mask & (1ULL << n))) {
			n++;
			continue;
		}
		ps = xreallocarray(ps, n + 1, sizeof *ps);
		ps[last].p = p;
		ps[last++].at = n++;
	}
	if (last != 0)
		qsort(ps, last, sizeof *ps, window_tree_pane_cmp);
	for (i = 0; i < last; i++) {
		window_tree_add(wt, TREE_PANE, s, wl, ps[i].p, 2, 0, i == last - 1,
		    0, lasts | (lastw ? 2 : 0));
	}
	xfree(ps);
}

/*
 * The visible lines, from the model, what is expanded and the filter, in
 * the sort order (tmux's default, index: sessions as they were made,
 * windows by index, panes by id).
 */
static void
window_tree_build_with(struct window_tree *wt, const char *filter)
{
	struct session		*s, **order = NULL;
	struct winlink		*wl, **wls = NULL;
	struct tree_item	*ti;
	uint64_t		*masks = NULL;
	unsigned		 lasts, n, i, nw, ns = 0, k, shown, last;
	int			 pad;

	tree_sort_field = wt->sort_field;
	tree_sort_reversed = wt->sort_reversed;
	wt->nitems = 0;
	TAILQ_FOREACH(s, &model_sessions, entry) {
		order = xreallocarray(order, ns + 1, sizeof *order);
		order[ns++] = s;
	}
	if (ns != 0)
		qsort(order, ns, sizeof *order, window_tree_session_cmp);
	for (k = 0; k < ns; k++) {
		s = order[k];
		/* Which windows (and panes) are shown, in order. */
		nw = 0;
		TAILQ_FOREACH(wl, &s->windows, entry) {
			wls = xreallocarray(wls, nw + 1, sizeof *wls);
			wls[nw++] = wl;
		}
		if (nw != 0)
			qsort(wls, nw, sizeof *wls, window_tree_window_cmp);
		masks = xreallocarray(masks, nw + 1, sizeof *masks);
		pad = 0;
		shown = 0;
		last = 0;
		for (i = 0; i < nw; i++) {
			masks[i] = window_tree_window_matches(wt, filter,
			    wls[i]->window, &n);
			if (n == 0)
				continue;
			shown++;
			last = i;
			if (window_pane_count(wls[i]->window) > 1)
				pad = 1;
		}
		if (shown == 0)
			continue;
		ti = window_tree_add(wt, TREE_SESSION, s, NULL, NULL, 0, 1,
		    k == ns - 1, 0, 0);
		if (!ti->expanded)
			continue;
		lasts = k == ns - 1 ? 1 : 0;
		for (i = 0; i < nw; i++) {
			if (masks[i] == 0)
				continue;
			wl = wls[i];
			ti = window_tree_add(wt, TREE_WINDOW, s, wl, NULL, 1,
			    window_pane_count(wl->window) > 1, i == last, pad,
			    lasts);
			if (ti->children && ti->expanded)
				window_tree_build_panes(wt, s, wl, masks[i], i == last,
				    lasts);
		}
	}
	xfree(masks);
	xfree(wls);
	xfree(order);
}

void
window_tree_item_free(struct tree_item *ti)
{
	xfree(ti->name);
	xfree(ti->title);
	xfree(ti->text);
	xfree(ti->table);
}

/* A copy of an item that lives on when the list is built again. */
void
window_tree_item_copy(struct tree_item *to, const struct tree_item *from)
{
	*to = *from;
	to->name = from->name != NULL ? xstrdup(from->name) : NULL;
	to->title = from->title != NULL ? xstrdup(from->title) : NULL;
	to->text = from->text != NULL ? xstrdup(from->text) : NULL;
	to->table = from->table != NULL ? xstrdup(from->table) : NULL;
}

static void
window_tree_clear(struct window_tree *wt)
{
	unsigned	i;

	for (i = 0; i < wt->nitems; i++)
		window_tree_item_free(&wt->items[i]);
	wt->nitems = 0;
}

/*
 * tmux 3.3a expands what was not in its last build (after the first
 * build its choose-tree type is forgotten): sessions and windows made
 * since, and those a filter hid.
 */
static void
window_tree_expand_new(struct window_tree *wt)
{
	struct tree_keys	 now = { NULL, 0 };
	int			 all = wt->build_all;
	unsigned		 i;
	char			*key;

	wt->build_all = 1;
	window_tree_clear(wt);
	window_tree_build_with(wt, wt->filter);
	if (wt->nitems == 0)
		window_tree_build_with(wt, NULL);
	wt->build_all = all;
	for (i = 0; i < wt->nitems; i++) {
		key = window_tree_key(&wt->items[i]);
		if (wt->known_set && !window_tree_keys_has(&wt->known, key))
			window_tree_keys_set(&wt->expanded, key, 1);
		window_tree_keys_set(&now, key, 1);
		xfree(key);
	}
	window_tree_keys_free(&wt->known);
	wt->known = now;
	wt->known_set = 1;
}

/* With a filter nothing is true for, everything (tmux: "no matches"). */
void
window_tree_build(struct window_tree *wt)
{
	if (wt->kind == WINDOW_TREE_SESSIONS)
		window_tree_expand_new(wt);
	window_tree_clear(wt);
	if (wt->kind == WINDOW_TREE_CUSTOMIZE) {
		/* Its groups are always there: never "no matches". */
		window_customize_build(wt, wt->filter);
		return;
	}
	if (wt->kind != WINDOW_TREE_SESSIONS)
		window_tree_list_build_list(wt, wt->filter);
	else
		window_tree_build_with(wt, wt->filter);
	wt->no_matches = wt->filter != NULL && wt->nitems == 0;
	if (!wt->no_matches)
		return;
	if (wt->kind != WINDOW_TREE_SESSIONS)
		window_tree_list_build_list(wt, NULL);
	else
		window_tree_build_with(wt, NULL);
}

int
window_tree_selected(struct window_tree *wt)
{
	unsigned	 i;
	char		*key;

	for (i = 0; i < wt->nitems; i++) {
		key = window_tree_key(&wt->items[i]);
		if (wt->current != NULL && strcmp(key, wt->current) == 0) {
			xfree(key);
			wt->current_at = i;
			return ((int)i);
		}
		xfree(key);
	}
	/*
	 * None yet or gone: the same line, or the last (tmux's
	 * mode_tree_build), which is then the one selected.
	 */
	if (wt->nitems == 0)
		return (-1);
	if (wt->current_at >= wt->nitems)
		wt->current_at = wt->nitems - 1;
	window_tree_select(wt, wt->current_at);
	return ((int)wt->current_at);
}

void
window_tree_select(struct window_tree *wt, unsigned i)
{
	xfree(wt->current);
	wt->current = window_tree_key(&wt->items[i]);
}

/*
 * The item's name (tmux's mode tree puts it first: a session's name, a
 * window's or pane's index) and text: format (-F; its #[styles] drawn),
 * or WINDOW_TREE_DEFAULT_FORMAT's, by hand.
 */
char *
window_tree_text(const struct tree_item *ti, const char *format, char **name,
    int *marked)
{
	struct session		*s = session_find_by_id(ti->session_id);
	struct winlink		*wl;
	struct cmd_find_state	 fs;
	const char		*fmt;
	char			*flag;

	*marked = 0;
	if (ti->type >= TREE_GROUP) {
		*name = xstrdup(ti->title);
		return (ti->text != NULL ? xstrdup(ti->text) : NULL);
	}
	if (ti->type == TREE_BUFFER || ti->type == TREE_CLIENT) {
		*name = xstrdup(ti->name);
		return (window_tree_list_text(ti, format));
	}
	*name = xstrdup("");
	if (s == NULL)
		return (xstrdup(""));
	if (ti->type == TREE_SESSION) {
		cmd_find_from_session(&fs, s);
		xfree(*name);
		*name = xstrdup(s->name);
		fmt = "#{session_windows} windows"
		    "#{?session_grouped, (group #{session_group}: "
		    "#{session_group_list}),}"
		    "#{?session_attached, (attached),}";
	} else if ((wl = winlink_find_by_index(s, ti->widx)) == NULL)
		return (xstrdup(""));
	else if (ti->type == TREE_WINDOW) {
		cmd_find_from_winlink(&fs, wl);
		xfree(*name);
		xasprintf(name, "%d", wl->idx);
		fmt = "#{window_name}#{window_flags}"
		    "#{?#{&&:#{==:#{window_panes},1},#{&&:#{pane_title},"
		    "#{!=:#{pane_title},#{host_short}}}},: \"#{pane_title}\",}";
	} else {
		struct pane	*p = window_pane_find_by_id(ti->pane_id);

		if (p == NULL)
			return (xstrdup(""));
		cmd_find_from_pane(&fs, p);
		xfree(*name);
		*name = format_vars_for(NULL, &fs, "#{pane_index}", 0);
		fmt = "#{pane_current_command}"
		    "#{?pane_active,*,}#{?pane_marked,M,}"
		    "#{?#{&&:#{pane_title},#{!=:#{pane_title},#{host_short}}},"
		    ": \"#{pane_title}\",}";
	}
	if (format != NULL) {
		/* The item alone, so #{session_format} ... say which it is. */
		if (ti->type == TREE_SESSION)
			fs.wl = NULL;
		if (ti->type != TREE_PANE)
			fs.wp = NULL;
		return (format_vars_for(NULL, &fs, format, 0));
	}
	/* A marked window or pane is drawn reversed (#[reverse] in tmux). */
	if (ti->type != TREE_SESSION) {
		flag = format_vars_for(NULL, &fs, ti->type == TREE_WINDOW ?
		    "#{window_marked_flag}" : "#{pane_marked}", 0);
		*marked = strcmp(flag, "1") == 0;
		xfree(flag);
	}
	return (format_vars_for(NULL, &fs, fmt, 0));
}

/* The line of item n; the text (after "name: ") starts at *text_at. */
static char *
window_tree_line(struct window_tree *wt, const struct tree_item *ti, unsigned n,
    size_t *text_at, int *marked)
{
	struct buf	 b;
	char		*text, *name, *line;
	unsigned	 d;
	int		 keylen = wt->nitems > 10 ? 6 : 4;	/* "(M-a) " */

	/* Every line's key padded to the widest key's (tmux's keylen). */
	buf_init(&b);
	if (n < 10)
		buf_printf(&b, "(%u)%*s", n, keylen - 3, "");
	else if (n < 36)
		buf_printf(&b, "(M-%c) ", 'a' + (n - 10));
	else
		buf_printf(&b, "%*s", keylen, "");
	/*
	 * tmux 3.3a asks at every depth whether the item's parent is the
	 * last of its siblings (not each ancestor in turn).
	 */
	for (d = 1; d < ti->depth; d++)
		buf_add_str(&b, (ti->lasts & (1u << (ti->depth - 1))) ?
		    "    " : "│   ");
	if (ti->depth > 0)
		buf_add_str(&b, ti->last ? "└─> " : "├─> ");
	if (ti->children)
		buf_add_str(&b, ti->expanded ? "- " : "+ ");
	else if (ti->pad)
		buf_add_str(&b, "  ");
	text = window_tree_text(ti, wt->format, &name, marked);
	/* customize-mode's groups, arrays and keys have no text. */
	buf_printf(&b, "%s%s%s", name, ti->tagged ? "*" : "",
	    text != NULL ? ": " : "");
	*text_at = b.len;
	if (text != NULL)
		buf_add_str(&b, text);
	xfree(name);
	xfree(text);
	line = xstrndup((const char *)buf_data(&b), b.len);
	buf_free(&b);
	return (line);
}

/* --- entering, keys, drawing -------------------------------------------- */

/* Numbers the trees, so a prompt can tell its own from a newer one. */
static unsigned	tree_serial;

/*
 * Start tree mode: type 's' sessions collapsed, 'w' sessions expanded,
 * 'p' (neither flag) windows expanded too; the current session, window
 * or pane (its window if it is alone) selected; filter as -f.
 */
struct window_tree *
window_tree_create(struct session *cur_s, struct winlink *cur_wl,
    struct pane *cur_p, char type, const char *template, const char *filter)
{
	struct window_tree	*wt;
	struct session		*s;
	struct winlink		*wl;
	struct tree_item	 ti;

	wt = xcalloc(1, sizeof *wt);
	wt->serial = ++tree_serial;
	wt->template = xstrdup(template != NULL ? template :
	    "switch-client -Zt '%%'");
	wt->filter = filter != NULL ? xstrdup(filter) : NULL;
	wt->preview = 1;
	TAILQ_FOREACH(s, &model_sessions, entry) {
		if (type == 's')
			continue;
		memset(&ti, 0, sizeof ti);
		ti.type = TREE_SESSION;
		ti.session_id = s->id;
		window_tree_set_expanded(wt, &ti, 1);
		TAILQ_FOREACH(wl, &s->windows, entry) {
			if (type != 'p')
				break;
			ti.type = TREE_WINDOW;
			ti.widx = wl->idx;
			window_tree_set_expanded(wt, &ti, 1);
		}
	}
	if (cur_s != NULL) {
		wt->home_session = cur_s->id;
		wt->home_widx = cur_wl != NULL ? cur_wl->idx : -1;
		memset(&ti, 0, sizeof ti);
		ti.session_id = cur_s->id;
		ti.type = TREE_SESSION;
		ti.widx = -1;
		if (type != 's' && cur_wl != NULL) {
			ti.type = TREE_WINDOW;
			ti.widx = cur_wl->idx;
		}
		if (type == 'p' && cur_p != NULL &&
		    window_pane_count(cur_wl->window) > 1) {
			ti.type = TREE_PANE;
			ti.pane_id = cur_p->id;
		}
		wt->current = window_tree_key(&ti);
	}
	return (wt);
}

/*
 * Tree mode in p; zoom (-Z) zooms a window of several panes, and leaving
 * the mode unzooms it again (tmux).
 */
void
window_tree_start(struct pane *p, struct window_tree *wt, int zoom)
{
	if (zoom && !p->window->zoomed && window_pane_count(p->window) > 1) {
		window_zoom_zoom(p);
		wt->unzoom = 1;
	}
	window_tree_enter(p, wt);
}

int
window_tree_unzoom(struct window_tree *wt)
{
	return (wt->unzoom);
}

/*
 * choose-buffer (WINDOW_TREE_BUFFERS) or choose-client: NULL if there is
 * nothing to choose (tmux then does not enter the mode).
 */
struct window_tree *
window_tree_new(int kind)
{
	struct window_tree	*wt;

	wt = xcalloc(1, sizeof *wt);
	wt->serial = ++tree_serial;
	wt->kind = kind;
	wt->preview = 1;
	return (wt);
}

struct window_tree *
window_tree_create_list(int kind, const char *template)
{
	struct window_tree	*wt;

	wt = window_tree_new(kind);
	if (template == NULL) {
		template = kind == WINDOW_TREE_BUFFERS ?
		    "paste-buffer -p -b '%%'" : "detach-client -t '%%'";
	}
	wt->template = xstrdup(template);
	window_tree_build(wt);
	if (wt->nitems == 0) {
		window_tree_free(wt);
		return (NULL);
	}
	return (wt);
}

/* #{pane_mode}: tree-mode, buffer-mode or client-mode. */
const char *
window_tree_mode_name(struct window_tree *wt)
{
	if (wt->kind == WINDOW_TREE_BUFFERS)
		return ("buffer-mode");
	if (wt->kind == WINDOW_TREE_CLIENTS)
		return ("client-mode");
	if (wt->kind == WINDOW_TREE_CUSTOMIZE)
		return ("options-mode");
	return ("tree-mode");
}

void
window_tree_free(struct window_tree *wt)
{
	window_tree_clear(wt);
	window_tree_keys_free(&wt->expanded);
	window_tree_keys_free(&wt->tagged);
	window_tree_keys_free(&wt->known);
	xfree(wt->format);
	xfree(wt->search);
	xfree(wt->current);
	xfree(wt->template);	/* NULL in customize-mode */
	xfree(wt->filter);
	xfree(wt->items);
	xfree(wt);
}

/* The item's target for the template: =main: =main:0. =main:0.%3 */
char *
window_tree_target(const struct tree_item *ti)
{
	struct session	*s = session_find_by_id(ti->session_id);
	char		*target;

	if (ti->type == TREE_BUFFER || ti->type == TREE_CLIENT)
		return (xstrdup(ti->name));
	if (s == NULL)
		return (NULL);
	if (ti->type == TREE_SESSION)
		xasprintf(&target, "=%s:", s->name);
	else if (ti->type == TREE_WINDOW)
		xasprintf(&target, "=%s:%d.", s->name, ti->widx);
	else
		xasprintf(&target, "=%s:%d.%%%u", s->name, ti->widx,
		    ti->pane_id);
	return (target);
}

void
window_tree_choose(struct pane *p, struct client *c, struct window_tree *wt,
    unsigned i)
{
	char	*target = window_tree_target(&wt->items[i]);
	char	*template = xstrdup(wt->template);

	window_copy_exit(p);		/* frees wt */
	if (target != NULL && c != NULL)
		status_prompt_run_template(c, template, target, NULL);
	xfree(target);
	xfree(template);
}

/*
 * The tree was built again in another order or height: as tmux's
 * mode_tree_set_current, the list starts at the top unless the selected
 * line would be past its height, which then puts it on the last line.
 */
void
window_tree_rebuilt(struct pane *p, struct window_tree *wt)
{
	unsigned	h;
	int		sel;

	window_tree_build(wt);
	h = window_tree_list_height(wt, p->sy);
	if ((sel = window_tree_selected(wt)) >= 0 && (unsigned)sel > h - 1)
		wt->offset = (unsigned)sel - h + 1;
	else
		wt->offset = 0;
	tty_redraw_all();
}

void
window_tree_cursor(struct window_tree *wt, unsigned *cx, unsigned *cy)
{
	int	sel = window_tree_selected(wt);

	*cx = 0;
	*cy = sel >= 0 && (unsigned)sel >= wt->offset ?
	    (unsigned)sel - wt->offset : 0;
}

/* The O key: the next order. */
void
window_tree_sort_next(struct window_tree *wt)
{
	unsigned	n;

	window_tree_sorts(wt, &n);
	if (n != 0)
		wt->sort_field = (wt->sort_field + 1) % (int)n;
}

/* -O (case ignored, unknown names leave index) and -r. */
void
window_tree_set_sort(struct window_tree *wt, const char *name, int reversed)
{
	const char	**names;
	unsigned	  i, n;

	names = window_tree_sorts(wt, &n);

	for (i = 0; name != NULL && i < n; i++) {
		if (strcasecmp(name, names[i]) == 0)
			wt->sort_field = (int)i;
	}
	wt->sort_reversed = reversed;
}

void
window_tree_set_preview(struct window_tree *wt, int on)
{
	wt->preview = on;
}

/* -F: the items' text. */
void
window_tree_set_format(struct window_tree *wt, const char *format)
{
	xfree(wt->format);
	wt->format = format != NULL ? xstrdup(format) : NULL;
}

void
window_tree_set_filter(struct window_tree *wt, const char *filter)
{
	xfree(wt->filter);
	wt->filter = filter != NULL ? xstrdup(filter) : NULL;
}

/* How many lines the list takes (tmux's mode_tree_set_height). */
unsigned
window_tree_list_height(struct window_tree *wt, unsigned sy)
{
	unsigned	h;

	if (!wt->preview)
		return (sy);
	if (wt->kind == WINDOW_TREE_CUSTOMIZE)
		return (window_customize_list_height(sy));
	h = (sy / 3) * 2;
	if (h > wt->nitems)
		h = sy / 2;
	if (h < 10 || sy - h < 2)
		h = sy;
	return (h);
}

/* The preview of the selected item below h lines of list. */
static void
window_tree_draw_preview(struct pane *p, struct window_tree *wt, struct vt_rcell *cells,
    unsigned h, const struct tree_item *ti, const struct tty_style *st)
{
	struct session	*s = session_find_by_id(ti->session_id);
	struct winlink	*wl = NULL;
	struct pane	*wp = NULL;
	struct client	*c;
	char		*name, *sort;
	int		 filter = 0;
	unsigned	 n;

	if (wt->kind == WINDOW_TREE_CUSTOMIZE) {
		window_customize_preview(p, wt, cells, h, ti, st);
		return;
	}
	if (p->sy <= 4 || h <= 4 || p->sy - h <= 4 || p->sx <= 4)
		return;
	xasprintf(&sort, "%s%s", window_tree_sorts(wt, &n)[wt->sort_field],
	    wt->sort_reversed ? ", reversed" : "");
	if (wt->filter != NULL)
		filter = wt->no_matches ? 2 : 1;
	if (s != NULL && ti->type != TREE_SESSION)
		wl = winlink_find_by_index(s, ti->widx);
	if (ti->type == TREE_CLIENT) {
		c = cmdq_find_client(ti->name);
		window_tree_preview_client(cells, p->sx, p->sy, h, ti->name,
		    sort, filter, st, c != NULL ? c->tty : NULL);
		xfree(sort);
		return;
	}
	if (ti->type == TREE_BUFFER) {
		window_tree_preview_buffer(cells, p->sx, p->sy, h, ti->name,
		    sort, filter, st, paste_get_name(ti->name));
		xfree(sort);
		return;
	}
	if (ti->type == TREE_PANE && (wp = window_pane_find_by_id(ti->pane_id)) !=
	    NULL && wp->window != NULL) {
		xasprintf(&name, "%lld", (long long)window_pane_index(wp) +
		    options_window_number(wp->window, "pane-base-index"));
	} else if (ti->type == TREE_WINDOW)
		xasprintf(&name, "%d", ti->widx);
	else
		name = xstrdup(s != NULL ? s->name : "");
	window_tree_preview(cells, p->sx, p->sy, h, name, sort, filter, st, s,
	    wl, wp, &wt->parts);
	xfree(sort);
	xfree(name);
}

/*
 * A line whose text is drawn as tmux's format_draw (customize-mode's:
 * #[reverse] scopes, #[ignore] values), in base, brighter if tagged; the
 * selected line's rest in base's background.
 */
static void
window_tree_draw_styled(struct window_tree *wt, struct vt_rcell *row, unsigned sx,
    unsigned n, const struct tty_style *st)
{
	struct tty_style	 base = *st;
	char			*line;
	unsigned		 x = 0, i;
	size_t			 at;
	int			 marked;

	if (wt->items[n].tagged)
		base.attr ^= VT_ATTR_BRIGHT;
	for (i = 0; i < sx; i++)
		row[i].bg = base.bg;
	line = window_tree_line(wt, &wt->items[n], n, &at, &marked);
	if (wt->items[n].text != NULL)
		line[at] = '\0';
	tty_draw_text_style(row, sx, &x, sx, line, &base);
	if (wt->items[n].text != NULL && x < sx)
		format_draw(row + x, sx - x, wt->items[n].text, &base, NULL,
		    NULL, 0);
	xfree(line);
}

void
window_tree_draw(struct pane *p, struct window_tree *wt,
    struct vt_rcell *cells)
{
	struct cmd_find_state	 fs;
	struct tty_style	 dflt = { 0, 8, 8 }, st = dflt;
	struct vt_rcell		*rc;
	char			*line, *text, *value;
	unsigned		 y, x, x0, i, n, h, tagged;
	size_t			 at;
	int			 sel, marked;

	for (i = 0; i < p->sx * p->sy; i++) {
		memset(&cells[i], 0, sizeof cells[i]);
		cells[i].data[0] = ' ';
		cells[i].width = 1;
		cells[i].fg = cells[i].bg = VT_COLOUR_DEFAULT;
		cells[i].cleared = 1;	/* tmux clears the mode's screen */
	}
	window_tree_build(wt);
	if ((sel = window_tree_selected(wt)) < 0)
		return;
	cmd_find_from_pane(&fs, p);
	if ((value = options_get_for(&fs, "mode-style")) != NULL)
		style_apply(&st, value, &dflt);
	xfree(value);
	h = window_tree_list_height(wt, p->sy);
	if ((unsigned)sel < wt->offset)
		wt->offset = (unsigned)sel;
	if ((unsigned)sel >= wt->offset + h)
		wt->offset = (unsigned)sel - h + 1;
	for (y = 0; y < h && wt->offset + y < wt->nitems; y++) {
		n = wt->offset + y;
		if (wt->kind == WINDOW_TREE_CUSTOMIZE) {
			window_tree_draw_styled(wt, cells + y * p->sx, p->sx, n,
			    (int)n == sel ? &st : &dflt);
			continue;
		}
		line = window_tree_line(wt, &wt->items[n], n, &at, &marked);
		x = 0;
		text = xstrdup(line + at);
		line[at] = '\0';
		tty_draw_text(cells + y * p->sx, p->sx, &x, line);
		x0 = x;
		tty_draw_text(cells + y * p->sx, p->sx, &x, text);
		xfree(text);
		xfree(line);
		/* A tagged item's text is bright (tmux: attr ^= BRIGHT). */
		tagged = wt->items[n].tagged ? VT_ATTR_BRIGHT : 0;
		for (i = 0; i < x; i++) {
			rc = &cells[y * p->sx + i];
			if ((int)n == sel) {
				/* The text in mode-style. */
				rc->attr = st.attr;
				rc->fg = st.fg;
				rc->bg = st.bg;
			}
			rc->attr ^= tagged;
			if (marked && i >= x0)
				rc->attr |= VT_ATTR_REVERSE;
		}
		/* The selected line's rest in mode-style's background. */
		for (i = x; i < p->sx && (int)n == sel; i++)
			cells[y * p->sx + i].bg = st.bg;
	}
	if (h < p->sy)
		window_tree_draw_preview(p, wt, cells, h, &wt->items[sel], &st);
}
