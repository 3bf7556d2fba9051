/*
 * The client-server protocol on the Unix socket.
 *
 * Every message is a frame: a header {uint32 type, uint32 length} in host
 * byte order (both ends are on one machine) followed by length bytes.
 *
 * client -> server
 *   MSG_COMMAND   uint32 version, uint32 flags (PROTO_UTF8 ...), then
 *                 NUL-terminated strings: cwd, TMUX_PANE value (may be ""),
 *                 ttyname of stdin ("" if not a terminal), its size
 *                 "COLSxROWS" ("" if not a terminal),
 *                 "argc" as decimal, argc words, "envc", envc "K=V" words.
 *   MSG_STDIN     control and attached clients: bytes read from stdin
 *                 (control clients: length 0 is end of file)
 *   MSG_RESIZE    attached clients: uint32 columns, uint32 rows
 *   MSG_UNLOCK    attached clients: the lock command finished
 *   MSG_WAKEUP    attached clients: continued after MSG_SUSPEND
 *   MSG_READ      command clients, after MSG_READ_OPEN: bytes read from
 *                 stdin or the file (at most PROTO_CHUNK a frame)
 *   MSG_READ_DONE command clients: stdin or the file is at its end
 *                 (int32 0) or could not be opened or read (int32 errno);
 *                 no more MSG_READ
 *   MSG_WRITE_DONE command clients, after MSG_WRITE_CLOSE: int32 0 if the
 *                 file was written, else the errno of the open or write
 * server -> client
 *   MSG_STDOUT    bytes for the client's stdout
 *   MSG_STDERR    bytes for the client's stderr
 *   MSG_EXIT      int32 exit status; the server closes the connection.
 *                 Control clients: then a NUL-terminated %exit reason
 *                 ("" for none), which the client prints as "%exit[ reason]",
 *                 and a byte, 1 if the client must then read stdin up to an
 *                 empty line (wait-exit). Attached clients: then the line
 *                 to print once the terminal is restored ("[detached ...]"),
 *                 and after its NUL a byte 1 if the client then sends
 *                 SIGHUP to its parent (detach-client -P)
 *   MSG_ATTACH    the command attached the client: put the terminal in raw
 *                 mode, send MSG_RESIZE and relay stdin until MSG_EXIT; a
 *                 byte 1 if the server reads and draws on the terminal
 *                 itself (then the client does not read stdin)
 *   MSG_LOCK      a NUL-terminated command: with the terminal restored,
 *                 run it (system(3)), then raw mode again and MSG_UNLOCK
 *   MSG_SUSPEND   with the terminal restored, stop (SIGTSTP); once
 *                 continued, raw mode again and MSG_WAKEUP
 *   MSG_READ_OPEN command clients: send stdin (no data) or the file at the
 *                 NUL-terminated absolute path (MSG_READ ... MSG_READ_DONE);
 *                 the server reads only what the client sends, never the
 *                 client's descriptors or files itself (tmux's
 *                 MSG_READ_OPEN): the client opens with its own rights
 *   MSG_READ_CANCEL  stop sending (the server has had enough); a client
 *                 still reading then sends MSG_READ_DONE (ECANCELED), the
 *                 end of what the server drops
 *   MSG_WRITE_OPEN command clients: uint32 flags (PROTO_WRITE_APPEND),
 *                 then a NUL-terminated absolute path: the client opens
 *                 it for writing with its own rights (tmux's
 *                 MSG_WRITE_OPEN), creating it 0644
 *   MSG_WRITE     bytes for that file (at most PROTO_CHUNK a frame)
 *   MSG_WRITE_CLOSE  the file is complete: close it, answer MSG_WRITE_DONE
 *
 * MSG_STDOUT and MSG_STDERR carry at most PROTO_CHUNK bytes: a larger
 * answer comes in several frames.
 *
 * A client whose stdin is a terminal passes it with the MSG_COMMAND frame
 * (SCM_RIGHTS on the frame's first bytes). A control client whose stdin
 * and stdout are pipes or terminals passes both instead (in that order)
 * and sets PROTO_CTLFDS: the server then reads the control lines from
 * stdin and writes its answers to stdout itself, sends the client only
 * MSG_STDERR and MSG_EXIT, and sends MSG_EXIT only once all of its stdout
 * is written.
 *
 * Control mode straight on the socket (no client process): instead of a
 * frame the peer sends one line, PROTO_CONTROL_HELLO, optionally a space
 * and a command in the config-file language, then a newline; everything
 * after that is control mode, unframed, both ways (README.md).
 */
#ifndef ZEROPTY_PROTO_H
#define ZEROPTY_PROTO_H

#include <stdint.h>

#define PROTO_VERSION	4
#define PROTO_MAX_FRAME	(16 * 1024 * 1024)
#define PROTO_CHUNK	(256 * 1024)

enum msg_type {
	MSG_COMMAND = 1,
	MSG_STDOUT,
	MSG_STDERR,
	MSG_EXIT,
	MSG_STDIN,
	MSG_RESIZE,
	MSG_ATTACH,
	MSG_LOCK,
	MSG_SUSPEND,
	MSG_UNLOCK,
	MSG_WAKEUP,
	MSG_READ_OPEN,
	MSG_READ,
	MSG_READ_DONE,
	MSG_READ_CANCEL,
	MSG_WRITE_OPEN,
	MSG_WRITE,
	MSG_WRITE_CLOSE,
	MSG_WRITE_DONE,
};

#define PROTO_UTF8	0x1	/* the client prints UTF-8 */
#define PROTO_TTY	0x2	/* the client's stdin is a terminal */
#define PROTO_CONTROL	0x4	/* -C */
#define PROTO_CONTROLCONTROL 0x8	/* -CC */
#define PROTO_CTLFDS	0x10	/* control: stdin and stdout passed */

#define PROTO_WRITE_APPEND	0x1	/* MSG_WRITE_OPEN: append, not truncate */

#define PROTO_CONTROL_HELLO	"\033zeropty-control v1"

struct msg_hdr {
	uint32_t	type;
	uint32_t	len;
};

#endif
