/*
 * The configuration part of server-upgrade's state file (upgrade.h):
 * options of every store (hooks are options) and the key tables, as the
 * text set-option and bind-key take, so the new server parses them as
 * if typed. Records:
 *
 *	options: u32 n, each: name u32 kind value
 *	    kind: UPGRADE_OPT_VALUE (scalar), UPGRADE_OPT_CLEAR (empty the
 *	    array), else UPGRADE_OPT_ITEM + index (one array item)
 *	keys: u32 ntables, each: name u32 n, each: key note u32 flags
 *	    commands
 */
#include <stdlib.h>
#include <string.h>

#include "engine/base/buf.h"
#include "engine/base/xmalloc.h"
#include "tmux-compat/cmd-parse.h"
#include "tmux-compat/key-bindings.h"
#include "tmux-compat/options.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/upgrade.h"

#define UPGRADE_OPT_VALUE	0
#define UPGRADE_OPT_CLEAR	1
#define UPGRADE_OPT_ITEM	2

/* Whether a global entry still has its default (not worth handing over). */
static int
upgrade_config_is_default(const struct options_entry *o)
{
	const struct options_table_entry	*oe = options_entry_table(o);
	char					*v, *d;
	int					 same;

	if (oe == NULL)
		return (0);
	v = options_to_string(o, -1, 0);
	d = options_default_to_string(oe);
	same = (strcmp(v, d) == 0);
	xfree(v);
	xfree(d);
	return (same);
}

void
upgrade_config_put_options(struct buf *b, struct options *oo, int global)
{
	struct options_entry	*o;
	struct buf		 rec;
	unsigned		 cursor = 0;
	uint32_t		 n = 0;
	char			*v;
	int			 idx;

	buf_init(&rec);
	while ((o = options_next_entry(oo, &cursor)) != NULL) {
		if (global && upgrade_config_is_default(o))
			continue;
		if (!options_is_array(o)) {
			v = options_to_string(o, -1, 0);
			upgrade_state_put_str(&rec, options_name(o));
			upgrade_state_put_u(&rec, UPGRADE_OPT_VALUE);
			upgrade_state_put_str(&rec, v);
			xfree(v);
			n++;
			continue;
		}
		upgrade_state_put_str(&rec, options_name(o));
		upgrade_state_put_u(&rec, UPGRADE_OPT_CLEAR);
		upgrade_state_put_str(&rec, "");
		n++;
		for (idx = options_array_next(o, 0); idx != -1;
		    idx = options_array_next(o, idx + 1)) {
			v = options_to_string(o, idx, 0);
			upgrade_state_put_str(&rec, options_name(o));
			upgrade_state_put_u(&rec, UPGRADE_OPT_ITEM + idx);
			upgrade_state_put_str(&rec, v);
			xfree(v);
			n++;
		}
	}
	upgrade_state_put_u(b, n);
	buf_add(b, buf_data(&rec), rec.len);
	buf_free(&rec);
}

int
upgrade_config_get_options(struct upgrade_reader *r,
    const struct options_target *t, char **cause)
{
	const struct options_table_entry	*oe;
	struct options_entry			*o;
	uint32_t				 n, i, kind;
	char					*name, *value;
	int					 rc = 0, idx;

	n = upgrade_state_get_u(r);
	for (i = 0; i < n && !r->bad && rc == 0; i++) {
		name = upgrade_state_get_str(r, NULL);
		kind = upgrade_state_get_u(r);
		value = upgrade_state_get_str(r, NULL);
		if (r->bad)
			/* nothing */;
		else if (*name == '@')
			rc = options_set_user(t, name, value, 0);
		else if ((oe = options_table_find(name)) == NULL) {
			/* An option this server does not have: dropped. */
		} else if (kind == UPGRADE_OPT_VALUE)
			rc = options_set_from_string(t, oe, name, value, 0,
			    cause);
		else if (kind == UPGRADE_OPT_CLEAR) {
			if ((o = options_get_only(t, name)) != NULL)
				while ((idx = options_array_next(o, 0)) != -1 &&
				    options_remove_or_default(t, name, idx,
				    cause) == 0)
					/* nothing */;
		} else
			rc = options_set_array(t, oe, (int)(kind -
			    UPGRADE_OPT_ITEM), value, 0, cause);
		if (rc != 0 && *cause == NULL)
			xasprintf(cause, "option %s: bad value", name);
		xfree(name);
		xfree(value);
	}
	return (rc);
}

void
upgrade_config_put_keys(struct buf *b)
{
	struct key_table	*kt;
	struct key_binding	*kb;
	unsigned		 i, j, n = key_bindings_ntables();
	char			*cmds;

	upgrade_state_put_u(b, n);
	for (i = 0; i < n; i++) {
		kt = key_bindings_table_at(i);
		upgrade_state_put_str(b, kt->name);
		upgrade_state_put_u(b, kt->n);
		for (j = 0; j < kt->n; j++) {
			kb = kt->bindings[j];
			upgrade_state_put_str(b, key_string_lookup_key(kb->key));
			upgrade_state_put_u(b, kb->note != NULL);
			upgrade_state_put_str(b, kb->note);
			upgrade_state_put_u(b, (uint32_t)kb->flags);
			cmds = key_bindings_print(kb, 0);
			upgrade_state_put_str(b, cmds);
			xfree(cmds);
		}
	}
}

int
upgrade_config_get_keys(struct upgrade_reader *r, char **cause)
{
	struct cmd_parse_input	 pi;
	struct cmd_parse_result	 pr;
	uint32_t		 nt, n, i, j, has_note, flags;
	char			*table, *key, *note, *cmds;
	long long		 k;

	/* Start from no bindings at all (root stays, empty). */
	{
		char		**names;
		unsigned	  nn = key_bindings_ntables(), ii;

		names = xcalloc(nn + 1, sizeof *names);
		for (ii = 0; ii < nn; ii++)
			names[ii] = xstrdup(key_bindings_table_at(ii)->name);
		for (ii = 0; ii < nn; ii++) {
			key_bindings_remove_table(names[ii]);
			xfree(names[ii]);
		}
		xfree(names);
	}
	nt = upgrade_state_get_u(r);
	for (i = 0; i < nt && !r->bad; i++) {
		table = upgrade_state_get_str(r, NULL);
		n = upgrade_state_get_u(r);
		for (j = 0; j < n && !r->bad; j++) {
			key = upgrade_state_get_str(r, NULL);
			has_note = upgrade_state_get_u(r);
			note = upgrade_state_get_str(r, NULL);
			flags = upgrade_state_get_u(r);
			cmds = upgrade_state_get_str(r, NULL);
			k = key_string_lookup_string(key);
			memset(&pi, 0, sizeof pi);
			if (!r->bad && k != -1) {
				cmd_parse_from_string(cmds, &pi, &pr);
				if (pr.status != CMD_PARSE_SUCCESS) {
					xasprintf(cause, "key %s in %s: %s",
					    key, table, pr.error);
					xfree(pr.error);
					xfree(key);
					xfree(note);
					xfree(cmds);
					xfree(table);
					return (-1);
				}
				xfree(pr.lines);
				key_bindings_add(table, k, has_note ? note :
				    NULL, flags & KEY_BINDING_REPEAT,
				    pr.cmdlist, pr.groups, pr.printed);
			}
			xfree(key);
			xfree(note);
			xfree(cmds);
		}
		xfree(table);
	}
	return (r->bad ? -1 : 0);
}
