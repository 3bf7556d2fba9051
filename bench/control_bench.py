#!/usr/bin/python3
"""Control mode speed, tmux 3.3a against zeropty, alternating (issue 5).

Through one persistent control connection (`tmux -C attach`, `zeropty -C
attach`, and zeropty's control mode straight on the socket, no client
process):

  mutations  `set-option -g @kN vN` writes to 128 distinct names with 1, 8
             and 32 callers: that many commands in flight, the next written
             as one completes (the connection answers in order); ops/s and
             the p95 of write-to-%end, over --mut-ops writes, driven by
             `benchtool ctlmut` (C: a Python driver was slower than either
             server) when --tool is given, else by this script;
  roundtrip  `send-keys` and `capture-pane -p` one at a time, --calls
             each, p50/p95, on a quiet pane and on a busy one (printing a
             line every 10 ms);
  keystroke  `send-keys -l x` to a pane running `cat` until the %output
             carrying the x arrives, p50/p95.

    bench/control_bench.py --zeropty _build/zeropty [--tool _build/bench/benchtool]
        [--rounds 3] [--calls 1000] [--mut-ops 2048]

Prints one line per measurement and, per figure, the tmux/zeropty ratio of
the medians over the rounds (for ops/s zeropty/tmux: above 1 is faster).
"""
import argparse
import os
import select
import socket
import statistics
import subprocess
import sys
import time

BUSY = "while :; do echo busy $(date +%N); sleep 0.01; done"


class Control:
    """A control connection: write command lines, read %begin/%end blocks."""

    def __init__(self, argv=None, sock_path=None):
        self.proc = None
        self.sock = None
        self.buf = b""
        self.outputs = []
        if sock_path is not None:
            self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            self.sock.connect(sock_path)
            self.sock.sendall(b"\033zeropty-control v1 attach -t b\n")
            self.rfd = self.sock.fileno()
        else:
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL,
                                         bufsize=0)
            self.rfd = self.proc.stdout.fileno()
        self.read_block()       # the attach command's own block

    def write(self, line):
        data = line.encode() + b"\n"
        if self.sock is not None:
            self.sock.sendall(data)
        else:
            self.proc.stdin.write(data)

    def _line(self, timeout=30):
        while b"\n" not in self.buf:
            r, _, _ = select.select([self.rfd], [], [], timeout)
            if not r:
                raise TimeoutError("control connection silent")
            chunk = os.read(self.rfd, 65536)
            if not chunk:
                raise EOFError("control connection closed")
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.rstrip(b"\r")

    def read_block(self):
        """Lines up to the next %end/%error; %output lines are kept."""
        inside = False
        while True:
            line = self._line()
            if line.startswith(b"%output "):
                self.outputs.append((time.monotonic(), line))
            if line.startswith(b"%begin "):
                inside = True
            elif inside and (line.startswith(b"%end ") or
                             line.startswith(b"%error ")):
                return line.startswith(b"%end ")

    def wait_output(self, needle, timeout=10):
        end = time.monotonic() + timeout
        while True:
            for t, line in self.outputs:
                if needle in line:
                    self.outputs = []
                    return t
            self.outputs = []
            line = self._line(max(0.01, end - time.monotonic()))
            if line.startswith(b"%output "):
                self.outputs.append((time.monotonic(), line))

    def close(self):
        try:
            if self.sock is not None:
                self.sock.close()
            else:
                self.proc.stdin.close()
                self.proc.wait(timeout=10)
        except Exception:
            pass


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, int(round(p / 100 * len(xs))) - 1))]


def mutations(ctl, callers, n=128, tag=0):
    lat = []
    start = time.monotonic()
    sent = done = 0
    pending = []
    while done < n:
        while sent < n and len(pending) < callers:
            ctl.write("set-option -g @k%d_%d v%d" % (tag, sent, sent))
            pending.append(time.monotonic())
            sent += 1
        if not ctl.read_block():
            raise RuntimeError("set-option failed")
        lat.append(time.monotonic() - pending.pop(0))
        done += 1
    total = time.monotonic() - start
    return n / total, pct(lat, 95) * 1000


def mutations_c(ctl, tool, callers, n, tag):
    """The same through benchtool ctlmut on the connection's descriptors."""
    if ctl.sock is not None:
        rfd = wfd = ctl.sock.fileno()
    else:
        rfd, wfd = ctl.rfd, ctl.proc.stdin.fileno()
    out = subprocess.run([tool, "ctlmut", str(n), str(callers), str(tag),
                          str(rfd), str(wfd)], pass_fds=(rfd, wfd),
                         check=True, capture_output=True, text=True).stdout
    f = dict(kv.split("=") for kv in out.split())
    if int(f["fail"]) != 0:
        raise RuntimeError("set-option failed")
    # What the driver read past its last answer is not a whole line here.
    ctl.buf = b""
    return float(f["ops_per_s"]), int(f["p95_us"]) / 1000


