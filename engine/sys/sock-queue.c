/*
 * How much a socket's peer has still to read: SIOCOUTQ on a Unix stream
 * socket counts the bytes queued at the other end and not yet read, so
 * the server can tell whether a pane's program has taken the keys it was
 * sent. Anything that is not such a socket (a lent pty) answers 0.
 */
#include <sys/ioctl.h>
#include <linux/sockios.h>

#include "engine/sys/sock-queue.h"

size_t
sock_queue_unread(int fd)
{
	int	n;

	if (fd < 0 || ioctl(fd, SIOCOUTQ, &n) != 0 || n < 0)
		return (0);
	return ((size_t)n);
}
