/* Files beside the running executable (self-path.h). */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "engine/sys/self-path.h"
#include "shim/shim-proto.h"

/*
 * Every zeropty program links this file: its ELF note tells the pane
 * shim that the program speaks the pane's protocol without the shim (the
 * static clients read the state file, vtty_peer), so it stays on the
 * pane's socket rather than on a lent pty (shim-proto.h).
 */
__attribute__((section(".note.zeropty"), aligned(4), used))
static const struct {
	uint32_t	namesz, descsz, type;
	char		name[sizeof ZPTY_NOTE_NAME];
} self_path_note = {
	sizeof ZPTY_NOTE_NAME, 0, ZPTY_NOTE_TYPE, ZPTY_NOTE_NAME
};

int
self_path_sibling(const char *rel, int mode, char *out, size_t len)
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
