/*
 * Configuration files: the startup files (-f, or tmux 3.3a's default
 * list), reading and parsing one file for source-file, running a parsed
 * list line by line as tmux groups it, and the causes (errors) kept from
 * the startup files.
 */
#include <sys/types.h>
#include <sys/stat.h>

#include <errno.h>
#include <limits.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/base/buf.h"
#include "engine/base/xmalloc.h"
#include "tmux-compat/cmd-parse.h"
#include "tmux-compat/prompt-history.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/window-copy.h"

/* Debian's tmux 3.3a TMUX_CONF. */
#define CFG_DEFAULT_FILES \
	"/etc/tmux.conf:~/.tmux.conf:$XDG_CONFIG_HOME/tmux/tmux.conf:" \
	"~/.config/tmux/tmux.conf"

int		 cfg_finished;
int		 cfg_loading;
static char	**cfg_files;
static unsigned	  cfg_nfiles;
static char	**cfg_causes;
static unsigned	  cfg_ncauses_n;
/*
 * The file and line of the client-less command running now (cfg_run): a
 * failed command with no client to tell becomes a cause "file:line: text"
 * as in tmux, "(null):0: text" outside a file (hooks).
 */
static const char *cfg_source_path;
static unsigned	  cfg_source_line;

void
cfg_add_file(const char *path)
{
	cfg_files = xreallocarray(cfg_files, cfg_nfiles + 1,
	    sizeof *cfg_files);
	cfg_files[cfg_nfiles++] = xstrdup(path);
}

const char *
cfg_file(unsigned i)
{
	return (i < cfg_nfiles ? cfg_files[i] : NULL);
}

static void
cfg_add_cause_to(char ***causes, unsigned *ncauses, const char *msg)
{
	*causes = xreallocarray(*causes, *ncauses + 1, sizeof **causes);
	(*causes)[(*ncauses)++] = xstrdup(msg);
}

void
cfg_add_cause(const char *fmt, ...)
{
	va_list	 ap;
	char	*msg;

	va_start(ap, fmt);
	xvasprintf(&msg, fmt, ap);
	va_end(ap);
	cfg_add_cause_to(&cfg_causes, &cfg_ncauses_n, msg);
	xfree(msg);
}

/* An error with no client to print it (cmdq_error): a cause. */
void
cfg_add_error(const char *msg)
{
	cfg_add_cause("%s:%u: %s", cfg_source_path != NULL ? cfg_source_path :
	    "(null)", cfg_source_line, msg);
}

/* Swap where client-less commands come from with *path and *line. */
void
cfg_swap_source(const char **path, unsigned *line)
{
	const char	*old_path = cfg_source_path;
	unsigned	 old_line = cfg_source_line;

	cfg_source_path = *path;
	cfg_source_line = *line;
	*path = old_path;
	*line = old_line;
}

/* Where client-less commands come from now (path NULL outside a file). */
void
cfg_get_source(const char **path, unsigned *line)
{
	*path = cfg_source_path;
	*line = cfg_source_line;
}

unsigned
cfg_ncauses(void)
{
	return (cfg_ncauses_n);
}

const char *
cfg_cause(unsigned idx)
{
	return (idx < cfg_ncauses_n ? cfg_causes[idx] : NULL);
}

unsigned
cfg_print_causes(struct cmdq_item *item)
{
	unsigned	i, n = cfg_ncauses_n;

	for (i = 0; i < n; i++) {
		cmdq_print(item, "%s", cfg_causes[i]);
		xfree(cfg_causes[i]);
	}
	xfree(cfg_causes);
	cfg_causes = NULL;
	cfg_ncauses_n = 0;
	return (n);
}

void
cfg_show_causes(struct session *s)
{
	struct pane	*p;
	struct buf	 b;
	unsigned	 i;

	if (cfg_ncauses_n == 0 || s == NULL || s->curw == NULL ||
	    (p = s->curw->window->active) == NULL)
		return;
	buf_init(&b);
	for (i = 0; i < cfg_ncauses_n; i++) {
		buf_printf(&b, "%s\n", cfg_causes[i]);
		xfree(cfg_causes[i]);
	}
	xfree(cfg_causes);
	cfg_causes = NULL;
	cfg_ncauses_n = 0;
	window_view_enter(p, (const char *)buf_data(&b), b.len);
	buf_free(&b);
}

static const char *
cfg_getenv(void *arg, const char *name)
{
	struct environ_entry	*e;

	(void)arg;
	if ((e = environ_find(&global_environ, name)) == NULL)
		return (NULL);
	return (e->value);
}

