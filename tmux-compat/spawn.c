/*
 * Starting a pane's program the way tmux's spawn.c does: the environment
 * (server's global environment, the session's, default-terminal as TERM,
 * TERM_PROGRAM, TMUX, -e, TMUX_PANE, an unattached client's PATH), the
 * shell and command, the working directory; and the window name tmux
 * derives from the running command.
 */
#include <sys/stat.h>

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/base/xmalloc.h"
#include "engine/model/layout.h"
#include "engine/sys/pane-io.h"
#include "engine/sys/vtty.h"
#include "engine/term/vt.h"
#include "tmux-compat/client-common.h"
#include "tmux-compat/cmd-parse.h"
#include "tmux-compat/options.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/pane-settle.h"

static char	**spawn_job_environ_with(struct session *, char **);

/*
 * Where the pane state files live: a directory of this server's own,
 * vtty-PID made 0700 in the private socket directory (client_socket_dir,
 * checked as the client checks it), whatever -S says. Beside a -S socket
 * in a shared directory others could take the files' names first, and a
 * relative -S path meant a relative name no pane could open. A directory
 * a crashed server left is removed when a server next makes its own.
 */
static char	*spawn_state_path;

/* Remove a state directory and the files left in it. */
static void
spawn_state_remove(const char *path)
{
	DIR		*d;
	struct dirent	*de;

	if ((d = opendir(path)) != NULL) {
		while ((de = readdir(d)) != NULL) {
			if (strcmp(de->d_name, ".") != 0 &&
			    strcmp(de->d_name, "..") != 0)
				unlinkat(dirfd(d), de->d_name, 0);
		}
		closedir(d);
	}
	rmdir(path);
}

static void
spawn_state_atexit(void)
{
	if (spawn_state_path != NULL && getpid() == server_pid)
		spawn_state_remove(spawn_state_path);
}

