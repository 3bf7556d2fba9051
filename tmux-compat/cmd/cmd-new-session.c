/*
 * new-session: create a session with one window (tmux 3.3a's
 * cmd-new-session.c as observed). Attaching comes with the interactive
 * client; without -d a client that is not a terminal gets tmux's error.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/control.h"
#include "tmux-compat/tty.h"
#include "tmux-compat/options.h"
#include "tmux-compat/hooks.h"
#include "tmux-compat/cmd-parse.h"
#include "tmux-compat/tmux.h"

static enum cmd_retval	cmd_new_session_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_new_session_entry = {
	.name = "new-session",
	.alias = "new",
	.args = { "Ac:dDe:EF:f:n:Ps:t:x:Xy:", 0, -1 },
	.usage = "[-AdDEPX] [-c start-directory] [-e environment] [-F format] "
	    "[-f flags] [-n window-name] [-s session-name] "
	    "[-t target-session] [-x width] [-y height] [shell-command]",
	.target = { 't', CMD_FIND_SESSION, CMD_FIND_CANFAIL },
	.flags = CMD_STARTSERVER,
	.exec = cmd_new_session_exec
};

/* update-environment: copy each name from the client, or mark it gone. */
struct new_session_env {
	struct client	*c;
	struct session	*s;
};

static void
new_session_update_env(unsigned idx, const char *name, void *arg)
{
	struct new_session_env	*u = arg;

	environ_set(&u->s->environ, name, server_client_getenv(u->c, name));
}

/* tmux's session_check_name: ':' and '.' become '_', then visible. */
static char *
session_check_name(const char *name)
{
	char	*copy, *cp, *visible;

	if (*name == '\0')
		return (NULL);
	copy = xstrdup(name);
	for (cp = copy; *cp != '\0'; cp++) {
		if (*cp == ':' || *cp == '.')
			*cp = '_';
	}
	visible = names_visible(copy);
	xfree(copy);
	return (visible);
}

static int
parse_size(struct cmdq_item *item, const struct args *args, unsigned char flag,
    const char *what, unsigned *out)
{
	char	*cause = NULL;
	long long n;

	if (!args_has(args, flag))
		return (0);
	if (strcmp(args_get(args, flag), "-") == 0)
		return (0);
	n = args_strtonum(args, flag, 1, 0xffff, &cause);
	if (cause != NULL) {
		cmdq_error(item, "%s %s", what, cause);
		xfree(cause);
		return (-1);
	}
	*out = (unsigned)n;
	return (0);
}

