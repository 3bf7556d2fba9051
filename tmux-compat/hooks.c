/*
 * Hooks (hooks.h): finding a hook's commands in the options and running
 * them through the command queue.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/cmd-parse.h"
#include "tmux-compat/hooks.h"
#include "tmux-compat/options.h"
#include "tmux-compat/tmux.h"

static int		 hooks_depth;
static const char	*hooks_name;	/* the hook running */
static struct cmdq_item	*hooks_item;	/* after-: the command's item */
static struct session	*hooks_session;	/* hooks_notify's objects */
static struct window	*hooks_window;
static struct pane	*hooks_pane;

int
hooks_running(void)
{
	return (hooks_depth != 0);
}

/* The hook's entry: session chain, then pane, then window. */
static struct options_entry *
hooks_find(const char *name, const struct cmd_find_state *fs)
{
	struct options_target	 t;
	struct options_entry	*o;
	int			 parent;

	if (fs->s != NULL)
		options_target_session(&t, fs->s);
	else
		options_target_global(&t, OPTIONS_TABLE_SESSION);
	if ((o = options_get(&t, name, &parent)) != NULL)
		return (o);
	if (fs->wp != NULL) {
		options_target_pane(&t, fs->wp);
		if ((o = options_get(&t, name, &parent)) != NULL)
			return (o);
	}
	if (fs->w != NULL) {
		options_target_window(&t, fs->w);
		if ((o = options_get(&t, name, &parent)) != NULL)
			return (o);
	}
	return (NULL);
}

static int
hooks_run1(const char *name, struct cmdq_item *item, int arguments)
{
	const struct options_table_entry	*oe;
	const struct cmd_find_state		*fs;
	struct options_entry			*o;
	struct cmd_parse_input			 pi;
	struct cmd_parse_result			 pr;
	struct client				*c = item->client;
	char					*value;
	const char				*where = NULL;
	unsigned				 line = 0;
	int					 idx, failed = 0;

	if (hooks_depth != 0)
		return (0);
	oe = options_table_find(name);
	if (oe == NULL || (~oe->flags & OPTIONS_TABLE_IS_HOOK))
		return (0);
	fs = item->target.s != NULL ? &item->target : &item->current;
	if ((o = hooks_find(name, fs)) == NULL)
		return (0);

	/* A hook's commands come from no file: "(null):0" in causes. */
	cfg_swap_source(&where, &line);
	hooks_depth++;
	hooks_name = name;
	hooks_item = arguments ? item : NULL;
	for (idx = options_array_next(o, 0); idx != -1;
	    idx = options_array_next(o, idx + 1)) {
		value = options_to_string(o, idx, 0);
		cfg_parse_input(&pi, item, NULL, 0);
		cmd_parse_from_string(value, &pi, &pr);
		xfree(value);
		if (pr.status == CMD_PARSE_ERROR) {
			cmdq_error(item, "%s", pr.error);
			xfree(pr.error);
			failed = 1;
			continue;
		}
		/* A hook's commands run where the hook fired (tmux). */
		cmdq_set_current(fs);
		if (cmdq_run(c, pr.cmdlist) != 0)
			failed = 1;
		cmdq_set_current(NULL);
		cmd_parse_result_free(&pr);
	}
	hooks_depth--;
	hooks_name = NULL;
	hooks_item = NULL;
	cfg_swap_source(&where, &line);
	return (failed);
}

int
hooks_run(const char *name, struct cmdq_item *item)
{
	return (hooks_run1(name, item, 0));
}

int
hooks_notify(const char *name, struct session *s, struct window *w,
    struct pane *wp, const struct cmd_find_state *fs)
{
	struct cmdq_item	item;
	int			failed;

	memset(&item, 0, sizeof item);
	item.current.idx = item.source.idx = item.target.idx = -1;
	if (fs != NULL)
		item.target = *fs;
	else if (wp != NULL)
		cmd_find_from_pane(&item.target, wp);
	else if (s != NULL)
		cmd_find_from_session(&item.target, s);
	else if (w != NULL)
		item.target.w = w;
	item.current = item.target;

	hooks_session = s;
	hooks_window = w;
	hooks_pane = wp;
	failed = hooks_run1(name, &item, 0);
	hooks_session = NULL;
	hooks_window = NULL;
	hooks_pane = NULL;
	return (failed);
}

int
hooks_run_after(struct cmdq_item *item)
{
	const char	*cmd;
	char		 name[64];
	size_t		 len;

	if (hooks_depth != 0 || item->cmd == NULL ||
	    (~item->cmd->entry->flags & CMD_AFTERHOOK))
		return (0);
	/* Every command comes here: no printf (perf, control_bench.py). */
	cmd = item->cmd->entry->name;
	len = strlen(cmd);
	if (len + sizeof "after-" > sizeof name)
		return (0);
	memcpy(name, "after-", 6);
	memcpy(name + 6, cmd, len + 1);
	return (hooks_run1(name, item, 1));
}

char *
hooks_format_lookup(const char *name)
{
	struct args	*args;
	const char	*value, *template;
	char		*end, *s;
	long		 n;

	if (hooks_name == NULL || strncmp(name, "hook", 4) != 0)
		return (NULL);
	if (strcmp(name, "hook") == 0)
		return (xstrdup(hooks_name));
	if (strcmp(name, "hook_session") == 0 && hooks_session != NULL) {
		xasprintf(&s, "$%u", hooks_session->id);
		return (s);
	}
	if (strcmp(name, "hook_session_name") == 0 && hooks_session != NULL)
		return (xstrdup(hooks_session->name));
	if (strcmp(name, "hook_window") == 0 && hooks_window != NULL) {
		xasprintf(&s, "@%u", hooks_window->id);
		return (s);
	}
	if (strcmp(name, "hook_window_name") == 0 && hooks_window != NULL)
		return (xstrdup(hooks_window->name));
	if (strcmp(name, "hook_pane") == 0 && hooks_pane != NULL) {
		xasprintf(&s, "%%%u", hooks_pane->id);
		return (s);
	}
	if (hooks_item == NULL || hooks_item->cmd == NULL)
		return (NULL);
	args = hooks_item->cmd->args;
	if (strcmp(name, "hook_arguments") == 0)
		return (args_print(args));
	if (strncmp(name, "hook_argument_", 14) == 0) {
		n = strtol(name + 14, &end, 10);
		if (name[14] == '\0' || *end != '\0' || n < 0 ||
		    n >= args_count(args))
			return (NULL);
		return (xstrdup(args_string(args, (int)n)));
	}
	if (strncmp(name, "hook_flag_", 10) == 0 && name[10] != '\0' &&
	    name[11] == '\0') {
		template = hooks_item->cmd->entry->args.template;
		if (name[10] == ':' || strchr(template, name[10]) == NULL ||
		    !args_has(args, (unsigned char)name[10]))
			return (NULL);
		value = args_get(args, (unsigned char)name[10]);
		return (xstrdup(value != NULL ? value : "1"));
	}
	return (NULL);
}
