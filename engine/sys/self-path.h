#ifndef ZEROPTY_SYS_SELF_PATH_H
#define ZEROPTY_SYS_SELF_PATH_H

#include <stddef.h>

/*
 * out = the directory of the running executable + "/" + rel; 0 if that
 * file is there with access(2) mode, -1 if not (or /proc/self/exe is
 * unreadable). The build tree keeps the server and the shim beside the
 * client; an install puts them under pkglibexecdir and pkglibdir.
 */
int	self_path_sibling(const char *rel, int mode, char *out, size_t len);

#endif
