/*
 * libzeropty against a real server ($TEST_ZEROPTY on a private -L
 * socket): zp_run with and without sessions, a control connection's
 * commands, errors, notifications, waits answered out of order, a wait
 * that times out, a pane that exits, grep-panes, and a server that goes.
 */
#include <sys/wait.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/base/testlib.h"
#include "lib/zeropty.h"

static char	 label[64];
static char	 sock[4096];

/* Run the zeropty command on the test's socket; its exit status. */
static int
test_cli(const char *tail)
{
	const char	*z = getenv("TEST_ZEROPTY");
	char		 cmd[8192];

	snprintf(cmd, sizeof cmd, "%s -f/dev/null -L %s %s", z, label, tail);
	return (system(cmd));
}

static void
test_cleanup(void)
{
	if (label[0] != '\0')
		test_cli("kill-server 2>/dev/null");
}

static void
test_run(void)
{
	const char	*ls[] = { "list-sessions", "-F", "#{session_name}",
			    NULL };
	const char	*bad[] = { "wibble", NULL };
	const char	*nosess[] = { "has-session", "-t", "nosuch", NULL };
	struct zp_reply	 r;
	char		*cause = NULL;

	test_ok(zp_run(sock, ls, &r, &cause) == 0 && r.status == 0,
	    "zp_run list-sessions");
	test_streq(r.out, "s\n", "zp_run: its output");
	zp_reply_free(&r);

	test_ok(zp_run(sock, bad, &r, &cause) == 0 && r.status == 1 &&
	    r.error, "zp_run of a bad command: status 1");
	test_streq(r.err, "unknown command: wibble\n",
	    "zp_run: its error in the command's words");
	zp_reply_free(&r);

	test_ok(zp_run(sock, nosess, &r, &cause) == 0 && r.status == 1,
	    "zp_run has-session of no session: 1");
	test_streq(r.err, "can't find session: nosuch\n", "its error");
	zp_reply_free(&r);

	test_ok(zp_run("/nonexistent/sock", ls, &r, &cause) == -1 &&
	    cause != NULL, "zp_run without a server fails");
	test_streq(cause, "no server running on /nonexistent/sock",
	    "with the command's words");
	free(cause);
}

