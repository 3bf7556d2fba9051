#!/usr/bin/python3
"""Orchestrating many panes: polling tmux against zeropty's waits (issue 27).

  loop  N panes (--panes, 100) each run a small "agent": it prints a
        numbered prompt `I> `, reads a line, works for --work-ms (200),
        prints a line and prompts again, --lines (5) times. The
        orchestrator sends each pane its next line as soon as the prompt
        is back.
          tmux:    the usual script: every 100 ms, `tmux capture-pane -p`
                   of each pane still going, and `tmux send-keys` to those
                   whose last line is the prompt it waits for;
          zeropty: one `zeropty send-keys -W` a line and pane (run
                   --jobs at a time), which waits in the server until the
                   agent reads;
          zeropty-C: the same send-keys -W on one control connection,
                   all panes' at once, a pane's next line sent when the
                   later block of its last one comes.
        Reported: commands issued (client processes), the server's CPU
        time over the loop (its threads' schedstat run time), wall time, and the delay from
        the prompt to the keys (the agent, bash, stamps both with
        $EPOCHREALTIME: before it prints the prompt and after `read`
        returns; the first prompt, printed before the loop starts, is not
        counted), p50/p95.
  grep  N panes (--grep-panes, 400) with a full history (--hist lines,
        2000), one in 7 asking "Do you want to proceed?". Find them:
          tmux:    `tmux capture-pane -p -S - -t P | grep -q` a pane;
          zeropty: one `zeropty grep-panes -a -S - -l`.
        Reported: wall time, and the server's peak RSS above its RSS before
        the search (sampled every 2 ms; VmRSS from /proc).

Runs tmux then zeropty, --rounds times, on private -L sockets, and prints
each run and the tmux/zeropty ratios of the medians.

    bench/orchestrate_bench.py --zeropty _build/zeropty [--rounds 2]
        [--panes 100] [--lines 5] [--grep-panes 400] [--only loop|grep]
"""
import argparse
import concurrent.futures
import itertools
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time

AGENT = ("exec bash --norc --noprofile -c 'i=0; while [ $i -lt %(lines)d ]; "
         "do t=$EPOCHREALTIME; printf \"%%d> \" $i; read l || break; "
         "echo \"$t $EPOCHREALTIME\" >> %(log)s; sleep %(work)s; "
         "echo \"did $l\"; i=$((i+1)); done; printf \"END> \"; "
         "exec sleep 600'")


SEQ = itertools.count()


class Server:
    def __init__(self, binary, name, tmp):
        self.bin = binary
        self.name = name
        self.env = dict(os.environ, SHELL="/bin/sh", HOME=tmp, LANG="C.UTF-8")
        self.env.pop("TMUX", None)
        self.calls = 0
        self.conf = os.path.join(tmp, "conf")
        with open(self.conf, "w") as f:
            f.write("set -g history-limit 2000\n")

    def run(self, *args, check=False):
        self.calls += 1
        p = subprocess.run([self.bin, "-L", self.name, "-f", self.conf] +
                           list(args), env=self.env, capture_output=True,
                           text=True)
        if check and p.returncode != 0:
            raise RuntimeError("%s %s: %s" % (self.bin, args, p.stderr))
        return p

    def pid(self):
        return int(self.run("display-message", "-p", "#{pid}",
                            check=True).stdout)

    def kill(self):
        try:
            pid = self.pid()
        except (RuntimeError, ValueError):
            pid = None
        self.run("kill-server")
        if pid is not None:
            for _ in range(3000):	# 400 panes: seconds
                if not os.path.exists("/proc/%d" % pid):
                    break
                time.sleep(0.01)


def cpu_s(pid):
    """The server's threads' run time (schedstat, ns), in seconds."""
    total = 0
    for t in os.listdir("/proc/%d/task" % pid):
        try:
            with open("/proc/%d/task/%s/schedstat" % (pid, t)) as f:
                total += int(f.read().split()[0])
        except OSError:
            pass
    return total / 1e9


def rss_kb(pid):
    with open("/proc/%d/status" % pid) as f:
        for ln in f:
            if ln.startswith("VmRSS:"):
                return int(ln.split()[1])
    return 0


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100.0 * (len(xs) - 1))))]


