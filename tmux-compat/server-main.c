/*
 * zeropty-server: the server process, which the client starts (client.c)
 * in place of running server_start in its own fork.
 *
 *	zeropty-server [-v]... [-n progname] [-f file]... path lockfd readyfd
 *	zeropty-server --client argv0 [argument ...]
 *	zeropty-server [-v]... [-n progname] -U path
 *	zeropty-server --upgrade-version
 *
 * -U: exec'd by server-upgrade (upgrade.c), which left the state and the
 * descriptors in ZEROPTY_UPGRADE_FD; --upgrade-version prints the state
 * format this binary reads, which the old server asks before exec.
 *
 * The second form is the client, for a client in a pane that must attach
 * or speak control mode: this binary, linked dynamically, gets the pane's
 * LD_PRELOAD shim and with it the pane's terminal (client.c).
 *
 * Two binaries because the client is linked statically with the C
 * library's allocator (a dynamically linked client spent 1.7 ms of its
 * 3.2 ms of CPU on the dynamic linker, mimalloc's start and their page
 * faults: perf stat of `zeropty has-session`, BENCHMARKS.md section 5),
 * while the server needs mimalloc, which Debian ships as a shared library
 * only.
 */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/cmd-parse.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/upgrade.h"

static int
server_main_fd(const char *s)
{
	char	*end;
	long	 n = strtol(s, &end, 10);

	if (*s == '\0' || *end != '\0' || n < 0 || n > 65535)
		return (-1);
	return ((int)n);
}

int
main(int argc, char **argv)
{
	int	ch, log_level = 0, lockfd, readyfd, upgrading = 0;
	char	*cause = NULL;

	if (argc >= 3 && strcmp(argv[1], "--client") == 0)
		return (zeropty_main(argc - 2, argv + 2));
	if (argc == 2 && strcmp(argv[1], UPGRADE_VERSION_ARG) == 0) {
		printf("%d\n", UPGRADE_STATE_VERSION);
		return (0);
	}
	setlocale(LC_TIME, "");
	cmd_alias_init();
	while ((ch = getopt(argc, argv, "f:n:Uv")) != -1) {
		switch (ch) {
		case 'f':
			cfg_add_file(optarg);
			break;
		case 'n':
			zp_progname = xstrdup(optarg);
			zp_as_tmux = (strcmp(zp_progname, "zeropty") != 0);
			break;
		case 'U':
			upgrading = 1;
			break;
		case 'v':
			log_level++;
			break;
		default:
			return (1);
		}
	}
	argc -= optind;
	argv += optind;
	if (upgrading) {
		if (argc != 1) {
			fprintf(stderr, "usage: zeropty-server [-v] "
			    "[-n progname] -U path\n");
			return (1);
		}
		if (upgrade_precheck(&cause) != 0) {
			fprintf(stderr, "zeropty-server: %s\n", cause);
			upgrade_fallback(argv[0]);
			return (1);
		}
		return (server_start(argv[0], -1, -1, log_level));
	}
	if (argc != 3 || (lockfd = server_main_fd(argv[1])) == -1 ||
	    (readyfd = server_main_fd(argv[2])) == -1) {
		fprintf(stderr, "usage: zeropty-server [-v] [-n progname] "
		    "[-f file] path lockfd readyfd\n");
		return (1);
	}
	return (server_start(argv[0], lockfd, readyfd, log_level));
}
