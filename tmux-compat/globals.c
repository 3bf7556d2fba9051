/*
 * Process-wide facts shared by the client and the server: the name we were
 * called by (which decides whether we are "tmux") and the default shell.
 */
#include <pwd.h>
#include <stdlib.h>
#include <unistd.h>

#include "tmux-compat/tmux.h"

const char	*zp_progname = "tmux";
int		 zp_as_tmux = 1;
int		 zp_client_may_reexec;

/* The shell for -c and for panes: $SHELL if usable, else the user's. */
const char *
globals_default_shell(void)
{
	const char	*shell = getenv("SHELL");
	struct passwd	*pw;

	if (shell != NULL && *shell == '/' && access(shell, X_OK) == 0)
		return (shell);
	pw = getpwuid(getuid());
	if (pw != NULL && pw->pw_shell != NULL && *pw->pw_shell == '/' &&
	    access(pw->pw_shell, X_OK) == 0)
		return (pw->pw_shell);
	return ("/bin/sh");
}

