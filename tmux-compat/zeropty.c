/*
 * main(): tmux 3.3a's global flags (getopt "2c:CDdf:lL:NqS:T:uUvV"), the
 * socket path, then the client (or -c's shell command).
 *
 * Called through a file named "tmux", zeropty is tmux 3.3a for every
 * observable purpose (-V prints "tmux 3.3a"); called as zeropty, -V also
 * names zeropty.
 */
#include <sys/stat.h>
#include <sys/types.h>

#include <errno.h>
#include <limits.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/client-common.h"
#include "tmux-compat/cmd-parse.h"
#include "tmux-compat/tmux.h"

static void __attribute__((noreturn))
usage(void)
{
	fprintf(stderr,
	    "usage: %s [-2CDlNuvV] [-c shell-command] [-f file] [-L socket-name]\n"
	    "            [-S socket-path] [-T features] [command [flags]]\n",
	    zp_progname);
	exit(1);
}

/*
 * ${TMUX_TMPDIR:-/tmp}/zeropty-UID/LABEL, creating the directory 0700 and
 * refusing one another user could use, as tmux does for tmux-UID.
 */
static char *
socket_path_for_label(const char *label, char **cause)
{
	char		 base[CLIENT_SOCKET_DIR_MAX], *path;
	struct stat	 sb;

	client_socket_dir(base, sizeof base);
	if (mkdir(base, S_IRWXU) != 0 && errno != EEXIST)
		goto fail;
	if (lstat(base, &sb) != 0)
		goto fail;
	if (!S_ISDIR(sb.st_mode)) {
		errno = ENOTDIR;
		goto fail;
	}
	if (client_socket_dir_unsafe(&sb)) {
		xasprintf(cause, "directory %s has unsafe permissions", base);
		return (NULL);
	}
	xasprintf(&path, "%s/%s", base, label);
	return (path);
fail:
	xasprintf(cause, "error creating %s (%s)", base, strerror(errno));
	return (NULL);
}

/* -S > -L > $TMUX > "default". */
static char *
socket_path(const char *path, const char *label, char **cause)
{
	const char	*tmux = getenv("TMUX");

	if (path != NULL)
		return (xstrdup(path));
	if (label == NULL && tmux != NULL && *tmux != '\0' && *tmux != ',') {
		const char	*comma = strchr(tmux, ',');

		return (comma != NULL ? xstrndup(tmux, (size_t)(comma - tmux)) :
		    xstrdup(tmux));
	}
	return (socket_path_for_label(label != NULL ? label : "default", cause));
}

int
zeropty_main(int argc, char **argv)
{
	struct client_opts	 opts;
	const char		*label = NULL, *path = NULL, *base;
	char			*shell_command = NULL, *cause = NULL;
	int			 i, flags = 0;

	base = strrchr(argv[0], '/');
	base = base != NULL ? base + 1 : argv[0];
	if (*base == '-')
		base++;
	zp_progname = xstrdup(*base != '\0' ? base : "tmux");
	zp_as_tmux = (strcmp(zp_progname, "zeropty") != 0);

	cmd_alias_init();
	memset(&opts, 0, sizeof opts);
	opts.main_argv = argv;

	/* BSD getopt's messages, as tmux's compat getopt prints them. */
	for (i = 1; i < argc; i++) {
		const char	*arg = argv[i];
		size_t		 j;

		if (arg[0] != '-' || arg[1] == '\0')
			break;
		if (strcmp(arg, "--") == 0) {
			i++;
			break;
		}
		for (j = 1; arg[j] != '\0'; j++) {
			char		 ch = arg[j];
			const char	*value = NULL;

			if (strchr("cfLST", ch) != NULL) {
				if (arg[j + 1] != '\0')
					value = arg + j + 1;
				else if (i + 1 < argc)
					value = argv[++i];
				else {
					fprintf(stderr, "%s: option requires an "
					    "argument -- %c\n", zp_progname, ch);
					usage();
				}
			}
			switch (ch) {
			case '2':
				flags |= CLIENT_256COLOURS;
				break;
			case 'c':
				shell_command = xstrdup(value);
				break;
			case 'C':
				if (flags & CLIENT_CONTROL)
					flags |= CLIENT_CONTROLCONTROL;
				flags |= CLIENT_CONTROL;
				break;
			case 'D':
				flags |= CLIENT_NOFORK;
				break;
			case 'V':
				if (zp_as_tmux)
					printf("tmux %s\n", ZP_TMUX_VERSION);
				else
					printf("zeropty %s (tmux %s)\n",
					    PACKAGE_VERSION, ZP_TMUX_VERSION);
				exit(0);
			case 'f':
				/* The server, forked from us, inherits the list. */
				cfg_add_file(value);
				break;
			case 'l':
				flags |= CLIENT_LOGIN;
				break;
			case 'L':
				label = value;
				break;
			case 'N':
				flags |= CLIENT_NOSTARTSERVER;
				break;
			case 'q':
				break;
			case 'S':
				path = value;
				break;
			case 'T':
				break;
			case 'u':
				flags |= CLIENT_UTF8;
				break;
			case 'v':
				opts.log_level++;
				break;
			case 'd':
			case 'U':
				usage();
			default:
				fprintf(stderr, "%s: unknown option -- %c\n",
				    zp_progname, ch);
				usage();
			}
			if (value != NULL)
				break;
		}
	}
	argc -= i;
	argv += i;

	if (shell_command != NULL && argc != 0)
		usage();
	if ((flags & CLIENT_NOFORK) && argc != 0)
		usage();

	if (shell_command != NULL) {
		const char	*shell = globals_default_shell(), *sb;

		sb = strrchr(shell, '/');
		sb = sb != NULL ? sb + 1 : shell;
		execl(shell, sb, "-c", shell_command, (char *)NULL);
		fprintf(stderr, "%s: %s\n", shell, strerror(errno));
		exit(1);
	}

	if (getenv("TMUX") != NULL || client_locale_utf8())
		flags |= CLIENT_UTF8;

	opts.socket_path = socket_path(path, label, &cause);
	if (opts.socket_path == NULL) {
		fprintf(stderr, "%s\n", cause);
		exit(1);
	}
	opts.flags = flags;
	opts.argc = argc;
	opts.argv = argv;
	return (client_main(&opts));
}
