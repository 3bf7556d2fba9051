/*
 * What server.c and server-fds.c share about a client's connection.
 */
#ifndef ZEROPTY_SERVER_INT_H
#define ZEROPTY_SERVER_INT_H

#include <event2/event.h>
#include <stdint.h>

struct client;

/* server.c: the client's queued output is written (a write event). */
void	server_client_write_cb(evutil_socket_t, short, void *);

/*
 * server-fds.c: the descriptors sent with the command frame, by its flags
 * (-1 if a control client's are unusable); the frames held for a control
 * client writing to its own stdout, sent once that is written.
 */
int	server_fds_take_fds(struct client *, uint32_t flags);
void	server_fds_send_held(struct client *);

#endif
