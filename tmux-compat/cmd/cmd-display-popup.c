/*
 * display-popup: a command in a popup over the target client's panes
 * (popup.c). -w and -h give its size (half the terminal by default, or a
 * percentage), -x and -y its place as display-menu's; with no command the
 * default-command, or the default-shell; -d and -e its directory and
 * environment; -E and -EE close it when the command exits; -C closes the
 * client's popup. A command client waits for it to close and exits with
 * the command's status, as tmux 3.3a's.
 */
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/options.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"

/* -b: one of popup-border-lines's choices, else -1 and the error. */
static int
cmd_display_popup_lines(struct cmdq_item *item, const char *value)
{
	const struct options_table_entry	*oe;
	int					 i;

	oe = options_table_find("popup-border-lines");
	for (i = 0; oe->choices[i] != NULL; i++) {
		if (strcmp(oe->choices[i], value) == 0)
			return (i);
	}
	cmdq_error(item, "popup-border-lines unknown value: %s", value);
	return (-1);
}

/* -w or -h: a size up to the terminal's, or the error. */
static int
cmd_display_popup_size(struct cmdq_item *item, unsigned char flag,
    const char *what, unsigned max, unsigned *size)
{
	struct args	*args = item->cmd->args;
	char		*cause = NULL;
	long long	 n;

	*size = max / 2;
	if (!args_has(args, flag))
		return (0);
	n = args_percentage(args, flag, 1, max, max, &cause);
	if (cause != NULL) {
		cmdq_error(item, "%s %s", what, cause);
		xfree(cause);
		return (-1);
	}
	*size = (unsigned)n;
	return (0);
}

static enum cmd_retval
cmd_display_popup_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct client		*c = item->target_client;
	struct session		*s = item->target.s;
	struct tty_client	*tc;
	struct tty_popup_spec	 spec;
	struct cmd_find_state	 fs;
	const char		*shellcmd = NULL, *value, **values;
	char			*cwd, *title, *cause, *pstyle, *bstyle;
	char			**argv = NULL, **env = NULL, *one[2];
	int			 argc = 0, count = args_count(args), n, i;
	int			 mouse, rc;

	if (args_has(args, 'C')) {
		if (c != NULL)
			popup_close(c);
		return (CMD_RETURN_NORMAL);
	}
	if (c == NULL || (tc = c->tty) == NULL || s == NULL ||
	    s->curw == NULL || tc->popup != NULL || tc->menu != NULL)
		return (CMD_RETURN_NORMAL);

	memset(&spec, 0, sizeof spec);
	if (cmd_display_popup_size(item, 'h', "height", tc->sy, &spec.sy) != 0 ||
	    cmd_display_popup_size(item, 'w', "width", tc->sx, &spec.sx) != 0)
		return (CMD_RETURN_ERROR);
	cmd_display_menu_position(item, c, spec.sx, spec.sy, &spec.px,
	    &spec.py, &mouse);

	spec.lines = (int)options_window_number(s->curw->window,
	    "popup-border-lines");
	if (args_has(args, 'B'))
		spec.lines = POPUP_LINES_NONE;
	else if ((value = args_get(args, 'b')) != NULL &&
	    (spec.lines = cmd_display_popup_lines(item, value)) == -1)
		return (CMD_RETURN_ERROR);
	spec.close_exit = args_has(args, 'E') > 1 ? 2 : args_has(args, 'E');
	spec.style = args_get(args, 's');
	spec.border_style = args_get(args, 'S');
	cmd_find_from_session(&fs, s);	/* the current window's styles */
	pstyle = options_get_for(&fs, "popup-style");
	bstyle = options_get_for(&fs, "popup-border-style");
	spec.popup_style = pstyle != NULL ? pstyle : "default";
	spec.popup_border_style = bstyle != NULL ? bstyle : "default";

	if ((value = args_get(args, 'd')) != NULL)
		cwd = format_vars_for(item, &item->target, value, 0);
	else
		cwd = xstrdup(s->cwd != NULL ? s->cwd : "/");
	if (count == 0)
		shellcmd = options_session_string(s, "default-command");
	else if (count == 1)
		shellcmd = args_string(args, 0);
	if (count <= 1 && (shellcmd == NULL || *shellcmd == '\0')) {
		shellcmd = NULL;
		one[0] = (char *)options_session_string(s, "default-shell");
		one[1] = NULL;
		argc = 1;
		argv = one;
	} else if (count > 1) {
		argc = count;
		argv = args_argv(args);
		shellcmd = NULL;
	}
	values = args_values(args, 'e', &n);
	if (n > 0) {
		env = xcalloc((size_t)n + 1, sizeof *env);
		for (i = 0; i < n; i++)
			env[i] = (char *)values[i];
	}
	title = format_vars_for(item, &item->target, args_has(args, 'T') ?
	    args_get(args, 'T') : "", 0);
	spec.title = title;

	rc = popup_show(c, &spec, s, shellcmd, argc, argv, cwd, env,
	    cmd_display_menu_waits(item, c) ? item->client : NULL, &cause);
	if (cause != NULL) {
		cmdq_error(item, "%s", cause);
		xfree(cause);
	}
	xfree(title);
	xfree(env);
	xfree(cwd);
	xfree(pstyle);
	xfree(bstyle);
	if (rc != 0)
		return (CMD_RETURN_NORMAL);
	return (cmd_display_menu_waits(item, c) ? CMD_RETURN_WAIT :
	    CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_display_popup_entry = {
	.name = "display-popup",
	.alias = "popup",
	.args = { "Bb:Cc:d:e:Eh:s:S:t:T:w:x:y:", 0, -1 },
	.usage = "[-BCE] [-b border-lines] [-c target-client] "
	    "[-d start-directory] [-e environment] [-h height] [-s style] "
	    "[-S border-style] [-t target-pane][-T title] [-w width] "
	    "[-x position] [-y position] [shell-command]",
	.target = { 't', CMD_FIND_PANE, 0 },
	.flags = CMD_AFTERHOOK|CMD_CLIENT_CFLAG,
	.exec = cmd_display_popup_exec
};
