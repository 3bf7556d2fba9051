/*
 * customize-mode's own keys (tmux 3.3a's window_customize_key): Enter or
 * s sets the selected option where it applies to the pane (a flag
 * toggles, a choice goes to the next, anything else is asked for), w for
 * the window, S or W globally; on a key's lines Enter toggles Repeat or
 * asks for the Command or the Note. d resets to the default, u unsets,
 * D and U do so for the tagged items, each after asking; H hides the
 * global options. The prompts find the tree again when answered.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/cmd-parse.h"
#include "tmux-compat/key-bindings.h"
#include "tmux-compat/options.h"
#include "tmux-compat/prompt-history.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"
#include "tmux-compat/window-copy.h"
#include "tmux-compat/window-tree-int.h"

/* What a prompt is about (it outlives the list it was asked from). */
struct window_customize_keys_arg {
	struct tree_prompt_arg	 ta;	/* first: window_tree_keys_of_prompt reads it */
	int			 type;	/* TREE_OPTION, TREE_KEY */
	int			 scope;
	int			 idx;
	int			 part;
	long long		 key;
	char			 name[];	/* the option's, a key's table */
};

static struct window_customize_keys_arg *
window_customize_keys_arg(const struct tree_item *ti, int scope)
{
	const char		*name;
	struct window_customize_keys_arg	*ca;

	name = ti->type == TREE_OPTION ? ti->name : ti->table;
	ca = xcalloc(1, sizeof *ca + strlen(name) + 1);
	ca->type = ti->type == TREE_KEY_PART ? TREE_KEY : ti->type;
	ca->scope = scope;
	ca->idx = ti->idx;
	ca->part = ti->part;
	ca->key = ti->key;
	memcpy(ca->name, name, strlen(name) + 1);
	return (ca);
}

/* The tree again, with its state; NULL if it or its pane has gone. */
static struct window_tree *
window_customize_keys_again(void *arg, struct pane **p, struct cmd_find_state *fs)
{
	struct window_tree	*wt;

	if ((wt = window_tree_keys_of_prompt(arg, p)) == NULL ||
	    window_customize_state(wt, fs) != 0)
		return (NULL);
	return (wt);
}

/* After an answer changed something: tmux builds its tree again. */
static void
window_customize_keys_rebuilt(void *arg)
{
	struct window_tree	*wt;
	struct pane		*p;

	if ((wt = window_tree_keys_of_prompt(arg, &p)) != NULL)
		window_tree_rebuilt(p, wt);
	else
		tty_redraw_all();
}

/* --- options ----------------------------------------------------------- */

/* The answer to "(name, for session main) ": the option's new value. */
static void
window_customize_keys_set_cb(struct client *c, const char *answer, void *arg)
{
	struct window_customize_keys_arg			*ca = arg;
	struct cmd_find_state			 fs;
	struct options_target			 t;
	struct options_entry			*o;
	const struct options_table_entry	*oe;
	struct pane				*p;
	char					*cause = NULL;
	int					 idx = ca->idx, error;

	if (answer == NULL || *answer == '\0' ||
	    window_customize_keys_again(arg, &p, &fs) == NULL)
		return;
	window_customize_target(ca->scope, &fs, &t);
	if ((o = options_get(&t, ca->name, NULL)) == NULL)
		return;
	oe = options_entry_table(o);
	if (oe != NULL && (oe->flags & OPTIONS_TABLE_IS_ARRAY)) {
		if (idx == -1) {
			/* [+]: the first free index. */
			o = options_get_only(&t, ca->name);
			for (idx = 0; o != NULL && options_array_has(o, idx);
			    idx++)
				;
		}
		error = options_set_array(&t, oe, idx, answer, 0, &cause);
	} else if (oe == NULL)
		error = options_set_user(&t, ca->name, answer, 0);
	else
		error = options_set_from_string(&t, oe, ca->name, answer, 0,
		    &cause);
	if (error != 0) {
		if (cause != NULL)
			tty_set_error(c, cause);
		xfree(cause);
		return;
	}
	options_push_changes(ca->name);
	window_customize_keys_rebuilt(arg);
}

/*
 * Where w (window), S and W (global) or Enter (the pane where it can be)
 * set an option of scope.
 */
