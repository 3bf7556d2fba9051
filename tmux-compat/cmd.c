/*
 * Commands: name lookup in cmd_table, parsing one command's words, and
 * tmux 3.3a's argv grammar for a command list (the words a shell hands to
 * `tmux a b \; c d`). The parsed (config-file) grammar is elsewhere.
 */

#include <string.h>

#include "engine/base/buf.h"
#include "engine/base/hash.h"
#include "engine/base/xmalloc.h"
#include "tmux-compat/cmd.h"

/*
 * Names already found (the table is constant, so a name always finds the
 * same entry): the scan below, with a strcmp and a strncmp per entry, was
 * a tenth of a control client's set-option (perf). Open addressing; full
 * means no more are kept.
 */
#define CMD_ENTRY_CACHE	512
static struct {
	char			*name;
	const struct cmd_entry	*entry;
} cmd_entry_cache[CMD_ENTRY_CACHE];
static unsigned	cmd_entry_cached;

static unsigned
cmd_entry_hash(const char *name)
{
	return (hash_fnv_string(name) % CMD_ENTRY_CACHE);
}

static const struct cmd_entry *
cmd_entry_cache_find(const char *name)
{
	unsigned	i = cmd_entry_hash(name);

	while (cmd_entry_cache[i].name != NULL) {
		if (strcmp(cmd_entry_cache[i].name, name) == 0)
			return (cmd_entry_cache[i].entry);
		i = (i + 1) % CMD_ENTRY_CACHE;
	}
	return (NULL);
}

static void
cmd_entry_cache_add(const char *name, const struct cmd_entry *entry)
{
	unsigned	i = cmd_entry_hash(name);

	if (cmd_entry_cached >= CMD_ENTRY_CACHE / 2 || strlen(name) > 64)
		return;
	while (cmd_entry_cache[i].name != NULL)
		i = (i + 1) % CMD_ENTRY_CACHE;
	cmd_entry_cache[i].name = xstrdup(name);
	cmd_entry_cache[i].entry = entry;
	cmd_entry_cached++;
}

const struct cmd_entry *
cmd_find_entry(const char *name, char **cause)
{
	const struct cmd_entry	*const *loop, *entry, *found = NULL;
	size_t			 namelen = strlen(name), len, off;
	int			 ambiguous = 0;
	char			*s;

	if ((found = cmd_entry_cache_find(name)) != NULL)
		return (found);

	/*
	 * One pass in table order as tmux does: an alias match wins at once
	 * (even over earlier prefix matches: "last" is last-window although
	 * last-pane also starts with it), an exact name stops the search,
	 * and a second prefix match makes the name ambiguous.
	 */
	for (loop = cmd_table; *loop != NULL; loop++) {
		entry = *loop;
		if (entry->alias != NULL && strcmp(entry->alias, name) == 0) {
			ambiguous = 0;
			found = entry;
			break;
		}
		if (strncmp(entry->name, name, namelen) != 0)
			continue;
		if (found != NULL)
			ambiguous = 1;
		found = entry;
		if (entry->name[namelen] == '\0')
			break;
	}
	if (!ambiguous && found != NULL) {
		cmd_entry_cache_add(name, found);
		return (found);
	}
	if (found == NULL) {
		for (loop = cmd_ext_table; *loop != NULL; loop++) {
			if (strcmp((*loop)->name, name) == 0) {
				cmd_entry_cache_add(name, *loop);
				return (*loop);
			}
		}
		xasprintf(cause, "unknown command: %s", name);
		return (NULL);
	}

	/* "ambiguous command: li, could be: link-window, list-buffers" */
	len = 1;
	for (loop = cmd_table; *loop != NULL; loop++) {
		if (strncmp((*loop)->name, name, namelen) == 0)
			len += strlen((*loop)->name) + 2;
	}
	s = xmalloc(len);
	off = 0;
	for (loop = cmd_table; *loop != NULL; loop++) {
		if (strncmp((*loop)->name, name, namelen) != 0)
			continue;
		if (off != 0) {
			memcpy(s + off, ", ", 2);
			off += 2;
		}
		len = strlen((*loop)->name);
		memcpy(s + off, (*loop)->name, len);
		off += len;
	}
	s[off] = '\0';
	xasprintf(cause, "ambiguous command: %s, could be: %s", name, s);
	xfree(s);
	return (NULL);
}

struct cmd *
cmd_parse(int argc, char **argv, char **cause)
{
	const struct cmd_entry	*entry;
	struct cmd		*cmd;
	struct args		*args;
	char			*error;

	*cause = NULL;
	if (argc == 0) {
		*cause = xstrdup("no command");
		return (NULL);
	}
	entry = cmd_find_entry(argv[0], cause);
	if (entry == NULL)
		return (NULL);

	args = args_parse(&entry->args, argc - 1, argv + 1, &error);
	if (args == NULL && error == NULL) {
		xasprintf(cause, "usage: %s %s", entry->name, entry->usage);
		return (NULL);
	}
	if (args == NULL) {
		xasprintf(cause, "command %s: %s", entry->name, error);
		xfree(error);
		return (NULL);
	}

	cmd = xcalloc(1, sizeof *cmd);
	cmd->entry = entry;
	cmd->args = args;
	return (cmd);
}

void
cmd_free(struct cmd *cmd)
{
	if (cmd == NULL)
		return;
	args_free(cmd->args);
	xfree(cmd);
}

char	**(*cmd_alias_hook)(const char *);