static void
cfg_setenv(void *arg, const char *assignment, int hidden)
{
	struct environ_entry	*e;
	const char		*eq = strchr(assignment, '=');
	char			*name;

	(void)arg;
	if (eq == NULL)
		return;
	environ_put(&global_environ, assignment);
	name = xstrndup(assignment, (size_t)(eq - assignment));
	if ((e = environ_find(&global_environ, name)) != NULL)
		e->hidden = hidden;
	xfree(name);
}

static char *
cfg_format(void *arg, const char *fmt)
{
	struct cmdq_item	*item = arg, dummy;
	const struct cmd_find_state *fs;

	if (item == NULL) {
		memset(&dummy, 0, sizeof dummy);
		dummy.current.idx = dummy.target.idx = dummy.source.idx = -1;
		item = &dummy;
	}
	fs = item->target.s != NULL ? &item->target : &item->current;
	return (format_vars_for(item, fs, fmt, 0));
}

void
cfg_parse_input(struct cmd_parse_input *pi, struct cmdq_item *item,
    const char *file, int flags)
{
	memset(pi, 0, sizeof *pi);
	pi->file = file;
	pi->line = 1;
	pi->flags = (flags & CFG_PARSEONLY) ? CMD_PARSE_PARSEONLY : 0;
	pi->getenv = cfg_getenv;
	pi->setenv = cfg_setenv;
	pi->format = cfg_format;
	pi->arg = item;
}

/* Read a whole file; NULL with errno set. */
static char *
cfg_read(const char *path, size_t *size)
{
	FILE	*f;
	char	*buf = NULL;
	size_t	 len = 0, n;
	int	 saved;

	if ((f = fopen(path, "rb")) == NULL)
		return (NULL);
	for (;;) {
		buf = xrealloc(buf, len + 65536 + 1);
		n = fread(buf + len, 1, 65536, f);
		len += n;
		if (n == 0)
			break;
	}
	if (ferror(f)) {
		saved = errno;
		fclose(f);
		xfree(buf);
		errno = saved;
		return (NULL);
	}
	fclose(f);
	buf[len] = '\0';
	*size = len;
	return (buf);
}

/* Print each line's commands: "file:line: commands" (-v). */
static void
cfg_print_verbose(struct cmdq_item *item, const char *path,
    struct cmd_parse_result *pr)
{
	struct cmd	*cmd, *first, *next;
	struct cmd_list	 group;
	unsigned	 i = 0, start, line;
	char		*s;

	for (cmd = pr->cmdlist->first; cmd != NULL; cmd = next) {
		first = cmd;
		start = i;
		line = pr->lines[i];
		while (cmd->next != NULL &&
		    pr->groups[i + 1] == pr->groups[i]) {
			cmd = cmd->next;
			i++;
		}
		i++;
		next = cmd->next;
		cmd->next = NULL;
		group.first = first;
		group.last = cmd;
		s = cmd_parse_print_joined(&group, pr->printed + start, NULL,
		    0);
		cmd->next = next;
		cmdq_print(item, "%s:%u: %s", path, line, s);
		xfree(s);
	}
}

int
cfg_parse_file(struct cmdq_item *item, const char *path, int flags,
    struct cmd_list **list, unsigned **groups, unsigned **lines,
    char ***causes, unsigned *ncauses)
{
	char	*buf;
	size_t	 size;

	*list = NULL;
	*groups = NULL;
	*lines = NULL;
	if ((buf = cfg_read(path, &size)) == NULL) {
		if (errno == ENOENT && (flags & CFG_QUIET))
			return (-1);
		if (item != NULL)
			cmdq_error(item, "%s: %s", path, strerror(errno));
		else
			cfg_add_cause("%s: %s", path, strerror(errno));
		return (-1);
	}
	return (cfg_parse_data(item, path, buf, size, flags, list, groups,
	    lines, causes, ncauses));
}

