/*
 * source-file: read, parse and run configuration files (-F expands the
 * paths as formats, -n only parses, -q ignores missing files, -v prints
 * each line's commands). Paths are glob(3) patterns, relative ones from
 * the client's directory. Every file is parsed before any command runs;
 * a failed command skips the rest of its line; parse errors
 * ("file:line: text") are printed after the commands and make the
 * client exit 1 without stopping the commands after source-file.
 */
#include <errno.h>
#include <limits.h>
#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/cmd-parse.h"
#include "tmux-compat/tmux.h"

/* Files sourced inside files: a loop stops here instead of the stack. */
#define SOURCE_FILE_MAX_DEPTH	64
static int	source_file_depth;

/* Escape glob(3) characters of the directory (tmux's quote_for_glob). */
static char *
cmd_source_file_quote_for_glob(const char *path)
{
	char		*buf = xmalloc(2 * strlen(path) + 1), *p = buf;
	const char	*s;

	for (s = path; *s != '\0'; s++) {
		if (strchr("\\*?[]", *s) != NULL)
			*p++ = '\\';
		*p++ = *s;
	}
	*p = '\0';
	return (buf);
}

/*
 * Files of one source-file being run. A command that waits for a job
 * (if-shell, run-shell) pauses them as tmux's queue does: source-file
 * waits, and its files go on from there when the job is done
 * (cmd_source_file_continue), innermost source-file first.
 */
struct source_file_run {
	struct client		 *c;
	struct cmd_list		**lists;
	unsigned		**groups, **lines;
	char			**files;
	unsigned		  nfiles, at, next_i;
	struct cmd		 *next;		/* where to go on in lists[at] */
	int			  failed, depth;
	TAILQ_ENTRY(source_file_run) entry;
};
static TAILQ_HEAD(, source_file_run) source_file_waiting =
    TAILQ_HEAD_INITIALIZER(source_file_waiting);

/* Run the files on from where they stopped; 1 if a command waits. */
static int
source_file_go(struct source_file_run *r)
{
	int	saved = source_file_depth, paused = 0;

	source_file_depth = r->depth + 1;
	while (r->at < r->nfiles) {
		if (r->next != NULL && cfg_run(r->c, r->lists[r->at],
		    r->groups[r->at], r->lines[r->at], r->files[r->at],
		    &r->next, &r->next_i, &r->failed)) {
			paused = 1;
			break;
		}
		if (r->lists[r->at] != NULL)
			cmd_list_free(r->lists[r->at]);
		xfree(r->groups[r->at]);
		xfree(r->lines[r->at]);
		xfree(r->files[r->at]);
		r->lists[r->at] = NULL;
		r->groups[r->at] = r->lines[r->at] = NULL;
		r->files[r->at] = NULL;
		r->at++;
		r->next = NULL;
		if (r->at < r->nfiles && r->lists[r->at] != NULL)
			r->next = r->lists[r->at]->first;
		r->next_i = 0;
	}
	source_file_depth = saved;
	return (paused);
}

static void
source_file_free(struct source_file_run *r)
{
	unsigned	i;

	for (i = r->at; i < r->nfiles; i++) {
		if (r->lists[i] != NULL)
			cmd_list_free(r->lists[i]);
		xfree(r->groups[i]);
		xfree(r->lines[i]);
		xfree(r->files[i]);
	}
	xfree(r->lists);
	xfree(r->groups);
	xfree(r->lines);
	xfree(r->files);
	xfree(r);
}

/* All files have run: the causes, the client's exit status. */
static void
source_file_finish(struct source_file_run *r)
{
	struct cmdq_item	item;

	/*
	 * The parse errors are kept with the other causes, and every cause
	 * is printed once the files have run (tmux's source-file prints
	 * also those a hook left with no client to tell).
	 */
	memset(&item, 0, sizeof item);
	item.client = r->c;
	if (cfg_finished)
		cfg_print_causes(&item);
	if (r->failed && r->c != NULL)
		r->c->retval = 1;
	source_file_free(r);
}

int
cmd_source_file_continue(struct client *c)
{
	struct source_file_run	*r, *best;

	for (;;) {
		best = NULL;
		TAILQ_FOREACH(r, &source_file_waiting, entry) {
			if (r->c == c && (best == NULL || r->depth > best->depth))
				best = r;
		}
		if (best == NULL)
			return (0);
		TAILQ_REMOVE(&source_file_waiting, best, entry);
		if (source_file_go(best)) {
			TAILQ_INSERT_TAIL(&source_file_waiting, best, entry);
			return (1);
		}
		source_file_finish(best);
	}
}