static int
window_customize_keys_set_scope(int scope, int global, int pane)
{
	if (global) {
		if (scope == CUSTOMIZE_SESSION)
			return (CUSTOMIZE_GLOBAL_SESSION);
		if (scope == CUSTOMIZE_WINDOW || scope == CUSTOMIZE_PANE)
			return (CUSTOMIZE_GLOBAL_WINDOW);
		return (scope);
	}
	if (scope == CUSTOMIZE_GLOBAL_SESSION)
		return (CUSTOMIZE_SESSION);
	if (scope == CUSTOMIZE_GLOBAL_WINDOW || scope == CUSTOMIZE_WINDOW ||
	    scope == CUSTOMIZE_PANE)
		return (pane ? CUSTOMIZE_PANE : CUSTOMIZE_WINDOW);
	return (scope);
}

/* A flag's other value, a choice's next one; NULL for anything else. */
static char *
window_customize_keys_next_value(const struct options_table_entry *oe,
    const struct options_target *t, const char *name)
{
	struct options_entry	*o = options_get(t, name, NULL);
	char			*now;
	unsigned		 i;

	if (o == NULL || oe == NULL || (oe->type != OPTIONS_TABLE_FLAG &&
	    oe->type != OPTIONS_TABLE_CHOICE))
		return (NULL);
	now = options_to_string(o, -1, 0);
	if (oe->type == OPTIONS_TABLE_FLAG) {
		i = strcmp(now, "on") == 0;
		xfree(now);
		return (xstrdup(i ? "off" : "on"));
	}
	for (i = 0; oe->choices[i] != NULL; i++) {
		if (strcmp(oe->choices[i], now) == 0)
			break;
	}
	xfree(now);
	if (oe->choices[i] == NULL || oe->choices[i + 1] == NULL)
		return (xstrdup(oe->choices[0]));
	return (xstrdup(oe->choices[i + 1]));
}

static void
window_customize_keys_set_option(struct pane *p, struct client *c, struct window_tree *wt,
    const struct tree_item *ti, int global, int pane)
{
	const struct options_table_entry	*oe;
	struct options_entry			*o;
	struct options_target			 t;
	struct cmd_find_state			 fs;
	const char				*space = "";
	char					*text, *prompt, *value, *cause;
	int					 scope;

	if (window_customize_state(wt, &fs) != 0)
		return;
	window_customize_target(ti->scope, &fs, &t);
	if ((o = options_get_only(&t, ti->name)) == NULL)
		return;
	oe = options_entry_table(o);
	if (oe != NULL && !(oe->scope & OPTIONS_TABLE_PANE))
		pane = 0;
	if (oe != NULL && (oe->flags & OPTIONS_TABLE_IS_ARRAY))
		scope = ti->scope;
	else
		scope = window_customize_keys_set_scope(ti->scope, global, pane);
	window_customize_target(scope, &fs, &t);

	if ((value = window_customize_keys_next_value(oe, &t, ti->name)) != NULL) {
		cause = NULL;
		if (options_set_from_string(&t, oe, ti->name, value, 0,
		    &cause) != 0)
			xfree(cause);
		xfree(value);
		options_push_changes(ti->name);
		return;
	}
	text = window_customize_scope_text(scope, &fs);
	if (*text != '\0')
		space = ", for ";
	else if (scope != CUSTOMIZE_SERVER)
		space = ", global";
	if (oe != NULL && (oe->flags & OPTIONS_TABLE_IS_ARRAY) && ti->idx == -1)
		xasprintf(&prompt, "(%s[+]%s%s) ", ti->name, space, text);
	else if (oe != NULL && (oe->flags & OPTIONS_TABLE_IS_ARRAY)) {
		xasprintf(&prompt, "(%s[%d]%s%s) ", ti->name, ti->idx, space,
		    text);
	} else
		xasprintf(&prompt, "(%s%s%s) ", ti->name, space, text);
	xfree(text);
	/* An array's [+] starts empty. */
	if (oe != NULL && (oe->flags & OPTIONS_TABLE_IS_ARRAY) && ti->idx == -1)
		value = xstrdup("");
	else
		value = options_to_string(o, ti->idx, 0);
	window_tree_keys_prompt_with(c, p, wt, prompt, value, 0, PROMPT_TYPE_COMMAND,
	    window_customize_keys_set_cb, window_customize_keys_arg(ti, scope));
	xfree(value);
	xfree(prompt);
}

/* --- keys -------------------------------------------------------------- */

static struct key_binding *
window_customize_keys_binding(const char *table, long long key)
{
	struct key_table	*kt;

	if ((kt = key_bindings_get_table(table, 0)) == NULL)
		return (NULL);
	return (key_bindings_get(kt, key));
}

