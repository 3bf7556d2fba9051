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

/*
 * tmux 3.3a lets the commands after source-file run when its files had
 * errors but the client still exits 1 (c->retval). Until the server reads
 * c->retval, failing the command is the only way to get the exit status.
 */
#define SOURCE_FILE_FAIL_ON_ERRORS	0

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

static enum cmd_retval
cmd_source_file_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		 *args = self->args;
	struct client		 *c = item->client;
	struct cmd_list		**lists = NULL;
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

	source_file_depth++;
	for (i = 0; i < nfiles; i++) {
		if (lists[i] == NULL)
			continue;
		if (cfg_run(c, lists[i], groups[i], lines[i], files[i]) != 0)
			failed = 1;
		cmd_list_free(lists[i]);
		xfree(groups[i]);
		xfree(lines[i]);
		xfree(files[i]);
		files[i] = NULL;
	}
	source_file_depth--;
	for (i = 0; i < nfiles; i++)
		xfree(files[i]);
	xfree(files);
	xfree(lists);
	xfree(groups);
	xfree(lines);

	/*
	 * The parse errors are kept with the other causes, and every cause
	 * is printed once the files have run (tmux's source-file prints
	 * also those a hook left with no client to tell).
	 */
	if (cfg_finished)
		cfg_print_causes(item);
	if (failed && c != NULL) {
		c->retval = 1;
		if (SOURCE_FILE_FAIL_ON_ERRORS)
			item->failed = 1;
	}
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
