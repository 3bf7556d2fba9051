#!/usr/bin/python3
"""bench/bench.py: zeropty against tmux 3.3a, same machine, same run.

Started by bench/run.sh (see there and bench/README.md for the options).
Python only orchestrates: the panes run bench/benchtool (a small C program)
and the latency timer is benchtool too.  The sampling is two reads of /proc
files every INTERVAL seconds.

For every workload, every N and every round, tmux then zeropty:
  1. start a server on a private -L socket (SHELL=/bin/sh, history-limit
     2000 from -f) with N detached 220x80 sessions s0..s(N-1), each running
     benchtool, which waits at a start barrier;
  2. release the barrier when all N panes are up, wait SETTLE seconds;
  3. sample the server's PSS (/proc/PID/smaps_rollup) every INTERVAL s for
     DURATION s; CPU% = (utime+stime) delta / wall time over the same span;
  4. time CALLS CLI calls each of has-session, send-keys -l x and
     capture-pane -p (targets s0, s1, ... in turn): wall time p50/p95, and
     the mean CPU time of the client process (client_cpu_ms);
  5. kill-server, and make sure the server and every pane process is gone.
Only servers and PIDs this script started are ever killed.
"""

import argparse
import hashlib
import math
import os
import shlex
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CLK_TCK = os.sysconf("SC_CLK_TCK")
IMPLS = ("tmux", "zeropty")
LAT_CMDS = (
    ("has-session", ["has-session", "-t", "{}"]),
    ("send-keys", ["send-keys", "-t", "{}", "-l", "x"]),
    ("capture-pane", ["capture-pane", "-p", "-S", "-2000", "-t", "{}"]),
)
# Workloads run by one_run (N sessions each); "bulk" is bulk_run's.
WORKLOADS = ("idle", "idle-hist", "steady", "redraw", "dump", "replay",
             "replay-hist")
BULK_LINES = 60000      # 5.4 MB of coloured lines (benchtool bulk)

# Everything to clean up: (binary, socket name, server pid or None, run dir).
LIVE = []


class Abort(Exception):
    pass


def on_signal(signum, frame):
    raise Abort("signal %d" % signum)


def log(msg):
    print(msg, file=sys.stderr, flush=True)


# --- /proc readers -------------------------------------------------------

def read_cpu_ticks(pid):
    """utime + stime of pid, in clock ticks."""
    with open("/proc/%d/stat" % pid) as f:
        s = f.read()
    fields = s[s.rindex(")") + 2:].split()
    return int(fields[11]) + int(fields[12])


def read_cpu_ns(pid):
    """Scheduler run time of all threads of pid, in ns (finer than ticks)."""
    total = 0
    try:
        for tid in os.listdir("/proc/%d/task" % pid):
            with open("/proc/%d/task/%s/schedstat" % (pid, tid)) as f:
                total += int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    return total


def read_mem_kb(pid):
    """(Pss, Rss) of pid in kB from smaps_rollup."""
    pss = rss = None
    with open("/proc/%d/smaps_rollup" % pid) as f:
        for line in f:
            if line.startswith("Pss:"):
                pss = int(line.split()[1])
            elif line.startswith("Rss:"):
                rss = int(line.split()[1])
    return pss, rss


def read_cold_kb(pid):
    """Size of the deleted files the server holds open (zeropty's cold
    store, an O_TMPFILE file): deep-frozen screens live there, in the page
    cache; on tmpfs that is RAM, so it is reported next to PSS."""
    total = 0
    d = "/proc/%d/fd" % pid
    try:
        fds = os.listdir(d)
    except OSError:
        return 0
    for fd in fds:
        try:
            target = os.readlink(os.path.join(d, fd))
            if not target.endswith(" (deleted)") or not target.startswith("/"):
                continue
            st = os.stat(os.path.join(d, fd))
            if (st.st_mode & 0o170000) == 0o100000:
                total += st.st_blocks * 512 // 1024
        except OSError:
            pass
    return total


