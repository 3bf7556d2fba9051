/*
 * The contract between the engine (engine/sys/vtty.c) and the LD_PRELOAD
 * shim (shim/shim.c). Leaf header: stdint and termios only.
 *
 * State file. The server creates one file per pane (mode 0600) and passes
 * its path in ZEROPTY_TTY; the shim maps it MAP_SHARED on first use. The
 * file holds one struct zpty_state. Its name ends in "-DEV-INO", the
 * st_dev and st_ino of the child's socket in decimal, so that the shim
 * can tell the terminal from other fds without opening the file. The server writes magic last, after
 * every other field; a reader that sees a wrong magic, version or size
 * behaves as if there were no terminal (plain libc).
 *
 *   sock_dev, sock_ino  identity of the child's end of the socketpair: an
 *                       fd is "the terminal" iff fstat() gives a socket
 *                       with this st_dev/st_ino (dup'ed fds share it).
 *   tio                 the termios (glibc struct termios layout). Written
 *                       by the shim (tcsetattr, TCSETS*), read by the
 *                       engine's line discipline for every key.
 *   ws_*                window size: written by the server (resize) and by
 *                       the shim (TIOCSWINSZ).
 *   pgrp                foreground process group (tcsetpgrp/TIOCSPGRP);
 *                       0 until known: the session leader fills it in.
 *   sid                 session id of the pane (the child's pid).
 *   name                what ttyname() returns, NUL-terminated; starts
 *                       with ZPTY_NAME_PREFIX (opening it opens the tty).
 *   noshim_pgrp         a process group running a program without the
 *                       shim (no pty could be had, or ZEROPTY_TRANSPORT
 *                       is "socket"; shim-pty.c): while it is in the
 *                       foreground the engine echoes nothing (the program
 *                       cannot turn echo off: passwords) and sends it no
 *                       EOF marker (it could not tell it from data).
 *   key                 ZPTY_KEY_LEN lowercase hex digits, random per
 *                       pane, written by the server: every in-band marker
 *                       carries it, so that data (a file a program prints,
 *                       a paste) cannot forge one without reading this
 *                       file (which only the pane's programs can).
 *   input_wait          ZPTY_WAIT_SLOTS pids, 0 for a free slot: a process
 *                       of the pane puts its pid in a free slot (compare
 *                       and swap) while it is blocked on the terminal with
 *                       nothing to read there (read, readv; poll, ppoll,
 *                       select, pselect and epoll_wait with a timeout that
 *                       is not 0 and the terminal among the fds read), and
 *                       clears it before it takes any input. The server
 *                       reads "the foreground program waits for input"
 *                       (wait-pane -I) from a slot of a live process of
 *                       the foreground group while nothing it sent is
 *                       unread. A slot left by a process that died in its
 *                       wait is taken over by the next waiter when all
 *                       are in use.
 *
 * Fields are plain words updated without locks: each is written whole, a
 * reader may see an old and a new field together for a moment.
 *
 * In-band markers.
 *
 * Output (program to engine): when a program changes termios on the
 * terminal and c_oflag changes, the shim writes, on that fd, before
 * returning from tcsetattr:
 *	ESC _ z p t y ; k = <key> ; o = <c_oflag, lowercase hex> ESC \
 * e.g. "\033_zpty;k=0123456789abcdef;o=5\033\\". The engine removes it
 * from the output and applies OPOST/ONLCR with the new c_oflag to every
 * byte after it. More ";name=hex" fields may follow "o=" in future
 * versions; readers ignore fields they do not know. The body is at most
 * ZPTY_MARK_MAX bytes. A marker whose first field is not the pane's key
 * is not one: it stays in the output as the program wrote it.
 *
 * Lent ptys (shim-pty.c). A program the shim cannot reach (an ELF
 * without PT_INTERP, a Go program, a setuid/setgid one or one with file
 * capabilities that changes credentials, one named in
 * $ZEROPTY_PTY_PROGRAMS) runs on a pty when $ZEROPTY_TRANSPORT is not
 * "socket"; programs with the ZPTY_NOTE_NAME note never. The shim sends
 * the master with SCM_RIGHTS, attached to the marker
 *	ESC _ z p t y ; k = <key> ; p = <fds> ESC \
 * on the pane's socket, fds the mask (a digit) of the program's fds 0-2
 * that will be on the pty (1: its stdin). The engine adopts a descriptor
 * that is a pty master, reads it onto the screen as it is and resizes it;
 * the keys go to the newest pty whose foreground group is not its
 * session's (the session leader takes the foreground back while the
 * program is stopped), one with stdin on it first. The master's EOF or
 * EIO ends the loan.
 *
 * Input (engine to program): VEOF in canonical mode with an empty line is
 * sent as ZPTY_EOF_PREFIX then the key, ZPTY_EOF_LEN bytes in one write.
 * The shim's read() on the terminal returns the data before it, then one
 * read returns 0, and the marker is consumed. The same bytes with another
 * key are data.
 */
#ifndef ZEROPTY_SHIM_PROTO_H
#define ZEROPTY_SHIM_PROTO_H

#include <stdint.h>
#include <termios.h>

#define ZPTY_ENV		"ZEROPTY_TTY"
#define ZPTY_MAGIC		0x7a707479u	/* "ytpz" */
#define ZPTY_VERSION		3
#define ZPTY_NAME_MAX		64
#define ZPTY_NAME_PREFIX	"/dev/zeropty/"	/* every name starts so */

/* Output marker: ZPTY_MARK_START, fields, ZPTY_MARK_END. */
#define ZPTY_MARK_START		"\033_zpty;"
#define ZPTY_MARK_START_LEN	7
#define ZPTY_MARK_END		"\033\\"
#define ZPTY_MARK_MAX		64

/* Input marker for end-of-file; 0xff 0xfe never occur in UTF-8. */
#define ZPTY_EOF_PREFIX		"\377\376"
#define ZPTY_EOF_LEN		(2 + ZPTY_KEY_LEN)

#define ZPTY_KEY_LEN		16

/* Processes that can be seen waiting for input at once (input_wait). */
#define ZPTY_WAIT_SLOTS		8

/* ELF note of programs that need no lent pty (zeropty's own clients). */
#define ZPTY_NOTE_NAME		"zeropty"	/* 8 bytes with the NUL */
#define ZPTY_NOTE_TYPE		1

struct zpty_state {
	uint32_t	magic;
	uint32_t	version;
	uint32_t	size;		/* sizeof (struct zpty_state) */
	uint32_t	flags;		/* none yet */
	uint64_t	sock_dev;
	uint64_t	sock_ino;

	struct termios	tio;

	uint16_t	ws_row;
	uint16_t	ws_col;
	uint16_t	ws_xpixel;
	uint16_t	ws_ypixel;

	int32_t		pgrp;
	int32_t		sid;

	char		name[ZPTY_NAME_MAX];
	char		key[ZPTY_KEY_LEN];
	int32_t		noshim_pgrp;
	int32_t		input_wait[ZPTY_WAIT_SLOTS];
};

#endif
