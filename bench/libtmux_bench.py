#!/usr/bin/python3
"""libtmux workload timing, tmux 3.3a against zeropty, alternating.

A fixed script the way libtmux users write it: build S sessions x 3 windows
x 2 panes, list everything (libtmux asks for ~120 fields per list), capture
every pane, kill the server. libtmux runs one `tmux` process per call, so
client start-up and list formatting dominate (issue: windows, panes...).

    bench/libtmux_bench.py --zeropty _build/zeropty [--sessions 20] [--rounds 3]

Prints one line per run and the tmux/zeropty ratio from the ends of the
ranges (best tmux over worst zeropty, and the reverse), rounded down.
"""
import argparse
import math
import os
import subprocess
import sys
import tempfile
import time

SCRIPT = r'''
import libtmux, sys
n = int(sys.argv[1]); sock = sys.argv[2]
srv = libtmux.Server(socket_name=sock)
try:
    for i in range(n):
        s = srv.new_session(session_name="s%d" % i, x=220, y=80)
        w = s.attached_window
        w.split_window()
        for j in range(2):
            w = s.new_window(window_name="w%d" % j)
            w.split_window(vertical=False)
    count = 0
    for s in srv.sessions:
        for w in s.windows:
            for p in w.panes:
                p.capture_pane()
                count += 1
    assert count == n * 6, count
finally:
    srv.kill_server()
'''


def run(path_dir, sessions, sock):
    env = dict(os.environ, SHELL="/bin/sh", LANG="C.UTF-8")
    env["PATH"] = path_dir + ":" + env.get("PATH", "")
    env.pop("TMUX", None)
    start = time.monotonic()
    subprocess.run(["/usr/bin/python3", "-c", SCRIPT, str(sessions), sock],
                   env=env, check=True, timeout=600)
    return time.monotonic() - start


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--zeropty", required=True)
    ap.add_argument("--tmux", default="/usr/bin/tmux")
    ap.add_argument("--sessions", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    dirs = {}
    for name, binary in (("tmux", a.tmux), ("zeropty", a.zeropty)):
        d = tempfile.mkdtemp(prefix="zp-ltb-")
        os.symlink(os.path.abspath(binary), os.path.join(d, "tmux"))
        dirs[name] = d
    times = {"tmux": [], "zeropty": []}
    for r in range(a.rounds):
        for name in ("tmux", "zeropty"):
            t = run(dirs[name], a.sessions, "zpltb-%d-%s-%d" % (os.getpid(), name, r))
            times[name].append(t)
            print("bench=libtmux sessions=%d impl=%s round=%d seconds=%.3f"
                  % (a.sessions, name, r, t))
            sys.stdout.flush()
    lo = math.floor(min(times["tmux"]) / max(times["zeropty"]) * 10) / 10
    hi = math.floor(max(times["tmux"]) / min(times["zeropty"]) * 10) / 10
    print("bench=libtmux sessions=%d ratio_tmux_over_zeropty=%.1f..%.1f"
          % (a.sessions, lo, hi))
    for d in dirs.values():
        os.unlink(os.path.join(d, "tmux"))
        os.rmdir(d)


if __name__ == "__main__":
    main()