def read_stats(rundir):
    """Sum of key=value numbers over the panes' stat files."""
    total = {}
    d = os.path.join(rundir, "stats")
    for name in os.listdir(d):
        if name.endswith(".tmp"):
            continue
        try:
            with open(os.path.join(d, name)) as f:
                for w in f.read().split():
                    k, v = w.split("=", 1)
                    total[k] = total.get(k, 0) + int(v)
        except (OSError, ValueError):
            pass
    return total


def pid_alive(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            s = f.read()
    except OSError:
        return False
    return s[s.rindex(")") + 2] not in "ZX"


def pid_cmdline(pid):
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            return f.read().replace(b"\0", b" ").decode("utf-8", "replace")
    except OSError:
        return ""


# --- servers -------------------------------------------------------------

def bench_env():
    """The same environment for both multiplexers and their clients."""
    env = {
        "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
        "HOME": os.environ.get("HOME", "/root"),
        "SHELL": "/bin/sh",
        "TERM": "xterm-256color",
        "LANG": "C.UTF-8",
        "TZ": "UTC",
    }
    # A sanitizer build's shim needs its options in every pane too.
    for name in ("ZEROPTY_SHIM", "ASAN_OPTIONS", "UBSAN_OPTIONS"):
        if os.environ.get(name):
            env[name] = os.environ[name]
    return env


def cli(binary, sock, args, env, timeout=30, check=True):
    p = subprocess.run([binary, "-L", sock] + args, env=env,
                       stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=timeout)
    if check and p.returncode != 0:
        what = [a for a in args if not a.startswith("exec ")]
        raise RuntimeError("%s -L %s %s: exit %d: %s" % (
            os.path.basename(binary), sock, " ".join(what), p.returncode,
            p.stderr.decode("utf-8", "replace").strip()))
    return p


def pane_pids(rundir):
    pids = []
    d = os.path.join(rundir, "pids")
    for name in os.listdir(d):
        if name.endswith(".tmp"):
            continue
        try:
            with open(os.path.join(d, name)) as f:
                pids.append(int(f.read().strip()))
        except (OSError, ValueError):
            pass
    return pids


def socket_dir(impl):
    base = os.environ.get("TMUX_TMPDIR") or "/tmp"
    return os.path.join(base, "%s-%d" % (impl, os.getuid()))


def teardown(entry):
    """Stop one server we started and every pane process it had.

    Returns the number of processes that had to be killed by hand."""
    binary, sock, spid, rundir = entry
    leftover = 0
    try:
        cli(binary, sock, ["kill-server"], bench_env(), timeout=15,
            check=False)
    except (subprocess.TimeoutExpired, OSError) as e:
        log("bench: %s kill-server: %s" % (sock, e))
    # tmux takes ~2 s to exit with 200 busy panes on a loaded machine.
    deadline = time.monotonic() + 20
    if spid is not None:
        while pid_alive(spid) and time.monotonic() < deadline:
            time.sleep(0.05)
        # Our server: its pid came from display -p on our socket, and the
        # server keeps the argv of the client that started it.
        if pid_alive(spid) and sock in pid_cmdline(spid):
            log("bench: server %d (%s) survived kill-server, SIGKILL" %
                (spid, sock))
            try:
                os.kill(spid, signal.SIGKILL)
                leftover += 1
            except OSError:
                pass
    pids = pane_pids(rundir) if os.path.isdir(os.path.join(rundir, "pids")) \
        else []
    deadline = time.monotonic() + 10
    while any(pid_alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    for p in pids:
        # Only our own pane processes: their command line names our run dir.
        if pid_alive(p) and rundir in pid_cmdline(p):
            try:
                os.kill(p, signal.SIGKILL)
                leftover += 1
            except OSError:
                pass
    # Socket files of our private names that the server left behind.
    for impl_name in IMPLS:
        for suffix in ("", ".lock"):
            path = os.path.join(socket_dir(impl_name), sock + suffix)
            if os.path.lexists(path) and (spid is None or
                                          not pid_alive(spid)):
                try:
                    os.unlink(path)
                except OSError:
                    pass
    return leftover


def cleanup_all():
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_IGN)
    while LIVE:
        entry = LIVE.pop()
        try:
            teardown(entry)
        except Exception as e:  # keep cleaning the others
            log("bench: cleanup of %s: %s" % (entry[1], e))


# --- one measurement -----------------------------------------------------

def one_run(o, impl, binary, workload, n, rnd, workdir):
    env = bench_env()
    sock = "zpbench-%d-%s-%d-%s-%d" % (os.getpid(), workload, n, impl, rnd)
    rundir = os.path.join(workdir, sock)
    os.makedirs(os.path.join(rundir, "pids"))
    os.makedirs(os.path.join(rundir, "stats"))
    fifo = os.path.join(rundir, "go")
    os.mkfifo(fifo)
    # Held open for writing until every pane waits on it (see benchtool.c).
    gofd = os.open(fifo, os.O_RDWR)
    entry = [binary, sock, None, rundir]
    LIVE.append(entry)
    res = {"bench": workload, "n": n, "impl": impl, "round": rnd}
    try:
        with open("/proc/loadavg") as f:
            res["load1"] = f.read().split()[0]
        t0 = time.monotonic()
        for i in range(n):
            pidfile = os.path.join(rundir, "pids", "s%d" % i)
            if workload == "idle":
                cmd = [o.tool, "idle", o.idle_data, fifo, pidfile]
            elif workload == "idle-hist":
                cmd = [o.tool, "idle", o.hist_data, fifo, pidfile]
            elif workload == "redraw":
                cmd = [o.tool, "redraw", str(i), fifo, pidfile]
            elif workload == "dump":
                cmd = [o.tool, "dump", str(i), o.dump_data, "2000", fifo,
                       pidfile]
            elif workload in ("replay", "replay-hist"):
                cmd = [o.tool, "replay", str(i), o.cast, fifo, pidfile,
                       os.path.join(rundir, "stats", "s%d" % i)]
                if workload == "replay-hist":
                    cmd.append(o.dump_data)  # a full history first
            else:
                cmd = [o.tool, "steady", str(i), str(o.period_ms), fifo,
                       pidfile]
            args = ["new-session", "-d", "-s", "s%d" % i, "-x", "220",
                    "-y", "80", "exec " + " ".join(shlex.quote(a)
                                                   for a in cmd)]
            if i == 0:
                args = ["-f", o.conf] + args
            cli(binary, sock, args, env)
            if i == 0:
                p = cli(binary, sock, ["display", "-p", "#{pid}"], env)
                entry[2] = int(p.stdout.decode().strip())
        spid = entry[2]
        deadline = time.monotonic() + 30 + n * 0.2
        while len(pane_pids(rundir)) < n:
            if time.monotonic() > deadline:
                raise RuntimeError("only %d of %d panes started" %
                                   (len(pane_pids(rundir)), n))
            time.sleep(0.05)
        res["setup_s"] = "%.2f" % (time.monotonic() - t0)
        os.close(gofd)  # release every pane at once
        gofd = -1
        time.sleep(o.settle)

        # Memory and CPU over DURATION s, PSS every INTERVAL s.
        nsamples = max(1, int(round(o.duration / o.interval)))
        pss, rss = [], []
        t0 = time.monotonic()
        ticks0, ns0 = read_cpu_ticks(spid), read_cpu_ns(spid)
        for k in range(nsamples):
            delay = t0 + k * o.interval - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            a, b = read_mem_kb(spid)
            pss.append(a)
            rss.append(b)
        delay = t0 + o.duration - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        ticks1, ns1 = read_cpu_ticks(spid), read_cpu_ns(spid)
        wall = time.monotonic() - t0
        if workload.startswith("replay"):
            st = read_stats(rundir)
            if st.get("due"):
                res["read_pct"] = "%.1f" % (100.0 * st["written"] / st["due"])
        res["cold_mb"] = "%.2f" % (read_cold_kb(spid) / 1024)
        res["pss_mb"] = "%.2f" % (sum(pss) / len(pss) / 1024)
        res["pss_cold_mb"] = "%.2f" % (sum(pss) / len(pss) / 1024 +
                                       read_cold_kb(spid) / 1024)
        res["rss_mb"] = "%.2f" % (sum(rss) / len(rss) / 1024)
        res["cpu_pct"] = "%.2f" % (100.0 * (ticks1 - ticks0) / CLK_TCK / wall)
        if ns0 is not None and ns1 is not None:
            res["cpu_ns_pct"] = "%.3f" % (100.0 * (ns1 - ns0) / 1e9 / wall)
        res["samples"] = len(pss)
        res["dur_s"] = "%.1f" % wall
        pids = pane_pids(rundir)
        res["panes_alive"] = sum(1 for p in pids if pid_alive(p))

        # Sanity: what the last session shows (non-blank lines).
        p = cli(binary, sock, ["capture-pane", "-p", "-t", "s%d" % (n - 1)],
                env)
        res["check_lines"] = sum(1 for l in p.stdout.splitlines()
                                 if l.strip())

        lat = {}
        for name, args in LAT_CMDS:
            p = subprocess.run([o.tool, "lat", str(o.calls), str(n), binary,
                                "-L", sock] + args, env=env,
                               stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, timeout=600,
                               check=True)
            kv = dict(w.split("=", 1) for w in p.stdout.decode().split())
            lat[name] = kv
        res["lat"] = lat
    finally:
        if gofd != -1:
            os.close(gofd)
        res["leftover"] = teardown(entry)
        LIVE.remove(entry)
    return res


def bulk_run(o, impl, binary, rnd, workdir):
    """One 220x80 session whose program writes 5.4 MB as fast as it can:
    how long until the program has written it all (write_ms, benchtool's
    own clock from the release, nobody reading the screen meanwhile) and
    until its last line shows in capture-pane (visible_ms: polled from
    then on with one CLI call after another, so it carries up to one
    call's time of error)."""
    env = bench_env()
    sock = "zpbench-%d-bulk-%s-%d" % (os.getpid(), impl, rnd)
    rundir = os.path.join(workdir, sock)
    os.makedirs(os.path.join(rundir, "pids"))
    os.makedirs(os.path.join(rundir, "stats"))
    fifo = os.path.join(rundir, "go")
    os.mkfifo(fifo)
    gofd = os.open(fifo, os.O_RDWR)
    entry = [binary, sock, None, rundir]
    LIVE.append(entry)
    res = {"bench": "bulk", "n": 1, "impl": impl, "round": rnd}
    stat = os.path.join(rundir, "stats", "s0")
    try:
        with open("/proc/loadavg") as f:
            res["load1"] = f.read().split()[0]
        cmd = [o.tool, "bulk", str(BULK_LINES), fifo,
               os.path.join(rundir, "pids", "s0"), stat]
        cli(binary, sock, ["-f", o.conf, "new-session", "-d", "-s", "s0",
                           "-x", "220", "-y", "80", "exec " + " ".join(
                               shlex.quote(a) for a in cmd)], env)
        p = cli(binary, sock, ["display", "-p", "#{pid}"], env)
        entry[2] = int(p.stdout.decode().strip())
        deadline = time.monotonic() + 30
        while not pane_pids(rundir):
            if time.monotonic() > deadline:
                raise RuntimeError("the bulk pane did not start")
            time.sleep(0.02)
        time.sleep(0.5)     # let the server go quiet
        t0 = time.monotonic()
        os.close(gofd)
        gofd = -1
        # The program's time first, with no reader in its way (a
        # capture-pane makes zeropty parse what it has read so far first),
        # then poll the screen.
        deadline = time.monotonic() + 120
        while not os.path.exists(stat) and time.monotonic() < deadline:
            time.sleep(0.001)
        polls = 0
        while True:
            p = cli(binary, sock, ["capture-pane", "-p", "-t", "s0"], env)
            polls += 1
            if b"BULK-END" in p.stdout:
                break
            if time.monotonic() - t0 > 120:
                raise RuntimeError("BULK-END never showed")
        res["visible_ms"] = "%.1f" % ((time.monotonic() - t0) * 1000)
        res["polls"] = polls
        deadline = time.monotonic() + 30
        while not os.path.exists(stat) and time.monotonic() < deadline:
            time.sleep(0.01)
        st = read_stats(rundir)
        res["write_ms"] = "%.1f" % (st["write_ns"] / 1e6)
    finally:
        if gofd != -1:
            os.close(gofd)
        res["leftover"] = teardown(entry)
        LIVE.remove(entry)
    return res


# --- reporting -----------------------------------------------------------

def floor_ratio(x):
    """Round a ratio down: integer from 10 up, else 1 or 2 decimals."""
    if x is None:
        return "n/a"
    if math.isinf(x):
        return "inf"
    if x >= 10:
        return "%d" % math.floor(x + 1e-9)
    if x >= 1:
        return "%.1f" % (math.floor(x * 10 + 1e-9) / 10)
    return "%.2f" % (math.floor(x * 100 + 1e-9) / 100)


def ratio_range(tvals, zvals):
    """tmux/zeropty from the ends of the ranges: (low, high).

    Low end = best (lowest) tmux / worst (highest) zeropty."""
    tlo, thi, zlo, zhi = min(tvals), max(tvals), min(zvals), max(zvals)

    def div(a, b):
        if b == 0:
            return None if a == 0 else float("inf")
        return a / b
    return div(tlo, zhi), div(thi, zlo)


def run_line(r):
    keys = ["bench", "n", "impl", "round", "pss_mb", "pss_cold_mb",
            "cold_mb", "rss_mb", "cpu_pct", "cpu_ns_pct", "read_pct",
            "samples", "dur_s", "setup_s", "panes_alive", "check_lines",
            "load1", "leftover", "write_ms", "visible_ms", "polls"]
    return " ".join("%s=%s" % (k, r[k]) for k in keys if k in r)


def lat_lines(r):
    out = []
    for name, _ in LAT_CMDS:
        kv = r["lat"][name]
        out.append("bench=%s n=%d impl=%s round=%d lat=%s calls=%s fail=%s "
                   "p50_ms=%.3f p95_ms=%.3f mean_ms=%.3f client_cpu_ms=%.3f"
                   % (r["bench"], r["n"], r["impl"], r["round"], name,
                      kv["calls"], kv["fail"], int(kv["p50_us"]) / 1000,
                      int(kv["p95_us"]) / 1000, int(kv["mean_us"]) / 1000,
                      int(kv["cpu_us"]) / 1000))
    return out


def metrics_of(r):
    """(name, value, unit) for every compared figure of a run."""
    if r["bench"] == "bulk":
        return [("write_ms", float(r["write_ms"]), "ms"),
                ("visible_ms", float(r["visible_ms"]), "ms")]
    m = [("pss_mb", float(r["pss_mb"]), "MB"),
         ("pss_cold_mb", float(r["pss_cold_mb"]), "MB"),
         ("cpu_pct", float(r["cpu_pct"]), "%")]
    if "cpu_ns_pct" in r:
        m.append(("cpu_ns_pct", float(r["cpu_ns_pct"]), "%"))
    for name, _ in LAT_CMDS:
        kv = r["lat"][name]
        m.append(("%s_p50_ms" % name, int(kv["p50_us"]) / 1000, "ms"))
        m.append(("%s_p95_ms" % name, int(kv["p95_us"]) / 1000, "ms"))
        m.append(("%s_client_cpu_ms" % name, int(kv["cpu_us"]) / 1000,
                  "ms"))
    return m


def summarize(results):
    """Summary lines and a readable table, per (workload, N)."""
    lines, table = [], []
    groups = []
    for r in results:
        if ("lat" in r or r["bench"] == "bulk") and \
                (r["bench"], r["n"]) not in groups:
            groups.append((r["bench"], r["n"]))
    for wl, n in groups:
        rs = [r for r in results if r["bench"] == wl and r["n"] == n
              and ("lat" in r or wl == "bulk")]
        per = {impl: [metrics_of(r) for r in rs if r["impl"] == impl]
               for impl in IMPLS}
        rounds = {impl: len(per[impl]) for impl in IMPLS}
        table.append("")
        table.append("%s, N=%d (tmux %d runs, zeropty %d runs; min..max "
                     "over runs; ratio = tmux/zeropty, rounded down)" %
                     (wl, n, rounds["tmux"], rounds["zeropty"]))
        table.append("  %-27s %-21s %-21s %s" % ("metric", "tmux", "zeropty",
                                                 "tmux/zeropty"))
        names = [m[0] for m in (per["tmux"] or per["zeropty"])[0]]
        units = {m[0]: m[2] for m in (per["tmux"] or per["zeropty"])[0]}
        for i, name in enumerate(names):
            vals = {impl: [ms[i][1] for ms in per[impl]] for impl in IMPLS}
            fmt = "%.3f" if units[name] in ("ms", "%") else "%.2f"
            cells = {}
            for impl in IMPLS:
                v = vals[impl]
                cells[impl] = ("%s..%s %s" % (fmt % min(v), fmt % max(v),
                                              units[name])) if v else "-"
            if vals["tmux"] and vals["zeropty"]:
                lo, hi = ratio_range(vals["tmux"], vals["zeropty"])
                rlo, rhi = floor_ratio(lo), floor_ratio(hi)
                if rlo == rhi == "n/a":
                    rtxt = "n/a (0 on both sides)"
                elif rlo == rhi:
                    rtxt = rlo if rlo == "inf" else "%sx" % rlo
                else:
                    rtxt = "%s-%sx" % (rlo, rhi)
            else:
                rlo = rhi = "n/a"
                rtxt = "n/a"
            line = "summary bench=%s n=%d metric=%s" % (wl, n, name)
            for impl in IMPLS:
                if vals[impl]:
                    line += " %s_lo=%s %s_hi=%s" % (
                        impl, fmt % min(vals[impl]), impl,
                        fmt % max(vals[impl]))
            line += " ratio_lo=%s ratio_hi=%s" % (rlo, rhi)
            lines.append(line)
            table.append("  %-27s %-21s %-21s %s" % (
                name, cells["tmux"], cells["zeropty"], rtxt))
    lines_m, table_m = marginal(results)
    return lines + lines_m, table + table_m


def marginal(results):
    """Memory per extra session: (PSS at the largest N - PSS at the next
    smaller N) / the difference in N, from the means of the rounds."""
    lines, table = [], []
    for wl in WORKLOADS:
        ns = sorted({r["n"] for r in results if r["bench"] == wl
                     and "lat" in r})
        if len(ns) < 2:
            continue
        lo, hi = ns[-2], ns[-1]
        per = {}
        for impl in IMPLS:
            def mean(n):
                v = [float(r["pss_mb"]) for r in results if r["bench"] == wl
                     and r["n"] == n and r["impl"] == impl and "lat" in r]
                return sum(v) / len(v) if v else None
            a, b = mean(lo), mean(hi)
            if a is not None and b is not None:
                per[impl] = (b - a) * 1024 / (hi - lo)
        if not per:
            continue
        line = "summary bench=%s metric=marginal_kb_per_session n=%d-%d" % (
            wl, lo, hi)
        for impl, v in per.items():
            line += " %s=%.1f" % (impl, v)
        if len(per) == 2 and per["zeropty"] > 0:
            line += " ratio=%s" % floor_ratio(per["tmux"] / per["zeropty"])
        lines.append(line)
        table.append("")
        table.append("%s: memory per extra session (PSS at N=%d minus N=%d, "
                     "/ %d): %s" % (wl, hi, lo, hi - lo, ", ".join(
                         "%s %.1f KB" % kv for kv in per.items())))
    return lines, table


# --- main ----------------------------------------------------------------

def parse_args(argv):
    ap = argparse.ArgumentParser(
        prog="bench/run.sh",
        description="zeropty vs tmux 3.3a: memory, CPU and CLI latency "
        "with N detached 220x80 sessions, alternating runs.")
    ap.add_argument("--quick", action="store_true",
                    help="smoke-sized run: N=10, 6 s per run, 20 calls")
    ap.add_argument("--n", help="session counts, comma separated "
                    "(default 50,200; quick 10)")
    ap.add_argument("--workloads", default="idle,steady",
                    help="comma separated: idle, idle-hist, steady, redraw, "
                    "dump, replay, replay-hist, bulk (default idle,steady)")
    ap.add_argument("--impls", default="tmux,zeropty",
                    help="which to run (default tmux,zeropty)")
    ap.add_argument("--rounds", type=int, default=2,
                    help="runs of each, alternating (default 2)")
    ap.add_argument("--duration", type=float,
                    help="measured seconds per run (default 20; quick 6)")
    ap.add_argument("--interval", type=float,
                    help="PSS sample interval, s (default 2)")
    ap.add_argument("--settle", type=float,
                    help="seconds between start and measuring (default 5; "
                    "quick 2)")
    ap.add_argument("--calls", type=int,
                    help="CLI calls per command (default 200; quick 20)")
    ap.add_argument("--period-ms", type=int, default=100,
                    help="steady: one line per session every this many ms")
    ap.add_argument("--zeropty", default=os.environ.get("TEST_ZEROPTY"),
                    help="zeropty binary (default $TEST_ZEROPTY or "
                    "./zeropty)")
    ap.add_argument("--tmux", default=os.environ.get("TEST_TMUX") or
                    "/usr/bin/tmux", help="tmux binary (default /usr/bin/tmux)")
    ap.add_argument("--tool", help="prebuilt benchtool (default: compile "
                    "bench/benchtool.c with $CC)")
    ap.add_argument("--out", default=os.path.join(HERE, "results"),
                    help="results directory (default bench/results); "
                    "'-' for none")
    ap.add_argument("--cooldown", type=float,
                    help="pause between runs, s (default 2; quick 0.5)")
    o = ap.parse_args(argv)
    q = o.quick
    o.ns = [int(x) for x in (o.n or ("10" if q else "50,200")).split(",")]
    o.workloads = o.workloads.split(",")
    o.impls = o.impls.split(",")
    for w in o.workloads:
        if w not in WORKLOADS + ("bulk",):
            ap.error("unknown workload %s" % w)
    for i in o.impls:
        if i not in IMPLS:
            ap.error("unknown implementation %s" % i)
    o.duration = o.duration if o.duration is not None else (6 if q else 20)
    o.interval = o.interval if o.interval is not None else 2
    o.settle = o.settle if o.settle is not None else (2 if q else 5)
    o.calls = o.calls if o.calls is not None else (20 if q else 200)
    o.cooldown = o.cooldown if o.cooldown is not None else (0.5 if q else 2)
    if o.zeropty is None and os.access("./zeropty", os.X_OK):
        o.zeropty = "./zeropty"
    if "zeropty" in o.impls and not o.zeropty:
        ap.error("no zeropty binary: build it or pass --zeropty")
    if o.zeropty:
        o.zeropty = os.path.abspath(o.zeropty)
    o.tmux = os.path.abspath(o.tmux)
    if o.rounds < 1 or o.interval <= 0 or o.duration < o.interval:
        ap.error("need --rounds >= 1 and --duration >= --interval > 0")
    return o


def describe(o, cmdline):
    head = ["# command: %s" % cmdline,
            "# date: %s" % time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())]
    try:
        rev = subprocess.run(["git", "-C", HERE, "describe", "--always",
                              "--dirty"], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL).stdout.decode().strip()
        head.append("# source: %s" % (rev or "?"))
    except OSError:
        pass
    if o.zeropty:
        st = os.stat(o.zeropty)
        with open(o.zeropty, "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()[:12]
        head.append("# zeropty: %s (%d bytes, sha256 %s, built %s)" % (
            o.zeropty, st.st_size, digest,
            time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(st.st_mtime))))
    v = subprocess.run([o.tmux, "-V"], stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL).stdout.decode().strip()
    head.append("# tmux: %s (%s)" % (o.tmux, v))
    u = os.uname()
    with open("/proc/meminfo") as f:
        mem = f.readline().split()[1]
    head.append("# host: %s %s, %d cpus, %d MB RAM" % (
        u.sysname, u.release, os.cpu_count(), int(mem) // 1024))
    head.append("# method: %s; N=%s; %d rounds alternating tmux,zeropty; "
                "settle %gs; PSS mean of %d samples every %gs over %gs; "
                "CPU = utime+stime delta / wall (cpu_ns_pct from schedstat); "
                "latency: %d CLI calls per command, p50/p95 nearest rank; "
                "steady: 1 line/session every %d ms; history-limit 2000; "
                "SHELL=/bin/sh" % (
                    ",".join(o.workloads), ",".join(map(str, o.ns)),
                    o.rounds, o.settle,
                    max(1, int(round(o.duration / o.interval))), o.interval,
                    o.duration, o.calls, o.period_ms))
    return head


def main(argv):
    o = parse_args(argv[1:])
    cmdline = os.environ.get("BENCH_CMDLINE") or " ".join(
        shlex.quote(a) for a in argv)
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, on_signal)
    workdir = tempfile.mkdtemp(prefix="zpbench.")
    out = None
    failed = 0
    try:
        o.conf = os.path.join(workdir, "bench.conf")
        with open(o.conf, "w") as f:
            f.write("set -g history-limit 2000\n")
        o.idle_data = os.path.join(HERE, "data", "idle_screen.bin")
        # idle-hist: 2,200 lines of Claude output (a full 2000-line history)
        # before the idle screen.
        o.hist_data = os.path.join(workdir, "hist_idle.bin")
        with open(o.hist_data, "wb") as f:
            for name in ("history_fill.bin", "idle_screen.bin"):
                with open(os.path.join(HERE, "data", name), "rb") as g:
                    f.write(g.read())
        if not o.tool:
            o.tool = os.path.join(workdir, "benchtool")
            cc = shlex.split(os.environ.get("CC") or "cc")
            subprocess.run(cc + ["-O2", "-o", o.tool,
                                 os.path.join(HERE, "benchtool.c")],
                           check=True)
        o.tool = os.path.abspath(o.tool)
        o.dump_data = os.path.join(HERE, "data", "history_fill.bin")
        o.cast = os.path.join(HERE, "data", "claude_session.cast")

        head = describe(o, cmdline)
        if o.out != "-":
            os.makedirs(o.out, exist_ok=True)
            name = time.strftime("%Y%m%d-%H%M%S") + (
                "-quick" if o.quick else "") + ".txt"
            out = open(os.path.join(o.out, name), "w")
        def emit(line):
            print(line, flush=True)
            if out:
                out.write(line + "\n")
                out.flush()
        for line in head:
            emit(line)

        binaries = {"tmux": o.tmux, "zeropty": o.zeropty}
        results = []
        for wl in o.workloads:
            for n in o.ns:
                if wl == "bulk" and n != o.ns[0]:
                    continue    # one session, whatever N
                for rnd in range(1, o.rounds + 1):
                    for impl in o.impls:
                        try:
                            if wl == "bulk":
                                r = bulk_run(o, impl, binaries[impl], rnd,
                                             workdir)
                            else:
                                r = one_run(o, impl, binaries[impl], wl, n,
                                            rnd, workdir)
                        except (RuntimeError, OSError,
                                subprocess.SubprocessError) as e:
                            failed += 1
                            emit("bench=%s n=%d impl=%s round=%d error=%s" %
                                 (wl, n, impl, rnd,
                                  shlex.quote(str(e).replace("\n", " "))))
                            continue
                        results.append(r)
                        emit(run_line(r))
                        for line in lat_lines(r) if "lat" in r else []:
                            emit(line)
                        time.sleep(o.cooldown)
        lines, table = summarize(results)
        for line in lines:
            emit(line)
        for line in table:
            emit(line)
        if out:
            log("bench: results in %s" % out.name)
    except Abort as e:
        log("bench: interrupted (%s), cleaning up" % e)
        failed += 1
    finally:
        cleanup_all()
        if out:
            out.close()
        subprocess.run(["rm", "-rf", "--", workdir])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