/* The answer to "(KEY) " on a key's Command line, or on its Note line. */
static void
window_customize_keys_key_cb(struct client *c, const char *answer, void *arg)
{
	struct window_customize_keys_arg	*ca = arg;
	struct cmd_find_state	 fs;
	struct cmd_parse_input	 pi;
	struct cmd_parse_result	 pr;
	struct key_binding	*bd;
	struct pane		*p;

	if (answer == NULL || *answer == '\0' ||
	    window_customize_keys_again(arg, &p, &fs) == NULL ||
	    (bd = window_customize_keys_binding(ca->name, ca->key)) == NULL)
		return;
	if (ca->part == 1) {
		key_bindings_add(ca->name, ca->key, answer, 0, NULL, NULL,
		    NULL);
		window_customize_keys_rebuilt(arg);
		return;
	}
	memset(&pi, 0, sizeof pi);
	cmd_parse_from_string(answer, &pi, &pr);
	if (pr.status == CMD_PARSE_ERROR) {
		tty_set_error(c, pr.error);
		xfree(pr.error);
		return;
	}
	xfree(pr.lines);
	if (pr.cmdlist == NULL || pr.cmdlist->first == NULL) {
		tty_set_error(c, "empty command");
		cmd_list_free(pr.cmdlist);
		xfree(pr.groups);
		xfree(pr.printed);
		return;
	}
	key_bindings_add(ca->name, ca->key, bd->note,
	    (bd->flags & KEY_BINDING_REPEAT) != 0, pr.cmdlist, pr.groups,
	    pr.printed);
	window_customize_keys_rebuilt(arg);
}

/* Enter on a key's lines: Repeat toggles, Command and Note ask. */
static void
window_customize_keys_set_key(struct pane *p, struct client *c, struct window_tree *wt,
    const struct tree_item *ti)
{
	struct key_binding	*bd;
	char			*prompt, *value;

	if (ti->type != TREE_KEY_PART ||
	    (bd = window_customize_keys_binding(ti->table, ti->key)) == NULL)
		return;
	if (ti->part == 2) {
		bd->flags ^= KEY_BINDING_REPEAT;
		return;
	}
	xasprintf(&prompt, "(%s) ", key_string_lookup_key(ti->key));
	if (ti->part == 0)
		value = key_bindings_print(bd, 0);
	else
		value = xstrdup(bd->note != NULL ? bd->note : "");
	window_tree_keys_prompt_with(c, p, wt, prompt, value, 0, PROMPT_TYPE_COMMAND,
	    window_customize_keys_key_cb, window_customize_keys_arg(ti, 0));
	xfree(value);
	xfree(prompt);
}

/* --- unset and reset ---------------------------------------------------- */

/*
 * Before the current item goes: up a line (tmux's mode_tree_up), from a
 * key's own line after collapsing it.
 */
static void
window_customize_keys_step_up(struct window_tree *wt, const struct tree_item *ti)
{
	int	sel = window_tree_selected(wt);

	if (sel < 0 || (wt->items[sel].type != ti->type &&
	    !(ti->type == TREE_KEY && wt->items[sel].type == TREE_KEY_PART)))
		return;
	if (ti->type == TREE_KEY) {
		while (sel > 0 && wt->items[sel].type == TREE_KEY_PART)
			sel--;
		window_tree_set_expanded(wt, &wt->items[sel], 0);
	}
	if (sel > 0)
		window_tree_select(wt, (unsigned)sel - 1);
}

/* u (unset) or d (reset) for one item. */
static void
window_customize_keys_change(struct window_tree *wt, const struct tree_item *ti,
    int reset, int current)
{
	struct cmd_find_state	 fs;
	struct options_target	 t;
	char			*cause = NULL, *dflt;

	if (ti->type == TREE_KEY || ti->type == TREE_KEY_PART) {
		if (reset) {
			dflt = key_bindings_default_print(ti->table, ti->key);
			if (dflt == NULL && current)
				window_customize_keys_step_up(wt, ti);
			xfree(dflt);
			key_bindings_reset_key(ti->table, ti->key);
		} else {
			if (current)
				window_customize_keys_step_up(wt, ti);
			key_bindings_remove(ti->table, ti->key);
		}
		return;
	}
	if (ti->type != TREE_OPTION || window_customize_state(wt, &fs) != 0)
		return;
	if (reset && ti->idx != -1)
		return;
	if (!reset && ti->idx != -1 && current)
		window_customize_keys_step_up(wt, ti);
	window_customize_target(ti->scope, &fs, &t);
	options_remove_or_default(&t, ti->name, ti->idx, &cause);
	xfree(cause);
	options_push_changes(ti->name);
}