int
cfg_parse_data(struct cmdq_item *item, const char *path, char *buf,
    size_t size, int flags, struct cmd_list **list, unsigned **groups,
    unsigned **lines, char ***causes, unsigned *ncauses)
{
	struct cmd_parse_input	 pi;
	struct cmd_parse_result	 pr;

	*list = NULL;
	*groups = NULL;
	*lines = NULL;
	cfg_parse_input(&pi, item, path, flags);
	cmd_parse_from_buffer(buf, size, &pi, &pr);
	xfree(buf);
	if (pr.status == CMD_PARSE_ERROR) {
		if (causes != NULL)
			cfg_add_cause_to(causes, ncauses, pr.error);
		else
			cfg_add_cause("%s", pr.error);
		xfree(pr.error);
		return (-1);
	}
	if ((flags & CFG_VERBOSE) && item != NULL)
		cfg_print_verbose(item, path, &pr);
	if (flags & CFG_PARSEONLY) {
		cmd_parse_result_free(&pr);
		return (0);
	}
	*list = pr.cmdlist;
	*groups = pr.groups;
	*lines = pr.lines;
	pr.cmdlist = NULL;
	pr.groups = NULL;
	pr.lines = NULL;
	cmd_parse_result_free(&pr);
	return (0);
}

/* A default path with ~ and $VAR expanded, or NULL (tmux's expand_path). */
static char *
cfg_expand_path(const char *path)
{
	struct environ_entry	*e;
	struct passwd		*pw;
	const char		*home = NULL, *end;
	char			*name, *out;

	if (strncmp(path, "~/", 2) == 0) {
		if ((e = environ_find(&global_environ, "HOME")) != NULL &&
		    e->value != NULL && *e->value != '\0')
			home = e->value;
		else if ((pw = getpwuid(getuid())) != NULL)
			home = pw->pw_dir;
		if (home == NULL)
			return (NULL);
		xasprintf(&out, "%s%s", home, path + 1);
		return (out);
	}
	if (*path == '$') {
		end = strchr(path, '/');
		if (end == NULL)
			end = path + strlen(path);
		name = xstrndup(path + 1, (size_t)(end - path - 1));
		e = environ_find(&global_environ, name);
		xfree(name);
		if (e == NULL || e->value == NULL)
			return (NULL);
		xasprintf(&out, "%s%s", e->value, end);
		return (out);
	}
	return (xstrdup(path));
}

/* #{config_files}: the startup files that were read, comma-separated. */
static char	*cfg_loaded;

static void
cfg_loaded_add(const char *path)
{
	char	*s;

	xasprintf(&s, "%s%s%s", cfg_loaded != NULL ? cfg_loaded : "",
	    cfg_loaded != NULL ? "," : "", path);
	xfree(cfg_loaded);
	cfg_loaded = s;
}

const char *
cfg_loaded_files(void)
{
	return (cfg_loaded != NULL ? cfg_loaded : "");
}

/*
 * The startup files, run as tmux's queue runs them: a command whose job
 * they wait for (if-shell, run-shell without -b) pauses them until its
 * job and the commands it runs are done (cfg_job_done).
 */
static struct cmd_list	**cfg_lists;
static unsigned		**cfg_groups, **cfg_lines;
static char		**cfg_paths, **cfg_run_paths;
static unsigned		  cfg_npaths, cfg_nlists, cfg_at, cfg_next_i;
static struct cmd	 *cfg_next;
static int		  cfg_paused;

/*
 * Run list's line groups from *cmdp (the *ip'th command) on for c; 1 when
 * a command paused them, *cmdp and *ip then where to go on. *failed is
 * set if a command failed.
 */
int
cfg_run(struct client *c, struct cmd_list *list, const unsigned *groups,
    const unsigned *lines, const char *path, struct cmd **cmdp, unsigned *ip,
    int *failed)
{
	struct cmd	*cmd, *first, *next, *wnext, *loop;
	struct cmd_list	 group;
	unsigned	 i = *ip, start, g, line;
	const char	*where;
	int		 rv;

	for (cmd = *cmdp; cmd != NULL; cmd = next) {
		first = cmd;
		start = i;
		g = groups != NULL ? groups[i] : 0;
		where = path;
		line = lines != NULL ? lines[i] : 0;
		cfg_swap_source(&where, &line);
		while (cmd->next != NULL &&
		    (groups == NULL || groups[i + 1] == g)) {
			cmd = cmd->next;
			i++;
		}
		i++;
		next = cmd->next;
		cmd->next = NULL;
		group.first = first;
		group.last = cmd;
		rv = cmdq_run_cfg(c, &group, first, &wnext);
		if (rv == 1 && failed != NULL)
			*failed = 1;
		cmd->next = next;
		cfg_swap_source(&where, &line);
		if (rv != CMDQ_WAITING)
			continue;
		if (wnext == NULL) {
			*cmdp = next;
			*ip = i;
		} else {
			for (loop = first; loop != wnext; loop = loop->next)
				start++;
			*cmdp = wnext;
			*ip = start;
		}
		return (1);
	}
	*cmdp = NULL;
	return (0);
}

