#!/usr/bin/python3
"""server-upgrade at N idle sessions: how long the server is away and how
much memory the handover takes.

For each N and round, tmux then zeropty, on private sockets: N detached
sessions of a shell that printed 200 numbered lines (so every pane has
history). zeropty: `server-upgrade` to the same binary, timed from the
command's start until a new `has-session` answers; the old server's peak
RSS (VmHWM) before, the new server's VmHWM and PSS after (exec keeps the
pid, the memory is new). tmux cannot upgrade: its reference is what a
tmux user does instead, kill-server and start the N sessions again (the
sessions' programs and screens are lost there), and its server's VmHWM.

    bench/upgrade_bench.py [--zeropty PATH] [--n 100,400] [--rounds 2]
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time


def status(pid, field):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024.0
    return 0.0


def pss(pid):
    with open("/proc/%d/smaps_rollup" % pid) as f:
        for line in f:
            if line.startswith("Pss:"):
                return int(line.split()[1]) / 1024.0
    return 0.0


def gone(pid):
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            os.kill(pid, 0)
        except OSError:
            return
        time.sleep(0.01)


def run(binary, sock, args, env, check=True):
    return subprocess.run([binary, "-S", sock, "-f", "/dev/null"] + args,
                          env=env, capture_output=True, text=True,
                          timeout=120, check=check)


def start(binary, sock, n, env):
    cmd = "seq -f 'line %g' 200; exec sh"
    for i in range(n):
        run(binary, sock, ["new-session", "-d", "-s", "s%d" % i, "-x", "80",
                           "-y", "24", cmd], env)
    # Every pane has printed its lines.
    deadline = time.time() + 60
    while time.time() < deadline:
        out = run(binary, sock, ["capture-pane", "-p", "-t", "s%d" % (n - 1),
                                 "-S", "-"], env).stdout
        if "line 200" in out:
            break
        time.sleep(0.1)
    return int(run(binary, sock, ["display-message", "-p", "#{pid}"],
                   env).stdout)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--zeropty", default="./zeropty")
    ap.add_argument("--tmux", default="/usr/bin/tmux")
    ap.add_argument("--n", default="100,400")
    ap.add_argument("--rounds", type=int, default=2)
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="zp-upgrade-bench-")
    env = dict(os.environ, SHELL="/bin/sh", HOME=tmp, LANG="C.UTF-8")
    env.pop("TMUX", None)
    print("n round tmux_restart_ms tmux_hwm_mb zp_upgrade_ms "
          "zp_hwm_before_mb zp_hwm_after_mb zp_pss_after_mb ratio_ms")
    try:
        for n in [int(x) for x in a.n.split(",")]:
            for r in range(a.rounds):
                tsock = os.path.join(tmp, "t%d-%d" % (n, r))
                tpid = start(a.tmux, tsock, n, env)
                thwm = status(tpid, "VmHWM")
                t0 = time.monotonic()
                run(a.tmux, tsock, ["kill-server"], env, check=False)
                gone(tpid)
                tpid = start(a.tmux, tsock, n, env)
                trestart = (time.monotonic() - t0) * 1000
                run(a.tmux, tsock, ["kill-server"], env, check=False)
                gone(tpid)

                zsock = os.path.join(tmp, "z%d-%d" % (n, r))
                zpid = start(a.zeropty, zsock, n, env)
                before = status(zpid, "VmHWM")
                t0 = time.monotonic()
                run(a.zeropty, zsock, ["server-upgrade"], env)
                while run(a.zeropty, zsock, ["has-session", "-t", "s0"], env,
                          check=False).returncode != 0:
                    pass
                up = (time.monotonic() - t0) * 1000
                after = status(zpid, "VmHWM")
                after_pss = pss(zpid)
                run(a.zeropty, zsock, ["kill-server"], env, check=False)
                gone(zpid)
                print("%d %d %.0f %.1f %.0f %.1f %.1f %.1f %.3f" %
                      (n, r, trestart, thwm, up, before, after, after_pss,
                       up / trestart))
                sys.stdout.flush()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