/* Remove the state directories of servers that are gone. */
static void
spawn_state_sweep(const char *parent)
{
	DIR		*d;
	struct dirent	*de;
	struct stat	 sb;
	char		*path, *end;
	long		 pid;

	if ((d = opendir(parent)) == NULL)
		return;
	while ((de = readdir(d)) != NULL) {
		if (strncmp(de->d_name, "vtty-", 5) != 0)
			continue;
		errno = 0;
		pid = strtol(de->d_name + 5, &end, 10);
		if (errno != 0 || *end != '\0' || pid <= 0 ||
		    pid == (long)getpid())
			continue;
		if (kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue;
		if (fstatat(dirfd(d), de->d_name, &sb, AT_SYMLINK_NOFOLLOW) != 0 ||
		    !S_ISDIR(sb.st_mode) || sb.st_uid != getuid())
			continue;
		xasprintf(&path, "%s/%s", parent, de->d_name);
		spawn_state_remove(path);
		xfree(path);
	}
	closedir(d);
}

/* The state directory, made on first use; NULL with *cause if it cannot be. */
static const char *
spawn_state_dir(char **cause)
{
	char		 parent[CLIENT_SOCKET_DIR_MAX], *path;
	struct stat	 sb;

	if (spawn_state_path != NULL)
		return (spawn_state_path);
	client_socket_dir(parent, sizeof parent);
	if (mkdir(parent, 0700) != 0 && errno != EEXIST)
		goto fail;
	if (lstat(parent, &sb) != 0)
		goto fail;
	if (!S_ISDIR(sb.st_mode)) {
		errno = ENOTDIR;
		goto fail;
	}
	if (client_socket_dir_unsafe(&sb) ||
	    (sb.st_mode & (S_IWGRP|S_IWOTH)) != 0) {
		errno = EACCES;
		goto fail;
	}
	spawn_state_sweep(parent);
	xasprintf(&path, "%s/vtty-%ld", parent, (long)getpid());
	/* One of a crashed server that had our PID is ours to take. */
	if (mkdir(path, 0700) != 0 && errno == EEXIST)
		spawn_state_remove(path);
	if ((mkdir(path, 0700) != 0 && errno != EEXIST) ||
	    lstat(path, &sb) != 0 || !S_ISDIR(sb.st_mode) ||
	    sb.st_uid != getuid() || chmod(path, 0700) != 0) {
		xasprintf(cause, "%s: %s", path, strerror(errno));
		xfree(path);
		return (NULL);
	}
	spawn_state_path = path;
	atexit(spawn_state_atexit);
	return (spawn_state_path);

fail:
	xasprintf(cause, "%s: %s", parent, strerror(errno));
	return (NULL);
}

/* default-pane-transport's choices (options-table.c). */
#define SPAWN_AUTO	0
#define SPAWN_PTY	1
#define SPAWN_SOCKET	2

/*
 * Where the shim is: ZEROPTY_SHIM (empty: none), the build tree, then the
 * install.
 */
static const char *
spawn_shim_path(void)
{
	const char	*env = getenv("ZEROPTY_SHIM");

	if (env != NULL && *env == '\0')
		return (NULL);
	return (vtty_shim_path());
}

/*
 * tmux's environ_for_session: the global environment, the session's over
 * it, then TERM (default-terminal, even empty) and TERM_PROGRAM unless
 * no_term, and TMUX.
 */
static void
spawn_session_environ(struct environ *env, struct session *s, int no_term)
{
	struct environ_entry	*e;
	const char		*term;
	char			*v;

	environ_init(env);
	TAILQ_FOREACH(e, &global_environ, entry) {
		if (e->value != NULL)
			environ_set(env, e->name, e->value);
	}
	if (s != NULL) {
		TAILQ_FOREACH(e, &s->environ, entry) {
			if (e->value != NULL)
				environ_set(env, e->name, e->value);
			else
				environ_unset(env, e->name);
		}
	}
	if (!no_term) {
		term = options_get_string("default-terminal");
		environ_set(env, "TERM", term != NULL ? term : "");
		environ_set(env, "TERM_PROGRAM", "tmux");
		environ_set(env, "TERM_PROGRAM_VERSION", ZP_TMUX_VERSION);
	}
	xasprintf(&v, "%s,%ld,%d", server_socket_path, (long)server_pid,
	    s != NULL ? (int)s->id : -1);
	environ_set(env, "TMUX", v);
	xfree(v);
}

/* An environment as a NULL-terminated "K=V" vector; env is cleared. */
static char **
spawn_environ_vector(struct environ *env)
{
	struct environ_entry	*e;
	char			**out;
	size_t			 n = 0, i = 0;

	TAILQ_FOREACH(e, env, entry)
		n++;
	out = xcalloc(n + 1, sizeof *out);
	TAILQ_FOREACH(e, env, entry)
		xasprintf(&out[i++], "%s=%s", e->name, e->value);
	environ_clear(env);
	return (out);
}

static char **
spawn_environ(struct spawn_ctx *sc, struct pane *p)
{
	struct environ	 env;
	struct client	*c;
	const char	*path;
	char		*s;
	size_t		 i;

	spawn_session_environ(&env, sc->s, 0);
	environ_unset(&env, "ZEROPTY_TTY");
	for (i = 0; i < (size_t)sc->nenv; i++)
		environ_put(&env, sc->env[i]);
	xasprintf(&s, "%%%u", p->id);
	environ_set(&env, "TMUX_PANE", s);
	xfree(s);
	/*
	 * A client that is not attached gives its PATH, so "new prog" finds
	 * prog where the client would (tmux).
	 */
	c = sc->item != NULL ? sc->item->client : NULL;
	if (c != NULL && server_client_session(c) == NULL &&
	    (path = server_client_getenv(c, "PATH")) != NULL)
		environ_set(&env, "PATH", path);
	if (environ_find(&env, "PATH") == NULL)
		environ_set(&env, "PATH", "/usr/bin:/bin");
	if (p->start_cwd != NULL)
		environ_set(&env, "PWD", p->start_cwd);
	environ_set(&env, "SHELL", p->shell);
	/* default-pane-transport socket: no lent ptys (shim-pty.c). */
	if (options_get_number("default-pane-transport") == SPAWN_SOCKET)
		environ_set(&env, "ZEROPTY_TRANSPORT", "socket");
	return (spawn_environ_vector(&env));
}

/* tmux's cmd_stringify_argv for #{pane_start_command}. */
static char *
spawn_stringify(int argc, char **argv)
{
	char	*out = xstrdup(""), *tmp;
	int	 i;

	for (i = 0; i < argc; i++) {
		char	*word = args_escape(argv[i]);

		xasprintf(&tmp, "%s%s%s", out, i == 0 ? "" : " ", word);
		xfree(word);
		xfree(out);
		out = tmp;
	}
	return (out);
}

/* Start ps on p with the environment env (freed), the shim preloaded. */
static int
spawn_exec(struct pane *p, struct pane_spawn *ps, char **env, char **cause)
{
	const char	*dir;
	int		 rc;

	if ((dir = spawn_state_dir(cause)) == NULL) {
		spawn_free_environ(env);
		return (-1);
	}
	ps->env = env;
	ps->shim_path = spawn_shim_path();
	ps->state_dir = dir;
	ps->pty_helper = NULL;
	if (options_get_number("default-pane-transport") == SPAWN_PTY)
		ps->pty_helper = vtty_pty_helper();
	rc = pane_io_spawn(p, ps, cause);
	if (rc == 0)
		pane_settle_start(p);
	spawn_free_environ(env);
	return (rc);
}

/* Set what p runs (argv, cwd) from sc and start it. */
static int
spawn_start(struct spawn_ctx *sc, struct pane *p, char **cause)
{
	struct pane_spawn	 ps;
	char			*dflt[1];
	const char		*dcmd;
	int			 i;

	xfree(p->start_cwd);
	p->start_cwd = xstrdup(sc->cwd);
	xfree(p->shell);
	p->shell = xstrdup(options_session_string(sc->s, "default-shell"));
	xfree(p->start_command);
	p->start_command = spawn_stringify(sc->argc, sc->argv);
	if (sc->argv != p->start_argv) {
		for (i = 0; i < p->start_argc; i++)
			xfree(p->start_argv[i]);
		xfree(p->start_argv);
		p->start_argc = sc->argc;
		p->start_argv = xcalloc((size_t)sc->argc + 1, sizeof *p->start_argv);
		for (i = 0; i < sc->argc; i++)
			p->start_argv[i] = xstrdup(sc->argv[i]);
	}

	memset(&ps, 0, sizeof ps);
	ps.shell = p->shell;
	ps.argc = p->start_argc;
	ps.argv = p->start_argv;
	dcmd = options_session_string(sc->s, "default-command");
	if (ps.argc == 0 && dcmd != NULL && *dcmd != '\0') {
		dflt[0] = (char *)dcmd;
		ps.argc = 1;
		ps.argv = dflt;
	}
	ps.cwd = p->start_cwd;
	return (spawn_exec(p, &ps, spawn_environ(sc, p), cause));
}

struct pane *
spawn_pane(struct spawn_ctx *sc, unsigned sx, unsigned sy, char **cause)
{
	struct pane	*p;
	char		 host[256];

	p = window_pane_create(sc->w, sx, sy,
	    (unsigned)options_session_number(sc->s, "history-limit"));
	/* Where tmux's window_add_pane puts a split's new pane. */
	if (sc->after != NULL && sc->full && sc->before)
		window_pane_move_next_to(p, TAILQ_FIRST(&sc->w->panes), 1);
	else if (sc->after != NULL && !sc->full)
		window_pane_move_next_to(p, sc->after, sc->before);
	if (sc->cell != NULL)
		layout_assign_pane(sc->cell, p);
	/* A new pane's title is the host name, as in tmux. */
	if (gethostname(host, sizeof host) == 0) {
		host[sizeof host - 1] = '\0';
		vt_screen_set_title(p->screen, host);
	}
	if (spawn_start(sc, p, cause) != 0) {
		if (sc->cell != NULL)
			layout_close_pane(p);
		window_pane_destroy(p);
		return (NULL);
	}
	return (p);
}

/*
 * respawn-pane/-window: the old program is gone (the caller closed it);
 * start sc's command (or the pane's own if sc has none) on a reset screen.
 */
int
spawn_respawn(struct spawn_ctx *sc, struct pane *p, char **cause)
{
	char	*cwd;
	int	 rc;

	if (sc->argc == 0) {
		sc->argc = p->start_argc;
		sc->argv = p->start_argv;
	}
	cwd = xstrdup(sc->cwd != NULL ? sc->cwd : p->start_cwd);
	sc->cwd = cwd;
	p->dead = 0;
	p->status_ready = 0;
	p->dead_shown = 0;
	p->status = 0;
	vt_screen_reset(p->screen);
	rc = spawn_start(sc, p, cause);
	xfree(cwd);
	return (rc);
}

/* tmux's parse_window_name. */
static char *
spawn_parse_name(char *cmd)
{
	char	*name, *copy, *end, *slash;

	name = cmd;
	if (*name == '"')
		name++;
	name[strcspn(name, "\"")] = '\0';
	if (strncmp(name, "exec ", 5) == 0)
		name += 5;
	while (*name == ' ' || *name == '-')
		name++;
	name[strcspn(name, " ")] = '\0';	/* the program, not its arguments */
	if (*name != '\0') {
		end = name + strlen(name) - 1;
		while (end > name && !isalnum((unsigned char)*end) &&
		    !ispunct((unsigned char)*end))
			*end-- = '\0';
	}
	if (*name == '/' && (slash = strrchr(name, '/')) != NULL &&
	    slash[1] != '\0')
		name = slash + 1;
	copy = xstrdup(name);
	xfree(cmd);
	return (copy);
}

/* The name of the foreground program, as automatic-rename shows it. */
char *
spawn_command_name(struct pane *p)
{
	char	*cmd;

	if ((cmd = pane_io_current_command(p)) == NULL)
		return (NULL);
	return (spawn_parse_name(cmd));
}

/* A new window's name before its program runs (tmux's default_window_name). */
char *
spawn_default_name(struct spawn_ctx *sc, struct pane *p)
{
	return (spawn_pane_default_name(p));
}

char *
spawn_pane_default_name(struct pane *p)
{
	if (p->start_command != NULL && *p->start_command != '\0')
		return (spawn_parse_name(xstrdup(p->start_command)));
	return (spawn_parse_name(xstrdup(p->shell)));
}

/*
 * A new window at idx (-1: the first free index from base-index) with one
 * pane, as new-window and new-session make it.
 */
struct winlink *
spawn_window(struct cmdq_item *item, struct session *s, int idx,
    const char *name, const char *cwd, struct args *args, char **cause)
{
	struct window		*w;
	struct winlink		*wl;
	struct pane		*p;
	struct spawn_ctx	 sc;
	char			*dname;

	if (idx == -1)
		idx = winlink_next_index(s,
		    (int)options_session_number(s, "base-index"));
	w = window_create(s->sx, s->sy);
	w->automatic_rename = (int)options_window_number(w, "automatic-rename");
	/* -n and the default name are kept as given (tmux's spawn_window). */
	if (name != NULL) {
		window_set_name(w, name);
		options_window_set_number(w, "automatic-rename", 0);
	}
	wl = winlink_add(s, w, idx);

	memset(&sc, 0, sizeof sc);
	sc.item = item;
	sc.s = s;
	sc.w = w;
	if (args != NULL) {
		sc.argc = args_count(args);
		sc.argv = args_argv(args);
		sc.env = args_values(args, 'e', &sc.nenv);
	}
	sc.cwd = cwd;
	p = spawn_pane(&sc, s->sx, s->sy, cause);
	if (p == NULL) {
		winlink_remove(wl);
		return (NULL);
	}
	layout_init(w, p);
	if (name == NULL) {
		dname = spawn_default_name(&sc, p);
		window_set_name(w, dname);
		xfree(dname);
	}
	return (wl);
}

/* The environment of run-shell and if-shell jobs (tmux's environ_for_session). */
char **
spawn_job_environ(struct session *s)
{
	return (spawn_job_environ_with(s, NULL));
}

/*
 * The same with "K=V" entries (NULL-terminated, or NULL) added last. While
 * the startup files run, TERM is left as the client's (tmux: if-shell can
 * choose default-terminal from it).
 */
static char **
spawn_job_environ_with(struct session *s, char **extra)
{
	struct environ	 env;
	size_t		 i;

	spawn_session_environ(&env, s, !cfg_finished);
	for (i = 0; extra != NULL && extra[i] != NULL; i++)
		environ_put(&env, extra[i]);
	return (spawn_environ_vector(&env));
}

/*
 * display-popup's program, as tmux's job_run runs it: shellcmd with the
 * global default-shell -c, or argv directly; the job environment plus
 * extra; a terminal of sx by sy. NULL with *cause on failure.
 */
struct pane *
spawn_popup(struct session *s, const char *shellcmd, int argc, char **argv,
    const char *cwd, char **extra, unsigned sx, unsigned sy, char **cause)
{
	struct pane		*p = window_pane_create_popup(sx, sy);
	struct pane_spawn	 ps;
	char			*one[2];

	memset(&ps, 0, sizeof ps);
	ps.shell = options_session_string(NULL, "default-shell");
	if (shellcmd != NULL) {
		one[0] = (char *)shellcmd;
		one[1] = NULL;
		ps.argc = 1;
		ps.argv = one;
	} else {
		ps.argc = argc;
		ps.argv = argv;
		ps.direct = 1;
	}
	ps.cwd = cwd;
	if (spawn_exec(p, &ps, spawn_job_environ_with(s, extra), cause) != 0) {
		window_pane_destroy(p);
		return (NULL);
	}
	return (p);
}

void
spawn_free_environ(char **env)
{
	size_t	i;

	for (i = 0; env != NULL && env[i] != NULL; i++)
		xfree(env[i]);
	xfree(env);
}
