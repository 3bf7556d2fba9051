/*
 * Tree mode's keys (choose-tree, choose-buffer, choose-client), as tmux
 * 3.3a's mode_tree_key and each mode's own: moving, expanding, sorting,
 * tagging (t, T, C-t), searching (C-s, / and ?, then n), filtering (f),
 * and what acts on the current or the tagged items: x and X kill, : runs
 * a command for each; in buffer mode d and D delete, p and P paste; in
 * client mode d, D, x, X detach and z, Z suspend. The prompts answer
 * through callbacks that find the tree again by pane and serial number
 * (the pane or its mode may be gone by then). The mouse and the menus:
 * window-tree-mouse.c.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/format.h"
#include "tmux-compat/key-bindings.h"
#include "tmux-compat/options.h"
#include "tmux-compat/paste.h"
#include "tmux-compat/prompt-history.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"
#include "tmux-compat/window-copy.h"
#include "tmux-compat/window-tree-int.h"

/* A key from the menu is as tmux's (no mouse event: t stays put). */
int	tree_key_from_menu;

/* The tree a prompt was for, if it is still up. */
struct window_tree *
window_tree_keys_of_prompt(void *arg, struct pane **pp)
{
	struct tree_prompt_arg	*ta = arg;
	struct window_tree	*wt;

	if ((*pp = window_pane_find_by_id(ta->pane_id)) == NULL ||
	    (wt = window_mode_tree(*pp)) == NULL || wt->serial != ta->serial)
		return (NULL);
	return (wt);
}

/* A prompt for the tree; arg starts with a tree_prompt_arg (filled in). */
void
window_tree_keys_prompt_with(struct client *c, struct pane *p, struct window_tree *wt,
    const char *prompt, const char *input, int flags, int type,
    tty_prompt_cb cb, void *arg)
{
	struct tree_prompt_arg	*ta = arg;

	ta->pane_id = p->id;
	ta->serial = wt->serial;
	status_prompt_start_cb(c, prompt, input, flags, type, cb, arg);
}

static void
window_tree_keys_prompt(struct client *c, struct pane *p, struct window_tree *wt,
    const char *prompt, const char *input, int flags, int type,
    tty_prompt_cb cb)
{
	window_tree_keys_prompt_with(c, p, wt, prompt, input, flags, type, cb,
	    xmalloc(sizeof (struct tree_prompt_arg)));
}

/* --- tags ----------------------------------------------------------------- */

/* Is a an ancestor of b (b's key goes on after a's with : or .)? */
static int
window_tree_keys_key_above(const char *a, const char *b)
{
	size_t	n = strlen(a);

	return (strncmp(a, b, n) == 0 &&
	    (b[n] == ':' || b[n] == '.' || b[n] == '['));
}

/*
 * t: a parent and its children are never both tagged, so tagging an
 * item untags those above and below it.
 */
static void
window_tree_keys_toggle_tag(struct window_tree *wt, const struct tree_item *ti)
{
	char		*key;
	unsigned	 i;

	if (ti->no_tag)
		return;
	key = window_tree_key(ti);
	if (ti->tagged) {
		window_tree_keys_set(&wt->tagged, key, 0);
		xfree(key);
		return;
	}
	for (i = 0; i < wt->tagged.n; /* nothing */) {
		if ((ti->type <= TREE_PANE || ti->type == TREE_OPTION) &&
		    (window_tree_keys_key_above(wt->tagged.keys[i], key) ||
		    window_tree_keys_key_above(key, wt->tagged.keys[i])))
			window_tree_keys_set(&wt->tagged, wt->tagged.keys[i], 0);
		else
			i++;
	}
	window_tree_keys_set(&wt->tagged, key, 1);
	xfree(key);
}

/*
 * T untags every line shown; C-t tags the top ones (or, under a top one
 * that cannot be tagged, its children: customize-mode's) and untags the
 * rest.
 */
static void
window_tree_keys_tag_all(struct window_tree *wt, int top)
{
	struct tree_item	*ti;
	char			*key;
	unsigned		 i;
	int			 on, parent_no_tag = 0;

	for (i = 0; i < wt->nitems; i++) {
		ti = &wt->items[i];
		if (ti->depth == 0)
			parent_no_tag = ti->no_tag;
		on = (ti->depth == 0 && !ti->no_tag) ||
		    (ti->depth == 1 && parent_no_tag);
		key = window_tree_key(ti);
		window_tree_keys_set(&wt->tagged, key, top && on);
		xfree(key);
	}
}

