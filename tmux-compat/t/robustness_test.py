#!/usr/bin/python3
"""Bad input never kills the server or loses a session (TAP).

Malformed argv through the CLI, unknown targets, and raw garbage written
straight to the server socket (bad frame types, huge lengths, truncated and
malformed MSG_COMMAND payloads, random bytes, a client that connects and
vanishes): after each, the server still answers and the session is intact.
"""
import os
import random
import socket
import struct
import subprocess
import sys
import tempfile
import time

BIN = os.environ.get("TEST_ZEROPTY", "./zeropty")
tests = []


def ok(cond, what):
    tests.append(bool(cond))
    print(("ok" if cond else "not ok") + " %d - %s" % (len(tests), what))
    sys.stdout.flush()


def main():
    if not os.access(BIN, os.X_OK):
        print("1..0 # SKIP zeropty not built")
        return 0
    tmp = tempfile.mkdtemp(prefix="zp-robust-")
    sock = os.path.join(tmp, "sock")
    env = dict(os.environ, SHELL="/bin/sh")
    env.pop("TMUX", None)
    env.pop("TMUX_PANE", None)

    def zp(*args, check=False):
        p = subprocess.run([BIN, "-S", sock] + list(args), env=env,
                           capture_output=True, text=True, timeout=20)
        return p.returncode, p.stdout, p.stderr

    try:
        rc, out, err = zp("new-session", "-d", "-s", "keep", "-x", "80",
                          "-y", "24")
        ok(rc == 0, "session created")

        def alive(what):
            rc, out, err = zp("list-sessions", "-F", "#{session_name}")
            ok(rc == 0 and out == "keep\n", "server alive, session kept: "
               + what)

        for argv in (["-t"], ["send-keys", "-t"], ["capture-pane", "-S"],
                     ["new-window", "-t", "keep:", "-t"], [";", ";"],
                     ["display", "-p", "#{" * 200], ["display", "-p",
                     "#{e|/:1,0}"], ["send-keys", "-t", "%99", "x"],
                     ["kill-pane", "-t", "nosuch:9.9"],
                     ["capture-pane", "-p", "-S", "-99999999999"],
                     ["resize-window", "-x", "0"],
                     ["split-window", "-l", "999999"],
                     ["select-layout", "nosuch"], ["\xff\xfe"]):
            zp(*argv)
            alive("argv %r" % (argv,))

        def raw(data, what, read=True):
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.settimeout(5)
            s.connect(sock)
            try:
                s.sendall(data)
                if read:
                    s.shutdown(socket.SHUT_WR)
                    while s.recv(65536):
                        pass
            except OSError:
                pass
            s.close()
            alive(what)

        raw(b"", "connect and close")
        raw(b"garbage that is not a frame at all\n" * 10, "text garbage")
        raw(struct.pack("II", 99, 4) + b"abcd", "unknown frame type")
        raw(struct.pack("II", 1, 0xffffffff), "huge frame length")
        raw(struct.pack("II", 1, 3) + b"abc", "short command payload")
        raw(struct.pack("II", 1, 8) + struct.pack("II", 7, 0),
            "wrong protocol version")
        payload = struct.pack("II", 1, 0) + b"/\0\0\0" + b"999999\0"
        raw(struct.pack("II", 1, len(payload)) + payload,
            "argc larger than the words sent")
        payload = struct.pack("II", 1, 0) + b"/\0\0\0" + b"-5\0"
        raw(struct.pack("II", 1, len(payload)) + payload, "negative argc")
        payload = struct.pack("II", 1, 0) + b"/\0\0\0" + b"1\0kill-server"
        raw(struct.pack("II", 1, len(payload)) + payload,
            "unterminated word")
        rnd = random.Random(1234)
        for i in range(20):
            data = bytes(rnd.randrange(256) for _ in range(rnd.randrange(1, 300)))
            raw(data, "random bytes %d" % i)
        raw(struct.pack("II", 1, 1000) + b"x" * 10, "truncated frame, stalled",
            read=False)

        # Connections that never send a command are closed (10 s), so idle
        # or refused ones cannot hold the server's descriptors forever;
        # the server answers others meanwhile.
        idle = []
        for i in range(3):
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect(sock)
            idle.append(s)
        s = idle[2]
        s.sendall(struct.pack("II", 1, 100) + b"x" * 10)  # half a frame
        alive("idle connections open")
        closed = 0
        end = time.monotonic() + 30
        for s in idle:
            s.settimeout(max(0.1, end - time.monotonic()))
            try:
                if s.recv(100) == b"":
                    closed += 1
            except OSError:
                pass
            s.close()
        ok(closed == 3, "idle connections closed by the server (%d of 3)"
           % closed)

        # Found by conformance/fuzz/proto_fuzz.py: a raw control hello whose
        # line holds a NUL (read past the line), and flags that take a
        # value given last on a control client's line (no value: NULL).
        hello = b"\033zeropty-control v1"
        raw(hello + b" " + b"x" * 80 + b"\0yy attach -t keep\n",
            "control hello with a NUL in its line")
        for line in (b"refresh-client -C", b"refresh-client -f",
                     b"refresh-client -F", b"capture-pane -b",
                     b"break-pane -n"):
            raw(hello + b" attach -t keep\n" + line + b"\n",
                "control line %r" % (line,))

        # A control client's stdin and stdout (PROTO_CONTROL|PROTO_CTLFDS):
        # missing, too many, or regular files the server cannot poll.
        def ctl_frame(words):
            body = struct.pack("II", 2, 0x4 | 0x10) + b"/\0\0\0\0"
            body += b"%d\0" % len(words)
            body += b"".join(w.encode() + b"\0" for w in words) + b"0\0"
            return struct.pack("II", 1, len(body)) + body

        def with_fds(data, fds, what):
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.settimeout(5)
            s.connect(sock)
            try:
                socket.send_fds(s, [data[:8]], fds)
                s.sendall(data[8:])
                s.settimeout(1)
                try:
                    s.recv(65536)
                except OSError:
                    pass
            except OSError:
                pass
            s.close()
            alive(what)

        raw(ctl_frame(["list-sessions"]), "control frame without its fds")
        f1 = open(os.path.join(tmp, "in"), "w+b")
        f2 = open(os.path.join(tmp, "out"), "w+b")
        with_fds(ctl_frame(["list-sessions"]), [f1.fileno(), f2.fileno()],
                 "control fds that are regular files")
        with_fds(ctl_frame(["list-sessions"]),
                 [f1.fileno(), f2.fileno(), f1.fileno()],
                 "three fds with a control frame")
        r, w = os.pipe()
        with_fds(ctl_frame(["attach", "-t", "keep"]), [r, w],
                 "control fds: its own pipe, then gone")
        for fd in (r, w):
            os.close(fd)
        f1.close()
        f2.close()
    finally:
        zp("kill-server")
        for name in os.listdir(tmp):
            try:
                os.unlink(os.path.join(tmp, name))
            except OSError:
                pass
        os.rmdir(tmp)

    print("1..%d" % len(tests))
    print("# %d passed, %d failed" % (tests.count(True), tests.count(False)))
    return 0 if all(tests) else 1


if __name__ == "__main__":
    sys.exit(main())
