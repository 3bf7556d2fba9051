/*
 * display-menu: a menu of name, key, command triples over the target
 * client's panes (menu.c); "" is a separator, a name starting with '-' is
 * shown but cannot be chosen. -x and -y place its bottom-left corner as
 * tmux 3.3a's cmd_display_menu_get_position: C centre, R pane right, P
 * pane left / bottom, M mouse, W the window in the status line, S the
 * status line, or a number. A command client waits for the menu to
 * close, as tmux's.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/key-bindings.h"
#include "tmux-compat/options.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"

/* The named positions (tmux's popup_* format variables). */
struct menu_places {
	long	centre_x, centre_y;
	long	pane_left, pane_right, pane_bottom;
	long	mouse_centre_x, mouse_top;
	long	window_x, window_y;
	long	status_y;
	int	mouse, window;
};

static void
cmd_display_menu_places(struct cmdq_item *item, struct client *c,
    unsigned w, unsigned h, struct menu_places *mp)
{
	struct tty_client	*tc = c->tty;
	struct session		*s = tty_session(c);
	struct pane		*p = item->target.wp;
	unsigned		 lines = tty_draw_status_lines(tc), top = 0;
	unsigned		 mx, my, wx;
	long			 n;
	int			 at_top;

	memset(mp, 0, sizeof *mp);
	at_top = lines != 0 &&
	    options_session_number(s, "status-position") == 0;
	if (at_top)
		top = lines;
	if (lines != 0) {
		mp->status_y = at_top ? lines + h : tc->sy - lines;
		if (item->target.wl != NULL &&
		    tty_status_window_x(c, item->target.wl->idx, &wx) == 0) {
			mp->window = 1;
			mp->window_x = wx;
			mp->window_y = at_top ? 1 + h : tc->sy - lines;
		}
	}
	n = (long)(tc->sx - 1) / 2 - w / 2;
	mp->centre_x = n < 0 ? 0 : n;
	n = (long)(tc->sy - 1) / 2 + h / 2;
	mp->centre_y = n >= tc->sy ? tc->sy - h : n;
	if (tty_mouse_binding_xy(c, &mx, &my) == 0) {
		mp->mouse = 1;
		n = (long)mx - w / 2;
		mp->mouse_centre_x = n < 0 ? 0 : n;
		n = (long)my + h;
		mp->mouse_top = n >= tc->sy ? tc->sy - 1 : n;
	}
	if (p != NULL) {
		mp->pane_left = p->xoff;
		n = (long)p->xoff + p->sx - w;
		mp->pane_right = n < 0 ? 0 : n;
		mp->pane_bottom = top + p->yoff + p->sy;
	}
}

static long
cmd_display_menu_value(struct cmdq_item *item, const char *arg, int y,
    const struct menu_places *mp)
{
	char	*expanded;
	long	 n;

	if (arg == NULL || strcmp(arg, "C") == 0)
		return (y ? mp->centre_y : mp->centre_x);
	if (!y && strcmp(arg, "R") == 0)
		return (mp->pane_right);
	if (strcmp(arg, "P") == 0)
		return (y ? mp->pane_bottom : mp->pane_left);
	if (strcmp(arg, "M") == 0)
		return (y ? mp->mouse_top : mp->mouse_centre_x);
	if (strcmp(arg, "W") == 0)
		return (y ? mp->window_y : mp->window_x);
	if (y && strcmp(arg, "S") == 0)
		return (mp->status_y);
	expanded = format_vars_for(item, &item->target, arg, 0);
	n = strtol(expanded, NULL, 10);
	xfree(expanded);
	return (n);
}

/*
 * Whether the command waits for the menu or popup to close: a command
 * client's does (tmux's CMD_RETURN_WAIT; keys and control clients go on).
 */
int
cmd_display_menu_waits(struct cmdq_item *item, struct client *c)
{
	return (item->client != NULL && item->client != c &&
	    !(item->client->flags & CLIENT_CONTROL));
}

/*
 * Where a w by h menu or popup goes for -x and -y (tmux's
 * cmd_display_menu_get_position); *mouse: the mouse's position was known.
 */
void
cmd_display_menu_position(struct cmdq_item *item, struct client *c,
    unsigned w, unsigned h, unsigned *px, unsigned *py, int *mouse)
{
	struct args		*args = item->cmd->args;
	struct tty_client	*tc = c->tty;
	struct menu_places	 mp;
	long			 x, y;

	cmd_display_menu_places(item, c, w, h, &mp);
	x = cmd_display_menu_value(item, args_get(args, 'x'), 0, &mp);
	if (x + (long)w >= (long)tc->sx)
		x = tc->sx - w;
	else if (x < 0)
		x = 0;
	y = cmd_display_menu_value(item, args_get(args, 'y'), 1, &mp);
	y = y < (long)h ? 0 : y - (long)h;
	if (y + (long)h >= (long)tc->sy)
		y = tc->sy - h;
	*px = (unsigned)x;
	*py = (unsigned)y;
	*mouse = mp.mouse;
}

static enum cmd_retval
cmd_display_menu_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct client		*c = item->target_client;
	struct tty_client	*tc;
	struct tty_menu		*menu;
	char			*title, *name, *command;
	const char		*key;
	unsigned		 w, h, count = args_count(args), i, x, y;
	int			 wait, mouse;

	if (c == NULL || (tc = c->tty) == NULL || tc->menu != NULL ||
	    tc->popup != NULL)
		return (CMD_RETURN_NORMAL);
	title = format_vars_for(item, &item->target, args_has(args, 'T') ?
	    args_get(args, 'T') : "", 0);
	menu = menu_new(title);
	xfree(title);
	for (i = 0; i != count; /* nothing */) {
		if (*args_string(args, i) == '\0') {
			menu_add(menu, NULL, -1, NULL);
			i++;
			continue;
		}
		if (count - i < 3) {
			cmdq_error(item, "not enough arguments");
			menu_free(menu);
			return (CMD_RETURN_ERROR);
		}
		name = format_vars_for(item, &item->target, args_string(args, i),
		    0);
		key = args_string(args, i + 1);
		command = format_vars_for(item, &item->target,
		    args_string(args, i + 2), 0);
		menu_add(menu, name, key_string_lookup_string(key),
		    command);
		xfree(name);
		xfree(command);
		i += 3;
	}
	if (menu_count(menu) == 0) {
		menu_free(menu);
		return (CMD_RETURN_NORMAL);
	}
	w = menu_width(menu) + 4;
	h = menu_count(menu) + 2;
	if (w > tc->sx || h > tc->sy) {
		menu_free(menu);
		return (CMD_RETURN_NORMAL);
	}
	if (args_has(args, 'O'))
		menu_stay_open(menu);
	cmd_display_menu_position(item, c, w, h, &x, &y, &mouse);
	wait = cmd_display_menu_waits(item, c);
	if (menu_show(c, menu, x, y, &item->target, mouse,
	    wait ? item->client : NULL) != 0) {
		menu_free(menu);
		return (CMD_RETURN_NORMAL);
	}
	return (wait ? CMD_RETURN_WAIT : CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_display_menu_entry = {
	.name = "display-menu",
	.alias = "menu",
	.args = { "c:t:OT:x:y:", 1, -1 },
	.usage = "[-O] [-c target-client] [-t target-pane] [-T title] "
	    "[-x position] [-y position] name key command ...",
	.target = { 't', CMD_FIND_PANE, 0 },
	.flags = CMD_AFTERHOOK|CMD_CLIENT_CFLAG,
	.exec = cmd_display_menu_exec
};
