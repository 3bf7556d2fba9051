/*
 * customize-mode (C-b C): tmux 3.3a's options and key bindings editor,
 * drawn with tree mode's list (window-tree.c). Three groups of options
 * (server, session, window & pane), each option with the value that
 * applies to the mode's pane and, unless global, its scope in reverse
 * ("(session main)"); then a group per key table, each key with its
 * Command, Note and Repeat lines. Below the list, 12 lines tell about the
 * selected item. Its keys (set, unset, reset): window-customize-keys.c.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/log.h"
#include "engine/base/xmalloc.h"
#include "engine/term/vt.h"
#include "tmux-compat/format.h"
#include "tmux-compat/key-bindings.h"
#include "tmux-compat/options.h"
#include "tmux-compat/style.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"
#include "tmux-compat/window-copy.h"
#include "tmux-compat/window-tree-int.h"

/* tmux 3.3a's default -F. */
#define CUSTOMIZE_DEFAULT_FORMAT					\
	"#{?is_option,"							\
	"#{?option_is_global,,#[reverse](#{option_scope})#[default] }"	\
	"#[ignore]#{option_value}#{?option_unit, #{option_unit},}"	\
	",#{key}}"

/* The options tmux gives a unit (all numbers). */
static const struct {
	const char	*name;
	const char	*unit;
} customize_units[] = {
	{ "assume-paste-time", "milliseconds" },
	{ "display-panes-time", "milliseconds" },
	{ "display-time", "milliseconds" },
	{ "escape-time", "milliseconds" },
	{ "history-limit", "lines" },
	{ "lock-after-time", "seconds" },
	{ "repeat-time", "milliseconds" },
	{ "status-interval", "seconds" },
};

static const char *customize_group_names[] = {
	"Server Options", "Session Options", "Window & Pane Options"
};

const char *
window_customize_unit(const char *name)
{
	size_t	i;

	for (i = 0; i < sizeof customize_units / sizeof *customize_units; i++) {
		if (strcmp(customize_units[i].name, name) == 0)
			return (customize_units[i].unit);
	}
	return (NULL);
}

/* The key of an item for the expanded and tagged sets. */
char *
window_customize_key(const struct tree_item *ti)
{
	char	*key;

	switch (ti->type) {
	case TREE_GROUP:
		xasprintf(&key, "G:%s", ti->title);
		break;
	case TREE_OPTION:
		/*
		 * tmux tags a user option by its entry, so one that moves to
		 * another store is another item.
		 */
		if (*ti->name == '@')
			xasprintf(&key, "O%d:%s@%d", ti->group, ti->name,
			    ti->scope);
		else if (ti->idx == -1)
			xasprintf(&key, "O%d:%s", ti->group, ti->name);
		else
			xasprintf(&key, "O%d:%s[%d]", ti->group, ti->name,
			    ti->idx);
		break;
	case TREE_KEY:
		xasprintf(&key, "K:%s:%lld", ti->table, ti->key);
		break;
	default:
		xasprintf(&key, "K:%s:%lld:%d", ti->table, ti->key, ti->part);
		break;
	}
	return (key);
}

/*
 * The state the mode was started for if it is still there, else its own
 * pane's (tmux's cmd_find_valid_state or cmd_find_from_pane).
 */
int
window_customize_state(struct window_tree *wt, struct cmd_find_state *fs)
{
	struct session	*s = session_find_by_id(wt->cz_session);
	struct winlink	*wl;
	struct pane	*p = window_pane_find_by_id(wt->cz_pane);

	if (s != NULL && p != NULL &&
	    (wl = winlink_find_by_index(s, wt->cz_widx)) != NULL &&
	    p->window == wl->window) {
		cmd_find_from_winlink(fs, wl);
		fs->wp = p;
		return (0);
	}
	if ((p = window_pane_find_by_id(wt->cz_mode_pane)) == NULL ||
	    p->window == NULL)
		return (-1);
	cmd_find_from_pane(fs, p);
	return (fs->s != NULL ? 0 : -1);
}

