/*
 * The limit on open files (fd-limit.h).
 */
#include <sys/resource.h>

#include "engine/sys/fd-limit.h"

static struct rlimit	fd_limit_start;
static int		fd_limit_saved;

void
fd_limit_raise(void)
{
	struct rlimit	rl;

	if (fd_limit_saved || getrlimit(RLIMIT_NOFILE, &fd_limit_start) != 0)
		return;
	fd_limit_saved = 1;
	rl = fd_limit_start;
	if (rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
}

void
fd_limit_restore(void)
{
	if (fd_limit_saved)
		setrlimit(RLIMIT_NOFILE, &fd_limit_start);
}