static unsigned
window_tree_keys_count_tagged(struct window_tree *wt)
{
	unsigned	i, n = 0;

	for (i = 0; i < wt->nitems; i++)
		n += wt->items[i].tagged;
	return (n);
}

/*
 * Copies of the tagged lines, or of the current one if none is tagged and
 * current is set: commands run for them may change the list.
 */
struct tree_item *
window_tree_keys_collect(struct window_tree *wt, int current, unsigned *n)
{
	struct tree_item	*out = NULL;
	unsigned		 i;
	int			 sel;

	*n = 0;
	for (i = 0; i < wt->nitems; i++) {
		if (!wt->items[i].tagged)
			continue;
		out = xreallocarray(out, *n + 1, sizeof *out);
		window_tree_item_copy(&out[(*n)++], &wt->items[i]);
	}
	if (*n == 0 && current && (sel = window_tree_selected(wt)) >= 0) {
		out = xmalloc(sizeof *out);
		window_tree_item_copy(out, &wt->items[sel]);
		*n = 1;
	}
	return (out);
}

void
window_tree_keys_collect_free(struct tree_item *items, unsigned n)
{
	while (n != 0)
		window_tree_item_free(&items[--n]);
	xfree(items);
}

/* --- x, X and : ----------------------------------------------------------- */

/* The command that kills a session, window or pane of the tree. */
static char *
window_tree_keys_kill_command(const struct tree_item *ti)
{
	struct session	*s = session_find_by_id(ti->session_id);
	struct winlink	*wl;
	char		*command = NULL;

	if (s == NULL)
		return (NULL);
	if (ti->type == TREE_SESSION)
		xasprintf(&command, "kill-session -t '$%u'", s->id);
	else if (ti->type == TREE_WINDOW &&
	    (wl = winlink_find_by_index(s, ti->widx)) != NULL)
		xasprintf(&command, "kill-window -t '@%u'", wl->window->id);
	else if (ti->type == TREE_PANE && window_pane_find_by_id(ti->pane_id) != NULL)
		xasprintf(&command, "kill-pane -t '%%%u'", ti->pane_id);
	return (command);
}

/* After commands ran for it: the tree again, if it is still up. */
static void
window_tree_keys_after(void *arg)
{
	struct pane		*p;
	struct window_tree	*wt;

	if ((wt = window_tree_keys_of_prompt(arg, &p)) != NULL)
		window_tree_build(wt);
	tty_redraw_all();
}

/* x's and X's answer: y (either case) kills, anything else does not. */
static void
window_tree_keys_kill_answer(struct client *c, const char *answer, void *arg, int tagged)
{
	struct pane		*p;
	struct window_tree	*wt;
	struct tree_item	*items;
	char			*command;
	unsigned		 i, n;

	if (answer == NULL || tolower((unsigned char)answer[0]) != 'y' ||
	    answer[1] != '\0' || (wt = window_tree_keys_of_prompt(arg, &p)) == NULL)
		return;
	window_tree_build(wt);
	items = window_tree_keys_collect(wt, !tagged, &n);
	for (i = 0; i < n; i++) {
		if ((command = window_tree_keys_kill_command(&items[i])) == NULL)
			continue;
		status_prompt_run_command(c, command, NULL);
		xfree(command);
	}
	window_tree_keys_collect_free(items, n);
	/* tmux 3.3a is then on the first line (seen, not explained). */
	if ((wt = window_tree_keys_of_prompt(arg, &p)) != NULL) {
		xfree(wt->current);
		wt->current = NULL;
		wt->current_at = 0;
	}
	window_tree_keys_after(arg);
}

static void
window_tree_keys_kill_current_cb(struct client *c, const char *answer, void *arg)
{
	window_tree_keys_kill_answer(c, answer, arg, 0);
}

static void
window_tree_keys_kill_tagged_cb(struct client *c, const char *answer, void *arg)
{
	window_tree_keys_kill_answer(c, answer, arg, 1);
}