/* The store of a scope for the state. */
void
window_customize_target(int scope, const struct cmd_find_state *fs,
    struct options_target *t)
{
	switch (scope) {
	case CUSTOMIZE_SERVER:
		options_target_server(t);
		break;
	case CUSTOMIZE_GLOBAL_SESSION:
		options_target_global(t, OPTIONS_TABLE_SESSION);
		break;
	case CUSTOMIZE_SESSION:
		options_target_session(t, fs->s);
		break;
	case CUSTOMIZE_GLOBAL_WINDOW:
		options_target_global(t, OPTIONS_TABLE_WINDOW);
		break;
	case CUSTOMIZE_WINDOW:
		options_target_window(t, fs->wl->window);
		break;
	default:
		options_target_pane(t, fs->wp);
		break;
	}
}

/* "session main", "window 1", "pane 0" or "" for the global ones. */
char *
window_customize_scope_text(int scope, const struct cmd_find_state *fs)
{
	char	*s;

	if (scope == CUSTOMIZE_SESSION)
		xasprintf(&s, "session %s", fs->s->name);
	else if (scope == CUSTOMIZE_WINDOW)
		xasprintf(&s, "window %d", fs->wl->idx);
	else if (scope == CUSTOMIZE_PANE)
		xasprintf(&s, "pane %u", window_pane_index(fs->wp));
	else
		s = xstrdup("");
	return (s);
}

/*
 * Each group's stores run from its global one to its narrowest (server;
 * global session to session; global window to window to pane).
 */
static const struct {
	int	global;
	int	narrowest;
} customize_group_scopes[] = {
	{ CUSTOMIZE_SERVER, CUSTOMIZE_SERVER },
	{ CUSTOMIZE_GLOBAL_SESSION, CUSTOMIZE_SESSION },
	{ CUSTOMIZE_GLOBAL_WINDOW, CUSTOMIZE_PANE },
};

static int
window_customize_is_global(int scope)
{
	unsigned	i;

	for (i = 0; i < 3; i++) {
		if (customize_group_scopes[i].global == scope)
			return (1);
	}
	return (0);
}

/* A new item at depth; its place in the tree is found afterwards. */
static struct tree_item *
window_customize_add(struct window_tree *wt, int type, unsigned depth,
    const char *title, const char *text, int expanded)
{
	struct tree_item	*ti;

	wt->items = xreallocarray(wt->items, wt->nitems + 1, sizeof *ti);
	ti = &wt->items[wt->nitems++];
	memset(ti, 0, sizeof *ti);
	ti->type = type;
	ti->depth = depth;
	ti->idx = -1;
	ti->title = xstrdup(title);
	ti->text = text != NULL ? xstrdup(text) : NULL;
	/* Filled in by the caller before the key is asked for. */
	ti->expanded = expanded;
	return (ti);
}

/* Once the caller has set what names it: expanded and tagged. */
static void
window_customize_added(struct window_tree *wt, struct tree_item *ti)
{
	char	*key = window_customize_key(ti);

	if (ti->expanded != -1)
		ti->expanded = window_tree_keys_has(&wt->expanded, key);
	ti->tagged = !ti->no_tag && window_tree_keys_has(&wt->tagged, key);
	xfree(key);
}

/* The variables an option's text and the filter see. */
struct customize_vars {
	const char	*v[24];		/* name, value, ..., NULL */
	unsigned	 n;
	char		*owned[4];
};

/* Set variable name to value (a pointer kept, not a copy). */
static void
window_customize_var(struct customize_vars *cv, const char *name, const char *value)
{
	unsigned	i;

	for (i = 0; i < cv->n; i += 2) {
		if (strcmp(cv->v[i], name) == 0) {
			cv->v[i + 1] = value;
			return;
		}
	}
	if (cv->n + 2 >= sizeof cv->v / sizeof cv->v[0])
		fatalx("customize_var: too many variables");
	cv->v[cv->n++] = name;
	cv->v[cv->n++] = value;
}

static void
window_customize_vars_free(struct customize_vars *cv)
{
	unsigned	i;

	for (i = 0; i < 4; i++)
		xfree(cv->owned[i]);
}

