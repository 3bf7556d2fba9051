#!/usr/bin/python3
"""Commands a second from a program: libzeropty against the CLI and -C.

The same command, `display -p '#{pane_id}'`, run one after another (each
waits for its answer) through:

  lib        libzeropty's control connection (lib/python/zeropty.py over
             ctypes: one socket, no client process);
  zp -C      `zeropty -C attach` driven over pipes, as an IDE drives tmux;
  tmux -C    `tmux -C attach` the same way: the fastest a tmux user has;
  zp cli     one `zeropty display -p` process per command (scripts);
  tmux cli   one `tmux display -p` process per command.

Rounds alternate tmux and zeropty. Prints commands/s per way and round,
then the medians and their ratios to tmux's.

    bench/lib_bench.py --zeropty _build/zeropty [--lib _build/lib/.libs/libzeropty.so]
        [--rounds 3] [--calls 2000] [--cli-calls 200]
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

CMD = "display -p '#{pane_id}'"


def control_rate(argv, env, calls):
    p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         env=env, bufsize=0)

    def block():
        while True:
            line = p.stdout.readline()
            if not line:
                raise RuntimeError("control client ended")
            if line.startswith(b"%end") or line.startswith(b"%error"):
                return
    # The attach's own block first.
    p.stdin.write(b"display -p ready\n")
    while not p.stdout.readline().startswith(b"ready"):
        pass
    block()
    t0 = time.perf_counter()
    for _ in range(calls):
        p.stdin.write(CMD.encode() + b"\n")
        while not p.stdout.readline().startswith(b"%begin"):
            pass
        block()
    dt = time.perf_counter() - t0
    p.stdin.close()
    p.wait(timeout=10)
    return calls / dt


def cli_rate(argv, env, calls):
    t0 = time.perf_counter()
    for _ in range(calls):
        subprocess.run(argv + ["display", "-p", "#{pane_id}"], env=env,
                       stdout=subprocess.DEVNULL, check=True)
    return calls / (time.perf_counter() - t0)


def lib_rate(zeropty, sock, calls):
    z = zeropty.Client(socket=sock, command="attach -t b")
    z.cmd(CMD)
    t0 = time.perf_counter()
    for _ in range(calls):
        z.cmd(CMD)
    dt = time.perf_counter() - t0
    z.close()
    return calls / dt


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--zeropty", required=True)
    ap.add_argument("--tmux", default="/usr/bin/tmux")
    ap.add_argument("--lib")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--calls", type=int, default=2000)
    ap.add_argument("--cli-calls", type=int, default=200)
    a = ap.parse_args()
    zp = os.path.abspath(a.zeropty)
    lib = a.lib or os.path.join(os.path.dirname(zp), "lib", ".libs",
                                "libzeropty.so")
    os.environ["ZEROPTY_LIB"] = lib
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, os.path.join(here, "..", "lib", "python"))
    import zeropty

    tmp = tempfile.mkdtemp(prefix="zp-libbench-")
    env = dict(os.environ, SHELL="/bin/sh", HOME=tmp)
    env.pop("TMUX", None)
    zs, ts = os.path.join(tmp, "zp"), os.path.join(tmp, "tm")
    zcli = [zp, "-S", zs, "-f", "/dev/null"]
    tcli = [a.tmux, "-S", ts, "-f", "/dev/null"]
    res = {k: [] for k in ("lib", "zp -C", "tmux -C", "zp cli", "tmux cli")}
    try:
        for cli in (zcli, tcli):
            subprocess.run(cli + ["new-session", "-d", "-s", "b",
                                  "sleep 100000"], env=env, check=True)
        for r in range(a.rounds):
            order = [("tmux -C", lambda: control_rate(
                         tcli + ["-C", "attach", "-t", "b"], env, a.calls)),
                     ("zp -C", lambda: control_rate(
                         zcli + ["-C", "attach", "-t", "b"], env, a.calls)),
                     ("lib", lambda: lib_rate(zeropty, zs, a.calls)),
                     ("tmux cli", lambda: cli_rate(tcli, env, a.cli_calls)),
                     ("zp cli", lambda: cli_rate(zcli, env, a.cli_calls))]
            if r % 2:
                order.reverse()
            for name, fn in order:
                v = fn()
                res[name].append(v)
                print("round %d %-8s %9.0f commands/s" % (r + 1, name, v))
                sys.stdout.flush()
    finally:
        for cli in (zcli, tcli):
            subprocess.run(cli + ["kill-server"], env=env,
                           stderr=subprocess.DEVNULL)
    med = {k: statistics.median(v) for k, v in res.items()}
    for k in ("lib", "zp -C", "tmux -C", "zp cli", "tmux cli"):
        print("median %-8s %9.0f commands/s  %5.1fx tmux -C  %6.1fx tmux cli"
              % (k, med[k], med[k] / med["tmux -C"], med[k] / med["tmux cli"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
