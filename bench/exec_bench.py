#!/usr/bin/python3
"""bench/exec_bench.py: the time a pane's shell takes to start a program.

    bench/exec_bench.py --zeropty ./zeropty [--tmux /usr/bin/tmux]
                        [--count 300] [--rounds 3]

In one pane, /bin/sh runs PROGRAM --count times in a loop and the pane
records the wall time per start (ns, from date +%s%N before and after).
PROGRAM is busybox (static: zeropty lends it a pty, shim/shim-pty.c) or
/bin/true (dynamic: the shim reaches it, it stays on the socket).  Sides,
alternating in each round: tmux 3.3a (a pty per pane), zeropty as it is
(auto), zeropty with ZEROPTY_TRANSPORT=socket in the pane (static programs
on the socket, no pty), zeropty with default-pane-transport pty (the whole
pane on one pty).  Prints one line per run and the medians with ratios to
tmux.  Not part of pass/fail.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

SIDES = ("tmux", "zeropty", "zeropty-socket", "zeropty-pty")
PROGRAMS = (("static", "busybox true"), ("dynamic", "/bin/true"))


def run_one(o, side, prog, rnd, work):
    binary = o.tmux if side == "tmux" else o.zeropty
    sock = "zpexec-%d-%s-%d" % (os.getpid(), side, rnd)
    out = os.path.join(work, "%s-%s-%d.ns" % (prog.split()[0].replace("/", "_"), side, rnd))
    # times: the CPU the shell's children used (the second line), which
    # a loaded machine's scheduling delays do not inflate as wall time.
    loop = ("i=0; s=$(date +%%s%%N); while [ $i -lt %d ]; do %s; "
            "i=$((i+1)); done; e=$(date +%%s%%N); "
            "{ echo $(( (e - s) / %d )); times; } >%s.tmp && mv %s.tmp %s; "
            "exec sleep 100" % (o.count, prog, o.count, out, out, out))
    env = dict(os.environ, SHELL="/bin/sh", LANG="C.UTF-8")
    base = [binary, "-L", sock, "-f", "/dev/null"]
    pre = []
    extra = []
    if side == "zeropty-pty":
        pre = ["set", "-s", "default-pane-transport", "pty", ";"]
    if side == "zeropty-socket":
        extra = ["-e", "ZEROPTY_TRANSPORT=socket"]
    # The pane's shell runs the loop (its children exec through the shim).
    subprocess.run(base + ["start-server", ";"] + pre +
                   ["new-session", "-d", "-x", "80", "-y", "24"] + extra +
                   [loop], env=env, check=True)
    try:
        deadline = time.time() + 600
        while not os.path.exists(out) and time.time() < deadline:
            time.sleep(0.1)
        with open(out) as f:
            lines = f.read().split("\n")
        # "0m0.12s 0m0.34s": children's user and system time.
        cpu = 0.0
        for word in lines[2].split():
            m, sec = word.rstrip("s").split("m")
            cpu += int(m) * 60 + float(sec)
        return int(lines[0]), cpu * 1e9 / o.count
    finally:
        subprocess.run(base + ["kill-server"], env=env,
                       stderr=subprocess.DEVNULL)


def main(argv):
    ap = argparse.ArgumentParser(prog="bench/exec_bench.py")
    ap.add_argument("--zeropty", default=os.environ.get("TEST_ZEROPTY") or
                    "./zeropty")
    ap.add_argument("--tmux", default="/usr/bin/tmux")
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=3)
    # Other run.sh options (bench/full.sh passes its own) are ignored.
    o, _ = ap.parse_known_args(argv)
    o.zeropty = os.path.abspath(o.zeropty)
    print("# command: %s" % " ".join(sys.argv))
    with tempfile.TemporaryDirectory(prefix="zpexec.") as work:
        for kind, prog in PROGRAMS:
            res = {s: [] for s in SIDES}
            cpu = {s: [] for s in SIDES}
            for rnd in range(o.rounds):
                for side in SIDES:
                    ns, cns = run_one(o, side, prog, rnd, work)
                    res[side].append(ns)
                    cpu[side].append(cns)
                    print("bench=exec prog=%s impl=%s round=%d "
                          "us_per_start=%.1f cpu_us_per_start=%.1f" %
                          (kind, side, rnd, ns / 1e3, cns / 1e3))
                    sys.stdout.flush()
            t = statistics.median(res["tmux"])
            tc = statistics.median(cpu["tmux"])
            for side in SIDES:
                m = statistics.median(res[side])
                c = statistics.median(cpu[side])
                print("summary bench=exec prog=%s impl=%s median_us=%.1f "
                      "min_us=%.1f max_us=%.1f tmux_over_this=%.2f "
                      "cpu_median_us=%.1f cpu_tmux_over_this=%.2f" %
                      (kind, side, m / 1e3, min(res[side]) / 1e3,
                       max(res[side]) / 1e3, t / m, c / 1e3,
                       tc / c if c > 0 else 0))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
