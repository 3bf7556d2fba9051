/*
 * tmux-compat's shared declarations: the client, the server's view of a
 * client, the command queue item, target resolution, options.
 */
#ifndef ZEROPTY_TMUX_H
#define ZEROPTY_TMUX_H

#include <sys/types.h>

#include <signal.h>

#include <event2/event.h>

#include "engine/base/buf.h"
#include "engine/model/model.h"
#include "tmux-compat/cmd.h"

#define ZP_TMUX_VERSION		"3.3a"

struct client;
struct control_state;
struct tty_client;

/* Client flags (tmux's CLIENT_*). */
#define CLIENT_256COLOURS	0x1
#define CLIENT_CONTROL		0x2
#define CLIENT_CONTROLCONTROL	0x4
#define CLIENT_NOFORK		0x8
#define CLIENT_LOGIN		0x10
#define CLIENT_NOSTARTSERVER	0x20
#define CLIENT_UTF8		0x40
#define CLIENT_TERMINAL		0x80	/* stdin is a terminal */
#define CLIENT_RAWCONTROL	0x100	/* control mode on the socket, unframed */
#define CLIENT_CONTROLFDS	0x200	/* control mode on the client's stdin/out */

extern const char	*zp_progname;
extern int		 zp_as_tmux;

struct client_opts {
	char		*socket_path;
	int		 flags;
	int		 argc;
	char		**argv;
	int		 log_level;
	char		**main_argv;	/* main's whole argv, NULL-terminated */
};

/* main() of the client: global flags, socket path, client (zeropty.c). */
int		 zeropty_main(int argc, char **argv);
/*
 * Set by the client binary's main (client-main.c): in a pane without the
 * shim it may run zeropty-server --client to attach (client.c).
 */
extern int	 zp_client_may_reexec;

int		 client_main(struct client_opts *);
int		 client_send_command(int fd, struct client_opts *, int ctlfds);
/* The -C/-CC client once connected (client-control.c). */
int		 client_control_main(int fd, struct client_opts *);
/* client_io_write and client_io_write_frame: client-common.h. */
/* The attached client once the server says MSG_ATTACH (client-tty.c). */
/* pending: what was read after MSG_ATTACH, npending bytes. */
int		 client_tty_main(int fd, int direct, const void *pending,
		    size_t npending);
const char	*globals_default_shell(void);

void		 cmd_alias_init(void);

/* Server. */
extern char		*server_socket_path;
extern pid_t		 server_pid;
extern char		**server_environ;	/* at server start */
extern time_t		 server_start_time;
int		 server_start(const char *path, int lockfd, int ready_fd,
		    int log_level);
/* Check whether the server should exit now (no sessions, no clients). */
void		 server_check_exit(void);
/* Destroy a pane whose program exited (and its window/session if empty). */
void		 server_pane_gone(struct pane *);
void		 server_kill_session(struct session *);
void		 server_destroy_session(struct session *);
void		 server_kill_window_everywhere(struct window *);
void		 server_renumber(struct session *);
void		 server_kill_window(struct session *, struct winlink *);
int		 cmd_move_window_link(struct session *, struct winlink *,
		    struct session *, int, int, int, char **);
/* Unlink a window but keep its session even if it becomes empty. */
void		 server_unlink_window(struct session *, struct winlink *);
void		 server_kill_server(void);
/* server-upgrade: the listening socket; answer and close every client. */
int		 server_listen_fd(void);
void		 server_upgrade_clients(struct client *requester);
void		 server_kill_all(void);
void		 server_client_stdout(struct client *, const void *, size_t);
void		 server_client_stderr(struct client *, const void *, size_t);
/* Queue a frame of proto.h to a command client. */
void		 server_client_message(struct client *, uint32_t,
		    const void *, size_t);
/* Control clients: bytes to the client's stdout (framed or raw). */
void		 server_client_emit(struct client *, const void *, size_t);
/* Write queued output now if the socket takes it (control answers). */
void		 server_client_flush(struct client *);
/* A line for a framed client's stderr. */
void		 server_client_stderr_frame(struct client *, const char *);
/* Let a client go: exit status, control clients' %exit reason. */
void		 server_client_exit(struct client *, int, const char *);
/* Forget buffered output not yet started (a dropped control client). */
void		 server_client_discard(struct client *);
/* Attached clients: MSG_ATTACH, terminal output, the last words. */
void		 server_client_tty_attach(struct client *, int direct);
void		 server_client_tty_away(struct client *,
		    const char *lock_command);