static void
window_customize_add_array(struct window_tree *wt, int group, int scope,
    const struct options_entry *o, const struct cmd_find_state *fs,
    const char *format, struct customize_vars *cv)
{
	struct tree_item	*ti;
	char			*title, *value, *text;
	int			 idx = -1;

	while ((idx = options_array_next(o, idx + 1)) != -1) {
		xasprintf(&title, "%s[%d]", options_name(o), idx);
		value = options_to_string(o, idx, 0);
		window_customize_var(cv, "option_name", title);
		window_customize_var(cv, "option_value", value);
		text = format_vars_for_extra(fs, format, cv->v);
		ti = window_customize_add(wt, TREE_OPTION, 2, title, text, -1);
		ti->name = xstrdup(options_name(o));
		ti->group = group;
		ti->scope = scope;
		ti->idx = idx;
		window_customize_added(wt, ti);
		xfree(text);
		xfree(value);
		xfree(title);
	}
}

/*
 * The option as it applies to the mode's pane: from the narrowest store
 * of the group that has it (pane, window, then global), and that store's
 * scope; -1 if none has it.
 */
static int
window_customize_find(int group, const char *name, const struct cmd_find_state *fs,
    struct options_entry **op)
{
	struct options_target	t;
	int			scope;

	scope = customize_group_scopes[group].narrowest;
	for (; scope >= customize_group_scopes[group].global; scope--) {
		window_customize_target(scope, fs, &t);
		if ((*op = options_get_only(&t, name)) != NULL)
			return (scope);
	}
	return (-1);
}

/* One option of a group, if the filter is true for it. */
static void
window_customize_add_option(struct window_tree *wt, int group, const char *name,
    const struct cmd_find_state *fs, const char *format, const char *filter)
{
	const struct options_table_entry	*oe;
	struct options_entry			*o;
	struct customize_vars			 cv;
	struct tree_item			*ti;
	const char				*unit;
	char					*text, *value = NULL, *expanded;
	int					 scope, array, global;

	if ((scope = window_customize_find(group, name, fs, &o)) == -1)
		return;
	oe = options_entry_table(o);
	if (oe != NULL && (oe->flags & OPTIONS_TABLE_IS_HOOK))
		return;
	array = oe != NULL && (oe->flags & OPTIONS_TABLE_IS_ARRAY);
	global = window_customize_is_global(scope);
	if (wt->hide_global && global)
		return;

	memset(&cv, 0, sizeof cv);
	cv.owned[0] = window_customize_scope_text(scope, fs);
	unit = window_customize_unit(name);
	if (!array)
		value = cv.owned[1] = options_to_string(o, -1, 0);
	window_customize_var(&cv, "option_name", name);
	window_customize_var(&cv, "option_is_global", global ? "1" : "0");
	window_customize_var(&cv, "option_is_array", array ? "1" : "0");
	window_customize_var(&cv, "option_scope", cv.owned[0]);
	window_customize_var(&cv, "option_unit", unit != NULL ? unit : "");
	window_customize_var(&cv, "option_value", value != NULL ? value : "");
	window_customize_var(&cv, "is_option", "1");
	window_customize_var(&cv, "is_key", "0");
	if (filter != NULL) {
		expanded = format_vars_for_extra(fs, filter, cv.v);
		if (!format_true(expanded)) {
			xfree(expanded);
			window_customize_vars_free(&cv);
			return;
		}
		xfree(expanded);
	}
	text = array ? NULL : format_vars_for_extra(fs, format, cv.v);
	ti = window_customize_add(wt, TREE_OPTION, 1, name, text, 0);
	ti->name = xstrdup(name);
	ti->group = group;
	ti->scope = scope;
	window_customize_added(wt, ti);
	xfree(text);
	if (array)
		window_customize_add_array(wt, group, scope, o, fs, format, &cv);
	window_customize_vars_free(&cv);
}

/* Is name one of the n first of list? */
static int
window_customize_listed(char **list, unsigned n, const char *name)
{
	unsigned	i;

	for (i = 0; i < n; i++) {
		if (strcmp(list[i], name) == 0)
			return (1);
	}
	return (0);
}

/*
 * A group of options: user options first (those of each store of the
 * group, in order, each once), then the table's, by name as tmux's stores
 * keep them.
 */
