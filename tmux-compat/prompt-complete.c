/*
 * Tab at the status prompt (status-prompt.c finds the word under the
 * cursor and puts the answer in its place), as tmux 3.3a's
 * status_prompt_complete: at the start of the line, command names,
 * aliases and command-alias names; after it, option names and layouts
 * too; a word -tX or -sX (or any word at a target prompt): session names
 * ("name:"), and after "session:" that session's windows. One match is
 * taken with a space after it, several give their common prefix; when
 * that adds nothing, a menu of them above the prompt (its last ten, keys
 * 0-9) chooses one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/options.h"
#include "tmux-compat/prompt-history.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"

struct complete_list {
	char		**items;
	unsigned	  n;
};

/* The menu's choices until it closes. */
struct prompt_complete_menu {
	struct complete_list	 list;
	unsigned		 start;	/* the first one shown */
	char			 flag;	/* -t/-s: put back before the choice */
	int			 whole;	/* the answer is the whole input */
};

static void
prompt_complete_add(struct complete_list *l, const char *s)
{
	unsigned	i;

	for (i = 0; i < l->n; i++) {
		if (strcmp(l->items[i], s) == 0)
			return;
	}
	l->items = xreallocarray(l->items, l->n + 1, sizeof *l->items);
	l->items[l->n++] = xstrdup(s);
}

static void
prompt_complete_free(struct complete_list *l)
{
	unsigned	i;

	for (i = 0; i < l->n; i++)
		xfree(l->items[i]);
	xfree(l->items);
	l->items = NULL;
	l->n = 0;
}

static int
prompt_complete_cmp(const void *a, const void *b)
{
	return (strcmp(*(char *const *)a, *(char *const *)b));
}

struct prompt_complete_alias {
	struct complete_list	*l;
	const char		*word;
};

static void
prompt_complete_alias(unsigned idx, const char *value, void *arg)
{
	struct prompt_complete_alias	*ca = arg;
	const char		*equals = strchr(value, '=');
	size_t			 len = strlen(ca->word);
	char			*name;

	if (equals == NULL || len > (size_t)(equals - value) ||
	    strncmp(value, ca->word, len) != 0)
		return;
	name = xstrndup(value, (size_t)(equals - value));
	prompt_complete_add(ca->l, name);
	xfree(name);
}

/* tmux's status_prompt_complete_list. */
static void
prompt_complete_words(struct complete_list *l, const char *word, int at_start)
{
	static const char		*layouts[] = {
		"even-horizontal", "even-vertical", "main-horizontal",
		"main-vertical", "tiled", NULL
	};
	const struct cmd_entry *const	*ce;
	const struct options_table_entry *oe;
	struct prompt_complete_alias		 ca = { l, word };
	size_t				 len = strlen(word);
	unsigned			 i;

	for (ce = cmd_table; *ce != NULL; ce++) {
		if (strncmp((*ce)->name, word, len) == 0)
			prompt_complete_add(l, (*ce)->name);
		if ((*ce)->alias != NULL &&
		    strncmp((*ce)->alias, word, len) == 0)
			prompt_complete_add(l, (*ce)->alias);
	}
	options_array_each("command-alias", prompt_complete_alias, &ca);
	if (at_start)
		return;
	for (oe = options_table; oe->name != NULL; oe++) {
		if ((~oe->flags & OPTIONS_TABLE_IS_EXT) &&
		    strncmp(oe->name, word, len) == 0)
			prompt_complete_add(l, oe->name);
	}
	for (i = 0; layouts[i] != NULL; i++) {
		if (strncmp(layouts[i], word, len) == 0)
			prompt_complete_add(l, layouts[i]);
	}
}

/* The longest prefix the items share (tmux's prompt_complete_prefix), or NULL. */
static char *
prompt_complete_prefix(struct complete_list *l)
{
	char		*out;
	unsigned	 i;
	size_t		 j;

	if (l->n == 0)
		return (NULL);
	out = xstrdup(l->items[0]);
	for (i = 1; i < l->n; i++) {
		j = strlen(l->items[i]);
		if (j > strlen(out))
			j = strlen(out);
		for (; j > 0; j--) {
			if (out[j - 1] != l->items[i][j - 1])
				out[j - 1] = '\0';
		}
	}
	return (out);
}

