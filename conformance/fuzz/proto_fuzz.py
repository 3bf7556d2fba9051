#!/usr/bin/python3
"""Protocol fuzzer: malformed and mutated client/server frames and
control-mode lines against a live zeropty server.

    proto_fuzz.py --bin ZEROPTY [--seed S] [--count N] [--keep DIR]

Starts its own server on a private -S socket in a temporary directory
(one session whose pane runs cat), then sends COUNT cases from a fixed
SEED, each on a new connection:

  frames   random frame headers (any type, lengths up to past the 16 MB
           limit, truncated), MSG_COMMAND bodies with a wrong version,
           missing NULs, argc/envc out of range or lying, random flags
           (PROTO_CTLFDS without descriptors), follow-up frames of every
           type, then a close at any point
  control  the raw control-mode handshake, then lines of commands from a
           safe list with mutated words, binary garbage, very long and
           unterminated lines, %-lines, refresh-client -f/-A/-B flags
  command  well-formed command frames with mutated words

Commands come from an allow list that runs nothing outside the server
(no run-shell, if-shell, pipe-pane, #() or new panes); '#(' is never
generated. Every 25 cases, and at the end, a well-formed has-session must
answer (the session is made again if keys sent to a mode killed it, as
a user could; the other sessions control cases made are killed). The server is
killed through its own -S socket and PID only. Prints TAP; the closing
point says the server never went away. Run under ASan/UBSan by
build-aux/test-sanitizers.sh (the server's reports go to its log_path).
"""

import argparse
import os
import random
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time

MSG_COMMAND, MSG_STDOUT, MSG_STDERR, MSG_EXIT, MSG_STDIN, MSG_RESIZE = (
    1, 2, 3, 4, 5, 6)
MSG_UNLOCK, MSG_WAKEUP = 10, 11


def proto_version():
    """The version the built tree speaks (tmux-compat/proto.h)."""
    here = os.path.dirname(os.path.abspath(__file__))
    try:
        with open(os.path.join(here, "..", "..", "tmux-compat",
                               "proto.h")) as f:
            for line in f:
                w = line.split()
                if len(w) == 3 and w[:2] == ["#define", "PROTO_VERSION"]:
                    return int(w[2])
    except OSError:
        pass
    return 4


PROTO_VERSION = proto_version()
MAX_FRAME = 16 * 1024 * 1024
HELLO = b"\033zeropty-control v1"

# Commands that only read or change the server's own state.
SAFE = [
    "display-message -p '#{session_name} #{pane_id} #{window_width}'",
    "display-message -p -F '#{S:#{session_name} }#{W:#{window_index}}'",
    "list-sessions", "list-windows -a", "list-panes -a -F '#{pane_id}'",
    "list-clients", "list-buffers", "list-keys -T copy-mode",
    "list-commands", "show-options -g", "show-options -s",
    "show-window-options -g", "show-environment -g", "show-hooks -g",
    "has-session -t fz", "set-option -g @fz value",
    "set-option -g status-left '#[fg=red]x'", "set-option -u -g @fz",
    "set-buffer -b fzb data", "show-buffer -b fzb",
    "delete-buffer -b fzb", "rename-window -t fz:0 w",
    "capture-pane -p -t fz:0.0", "capture-pane -p -e -S - -t fz:0.0",
    "send-keys -t fz:0.0 -l hello", "send-keys -t fz:0.0 Enter",
    "send-keys -t fz:0.0 -H 41 42", "resize-window -t fz:0 -x 50 -y 20",
    "select-pane -t fz:0.0 -T title", "refresh-client -f no-output",
    "refresh-client -A %0:on", "refresh-client -B sub:%0:#{pane_id}",
    "refresh-client -C 100x30", "set-environment -g FZ 1",
    "show-messages", "server-info", "wait-for -S fzchan",
    "copy-mode -t fz:0.0", "send-keys -t fz:0.0 -X cancel",
    "select-layout -t fz:0 tiled", "set-hook -g after-new-window ''",
    "display-message -p '#{=5:session_name}#{l:#{pane_id}}'",
    "source-file /dev/null", "choose-tree -t fz:0.0",
    "send-keys -t fz:0.0 q", "bind-key -T fz x display-message hi",
    "unbind-key -T fz x", "list-keys -T fz",
]
WORDS = ["-t", "fz", "%0", "@0", "$0", "-F", "-a", "-g", "-p", "-x", "-y",
         "--", ";", "\\;", "{", "}", "'", '"', "#{", "}", "#[fg=red]", "",
         "-1", "99999999999999999999", "%", "fz:", ":.+", "~", "$X", "\t",
         "\xff\xfe", "\x00", "\u00e9", "\u65e5\u672c"]


def frame(t, data):
    return struct.pack("=II", t, len(data)) + data


