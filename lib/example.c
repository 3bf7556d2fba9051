/*
 * example: start a shell in a new window of session SESSION, send it a
 * command when it waits for input, wait for the output, print it.
 *
 *	cc example.c $(pkg-config --cflags --libs zeropty)
 *	zeropty new -d -s work; ./a.out work
 */
#include <stdio.h>
#include <stdlib.h>

#include <zeropty.h>

int
main(int argc, char **argv)
{
	struct zp_client	*c;
	struct zp_reply		 r;
	char			 sock[4096], cmd[256], *cause = NULL;
	const char		*session = argc > 1 ? argv[1] : "work";

	if (zp_socket_path(NULL, sock, sizeof sock) != 0)
		return (1);
	snprintf(cmd, sizeof cmd, "attach -t %s", session);
	if (zp_open(&c, sock, cmd, &cause) != 0) {
		fprintf(stderr, "%s\n", cause);
		return (1);
	}
	if (zp_command(c, "new-window -P -F '#{pane_id}' 'sh'", &r) != 0 ||
	    r.error) {
		fprintf(stderr, "new-window: %s\n", r.out);
		return (1);
	}
	snprintf(cmd, sizeof cmd, "send-keys -W -T 5000 -t %s "
	    "'echo hello from $0' Enter", r.out);
	zp_command(c, cmd, &r);
	if (zp_wait_pane(c, NULL, "hello from", 0, 5000, &cause) != 0) {
		fprintf(stderr, "%s\n", cause);
		return (1);
	}
	zp_command(c, "capture-pane -p", &r);
	printf("%s\n", r.out);
	zp_reply_free(&r);
	zp_close(c);
	return (0);
}