def make_panes(srv, n, cmd_of):
    """n sessions, one pane each; their pane ids."""
    srv.run("new-session", "-d", "-s", "b0", "-x", "80", "-y", "24",
            cmd_of(0), check=True)
    for i in range(1, n):
        srv.run("new-session", "-d", "-s", "b%d" % i, "-x", "80", "-y",
                "24", cmd_of(i), check=True)
    out = srv.run("list-panes", "-a", "-F", "#{pane_id}", check=True).stdout
    return out.split()


def wait_all(srv, panes, text, limit=120):
    end = time.time() + limit
    for p in panes:
        while time.time() < end:
            if text in srv.run("capture-pane", "-p", "-t", p).stdout:
                break
            time.sleep(0.05)


def loop_run(kind, binary, args, tmp):
    name = "zporch-%d-%s-%d" % (os.getpid(), kind, next(SEQ))
    srv = Server(binary, name, tmp)
    logs = [os.path.join(tmp, "%s-%d.log" % (kind, i))
            for i in range(args.panes)]
    for lg in logs:
        if os.path.exists(lg):
            os.unlink(lg)
    work = "%.3f" % (args.work_ms / 1000.0)
    try:
        panes = make_panes(srv, args.panes, lambda i: AGENT % {
            "lines": args.lines, "log": logs[i], "work": work})
        wait_all(srv, panes, "0>")
        pid = srv.pid()
        srv.calls = 0
        c0, t0 = cpu_s(pid), time.time()
        if kind == "tmux":
            sent = {p: 0 for p in panes}
            while any(v < args.lines for v in sent.values()):
                tick = time.time()
                for p in panes:
                    if sent[p] >= args.lines:
                        continue
                    screen = srv.run("capture-pane", "-p", "-t", p).stdout
                    lines = [ln for ln in screen.split("\n") if ln.strip()]
                    if lines and lines[-1].rstrip() == "%d>" % sent[p]:
                        srv.run("send-keys", "-t", p, "line-%d" % sent[p],
                                "Enter")
                        sent[p] += 1
                left = 0.1 - (time.time() - tick)
                if left > 0:
                    time.sleep(left)
        elif kind == "zeropty-C":
            control_drive(srv, panes, args.lines)
        else:
            def drive(p):
                for k in range(args.lines):
                    r = srv.run("send-keys", "-W", "-T", "60000", "-t", p,
                                "line-%d" % k, "Enter")
                    if r.returncode != 0:
                        raise RuntimeError(r.stderr)
            with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
                list(ex.map(drive, panes))
        # The last line's work done: every agent at its END prompt.
        calls = srv.calls
        for lg in logs:
            end = time.time() + 30
            while time.time() < end:
                try:
                    with open(lg) as f:
                        if len(f.read().split("\n")) > args.lines:
                            break
                except OSError:
                    pass
                time.sleep(0.01)
        wall = time.time() - t0
        cpu = cpu_s(pid) - c0
        delays = []
        for lg in logs:
            with open(lg) as f:
                # The first prompt came before the loop: setup, not delay.
                for ln in f.read().split("\n")[1:]:
                    if ln.strip():
                        a, b = ln.split()
                        delays.append((float(b) - float(a)) * 1000.0)
        return {"calls": calls, "cpu_s": cpu, "wall_s": wall,
                "delay_p50_ms": pct(delays, 50),
                "delay_p95_ms": pct(delays, 95), "keys": len(delays)}
    finally:
        srv.kill()


def control_drive(srv, panes, lines):
    """Every pane's send-keys -W on one control connection: the next line
    of a pane goes when the later block of its last one comes."""
    cc = subprocess.Popen([srv.bin, "-L", srv.name, "-C", "attach", "-t",
                           "b0"], env=srv.env, stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, text=True, bufsize=1)
    srv.calls += 1		# the one client process
    sent = {p: 0 for p in panes}
    order = []			# panes of commands not yet acknowledged
    number = {}			# block number -> pane
    done = 0

    def send(p):
        cc.stdin.write("send-keys -W -T 60000 -t %s line-%d Enter\n" %
                       (p, sent[p]))
        sent[p] += 1
        order.append(p)
    for p in panes:
        send(p)
    cc.stdin.flush()
    while done < len(panes):
        ln = cc.stdout.readline()
        if ln == "":
            raise RuntimeError("control client ended")
        f = ln.split()
        if len(f) != 4 or f[0] not in ("%end", "%error"):
            continue
        if f[3] == "1" and order:	# the command's own block
            number[f[2]] = order.pop(0)
        elif f[3] == "0" and f[2] in number:	# its later answer
            if f[0] == "%error":
                raise RuntimeError("send-keys -W failed")
            p = number.pop(f[2])
            if sent[p] < lines:
                send(p)
                cc.stdin.flush()
            else:
                done += 1
    cc.stdin.close()
    cc.wait()


