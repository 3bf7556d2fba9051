/*
 * Tree modes and the mouse (tmux 3.3a's mode_tree_key and
 * window_tree_mouse): clicks in the list select a line, a double click
 * chooses it, the third button opens the line's menu (or below the list
 * the scroll menu) whose items run as their keys; on a preview, < and >
 * move it and elsewhere the item is chosen.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/key-bindings.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"
#include "tmux-compat/window-copy.h"
#include "tmux-compat/window-tree-int.h"

/* The third button's menus: tmux's window_tree_menu_items and others. */
struct tree_menu_item {
	const char	*name;		/* "": a separator */
	const char	*key;		/* the key it is, as typed */
};
static const struct tree_menu_item tree_menu_tree[] = {
	{ "Select", "Enter" }, { "Expand", "Right" }, { "Mark", "m" },
	{ "", NULL },
	{ "Tag", "t" }, { "Tag All", "C-t" }, { "Tag None", "T" },
	{ "", NULL },
	{ "Kill", "x" }, { "Kill Tagged", "X" },
	{ "", NULL },
	{ "Cancel", "q" }, { NULL, NULL }
};
static const struct tree_menu_item tree_menu_buffer[] = {
	{ "Paste", "p" }, { "Paste Tagged", "P" },
	{ "", NULL },
	{ "Tag", "t" }, { "Tag All", "C-t" }, { "Tag None", "T" },
	{ "", NULL },
	{ "Delete", "d" }, { "Delete Tagged", "D" },
	{ "", NULL },
	{ "Cancel", "q" }, { NULL, NULL }
};
static const struct tree_menu_item tree_menu_client[] = {
	{ "Detach", "d" }, { "Detach Tagged", "D" },
	{ "", NULL },
	{ "Tag", "t" }, { "Tag All", "C-t" }, { "Tag None", "T" },
	{ "", NULL },
	{ "Cancel", "q" }, { NULL, NULL }
};
/* Outside the list (tmux's mode_tree_menu_items). */
static const struct tree_menu_item tree_menu_outside[] = {
	{ "Scroll Left", "<" }, { "Scroll Right", ">" },
	{ "", NULL },
	{ "Cancel", "q" }, { NULL, NULL }
};

struct tree_menu_arg {
	unsigned			 pane_id;
	unsigned			 serial;
	unsigned			 line;
	const struct tree_menu_item	*items;
};

/* An item of the third button's menu: its key, on the line it was for. */
static void
window_tree_mouse_menu_done(struct client *c, int choice, void *arg)
{
	struct tree_menu_arg	*ta = arg;
	struct pane		*p;
	struct window_tree	*wt;
	const char		*key;

	if (choice >= 0 && (key = ta->items[choice].key) != NULL &&
	    (p = window_pane_find_by_id(ta->pane_id)) != NULL &&
	    (wt = window_mode_tree(p)) != NULL && wt->serial == ta->serial) {
		window_tree_build(wt);
		if (ta->line < wt->nitems) {
			window_tree_select(wt, ta->line);
			tree_key_from_menu = 1;
			window_tree_keys_key(p, wt, c, key);
			tree_key_from_menu = 0;
		}
	}
	xfree(ta);
}

/*
 * The first button on a preview (tmux 3.3a's window_tree_mouse): on < or
 * >, those keys; elsewhere on a session's or window's preview, Enter.
 * (tmux selects the window or pane under the mouse, but its Enter then
 * runs the template for the item it had before: the session or window.)
 */
static void
window_tree_mouse_preview_click(struct pane *p, struct client *c, struct window_tree *wt,
    const struct tree_item *ti, unsigned x)
{
	struct window_tree_parts	*pp = &wt->parts;

	if (pp->left != -1 && x <= (unsigned)pp->left)
		window_tree_keys_key(p, wt, c, "<");
	else if (pp->right != -1 && x >= (unsigned)pp->right)
		window_tree_keys_key(p, wt, c, ">");
	else if (ti->type == TREE_SESSION || ti->type == TREE_WINDOW)
		window_tree_keys_key(p, wt, c, "Enter");
}

/*
 * tmux's mode_tree_display_menu: the line's menu (titled with its name),
 * or outside the list the scroll menu, centred on x.
 */
static void
window_tree_mouse_menu_open(struct pane *p, struct client *c, struct window_tree *wt,
    unsigned x, unsigned y, unsigned line, int outside)
{
	const struct tree_menu_item	*items;
	struct tree_menu_arg		*ta;
	struct tty_menu			*menu;
	char				*name = xstrdup(""), *text;
	unsigned			 i, w;
	int				 marked;

	if (outside)
		items = tree_menu_outside;
	else if (wt->kind == WINDOW_TREE_BUFFERS)
		items = tree_menu_buffer;
	else if (wt->kind == WINDOW_TREE_CLIENTS)
		items = tree_menu_client;
	else
		items = tree_menu_tree;
	if (!outside) {
		xfree(name);
		text = window_tree_text(&wt->items[line], NULL, &name, &marked);
		xfree(text);
	}
	menu = menu_new(name);
	xfree(name);
	for (i = 0; items[i].name != NULL; i++) {
		menu_add(menu, items[i].name, items[i].key != NULL ?
		    key_string_lookup_string(items[i].key) : -1, "");
	}
	ta = xmalloc(sizeof *ta);
	ta->pane_id = p->id;
	ta->serial = wt->serial;
	ta->line = line;
	ta->items = items;
	menu_set_callback(menu, window_tree_mouse_menu_done, ta, 0);
	w = menu_width(menu) + 4;
	x = x >= w / 2 ? x - w / 2 : 0;
	if (menu_show(c, menu, x, y, NULL, 1, NULL) != 0) {
		menu_free(menu);
		xfree(ta);
	}
}

/*
 * A click (tmux 3.3a's mode_tree_key): in the list the first or third
 * button selects the line, a double click chooses it, the third opens its
 * menu (below the list, the current line's); in the preview the third
 * opens the scroll menu; the wheel does nothing.
 */
void
window_tree_mouse(struct pane *p, struct client *c, const char *key,
    unsigned x, unsigned y)
{
	struct window_tree	*wt = window_mode_tree(p);
	unsigned		 line;
	int			 sel, third;

	if (wt == NULL)
		return;
	window_tree_build(wt);
	if ((sel = window_tree_selected(wt)) < 0)
		return;
	third = strcmp(key, "MouseDown3Pane") == 0;
	if (y > window_tree_list_height(wt, p->sy)) {
		if (third)
			window_tree_mouse_menu_open(p, c, wt, x, y, (unsigned)sel, 1);
		else if (strcmp(key, "MouseDown1Pane") == 0 && wt->preview)
			window_tree_mouse_preview_click(p, c, wt, &wt->items[sel], x);
		return;
	}
	if ((line = wt->offset + y) >= wt->nitems) {
		if (third)
			window_tree_mouse_menu_open(p, c, wt, x, y, (unsigned)sel, 0);
		return;
	}
	if (strcmp(key, "MouseDown1Pane") != 0 && !third &&
	    strcmp(key, "DoubleClick1Pane") != 0)
		return;
	window_tree_select(wt, line);
	if (strcmp(key, "DoubleClick1Pane") == 0)
		window_tree_keys_key(p, wt, c, "Enter");
	else if (third)
		window_tree_mouse_menu_open(p, c, wt, x, y, line, 0);
	tty_redraw_all();
}