static void
test_control(void)
{
	struct zp_client	*c, *c2;
	struct zp_reply		 r, r1, r2;
	unsigned		 t1, t2, t3;
	char			*cause = NULL, *line;
	int			 got, seen;

	test_ok(zp_open(&c, sock, "attach -t nosuch", &cause) == -1,
	    "zp_open to no such session fails");
	test_streq(cause, "can't find session: nosuch", "with tmux's error");
	free(cause);
	cause = NULL;

	if (zp_open(&c, sock, "attach -t s", &cause) != 0) {
		test_ok(0, "zp_open attach -t s: %s", cause);
		return;
	}
	test_ok(1, "zp_open attach -t s");

	test_ok(zp_command(c, "display -p '#{session_name} #{pane_index}'",
	    &r) == 0 && !r.error, "display -p");
	test_streq(r.out, "s 0", "its output, without the block's guards");
	zp_reply_free(&r);

	test_ok(zp_command(c, "wibble", &r) == 0 && r.error,
	    "a bad command: reply.error");
	test_streq(r.out, "parse error: unknown command: wibble",
	    "its %%error text");
	zp_reply_free(&r);

	/* Two outstanding waits answered out of order, a command between. */
	zp_send(c, "wait-pane -t s:0.0 -s SECOND -T 10000", 0, &t1);
	zp_send(c, "wait-pane -t s:0.0 -s FIRST -T 10000", 0, &t2);
	zp_send(c, "display -p between", 0, &t3);
	test_ok(zp_result(c, t3, 10000, &r) == 0 && !r.error,
	    "a command after two waits is not held up by them");
	test_streq(r.out, "between", "its output");
	zp_reply_free(&r);
	test_ok(zp_result(c, t1, 0, &r1) == -1 && errno == ETIMEDOUT,
	    "the first wait is still waiting");
	test_cli("send-keys -W -T 10000 -t s:0.0 'echo FIRST' Enter");
	test_ok(zp_result(c, t2, 10000, &r2) == 0 && !r2.error,
	    "the second wait ends first (FIRST)");
	test_cli("send-keys -W -T 10000 -t s:0.0 'echo SECOND' Enter");
	test_ok(zp_result(c, t1, 10000, &r1) == 0 && !r1.error,
	    "then the first (SECOND)");
	zp_reply_free(&r1);
	zp_reply_free(&r2);

	cause = NULL;
	test_ok(zp_wait_pane(c, "s:0.0", "NEVER-THERE", 0, 200, &cause) ==
	    -1, "zp_wait_pane times out");
	test_streq(cause, "timed out after 200 ms", "its error");
	free(cause);
	cause = NULL;
	test_ok(zp_wait_pane(c, "s:0.0", "F[I]RST", 1, 5000, &cause) == 0,
	    "zp_wait_pane with a regex already on the screen");
	test_ok(zp_wait_pane(c, "s:0.0", "(", 1, 5000, &cause) == -1 &&
	    cause != NULL, "a bad regex is an error");
	free(cause);
	cause = NULL;

	/* The wait above saw the typed line; grep looks for the output. */
	if (zp_wait_pane(c, "s:0.0", "^SECOND$", 1, 5000, &cause) != 0) {
		test_ok(0, "zp_wait_pane for the output line: %s", cause);
		zp_command(c, "capture-pane -p -t s:0.0", &r);
		printf("# screen:\n%s\n", r.out);
		zp_reply_free(&r);
	} else
		test_ok(1, "zp_wait_pane for the output line");
	test_ok(zp_grep_panes(c, NULL, "^SECOND$", &r) == 0 && !r.error,
	    "zp_grep_panes -a: %s", r.out);
	test_ok(r.out != NULL && strstr(r.out, "s:0.0:") == r.out &&
	    strstr(r.out, ": SECOND") != NULL, "it names the pane: %s", r.out);
	zp_reply_free(&r);

	/* A pane that exits while waited on. */
	test_cli("new-window -d -t s:5 'read x'");
	zp_send(c, "wait-pane -t s:5 -s NEVER -T 10000", 0, &t1);
	test_cli("send-keys -t s:5 Enter");
	test_ok(zp_result(c, t1, 10000, &r) == 0 && r.error,
	    "a wait on a pane that exits fails");
	test_streq(r.out, "pane has exited", "its error");
	zp_reply_free(&r);

	/* Notifications queue while commands run. */
	test_cli("new-window -d -t s:7 -n notes");
	seen = 0;
	while ((got = zp_notification(c, 5000, &line)) == 1) {
		if (strncmp(line, "%window-add ", 12) == 0)
			seen = 1;
		free(line);
		if (seen)
			break;
	}
	test_ok(seen, "%%window-add came as a notification");

	/* A second connection, then the server goes. */
	test_ok(zp_open(&c2, sock, "attach -t s", &cause) == 0,
	    "a second connection");
	test_cli("kill-server");
	label[0] = '\0';
	test_ok(zp_command(c2, "display -p x", &r) == -1 && errno == EPIPE,
	    "after kill-server: EPIPE");
	zp_close(c2);
	zp_close(c);
}

int
main(void)
{
	if (getenv("TEST_ZEROPTY") == NULL) {
		printf("1..0 # SKIP TEST_ZEROPTY not set\n");
		return (0);
	}
	signal(SIGPIPE, SIG_IGN);
	setenv("SHELL", "/bin/sh", 1);
	unsetenv("TMUX");
	snprintf(label, sizeof label, "zplib-%ld", (long)getpid());
	if (zp_socket_path(label, sock, sizeof sock) != 0)
		return (1);
	atexit(test_cleanup);
	if (test_cli("new-session -d -s s -x 80 -y 24") != 0) {
		printf("Bail out! could not start a server\n");
		return (1);
	}
	test_run();
	test_control();
	return (test_done());
}
