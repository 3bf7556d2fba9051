/*
 * The server's message log (tmux's server_add_message): each command a
 * client runs ("NAME command: ...") and each message a client is shown
 * or sent ("NAME message: ..."), the newest message-limit of them, for
 * show-messages.
 */
#include <sys/queue.h>

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/tmux.h"

struct message_entry {
	char				*msg;
	time_t				 t;
	TAILQ_ENTRY(message_entry)	 entry;
};
static TAILQ_HEAD(message_list, message_entry) message_log =
    TAILQ_HEAD_INITIALIZER(message_log);
static unsigned	message_count;

/* A client as tmux names it: its terminal, else client-PID. */
char *
server_client_name(struct client *c)
{
	char	*s;

	if (c->ttyname != NULL)
		return (xstrdup(c->ttyname));
	xasprintf(&s, "client-%ld", (long)c->pid);
	return (s);
}

void
server_add_message(const char *fmt, ...)
{
	struct message_entry	*m;
	va_list			 ap;
	long long		 limit = options_get_number("message-limit");

	m = xcalloc(1, sizeof *m);
	va_start(ap, fmt);
	xvasprintf(&m->msg, fmt, ap);
	va_end(ap);
	m->t = time(NULL);
	TAILQ_INSERT_TAIL(&message_log, m, entry);
	message_count++;
	while (message_count > limit &&
	    (m = TAILQ_FIRST(&message_log)) != NULL) {
		TAILQ_REMOVE(&message_log, m, entry);
		message_count--;
		xfree(m->msg);
		xfree(m);
	}
}

/* "NAME command: ..." or "NAME message: ..." for client c. */
void
server_client_add_message(struct client *c, const char *what,
    const char *text)
{
	char	*name = server_client_name(c);

	server_add_message("%s %s: %s", name, what, text);
	xfree(name);
}

void
message_log_each(void (*cb)(time_t, const char *, void *), void *arg)
{
	struct message_entry	*m;

	TAILQ_FOREACH_REVERSE(m, &message_log, message_list, entry)
		cb(m->t, m->msg, arg);
}
