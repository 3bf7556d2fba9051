/*
 * display-menu: a menu drawn over an attached client's panes, as tmux
 * 3.3a's menu.c: a box of width + 4 by count + 2 cells, the title centred
 * in its top border, items " name   (key) ", separators, disabled items
 * (a name starting with '-') dim and not selectable. Keys: an item's key
 * chooses it, Up/k and Down/j move (wrapping, over what cannot be chosen),
 * Enter chooses, Escape/C-c/C-g/q close; a click on an item chooses it, a
 * click elsewhere closes (-O: pressing does, letting go does not). The
 * chosen item's command runs for the menu's target.
 */
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/key-bindings.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"

struct tty_menu_item {
	char		*name;		/* NULL: a separator; '-': disabled */
	char		*keytext;	/* "(k)" or NULL */
	long long	 key;		/* -1: none */
	char		*command;
};

struct tty_menu {
	char			*title;
	struct tty_menu_item	*items;
	unsigned		 count;
	unsigned		 width;
	unsigned		 px, py;
	int			 choice;	/* -1: none */
	int			 mouse;		/* opened by the mouse */
	int			 stayopen;	/* -O */
	struct cmd_find_state	 fs;

	/* Instead of commands: told the item chosen (-1: none) on closing. */
	void			(*cb)(struct client *, int, void *);
	void			*cb_arg;
	int			 cb_flags;	/* TTY_MENU_* */
	int			 chosen;
};

struct tty_menu *
menu_new(const char *title)
{
	struct tty_menu	*menu = xcalloc(1, sizeof *menu);

	menu->title = xstrdup(title);
	menu->choice = -1;
	menu->chosen = -1;
	return (menu);
}

/*
 * The menu's items are choices for cb rather than commands: cb is called
 * once as the menu closes, with the item chosen or -1. flags: TTY_MENU_TAB
 * (Tab moves down, and past the last item or BSpace closes: the prompt's
 * completion menu), TTY_MENU_NOMOUSE (the first button does nothing, any
 * other mouse event closes).
 */
void
menu_set_callback(struct tty_menu *menu,
    void (*cb)(struct client *, int, void *), void *arg, int flags)
{
	menu->cb = cb;
	menu->cb_arg = arg;
	menu->cb_flags = flags;
}

/*
 * An item (name NULL or empty: a separator, none first), name and command
 * already expanded. A name that expands to nothing is no item.
 */
void
menu_add(struct tty_menu *menu, const char *name, long long key,
    const char *command)
{
	struct tty_menu_item	*item;
	const char		*keyname;
	unsigned		 width;

	if (name == NULL || *name == '\0') {
		if (menu->count == 0)
			return;
		name = NULL;
	}
	menu->items = xreallocarray(menu->items, menu->count + 1,
	    sizeof *menu->items);
	item = &menu->items[menu->count++];
	memset(item, 0, sizeof *item);
	item->key = -1;
	if (name == NULL)
		return;
	item->name = xstrdup(name);
	item->command = xstrdup(command != NULL ? command : "");
	width = tty_draw_text_width(name);
	if (*name == '-')
		width--;
	else if (key >= 0 && (keyname = key_string_lookup_key(key)) != NULL) {
		item->key = key;
		xasprintf(&item->keytext, "(%s)", keyname);
		width += 1 + (unsigned)strlen(item->keytext);
	}
	if (width > menu->width)
		menu->width = width;
}

unsigned
menu_count(struct tty_menu *menu)
{
	return (menu->count);
}

unsigned
menu_width(struct tty_menu *menu)
{
	return (menu->width);
}

void
menu_free(struct tty_menu *menu)
{
	unsigned	i;

	if (menu == NULL)
		return;
	for (i = 0; i < menu->count; i++) {
		xfree(menu->items[i].name);
		xfree(menu->items[i].keytext);
		xfree(menu->items[i].command);
	}
	xfree(menu->items);
	xfree(menu->title);
	xfree(menu);
}

static int
menu_selectable(struct tty_menu *menu, int i)
{
	return (menu->items[i].name != NULL && *menu->items[i].name != '-');
}

/*
 * Show it on c at px,py (moved in if it does not fit): the first item
 * chosen unless the mouse opened it. 0, or -1 if the terminal is too small.
 */
/* -O: the menu stays open when the mouse is let go (tmux's STAYOPEN). */
void
menu_stay_open(struct tty_menu *menu)
{
	menu->stayopen = 1;
}

int
menu_show(struct client *c, struct tty_menu *menu, unsigned px,
    unsigned py, const struct cmd_find_state *fs, int mouse,
    struct client *waiter)
{
	struct tty_client	*tc = c->tty;
	unsigned		 w = menu->width + 4, h = menu->count + 2;
	int			 i;

