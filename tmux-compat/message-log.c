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

#include "engine/base/buf.h"
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
static void
client_name_add(struct buf *b, struct client *c)
{
	if (c->ttyname != NULL)
		buf_add_str(b, c->ttyname);
	else {
		buf_add_str(b, "client-");
		buf_add_uint(b, (unsigned long long)c->pid);
	}
}

char *
message_log_client_name(struct client *c)
{
	struct buf	b;

	buf_init(&b);
	client_name_add(&b, c);
	return (buf_take(&b, NULL));
}

/* Add msg (taken) to the log, dropping the oldest beyond message-limit. */
static void
message_log_push(char *msg)
{
	struct message_entry	*m;
	long long		 limit = options_get_number("message-limit");

	m = xcalloc(1, sizeof *m);
	m->msg = msg;
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

void
message_log_add(const char *fmt, ...)
{
	va_list	 ap;
	char	*msg;

	va_start(ap, fmt);
	xvasprintf(&msg, fmt, ap);
	va_end(ap);
	message_log_push(msg);
}

/*
 * "NAME command: ..." or "NAME message: ..." for client c. Every command
 * a client runs comes here: built without printf, which was 9 % of the
 * server's time in a stream of set-options (perf, bench/control_bench.py).
 */
void
message_log_add_client(struct client *c, const char *what,
    const char *text)
{
	struct buf	b;

	buf_init(&b);
	client_name_add(&b, c);
	buf_add_byte(&b, ' ');
	buf_add_str(&b, what);
	buf_add_str(&b, ": ");
	buf_add_str(&b, text);
	message_log_push(buf_take(&b, NULL));
}

void
message_log_add_at(time_t t, const char *msg)
{
	struct message_entry	*m;

	message_log_push(xstrdup(msg));
	if ((m = TAILQ_LAST(&message_log, message_list)) != NULL)
		m->t = t;
}

void
message_log_each(void (*cb)(time_t, const char *, void *), void *arg)
{
	struct message_entry	*m;

	TAILQ_FOREACH_REVERSE(m, &message_log, message_list, entry)
		cb(m->t, m->msg, arg);
}
