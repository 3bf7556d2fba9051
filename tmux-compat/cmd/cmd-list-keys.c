/*
 * list-keys: the bindings as bind-key commands, columns aligned as tmux
 * 3.3a aligns them (over everything listed), or with -N the notes: the
 * root table indented by the width of the prefix key, then the prefix
 * table after "PREFIX " (-P replaces it), -a including keys without
 * notes, -1 the first of each table only.
 */
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/key-bindings.h"
#include "tmux-compat/options.h"
#include "tmux-compat/tmux.h"

/* Display width as tmux counts it for these strings (one per character). */
static unsigned
cmd_list_keys_width(const char *s)
{
	unsigned	w = 0;

	for (; *s != '\0'; s++) {
		if (((unsigned char)*s & 0xc0) != 0x80)
			w++;
	}
	return (w);
}

/* s padded with spaces to width (tmux's utf8_padcstr). */
static char *
cmd_list_keys_pad(const char *s, unsigned width)
{
	unsigned	w = cmd_list_keys_width(s);
	size_t		len = strlen(s);
	char		*out;

	if (w >= width)
		return (xstrdup(s));
	out = xmalloc(len + (width - w) + 1);
	memcpy(out, s, len);
	memset(out + len, ' ', width - w);
	out[len + (width - w)] = '\0';
	return (out);
}

static int
cmd_list_keys_has_note(const struct key_binding *bd)
{
	return (bd->note != NULL && *bd->note != '\0');
}

/* Widest key with a note in a table (tmux's cmd_list_keys_get_width). */
static unsigned
cmd_list_keys_get_width(const char *tablename, long long only)
{
	struct key_table	*table;
	struct key_binding	*bd;
	unsigned		 i, w, width = 0;

	if ((table = key_bindings_get_table(tablename, 0)) == NULL)
		return (0);
	for (i = 0; i < table->n; i++) {
		bd = table->bindings[i];
		if ((only != -1 && bd->key != only) ||
		    key_string_is_mouse(bd->key) || !cmd_list_keys_has_note(bd))
			continue;
		w = cmd_list_keys_width(key_string_lookup_key(bd->key));
		if (w > width)
			width = w;
	}
	return (width);
}

static int
cmd_list_keys_print_notes(struct cmdq_item *item, struct args *args,
    const char *tablename, unsigned keywidth, long long only,
    const char *prefix)
{
	struct key_table	*table;
	struct key_binding	*bd;
	unsigned		 i;
	char			*tmp, *note;
	int			 found = 0;

	if ((table = key_bindings_get_table(tablename, 0)) == NULL)
		return (0);
	for (i = 0; i < table->n; i++) {
		bd = table->bindings[i];
		if ((only != -1 && bd->key != only) ||
		    key_string_is_mouse(bd->key) ||
		    (!args_has(args, 'a') && !cmd_list_keys_has_note(bd)))
			continue;
		found = 1;
		if (cmd_list_keys_has_note(bd))
			note = xstrdup(bd->note);
		else
			note = key_bindings_print(bd, 1);
		tmp = cmd_list_keys_pad(key_string_lookup_key(bd->key),
		    keywidth + 1);
		cmdq_print(item, "%s%s%s", prefix, tmp, note);
		xfree(tmp);
		xfree(note);
		if (args_has(args, '1'))
			break;
	}
	return (found);
}

