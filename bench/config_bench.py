#!/usr/bin/python3
"""Configuration speed, tmux 3.3a against zeropty, alternating (issue 8).

Two timings of one client call each, on a server started with -f /dev/null
and one detached session:

  source-file  a generated 500-line configuration (options of every kind,
               key bindings, hooks, %if blocks, user @options);
  show-options `show-options -g` on a server holding 1000 user options.

    bench/config_bench.py --zeropty _build/zeropty [--tool _build/bench/benchtool]
                          [--rounds 3] [--calls 20]

Prints one line per round (median of --calls calls, in ms) and the
tmux/zeropty ratio of the medians over all rounds. With --tool the calls
are timed by `benchtool lat` (posix_spawn, microseconds); without, from
Python, whose own process start (~5 ms) then dominates the figure.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

STYLES = ["fg=red", "bg=colour235,fg=colour136", "fg=#ffaf00,bold",
          "default", "fg=blue,bg=black,dim"]


def big_config(lines):
    """A config as people write them, cycled to `lines` lines."""
    body = []
    i = 0
    while len(body) < lines:
        k = i % 12
        if k == 0:
            body.append('set -g status-left "#[%s][#S] #{?client_prefix,P,} "'
                        % STYLES[i % len(STYLES)])
        elif k == 1:
            body.append("set -g history-limit %d" % (10000 + i))
        elif k == 2:
            body.append("setw -g window-status-current-style '%s'"
                        % STYLES[i % len(STYLES)])
        elif k == 3:
            body.append('bind-key -T prefix F%d split-window -h -c '
                        '"#{pane_current_path}"' % (i % 12 + 1))
        elif k == 4:
            body.append("bind-key -T copy-mode-vi v send-keys -X "
                        "begin-selection")
        elif k == 5:
            body.append("set -g @plugin-opt-%d 'value %d'" % (i, i))
        elif k == 6:
            body.append('%if "#{>=:#{version},3.0}"')
            body.append("set -g mouse on")
            body.append("%else")
            body.append("set -g mode-mouse on")
            body.append("%endif")
        elif k == 7:
            body.append("set-hook -g after-new-window[%d] 'set -g @n%d 1'"
                        % (i % 50, i))
        elif k == 8:
            body.append("set -sg escape-time %d" % (i % 50))
        elif k == 9:
            body.append("setw -g mode-keys vi")
        elif k == 10:
            body.append("set -ga terminal-overrides ',xterm-%d:Tc'" % i)
        else:
            body.append("bind -n M-%s select-pane -L"
                        % "abcdefghijklmnopqrstuvwxyz"[i % 26])
        i += 1
    return "\n".join(body[:lines]) + "\n"


def client(binary, sock, *args):
    start = time.monotonic()
    subprocess.run([binary, "-L", sock] + list(args), check=True,
                   stdout=subprocess.DEVNULL, timeout=60)
    return (time.monotonic() - start) * 1000


def timed(tool, binary, sock, calls, *args):
    """Median ms of calls runs of one client command."""
    if tool is None:
        return statistics.median(client(binary, sock, *args)
                                 for _ in range(calls))
    p = subprocess.run([tool, "lat", str(calls), "1", binary, "-L", sock] +
                       list(args), check=True, timeout=600,
                       stdout=subprocess.PIPE, stdin=subprocess.DEVNULL)
    kv = dict(w.split("=", 1) for w in p.stdout.decode().split())
    if int(kv["fail"]) != 0:
        raise RuntimeError("%s failed %s times" % (args[0], kv["fail"]))
    return int(kv["p50_us"]) / 1000


def measure(binary, sock, conf, users, calls, tool):
    env_bin = binary
    subprocess.run([env_bin, "-L", sock, "-f", "/dev/null", "new-session",
                    "-d", "-s", "b", "-x", "80", "-y", "24"], check=True,
                   timeout=60)
    try:
        src = timed(tool, env_bin, sock, calls, "source-file", conf)
        client(env_bin, sock, "source-file", users)
        show = timed(tool, env_bin, sock, calls, "show-options", "-g")
    finally:
        subprocess.run([env_bin, "-L", sock, "kill-server"],
                       stderr=subprocess.DEVNULL, timeout=60)
    return src, show


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--zeropty", required=True)
    ap.add_argument("--tmux", default="/usr/bin/tmux")
    ap.add_argument("--tool", default=None,
                    help="benchtool, to time the calls (bench/benchtool)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--calls", type=int, default=20)
    ap.add_argument("--lines", type=int, default=500)
    ap.add_argument("--user-options", type=int, default=1000)
    a = ap.parse_args()
    os.environ["SHELL"] = "/bin/sh"
    os.environ.pop("TMUX", None)
    d = tempfile.mkdtemp(prefix="zp-cfgb-")
    conf = os.path.join(d, "big.conf")
    users = os.path.join(d, "users.conf")
    with open(conf, "w") as f:
        f.write(big_config(a.lines))
    with open(users, "w") as f:
        for i in range(a.user_options):
            f.write("set -g @user-option-%04d 'some value %d'\n" % (i, i))
    res = {"tmux": ([], []), "zeropty": ([], [])}
    try:
        for r in range(a.rounds):
            for name, binary in (("tmux", a.tmux), ("zeropty", a.zeropty)):
                sock = "zpcfgb-%d-%s-%d" % (os.getpid(), name, r)
                src, show = measure(binary, sock, conf, users, a.calls,
                                    a.tool)
                res[name][0].append(src)
                res[name][1].append(show)
                print("bench=config impl=%s round=%d source_file_ms=%.2f "
                      "show_options_ms=%.2f lines=%d user_options=%d"
                      % (name, r, src, show, a.lines, a.user_options))
                sys.stdout.flush()
    finally:
        os.unlink(conf)
        os.unlink(users)
        os.rmdir(d)
    for i, what in enumerate(("source_file", "show_options")):
        t = statistics.median(res["tmux"][i])
        z = statistics.median(res["zeropty"][i])
        print("bench=config %s tmux_ms=%.2f zeropty_ms=%.2f "
              "ratio_tmux_over_zeropty=%.1f" % (what, t, z, t / z))


if __name__ == "__main__":
    main()
