/*
 * #{client_*} for an attached or control client (the format's own
 * client): what tmux 3.3a's format_defaults_client gives. Command
 * clients have none (empty, as unknown names are).
 */
#include <pwd.h>
#include <stdio.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/control.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"

/* tmux's server_client_get_flags. */
static char *
format_client_flags(struct client *c)
{
	struct buf	b;
	char		*s;

	buf_init(&b);
	buf_add_str(&b, c->tty != NULL && !c->tty->focused ? "attached" :
	    "attached,focused");
	if (c->control != NULL) {
		buf_add_str(&b, ",control-mode");
		control_print_flags(c, &b);
	}
	if (c->tty != NULL && c->tty->readonly)
		buf_add_str(&b, ",ignore-size,read-only");
	else if (c->tty != NULL && c->readonly)
		buf_add_str(&b, ",read-only");	/* server-access -r */
	if (c->flags & CLIENT_UTF8)
		buf_add_str(&b, ",UTF-8");
	s = xstrndup((const char *)buf_data(&b), b.len);
	buf_free(&b);
	return (s);
}

static char *
format_client_num(long long n)
{
	char	*s;

	xasprintf(&s, "%lld", n);
	return (s);
}

const char *const format_client_names[] = {
	"client_activity",
	"client_cell_height",
	"client_cell_width",
	"client_control_mode",
	"client_created",
	"client_discarded",
	"client_flags",
	"client_height",
	"client_key_table",
	"client_last_session",
	"client_name",
	"client_pid",
	"client_prefix",
	"client_readonly",
	"client_session",
	"client_termfeatures",
	"client_termname",
	"client_termtype",
	"client_tty",
	"client_uid",
	"client_user",
	"client_utf8",
	"client_width",
	"client_written",
	NULL
};

/* The value of name for c, or NULL if name is not a client variable. */
char *
format_client_lookup(struct client *c, const char *name)
{
	struct tty_client	*tc;
	struct session		*s;
	struct passwd		*pw;
	const char		*v;

	if (c == NULL || strncmp(name, "client_", 7) != 0 ||
	    server_client_session(c) == NULL)
		return (NULL);
	tc = c->tty;
	name += 7;
	if (strcmp(name, "name") == 0) {
		if (c->control != NULL)
			return (xstrdup(control_name(c)));
		if (c->ttyname != NULL)
			return (xstrdup(c->ttyname));
		return (format_client_num((long long)c->pid));
	}
	if (strcmp(name, "tty") == 0)
		return (xstrdup(c->ttyname != NULL ? c->ttyname : ""));
	if (strcmp(name, "pid") == 0)
		return (format_client_num((long long)c->pid));
	/* A control client is as wide as -C made it, and has no height. */
	if (strcmp(name, "width") == 0) {
		return (format_client_num(tc != NULL ? tc->sx :
		    control_width(c)));
	}
	if (strcmp(name, "height") == 0)
		return (tc != NULL ? format_client_num(tc->sy) : xstrdup(""));
	if (strcmp(name, "termname") == 0) {
		v = server_client_getenv(c, "TERM");
		return (xstrdup(v != NULL ? v : ""));
	}
	if (strcmp(name, "session") == 0) {
		s = server_client_session(c);
		return (xstrdup(s != NULL ? s->name : ""));
	}
	if (strcmp(name, "last_session") == 0) {
		s = tc != NULL ? tty_last_session(c) : control_last_session(c);
		/* None: not set at all (display -a leaves it out, as tmux). */
		return (s != NULL ? xstrdup(s->name) : NULL);
	}
	if (strcmp(name, "flags") == 0)
		return (format_client_flags(c));
	if (strcmp(name, "key_table") == 0)
		return (xstrdup(tc != NULL && tc->key_table != NULL ?
		    tc->key_table : "root"));
	if (strcmp(name, "prefix") == 0)
		return (xstrdup(tc != NULL && tc->key_table != NULL &&
		    strcmp(tc->key_table, "prefix") == 0 ? "1" : "0"));
	if (strcmp(name, "readonly") == 0) {
		char	flags[256];
		struct buf b;
		int	 ro;

		if (tc != NULL || c->readonly)
			ro = server_client_readonly(c);
		else {
			buf_init(&b);
			control_print_flags(c, &b);
			snprintf(flags, sizeof flags, "%.*s", (int)b.len,
			    (const char *)buf_data(&b));
			buf_free(&b);
			ro = strstr(flags, "read-only") != NULL;
		}
		return (xstrdup(ro ? "1" : "0"));
	}
	if (strcmp(name, "utf8") == 0)
		return (xstrdup((c->flags & CLIENT_UTF8) ? "1" : "0"));
	if (strcmp(name, "control_mode") == 0)
		return (xstrdup(c->control != NULL ? "1" : "0"));
	if (strcmp(name, "uid") == 0)
		return (format_client_num((long long)c->uid));
	if (strcmp(name, "user") == 0) {
		pw = getpwuid(c->uid);
		return (xstrdup(pw != NULL ? pw->pw_name : ""));
	}
	if (strcmp(name, "created") == 0)
		return (format_client_num((long long)c->created));
	if (strcmp(name, "activity") == 0)
		return (format_client_num((long long)c->activity));
	if (strcmp(name, "written") == 0)
		return (format_client_num((long long)c->written));
	/* Output is never dropped: a slow terminal gets a redraw instead. */
	if (strcmp(name, "discarded") == 0)
		return (xstrdup("0"));
	/*
	 * What the outer terminal reports of itself (cell size, DA/XTVERSION
	 * and the features tmux derives): zeropty does not ask it.
	 */
	if (strcmp(name, "cell_width") == 0 ||
	    strcmp(name, "cell_height") == 0 ||
	    strcmp(name, "termtype") == 0 || strcmp(name, "termfeatures") == 0)
		return (xstrdup(""));
	return (NULL);
}
