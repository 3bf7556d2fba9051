/*
 * libzeropty: drive a zeropty server from a program, without a process
 * per command.
 *
 * Two ways in:
 *
 * - zp_run: one command line, as the `zeropty` command runs it (its
 *   output, error and exit status), on a connection of its own. It works
 *   with no session at all (new-session, start-server is not needed: the
 *   server must be running, see zp_socket_path).
 *
 * - zp_open: one persistent control-mode connection (tmux's -C protocol,
 *   spoken straight on the server's socket). zp_command runs a command and
 *   returns its block; zp_send and zp_result let one thread have many
 *   commands outstanding (wait-pane and send-keys -W answer later, in
 *   blocks of their own, and the library matches them by number); the
 *   %-notifications (%output, %window-add, ...) that arrive meanwhile are
 *   queued for zp_notification.
 *
 * A struct zp_client is not thread-safe: use one per thread, or hold a
 * lock around every call that takes it. zp_run and zp_socket_path keep no
 * state and may be called from any thread.
 *
 * Errors: functions returning int give 0 on success and -1 on failure with
 * errno set (ETIMEDOUT for a timeout, EPIPE when the server closed the
 * connection, EPROTO for a reply the library does not understand); where
 * a cause is asked for, a malloc'd message in the words the `zeropty`
 * command uses, which the caller frees.
 */
#ifndef ZEROPTY_H
#define ZEROPTY_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ZP_VERSION	"0.1"

/*
 * The socket of server LABEL (NULL: $TMUX's socket if set, else
 * "default"), as `zeropty -L LABEL` finds it:
 * ${TMUX_TMPDIR:-/tmp}/zeropty-UID/LABEL. Returns 0, or -1 if it does not
 * fit in len (ENAMETOOLONG).
 */
int	zp_socket_path(const char *label, char *buf, size_t len);

/* A command's answer: its output (NUL-terminated, len bytes). */
struct zp_reply {
	int	 error;		/* 1 if the command failed (%error, exit 1) */
	char	*out;		/* stdout (control: the block's lines) */
	size_t	 len;
	char	*err;		/* zp_run: stderr; control: NULL */
	int	 status;	/* zp_run: exit status; control: error */
};
void	zp_reply_free(struct zp_reply *);

/*
 * Run one command line (argv, NULL-terminated, as words after
 * `zeropty -S socket`) on the server at socket path. Returns 0 when the
 * server answered (reply->status is the command's exit status), -1 if it
 * could not be reached (*cause says why).
 */
int	zp_run(const char *socket, const char *const argv[],
	    struct zp_reply *reply, char **cause);

struct zp_client;

/*
 * Open a control connection to the server at socket path, running command
 * first (NULL: "attach"). As with `tmux -C`, the connection stays open
 * only if that command attaches it to a session ("attach -t NAME",
 * "new-session -s NAME"); otherwise it fails with the server's error.
 */
int	zp_open(struct zp_client **, const char *socket, const char *command,
	    char **cause);
void	zp_close(struct zp_client *);
/* The connection's descriptor, to poll(2) for input with zp_pump. */
int	zp_fd(struct zp_client *);

/*
 * Send a command line (the config-file language, one line). *ticket
 * names its answer for zp_result. A command that answers later in a
 * block of its own (wait-pane; send-keys -W) is recognised by its name;
 * flags ZP_DEFERRED says so for any other.
 */
#define ZP_DEFERRED	0x1
int	zp_send(struct zp_client *, const char *command, int flags,
	    unsigned *ticket);
/*
 * Wait up to timeout_ms (-1: for ever) for ticket's answer. Returns 0
 * with the reply filled (reply->error set if the command failed), or -1
 * (ETIMEDOUT: try again later; EPIPE: the server has gone).
 */
int	zp_result(struct zp_client *, unsigned ticket, int timeout_ms,
	    struct zp_reply *);
/* zp_send then zp_result without a timeout. */
int	zp_command(struct zp_client *, const char *command,
	    struct zp_reply *);

/*
 * Read what has arrived, waiting up to timeout_ms (0: only what is
 * there). Returns 0, or -1 with EPIPE once the connection is closed.
 */
int	zp_pump(struct zp_client *, int timeout_ms);
/*
 * The oldest notification line not yet taken ("%output %1 ...",
 * "%exit"), waiting up to timeout_ms. Returns 1 with *line (malloc'd,
 * without its newline), 0 on timeout, -1 once the connection is closed
 * and nothing is left.
 */
int	zp_notification(struct zp_client *, int timeout_ms, char **line);

/*
 * wait-pane (an extension command, see zeropty(1)): block until pane
 * target's screen contains string (or matches regex when regex is
 * nonzero), at most timeout_ms (-1: no limit). Returns 0 when it matched,
 * -1 otherwise (*cause: "timed out after N ms", "pane has exited", a
 * target or regex error).
 */
int	zp_wait_pane(struct zp_client *, const char *target,
	    const char *pattern, int regex, int timeout_ms, char **cause);
/*
 * grep-panes: the lines of every pane of the server (target NULL) or of
 * session target that match regex, as "session:window.pane:line: text"
 * lines in reply->out.
 */
int	zp_grep_panes(struct zp_client *, const char *target,
	    const char *regex, struct zp_reply *);

/* "word" quoted for the config-file language (caller frees). */
char	*zp_quote(const char *word);

#ifdef __cplusplus
}
#endif

#endif
