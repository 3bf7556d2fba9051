/*
 * installcheck-lib: built against an installed libzeropty (its header and
 * pkg-config file) by build-aux/installcheck.sh and test-deb.sh, it asks
 * the server at the default socket for session SESSION's name twice:
 * once with zp_run (a command connection), once on a control connection
 * (zp_open, zp_command). Prints "run NAME" and "control NAME".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zeropty.h>

int
main(int argc, char **argv)
{
	const char		*session = argc > 1 ? argv[1] : "work";
	const char		*run[] = { "display-message", "-p", "-t", session,
				    "#{session_name}", NULL };
	struct zp_client	*c;
	struct zp_reply		 r;
	char			 sock[4096], cmd[256], *cause = NULL;

	if (zp_socket_path(NULL, sock, sizeof sock) != 0)
		return (1);
	if (zp_run(sock, run, &r, &cause) != 0) {
		fprintf(stderr, "zp_run: %s\n", cause);
		return (1);
	}
	printf("run %s", r.out);
	zp_reply_free(&r);
	snprintf(cmd, sizeof cmd, "attach -t %s", session);
	if (zp_open(&c, sock, cmd, &cause) != 0) {
		fprintf(stderr, "zp_open: %s\n", cause);
		return (1);
	}
	if (zp_command(c, "display-message -p '#{session_name}'", &r) != 0 ||
	    r.error) {
		fprintf(stderr, "zp_command failed\n");
		return (1);
	}
	printf("control %s\n", r.out);
	zp_reply_free(&r);
	zp_close(c);
	return (0);
}
