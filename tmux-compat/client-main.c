/*
 * main() of zeropty-client, the full client, which the zeropty command
 * (client-front.c) runs for what it does not do itself (zeropty_main in
 * zeropty.c does the work). The server binary runs the same client with --client
 * (server-main.c), where it must not start itself again.
 */
#include "tmux-compat/tmux.h"

int
main(int argc, char **argv)
{
	zp_client_may_reexec = 1;
	return (zeropty_main(argc, argv));
}
