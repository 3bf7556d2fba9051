/*
 * source-file: read, parse and run configuration files (-F expands the
 * paths as formats, -n only parses, -q ignores missing files, -v prints
 * each line's commands). Paths are glob(3) patterns, relative ones from
 * the client's directory. Every file is parsed before any command runs;
 * a failed command skips the rest of its line; parse errors
 * ("file:line: text") are printed after the commands and make the
 * client exit 1 without stopping the commands after source-file.
 *
 * As tmux's file_read, a command client reads the files itself, with its
 * own rights (client-file.c), and "-" is its stdin: source-file has them
 * read one by one, then runs again and parses and runs them as above. The
 * glob is the server's.
 */
#include <sys/queue.h>

#include <errno.h>
#include <limits.h>
#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/client-file.h"
#include "tmux-compat/cmd-parse.h"
#include "tmux-compat/tmux.h"

/* Files sourced inside files: a loop stops here instead of the stack. */
#define SOURCE_FILE_MAX_DEPTH	64
static int	source_file_depth;

/* The files a client reads for a source-file command of its list. */
struct source_file_read {
	struct client			 *c;
	struct cmd			 *cmd;
	char				**files;
	unsigned			  nfiles;
	unsigned			  next;		/* being read */
	char				**data;
	size_t				 *size;
	int				 *error;
	int				  done;		/* all read */
	int				  failed;	/* glob errors */
	int				  item_failed;	/* their cmdq_error */
	TAILQ_ENTRY(source_file_read)	  entry;
};
static TAILQ_HEAD(, source_file_read) source_file_reads =
    TAILQ_HEAD_INITIALIZER(source_file_reads);

static void
cmd_source_file_read_free(struct source_file_read *sr)
{
	unsigned	i;

	TAILQ_REMOVE(&source_file_reads, sr, entry);
	for (i = 0; i < sr->nfiles; i++)
		xfree(sr->data[i]);
	xfree(sr->data);
	xfree(sr->size);
	xfree(sr->error);
	xfree(sr);
}

static void	cmd_source_file_read_next(struct client *,
		    struct source_file_read *);

/* One file read: on to the next, or done (the command runs again). */
static void
cmd_source_file_read_done(struct client *c, char *data, size_t len,
    int error, void *arg)
{
	struct source_file_read	*sr = arg;
	unsigned		 i;

	if (c == NULL) {
		xfree(data);
		for (i = 0; i < sr->nfiles; i++)
			xfree(sr->files[i]);
		xfree(sr->files);
		cmd_source_file_read_free(sr);
		return;
	}
	sr->data[sr->next] = data;
	sr->size[sr->next] = len;
	sr->error[sr->next] = error;
	sr->next++;
	cmd_source_file_read_next(c, sr);
}

/* Ask the client for the next file; done once there is none. */
static void
cmd_source_file_read_next(struct client *c, struct source_file_read *sr)
{
	const char	*path;

	for (; sr->next < sr->nfiles; sr->next++) {
		path = sr->files[sr->next];
		if (strcmp(path, "-") == 0)
			path = NULL;
		if (client_file_read(c, path, cmd_source_file_read_done,
		    sr) == 1)
			return;
		sr->error[sr->next] = errno;
	}
	sr->done = 1;
}

static struct source_file_read *
cmd_source_file_read_find(struct client *c, struct cmd *cmd)
{
	struct source_file_read	*sr;

	TAILQ_FOREACH(sr, &source_file_reads, entry) {
		if (sr->c == c && sr->cmd == cmd)
			return (sr);
	}
	return (NULL);
}