/* Parse words[0..n) as one command and append it. */
static int
cmd_list_add1(struct cmd_list *cmdlist, int n, char **words, char **cause)
{
	struct cmd	*cmd;

	cmd = cmd_parse(n, words, cause);
	if (cmd == NULL)
		return (-1);
	if (cmdlist->last == NULL)
		cmdlist->first = cmd;
	else
		cmdlist->last->next = cmd;
	cmdlist->last = cmd;
	return (0);
}

/*
 * Append the commands of an alias: its words with words[1..n) after the
 * last of its commands (a trailing ";" of the alias does not end it).
 */
static int
cmd_list_add_alias(struct cmd_list *cmdlist, char **alias, int n,
    char **words, char **cause)
{
	char	**all;
	int	  nalias, i, start, total, last, retval = 0;

	for (nalias = 0; alias[nalias] != NULL; nalias++)
		/* nothing */;
	total = nalias;
	while (total > 0 && strcmp(alias[total - 1], ";") == 0)
		total--;
	if (total == 0)
		goto out;	/* empty alias: nothing runs (3.3a) */

	/* Only the alias's own ";" words separate: words[] are arguments. */
	all = xcalloc(total + n, sizeof *all);
	memcpy(all, alias, total * sizeof *all);
	last = total;
	for (i = 1; i < n; i++)
		all[total++] = words[i];
	for (start = i = 0; i < last && retval == 0; i++) {
		if (strcmp(all[i], ";") != 0)
			continue;
		if (i > start)
			retval = cmd_list_add1(cmdlist, i - start, all + start,
			    cause);
		start = i + 1;
	}
	if (retval == 0)
		retval = cmd_list_add1(cmdlist, total - start, all + start,
		    cause);
	xfree(all);

out:
	for (i = 0; i < nalias; i++)
		xfree(alias[i]);
	xfree(alias);
	return (retval);
}

/* Parse words[0..n) as a command (or alias) and append; skip if empty. */
static int
cmd_list_add(struct cmd_list *cmdlist, int n, char **words, char **cause)
{
	char	**alias;

	if (n == 0)
		return (0);
	if (cmd_alias_hook != NULL &&
	    (alias = cmd_alias_hook(words[0])) != NULL)
		return (cmd_list_add_alias(cmdlist, alias, n, words, cause));
	return (cmd_list_add1(cmdlist, n, words, cause));
}

struct cmd_list *
cmd_list_parse_argv(int argc, char **argv, char **cause)
{
	struct cmd_list	*cmdlist;
	char		**words, *copy;
	size_t		  size;
	int		  i, n, end, error = 0;

	*cause = NULL;
	cmdlist = xcalloc(1, sizeof *cmdlist);
	words = xcalloc(argc + 1, sizeof *words);
	n = 0;

	/*
	 * A word ending in ";" ends the command (the ";" is dropped, and a
	 * word that was only ";" adds nothing); a word ending in "\;" keeps
	 * a literal ";" in place of the "\;". Commands with no words (";"
	 * twice, or a leading ";") are skipped. Every command is parsed
	 * before any runs, so one bad command fails the whole list.
	 */
	for (i = 0; i < argc && !error; i++) {
		copy = xstrdup(argv[i]);
		size = strlen(copy);
		end = 0;
		if (size != 0 && copy[size - 1] == ';') {
			copy[--size] = '\0';
			if (size > 0 && copy[size - 1] == '\\')
				copy[size - 1] = ';';
			else
				end = 1;
		}
		if (!end || size != 0)
			words[n++] = copy;
		else
			xfree(copy);
		if (end) {
			if (cmd_list_add(cmdlist, n, words, cause) != 0)
				error = 1;
			while (n > 0)
				xfree(words[--n]);
		}
	}
	if (!error && cmd_list_add(cmdlist, n, words, cause) != 0)
		error = 1;
	while (n > 0)
		xfree(words[--n]);
	xfree(words);

	if (error) {
		cmd_list_free(cmdlist);
		return (NULL);
	}
	return (cmdlist);
}

void
cmd_list_free(struct cmd_list *cmdlist)
{
	struct cmd	*cmd, *next;

	if (cmdlist == NULL)
		return;
	for (cmd = cmdlist->first; cmd != NULL; cmd = next) {
		next = cmd->next;
		cmd_free(cmd);
	}
	xfree(cmdlist);
}

int
cmd_list_any_has(const struct cmd_list *cmdlist, int flag)
{
	const struct cmd	*cmd;

	for (cmd = cmdlist->first; cmd != NULL; cmd = cmd->next) {
		if (cmd->entry->flags & flag)
			return (1);
	}
	return (0);
}

int
cmd_list_all_have(const struct cmd_list *cmdlist, int flag)
{
	const struct cmd	*cmd;

	for (cmd = cmdlist->first; cmd != NULL; cmd = cmd->next) {
		if (~cmd->entry->flags & flag)
			return (0);
	}
	return (1);
}

char *
cmd_print(const struct cmd *cmd)
{
	struct buf	b;
	size_t		len;

	buf_init(&b);
	buf_add_str(&b, cmd->entry->name);
	buf_add_byte(&b, ' ');
	len = b.len;
	args_print_to(&b, cmd->args);
	if (b.len == len)
		b.len--;	/* no arguments: no space */
	return (buf_take(&b, NULL));
}

char *
cmd_list_print(const struct cmd_list *cmdlist, int escaped)
{
	const struct cmd	*cmd;
	char			*buf, *s, *t;

	buf = xstrdup("");
	for (cmd = cmdlist->first; cmd != NULL; cmd = cmd->next) {
		s = cmd_print(cmd);
		xasprintf(&t, "%s%s%s", buf, s, cmd->next == NULL ? "" :
		    (escaped ? " \\; " : " ; "));
		xfree(s);
		xfree(buf);
		buf = t;
	}
	return (buf);
}