static void
window_tree_keys_kill_prompt(struct pane *p, struct client *c, struct window_tree *wt,
    const struct tree_item *ti)
{
	struct session	*s = session_find_by_id(ti->session_id);
	struct pane	*wp;
	char		*prompt;

	if (s == NULL)
		return;
	if (ti->type == TREE_SESSION)
		xasprintf(&prompt, "Kill session %s? ", s->name);
	else if (ti->type == TREE_WINDOW)
		xasprintf(&prompt, "Kill window %d? ", ti->widx);
	else if ((wp = window_pane_find_by_id(ti->pane_id)) != NULL &&
	    wp->window != NULL) {
		xasprintf(&prompt, "Kill pane %lld? ", (long long)window_pane_index(wp) +
		    options_window_number(wp->window, "pane-base-index"));
	} else
		return;
	window_tree_keys_prompt(c, p, wt, prompt, "", TTY_PROMPT_SINGLE,
	    PROMPT_TYPE_COMMAND, window_tree_keys_kill_current_cb);
	xfree(prompt);
}

/* The current state for an item's commands (: runs them there). */
static int
window_tree_keys_item_state(const struct tree_item *ti, struct cmd_find_state *fs)
{
	struct session	*s = session_find_by_id(ti->session_id);
	struct winlink	*wl;
	struct pane	*wp;

	if (s == NULL)
		return (-1);
	if (ti->type == TREE_SESSION) {
		cmd_find_from_session(fs, s);
		return (0);
	}
	if ((wl = winlink_find_by_index(s, ti->widx)) == NULL)
		return (-1);
	if (ti->type == TREE_WINDOW)
		cmd_find_from_winlink(fs, wl);
	else if ((wp = window_pane_find_by_id(ti->pane_id)) != NULL)
		cmd_find_from_pane(fs, wp);
	else
		return (-1);
	return (0);
}

/* :'s answer: the command for each tagged item (or the current one). */
static void
window_tree_keys_command_cb(struct client *c, const char *answer, void *arg)
{
	struct pane		*p;
	struct window_tree	*wt;
	struct tree_item	*items;
	struct cmd_find_state	 fs;
	char			*target;
	unsigned		 i, n;

	if (answer == NULL || *answer == '\0' ||
	    (wt = window_tree_keys_of_prompt(arg, &p)) == NULL)
		return;
	window_tree_build(wt);
	items = window_tree_keys_collect(wt, 1, &n);
	for (i = 0; i < n; i++) {
		if ((target = window_tree_target(&items[i])) == NULL)
			continue;
		if (items[i].type <= TREE_PANE &&
		    window_tree_keys_item_state(&items[i], &fs) == 0)
			status_prompt_run_template(c, answer, target, &fs);
		else
			status_prompt_run_template(c, answer, target, NULL);
		xfree(target);
	}
	window_tree_keys_collect_free(items, n);
	window_tree_keys_after(arg);
}

/* --- search and filter ---------------------------------------------------- */

/* tmux's search callbacks: names, a pane's command, a buffer's data. */
static int
window_tree_keys_item_matches(const struct tree_item *ti, const char *text)
{
	struct session		*s = session_find_by_id(ti->session_id);
	struct winlink		*wl;
	struct pane		*wp;
	struct paste_buffer	*pb;
	struct cmd_find_state	 fs;
	char			*command;
	int			 match;

	switch (ti->type) {
	case TREE_GROUP:
	case TREE_OPTION:
	case TREE_KEY:
	case TREE_KEY_PART:
		/* customize-mode has no callback: the name drawn. */
		return (strstr(ti->title, text) != NULL);
	case TREE_BUFFER:
		if (strstr(ti->name, text) != NULL)
			return (1);
		pb = paste_get_name(ti->name);
		return (pb != NULL && memmem(pb->data, pb->size, text,
		    strlen(text)) != NULL);
	case TREE_CLIENT:
		return (strstr(ti->name, text) != NULL);
	case TREE_SESSION:
		return (s != NULL && strstr(s->name, text) != NULL);
	case TREE_WINDOW:
		if (s == NULL || (wl = winlink_find_by_index(s, ti->widx)) ==
		    NULL)
			return (0);
		command = format_vars_window_name_now(wl->window);
		match = strstr(command, text) != NULL;
		xfree(command);
		return (match);
	}
	if ((wp = window_pane_find_by_id(ti->pane_id)) == NULL)
		return (0);
	cmd_find_from_pane(&fs, wp);
	command = format_vars_for(NULL, &fs, "#{pane_current_command}", 0);
	match = *command != '\0' && strstr(command, text) != NULL;
	xfree(command);
	return (match);
}

