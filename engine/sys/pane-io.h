/*
 * A pane's process and its socketpair: start it (the program gets one end
 * as stdin/stdout/stderr, in its own session, with the shim preloaded),
 * read its output into the screen, write input to it, notice its exit.
 */
#ifndef ZEROPTY_PANE_IO_H
#define ZEROPTY_PANE_IO_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct pane;
struct event_base;

struct pane_spawn {
	const char	*shell;		/* default-shell */
	int		 argc;		/* 0: a login shell; 1: shell -c */
	char		**argv;		/* >1: executed directly */
	int		 direct;	/* argv executed directly even if 1 */
	const char	*cwd;
	char		**env;		/* "K=V", NULL-terminated */
	const char	*shim_path;	/* LD_PRELOAD, NULL for none */
	const char	*state_dir;	/* where the vtty state file goes */
	/*
	 * Not NULL: the whole pane on a pty (default-pane-transport pty),
	 * its program run on the slave by this helper (shim/pty-run.c).
	 */
	const char	*pty_helper;
};

/* The event loop and callbacks every pane uses; call once at start. */
void	pane_io_init(struct event_base *,
	    void (*exited)(struct pane *), void (*changed)(struct pane *));
/* Start the pane's process. -1 with *cause on failure. */
int	pane_io_spawn(struct pane *, const struct pane_spawn *, char **cause);
/*
 * server-upgrade: take over a pane whose process a server before the
 * upgrade started (p->pid set): fd its end of the socketpair, tty_path
 * its terminal's state file. -1 with *cause on failure.
 */
int	pane_io_adopt(struct pane *, int fd, const char *tty_path,
	    char **cause);
/* The pane's terminal state file (NULL: none). */
const char *pane_io_tty_path(struct pane *);
/*
 * The ptys the shim has lent the pane now, oldest first: how many, and
 * the first max masters, whether their program reads them, their
 * waiters (0: not known yet).
 */
int	pane_io_lent_ptys(struct pane *, int *fds, int *inputs,
	    pid_t *waiters, int max);
/* server-upgrade: take over a lent pty's master as the old server had it. */
void	pane_io_adopt_pty(struct pane *, int fd, int input, pid_t waiter);
/*
 * Keys typed by the user: through the line discipline, echo to screen.
 * Returns how many bytes went on to the program (0: none, as when a
 * canonical line is not finished yet).
 */
size_t	pane_io_send(struct pane *, const uint8_t *, size_t);
void	pane_io_write(struct pane *, const uint8_t *, size_t);
/* Read whatever output is pending now (a reader must not see stale state). */
void	pane_io_drain(struct pane *);
/* Resize the screen and the program's terminal. */
void	pane_io_resize(struct pane *, unsigned sx, unsigned sy);
/* Hang up: SIGHUP the process group, close the socket, free the I/O. */
void	pane_io_close(struct pane *);
/*
 * pipe-pane: connect a shell command to the pane; out: what the pane shows
 * goes to its stdin; in: its stdout is typed into the pane.
 */
int	pane_io_pipe_open(struct pane *, const char *cmd, int in, int out,
	    char **cause);
void	pane_io_pipe_close(struct pane *);
int	pane_io_pipe_active(struct pane *);
/*
 * Where the pane's keys go now (pane-wait.c): *ptyfd a lent pty's master
 * or -1 for the pane's socket, *queued the bytes not yet written to it,
 * *sent_ms when keys were last written to the pty (monotonic ms). -1 if
 * the pane takes no keys (its program is gone).
 */
int	pane_io_input_state(struct pane *, int *ptyfd, size_t *queued,
	    uint64_t *sent_ms);
/* Reap exited children and record pane exit statuses (SIGCHLD). */
void	pane_io_reap(void);
/* Foreground process group's command name and cwd, xmalloc'd or NULL. */
char	*pane_io_current_command(struct pane *);
char	*pane_io_current_path(struct pane *);
/*
 * Between these, each pane's foreground process is read once (a command
 * sees one snapshot; nested commands take a new one).
 */
void	 pane_io_snapshot_begin(void);
void	 pane_io_snapshot_end(void);
/*
 * Control mode: every byte the program wrote (after the line discipline)
 * and every echoed byte, in order, as a terminal would show them.
 */
void	pane_io_set_output_hook(void (*)(struct pane *, const uint8_t *,
	    size_t));
/* Read this pane's output as soon as it arrives, not at the batch boundary. */
void	pane_io_set_immediate(struct pane *, int);
/* Stop (on) or resume (off) reading the pane; holds nest. */
void	pane_io_hold(struct pane *, int);

#endif
