/*
 * #{client_*} for an attached client (the format's own client): what
 * tmux 3.3a's format_defaults_client gives. Control clients and command
 * clients have none (empty, as unknown names are).
 */
#include <pwd.h>
#include <stdio.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"

/* tmux's server_client_get_flags for an attached client. */
static char *
format_client_flags(struct tty_client *tc)
{
	struct buf	b;
	char		*s;

	buf_init(&b);
	buf_add_str(&b, "attached,focused,");
	if (tc->readonly)
		buf_add_str(&b, "read-only,");
	if (tc->c->flags & CLIENT_UTF8)
		buf_add_str(&b, "UTF-8,");
	s = xstrndup((const char *)buf_data(&b), b.len - 1);
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

/* The value of name for c, or NULL if name is not a client variable. */
char *
format_client_lookup(struct client *c, const char *name)
{
	struct tty_client	*tc;
	struct session		*s;
	struct passwd		*pw;
	const char		*v;

	if (c == NULL || (tc = c->tty) == NULL ||
	    strncmp(name, "client_", 7) != 0)
		return (NULL);
	name += 7;
	if (strcmp(name, "name") == 0) {
		if (c->ttyname != NULL)
			return (xstrdup(c->ttyname));
		return (format_client_num((long long)c->pid));
	}
	if (strcmp(name, "tty") == 0)
		return (xstrdup(c->ttyname != NULL ? c->ttyname : ""));
	if (strcmp(name, "pid") == 0)
		return (format_client_num((long long)c->pid));
	if (strcmp(name, "width") == 0)
		return (format_client_num(tc->sx));
	if (strcmp(name, "height") == 0)
		return (format_client_num(tc->sy));
	if (strcmp(name, "termname") == 0) {
		v = client_getenv(c, "TERM");
		return (xstrdup(v != NULL ? v : ""));
	}
	if (strcmp(name, "session") == 0) {
		s = tty_session(c);
		return (xstrdup(s != NULL ? s->name : ""));
	}
	if (strcmp(name, "last_session") == 0) {
		s = tty_last_session(c);
		return (xstrdup(s != NULL ? s->name : ""));
	}
	if (strcmp(name, "flags") == 0)
		return (format_client_flags(tc));
	if (strcmp(name, "key_table") == 0)
		return (xstrdup(tc->key_table != NULL ? tc->key_table : "root"));
	if (strcmp(name, "prefix") == 0)
		return (xstrdup(tc->key_table != NULL &&
		    strcmp(tc->key_table, "prefix") == 0 ? "1" : "0"));
	if (strcmp(name, "readonly") == 0)
		return (xstrdup(tc->readonly ? "1" : "0"));
	if (strcmp(name, "utf8") == 0)
		return (xstrdup((c->flags & CLIENT_UTF8) ? "1" : "0"));
	if (strcmp(name, "control_mode") == 0)
		return (xstrdup("0"));
	if (strcmp(name, "uid") == 0)
		return (format_client_num((long long)c->uid));
	if (strcmp(name, "user") == 0) {
		pw = getpwuid(c->uid);
		return (xstrdup(pw != NULL ? pw->pw_name : ""));
	}
	if (strcmp(name, "cell_width") == 0 || strcmp(name, "cell_height") == 0)
		return (xstrdup(""));
	return (NULL);
}