/* Sessions whose name starts with s ("name:"), or whose $id does. */
static char *
prompt_complete_sessions(struct complete_list *l, const char *s, char flag)
{
	struct session	*loop;
	char		*out, *tmp, id[16];

	TAILQ_FOREACH(loop, &model_sessions, entry) {
		if (*s == '\0' || strncmp(loop->name, s, strlen(s)) == 0) {
			xasprintf(&tmp, "%s:", loop->name);
			prompt_complete_add(l, tmp);
			xfree(tmp);
		} else if (*s == '$') {
			snprintf(id, sizeof id, "%u", loop->id);
			if (s[1] == '\0' ||
			    strncmp(id, s + 1, strlen(s) - 1) == 0) {
				xasprintf(&tmp, "$%s:", id);
				prompt_complete_add(l, tmp);
				xfree(tmp);
			}
		}
	}
	out = prompt_complete_prefix(l);
	if (out != NULL && flag != '\0') {
		xasprintf(&tmp, "-%c%s", flag, out);
		xfree(out);
		out = tmp;
	}
	return (out);
}

static void
prompt_complete_menu_done(struct client *c, int choice, void *arg)
{
	struct prompt_complete_menu	*cm = arg;
	const char		*item;
	char			*s;

	if (choice >= 0) {
		item = cm->list.items[cm->start + (unsigned)choice];
		if (cm->flag != '\0')
			xasprintf(&s, "-%c%s", cm->flag, item);
		else
			s = xstrdup(item);
		status_prompt_replace_word(c, s, cm->whole);
		xfree(s);
	}
	prompt_complete_free(&cm->list);
	xfree(cm);
}

/*
 * A menu of names (shown[i] for list's item start + i) at offset cells
 * into the prompt: the list is the menu's from here on. 0 if none could
 * be shown.
 */
static int
prompt_complete_menu(struct client *c, struct complete_list *list, char **shown,
    unsigned start, unsigned offset, char flag, int whole)
{
	struct tty_client	*tc = c->tty;
	struct session		*s = tty_session(c);
	struct tty_menu		*menu;
	struct prompt_complete_menu	*cm;
	unsigned		 lines = tty_draw_status_lines(tc), i, py;
	unsigned		 height = list->n - start;

	menu = menu_new("");
	for (i = 0; i < height; i++)
		menu_add(menu, shown[i], '0' + i, NULL);
	if (s != NULL && options_session_number(s, "status-position") == 0)
		py = lines;
	else	/* no status line: tmux's sum goes below 0, the menu to 0 */
		py = tc->sy >= 3 + height ? tc->sy - 3 - height : 0;
	offset = offset > 2 ? offset - 2 : 0;
	cm = xcalloc(1, sizeof *cm);
	cm->list = *list;
	cm->start = start;
	cm->flag = flag;
	cm->whole = whole;
	menu_set_callback(menu, prompt_complete_menu_done, cm,
	    TTY_MENU_TAB|TTY_MENU_NOMOUSE);
	if (menu_show(c, menu, offset, py, NULL, 0, NULL) != 0) {
		menu_free(menu);
		xfree(cm);
		return (0);
	}
	memset(list, 0, sizeof *list);
	return (1);
}

/* How many lines a completion menu may have (tmux: at most ten). */
static unsigned
prompt_complete_menu_height(struct client *c)
{
	struct tty_client	*tc = c->tty;
	unsigned		 lines = tty_draw_status_lines(tc), height;

	if (tc->sy < lines + 3)
		return (0);
	height = tc->sy - lines - 2;
	return (height > 10 ? 10 : height);
}

/* A menu of all the items (the last that fit) for tmux's list menu. */
static void
prompt_complete_list_menu(struct client *c, struct complete_list *list,
    unsigned offset, char flag)
{
	unsigned	height = prompt_complete_menu_height(c), start;

	if (list->n <= 1 || height == 0)
		return;
	if (height > list->n)
		height = list->n;
	start = list->n - height;
	prompt_complete_menu(c, list, list->items + start, start, offset, flag, 0);
}