static void
window_customize_build_group(struct window_tree *wt, int group,
    const struct cmd_find_state *fs, const char *format, const char *filter)
{
	struct options_target	 t;
	struct options_entry	*o;
	struct tree_item	*ti;
	char			**users = NULL;
	unsigned		 nusers = 0, cursor, i;
	int			 scope, first, last;

	ti = window_customize_add(wt, TREE_GROUP, 0, customize_group_names[group],
	    NULL, 0);
	ti->group = group;
	ti->no_tag = 1;
	window_customize_added(wt, ti);

	first = customize_group_scopes[group].global;
	last = customize_group_scopes[group].narrowest;
	for (scope = first; scope <= last; scope++) {
		window_customize_target(scope, fs, &t);
		cursor = 0;
		while ((o = options_user_next(*t.chain[0], &cursor)) != NULL) {
			if (window_customize_listed(users, nusers, options_name(o)))
				continue;
			users = xreallocarray(users, nusers + 1,
			    sizeof *users);
			users[nusers++] = xstrdup(options_name(o));
		}
	}
	for (i = 0; i < nusers; i++) {
		window_customize_add_option(wt, group, users[i], fs, format, filter);
		xfree(users[i]);
	}
	xfree(users);

	window_customize_target(first, fs, &t);
	cursor = 0;
	while ((o = options_next_entry(*t.chain[0], &cursor)) != NULL) {
		/* zeropty's own options are not listed (options.h). */
		if (options_entry_table(o) != NULL &&
		    (options_entry_table(o)->flags & OPTIONS_TABLE_IS_EXT))
			continue;
		if (*options_name(o) != '@')
			window_customize_add_option(wt, group, options_name(o), fs,
			    format, filter);
	}
}

/* A key table's group: each key and its Command, Note and Repeat. */
static void
window_customize_build_keys(struct window_tree *wt, int group, struct key_table *kt,
    const struct cmd_find_state *fs, const char *format, const char *filter)
{
	struct tree_item	*ti;
	struct key_binding	*bd;
	const char		*v[9];
	static const char	*parts[] = { "Command", "Note", "Repeat" };
	char			*title, *text, *cmd, *expanded;
	unsigned		 i, j;

	xasprintf(&title, "Key Table - %s", kt->name);
	ti = window_customize_add(wt, TREE_GROUP, 0, title, NULL, 0);
	ti->group = group;
	ti->no_tag = 1;
	window_customize_added(wt, ti);
	xfree(title);

	for (i = 0; i < kt->n; i++) {
		bd = kt->bindings[i];
		v[0] = "is_option";	v[1] = "0";
		v[2] = "is_key";	v[3] = "1";
		v[4] = "key";		v[5] = key_string_lookup_key(bd->key);
		v[6] = bd->note != NULL ? "key_note" : NULL;
		v[7] = bd->note;
		v[8] = NULL;
		if (filter != NULL) {
			expanded = format_vars_for_extra(fs, filter, v);
			if (!format_true(expanded)) {
				xfree(expanded);
				continue;
			}
			xfree(expanded);
		}
		expanded = format_vars_for_extra(fs, format, v);
		ti = window_customize_add(wt, TREE_KEY, 1, expanded, NULL, 0);
		xfree(expanded);
		ti->group = group;
		ti->table = xstrdup(kt->name);
		ti->key = bd->key;
		window_customize_added(wt, ti);

		cmd = key_bindings_print(bd, 0);
		for (j = 0; j < 3; j++) {
			if (j == 0)
				xasprintf(&text, "#[ignore]%s", cmd);
			else if (j == 1 && bd->note != NULL)
				xasprintf(&text, "#[ignore]%s", bd->note);
			else if (j == 1)
				text = xstrdup("");
			else
				text = xstrdup((bd->flags & KEY_BINDING_REPEAT) ?
				    "on" : "off");
			ti = window_customize_add(wt, TREE_KEY_PART, 2, parts[j],
			    text, -1);
			xfree(text);
			ti->group = group;
			ti->table = xstrdup(kt->name);
			ti->key = bd->key;
			ti->part = (int)j;
			ti->no_tag = 1;
			window_customize_added(wt, ti);
		}
		xfree(cmd);
	}
}

/*
 * Where each item sits (tmux's mode_tree_build_lines): last of its
 * siblings, whether it has children, whether any sibling has (else the
 * level is flat: no "+ " column), and whether its parent is last; then
 * only the lines under expanded items are kept.
 */