def roundtrips(ctl, cmd, calls):
    lat = []
    for _ in range(calls):
        t = time.monotonic()
        ctl.write(cmd)
        if not ctl.read_block():
            raise RuntimeError(cmd + " failed")
        lat.append(time.monotonic() - t)
    return pct(lat, 50) * 1000, pct(lat, 95) * 1000


def keystrokes(ctl, target, calls):
    lat = []
    for i in range(calls):
        ch = "abcdefghijklmnopqrstuvwxyz"[i % 26]
        t = time.monotonic()
        ctl.write("send-keys -t %s -l %s" % (target, ch))
        ctl.read_block()
        got = ctl.wait_output(b" " + ch.encode())
        lat.append(got - t)
    return pct(lat, 50) * 1000, pct(lat, 95) * 1000


def run_one(name, binary, mode, sock, calls, tag, tool=None, mut_ops=128):
    env = dict(os.environ, SHELL="/bin/sh")
    env.pop("TMUX", None)
    base = [binary, "-L", sock]
    subprocess.run(base + ["-f", "/dev/null", "new-session", "-d", "-s", "b",
                           "-x", "80", "-y", "24"], check=True, env=env)
    subprocess.run(base + ["new-window", "-d", "-t", "b:1", BUSY],
                   check=True, env=env)
    subprocess.run(base + ["new-window", "-d", "-t", "b:2",
                           "stty -icanon -echo; exec cat"],
                   check=True, env=env)
    res = {}
    ctl = None
    try:
        time.sleep(0.5)
        if mode == "socket":
            path = subprocess.run(base + ["display", "-p", "#{socket_path}"],
                                  check=True, env=env, capture_output=True,
                                  text=True).stdout.strip()
            ctl = Control(sock_path=path)
        else:
            ctl = Control(argv=base + ["-C", "attach", "-t", "b"])
        for c in (1, 8, 32):
            if tool is not None:
                ops, p95 = mutations_c(ctl, tool, c, mut_ops, tag * 100 + c)
            else:
                ops, p95 = mutations(ctl, c, tag=tag * 100 + c)
            res["mut%d_ops" % c] = ops
            res["mut%d_p95_ms" % c] = p95
        for where, target in (("quiet", "b:0"), ("busy", "b:1")):
            p50, p95 = roundtrips(ctl, "send-keys -t %s ''" % target, calls)
            res["%s_send_p50_ms" % where] = p50
            res["%s_send_p95_ms" % where] = p95
            p50, p95 = roundtrips(ctl, "capture-pane -p -t %s" % target,
                                  calls)
            res["%s_capture_p50_ms" % where] = p50
            res["%s_capture_p95_ms" % where] = p95
        p50, p95 = keystrokes(ctl, "b:2", max(20, calls // 10))
        res["key_output_p50_ms"] = p50
        res["key_output_p95_ms"] = p95
    finally:
        if ctl is not None:
            ctl.close()
        subprocess.run(base + ["kill-server"], stderr=subprocess.DEVNULL,
                       env=env)
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--zeropty", required=True)
    ap.add_argument("--tmux", default="/usr/bin/tmux")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--calls", type=int, default=1000)
    ap.add_argument("--tool", help="benchtool, to drive the mutations")
    ap.add_argument("--mut-ops", type=int, default=2048)
    a = ap.parse_args()
    impls = [("tmux", a.tmux, "client"), ("zeropty", a.zeropty, "client"),
             ("zeropty-socket", a.zeropty, "socket")]
    res = {name: [] for name, _, _ in impls}
    for r in range(a.rounds):
        for name, binary, mode in impls:
            sock = "zpctlb-%d-%s-%d" % (os.getpid(), name, r)
            one = run_one(name, binary, mode, sock, a.calls, r, a.tool,
                          a.mut_ops)
            res[name].append(one)
            print("bench=control impl=%s round=%d %s" % (name, r, " ".join(
                "%s=%.3f" % (k, v) for k, v in sorted(one.items()))))
            sys.stdout.flush()
    keys = sorted(res["tmux"][0])
    for name in ("zeropty", "zeropty-socket"):
        for k in keys:
            t = statistics.median(x[k] for x in res["tmux"])
            z = statistics.median(x[k] for x in res[name])
            if k.endswith("_ops"):
                print("summary bench=control impl=%s %s tmux=%.1f zeropty=%.1f "
                      "ratio_zeropty_over_tmux=%.2f" % (name, k, t, z, z / t))
            else:
                print("summary bench=control impl=%s %s tmux=%.3f "
                      "zeropty=%.3f ratio_tmux_over_zeropty=%.2f"
                      % (name, k, t, z, t / z if z else 0))


if __name__ == "__main__":
    main()
