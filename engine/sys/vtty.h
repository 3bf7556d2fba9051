/*
 * A virtual terminal for one pane: what the kernel's PTY would do, for a
 * pane whose program talks to a socketpair (docs/design.md §1).
 *
 * The server keeps a small shared state file per pane (window size, termios,
 * foreground process group, the socket's identity) that the LD_PRELOAD shim
 * in every process of the pane maps; programs change termios and the
 * foreground group there, and announce termios changes in-band in their
 * output so the engine knows exactly from which byte they apply.
 *
 * Input from the user (send-keys, an attached client) goes through the line
 * discipline (ICRNL, ISIG, ICANON editing, ECHO, VEOF); output from the
 * program goes through OPOST/ONLCR and loses the in-band markers.
 */
#ifndef ZEROPTY_VTTY_H
#define ZEROPTY_VTTY_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <termios.h>

#include "engine/base/buf.h"

struct vtty;

/*
 * Create the state for a pane whose program will use child_fd (the
 * child's end of the socketpair). The state file is created in dir.
 * Returns NULL with *cause set on failure.
 */
struct vtty	*vtty_create(const char *dir, int child_fd, unsigned sx,
		    unsigned sy, char **cause);
/* Take over the state file at path (server-upgrade); NULL, *cause. */
struct vtty	*vtty_adopt(const char *path, pid_t pid, char **cause);
/* Remove the state file and free. */
void		 vtty_destroy(struct vtty *);
/* Environment the child needs ("ZEROPTY_TTY=/path"): static storage. */
const char	*vtty_env(struct vtty *);
/* Called after the child is started (its pid is its process group). */
void		 vtty_set_child(struct vtty *, pid_t);
/* Set the window size and send SIGWINCH to the foreground group. */
void		 vtty_resize(struct vtty *, unsigned sx, unsigned sy);
/*
 * Hang up, as the kernel does when a PTY master is closed: SIGHUP and
 * SIGCONT to the session leader's group and to the foreground group.
 */
void		 vtty_hangup(struct vtty *);
/* The foreground process group (for pane_current_command/path). */
pid_t		 vtty_foreground(struct vtty *);
/*
 * Whether a process of the foreground group is blocked reading the
 * terminal with nothing to read (shim-proto.h, input_wait). Keys sent
 * but not yet read are the caller's to look at.
 */
int		 vtty_input_wait(struct vtty *);
/* The inode of the child's end of the socket (its /proc fd link). */
uint64_t	 vtty_socket_ino(struct vtty *);
/* The name reported for #{pane_tty} and by ttyname() in the pane. */
const char	*vtty_name(struct vtty *);

/*
 * From inside a pane, without the shim (the statically linked client):
 * whether fd is that pane's terminal ($ZEROPTY_TTY names its socket), and
 * if so its name and size (either pointer may be NULL). 0 if it is.
 */
int		 vtty_peer(int fd, char *name, size_t len, unsigned *sx,
		    unsigned *sy);

/* Path of the state file (what vtty_env points the shim at). */
const char	*vtty_path(struct vtty *);
/*
 * The shim library to put in the child's LD_PRELOAD: $ZEROPTY_SHIM if
 * set, else shim/.libs/libzeropty-shim.so beside the running binary (the
 * build tree) if it exists, else PKGLIBDIR/libzeropty-shim.so.
 */
const char	*vtty_shim_path(void);
/*
 * The waiter that runs a program on a pty (shim/pty-run.c): shim/zeropty-pty
 * beside the running binary if there, else PKGLIBEXECDIR/zeropty-pty.
 */
const char	*vtty_pty_helper(void);
/* The termios in force (as last set by the program). */
void		 vtty_get_termios(struct vtty *, struct termios *);

/*
 * User input (keys as bytes) through the line discipline: bytes for the
 * program are appended to to_program, echo to echo (the caller feeds echo
 * to the screen as if the program wrote it). Signals (ISIG) are sent to
 * the foreground process group directly.
 */
void		 vtty_input(struct vtty *, const uint8_t *, size_t,
		    struct buf *to_program, struct buf *echo);
/*
 * Output from the program: strip in-band markers, apply OPOST/ONLCR with
 * the termios in force at each point; the result is appended to out.
 */
void		 vtty_output(struct vtty *, const uint8_t *, size_t,
		    struct buf *out);

#endif
