/*
 * What the zeropty command (client-front.c, built on its own, perhaps
 * with musl) and the full client (zeropty.c, client*.c) both do: C
 * library only.
 */
#ifndef ZEROPTY_CLIENT_COMMON_H
#define ZEROPTY_CLIENT_COMMON_H

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tmux-compat/proto.h"

/*
 * client-io.c, which the front builds too: whole writes and frames for
 * the client processes.
 */
int	client_io_write(int fd, const void *, size_t,
	    const volatile sig_atomic_t *stop, int nowait);
int	client_io_write_frame(int fd, enum msg_type, const void *, size_t,
	    const volatile sig_atomic_t *stop);
/*
 * A command client's answer: the server's frames copied to stdout and
 * stderr until MSG_EXIT (its *status), MSG_ATTACH (*direct; in keeps
 * what came after it) or the end of the connection.
 */
enum {
	CLIENT_RELAY_LOST,
	CLIENT_RELAY_EXIT,
	CLIENT_RELAY_ATTACH
};
struct buf;
int	client_io_relay(int fd, struct buf *in, int32_t *status, int *direct);
/* The terminal's size (stdin's), or 80x24 as tmux assumes. */
void	client_io_tty_size(unsigned *sx, unsigned *sy);
/* Write data (a frame header) with descriptors attached (SCM_RIGHTS). */
int	client_io_send_fds(int fd, const void *data, size_t len, const int *fds,
	    int nfds);

/*
 * Whether the locale (LC_ALL, else LC_CTYPE, else LANG) is UTF-8 (tmux's
 * rule, compat §4.3).
 */
static inline int
client_locale_utf8(void)
{
	const char	*s;

	s = getenv("LC_ALL");
	if (s == NULL || *s == '\0')
		s = getenv("LC_CTYPE");
	if (s == NULL || *s == '\0')
		s = getenv("LANG");
	if (s == NULL)
		return (0);
	return (strcasestr(s, "UTF-8") != NULL || strcasestr(s, "UTF8") != NULL);
}

/* The sockets' directory: ${TMUX_TMPDIR:-/tmp}, resolved, /zeropty-UID. */
#define CLIENT_SOCKET_DIR_MAX	(PATH_MAX + 32)
static inline void
client_socket_dir(char *out, size_t len)
{
	const char	*tmpdir = getenv("TMUX_TMPDIR");
	char		 resolved[PATH_MAX];

	if (tmpdir == NULL || *tmpdir == '\0' || realpath(tmpdir, resolved) == NULL)
		strcpy(resolved, "/tmp");
	snprintf(out, len, "%s/zeropty-%ld", resolved, (long)getuid());
}

/* Whether that directory is not ours or others may use it (tmux's rule). */
static inline int
client_socket_dir_unsafe(const struct stat *sb)
{
	return (sb->st_uid != getuid() || (sb->st_mode & S_IRWXO) != 0);
}

/* A connection to the server's socket at path, or -1 with errno set. */
static inline int
client_connect(const char *path)
{
	struct sockaddr_un	sa;
	size_t			len = strlen(path);
	int			fd, saved;

	memset(&sa, 0, sizeof sa);
	sa.sun_family = AF_UNIX;
	if (len >= sizeof sa.sun_path) {
		errno = ENAMETOOLONG;
		return (-1);
	}
	memcpy(sa.sun_path, path, len + 1);
	if ((fd = socket(AF_UNIX, SOCK_STREAM|SOCK_CLOEXEC, 0)) == -1)
		return (-1);
	if (connect(fd, (struct sockaddr *)&sa, sizeof sa) == -1) {
		saved = errno;
		close(fd);
		errno = saved;
		return (-1);
	}
	return (fd);
}

#endif
