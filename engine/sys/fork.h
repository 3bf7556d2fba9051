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
/*
 * The same with vfork(2): the server's memory is not copied (fork and the
 * copy-on-write faults after it were half of the server's time in a
 * new-window; perf). The parent waits until the child has exec'd or
 * exited. child(arg) runs in the parent's memory: it may only make
 * system calls and write what the parent reads back, never allocate or
 * return (it ends in exec or _exit).
 */
pid_t	sys_vfork(void (*child)(void *), void *arg);

#endif