/* The answer to "Unset name? " and the others: y does it. */
static void
window_customize_keys_change_cb(struct client *c, const char *answer, void *arg)
{
	struct window_customize_keys_arg	*ca = arg;
	struct cmd_find_state	 fs;
	struct window_tree	*wt;
	struct tree_item	*items, current;
	struct pane		*p;
	unsigned		 i, n;
	int			 sel;

	if (answer == NULL || tolower((unsigned char)answer[0]) != 'y' ||
	    answer[1] != '\0' || (wt = window_customize_keys_again(arg, &p, &fs)) == NULL)
		return;
	window_tree_build(wt);
	if (ca->type == TREE_GROUP) {
		/* D and U: the tagged ones. */
		items = window_tree_keys_collect(wt, 0, &n);
		for (i = 0; i < n; i++)
			window_customize_keys_change(wt, &items[i], ca->part, 0);
		window_tree_keys_collect_free(items, n);
	} else if ((sel = window_tree_selected(wt)) >= 0) {
		/* The current item when answered (tmux). */
		window_tree_item_copy(&current, &wt->items[sel]);
		window_customize_keys_change(wt, &current, ca->part, 1);
		window_tree_item_free(&current);
	}
	window_customize_keys_rebuilt(arg);
	(void)c;
}

/* d, D, u and U: ask first. */
static void
window_customize_keys_ask(struct pane *p, struct client *c, struct window_tree *wt,
    const struct tree_item *ti, char key)
{
	struct window_customize_keys_arg	*ca;
	struct tree_item	*items;
	const char		*name;
	char			*prompt;
	unsigned		 n;
	int			 reset = (key == 'd' || key == 'D');

	if (key == 'D' || key == 'U') {
		items = window_tree_keys_collect(wt, 0, &n);
		window_tree_keys_collect_free(items, n);
		if (n == 0)
			return;
		xasprintf(&prompt, reset ? "Reset %u tagged to default? " :
		    "Unset %u tagged? ", n);
		ca = xcalloc(1, sizeof *ca);
		ca->type = TREE_GROUP;
	} else {
		if (ti->type == TREE_GROUP || (reset && ti->idx != -1))
			return;
		/* A key's name (tmux 3.3a prints "(null)"). */
		name = ti->type == TREE_OPTION ? ti->name :
		    key_string_lookup_key(ti->key);
		if (reset)
			xasprintf(&prompt, "Reset %s to default? ", name);
		else if (ti->idx != -1)
			xasprintf(&prompt, "Unset %s[%d]? ", name, ti->idx);
		else
			xasprintf(&prompt, "Unset %s? ", name);
		ca = window_customize_keys_arg(ti, ti->scope);
	}
	ca->part = reset;
	window_tree_keys_prompt_with(c, p, wt, prompt, "", TTY_PROMPT_SINGLE,
	    PROMPT_TYPE_COMMAND, window_customize_keys_change_cb, ca);
	xfree(prompt);
}

int
window_customize_keys_key(struct pane *p, struct client *c, struct window_tree *wt,
    const struct tree_item *ti, const char *name)
{
	int	option = ti->type == TREE_OPTION;

	if (strcmp(name, "Enter") == 0 || strcmp(name, "C-m") == 0 ||
	    strcmp(name, "s") == 0) {
		if (option)
			window_customize_keys_set_option(p, c, wt, ti, 0, 1);
		else
			window_customize_keys_set_key(p, c, wt, ti);
	} else if (strcmp(name, "w") == 0) {
		if (option)
			window_customize_keys_set_option(p, c, wt, ti, 0, 0);
	} else if (strcmp(name, "S") == 0 || strcmp(name, "W") == 0) {
		if (option)
			window_customize_keys_set_option(p, c, wt, ti, 1, 0);
	} else if (name[1] == '\0' && strchr("dDuU", name[0]) != NULL)
		window_customize_keys_ask(p, c, wt, ti, name[0]);
	else if (strcmp(name, "H") == 0)
		wt->hide_global = !wt->hide_global;
	else
		return (0);
	return (1);
}
