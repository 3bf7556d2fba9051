/*
 * Writing for the client processes (command, control and attached
 * clients): whole buffers and frames, through EINTR, waiting out EAGAIN on
 * a non-blocking terminal unless told not to, and giving up when *stop is
 * set (a signal that ends a write nobody reads).
 */
#include <errno.h>
#include <poll.h>
#include <unistd.h>

#include "tmux-compat/proto.h"
#include "tmux-compat/tmux.h"

int
client_write(int fd, const void *data, size_t len,
    const volatile sig_atomic_t *stop, int nowait)
{
	const uint8_t	*p = data;
	ssize_t		 n;

	while (len > 0) {
		if (stop != NULL && *stop != 0)
			return (-1);
		n = write(fd, p, len);
		if (n == -1) {
			if (errno == EINTR)
				continue;
			if (errno == EAGAIN && !nowait) {
				struct pollfd	pfd = { fd, POLLOUT, 0 };

				poll(&pfd, 1, -1);
				continue;
			}
			return (-1);
		}
		p += n;
		len -= (size_t)n;
	}
	return (0);
}

int
client_write_frame(int fd, enum msg_type type, const void *data, size_t len,
    const volatile sig_atomic_t *stop)
{
	struct msg_hdr	hdr;

	hdr.type = type;
	hdr.len = (uint32_t)len;
	if (client_write(fd, &hdr, sizeof hdr, stop, 0) != 0)
		return (-1);
	return (client_write(fd, data, len, stop, 0));
}
