/*
 * choose-buffer's and choose-client's flat lists (tmux 3.3a's
 * window-buffer.c and window-client.c): building them filtered and in
 * their sort orders, each line's text, and what d and z do to an item.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/format.h"
#include "tmux-compat/paste.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"
#include "tmux-compat/window-copy.h"
#include "tmux-compat/window-tree-int.h"

/* The order qsort's comparators use (qsort has no argument for it). */
static int	list_sort_field, list_sort_reversed;

static int
window_tree_list_sort_result(int result)
{
	return (list_sort_reversed ? -result : result);
}

/* choose-buffer's and choose-client's (window-buffer.c, window-client.c). */
static const char *tree_buffer_sort_names[] = { "time", "name", "size" };
static const char *tree_client_sort_names[] = { "name", "size", "creation",
    "activity" };

/* A buffer or client of a flat list, by name (which it takes). */
static void
window_tree_list_add_named(struct window_tree *wt, int type, struct session *s,
    char *name)
{
	struct tree_item	*ti;

	ti = window_tree_add(wt, type, s, NULL, NULL, 0, 0, 0, 0, 0);
	ti->name = name;
	ti->tagged = window_tree_keys_has(&wt->tagged, name);
}

/* The filter for a client: its formats, as for the list's text. */
static int
window_tree_list_client_matches(const char *filter, struct client *c)
{
	struct cmdq_item	 item;
	struct cmd_find_state	 fs;
	char			*value;
	int			 match;

	memset(&item, 0, sizeof item);
	item.client = c;
	cmd_find_from_session(&fs, tty_session(c));
	value = format_vars_for(&item, &fs, filter, 0);
	match = format_true(value);
	xfree(value);
	return (match);
}

/* choose-buffer's orders: time (newest first), name, size (largest). */
static int
window_tree_list_buffer_cmp(const void *a0, const void *b0)
{
	const struct paste_buffer *a = *(struct paste_buffer *const *)a0;
	const struct paste_buffer *b = *(struct paste_buffer *const *)b0;
	int			   result = 0;

	if (list_sort_field == 0)
		result = b->order > a->order ? 1 : -(b->order < a->order);
	else if (list_sort_field == 2)
		result = b->size > a->size ? 1 : -(b->size < a->size);
	if (result == 0)
		result = strcmp(a->name, b->name);
	return (window_tree_list_sort_result(result));
}

/* choose-client's: name, size (largest), creation, activity (latest). */
static int
window_tree_list_client_cmp(const void *a0, const void *b0)
{
	struct tty_client	*a = *(struct tty_client *const *)a0;
	struct tty_client	*b = *(struct tty_client *const *)b0;
	char			*na, *nb;
	int			 result = 0;

	if (list_sort_field == 1) {
		result = (int)b->sx - (int)a->sx;
		if (result == 0)
			result = (int)b->sy - (int)a->sy;
	} else if (list_sort_field == 2)
		result = b->c->created > a->c->created ? 1 :
		    -(b->c->created < a->c->created);
	else if (list_sort_field == 3)
		result = b->c->activity > a->c->activity ? 1 :
		    -(b->c->activity < a->c->activity);
	if (result == 0) {
		na = message_log_client_name(a->c);
		nb = message_log_client_name(b->c);
		result = strcmp(na, nb);
		xfree(na);
		xfree(nb);
	}
	return (window_tree_list_sort_result(result));
}

/* choose-buffer's and choose-client's flat lists, filtered, sorted. */
void
window_tree_list_build_list(struct window_tree *wt, const char *filter)
{
	struct paste_buffer	*pb, **pbs = NULL;
	struct tty_client	*tc, **tcs = NULL;
	char			*value;
	unsigned		 i, n = 0;
	int			 match;

	list_sort_field = wt->sort_field;
	list_sort_reversed = wt->sort_reversed;
	if (wt->kind == WINDOW_TREE_BUFFERS) {
		for (pb = paste_first(); pb != NULL; pb = paste_next(pb)) {
			if (filter != NULL) {
				value = format_vars_for_buffer(NULL, pb, filter);
				match = format_true(value);
				xfree(value);
				if (!match)
					continue;
			}
			pbs = xreallocarray(pbs, n + 1, sizeof *pbs);
			pbs[n++] = pb;
		}
		if (n != 0)	/* qsort(NULL, 0) is undefined */
			qsort(pbs, n, sizeof *pbs, window_tree_list_buffer_cmp);
		for (i = 0; i < n; i++) {
			window_tree_list_add_named(wt, TREE_BUFFER, NULL,
			    xstrdup(pbs[i]->name));
		}
		xfree(pbs);
		return;
	}
	for (tc = tty_first(); tc != NULL; tc = tty_next(tc)) {
		if (tty_session(tc->c) == NULL)
			continue;
		if (filter != NULL && !window_tree_list_client_matches(filter, tc->c))
			continue;
		tcs = xreallocarray(tcs, n + 1, sizeof *tcs);
		tcs[n++] = tc;
	}
	if (n != 0)
		qsort(tcs, n, sizeof *tcs, window_tree_list_client_cmp);
	for (i = 0; i < n; i++) {
		window_tree_list_add_named(wt, TREE_CLIENT, tty_session(tcs[i]->c),
		    message_log_client_name(tcs[i]->c));
	}
	xfree(tcs);
}

/*
 * A buffer's or client's text: format (-F), or tmux's
 * WINDOW_BUFFER_DEFAULT_FORMAT or WINDOW_CLIENT_DEFAULT_FORMAT.
 */
char *
window_tree_list_text(const struct tree_item *ti, const char *format)
{
	struct paste_buffer	*pb;
	struct client		*c;
	struct cmdq_item	 item;
	struct cmd_find_state	 fs;
	char			*text = NULL;

	if (ti->type == TREE_BUFFER) {
		if ((pb = paste_get_name(ti->name)) != NULL)
			text = format_vars_for_buffer(NULL, pb, format != NULL ?
			    format : "#{t/p:buffer_created}: #{buffer_sample}");
	} else if ((c = cmdq_find_client(ti->name)) != NULL &&
	    tty_session(c) != NULL) {
		memset(&item, 0, sizeof item);
		item.client = c;
		cmd_find_from_session(&fs, tty_session(c));
		text = format_vars_for(&item, &fs, format != NULL ? format :
		    "#{t/p:client_activity}: session #{session_name}", 0);
	}
	return (text != NULL ? text : xstrdup(""));
}

/*
 * d deletes a buffer or detaches a client, x detaches it and hangs up its
 * parent (detach-client -P), z suspends it.
 */
void
window_tree_list_act(const struct tree_item *ti, char key)
{
	struct paste_buffer	*pb;
	struct client		*c;

	if (ti->type == TREE_BUFFER) {
		if (key == 'd' && (pb = paste_get_name(ti->name)) != NULL)
			paste_free(pb);
		return;
	}
	if ((c = cmdq_find_client(ti->name)) == NULL || c->tty == NULL)
		return;
	if (key == 'd' || key == 'x')
		tty_detach_from_session(c, key == 'x');
	else
		tty_suspend(c, NULL);
}


/* The sort orders of a list's kind, *n of them. */
const char **
window_tree_list_sorts(int kind, unsigned *n)
{
	if (kind == WINDOW_TREE_BUFFERS) {
		*n = sizeof tree_buffer_sort_names /
		    sizeof *tree_buffer_sort_names;
		return (tree_buffer_sort_names);
	}
	*n = sizeof tree_client_sort_names / sizeof *tree_client_sort_names;
	return (tree_client_sort_names);
}