/* Go on with the startup files until one waits or all are done. */
static void
cfg_continue(void)
{
	struct session	*s, *first = NULL;
	unsigned	 i;

	cfg_paused = 0;
	cfg_loading = 1;
	while (cfg_at < cfg_nlists) {
		if (cfg_run(NULL, cfg_lists[cfg_at], cfg_groups[cfg_at],
		    cfg_lines[cfg_at], cfg_run_paths[cfg_at], &cfg_next,
		    &cfg_next_i, NULL)) {
			cfg_loading = 0;
			cfg_paused = 1;
			return;
		}
		cmd_list_free(cfg_lists[cfg_at]);
		xfree(cfg_groups[cfg_at]);
		xfree(cfg_lines[cfg_at]);
		cfg_at++;
		cfg_next = cfg_at < cfg_nlists ? cfg_lists[cfg_at]->first :
		    NULL;
		cfg_next_i = 0;
	}
	for (i = 0; i < cfg_npaths; i++)
		xfree(cfg_paths[i]);
	xfree(cfg_paths);
	xfree(cfg_lists);
	xfree(cfg_groups);
	xfree(cfg_lines);
	xfree(cfg_run_paths);
	cfg_loading = 0;
	cfg_finished = 1;
	prompt_history_load();	/* history-file comes from the config */
	/* The errors go to the first session by name, if any (tmux). */
	TAILQ_FOREACH(s, &model_sessions, entry) {
		if (first == NULL || strcmp(s->name, first->name) < 0)
			first = s;
	}
	if (first != NULL)
		cfg_show_causes(first);
}

/* A startup file's job has finished (cmd-job.c). */
void
cfg_job_done(void)
{
	/* Files source-file left waiting go on first (innermost first). */
	if (cmd_job_cfg_waited() == 0 && !cmd_source_file_continue(NULL) &&
	    cfg_paused)
		cfg_continue();
	if (cfg_finished && cmd_job_cfg_waited() == 0)
		server_cfg_jobs_done();
}

void
cfg_load(void)
{
	struct cmd_list	**lists = NULL;
	unsigned	**groups = NULL, **lines = NULL, n = 0, i, j;
	char		**loaded = NULL;
	char		 *copy, *next, *path, **paths = NULL;
	unsigned	  npaths = 0;
	int		  flags = 0;
	char		  rp1[PATH_MAX], rp2[PATH_MAX];
	int		  dup;

	/* Every command string parsed from now reads $VAR and ~ here. */
	cmd_parse_set_getenv(cfg_getenv);
	if (cfg_nfiles != 0) {
		for (i = 0; i < cfg_nfiles; i++) {
			paths = xreallocarray(paths, npaths + 1, sizeof *paths);
			paths[npaths++] = xstrdup(cfg_files[i]);
		}
	} else {
		flags = CFG_QUIET;
		copy = xstrdup(CFG_DEFAULT_FILES);
		for (next = copy; (path = strsep(&next, ":")) != NULL;) {
			if ((path = cfg_expand_path(path)) == NULL)
				continue;
			/* The same file twice is read once. */
			dup = 0;
			for (j = 0; j < npaths && !dup; j++) {
				if (realpath(paths[j], rp1) != NULL &&
				    realpath(path, rp2) != NULL &&
				    strcmp(rp1, rp2) == 0)
					dup = 1;
			}
			if (dup) {
				xfree(path);
				continue;
			}
			paths = xreallocarray(paths, npaths + 1, sizeof *paths);
			paths[npaths++] = path;
		}
		xfree(copy);
	}

	/* Every file is parsed before any command runs, as tmux. */
	lists = xcalloc(npaths + 1, sizeof *lists);
	groups = xcalloc(npaths + 1, sizeof *groups);
	lines = xcalloc(npaths + 1, sizeof *lines);
	loaded = xcalloc(npaths + 1, sizeof *loaded);
	for (i = 0; i < npaths; i++) {
		if (cfg_parse_file(NULL, paths[i], flags, &lists[n], &groups[n],
		    &lines[n], NULL, NULL) == 0) {
			cfg_loaded_add(paths[i]);
			loaded[n] = paths[i];
			if (lists[n] != NULL)
				n++;
		}
	}
	cfg_lists = lists;
	cfg_groups = groups;
	cfg_lines = lines;
	cfg_run_paths = loaded;
	cfg_paths = paths;
	cfg_npaths = npaths;
	cfg_nlists = n;
	cfg_at = 0;
	cfg_next = n != 0 ? lists[0]->first : NULL;
	cfg_next_i = 0;
	cfg_continue();
}
