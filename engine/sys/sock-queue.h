/*
 * How much a socket's peer has still to read of what was written to it.
 */
#ifndef ZEROPTY_SOCK_QUEUE_H
#define ZEROPTY_SOCK_QUEUE_H

#include <stddef.h>

/* Bytes written on fd that the other end has not read yet (0 if unknown). */
size_t	sock_queue_unread(int fd);

#endif