void		 server_client_tty_write(struct client *, const void *, size_t);
/* An attached client's end: status, the line it prints, hup: then it
 * sends SIGHUP to its parent (detach-client -P). */
void		 server_client_exit_message(struct client *, int,
		    const char *, int hup);
size_t		 server_client_backlog(struct client *);
void		 server_client_when_drained(struct client *);
/* The session a control or attached client is attached to, or NULL. */
struct session	*server_client_session(struct client *);
/* The counter ordering clients by activity (activity_seq). */
extern unsigned long long server_activity_seq;
const char	*server_client_get_cwd(struct client *, struct session *);
struct client	*server_client_next(struct client *);
struct event_base *server_event_base(void);

/* Users who may use the server (server-acl.c). */
void		 server_acl_init(void);
int		 server_acl_find(uid_t);	/* -1 no, else readonly */
void		 server_acl_allow(uid_t);
void		 server_acl_deny(uid_t);
void		 server_acl_set_readonly(uid_t, int);
void		 server_acl_each(void (*)(uid_t, int, void *), void *);
/* A client of a user server-access made read-only, or attached -r. */
int		 server_client_readonly(struct client *);
/* Clients of a user: read-only, or told "access not allowed" (-d). */
void		 server_clients_set_readonly(uid_t, int);
void		 server_clients_deny(uid_t);

/* The server's view of a connected command client. */
struct client {
	int		 fd;
	int		 flags;		/* CLIENT_* */
	char		*cwd;
	char		*tmux_pane;	/* $TMUX_PANE of the client, or NULL */
	char		*ttyname;	/* its terminal, or NULL */
	char		**env;		/* client environment */
	pid_t		 pid;
	uid_t		 uid;
	int		 readonly;	/* server-access -r */
	struct cmd	*settle_cmd;	/* waiting for its pane (pane-settle.c) */
	struct event	*ev_hello;	/* until its first command (server.c) */
	int		 denied;	/* its user may not use the server */
	TAILQ_ENTRY(client) all_entry;	/* every connected client */
	struct buf	 in;
	struct buf	 out;		/* framed, waiting to be written */
	int		 out_fd;	/* where out goes: fd, or stdout */
	int		 retval;
	int		 exiting;
	struct event	*ev_read;
	struct event	*ev_write;
	size_t		 out_head;	/* bytes left of the frame being written */
	struct control_state *control;	/* control clients (control.c) */
	struct tty_client *tty;		/* attached clients (tty.c) */
	unsigned	 tty_sx, tty_sy;	/* terminal size when it came */
	int		 tty_fd;	/* its terminal (SCM_RIGHTS), or -1 */
	int		 passed[2];	/* fds sent with the command frame */
	int		 npassed;
	/* CLIENT_CONTROLFDS: ev_read reads stdin, ev_sock the socket. */
	struct event	*ev_sock;
	struct buf	 sock_out;	/* frames held until stdout drains */
	int		 redraw_on_drain;
	int		 write_deferred;	/* server_client_flush follows */
	time_t		 created;	/* #{client_created} */
	time_t		 activity;	/* #{client_activity}: last key */
	/* Larger: created or used more recently (tmux's activity_time). */
	unsigned long long activity_seq;
	unsigned long long written;	/* #{client_written}: to its terminal */
	/* A command list paused by a command returning CMD_RETURN_WAIT. */
	struct cmd_list	*wait_list;
	struct cmd	*wait_next;
};

/* Resolved targets (tmux's cmd_find_state). */
struct cmd_find_state {
	struct session	*s;
	struct winlink	*wl;
	struct window	*w;
	struct pane	*wp;
	int		 idx;		/* for new windows: wanted index, -1 */
};

/* One command being executed. */
struct cmdq_item {
	struct client		*client;
	struct cmd		*cmd;
	struct cmd_find_state	 current;
	struct cmd_find_state	 target;
	struct cmd_find_state	 source;
	struct client		*target_client;	/* -c/-t client, or NULL */
	struct client		*format_client;	/* #{client_*} (else client) */
	int			 failed;
	int			 nojobs;	/* read-only client: no #() */
	int			 can_wait;	/* CMD_RETURN_WAIT pauses c's list */
	int			 again;		/* after the wait, run it again */
};

