/*
 * A signal arriving in a new child before it reset the handlers would run
 * the server's handler there, and libevent's handler writes to a socket
 * the child shares with the server: a SIGTERM sent to a job just started
 * (tmux kills a client's #() jobs when it goes) made the server exit.
 * Blocking everything across fork closes that window, as tmux does.
 */
#include <signal.h>
#include <unistd.h>

#include "engine/sys/fork.h"

/* In the new child: every handler back to the default, nothing blocked. */
static void
sys_child_signals(void)
{
	sigset_t	none;
	int		i;

	for (i = 1; i < NSIG; i++)
		signal(i, SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
}

pid_t
sys_fork(void)
{
	sigset_t	all, old;
	pid_t		pid;

	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	pid = fork();
	if (pid == 0) {
		sys_child_signals();
		return (0);
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	return (pid);
}

/*
 * The child has a copy of the handler table (no CLONE_SIGHAND), so the
 * resets are its own; sigaction and sigprocmask are system calls.
 */
pid_t
sys_vfork(void (*child)(void *), void *arg)
{
	sigset_t	all, old;
	pid_t		pid;

	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	pid = vfork();
	if (pid == 0) {
		sys_child_signals();
		child(arg);
		_exit(1);
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	return (pid);
}
