/*
 * The limit on open files: raised for the server, as it was for children.
 */
#ifndef ZEROPTY_FD_LIMIT_H
#define ZEROPTY_FD_LIMIT_H

/*
 * Lift the soft RLIMIT_NOFILE to the hard one: every pane holds a socket,
 * and the 1024 most systems start with stops a server short of 1000
 * sessions.
 */
void	fd_limit_raise(void);
/* In a child before exec: the limit as it was before fd_limit_raise. */
void	fd_limit_restore(void);

#endif
