/* split-window: split a pane in two and start a program in the new one. */
#include <limits.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "engine/model/layout.h"
#include "tmux-compat/hooks.h"
#include "tmux-compat/tmux.h"

#define SPLIT_WINDOW_TEMPLATE "#{session_name}:#{window_index}.#{pane_index}"

static enum cmd_retval
cmd_split_window_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct cmd_find_state	*target = &item->target, fs;
	struct pane		*wp = target->wp, *new_wp;
	struct window		*w = wp->window;
	struct layout_cell	*lc;
	struct spawn_ctx	 sc;
	enum layout_type	 type;
	const char		*tmp;
	char			*cause = NULL, *cwd, *out;
	long long		 size = -1, curval = 0;
	int			 flags = 0;

	type = args_has(args, 'h') ? LAYOUT_LEFTRIGHT : LAYOUT_TOPBOTTOM;
	if (args_has(args, 'l') || args_has(args, 'p')) {
		if (args_has(args, 'f'))
			curval = type == LAYOUT_TOPBOTTOM ? w->sy : w->sx;
		else
			curval = type == LAYOUT_TOPBOTTOM ? wp->sy : wp->sx;
	}
	/*
	 * The error texts are 3.3a's: "lines invalid", "percentage too
	 * large", "create pane ...". Like 3.3a, a percentage is not capped
	 * at 100 (libtmux sends -l200%): the layout gives the new pane all
	 * the room it can.
	 */
	if ((tmp = args_get(args, 'l')) != NULL) {
		size_t	len = strlen(tmp);

		if (len != 0 && tmp[len - 1] == '%') {
			char		*copy = xstrndup(tmp, len - 1);
			const char	*errstr;
			long long	 pct;

			pct = args_strtonum_string(copy, 0, INT_MAX, &errstr);
			xfree(copy);
			if (errstr != NULL) {
				cmdq_error(item, "percentage %s", errstr);
				return (CMD_RETURN_ERROR);
			}
			size = curval * pct / 100;
			if (size > INT_MAX)
				size = INT_MAX;
		} else {
			size = args_strtonum(args, 'l', 0, INT_MAX, &cause);
			if (cause != NULL) {
				cmdq_error(item, "lines %s", cause);
				xfree(cause);
				return (CMD_RETURN_ERROR);
			}
		}
	} else if (args_has(args, 'p')) {
		size = args_strtonum(args, 'p', 0, 100, &cause);
		if (cause != NULL) {
			cmdq_error(item, "create pane failed: -p %s", cause);
			xfree(cause);
			return (CMD_RETURN_ERROR);
		}
		size = curval * size / 100;
	}
	if (args_has(args, 'b'))
		flags |= LAYOUT_SPLIT_BEFORE;
	if (args_has(args, 'f'))
		flags |= LAYOUT_SPLIT_FULL;

	window_zoom_push_zoom(w, 1, args_has(args, 'Z'));
	lc = layout_split_pane(wp, type, (int)size, flags);
	if (lc == NULL) {
		cmdq_error(item, "no space for new pane");
		return (CMD_RETURN_ERROR);
	}

	if ((tmp = args_get(args, 'c')) != NULL)
		cwd = format_vars_for(item, target, tmp, 0);
	else
		cwd = xstrdup(item->client != NULL && item->client->cwd != NULL ?
		    item->client->cwd : target->s->cwd);
	memset(&sc, 0, sizeof sc);
	sc.item = item;
	sc.s = target->s;
	sc.w = w;
	sc.argc = args_count(args);
	sc.argv = args_argv(args);
	sc.cwd = cwd;
	sc.env = args_values(args, 'e', &sc.nenv);
	sc.cell = lc;
	sc.after = wp;
	sc.before = (flags & LAYOUT_SPLIT_BEFORE) ? 1 : 0;
	sc.full = (flags & LAYOUT_SPLIT_FULL) ? 1 : 0;
	new_wp = spawn_pane(&sc, lc->sx, lc->sy, &cause);
	xfree(cwd);
	if (new_wp == NULL) {
		layout_fix_panes(w);
		cmdq_error(item, "create pane failed: %s", cause);
		xfree(cause);
		return (CMD_RETURN_ERROR);
	}
	layout_fix_panes(w);
	if (!args_has(args, 'd'))
		window_pane_set_active(new_wp);
	window_zoom_pop_zoom(w);

	fs = *target;
	fs.wp = new_wp;
	if (args_has(args, 'P')) {
		if ((tmp = args_get(args, 'F')) == NULL)
			tmp = SPLIT_WINDOW_TEMPLATE;
		out = format_vars_for(item, &fs, tmp, 0);
		cmdq_print(item, "%s", out);
		xfree(out);
	}
	/* tmux runs this hook itself, for the new pane. */
	item->target = fs;
	hooks_run("after-split-window", item);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_split_window_entry = {
	.name = "split-window",
	.alias = "splitw",
	.args = { "bc:de:fF:hIl:p:Pt:vZ", 0, -1 },
	.usage = "[-bdefhIPvZ] [-c start-directory] [-e environment] "
	    "[-F format] [-l size] [-t target-pane][shell-command]",
	.target = { 't', CMD_FIND_PANE, 0 },
	.flags = 0,
	.exec = cmd_split_window_exec
};