def mutate_line(rng, line):
    words = line.split(" ")
    for _ in range(rng.randrange(0, 4)):
        op = rng.randrange(5)
        i = rng.randrange(len(words) + 1)
        if op == 0:
            words.insert(i, rng.choice(WORDS))
        elif op == 1 and words:
            del words[min(i, len(words) - 1)]
        elif op == 2 and words:
            w = list(words[min(i, len(words) - 1)])
            if w:
                j = rng.randrange(len(w))
                w[j] = chr(rng.choice([0, 1, 9, 10, 13, 27, 35, 59, 123,
                                       125, 127, rng.randrange(32, 127)]))
            words[min(i, len(words) - 1)] = "".join(w)
        elif op == 3:
            words.insert(i, rng.choice(SAFE).split(" ")[0])
        else:
            words.insert(i, "x" * rng.choice([1, 100, 5000]))
    s = " ".join(words)
    return s.replace("#(", "#_(")


def safe_bytes(rng, n):
    b = bytes(rng.randrange(256) for _ in range(n))
    return b.replace(b"#(", b"#_(")


def strings(*words):
    return b"".join(w + b"\0" for w in words)


def command_body(rng, argv, mutate):
    version = PROTO_VERSION
    flags = 0x1
    if mutate and rng.random() < 0.2:
        version = rng.choice([0, 1, 3, 0xffffffff])
    if mutate and rng.random() < 0.3:
        flags = rng.randrange(0, 64)
    enc = [a.encode("utf-8", "surrogateescape") for a in argv]
    env = [b"TERM=xterm", b"HOME=/nonexistent", b"FZ=1"]
    argc = str(len(enc)).encode()
    envc = str(len(env)).encode()
    if mutate and rng.random() < 0.2:
        argc = rng.choice([b"-1", b"100001", b"99999", b"x", b"",
                           str(len(enc) + rng.randrange(1, 5)).encode()])
    if mutate and rng.random() < 0.2:
        envc = rng.choice([b"-1", b"100001", b"7", b""])
    size = rng.choice([b"80x24", b"", b"0x0", b"99999x99999", b"axb"])
    body = struct.pack("=II", version, flags) + strings(
        b"/", rng.choice([b"", b"%0", b"%99", b"junk"]),
        rng.choice([b"", b"/dev/null", b"/dev/tty0"]), size,
        argc, *enc, envc, *env)
    if mutate and rng.random() < 0.3:
        cut = rng.randrange(0, len(body) + 1)
        body = body[:cut]
    if mutate and rng.random() < 0.2:
        body = body.replace(b"\0", b"", rng.randrange(1, 4))
    return body


class Server:
    def __init__(self, binary, tmp):
        self.bin = binary
        self.sock = os.path.join(tmp, "s")
        env = dict(os.environ)
        env.pop("TMUX", None)
        env["HOME"] = tmp
        env["SHELL"] = "/bin/sh"
        self.env = env
        r = self.run("new-session", "-d", "-s", "fz", "-x", "80", "-y",
                     "24", "cat")
        if r.returncode != 0:
            raise SystemExit("cannot start server: %r" % (r.stderr,))
        # Keys sent to a tree or copy mode may kill the session as a user
        # could: the server must stay (and say so) when it has none.
        self.run("set-option", "-s", "exit-empty", "off")
        self.remade = 0
        self.pid = int(self.run("display-message", "-p",
                                "#{pid}").stdout.strip())
        if os.environ.get("PROTO_FUZZ_STRACE"):
            subprocess.Popen(["strace", "-f", "-o",
                              os.environ["PROTO_FUZZ_STRACE"], "-e",
                              "trace=process,signal", "-p", str(self.pid)])
            time.sleep(1)

    def run(self, *args, timeout=10):
        return subprocess.run([self.bin, "-S", self.sock, "-f", "/dev/null"]
                              + list(args), capture_output=True,
                              env=self.env, timeout=timeout,
                              stdin=subprocess.DEVNULL)

    def alive(self):
        try:
            r = self.run("has-session", "-t", "fz", timeout=10)
        except subprocess.TimeoutExpired:
            return False, "has-session timed out"
        if r.returncode != 0 and b"can't find session" not in r.stderr:
            return False, "has-session: rc=%d %r" % (r.returncode, r.stderr)
        if r.returncode != 0:
            self.remade += 1
            self.run("new-session", "-d", "-s", "fz", "-x", "80", "-y",
                     "24", "cat")
        # Sessions the control cases made (a bare hello makes one).
        self.run("kill-session", "-a", "-t", "fz")
        return True, ""

    def kill(self):
        try:
            self.run("kill-server", timeout=10)
        except subprocess.TimeoutExpired:
            pass
        try:
            os.kill(self.pid, 0)
            os.kill(self.pid, signal.SIGKILL)
        except OSError:
            pass


def connect(path):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(2)
    s.connect(path)
    return s