static enum cmd_retval
cmd_new_session_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct client		*c = item->client;
	struct session		*s;
	struct winlink		*wl;
	struct cmd_find_state	 fs;
	struct new_session_env	 ue;
	struct session		*groupwith = NULL;
	struct session_group	*sg = NULL;
	const char		*group = NULL;
	char			*prefix = NULL, *dsizebuf = NULL;
	const char		*tmp, *dsize;
	char			*name = NULL, *cwd = NULL, *wname = NULL;
	char			*cause = NULL, *out;
	unsigned		 sx = 80, sy = 24;
	int			 attach_size = 0;
	const char		**env;
	size_t			 i;
	int			 nenv, detached;

	if (args_has(args, 't') &&
	    (args_count(args) != 0 || args_has(args, 'n'))) {
		cmdq_error(item, "command or window name given with target");
		return (CMD_RETURN_ERROR);
	}
	/* A session group: join target's group or make one (tmux). */
	if ((group = args_get(args, 't')) != NULL) {
		groupwith = item->target.s;
		if (groupwith == NULL)
			sg = session_group_find(group);
		else
			sg = groupwith->group;
		if (sg != NULL)
			prefix = xstrdup(sg->name);
		else if (groupwith != NULL)
			prefix = xstrdup(groupwith->name);
		else if ((prefix = session_check_name(group)) == NULL) {
			cmdq_error(item, "invalid session group: %s", group);
			return (CMD_RETURN_ERROR);
		}
	}

	if ((tmp = args_get(args, 's')) != NULL) {
		char	*expanded = format_vars_for(item, &item->current, tmp, 0);

		name = session_check_name(expanded);
		if (name == NULL) {
			cmdq_error(item, "invalid session: %s", expanded);
			xfree(expanded);
			return (CMD_RETURN_ERROR);
		}
		xfree(expanded);
		if (session_find(name) != NULL) {
			if (args_has(args, 'A')) {
				/* -A attaches to it: that needs a terminal. */
				if (control_is_control(c)) {
					control_attach(item, session_find(name));
					xfree(name);
					return (CMD_RETURN_NORMAL);
				}
				if (c == NULL || (~c->flags & CLIENT_TERMINAL)) {
					cmdq_error(item, "open terminal failed: "
					    "not a terminal");
					xfree(name);
					return (CMD_RETURN_ERROR);
				}
				tty_attach(item, session_find(name), 0);
				xfree(name);
				return (CMD_RETURN_NORMAL);
			}
			cmdq_error(item, "duplicate session: %s", name);
			xfree(name);
			return (CMD_RETURN_ERROR);
		}
	}

	/* With no client (the startup files, a hook) it is detached (tmux). */
	detached = args_has(args, 'd') || c == NULL;
	if (!detached && !control_is_control(c)) {
		if (c == NULL || (~c->flags & CLIENT_TERMINAL))
			cmdq_error(item, "open terminal failed: not a terminal");
		else if (server_client_nested(c))
			cmdq_error(item, "sessions should be nested with care, "
			    "unset $TMUX to force");
		if (c == NULL || (~c->flags & CLIENT_TERMINAL) ||
		    server_client_nested(c)) {
			xfree(name);
			return (CMD_RETURN_ERROR);
		}
		/* Attached: new windows take the terminal's size. */
		if (c->tty_sx != 0 && c->tty_sy > 1) {
			sx = c->tty_sx;
			sy = c->tty_sy - (options_session_number(NULL,
			    "status") != 0 ? 1 : 0);
			attach_size = 1;
		}
	}

	dsize = options_session_string(NULL, "default-size");
	if (dsize != NULL && !attach_size)
		sscanf(dsize, "%ux%u", &sx, &sy);
	if (parse_size(item, args, 'x', "width", &sx) != 0 ||
	    parse_size(item, args, 'y', "height", &sy) != 0) {
		xfree(name);
		return (CMD_RETURN_ERROR);
	}

	if ((tmp = args_get(args, 'c')) != NULL)
		cwd = format_vars_for(item, &item->current, tmp, 0);
	else
		cwd = xstrdup(server_client_get_cwd(c, NULL));
	if ((tmp = args_get(args, 'n')) != NULL)
		wname = format_vars_for(item, &item->current, tmp, 0);

	env = args_values(args, 'e', &nenv);
	if (args_has(args, 'x') || args_has(args, 'y')) {
		/* tmux keeps -x/-y as the session's default-size. */
		xasprintf(&dsizebuf, "%ux%u", sx, sy);
	}
	/* A client attached anywhere sizes it, whatever -x/-y said. */
	if (!attach_size)
		tty_latest_window_size(&sx, &sy);
	if (name == NULL && prefix != NULL)
		s = session_create_prefixed(prefix, cwd, sx, sy);
	else
		s = session_create(name, cwd, sx, sy);
	xfree(prefix);
	if (dsizebuf != NULL) {
		options_session_set_string(s, "default-size", dsizebuf);
		xfree(dsizebuf);
	}
	if (!args_has(args, 'E')) {
		ue.c = c;
		ue.s = s;
		options_array_each("update-environment",
		    new_session_update_env, &ue);
	}
	for (i = 0; i < (size_t)nenv; i++)
		environ_put(&s->environ, env[i]);

	if (group == NULL || (sg == NULL && groupwith == NULL)) {
		wl = spawn_window(item, s,
		    (int)options_session_number(s, "base-index"), wname, cwd,
		    args,
		    &cause);
		if (wl == NULL) {
			cmdq_error(item, "create window failed: %s", cause);
			xfree(cause);
			session_destroy(s);
			xfree(name);
			xfree(cwd);
			xfree(wname);
			return (CMD_RETURN_ERROR);
		}
		session_select(s, wl);
	}
	if (group != NULL) {
		if (sg == NULL) {
			if (groupwith != NULL) {
				sg = session_group_new(groupwith->name);
				session_group_add(sg, groupwith);
			} else
				sg = session_group_new(group);
		}
		session_group_add(sg, s);
		session_group_synchronize_to(s);
		if (!TAILQ_EMPTY(&s->windows))
			session_select(s, TAILQ_FIRST(&s->windows));
	}

	if (!detached && control_is_control(c))
		control_attach(item, s);
	else if (!detached)
		tty_attach(item, s, 0);
	/*
	 * tmux shows the startup files' errors on the first new session;
	 * its session-created hook runs after, so its errors are kept.
	 */
	if (cfg_finished)
		cfg_show_causes(s);
	hooks_notify("session-created", s, NULL, NULL, NULL);
	if (args_has(args, 'P')) {
		tmp = args_get(args, 'F');
		cmd_find_from_session(&fs, s);
		out = format_vars_for(item, &fs, tmp != NULL ? tmp :
		    "#{session_name}:", 0);
		cmdq_print(item, "%s", out);
		xfree(out);
	}
	/* tmux runs this hook itself, for the new session. */
	cmd_find_from_session(&item->target, s);
	hooks_run("after-new-session", item);
	xfree(name);
	xfree(cwd);
	xfree(wname);
	return (CMD_RETURN_NORMAL);
}