static void
window_customize_place(struct window_tree *wt)
{
	struct tree_item	*items = wt->items, *ti;
	unsigned		 i, j, n = wt->nitems, kept = 0;
	int			 any, hidden_below = -1;

	for (i = 0; i < n; i++) {
		ti = &items[i];
		ti->children = i + 1 < n && items[i + 1].depth > ti->depth;
		ti->last = 1;
		for (j = i + 1; j < n && items[j].depth >= ti->depth; j++) {
			if (items[j].depth == ti->depth) {
				ti->last = 0;
				break;
			}
		}
	}
	/* pad: some sibling has children (a level of siblings at a time). */
	for (i = 0; i < n; i++) {
		if (i != 0 && items[i - 1].depth >= items[i].depth)
			continue;	/* not the first of its siblings */
		any = 0;
		for (j = i; j < n && items[j].depth >= items[i].depth; j++) {
			if (items[j].depth == items[i].depth &&
			    items[j].children)
				any = 1;
		}
		for (j = i; j < n && items[j].depth >= items[i].depth; j++) {
			if (items[j].depth == items[i].depth)
				items[j].pad = any;
		}
	}
	/* The parent's lastness, and only what is under expanded items. */
	for (i = 0; i < n; i++) {
		ti = &items[i];
		if (ti->depth == 2) {
			for (j = i; j > 0 && items[j].depth >= 2; j--)
				;
			ti->lasts = items[j].last ? 2 : 0;
		}
		if (hidden_below != -1 && ti->depth > (unsigned)hidden_below) {
			xfree(ti->name);
			xfree(ti->title);
			xfree(ti->text);
			xfree(ti->table);
			continue;
		}
		hidden_below = -1;
		if (ti->children && ti->expanded != 1 && !wt->build_all)
			hidden_below = (int)ti->depth;
		items[kept++] = *ti;
	}
	wt->nitems = kept;
}

void
window_customize_build(struct window_tree *wt, const char *filter)
{
	struct cmd_find_state	 fs;
	struct key_table	*kt;
	const char		*format;
	int			 group;
	unsigned		 i;

	if (window_customize_state(wt, &fs) != 0)
		return;
	format = wt->format != NULL ? wt->format : CUSTOMIZE_DEFAULT_FORMAT;
	for (group = 0; group < 3; group++)
		window_customize_build_group(wt, group, &fs, format, filter);
	for (i = 0; i < key_bindings_ntables(); i++) {
		kt = key_bindings_table_at(i);
		if (kt->n != 0)
			window_customize_build_keys(wt, group++, kt, &fs, format,
			    filter);
	}
	window_customize_place(wt);
}

/* How many lines the list takes: all but 12 (tmux's height callback). */
unsigned
window_customize_list_height(unsigned sy)
{
	unsigned	h = sy;

	if (sy > 12)
		h = sy - 12;
	if (h < 10 || sy - h < 2)
		h = sy;
	return (h);
}

struct customize_writer {
	struct vt_rcell	*cells;
	unsigned	 sx;		/* the pane's width */
	unsigned	 cx, cy;	/* where the text goes */
	unsigned	 x, y;
};

/* A UTF-8 character's length at p. */
static size_t
window_customize_char_len(const char *p)
{
	unsigned char	c = (unsigned char)*p;
	size_t		n = 1;

	if (c >= 0xf0)
		n = 4;
	else if (c >= 0xe0)
		n = 3;
	else if (c >= 0xc0)
		n = 2;
	if (strnlen(p, n) < n)
		n = 1;
	return (n);
}

static void
window_customize_put(struct customize_writer *cw, const char *p, size_t n,
    const struct tty_style *st)
{
	char		ch[8];
	unsigned	x = cw->x;

	memcpy(ch, p, n);
	ch[n] = '\0';
	tty_draw_text_style(cw->cells + cw->y * cw->sx, cw->sx, &x, cw->sx,
	    ch, st);
	cw->x = x;
}

/*
 * tmux's screen_write_text: text wrapped at spaces into width columns
 * from cx, at most lines lines. more: the text goes on on this line.
 * Returns 0 if it did not all fit (then nothing more is written).
 */
