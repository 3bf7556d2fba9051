/*
 * find-window: tree mode on the panes whose content (-C), window name (-N)
 * or pane title (-T) matches (all three without any of them), as a -f
 * filter built the way tmux 3.3a builds it: #{C:} for the content, #{m:}
 * with *match* for the names; -r regular expressions, -i ignoring case.
 */
#include "engine/base/xmalloc.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/window-copy.h"

static char *
cmd_find_window_filter(struct args *args, const char *s)
{
	const char	*suffix = "";
	char		*content = NULL, *name = NULL, *title = NULL, *filter;
	int		 C, N, T;

	C = args_has(args, 'C');
	N = args_has(args, 'N');
	T = args_has(args, 'T');
	if (!C && !N && !T)
		C = N = T = 1;
	if (args_has(args, 'r') && args_has(args, 'i'))
		suffix = "/ri";
	else if (args_has(args, 'r'))
		suffix = "/r";
	else if (args_has(args, 'i'))
		suffix = "/i";
	if (C)
		xasprintf(&content, "#{C%s:%s}", suffix, s);
	if (N)
		xasprintf(&name, "#{m%s:*%s*,#{window_name}}", suffix, s);
	if (T)
		xasprintf(&title, "#{m%s:*%s*,#{pane_title}}", suffix, s);
	if (C && N && T)
		xasprintf(&filter, "#{||:%s,#{||:%s,%s}}", content, name, title);
	else if (C + N + T == 2) {
		xasprintf(&filter, "#{||:%s,%s}", C ? content : name,
		    T ? title : name);
	} else
		filter = xstrdup(C ? content : (N ? name : title));
	xfree(content);
	xfree(name);
	xfree(title);
	return (filter);
}

static enum cmd_retval
cmd_find_window_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct pane		*p = item->target.wp;
	struct window_tree	*wt;
	char			*filter;

	filter = cmd_find_window_filter(args, args_string(args, 0));
	wt = window_tree_create(item->target.s, item->target.wl, p, 'p', NULL,
	    filter);
	xfree(filter);
	window_tree_start(p, wt, args_has(args, 'Z'));
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_find_window_entry = {
	.name = "find-window",
	.alias = "findw",
	.args = { "CiNrt:TZ", 1, 1 },
	.usage = "[-CiNrTZ] [-t target-pane] match-string",
	.target = { 't', CMD_FIND_PANE, 0 },
	.flags = 0,
	.exec = cmd_find_window_exec
};