static enum cmd_retval
cmd_list_keys_notes(struct cmdq_item *item, struct args *args,
    const char *tablename, long long only)
{
	const char	*start;
	char		*prefix, *spaces;
	unsigned	 keywidth, width;
	long long	 key;
	int		 found = 0;

	if (tablename != NULL) {
		start = args_get(args, 'P');
		if (start == NULL)
			start = "";
		keywidth = cmd_list_keys_get_width(tablename, only);
		found = cmd_list_keys_print_notes(item, args, tablename,
		    keywidth, only, start);
	} else {
		key = options_get_number("prefix");
		if (args_has(args, 'P'))
			prefix = xstrdup(args_get(args, 'P'));
		else if (key != OPTIONS_KEY_NONE)
			xasprintf(&prefix, "%s ", key_string_lookup_key(key));
		else
			prefix = NULL;
		keywidth = cmd_list_keys_get_width("root", only);
		if (prefix != NULL) {
			width = cmd_list_keys_get_width("prefix", only);
			if (width > keywidth)
				keywidth = width;
			spaces = cmd_list_keys_pad("", (unsigned)strlen(prefix));
			found = cmd_list_keys_print_notes(item, args, "root",
			    keywidth, only, spaces);
			if (cmd_list_keys_print_notes(item, args, "prefix",
			    keywidth, only, prefix))
				found = 1;
			xfree(spaces);
			xfree(prefix);
		} else
			found = cmd_list_keys_print_notes(item, args, "root",
			    keywidth, only, "");
	}
	if (!found && only != -1) {
		cmdq_error(item, "unknown key: %s", args_string(args, 0));
		return (CMD_RETURN_ERROR);
	}
	return (CMD_RETURN_NORMAL);
}

static enum cmd_retval
cmd_list_keys_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct key_table	*table;
	struct key_binding	*bd;
	const char		*tablename = args_get(args, 'T'), *r;
	char			*key, *tkey, *ttable, *cmds;
	unsigned		 t, i, w, tablewidth = 0, keywidth = 0;
	long long		 only = -1;
	int			 repeat = 0, found = 0;

	if (tablename != NULL && key_bindings_get_table(tablename, 0) == NULL) {
		cmdq_error(item, "table %s doesn't exist", tablename);
		return (CMD_RETURN_ERROR);
	}
	if (args_count(args) != 0) {
		only = key_string_lookup_string(args_string(args, 0));
		if (only == -1) {
			cmdq_error(item, "invalid key: %s",
			    args_string(args, 0));
			return (CMD_RETURN_ERROR);
		}
	}
	if (args_has(args, 'N'))
		return (cmd_list_keys_notes(item, args, tablename, only));

	for (t = 0; t < key_bindings_ntables(); t++) {
		table = key_bindings_table_at(t);
		if (tablename != NULL && strcmp(table->name, tablename) != 0)
			continue;
		for (i = 0; i < table->n; i++) {
			bd = table->bindings[i];
			if (only != -1 && bd->key != only)
				continue;
			if (bd->flags & KEY_BINDING_REPEAT)
				repeat = 1;
			w = cmd_list_keys_width(table->name);
			if (w > tablewidth)
				tablewidth = w;
			key = args_escape(key_string_lookup_key(bd->key));
			w = cmd_list_keys_width(key);
			if (w > keywidth)
				keywidth = w;
			xfree(key);
		}
	}

	for (t = 0; t < key_bindings_ntables(); t++) {
		table = key_bindings_table_at(t);
		if (tablename != NULL && strcmp(table->name, tablename) != 0)
			continue;
		for (i = 0; i < table->n; i++) {
			bd = table->bindings[i];
			if (only != -1 && bd->key != only)
				continue;
			found = 1;
			if (!repeat)
				r = "";
			else if (bd->flags & KEY_BINDING_REPEAT)
				r = "-r ";
			else
				r = "   ";
			key = args_escape(key_string_lookup_key(bd->key));
			tkey = cmd_list_keys_pad(key, keywidth);
			ttable = cmd_list_keys_pad(table->name, tablewidth);
			cmds = key_bindings_print(bd, 1);
			cmdq_print(item, "bind-key %s-T %s %s %s", r, ttable,
			    tkey, cmds);
			xfree(cmds);
			xfree(ttable);
			xfree(tkey);
			xfree(key);
		}
	}
	if (only != -1 && !found) {
		cmdq_error(item, "unknown key: %s", args_string(args, 0));
		return (CMD_RETURN_ERROR);
	}
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_list_keys_entry = {
	.name = "list-keys",
	.alias = "lsk",
	.args = { "1aNP:T:", 0, 1 },
	.usage = "[-1aN] [-P prefix-string] [-T key-table] [key]",
	.flags = CMD_STARTSERVER|CMD_AFTERHOOK|CMD_NOCHANGE,
	.exec = cmd_list_keys_exec
};