def drain(s, limit):
    """Read what the server says for up to `limit` seconds."""
    end = time.monotonic() + limit
    got = 0
    while time.monotonic() < end:
        try:
            d = s.recv(65536)
        except (socket.timeout, OSError):
            return got
        if not d:
            return got
        got += len(d)
    return got


LAST = []


def send_all(s, data):
    """Send, then end the input: the server must answer and close."""
    LAST.append(data)
    del LAST[:-3]
    try:
        s.sendall(data)
        s.shutdown(socket.SHUT_WR)
        return True
    except OSError:
        return False


def case_frames(rng, path):
    s = connect(path)
    parts = []
    for _ in range(rng.randrange(1, 4)):
        k = rng.randrange(4)
        if k == 0:
            t = rng.choice([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 255,
                            0xffffffff])
            n = rng.choice([0, 1, 8, 100, MAX_FRAME, MAX_FRAME + 1,
                            0xffffffff])
            payload = safe_bytes(rng, min(n, rng.randrange(0, 300)))
            parts.append(struct.pack("=II", t, n) + payload)
        elif k == 1:
            argv = mutate_line(rng, rng.choice(SAFE)).split(" ")
            parts.append(frame(MSG_COMMAND, command_body(rng, argv, True)))
        elif k == 2:
            t = rng.choice([MSG_STDIN, MSG_RESIZE, MSG_UNLOCK, MSG_WAKEUP])
            parts.append(frame(t, safe_bytes(rng, rng.choice([0, 4, 8,
                                                                9, 100]))))
        else:
            parts.append(safe_bytes(rng, rng.randrange(1, 64)))
    data = b"".join(parts)
    if rng.random() < 0.3:
        data = data[:rng.randrange(0, len(data) + 1)]
    send_all(s, data)
    got = drain(s, 5)
    s.close()
    return got


def case_control(rng, path):
    s = connect(path)
    first = HELLO
    if rng.random() < 0.5:
        first += b" " + mutate_line(rng, "attach-session -t fz").encode(
            "utf-8", "surrogateescape")
    if rng.random() < 0.05:
        first = first[:rng.randrange(1, len(first))]
    lines = [first]
    for _ in range(rng.randrange(1, 12)):
        k = rng.randrange(6)
        if k <= 2:
            lines.append(mutate_line(rng, rng.choice(SAFE)).encode(
                "utf-8", "surrogateescape"))
        elif k == 3:
            lines.append(safe_bytes(rng, rng.randrange(0, 200)))
        elif k == 4:
            lines.append(b"%" + safe_bytes(rng, rng.randrange(0, 20)))
        else:
            lines.append(b"x" * rng.choice([1000, 70000, 300000]))
    data = b"\n".join(lines)
    if rng.random() < 0.7:
        data += b"\n"
    send_all(s, data)
    got = drain(s, 5)
    s.close()
    return got


def case_command(rng, path):
    s = connect(path)
    argv = mutate_line(rng, rng.choice(SAFE)).split(" ")
    send_all(s, frame(MSG_COMMAND, command_body(rng, argv, False)))
    got = drain(s, 5)
    s.close()
    return got


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=600)
    ap.add_argument("--keep")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    tmp = a.keep or tempfile.mkdtemp(prefix="zp-proto-fuzz-")
    os.makedirs(tmp, exist_ok=True)
    server = Server(os.path.abspath(a.bin), tmp)
    kinds = [("frames", case_frames), ("control", case_control),
             ("command", case_command)]
    counts = {k: 0 for k, _ in kinds}
    answered = {k: 0 for k, _ in kinds}
    ok, why, n = True, "", 0
    try:
        for n in range(1, a.count + 1):
            name, fn = rng.choice(kinds)
            try:
                got = fn(rng, server.sock)
            except (ConnectionRefusedError, FileNotFoundError) as e:
                ok, why = False, "case %d (%s): connect: %s" % (n, name, e)
                break
            counts[name] += 1
            answered[name] += 1 if got else 0
            if n % 25 == 0:
                ok, why = server.alive()
                if not ok:
                    why = "after case %d (%s): %s" % (n, name, why)
                    break
        if ok:
            ok, why = server.alive()
    finally:
        server.kill()
        if not a.keep:
            shutil.rmtree(tmp, ignore_errors=True)
    print("1..1")
    print("# seed %d: %s; session made again %d times" % (a.seed, ", ".join(
        "%s %d (%d answered)" % (k, v, answered[k])
        for k, v in counts.items()), server.remade))
    if ok:
        print("ok 1 - protocol fuzz: %d cases, server answered throughout"
              % n)
    else:
        print("# " + why)
        for i, d in enumerate(LAST):
            print("# sent %d cases before: %r" % (len(LAST) - i, d[:400]))
        print("not ok 1 - protocol fuzz: server lost (seed %d)" % a.seed)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
