/*
 * Reading a pane that is still settling.
 *
 * A zeropty command answers in about 0.26 ms where tmux takes about 3 ms
 * (most of it tmux's client starting). Scripts written against tmux's
 * pace create a pane or send it keys and read it at once: on tmux the
 * program has had those milliseconds to print; on zeropty it may not
 * have run yet (`new -d 'cat FILE'` then `capture-pane -p` showed an empty
 * screen one time in two here). So a command that reads a pane's screen
 * (capture-pane, display-message: CMD_READS_PANE) from a command client
 * waits, for at most PANE_SETTLE_LIMIT_MS after the pane was created or
 * last sent keys by a command, until the pane has settled:
 *
 *   - its program has read every key sent to it (the socket's queue at the
 *     program's end is empty), and
 *   - it has written something since, and then nothing for
 *     PANE_SETTLE_QUIET_MS,
 *
 * or the pane is dead. A pane nothing was done to lately never waits, and
 * neither do control clients (their commands answer in order and their
 * readers have %output). The list waits as for wait-for (CMDQ_WAITING),
 * re-checked every millisecond.
 */
#include <sys/time.h>

#include <event2/event.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "engine/model/model.h"
#include "engine/sys/pane-io.h"
#include "engine/sys/sock-queue.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/server-int.h"
#include "tmux-compat/pane-settle.h"

/*
 * 50 ms bounds what a script that reads a silent program pays; a shell's
 * first prompt came 4-12 ms after its pane was made here (bash, dash).
 */
#define PANE_SETTLE_LIMIT_MS	50
/* bash writes its prompt and mode sequences in writes 0.1-1 ms apart. */
#define PANE_SETTLE_QUIET_MS	3

struct pane_settle {
	unsigned	id;		/* the pane's */
	struct timeval	from;		/* created or sent keys */
	struct timeval	output;		/* its last output since */
	int		has_output;
};

static struct pane_settle	*settle_panes;
static unsigned			 settle_npanes;
static struct client		**settle_clients;	/* waiting */
static unsigned			 settle_nclients;
static struct client		**settle_running;	/* going on now */
static unsigned			 settle_nrunning;
static struct event		*settle_timer;

static long
pane_settle_ms_since(const struct timeval *tv, const struct timeval *now)
{
	return ((now->tv_sec - tv->tv_sec) * 1000L +
	    (now->tv_usec - tv->tv_usec) / 1000L);
}

static void
pane_settle_now(struct timeval *tv)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	tv->tv_sec = ts.tv_sec;
	tv->tv_usec = ts.tv_nsec / 1000;
}

/* The pane's entry, or NULL; entries older than the limit are dropped. */
static struct pane_settle *
pane_settle_find(unsigned id, const struct timeval *now)
{
	struct pane_settle	*ps;
	unsigned		 i = 0;

	while (i < settle_npanes) {
		ps = &settle_panes[i];
		if (pane_settle_ms_since(&ps->from, now) >=
		    PANE_SETTLE_LIMIT_MS) {
			settle_panes[i] = settle_panes[--settle_npanes];
			continue;
		}
		if (ps->id == id)
			return (ps);
		i++;
	}
	return (NULL);
}

/* The pane was just created, or a command just sent it keys. */
void
pane_settle_start(struct pane *p)
{
	struct pane_settle	*ps;
	struct timeval		 now;

	pane_settle_now(&now);
	if ((ps = pane_settle_find(p->id, &now)) == NULL) {
		settle_panes = xreallocarray(settle_panes, settle_npanes + 1,
		    sizeof *settle_panes);
		ps = &settle_panes[settle_npanes++];
		ps->id = p->id;
	}
	ps->from = now;
	ps->has_output = 0;
}

/* The pane's program wrote something (server_pane_changed). */
void
pane_settle_output(struct pane *p)
{
	struct pane_settle	*ps;
	struct timeval		 now;

	if (settle_npanes == 0)
		return;
	pane_settle_now(&now);
	if ((ps = pane_settle_find(p->id, &now)) != NULL) {
		ps->output = now;
		ps->has_output = 1;
	}
}

/* Whether a command reading the pane should wait a little first. */
int
pane_settle_busy(struct pane *p)
{
	struct pane_settle	*ps;
	struct timeval		 now;

	if (settle_npanes == 0 || p->dead)
		return (0);
	pane_settle_now(&now);
	if (pane_settle_find(p->id, &now) == NULL)
		return (0);
	pane_io_drain(p);	/* output that came meanwhile counts */
	pane_settle_now(&now);
	if ((ps = pane_settle_find(p->id, &now)) == NULL || p->dead)
		return (0);
	if (sock_queue_unread(p->fd) != 0 || !ps->has_output)
		return (1);
	return (pane_settle_ms_since(&ps->output, &now) <
	    PANE_SETTLE_QUIET_MS);
}

static void
pane_settle_timer_cb(evutil_socket_t fd, short events, void *arg)
{
	unsigned	i;

	/* Each goes on; one still busy waits again (in a new list). */
	settle_running = settle_clients;
	settle_nrunning = settle_nclients;
	settle_clients = NULL;
	settle_nclients = 0;
	for (i = 0; i < settle_nrunning; i++) {
		if (settle_running[i] != NULL)
			cmdq_continue(settle_running[i]);
	}
	xfree(settle_running);
	settle_running = NULL;
	settle_nrunning = 0;
}

/* Run the client's list again from its wait_next in a moment. */
void
pane_settle_wait(struct client *c)
{
	struct timeval	tv = { 0, 1000 };

	settle_clients = xreallocarray(settle_clients, settle_nclients + 1,
	    sizeof *settle_clients);
	settle_clients[settle_nclients++] = c;
	if (settle_timer == NULL)
		settle_timer = evtimer_new(server_event_base(),
		    pane_settle_timer_cb, NULL);
	if (!evtimer_pending(settle_timer, NULL))
		evtimer_add(settle_timer, &tv);
}

/* The client is going away: it waits for nothing now. */
void
pane_settle_client_gone(struct client *c)
{
	unsigned	i;

	for (i = 0; i < settle_nclients; i++) {
		if (settle_clients[i] == c)
			settle_clients[i] = NULL;
	}
	for (i = 0; i < settle_nrunning; i++) {
		if (settle_running[i] == c)
			settle_running[i] = NULL;
	}
}