static int
window_customize_text(struct customize_writer *cw, unsigned width, unsigned lines,
    int more, const struct tty_style *st, const char *text)
{
	const char	*p = text, *end, *q, *next;
	unsigned	 top = cw->y, left, at, w;
	size_t		 n;
	char		 ch[8];

	left = cw->cx + width - cw->x;
	for (;;) {
		/* As much as fits. */
		at = 0;
		for (end = p; *end != '\0' && *end != '\n'; end += n) {
			n = window_customize_char_len(end);
			memcpy(ch, end, n);
			ch[n] = '\0';
			w = tty_draw_text_width(ch);
			if (at + w > left)
				break;
			at += w;
		}
		if (*end == '\0')
			next = end;
		else if (*end == '\n' || *end == ' ')
			next = end + 1;
		else {
			for (q = end; q > p && *q != ' '; q--)
				;
			if (q != p) {
				next = q + 1;
				end = q;
			} else
				next = end;
		}
		for (q = p; q < end; q += n) {
			n = window_customize_char_len(q);
			window_customize_put(cw, q, n, st);
		}
		p = next;
		if (cw->y == top + lines - 1 || *p == '\0')
			break;
		cw->x = cw->cx;
		cw->y++;
		left = width;
	}
	if ((cw->y == top + lines - 1 && (!more || cw->x == cw->cx + width)) ||
	    *p != '\0')
		return (0);
	if (!more || cw->x == cw->cx + width) {
		cw->x = cw->cx;
		cw->y++;
	}
	return (1);
}

/* Lines left in the box of sy lines from line top. */
static unsigned
window_customize_left(struct customize_writer *cw, unsigned sy)
{
	return (sy - (cw->y - cw->cy));
}

/* A line (or more, wrapped) of text; 0 if it did not all fit. */
static int
window_customize_line(struct customize_writer *cw, unsigned sx, unsigned sy,
    const char *fmt, ...)
{
	struct tty_style	 dflt = { 0, 8, 8 };
	va_list			 ap;
	char			*text;
	int			 ok;

	va_start(ap, fmt);
	xvasprintf(&text, fmt, ap);
	va_end(ap);
	ok = window_customize_text(cw, sx, window_customize_left(cw, sy), 0, &dflt, text);
	xfree(text);
	return (ok);
}

/* An empty line; 0 if that was the last. */
static int
window_customize_skip(struct customize_writer *cw, unsigned sy, int or_equal)
{
	cw->x = cw->cx;
	cw->y++;
	if (or_equal)
		return (cw->y < cw->cy + sy - 1);
	return (cw->y <= cw->cy + sy - 1);
}

/* The key's preview (tmux's window_customize_draw_key). */
static void
window_customize_draw_key(struct customize_writer *cw, unsigned sx, unsigned sy,
    const struct tree_item *ti)
{
	struct key_table	*kt;
	struct key_binding	*bd;
	const char		*note;
	char			*cmd, *dflt;

	if ((kt = key_bindings_get_table(ti->table, 0)) == NULL ||
	    (bd = key_bindings_get(kt, ti->key)) == NULL)
		return;
	note = bd->note != NULL ? bd->note : "There is no note for this key.";
	if (!window_customize_line(cw, sx, sy, "%s%s", note,
	    (*note != '\0' && note[strlen(note) - 1] != '.') ? "." : ""))
		return;
	if (!window_customize_skip(cw, sy, 1))
		return;
	if (!window_customize_line(cw, sx, sy, "This key is in the %s table.",
	    kt->name))
		return;
	if (!window_customize_line(cw, sx, sy, "This key %s repeat.",
	    (bd->flags & KEY_BINDING_REPEAT) ? "does" : "does not"))
		return;
	if (!window_customize_skip(cw, sy, 1))
		return;
	cmd = key_bindings_print(bd, 0);
	if (window_customize_line(cw, sx, sy, "Command: %s", cmd) &&
	    (dflt = key_bindings_default_print(kt->name, bd->key)) != NULL) {
		if (strcmp(cmd, dflt) != 0)
			window_customize_line(cw, sx, sy, "The default is: %s",
			    dflt);
		xfree(dflt);
	}
	xfree(cmd);
}

/* "This is a colour option: EXAMPLE", the example in its style. */
static int
window_customize_example(struct customize_writer *cw, unsigned sx, unsigned sy,
    const char *what, const struct tty_style *st)
{
	struct tty_style	 dflt = { 0, 8, 8 };
	char			*text;
	int			 ok;

	xasprintf(&text, "This is a %s option: ", what);
	ok = window_customize_text(cw, sx, window_customize_left(cw, sy), 1, &dflt, text);
	xfree(text);
	if (!ok)
		return (0);
	return (window_customize_text(cw, sx, window_customize_left(cw, sy), 0, st,
	    "EXAMPLE"));
}