/*
 * A session's windows whose index starts with word: one is the answer,
 * several a menu (tmux's status_prompt_complete_window_menu).
 */
static char *
prompt_complete_windows(struct client *c, struct session *s, const char *word,
    unsigned offset, char flag, int window_prompt)
{
	struct complete_list	 list = { NULL, 0 };
	struct winlink		*wl;
	char			**shown = NULL, *tmp, idx[16];
	unsigned		 height = prompt_complete_menu_height(c), i;

	if (height == 0)
		return (NULL);
	TAILQ_FOREACH(wl, &s->windows, entry) {
		snprintf(idx, sizeof idx, "%d", wl->idx);
		if (*word != '\0' && strncmp(idx, word, strlen(word)) != 0)
			continue;
		shown = xreallocarray(shown, list.n + 1, sizeof *shown);
		if (window_prompt) {
			xasprintf(&shown[list.n], "%d (%s)", wl->idx,
			    wl->window->name);
			tmp = xstrdup(idx);
		} else {
			xasprintf(&shown[list.n], "%s:%d (%s)", s->name,
			    wl->idx, wl->window->name);
			xasprintf(&tmp, "%s:%d", s->name, wl->idx);
		}
		list.items = xreallocarray(list.items, list.n + 1,
		    sizeof *list.items);
		list.items[list.n++] = tmp;
		if (list.n == height)
			break;
	}
	tmp = NULL;
	if (list.n == 1) {
		if (flag != '\0')
			xasprintf(&tmp, "-%c%s", flag, list.items[0]);
		else
			tmp = xstrdup(list.items[0]);
	} else if (list.n > 1)
		prompt_complete_menu(c, &list, shown, 0, offset, flag, window_prompt);
	for (i = 0; i < list.n; i++)
		xfree(shown[i]);
	xfree(shown);
	prompt_complete_free(&list);
	return (tmp);
}

/*
 * What word (starting offset cells into the prompt) completes to, or NULL
 * (a menu may have been opened instead).
 */
char *
prompt_complete(struct client *c, const char *word, unsigned offset,
    int type, unsigned prompt_width)
{
	struct complete_list	 list = { NULL, 0 };
	struct session		*s;
	const char		*t, *colon;
	char			*out = NULL, *copy, flag = '\0';
	int			 target = type == PROMPT_TYPE_TARGET ||
				     type == PROMPT_TYPE_WINDOW_TARGET;

	if (*word == '\0' && !target)
		return (NULL);
	if (!target && strncmp(word, "-t", 2) != 0 &&
	    strncmp(word, "-s", 2) != 0) {
		prompt_complete_words(&list, word, offset == 0);
		if (list.n == 1)
			xasprintf(&out, "%s ", list.items[0]);
		else
			out = prompt_complete_prefix(&list);
		goto found;
	}
	if (target)
		t = word;
	else {
		t = word + 2;
		flag = word[1];
		offset += 2;
	}
	if (type == PROMPT_TYPE_WINDOW_TARGET) {
		out = prompt_complete_windows(c, tty_session(c), t,
		    offset + prompt_width, '\0', 1);
		goto found;
	}
	if ((colon = strchr(t, ':')) == NULL) {
		out = prompt_complete_sessions(&list, t, flag);
		goto found;
	}
	if (strchr(colon + 1, '.') == NULL) {
		if (*t == ':')
			s = tty_session(c);
		else {
			copy = xstrndup(t, (size_t)(colon - t));
			s = session_find(copy);
			xfree(copy);
			if (s == NULL)
				goto found;
		}
		out = prompt_complete_windows(c, s, colon + 1, offset + prompt_width,
		    flag, 0);
		if (out == NULL)
			return (NULL);
	}

found:
	if (list.n != 0)
		qsort(list.items, list.n, sizeof *list.items, prompt_complete_cmp);
	if (out != NULL && strcmp(word, out) == 0) {
		xfree(out);
		out = NULL;
	}
	if (out == NULL)
		prompt_complete_list_menu(c, &list, offset + prompt_width, flag);
	prompt_complete_free(&list);
	return (out);
}
