/*
 * Control mode on the server (-C, -CC, and straight on the socket): input
 * lines run as command blocks, pane output as %output, notifications
 * (notify.c) written between blocks, flow control so that a client that
 * stops reading never holds up the server.
 */
#ifndef ZEROPTY_CONTROL_H
#define ZEROPTY_CONTROL_H

#include <stddef.h>
#include <stdint.h>

struct client;
struct cmd_list;
struct cmdq_item;
struct pane;
struct session;

/* Client flags only control mode uses (refresh-client -f). */
#define CONTROL_NO_OUTPUT	0x1
#define CONTROL_PAUSE_AFTER	0x2
#define CONTROL_WAIT_EXIT	0x4
#define CONTROL_READ_ONLY	0x8
#define CONTROL_IGNORE_SIZE	0x10
#define CONTROL_ACTIVE_PANE	0x20

/*
 * Flow control (compat-reference §1.8): a client more than this far behind
 * for CONTROL_MAX_AGE seconds is dropped ("too far behind", 3.3a's
 * CONTROL_MAXIMUM_AGE is 300000 ms); panes feeding a client whose buffer
 * is over CONTROL_HIGH are not read until it is under CONTROL_LOW; over
 * CONTROL_HARD_MAX the client is dropped at once (memory stays bounded).
 */
#define CONTROL_LOW		(64 * 1024)
#define CONTROL_HIGH		(256 * 1024)
#define CONTROL_HARD_MAX	(16 * 1024 * 1024)
#define CONTROL_MAX_AGE		300

/* The framed client's MSG_COMMAND arrived: run it, stay for input. */
void		 control_start(struct client *, struct cmd_list *,
		    const char *cause);
/* A peer spoke PROTO_CONTROL_HELLO on the socket; rest is the command. */
void		 control_start_raw(struct client *, const char *command);
/* Input bytes (len 0: end of file). */
void		 control_input(struct client *, const void *, size_t);
/* The client's connection is going away. */
void		 control_free(struct client *);
/* Some of the client's buffered output was written. */
void		 control_write_done(struct client *);
/* Command output for a control client (inside its current block). */
void		 control_write(struct client *, const void *, size_t);

/* Attach the item's control client to s (attach-session, new-session). */
int		 control_attach(struct cmdq_item *, struct session *);
/* Attach control client c to s (switch-client -c). */
int		 control_attach_client(struct client *, struct session *);
/* Whether c is a control client. */
int		 control_is_control(struct client *);
/* The session c is attached to, or NULL. */
struct session	*control_session(struct client *);
/* The session c was attached to before its current one, or NULL. */
struct session	*control_last_session(struct client *);
/* Width of c as #{client_width} shows it; the size -C WxH gave. */
unsigned	 control_width(struct client *);
void		 control_set_size(struct client *, unsigned, unsigned);
int		 control_size(struct client *, unsigned *, unsigned *);
/* Size c's session to the size c gave, if any (control-cmd.c). */
void		 control_cmd_size_session(struct client *);
/* refresh-client -C: "WxH" or "@window:WxH" for control client tc. */
enum cmd_retval	 control_cmd_size(struct cmdq_item *, struct client *,
		    const char *);
/* detach-client: at once, or after the client's current block. */
void		 control_detach_later(struct client *);
/* The client waits for an empty line after %exit (wait-exit). */
int		 control_wait_exit(struct client *);
/* Attached to a session that no longer exists. */
int		 control_attached_gone(struct client *);
/* refresh-client -f, -A; #{client_flags} additions. */
void		 control_set_flags(struct client *, const char *);
void		 control_set_pane_state(struct client *, const char *);
/* refresh-client -B name:what:format (or name alone: unsubscribe). */
void		 control_subscribe(struct client *, const char *);
struct buf;
void		 control_print_flags(struct client *, struct buf *);
/* Leave: %exit [reason] and the exit status. */
void		 control_detach(struct client *, int retval, const char *reason);

/* Control clients, for notify.c. */
struct client	*control_first(void);
struct client	*control_next(struct client *);
/* A notification line (no newline) for c; held while a block is open. */
void		 control_notify(struct client *, const char *line);
/* Whether any control client is attached. */
int		 control_any(void);
/* Raw output of a pane (the program's bytes after the line discipline). */
void		 control_pane_output(struct pane *, const uint8_t *, size_t);
/* Whether an attached control client sees this pane. */
int		 control_pane_watched(struct pane *);
/* Client's name as %client-* notifications and list-clients show it. */
const char	*control_name(struct client *);
/* Whether one of the client's blocks is open now. */
int		 control_in_block(struct client *);
/* The number of the block running now (or of the last one). */
unsigned	 control_block_number(struct client *);
/*
 * A later answer to a command whose block has ended (wait-pane): a block
 * of its own with that block's number and flags 0, %end or %error, the
 * text (NULL: none) as its one line. -1 while another block is open (ask
 * again later); 0 once written, or when the client has gone.
 */
int		 control_answer(struct client *, unsigned number, int error,
		    const char *text);

/* notify.c */
void		 notify_init(void *event_base);
/* Something may have changed: compare and notify on the next loop turn. */
void		 notify_changed(void);
/* Take a baseline now if none (before a control client's first command). */
void		 notify_baseline(void);
void		 notify_client_session_changed(struct client *);
void		 notify_client_detached(struct client *);
struct window;
/* A window's layout is reported even if it did not change. */
void		 notify_window_layout_changed(struct window *);
/* A pane entered or left a mode (%pane-mode-changed). */
void		 notify_pane_mode_changed(struct pane *);
/* Make pending notifications go out now (before output that follows). */
void		 notify_flush(void);
/*
 * A command that tmux reports step by step: begin, say each step tmux
 * would report, end (what the command changed is then not compared).
 */
struct session;
void		 notify_steps_begin(void);
void		 notify_steps_end(void);
void		 notify_step_window_add(struct session *, struct window *);
void		 notify_step_window_close(struct session *, struct window *);
void		 notify_step_window_renamed(struct window *);
void		 notify_step_session_window_changed(struct session *);
void		 notify_step_window_pane_changed(struct window *);
void		 notify_step_layout_change(struct window *);

#endif
