/*
 * Replacing the running program with another binary without losing its
 * descriptors (server-upgrade): a memfd for the state, descriptors kept
 * across exec, asking the new binary a question first.
 */
#ifndef ZEROPTY_SYS_REEXEC_H
#define ZEROPTY_SYS_REEXEC_H

#include <stddef.h>
#include <stdint.h>

/* A memfd holding data, kept across exec, at offset 0; -1 with *cause. */
int	reexec_memfd(const void *, size_t, char **cause);
/* Read all of fd (from offset 0) into *data (xmalloc'd); -1 on failure. */
int	reexec_read_all(int fd, uint8_t **data, size_t *len);
/* Keep fd open across exec (on) or close it there again (off). */
void	reexec_keep(int fd, int on);
/*
 * Run bin with one argument and read the first line it prints (at most
 * len - 1 bytes) into out, waiting at most timeout_ms. 0 if it exited 0.
 */
int	reexec_ask(const char *bin, const char *arg, char *out, size_t len,
	    int timeout_ms);
/*
 * execve bin with argv and the environment plus "name=value"; returns
 * only on failure (errno set).
 */
void	reexec_exec(const char *bin, char *const argv[], const char *name,
	    const char *value);

#endif
