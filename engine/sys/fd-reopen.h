/*
 * A descriptor another process passed us, opened again as our own.
 */
#ifndef ZEROPTY_FD_REOPEN_H
#define ZEROPTY_FD_REOPEN_H

/*
 * Open the pipe or terminal behind fd again (through /proc/self/fd) with
 * mode (O_RDONLY or O_WRONLY) and O_NONBLOCK, and close fd: a new open
 * file, so making it non-blocking does not touch the sender's. Where that
 * cannot be done, fd itself is made non-blocking (what tmux does with the
 * stdin and stdout of its control clients). Returns the descriptor, -1 on
 * failure (fd closed).
 */
int	fd_reopen_nonblock(int fd, int mode);

/*
 * Open what descriptor fd of process pid is (a pipe, file or terminal: not
 * a socket) with mode and O_NONBLOCK, through /proc/PID/fd: a client's
 * stdin read by the server. Returns the descriptor, or -1 with errno.
 */
int	fd_open_of_process(long pid, int fd, int mode);

#endif