	if (tc == NULL || tc->sx < w || tc->sy < h)
		return (-1);
	if (px > tc->sx - w)
		px = tc->sx - w;
	if (py > tc->sy - h)
		py = tc->sy - h;
	menu->px = px;
	menu->py = py;
	if (fs != NULL)
		menu->fs = *fs;
	menu->mouse = mouse;
	if (!mouse) {
		for (i = 0; i < (int)menu->count; i++) {
			if (menu_selectable(menu, i)) {
				menu->choice = i;
				break;
			}
		}
	}
	menu_close(c);	/* its waiter goes on first */
	tc->menu = menu;
	tty_wait_set(c, TTY_WAIT_MENU, waiter);
	tty_redraw_client(c);
	return (0);
}

/* Close c's menu; a command client waiting for it goes on. */
void
menu_close(struct client *c)
{
	struct tty_menu	*menu;
	struct client	*waiter;

	if (c->tty == NULL || (menu = c->tty->menu) == NULL)
		return;
	c->tty->menu = NULL;
	waiter = tty_wait_end(c, TTY_WAIT_MENU);
	if (menu->cb != NULL)
		menu->cb(c, menu->chosen, menu->cb_arg);
	menu_free(menu);
	tty_redraw_client(c);
	if (waiter != NULL)
		cmdq_continue(waiter);
}

/* Run the chosen item's command for the menu's target, then close. */
static void
menu_choose(struct client *c, struct tty_menu *menu)
{
	struct cmd_find_state	 fs = menu->fs;
	char			*command;

	if (menu->choice < 0) {
		menu_close(c);
		return;
	}
	if (!menu_selectable(menu, menu->choice)) {
		if (!menu->stayopen)
			menu_close(c);
		return;
	}
	if (menu->cb != NULL) {
		menu->chosen = menu->choice;
		menu_close(c);
		return;
	}
	command = xstrdup(menu->items[menu->choice].command);
	menu_close(c);
	status_prompt_run_command(c, command, &fs);
	xfree(command);
}

static void
menu_move(struct tty_menu *menu, int step)
{
	int	old = menu->choice < 0 ? 0 : menu->choice, n = menu->count;

	do {
		if (step < 0)
			menu->choice = menu->choice <= 0 ? n - 1 :
			    menu->choice - 1;
		else
			menu->choice = menu->choice < 0 ||
			    menu->choice == n - 1 ? 0 : menu->choice + 1;
	} while (!menu_selectable(menu, menu->choice) &&
	    menu->choice != old);
}

/*
 * g, PPage, C-b: five items up (or the first); G, NPage: five down (or the
 * last). As tmux 3.3a's menu_key_cb, what is skipped over afterwards is
 * decided by the last item's name (the variable its key loop left), not
 * the item landed on: in a menu ending in a separator or a disabled item
 * both run off the end, leaving no item chosen.
 */
static void
menu_page(struct tty_menu *menu, int down)
{
	int		 count = (int)menu->count;
	const char	*last = menu->items[count - 1].name;
	int		 skip = last == NULL || *last == '-';

	if (!down) {
		menu->choice = menu->choice > 5 ? menu->choice - 5 : 0;
		while (menu->choice != count && skip)
			menu->choice++;
		if (menu->choice == count)
			menu->choice = -1;
		return;
	}
	if (menu->choice > count - 6)
		menu->choice = count - 1;
	else
		menu->choice += 5;
	while (menu->choice != -1 && skip)
		menu->choice--;
}

/* A key while c's menu is up (name as tty_keys_next gives it). */
void
menu_key(struct client *c, const char *name)
{
	struct tty_menu	*menu = c->tty->menu;
	long long	 key = key_string_lookup_string(name);
	unsigned	 i;

	for (i = 0; i < menu->count; i++) {
		if (menu_selectable(menu, (int)i) && key >= 0 &&
		    menu->items[i].key == key) {
			menu->choice = (int)i;
			menu_choose(c, menu);
			return;
		}
	}
	if ((menu->cb_flags & TTY_MENU_TAB) && (strcmp(name, "BSpace") == 0 ||
	    (strcmp(name, "Tab") == 0 && menu->choice == (int)menu->count - 1))) {
		menu_close(c);
		return;
	}
	if (strcmp(name, "g") == 0 || strcmp(name, "PPage") == 0 ||
	    strcmp(name, "C-b") == 0 || strcmp(name, "G") == 0 ||
	    strcmp(name, "NPage") == 0) {
		menu_page(menu, name[0] == 'G' || name[0] == 'N');
		tty_redraw_client(c);
		return;
	}
	if (strcmp(name, "Up") == 0 || strcmp(name, "k") == 0)
		menu_move(menu, -1);
	else if ((menu->cb_flags & TTY_MENU_TAB) && strcmp(name, "Tab") == 0)
		menu_move(menu, 1);
	else if (strcmp(name, "Down") == 0 || strcmp(name, "j") == 0)
		menu_move(menu, 1);
	else if (strcmp(name, "Enter") == 0 || strcmp(name, "C-m") == 0) {
		menu_choose(c, menu);
		return;
	} else if (strcmp(name, "Escape") == 0 || strcmp(name, "C-c") == 0 ||
	    strcmp(name, "C-g") == 0 || strcmp(name, "q") == 0) {
		menu_close(c);
		return;
	}
	tty_redraw_client(c);
}

