/* Files beside the running executable (self-path.h). */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "engine/sys/self-path.h"

int
self_sibling(const char *rel, int mode, char *out, size_t len)
{
	char	 exe[PATH_MAX], *slash;
	ssize_t	 n;

	n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0)
		return (-1);
	exe[n] = '\0';
	if ((slash = strrchr(exe, '/')) == NULL)
		return (-1);
	*slash = '\0';
	n = snprintf(out, len, "%s/%s", exe, rel);
	if (n < 0 || (size_t)n >= len)
		return (-1);
	return (access(out, mode) == 0 ? 0 : -1);
}