/*
 * n: the next item after the current one that matches, collapsed ones
 * included (their parents are then expanded), wrapping round.
 */
static void
window_tree_keys_search_next(struct pane *p, struct window_tree *wt)
{
	char			*key;
	unsigned		 i, at = 0, n, depth;
	int			 found = -1;

	if (wt->search == NULL)
		return;
	wt->build_all = 1;
	window_tree_build(wt);
	wt->build_all = 0;
	for (i = 0; i < wt->nitems; i++) {
		key = window_tree_key(&wt->items[i]);
		if (wt->current != NULL && strcmp(key, wt->current) == 0)
			at = i;
		xfree(key);
	}
	for (n = 1; n < wt->nitems && found == -1; n++) {
		i = (at + n) % wt->nitems;
		if (window_tree_keys_item_matches(&wt->items[i], wt->search))
			found = (int)i;
	}
	if (found != -1) {
		/* Its ancestors are the nearest shallower items above it. */
		depth = wt->items[found].depth;
		for (i = found; i > 0 && depth > 0; i--) {
			if (wt->items[i - 1].depth < depth) {
				depth = wt->items[i - 1].depth;
				window_tree_set_expanded(wt, &wt->items[i - 1], 1);
			}
		}
		window_tree_select(wt, (unsigned)found);
	}
	window_tree_rebuilt(p, wt);
}

static void
window_tree_keys_search_cb(struct client *c, const char *answer, void *arg)
{
	struct pane		*p;
	struct window_tree	*wt;

	if ((wt = window_tree_keys_of_prompt(arg, &p)) == NULL)
		return;
	xfree(wt->search);
	wt->search = NULL;
	if (answer == NULL || *answer == '\0')
		return;
	wt->search = xstrdup(answer);
	window_tree_keys_search_next(p, wt);
}

/* f's answer; Escape or nothing clears the filter (tmux). */
static void
window_tree_keys_filter_cb(struct client *c, const char *answer, void *arg)
{
	struct pane		*p;
	struct window_tree	*wt;

	if ((wt = window_tree_keys_of_prompt(arg, &p)) == NULL)
		return;
	xfree(wt->filter);
	wt->filter = answer != NULL && *answer != '\0' ? xstrdup(answer) :
	    NULL;
	window_tree_build(wt);
	tty_redraw_all();
}

/* --- buffer and client modes ----------------------------------------------- */

/* d D p P (buffers), d D x X z Z (clients); 1 if the key was one. */
static int
window_tree_keys_list_key(struct pane *p, struct client *c, struct window_tree *wt,
    const struct tree_item *ti, const char *name)
{
	struct tree_item	*items;
	unsigned		 i, n;
	int			 all, paste;
	char			 act, *template;

	if (name[0] == '\0' || name[1] != '\0' ||
	    strchr(wt->kind == WINDOW_TREE_BUFFERS ? "dDpP" : "dDxXzZ",
	    name[0]) == NULL)
		return (0);
	all = isupper((unsigned char)name[0]);
	act = (char)tolower((unsigned char)name[0]);
	paste = act == 'p';
	if (paste && !all) {
		/* p is Enter's paste-buffer (tmux: p and Enter alike). */
		window_tree_choose(p, c, wt, (unsigned)window_tree_selected(wt));
		return (1);
	}
	if (all)
		items = window_tree_keys_collect(wt, 0, &n);
	else {
		items = xmalloc(sizeof *items);
		window_tree_item_copy(&items[0], ti);
		n = 1;
	}
	if (paste) {
		/* Each pasted as Enter would (the commands may end the mode). */
		template = xstrdup(wt->template);
		window_copy_exit(p);
		for (i = 0; i < n; i++)
			status_prompt_run_template(c, template, items[i].name, NULL);
		xfree(template);
		window_tree_keys_collect_free(items, n);
		return (1);
	}
	for (i = 0; i < n; i++)
		window_tree_list_act(&items[i], act);
	window_tree_keys_collect_free(items, n);
	window_tree_build(wt);
	if (wt->nitems == 0)
		window_copy_exit(p);
	else
		tty_redraw_all();
	return (1);
}