/*
 * The values the option has in the stores above its own (tmux: the
 * window's for a pane option, then the global one).
 */
static void
window_customize_draw_parents(struct customize_writer *cw, unsigned sx,
    unsigned sy, const struct tree_item *ti, const struct cmd_find_state *fs,
    const char *space, const char *unit)
{
	struct options_target	 t;
	struct options_entry	*o;
	char			*value;
	int			 ok;

	if (ti->scope == CUSTOMIZE_PANE) {
		window_customize_target(CUSTOMIZE_WINDOW, fs, &t);
		if ((o = options_get_only(&t, ti->name)) != NULL) {
			value = options_to_string(o, -1, 0);
			ok = window_customize_line(cw, sx, sy,
			    "Window value (from window %d): %s%s%s",
			    fs->wl->idx, value, space, unit);
			xfree(value);
			if (!ok)
				return;
		}
	}
	if (ti->scope == CUSTOMIZE_PANE || ti->scope == CUSTOMIZE_WINDOW)
		window_customize_target(CUSTOMIZE_GLOBAL_WINDOW, fs, &t);
	else if (ti->scope == CUSTOMIZE_SESSION)
		window_customize_target(CUSTOMIZE_GLOBAL_SESSION, fs, &t);
	else
		return;
	if ((o = options_get_only(&t, ti->name)) == NULL)
		return;
	value = options_to_string(o, -1, 0);
	window_customize_line(cw, sx, sy, "Global value: %s%s%s", value, space, unit);
	xfree(value);
}

/* The option's preview (tmux's window_customize_draw_option). */
static void
window_customize_draw_option(struct customize_writer *cw, unsigned sx, unsigned sy,
    const struct tree_item *ti, const struct cmd_find_state *fs)
{
	struct options_target			 t;
	const struct options_table_entry	*oe;
	struct options_entry			*o;
	struct tty_style			 dflt = { 0, 8, 8 }, st;
	struct buf				 b;
	const char				*text, *unit, *space = "";
	char					*value, *dvalue = NULL, *expanded;
	unsigned				 i;

	window_customize_target(ti->scope, fs, &t);
	if ((o = options_get_only(&t, ti->name)) == NULL)
		return;
	oe = options_entry_table(o);
	unit = window_customize_unit(ti->name);
	if (unit != NULL)
		space = " ";
	else
		unit = "";
	/* tmux's own descriptions are its manual's: see tmux(1). */
	text = oe == NULL ? "This is a user option." :
	    "This option is described in tmux(1).";
	if (!window_customize_line(cw, sx, sy, "%s", text))
		return;
	if (!window_customize_skip(cw, sy, 1))
		return;
	if (oe == NULL)
		text = "user";
	else if ((oe->scope & (OPTIONS_TABLE_WINDOW|OPTIONS_TABLE_PANE)) ==
	    (OPTIONS_TABLE_WINDOW|OPTIONS_TABLE_PANE))
		text = "window and pane";
	else if (oe->scope & OPTIONS_TABLE_WINDOW)
		text = "window";
	else if (oe->scope & OPTIONS_TABLE_SESSION)
		text = "session";
	else
		text = "server";
	if (!window_customize_line(cw, sx, sy, "This is a %s option.", text))
		return;
	if (oe != NULL && (oe->flags & OPTIONS_TABLE_IS_ARRAY)) {
		if (ti->idx == -1) {
			window_customize_line(cw, sx, sy, "This is an array option.");
			return;
		}
		if (!window_customize_line(cw, sx, sy,
		    "This is an array option, index %d.", ti->idx))
			return;
	}
	if (!window_customize_skip(cw, sy, 1))
		return;

	value = options_to_string(o, ti->idx, 0);
	if (oe != NULL && ti->idx == -1) {
		dvalue = options_default_to_string(oe);
		if (dvalue != NULL && strcmp(dvalue, value) == 0) {
			xfree(dvalue);
			dvalue = NULL;
		}
	}
	if (!window_customize_line(cw, sx, sy, "Option value: %s%s%s", value, space,
	    unit))
		goto out;
	if (oe == NULL || oe->type == OPTIONS_TABLE_STRING) {
		expanded = format_vars_for(NULL, fs, value, 0);
		if (strcmp(expanded, value) != 0 && !window_customize_line(cw, sx, sy,
		    "This expands to: %s", expanded)) {
			xfree(expanded);
			goto out;
		}
		xfree(expanded);
	}
	if (oe != NULL && oe->type == OPTIONS_TABLE_CHOICE) {
		buf_init(&b);
		for (i = 0; oe->choices[i] != NULL; i++)
			buf_printf(&b, "%s%s", i == 0 ? "" : ", ",
			    oe->choices[i]);
		buf_add(&b, "", 1);
		i = window_customize_line(cw, sx, sy, "Available values are: %s",
		    (const char *)buf_data(&b));
		buf_free(&b);
		if (!i)
			goto out;
	}
	if (oe != NULL && oe->type == OPTIONS_TABLE_COLOUR) {
		st = dflt;
		st.fg = options_colour_from_string(value);
		if (!window_customize_example(cw, sx, sy, "colour", &st))
			goto out;
	}
	if (oe != NULL && (oe->flags & OPTIONS_TABLE_IS_STYLE)) {
		st = dflt;
		expanded = format_vars_for(NULL, fs, value, 0);
		style_apply(&st, expanded, &dflt);
		xfree(expanded);
		if (!window_customize_example(cw, sx, sy, "style", &st))
			goto out;
	}
	if (dvalue != NULL && !window_customize_line(cw, sx, sy,
	    "The default is: %s%s%s", dvalue, space, unit))
		goto out;
	if (!window_customize_skip(cw, sy, 0))
		goto out;
	if (oe == NULL || !(oe->flags & OPTIONS_TABLE_IS_ARRAY))
		window_customize_draw_parents(cw, sx, sy, ti, fs, space, unit);
out:
	xfree(value);
	xfree(dvalue);
}