void
cmd_source_file_client_gone(struct client *c)
{
	struct source_file_run	*r, *next;

	TAILQ_FOREACH_SAFE(r, &source_file_waiting, entry, next) {
		if (r->c == c) {
			TAILQ_REMOVE(&source_file_waiting, r, entry);
			source_file_free(r);
		}
	}
}

static enum cmd_retval
cmd_source_file_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		 *args = self->args;
	struct client		 *c = item->client;
	struct cmd_list		**lists = NULL;
	struct source_file_run	 *r;
	unsigned		**groups = NULL, **lines = NULL, nfiles = 0, i;
	char			**files = NULL, *pattern;
	char			 *expanded, *cwd, buf[PATH_MAX];
	const char		 *path, *error;
	glob_t			  g;
	int			  flags = 0, result, failed = 0, n, j;
	enum cmd_retval		  retval = CMD_RETURN_NORMAL;

	if (args_has(args, 'q'))
		flags |= CFG_QUIET;
	if (args_has(args, 'n'))
		flags |= CFG_PARSEONLY;
	if (args_has(args, 'v'))
		flags |= CFG_VERBOSE;

	if (c != NULL && c->cwd != NULL)
		cwd = cmd_source_file_quote_for_glob(c->cwd);
	else if (getcwd(buf, sizeof buf) != NULL)
		cwd = cmd_source_file_quote_for_glob(buf);
	else
		cwd = xstrdup("/");

	n = args_count(args);
	for (j = 0; j < n; j++) {
		path = args_string(args, j);
		expanded = NULL;
		if (args_has(args, 'F')) {
			expanded = format_for(item, &item->current, path, 0);
			path = expanded;
		}
		if (*path == '/')
			pattern = xstrdup(path);
		else
			xasprintf(&pattern, "%s/%s", cwd, path);
		memset(&g, 0, sizeof g);
		if ((result = glob(pattern, 0, NULL, &g)) != 0) {
			if (result != GLOB_NOMATCH || (~flags & CFG_QUIET)) {
				if (result == GLOB_NOMATCH)
					error = strerror(ENOENT);
				else if (result == GLOB_NOSPACE)
					error = strerror(ENOMEM);
				else
					error = strerror(EINVAL);
				cmdq_error(item, "%s: %s", path, error);
				retval = CMD_RETURN_ERROR;
			}
		} else {
			for (i = 0; i < g.gl_pathc; i++) {
				files = xreallocarray(files, nfiles + 1,
				    sizeof *files);
				files[nfiles++] = xstrdup(g.gl_pathv[i]);
			}
		}
		globfree(&g);
		xfree(pattern);
		xfree(expanded);
	}
	xfree(cwd);
	if (nfiles == 0)
		return (retval);
	if (retval == CMD_RETURN_ERROR && c != NULL)
		c->retval = 1;
	retval = CMD_RETURN_NORMAL;

	if (source_file_depth >= SOURCE_FILE_MAX_DEPTH) {
		for (i = 0; i < nfiles; i++)
			xfree(files[i]);
		xfree(files);
		cmdq_error(item, "too many nested files");
		return (CMD_RETURN_ERROR);
	}

	/* Parse everything first. */
	lists = xcalloc(nfiles, sizeof *lists);
	groups = xcalloc(nfiles, sizeof *groups);
	lines = xcalloc(nfiles, sizeof *lines);
	for (i = 0; i < nfiles; i++) {
		if (cfg_parse_file(item, files[i], flags, &lists[i],
		    &groups[i], &lines[i], NULL, NULL) != 0)
			failed = 1;
	}

	r = xcalloc(1, sizeof *r);
	r->c = c;
	r->lists = lists;
	r->groups = groups;
	r->lines = lines;
	r->files = files;
	r->nfiles = nfiles;
	r->failed = failed;
	r->depth = source_file_depth;
	r->next = lists[0] != NULL ? lists[0]->first : NULL;
	if (source_file_go(r)) {
		TAILQ_INSERT_TAIL(&source_file_waiting, r, entry);
		return (CMD_RETURN_WAIT);
	}
	source_file_finish(r);
	return (retval);
}

const struct cmd_entry cmd_source_file_entry = {
	.name = "source-file",
	.alias = "source",
	.args = { "Fnqv", 1, -1 },
	.usage = "[-Fnqv] path ...",
	.flags = 0,
	.exec = cmd_source_file_exec
};