/* --- the keys ------------------------------------------------------------- */

/* H: back to the pane choose-tree was started from (its window). */
static void
window_tree_keys_home(struct pane *p, struct window_tree *wt)
{
	struct tree_item	 ti;
	unsigned		 i;

	memset(&ti, 0, sizeof ti);
	ti.type = TREE_SESSION;
	ti.session_id = wt->home_session;
	window_tree_set_expanded(wt, &ti, 1);
	ti.type = TREE_WINDOW;
	ti.widx = wt->home_widx;
	window_tree_set_expanded(wt, &ti, 1);
	window_tree_build(wt);
	for (i = 0; i < wt->nitems; i++) {
		if (wt->items[i].type == TREE_PANE &&
		    wt->items[i].pane_id == p->id &&
		    wt->items[i].session_id == wt->home_session)
			break;
	}
	if (i == wt->nitems) {
		for (i = 0; i < wt->nitems; i++) {
			if (wt->items[i].type == TREE_WINDOW &&
			    wt->items[i].session_id == wt->home_session &&
			    wt->items[i].widx == wt->home_widx)
				break;
		}
	}
	if (i != wt->nitems)
		window_tree_select(wt, i);
}

/* m marks the item's pane (a session's or window's active one). */
static void
window_tree_keys_mark(const struct tree_item *ti)
{
	struct cmd_find_state	fs;

	if (ti->type > TREE_PANE || window_tree_keys_item_state(ti, &fs) != 0)
		return;
	server_marked_set(fs.s, fs.wl, fs.wp);
}

/*
 * tmux's flat lines: a level where no item has children (panes, buffers,
 * clients, the windows of a session none of whose windows is split).
 */
static int
window_tree_keys_flat(const struct tree_item *ti)
{
	if (ti->type >= TREE_GROUP)
		return (!ti->pad);
	if (ti->type == TREE_SESSION)
		return (0);
	if (ti->type == TREE_WINDOW)
		return (!ti->pad && !ti->children);
	return (1);
}

/*
 * Moving, expanding and collapsing (mode_tree_key's own keys). Returns 1
 * if the tree was expanded or collapsed: tmux then builds it again, which
 * places the list afresh (window_tree_rebuilt).
 */
static int
window_tree_keys_move_key(struct pane *p, struct window_tree *wt,
    const struct tree_item *ti, unsigned sel, const char *name)
{
	unsigned	i, n, at;

	if (strcmp(name, "Up") == 0 || strcmp(name, "k") == 0 ||
	    strcmp(name, "C-p") == 0)
		window_tree_select(wt, sel == 0 ? wt->nitems - 1 : sel - 1);
	else if (strcmp(name, "Down") == 0 || strcmp(name, "j") == 0 ||
	    strcmp(name, "C-n") == 0)
		window_tree_select(wt, sel + 1 >= wt->nitems ? 0 : sel + 1);
	else if (strcmp(name, "Home") == 0 || strcmp(name, "g") == 0)
		window_tree_select(wt, 0);
	else if (strcmp(name, "End") == 0 || strcmp(name, "G") == 0)
		window_tree_select(wt, wt->nitems - 1);
	else if (strcmp(name, "PPage") == 0 || strcmp(name, "C-b") == 0) {
		/* A page is the list's height (tmux's mtd->height). */
		n = window_tree_list_height(wt, p->sy);
		window_tree_select(wt, sel > n ? sel - n : 0);
	} else if (strcmp(name, "NPage") == 0 || strcmp(name, "C-f") == 0) {
		n = window_tree_list_height(wt, p->sy);
		window_tree_select(wt, sel + n < wt->nitems ? sel + n :
		    wt->nitems - 1);
	} else if (strcmp(name, "Right") == 0 || strcmp(name, "l") == 0 ||
	    strcmp(name, "+") == 0) {
		/* An expanded item (or a flat line) goes down to the next. */
		if (window_tree_keys_flat(ti) || ti->expanded) {
			if (sel + 1 < wt->nitems)
				window_tree_select(wt, sel + 1);
		} else {
			window_tree_set_expanded(wt, ti, 1);
			return (1);
		}
	} else if (strcmp(name, "Left") == 0 || strcmp(name, "h") == 0 ||
	    strcmp(name, "-") == 0) {
		/* Collapse the item, or (if it is not expanded) its parent. */
		at = sel;
		if (window_tree_keys_flat(ti) || !ti->expanded) {
			for (at = sel; at > 0; at--) {
				if (wt->items[at - 1].depth < ti->depth)
					break;
			}
			if (at == 0 || ti->depth == 0) {
				if (sel > 0)
					window_tree_select(wt, sel - 1);
				return (0);
			}
			at--;
		}
		window_tree_set_expanded(wt, &wt->items[at], 0);
		window_tree_select(wt, at);
		return (1);
	} else if (strcmp(name, "M-+") == 0 || strcmp(name, "M--") == 0) {
		/* Every top item expanded or collapsed. */
		for (i = 0; i < wt->nitems; i++) {
			if (wt->items[i].depth == 0 && wt->items[i].children)
				window_tree_set_expanded(wt, &wt->items[i],
				    name[2] == '+');
		}
		/* An item M-- hid leaves tmux 3.3a on the first line. */
		if (name[2] == '-' && ti->depth > 0)
			window_tree_select(wt, 0);
		return (1);
	}
	return (0);
}

