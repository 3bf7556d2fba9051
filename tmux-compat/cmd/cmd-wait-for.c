/*
 * wait-for: block a command client on a channel until another signals it
 * (-S), or take (-L) and release (-U) a channel's lock. A signal with no
 * waiter is remembered for the next wait, as in tmux.
 */
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/client-file.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"

struct wait_client {
	struct client		*c;
	TAILQ_ENTRY(wait_client) entry;
};
TAILQ_HEAD(wait_clients, wait_client);

struct wait_channel {
	char			*name;
	int			 locked;
	int			 woken;
	struct wait_clients	 waiters;
	struct wait_clients	 lockers;
	TAILQ_ENTRY(wait_channel) entry;
};

static TAILQ_HEAD(, wait_channel) wait_channels =
    TAILQ_HEAD_INITIALIZER(wait_channels);

static struct wait_channel *
wait_channel_find(const char *name, int create)
{
	struct wait_channel	*wc;

	TAILQ_FOREACH(wc, &wait_channels, entry) {
		if (strcmp(wc->name, name) == 0)
			return (wc);
	}
	if (!create)
		return (NULL);
	wc = xcalloc(1, sizeof *wc);
	wc->name = xstrdup(name);
	TAILQ_INIT(&wc->waiters);
	TAILQ_INIT(&wc->lockers);
	TAILQ_INSERT_TAIL(&wait_channels, wc, entry);
	return (wc);
}

/* tmux's cmd_wait_for_remove: forget a channel nobody needs. */
static void
wait_channel_remove(struct wait_channel *wc)
{
	if (wc->locked)
		return;
	if (!TAILQ_EMPTY(&wc->waiters) || !wc->woken)
		return;
	TAILQ_REMOVE(&wait_channels, wc, entry);
	xfree(wc->name);
	xfree(wc);
}

static void
wait_add(struct wait_clients *list, struct client *c)
{
	struct wait_client	*wi = xcalloc(1, sizeof *wi);

	wi->c = c;
	TAILQ_INSERT_TAIL(list, wi, entry);
}

/* Take the first client off a list and let its commands go on. */
static void
wait_wake_first(struct wait_clients *list)
{
	struct wait_client	*wi = TAILQ_FIRST(list);
	struct client		*c = wi->c;

	TAILQ_REMOVE(list, wi, entry);
	xfree(wi);
	cmdq_continue(c);
}

/* A client that was waiting went away. */
void
cmd_wait_for_client_gone(struct client *c)
{
	struct wait_channel	*wc, *next;
	struct wait_client	*wi, *winext;

	cmd_job_client_gone(c);
	cmd_wait_pane_client_gone(c);
	client_file_gone(c);
	tty_wait_client_gone(c);
	TAILQ_FOREACH_SAFE(wc, &wait_channels, entry, next) {
		TAILQ_FOREACH_SAFE(wi, &wc->waiters, entry, winext) {
			if (wi->c == c) {
				TAILQ_REMOVE(&wc->waiters, wi, entry);
				xfree(wi);
			}
		}
		TAILQ_FOREACH_SAFE(wi, &wc->lockers, entry, winext) {
			if (wi->c == c) {
				TAILQ_REMOVE(&wc->lockers, wi, entry);
				xfree(wi);
			}
		}
	}
}

static enum cmd_retval
cmd_wait_for_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	const char		*name = args_string(args, 0);
	struct wait_channel	*wc = wait_channel_find(name, 0);
	struct client		*c = item->client;

	if (args_has(args, 'S')) {
		if (wc == NULL)
			wc = wait_channel_find(name, 1);
		if (TAILQ_EMPTY(&wc->waiters) && !wc->woken) {
			wc->woken = 1;
			return (CMD_RETURN_NORMAL);
		}
		while (!TAILQ_EMPTY(&wc->waiters))
			wait_wake_first(&wc->waiters);
		wait_channel_remove(wc);
		return (CMD_RETURN_NORMAL);
	}
	if (args_has(args, 'L')) {
		if (c == NULL) {
			cmdq_error(item, "not able to lock");
			return (CMD_RETURN_ERROR);
		}
		if (wc == NULL)
			wc = wait_channel_find(name, 1);
		if (wc->locked) {
			wait_add(&wc->lockers, c);
			return (CMD_RETURN_WAIT);
		}
		wc->locked = 1;
		return (CMD_RETURN_NORMAL);
	}
	if (args_has(args, 'U')) {
		if (wc == NULL || !wc->locked) {
			cmdq_error(item, "channel %s not locked", name);
			return (CMD_RETURN_ERROR);
		}
		if (!TAILQ_EMPTY(&wc->lockers))
			wait_wake_first(&wc->lockers);
		else {
			wc->locked = 0;
			wait_channel_remove(wc);
		}
		return (CMD_RETURN_NORMAL);
	}
	if (c == NULL) {
		cmdq_error(item, "not able to wait");
		return (CMD_RETURN_ERROR);
	}
	if (wc == NULL)
		wc = wait_channel_find(name, 1);
	if (wc->woken) {
		wait_channel_remove(wc);
		return (CMD_RETURN_NORMAL);
	}
	wait_add(&wc->waiters, c);
	return (CMD_RETURN_WAIT);
}

const struct cmd_entry cmd_wait_for_entry = {
	.name = "wait-for",
	.alias = "wait",
	.args = { "LSU", 1, 1 },
	.usage = "[-L|-S|-U] channel",
	.flags = CMD_NOCHANGE,
	.exec = cmd_wait_for_exec
};