GREP_FILL = ("seq -f 'agent %(i)d log line %%g: compiling module, all "
             "tests green so far' 1 %(hist)d; %(ask)s exec sleep 600")


def grep_run(kind, binary, args, tmp):
    name = "zpgrep-%d-%s-%d" % (os.getpid(), kind, next(SEQ))
    srv = Server(binary, name, tmp)
    n = args.grep_panes

    def cmd(i):
        ask = ("echo 'Do you want to proceed? (agent %d)';" % i
               if i % 7 == 0 else "echo 'working (agent %d)';" % i)
        return GREP_FILL % {"i": i, "hist": args.hist, "ask": ask}
    try:
        panes = make_panes(srv, n, cmd)
        wait_all(srv, panes, "(agent ", limit=600)
        time.sleep(2)		# quiet: folded screens, sealed histories
        pid = srv.pid()
        base = rss_kb(pid)
        peak = [base]
        stop = threading.Event()

        def sample():
            while not stop.is_set():
                peak[0] = max(peak[0], rss_kb(pid))
                time.sleep(0.002)
        th = threading.Thread(target=sample)
        th.start()
        srv.calls = 0
        t0 = time.time()
        found = []
        if kind == "tmux":
            for p in panes:
                srv.calls += 1	# the grep
                cap = srv.run("capture-pane", "-p", "-S", "-", "-t",
                              p).stdout
                if subprocess.run(["grep", "-q", "Do you want"],
                                  input=cap, text=True).returncode == 0:
                    found.append(p)
        else:
            out = srv.run("grep-panes", "-a", "-S", "-", "-l",
                          "Do you want").stdout
            found = out.split()
        wall = time.time() - t0
        stop.set()
        th.join()
        return {"calls": srv.calls, "wall_s": wall, "found": len(found),
                "peak_rss_mb": (peak[0] - base) / 1024.0,
                "rss_mb": base / 1024.0}
    finally:
        srv.kill()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--zeropty", required=True)
    ap.add_argument("--tmux", default="/usr/bin/tmux")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--panes", type=int, default=100)
    ap.add_argument("--lines", type=int, default=5)
    ap.add_argument("--work-ms", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=100)
    ap.add_argument("--grep-panes", type=int, default=400)
    ap.add_argument("--hist", type=int, default=2000)
    ap.add_argument("--only", choices=("loop", "grep"))
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="zp-orch-")
    results = {}
    benches = [("loop", loop_run), ("grep", grep_run)]
    for bname, fn in benches:
        if args.only is not None and args.only != bname:
            continue
        kinds = [("tmux", args.tmux), ("zeropty", args.zeropty)]
        if bname == "loop":
            kinds.append(("zeropty-C", args.zeropty))
        for r in range(args.rounds):
            for kind, binary in kinds:
                res = fn(kind, binary, args, tmp)
                results.setdefault((bname, kind), []).append(res)
                print("%s %s round %d: %s" % (bname, kind, r + 1, " ".join(
                    "%s=%s" % (k, ("%.3f" % v) if isinstance(v, float)
                               else v) for k, v in sorted(res.items()))))
                sys.stdout.flush()
        t = results[(bname, "tmux")]
        for kind, _ in kinds[1:]:
            z = results[(bname, kind)]
            for key in sorted(t[0]):
                mt = statistics.median(x[key] for x in t)
                mz = statistics.median(x[key] for x in z)
                print("%s %s: tmux %.3f %s %.3f ratio tmux/%s %s" % (
                    bname, key, mt, kind, mz, kind,
                    ("%.2f" % (mt / mz)) if mz else "-"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