/* 0-9 and M-a to M-z: the line they are the shortcut of. */
static int
window_tree_keys_shortcut(const char *name, unsigned *n)
{
	if (name[0] >= '0' && name[0] <= '9' && name[1] == '\0') {
		*n = (unsigned)(name[0] - '0');
		return (1);
	}
	if (strncmp(name, "M-", 2) == 0 && name[2] >= 'a' && name[2] <= 'z' &&
	    name[3] == '\0') {
		*n = 10 + (unsigned)(name[2] - 'a');
		return (1);
	}
	return (0);
}

/* What a key does in tree mode. */
static void
window_tree_keys_key_act(struct pane *p, struct window_tree *wt, struct client *c,
    const char *name)
{
	struct tree_item	*ti;
	char			*prompt;
	unsigned		 n;
	int			 sel;

	window_tree_build(wt);
	if ((sel = window_tree_selected(wt)) < 0) {
		window_copy_exit(p);
		return;
	}
	ti = &wt->items[sel];
	if (strcmp(name, "q") == 0 || strcmp(name, "Escape") == 0 ||
	    strcmp(name, "C-c") == 0 || strcmp(name, "C-g") == 0) {
		window_copy_exit(p);
		return;
	}
	if (window_tree_keys_shortcut(name, &n)) {
		/* An item's shortcut selects it and is Enter (tmux). */
		if (n >= wt->nitems)
			return;
		if (wt->kind != WINDOW_TREE_CUSTOMIZE) {
			window_tree_choose(p, c, wt, n);
			return;
		}
		window_tree_select(wt, n);
		ti = &wt->items[n];
		name = "Enter";
	}
	if (wt->kind == WINDOW_TREE_CUSTOMIZE &&
	    window_customize_keys_key(p, c, wt, ti, name)) {
		/* tmux builds the tree again after these (not d, D, u, U). */
		if (strcmp(name, "Enter") == 0 || strcmp(name, "C-m") == 0 ||
		    (name[0] != '\0' && name[1] == '\0' &&
		    strchr("sSwWH", name[0]) != NULL))
			window_tree_rebuilt(p, wt);
		else
			tty_redraw_all();
		return;
	}
	if (strcmp(name, "Enter") == 0 || strcmp(name, "C-m") == 0) {
		if (wt->kind != WINDOW_TREE_CUSTOMIZE)
			window_tree_choose(p, c, wt, (unsigned)sel);
		return;
	}
	if (wt->kind != WINDOW_TREE_SESSIONS &&
	    window_tree_keys_list_key(p, c, wt, ti, name))
		return;
	if (strcmp(name, "v") == 0) {
		wt->preview = !wt->preview;
		window_tree_rebuilt(p, wt);
		return;
	}
	if (strcmp(name, "O") == 0 || strcmp(name, "r") == 0) {
		if (*name == 'O')
			window_tree_sort_next(wt);
		else
			wt->sort_reversed = !wt->sort_reversed;
		window_tree_rebuilt(p, wt);
		return;
	}
	if (strcmp(name, "t") == 0) {
		window_tree_keys_toggle_tag(wt, ti);
		/*
		 * Then down, but not round to the top (mode_tree_down 0); an
		 * item that cannot be tagged stays (customize-mode's groups).
		 */
		if ((unsigned)sel + 1 < wt->nitems && !tree_key_from_menu &&
		    !ti->no_tag)
			window_tree_select(wt, (unsigned)sel + 1);
	} else if (strcmp(name, "T") == 0 || strcmp(name, "C-t") == 0)
		window_tree_keys_tag_all(wt, name[0] == 'C');
	else if (strcmp(name, "C-s") == 0 || strcmp(name, "/") == 0 ||
	    strcmp(name, "?") == 0) {
		window_tree_keys_prompt(c, p, wt, "(search) ", "", 0, PROMPT_TYPE_SEARCH,
		    window_tree_keys_search_cb);
	} else if (strcmp(name, "n") == 0) {
		window_tree_keys_search_next(p, wt);
		return;
	} else if (strcmp(name, "f") == 0) {
		window_tree_keys_prompt(c, p, wt, "(filter) ", wt->filter, 0,
		    PROMPT_TYPE_SEARCH, window_tree_keys_filter_cb);
	} else if (wt->kind == WINDOW_TREE_SESSIONS && strcmp(name, "x") == 0)
		window_tree_keys_kill_prompt(p, c, wt, ti);
	else if (wt->kind == WINDOW_TREE_SESSIONS && strcmp(name, "X") == 0) {
		if ((n = window_tree_keys_count_tagged(wt)) != 0) {
			xasprintf(&prompt, "Kill %u tagged? ", n);
			window_tree_keys_prompt(c, p, wt, prompt, "", TTY_PROMPT_SINGLE,
			    PROMPT_TYPE_COMMAND, window_tree_keys_kill_tagged_cb);
			xfree(prompt);
		}
	} else if (wt->kind == WINDOW_TREE_SESSIONS && strcmp(name, ":") == 0) {
		if ((n = window_tree_keys_count_tagged(wt)) != 0)
			xasprintf(&prompt, "(%u tagged) ", n);
		else
			prompt = xstrdup("(current) ");
		window_tree_keys_prompt(c, p, wt, prompt, "", 0, PROMPT_TYPE_COMMAND,
		    window_tree_keys_command_cb);
		xfree(prompt);
	} else if (wt->kind == WINDOW_TREE_SESSIONS && strcmp(name, "H") == 0)
		window_tree_keys_home(p, wt);
	else if (wt->kind == WINDOW_TREE_SESSIONS && strcmp(name, "m") == 0)
		window_tree_keys_mark(ti);
	else if (wt->kind == WINDOW_TREE_SESSIONS && strcmp(name, "M") == 0)
		server_marked_clear();
	else if (window_tree_keys_move_key(p, wt, ti, (unsigned)sel, name)) {
		window_tree_rebuilt(p, wt);
		return;
	}
	tty_redraw_all();
}

/* A key for a pane in tree mode. */
void
window_tree_keys_key(struct pane *p, struct window_tree *wt, struct client *c,
    const char *name)
{
	unsigned	 id = p->id, serial = wt->serial;
	char		*old;

	if (strcmp(name, "<") == 0 || strcmp(name, ">") == 0) {
		wt->parts.shift += name[0] == '<' ? -1 : 1;
		tty_redraw_all();
		return;
	}
	old = xstrdup(wt->current != NULL ? wt->current : "");
	window_tree_keys_key_act(p, wt, c, name);
	/* Another item: its preview starts where it would (tmux). */
	if ((p = window_pane_find_by_id(id)) != NULL &&
	    (wt = window_mode_tree(p)) != NULL && wt->serial == serial &&
	    (wt->current == NULL || strcmp(old, wt->current) != 0))
		wt->parts.shift = 0;
	xfree(old);
}