/*
 * The box below the list, titled with the item's name (a key's for its
 * Command, Note and Repeat lines), and what tmux tells about it.
 */
void
window_customize_preview(struct pane *p, struct window_tree *wt,
    struct vt_rcell *cells, unsigned h, const struct tree_item *ti,
    const struct tty_style *st)
{
	struct customize_writer	 cw;
	struct cmd_find_state	 fs;
	const char		*name = ti->title;
	int			 filter = 0, sel;
	unsigned		 i;

	if (p->sy <= 4 || h <= 4 || p->sy - h <= 4 || p->sx <= 4)
		return;
	if (ti->type == TREE_KEY_PART) {
		sel = (int)(ti - wt->items);
		for (i = (unsigned)sel; i > 0; i--) {
			if (wt->items[i - 1].depth < ti->depth) {
				name = wt->items[i - 1].title;
				break;
			}
		}
	}
	if (wt->filter != NULL)
		filter = wt->no_matches ? 2 : 1;
	window_tree_preview_frame(cells, p->sx, p->sy, h, name, NULL, filter,
	    st);
	if (p->sx - 4 == 0 || p->sy - h - 2 == 0 ||
	    window_customize_state(wt, &fs) != 0)
		return;
	memset(&cw, 0, sizeof cw);
	cw.cells = cells;
	cw.sx = p->sx;
	cw.cx = cw.x = 2;
	cw.cy = cw.y = h + 1;
	if (ti->type == TREE_KEY || ti->type == TREE_KEY_PART)
		window_customize_draw_key(&cw, p->sx - 4, p->sy - h - 2, ti);
	else if (ti->type == TREE_OPTION)
		window_customize_draw_option(&cw, p->sx - 4, p->sy - h - 2, ti, &fs);
}

/* Start customize-mode in p for its session, window and pane. */
struct window_tree *
window_customize_create(struct pane *p, const char *format,
    const char *filter)
{
	struct window_tree	*wt;
	struct cmd_find_state	 fs;

	wt = window_tree_new(WINDOW_TREE_CUSTOMIZE);
	cmd_find_from_pane(&fs, p);
	wt->cz_session = fs.s != NULL ? fs.s->id : 0;
	wt->cz_widx = fs.wl != NULL ? fs.wl->idx : -1;
	wt->cz_pane = wt->cz_mode_pane = p->id;
	window_tree_set_format(wt, format);
	window_tree_set_filter(wt, filter);
	return (wt);
}