/* Parse file i: what the client read, else the file itself. */
static int
cmd_source_file_parse(struct cmdq_item *item, struct source_file_read *sr,
    char **files, unsigned i, int flags, struct cmd_list **list,
    unsigned **groups, unsigned **lines)
{
	char	*data;

	if (sr == NULL) {
		/* No client to read: tmux's words for stdin it cannot read. */
		if (strcmp(files[i], "-") == 0) {
			*list = NULL;
			*groups = NULL;
			*lines = NULL;
			cmdq_error(item, "-: %s", strerror(EBADF));
			return (-1);
		}
		return (cfg_parse_file(item, files[i], flags, list, groups,
		    lines, NULL, NULL));
	}
	*list = NULL;
	*groups = NULL;
	*lines = NULL;
	if (sr->error[i] != 0) {
		if (sr->error[i] != ENOENT || (~flags & CFG_QUIET))
			cmdq_error(item, "%s: %s", files[i],
			    strerror(sr->error[i]));
		return (-1);
	}
	data = xrealloc(sr->data[i], sr->size[i] + 1);
	data[sr->size[i]] = '\0';
	sr->data[i] = NULL;
	return (cfg_parse_data(item, files[i], data, sr->size[i], flags, list,
	    groups, lines, NULL, NULL));
}

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
	/*
	 * A command's error set the client's exit status when it came
	 * (cmdq_error), and a run-shell after it sets it again: the last
	 * one stands, as in tmux 3.3a (a file whose last run-shell returns
	 * 127 makes source-file exit 127, whatever failed before).
	 */
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

	struct source_file_read	 *sr;

	if (args_has(args, 'q'))
		flags |= CFG_QUIET;
	if (args_has(args, 'n'))
		flags |= CFG_PARSEONLY;
	if (args_has(args, 'v'))
		flags |= CFG_VERBOSE;

	/* Run again once the client has read the files. */
	if ((sr = cmd_source_file_read_find(c, self)) != NULL) {
		if (!sr->done)
			return (CMD_RETURN_ERROR);
		files = sr->files;
		nfiles = sr->nfiles;
		retval = sr->failed ? CMD_RETURN_ERROR : CMD_RETURN_NORMAL;
		if (sr->item_failed)
			item->failed = 1;
		goto parse;
	}

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
			expanded = format_vars_for(item, &item->current, path, 0);
			path = expanded;
		}
		/* "-" is the client's stdin, as tmux's file_read. */
		if (strcmp(path, "-") == 0) {
			files = xreallocarray(files, nfiles + 1,
			    sizeof *files);
			files[nfiles++] = xstrdup("-");
			xfree(expanded);
			continue;
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

	switch (client_file_where(item)) {
	case 1:
		sr = xcalloc(1, sizeof *sr);
		sr->c = c;
		sr->cmd = self;
		sr->files = files;
		sr->nfiles = nfiles;
		sr->data = xcalloc(nfiles, sizeof *sr->data);
		sr->size = xcalloc(nfiles, sizeof *sr->size);
		sr->error = xcalloc(nfiles, sizeof *sr->error);
		sr->failed = retval == CMD_RETURN_ERROR;
		TAILQ_INSERT_TAIL(&source_file_reads, sr, entry);
		cmd_source_file_read_next(c, sr);
		if (sr->done) {
			/* Not one could be asked for: the errors now. */
			goto parse;
		}
		/*
		 * The glob's errors are printed; that they failed the command
		 * counts when it runs again, not now (the list must wait).
		 */
		sr->item_failed = item->failed;
		item->failed = 0;
		item->again = 1;
		return (CMD_RETURN_WAIT);
	case -1:
		for (i = 0; i < nfiles; i++) {
			cmdq_error(item, "%s: %s", files[i], strerror(EACCES));
			xfree(files[i]);
		}
		xfree(files);
		if (c != NULL)
			c->retval = 1;
		return (CMD_RETURN_ERROR);
	}

parse:
	if (retval == CMD_RETURN_ERROR && c != NULL)
		c->retval = 1;
	retval = CMD_RETURN_NORMAL;

	if (source_file_depth >= SOURCE_FILE_MAX_DEPTH) {
		for (i = 0; i < nfiles; i++)
			xfree(files[i]);
		xfree(files);
		if (sr != NULL)
			cmd_source_file_read_free(sr);
		cmdq_error(item, "too many nested files");
		return (CMD_RETURN_ERROR);
	}

	/* Parse everything first. */
	lists = xcalloc(nfiles, sizeof *lists);
	groups = xcalloc(nfiles, sizeof *groups);
	lines = xcalloc(nfiles, sizeof *lines);
	for (i = 0; i < nfiles; i++) {
		if (cmd_source_file_parse(item, sr, files, i, flags,
		    &lists[i], &groups[i], &lines[i]) != 0)
			failed = 1;
	}
	if (sr != NULL) {
		cmd_source_file_read_free(sr);
		sr = NULL;
	}
	/* A parse error sets the exit status before the commands run. */
	if (failed && c != NULL)
		c->retval = 1;

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