/*
 * The mouse at x,y of the client while the menu is up: a button released
 * on an item chooses it, anywhere else closes; movement over items
 * follows them.
 */
void
menu_mouse(struct client *c, unsigned button, unsigned x, unsigned y,
    int release, int motion)
{
	struct tty_menu	*menu = c->tty->menu;
	int		 inside;

	if (menu->cb_flags & TTY_MENU_NOMOUSE) {
		if (button != 0 || release)
			menu_close(c);
		return;
	}
	/*
	 * Opened by a key: pressing the first button does nothing, anything
	 * else (other buttons, letting go: tmux sees button 3) closes it.
	 */
	if (!menu->mouse) {
		if (button != 0 || release)
			menu_close(c);
		return;
	}

	inside = x >= menu->px && x <= menu->px + 4 + menu->width &&
	    y >= menu->py + 1 && y <= menu->py + menu->count;
	/* -O: a press closes or chooses, letting go does not (tmux). */
	if (!inside) {
		if (menu->stayopen ? (!release && !motion) : release) {
			menu_close(c);
			return;
		}
		if (menu->choice != -1) {
			menu->choice = -1;
			tty_redraw_client(c);
		}
		return;
	}
	/*
	 * Chosen is the item chosen so far (as tmux: a release, or with -O a
	 * press, takes the item the mouse moved onto before, or nothing).
	 */
	if (menu->stayopen ? !motion : release) {
		menu_choose(c, menu);
		return;
	}
	menu->choice = (int)(y - menu->py - 1);
	tty_redraw_client(c);
}

/* Draw the menu over frame (sx by sy cells). */
void
menu_draw(struct tty_client *tc, struct vt_rcell *frame,
    const struct tty_style *choice_style, int utf8)
{
	struct tty_menu		*menu = tc->menu;
	struct tty_style	 dflt = { 0, 8, 8 }, st;
	struct vt_rcell		*row;
	unsigned		 w = menu->width + 4, h = menu->count + 2;
	unsigned		 x, y, i, tx, tw;
	const char		*name;

	for (y = 0; y < h && menu->py + y < tc->sy; y++) {
		row = frame + (menu->py + y) * tc->sx + menu->px;
		for (x = 0; x < w && menu->px + x < tc->sx; x++) {
			int	l = 0, r = 0, u = 0, d = 0, edge;

			tty_draw_blank(&row[x], &dflt);
			edge = y == 0 || y == h - 1 || x == 0 || x == w - 1 ||
			    (y > 0 && y < h - 1 &&
			    menu->items[y - 1].name == NULL);
			if (!edge)
				continue;
			if (y == 0 || y == h - 1 ||
			    menu->items[y - 1].name == NULL) {
				l = x != 0;
				r = x != w - 1;
			}
			if (x == 0 || x == w - 1) {
				u = y != 0;
				d = y != h - 1;
			}
			tty_draw_border(&row[x], l, r, u, d, utf8);
		}
	}
	/* The title, centred in the top border. */
	if (*menu->title != '\0') {
		tw = tty_draw_text_width(menu->title);
		tx = w - 4 > tw ? (w - 4 - tw) / 2 : 0;
		x = menu->px + 2 + tx;
		tty_draw_text_limit(frame + menu->py * tc->sx, tc->sx, &x,
		    menu->px + w - 2, menu->title);
	}
	for (i = 0; i < menu->count; i++) {
		if ((name = menu->items[i].name) == NULL)
			continue;
		y = menu->py + 1 + i;
		row = frame + y * tc->sx;
		st = (int)i == menu->choice && *name != '-' ? *choice_style :
		    dflt;
		for (x = menu->px + 2; x < menu->px + 2 + menu->width; x++)
			tty_draw_blank(&row[x], &st);
		if (*name == '-') {
			st.attr |= VT_ATTR_DIM;
			name++;
		}
		x = menu->px + 2;
		tty_draw_text_style(row, tc->sx, &x, menu->px + 2 +
		    menu->width, name, &st);
		if (menu->items[i].keytext != NULL) {
			x = menu->px + 2 + menu->width -
			    (unsigned)strlen(menu->items[i].keytext);
			tty_draw_text_style(row, tc->sx, &x, menu->px + 2 +
			    menu->width, menu->items[i].keytext, &st);
		}
	}
}