void	cmdq_print(struct cmdq_item *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
void	cmdq_error(struct cmdq_item *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
/* Write raw bytes to the client's stdout (no sanitising, no newline). */
void	cmdq_write(struct cmdq_item *, const void *, size_t);
/* Run a parsed command list for a client; returns the exit status. */
int	cmdq_run(struct client *, struct cmd_list *);
int	cmdq_run_cfg(struct client *, struct cmd_list *, struct cmd *,
	    struct cmd **);
/* Run later commands with fs as their current state (NULL: the normal). */
void	cmdq_set_current(const struct cmd_find_state *);
/*
 * cmdq_run's answer when a command (wait-for, run-shell ...) made a
 * command client wait: the list is kept in the client until cmdq_continue.
 */
#define CMDQ_WAITING	(-2)
int	cmdq_run_client(struct client *, struct cmd_list *);
/* Go on with a waiting client's commands; sends its exit when done. */
void	cmdq_continue(struct client *);
/* An attached client by name (a -t/-c target-client). */
struct client	*cmdq_find_client(const char *name);
/* Finish a command client: its exit status, then close (server.c). */
void	server_client_finish(struct client *, int retval);
/* A waiting client went away (wait-for channels forget it). */
void	cmd_wait_for_client_gone(struct client *);

/* Shell jobs of run-shell/if-shell (cmd-job.c). */
typedef void (*cmd_job_done_cb)(struct client *, int status,
    struct buf *out, void *arg);
int	cmd_job_run(struct cmdq_item *, const char *cmd, int background,
	    cmd_job_done_cb, void *arg);
void	cmd_job_client_gone(struct client *);
/* Jobs the startup files started (or their commands did), not done yet. */
unsigned cmd_job_cfg_pending(void);
unsigned cmd_job_cfg_waited(void);
/* The last of those is done: the client that started us goes on. */
void	server_cfg_jobs_done(void);
/* tmux's server_client_check_nested: $TMUX set and the client's terminal is a pane's. */
int	server_client_nested(struct client *);
const char *server_client_getenv(struct client *, const char *);

/* Targets (cmd-find.c). */
int	cmd_find_target(struct cmd_find_state *, struct cmdq_item *,
	    const char *target, enum cmd_find_type, int flags);
int	cmd_find_current(struct cmd_find_state *, struct cmdq_item *,
	    int quiet);
void	cmd_find_from_session(struct cmd_find_state *, struct session *);
void	cmd_find_from_winlink(struct cmd_find_state *, struct winlink *);
void	cmd_find_from_pane(struct cmd_find_state *, struct pane *);
struct client	*cmd_find_current_client(struct cmdq_item *);

/* Names as tmux stores them: its visible encoding (names.c). */
char	*names_visible(const char *);
void	 names_set_window(struct window *, const char *);

/* The marked pane (select-pane -m), valid only while it exists. */
int	server_marked_get(struct cmd_find_state *);
void	server_marked_set(struct session *, struct winlink *, struct pane *);
void	server_marked_clear(void);

/* Zoom (window-zoom.c). */
int	window_zoom_zoom(struct pane *);
int	window_zoom_unzoom(struct window *);
int	window_zoom_push_zoom(struct window *, int always, int flag);
int	window_zoom_pop_zoom(struct window *);
char	*window_zoom_layout_string(struct window *, int visible);
/* Give the layout engine the window options it reads. */
void	 window_zoom_layout_init(void);

/* Formats (format-vars.c): expand fmt for a target. */
char	*format_vars_for(struct cmdq_item *, const struct cmd_find_state *,
	    const char *fmt, int with_time);
char	*format_vars_for_extra(const struct cmd_find_state *, const char *fmt,
	    const char *const *extra);
struct paste_buffer;
char	*format_vars_for_buffer(struct cmdq_item *, struct paste_buffer *,
	    const char *fmt);
/* #{client_*} of an attached client (format-client.c), NULL: not one. */
char	*format_client_lookup(struct client *, const char *name);
/* The names format_client_lookup knows, sorted, NULL-terminated. */
extern const char *const format_client_names[];
/* display-message -v: the expansion traced to the item's output. */
char	*format_vars_for_verbose(struct cmdq_item *,
	    const struct cmd_find_state *, const char *fmt);
/* display-message -a: each variable with a value, in tmux's order. */
void	 format_vars_each(struct cmdq_item *, const struct cmd_find_state *,
	    void (*)(const char *name, const char *value, void *), void *);
char	*format_vars_for_command(struct cmdq_item *, const struct cmd_entry *,
	    const char *fmt);
/* One line of list-*: n is #{line}, the item's number in its list. */
void	 format_vars_print_filtered(struct cmdq_item *,
	    const struct cmd_find_state *, int n, const char *filter,
	    const char *template);

/* The message log (message-log.c), for show-messages. */
char	*message_log_client_name(struct client *);
void	 message_log_add(const char *fmt, ...)
	    __attribute__((format(printf, 1, 2)));
void	 message_log_add_client(struct client *, const char *what,
	    const char *text);
/* Newest first. */
/* A message with its time (server-upgrade hands the log over). */
void	 message_log_add_at(time_t, const char *);
void	 message_log_each(void (*)(time_t, const char *, void *), void *);

/* Alerts (alerts.c): monitor-activity, monitor-bell, monitor-silence. */
void	 alerts_init(void);
void	 alerts_pane_output(struct pane *, unsigned events);

/* set-clipboard: OSC 52 from panes, copies from copy mode (clipboard.c). */
void	 clipboard_pane(struct pane *);
void	 clipboard_copied(struct window *, const char *, size_t);
void	 alerts_queue(struct window *, int flags);
/* A client attached to s: check the alerts of all its windows now. */
void	 alerts_check_session(struct session *);
/* monitor-silence changed: start every window's count again. */
void	 alerts_reset_all(void);

/* Options (options.c): the lookups the server's files use most. */
const char	*options_get_string(const char *name);
long long	 options_get_number(const char *name);

/* Spawning panes (spawn.c). */
struct spawn_ctx {
	struct cmdq_item	*item;
	struct session		*s;
	struct window		*w;
	int			 argc;
	char			**argv;
	const char		*cwd;
	const char		**env;	/* -e values */
	int			 nenv;
	struct layout_cell	*cell;	/* split: the new pane's cell */
	struct pane		*after;	/* split: place the pane next to */
	int			 before;
	int			 full;	/* -f: first or last in the list */
};
struct pane	*spawn_pane(struct spawn_ctx *, unsigned sx, unsigned sy,
		    char **cause);
/* automatic-rename-format for a window's active pane (NULL: not renamed). */
char		*format_vars_window_name(struct window *);
/* What #{window_name} shows: that, or the window's own name. */
char		*format_vars_window_name_now(struct window *);
/* Name of the pane's current command for formats and window names. */
char		*spawn_command_name(struct pane *);
struct winlink	*spawn_window(struct cmdq_item *, struct session *, int idx,
		    const char *name, const char *cwd, struct args *,
		    char **cause);
char		*spawn_default_name(struct spawn_ctx *, struct pane *);
char		*spawn_pane_default_name(struct pane *);
char		**spawn_job_environ(struct session *);
struct pane	*spawn_popup(struct session *, const char *shellcmd, int argc,
		    char **argv, const char *cwd, char **extra, unsigned sx,
		    unsigned sy, char **cause);
void		 spawn_free_environ(char **);
/* Start p's program again (respawn): the old one must be gone. */
int		 spawn_respawn(struct spawn_ctx *, struct pane *, char **cause);

/* Keys (keys.c): encode a send-keys word for a pane. */
int		 keys_encode(const char *word, unsigned mode, struct buf *out);
/* Typing into a pane (cmd-send-keys.c), for send-keys and send-prefix. */
void		 cmd_send_keys_mode_key(struct cmdq_item *, struct pane *,
		    long long key);
void		 cmd_send_keys_to_pane(struct pane *, const void *, size_t);
/* capture-pane's -S/-E value (wait-pane reads its range the same way). */
void		 cmd_capture_pane_line(struct cmdq_item *,
		    struct cmd_find_state *, struct args *, unsigned char,
		    long *, int *, int *);
/* wait-pane's waiters hear of a pane's output and of clients leaving. */
void		 cmd_wait_pane_output(struct pane *);
void		 cmd_wait_pane_client_gone(struct client *);
/*
 * send-keys -W: wait until the target pane's program waits for input.
 * CMD_RETURN_NORMAL: send now (item->target is the pane); RETRY: the
 * list waits; STOP: a control client's keys are sent later, by the wait;
 * ERROR: said.
 */
enum cmd_retval	 cmd_wait_pane_send(struct cmd *, struct cmdq_item *);

/* #(command) jobs of formats, per client (format-job.c). */
char		*format_job_get(struct client *, const char *cmd,
		    const char *expanded);
void		 format_job_client_gone(struct client *);

/* Output sanitising for non-UTF-8 clients. */
char		*cmdq_sanitize(const char *);

#endif
