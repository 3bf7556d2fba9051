/*
 * fork(2) for the server's children (panes, jobs, pipe-pane): no signal
 * can reach the child while it still has the server's handlers.
 */
#ifndef ZEROPTY_FORK_H
#define ZEROPTY_FORK_H

#include <sys/types.h>

/*
 * As fork(): every signal is blocked across it; the child has every
 * handler reset to the default and nothing blocked, the parent its mask
 * back.
 */
pid_t	sys_fork(void);

#endif
