#!/usr/bin/python3
"""Load and fault test of a zeropty server (make soak; not part of check).

N sessions (SOAK_N, 1000) replay the recorded Claude Code trace
(bench/data/claude_session.cast, `benchtool replay`) while, for SOAK_SECONDS
(600):

  - 50 control clients (`-C attach`) read their session's %output and send
    one command a second each (list-windows, display -p, set-option,
    capture-pane, list-panes -a), every answer being waited for;
  - 20 command clients run one CLI command after another, 50 ms apart (list-sessions,
    list-windows -a, list-panes -a, capture-pane, send-keys, display -p,
    set-option, show-options);
  - faults: once a second a client started for it is SIGKILLed 0-30 ms
    into its command, every 10 s one of the control clients too (right
    after it was sent a command; a new one replaces it); from 5 % of the
    run a control client stops reading (stalled: its stdout is a pipe
    nobody reads); from 30 to 40 % the server's RLIMIT_NOFILE is lowered
    to 16 under the descriptors it holds (prlimit on its PID only), so
    every accept() fails until enough clients left; from 50 to 70 % the file
    system of the cold store (a tmpfs this script mounts, the server's
    ZEROPTY_COLD_DIR) is filled to the last byte.  The replayers leave
    BENCHTOOL_LOOP_GAP_MS (30 s) of silence between two loops so that
    screens are deep-frozen into the cold store (after 10 s) all along
    (send-keys, whose echo is output, only go to the first tenth).

Assertions (exit 1 if one fails, after the report):

  - the server answers: `has-session` once a second never fails nor takes
    over --probe-max s (10) outside the descriptor fault (which makes it
    wait by design) and the 5 s after it; the max is reported for both;
  - command clients and control clients: no command fails outside the
    descriptor fault; every live control client answers every command
    it was sent;
  - memory bounded: PSS sampled every 2 s; the reference is the max PSS
    from 15 to 30 % of the run (warmed up, before the first descriptor or
    disk fault); max PSS <= 2 x ref + 16 MB (a stalled control client may
    hold CONTROL_HARD_MAX = 16 MB, and screens that cannot go to a full
    cold store stay in memory) and final PSS (faults over, replays
    stopped) <= 1.25 x ref + 8 MB (what the faults took must be given
    back: more is a leak);
  - every byte read: at the end each replayer is stopped (SIGUSR1), writes
    its count of bytes written and then an end marker (OSC 2 title
    "soak-end COUNT"); every pane's title must show it with the same
    count as its stat file: the server parsed every byte before it;
  - no session lost: list-sessions counts N, every pane process alive;
  - no client leaked: list-clients shows only our live control clients
    (and the stalled one if it was not yet dropped).

Everything lives in a private directory (-S socket there); the teardown
(kill-server, then SIGKILL by PID only what this script started, umount,
remove) runs on failure and on SIGINT/SIGTERM too.

    bench/soak.py --zeropty _build/zeropty --tool _build/bench/benchtool \\
        [--n 1000] [--seconds 600]
"""
import argparse
import errno
import os
import random
import resource
import selectors
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))


class Abort(Exception):
    pass


def on_signal(signum, frame):
    raise Abort("signal %d" % signum)


def log(msg):
    print("soak: " + msg, file=sys.stderr, flush=True)


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


def read_mem_kb(pid):
    pss = rss = 0
    try:
        with open("/proc/%d/smaps_rollup" % pid) as f:
            for line in f:
                if line.startswith("Pss:"):
                    pss = int(line.split()[1])
                elif line.startswith("Rss:"):
                    rss = int(line.split()[1])
    except OSError:
        return None, None
    return pss, rss


def read_cold_kb(pid):
    """Allocated size of the deleted regular files pid holds (the cold
    store is an O_TMPFILE file)."""
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


def count_fds(pid):
    try:
        return len(os.listdir("/proc/%d/fd" % pid))
    except OSError:
        return -1


def pct(vals, p):
    if not vals:
        return 0.0
    v = sorted(vals)
    return v[min(len(v) - 1, max(0, int(round(p / 100.0 * len(v) + 0.5)) - 1))]


class Soak:
    def __init__(self, o):
        self.o = o
        self.dir = tempfile.mkdtemp(prefix="zp-soak-")
        self.sock = os.path.join(self.dir, "sock")
        self.cold = os.path.join(self.dir, "cold")
        self.mounted = False
        # The replayers' pid and stat files (1000 processes rewriting one
        # a second: on the disk's ext4 that kept ~900 of them in D state
        # on the directory's lock, and the machine saturated).
        self.rdir = os.path.join(self.dir, "run")
        self.rmounted = False
        self.spid = None
        self.procs = []          # every Popen we started (killed by pid)
        self.procs_lock = threading.Lock()
        self.stop = threading.Event()
        self.t0 = None
        self.phase = "warm"
        self.fd_window = (o.seconds * 0.30, o.seconds * 0.40)
        self.cold_window = (o.seconds * 0.50, o.seconds * 0.70)
        self.lock = threading.Lock()
        self.probes = []         # (t, ok, latency_s, in_fd_fault)
        self.mem = []            # (t, pss, rss, cold, fds, tmpfs_used)
        self.cmd_lat = []        # (t, name, ok, latency_s, in_fd_fault)
        self.cpu = []            # (t, server CPU % over the last 2 s)
        self.last_cpu = None
        self.cmd_errors = []
        self.kills = {"cli": 0, "cli_mid": 0, "control": 0}
        self.fails = []
        self.report = []
        self.ctl = []
        self.stalled = None
        self.fault_notes = {}

    # --- helpers ----------------------------------------------------

    def env(self):
        env = {
            "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:"
                    "/sbin:/bin",
            "HOME": os.environ.get("HOME", "/root"),
            "SHELL": "/bin/sh",
            "TERM": "xterm-256color",
            "LANG": "C.UTF-8",
            "TZ": "UTC",
            "ZEROPTY_COLD_DIR": self.cold,
            "BENCHTOOL_LOOP_GAP_MS": str(self.o.loop_gap_ms),
        }
        for name in ("ZEROPTY_SHIM", "ASAN_OPTIONS", "UBSAN_OPTIONS"):
            if os.environ.get(name):
                env[name] = os.environ[name]
        return env

    def now(self):
        return time.monotonic() - self.t0 if self.t0 is not None else 0.0

    def in_fd_fault(self, t0, t1):
        """Whether [t0, t1] touches the descriptor fault (+5 s after)."""
        a, b = self.fd_window
        return t1 >= a and t0 <= b + 5

    def track(self, p):
        with self.procs_lock:
            self.procs.append(p)
        return p

    def popen(self, args, **kw):
        kw.setdefault("stdin", subprocess.DEVNULL)
        kw.setdefault("stdout", subprocess.DEVNULL)
        kw.setdefault("stderr", subprocess.DEVNULL)
        return self.track(subprocess.Popen([self.o.zeropty, "-S", self.sock]
                                           + args, env=self.env(), **kw))

    def cli(self, args, timeout=60, check=True):
        p = self.popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            out, err = p.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            p.kill()
            p.communicate()
            raise RuntimeError("%s: timed out" % " ".join(args))
        if check and p.returncode != 0:
            raise RuntimeError("%s: exit %d: %s" % (
                " ".join(args)[:80], p.returncode,
                err.decode("utf-8", "replace").strip()))
        return p.returncode, out.decode("utf-8", "replace"), \
            err.decode("utf-8", "replace")

    def fail(self, msg):
        self.fails.append(msg)
        log("FAIL " + msg)

    def sleep_until(self, t):
        while not self.stop.is_set():
            d = t - self.now()
            if d <= 0:
                return True
            self.stop.wait(min(d, 0.5))
        return False

    # --- setup ------------------------------------------------------

    def mount_cold(self):
        os.makedirs(self.cold)
        if os.getuid() != 0:
            self.fault_notes["cold"] = "skipped (not root: cannot mount)"
            return
        r = subprocess.run(["mount", "-t", "tmpfs", "-o",
                            "size=%dm,mode=0700" % self.o.cold_mb,
                            "zp-soak-cold", self.cold],
                           stderr=subprocess.PIPE)
        if r.returncode != 0:
            self.fault_notes["cold"] = "skipped (mount: %s)" % \
                r.stderr.decode().strip()
            return
        self.mounted = True

    def start(self):
        o = self.o
        os.makedirs(self.rdir)
        if os.getuid() == 0 and subprocess.run(
                ["mount", "-t", "tmpfs", "-o", "size=64m,mode=0700",
                 "zp-soak-run", self.rdir]).returncode == 0:
            self.rmounted = True
        os.makedirs(os.path.join(self.rdir, "pids"))
        os.makedirs(os.path.join(self.rdir, "stats"))
        self.mount_cold()
        conf = os.path.join(self.dir, "conf")
        with open(conf, "w") as f:
            f.write("set -g history-limit 2000\n")
        fifo = os.path.join(self.rdir, "go")
        os.mkfifo(fifo)
        self.gofd = os.open(fifo, os.O_RDWR)

        def newsess(i):
            cmd = [o.tool, "replay", str(i), o.cast, fifo,
                   os.path.join(self.rdir, "pids", "s%d" % i),
                   os.path.join(self.rdir, "stats", "s%d" % i)]
            return ["new-session", "-d", "-s", "s%d" % i, "-x", "220",
                    "-y", "80", "exec " + " ".join(shlex.quote(a)
                                                   for a in cmd)]
        ts = time.monotonic()
        self.cli(["-f", conf] + newsess(0))
        _, out, _ = self.cli(["display", "-p", "#{pid}"])
        self.spid = int(out.strip())
        src = os.path.join(self.dir, "sessions.conf")
        with open(src, "w") as f:
            for i in range(1, o.n):
                f.write(" ".join("'%s'" % a if " " in a or a == "" else a
                                 for a in newsess(i)) + "\n")
        self.cli(["source-file", src], timeout=600)
        deadline = time.monotonic() + 60 + o.n * 0.2
        while len(os.listdir(os.path.join(self.rdir, "pids"))) < o.n:
            if time.monotonic() > deadline:
                raise RuntimeError("only %d of %d panes started" % (
                    len(os.listdir(os.path.join(self.rdir, "pids"))), o.n))
            time.sleep(0.1)
        self.report.append(("setup_s", "%.1f" % (time.monotonic() - ts)))
        with open("/proc/%d/limits" % self.spid) as f:
            for line in f:
                if line.startswith("Max open files"):
                    w = line.split()
                    self.nofile = (int(w[3]), int(w[4]))
        os.close(self.gofd)     # release every replay at once
        self.gofd = -1
        self.t0 = time.monotonic()

    def pane_pids(self):
        pids = {}
        d = os.path.join(self.rdir, "pids")
        for name in os.listdir(d):
            if name.endswith(".tmp"):
                continue
            try:
                with open(os.path.join(d, name)) as f:
                    pids[name] = int(f.read().strip())
            except (OSError, ValueError):
                pass
        return pids

    # --- threads ----------------------------------------------------

    def th_probe(self):
        k = 0
        while not self.stop.is_set():
            t = self.now()
            target = "s%d" % (k % self.o.n)
            k += 1
            p = self.popen(["has-session", "-t", target])
            ok = True
            try:
                rc = p.wait(timeout=self.o.probe_timeout)
                ok = rc == 0
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
                ok = False
            t1 = self.now()
            with self.lock:
                self.probes.append((t, ok, t1 - t, self.in_fd_fault(t, t1)))
            self.sleep_until(t + 1.0)

    def th_mem(self):
        while not self.stop.is_set():
            t = self.now()
            self.sample(t)
            self.sleep_until(t + 2.0)

    def sample(self, t):
        pss, rss = read_mem_kb(self.spid)
        if pss is None:
            return
        try:
            with open("/proc/%d/stat" % self.spid) as f:
                st = f.read()
            w = st[st.rindex(")") + 2:].split()
            ticks = int(w[11]) + int(w[12])
            if self.last_cpu is not None:
                dt = t - self.last_cpu[0]
                if dt > 0:
                    self.cpu.append((t, 100.0 * (ticks - self.last_cpu[1]) /
                                     os.sysconf("SC_CLK_TCK") / dt))
            self.last_cpu = (t, ticks)
        except (OSError, ValueError):
            pass
        used = 0
        if self.mounted:
            st = os.statvfs(self.cold)
            used = (st.f_blocks - st.f_bfree) * st.f_frsize // 1024
        with self.lock:
            self.mem.append((t, pss, rss, read_cold_kb(self.spid),
                             count_fds(self.spid), used))

    CLI_CMDS = [
        ("list-sessions", lambda i: ["list-sessions"]),
        ("list-windows", lambda i: ["list-windows", "-a"]),
        ("list-panes", lambda i: ["list-panes", "-a", "-F",
                                  "#{session_name} #{pane_id} #{pane_pid}"
                                  " #{history_size} #{pane_title}"]),
        ("capture-pane", lambda i: ["capture-pane", "-p", "-t", "s%d" % i]),
        ("capture-hist", lambda i: ["capture-pane", "-p", "-e", "-S", "-200",
                                    "-t", "s%d" % i]),
        # Only to the first tenth: an echo is output, and a pane typed
        # into all the time would never go quiet enough to deep-freeze.
        ("send-keys", lambda i: ["send-keys", "-t", "s%d" % (i % 10), "-l",
                                 "k"]),
        ("display", lambda i: ["display", "-p", "-t", "s%d" % i,
                               "#{session_name} #{pane_pid} #{cursor_x}"
                               " #{history_bytes}"]),
        ("set-option", lambda i: ["set-option", "-t", "s%d" % i, "@soak",
                                  str(i)]),
        ("set-option-g", lambda i: ["set-option", "-g", "@soak%d" % (i % 64),
                                    "v%d" % i]),
        ("show-options", lambda i: ["show-options", "-g"]),
    ]

    def th_cmd(self, seed):
        rnd = random.Random(seed)
        while not self.stop.is_set():
            name, mk = rnd.choice(self.CLI_CMDS)
            i = rnd.randrange(self.o.n)
            t = self.now()
            p = self.popen(mk(i), stderr=subprocess.PIPE)
            try:
                _, err = p.communicate(timeout=self.o.probe_timeout * 3)
                ok = p.returncode == 0
            except subprocess.TimeoutExpired:
                p.kill()
                _, err = p.communicate()
                ok = False
                err = b"timed out"
            t1 = self.now()
            infd = self.in_fd_fault(t, t1)
            with self.lock:
                self.cmd_lat.append((t, name, ok, t1 - t, infd))
                if not ok:
                    self.cmd_errors.append((t, name, infd, p.returncode,
                                            err.decode("utf-8",
                                                       "replace").strip()))
            self.stop.wait(self.o.cmd_interval_ms / 1000.0)

    def th_killer(self):
        rnd = random.Random(7)
        heavy = [["list-panes", "-a"], ["list-windows", "-a"],
                 ["capture-pane", "-p", "-S", "-", "-t", "s%d"],
                 ["send-keys", "-t", "s%d", "-l", "q"],
                 ["display", "-p", "-t", "s%d", "#{pane_title}"],
                 ["-C", "attach", "-t", "s%d"]]
        next_ctl = 10.0
        while not self.stop.is_set():
            t = self.now()
            args = [a.replace("%d", str(rnd.randrange(self.o.n)))
                    if "%d" in a else a for a in rnd.choice(heavy)]
            p = self.popen(args, stdin=subprocess.PIPE)
            time.sleep(rnd.uniform(0, 0.03))
            if p.poll() is None:
                self.kills["cli_mid"] += 1
            p.kill()
            p.wait()
            try:
                p.stdin.close()
            except OSError:
                pass
            self.kills["cli"] += 1
            if t >= next_ctl and self.ctl:
                next_ctl += 10.0
                self.kill_control(rnd)
            self.sleep_until(t + 1.0)

    # --- control clients --------------------------------------------

    CTL_CMDS = [
        "list-windows",
        "display -p '#{session_name} #{history_size} #{pane_title}'",
        "set-option @soakc 1",
        "capture-pane -p",
        "list-panes -a -F '#{pane_id}'",
    ]

    def new_control(self, idx):
        target = "s%d" % (idx * self.o.n // self.o.controls)
        p = self.popen(["-C", "attach", "-t", target], stdin=subprocess.PIPE,
                       stdout=subprocess.PIPE)
        os.set_blocking(p.stdin.fileno(), False)
        c = {"p": p, "idx": idx, "buf": b"", "sent": 0, "answered": 0,
             "bytes": 0, "outputs": 0, "exit": None, "inblock": False,
             "dead": False, "attached": False, "born": self.now()}
        with self.lock:
            self.sel.register(p.stdout, selectors.EVENT_READ, c)
            self.ctl.append(c)
        return c

    def kill_control(self, rnd):
        with self.lock:
            live = [c for c in self.ctl if not c["dead"]]
        if not live:
            return
        c = rnd.choice(live)
        self.ctl_send(c, rnd.choice(self.CTL_CMDS))
        c["dead"] = True
        c["p"].kill()
        self.kills["control"] += 1
        self.new_control(c["idx"])

    def ctl_send(self, c, line):
        try:
            os.write(c["p"].stdin.fileno(), line.encode() + b"\n")
            c["sent"] += 1
        except BlockingIOError:
            pass
        except OSError:
            c["dead"] = True

    def th_ctl_read(self):
        while not self.ctl_done.is_set():
            for key, _ in self.sel.select(0.5):
                c = key.data
                try:
                    chunk = os.read(key.fd, 65536)
                except OSError:
                    chunk = b""
                if not chunk:
                    with self.lock:
                        self.sel.unregister(key.fileobj)
                    if not c["dead"] and c["exit"] is None:
                        c["exit"] = "EOF"
                    if not c["dead"]:
                        c["exit_t"] = self.now()
                    c["dead"] = True
                    continue
                c["bytes"] += len(chunk)
                c["buf"] += chunk
                lines = c["buf"].split(b"\n")
                c["buf"] = lines.pop()
                for line in lines:
                    if line.startswith(b"%output"):
                        c["outputs"] += 1
                    elif line.startswith(b"%begin"):
                        c["inblock"] = True
                    elif line.startswith(b"%end") or \
                            line.startswith(b"%error"):
                        if c["inblock"]:
                            if c["attached"]:
                                c["answered"] += 1
                            c["attached"] = True
                        c["inblock"] = False
                    elif line.startswith(b"%exit"):
                        c["exit"] = line.decode("utf-8", "replace")
                        c["exit_t"] = self.now()

    def th_ctl_send(self):
        rnd = random.Random(3)
        while not self.stop.is_set():
            t = self.now()
            with self.lock:
                live = [c for c in self.ctl if not c["dead"]]
            if self.o.ctl_cmds:
                for c in live:
                    self.ctl_send(c, rnd.choice(self.CTL_CMDS))
            self.sleep_until(t + 1.0)

    # --- faults -----------------------------------------------------

    def th_faults(self):
        o = self.o
        if not self.sleep_until(o.seconds * 0.05):
            return
        # A control client that stops reading: stdout a pipe never read.
        r, w = os.pipe()
        self.stalled_pipe = r
        self.stalled = self.popen(["-C", "attach", "-t", "s%d" % (o.n - 1)],
                                  stdin=subprocess.PIPE, stdout=w)
        os.close(w)
        self.stalled_at = self.now()

        if not self.sleep_until(self.fd_window[0]):
            return
        # Under what it holds: no new descriptor until 16 are closed.
        nfd = count_fds(self.spid) - 16
        resource.prlimit(self.spid, resource.RLIMIT_NOFILE,
                         (nfd, self.nofile[1]))
        self.fd_limited = True
        self.fault_notes["fd"] = "RLIMIT_NOFILE %d (16 under the fds it held) " \
            "from %.0f to %.0f s" % (nfd, self.fd_window[0],
                                     self.fd_window[1])
        log("fd limit %d at %.1f s" % (nfd, self.now()))
        self.sleep_until(self.fd_window[1])
        self.restore_nofile()
        log("fd limit restored at %.1f s" % self.now())
        if self.stop.is_set():
            return

        if not self.mounted:
            return
        if not self.sleep_until(self.cold_window[0]):
            return
        filler = os.path.join(self.cold, "filler")
        fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
        chunk = b"\0" * (1 << 20)
        filled = 0
        try:
            while True:
                try:
                    n = os.write(fd, chunk)
                except OSError as e:
                    if e.errno != errno.ENOSPC:
                        raise
                    if len(chunk) == 1:
                        break
                    chunk = chunk[:len(chunk) // 16 or 1]
                    continue
                filled += n
        finally:
            os.close(fd)
        st = os.statvfs(self.cold)
        self.fault_notes["cold"] = "tmpfs %d MB filled (%d MB by the " \
            "filler, %d blocks free) from %.0f to %.0f s" % (
                o.cold_mb, filled >> 20, st.f_bavail, self.cold_window[0],
                self.cold_window[1])
        log("cold store full at %.1f s" % self.now())
        self.sleep_until(self.cold_window[1])
        os.unlink(filler)
        log("cold store freed at %.1f s" % self.now())

    def restore_nofile(self):
        if getattr(self, "fd_limited", False):
            try:
                resource.prlimit(self.spid, resource.RLIMIT_NOFILE,
                                 self.nofile)
            except OSError:
                pass
            self.fd_limited = False

    # --- the run ----------------------------------------------------

    def run(self):
        o = self.o
        self.start()
        log("%d sessions up, running %d s" % (o.n, o.seconds))
        self.sel = selectors.DefaultSelector()
        self.ctl_done = threading.Event()
        threads = [threading.Thread(target=self.th_ctl_read, daemon=True)]
        threads[0].start()
        for i in range(o.controls):
            self.new_control(i)
        main = [self.th_probe, self.th_mem, self.th_killer, self.th_faults,
                self.th_ctl_send] + \
            [lambda s=s: self.th_cmd(s) for s in range(o.commands)]
        mt = [threading.Thread(target=f, daemon=True) for f in main]
        for t in mt:
            t.start()
        last = 0
        while self.now() < o.seconds:
            time.sleep(1)
            if self.now() - last >= 60:
                last = self.now()
                with self.lock:
                    m = self.mem[-1] if self.mem else None
                    pr = [p for p in self.probes if p[0] >= last - 60]
                log("t=%.0f pss=%.1fMB probes=%d max=%.3fs cmds=%d" % (
                    self.now(), (m[1] if m else 0) / 1024, len(pr),
                    max([p[2] for p in pr] or [0]), len(self.cmd_lat)))
        self.stop.set()
        for t in mt:
            t.join(timeout=self.o.probe_timeout * 3 + 10)
        self.restore_nofile()
        self.finish()

    def finish(self):
        o = self.o
        R = self.report
        end = self.now()
        # Control clients: every command sent gets its answer.
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with self.lock:
                behind = [c for c in self.ctl if not c["dead"] and
                          c["answered"] < c["sent"]]
            if not behind:
                break
            time.sleep(0.2)
        with self.lock:
            live = [c for c in self.ctl if not c["dead"]]
            behind = [c for c in live if c["answered"] < c["sent"]]
            exited = [c for c in self.ctl if c["exit"] is not None]
        R.append(("control_live", len(live)))
        R.append(("control_cmds_sent", sum(c["sent"] for c in self.ctl)))
        R.append(("control_cmds_answered",
                  sum(c["answered"] for c in self.ctl)))
        R.append(("control_output_lines",
                  sum(c["outputs"] for c in self.ctl)))
        R.append(("control_bytes_read", sum(c["bytes"] for c in self.ctl)))
        if len(live) != o.controls:
            self.fail("%d control clients live, want %d (exits: %s)" % (
                len(live), o.controls,
                "; ".join("%s (started %.1f s, exit %.1f s)" % (
                    c["exit"], c["born"], c.get("exit_t", -1))
                    for c in exited if not c["p"].returncode == -9)[:400]))
        if behind:
            self.fail("%d control clients did not answer every command "
                      "(e.g. sent %d answered %d)" % (
                          len(behind), behind[0]["sent"],
                          behind[0]["answered"]))

        # Clients the server lists: ours, nothing left by killed ones.
        _, out, _ = self.cli(["list-clients", "-F",
                              "#{client_pid} #{client_control_mode}"])
        listed = [l for l in out.splitlines() if l.strip()]
        ours = {c["p"].pid for c in live}
        stalled_listed = self.stalled is not None and any(
            l.split()[0] == str(self.stalled.pid) for l in listed)
        others = [l for l in listed if int(l.split()[0]) not in ours and
                  not (self.stalled is not None and
                       l.split()[0] == str(self.stalled.pid))]
        R.append(("clients_listed", len(listed)))
        R.append(("stalled_client", "dropped by the server" if self.stalled
                  is not None and not stalled_listed else
                  "still attached (stalled %.0f s, under CONTROL_MAX_AGE)"
                  % (end - self.stalled_at) if self.stalled is not None
                  else "not started"))
        # The list-clients caller itself may be listed.
        if len(others) > 1:
            self.fail("server lists %d clients we do not hold: %s" % (
                len(others), "; ".join(others[:5])))
        if self.stalled is not None:
            self.stalled.kill()
            self.stalled.wait()
            os.close(self.stalled_pipe)

        # Stop the replays; each shows "soak-end WRITTEN" as its title.
        pids = self.pane_pids()
        stop_t = self.now()
        for name, pid in pids.items():
            if pid_alive(pid) and self.dir in pid_cmdline(pid):
                os.kill(pid, signal.SIGUSR1)
        deadline = time.monotonic() + 120
        titles = {}
        while time.monotonic() < deadline:
            _, out, _ = self.cli(["list-panes", "-a", "-F",
                                  "#{session_name}\t#{pane_title}"])
            titles = dict(l.split("\t", 1) for l in out.splitlines()
                          if "\t" in l)
            if sum(1 for v in titles.values()
                   if v.startswith("soak-end ")) >= o.n:
                break
            time.sleep(0.5)
        R.append(("end_markers_s", "%.1f" % (self.now() - stop_t)))
        due = written = 0
        missing, mismatch = [], []
        for i in range(o.n):
            name = "s%d" % i
            st = {}
            try:
                with open(os.path.join(self.rdir, "stats", name)) as f:
                    st = dict(w.split("=", 1) for w in f.read().split())
            except OSError:
                pass
            due += int(st.get("due", 0))
            written += int(st.get("written", 0))
            t = titles.get(name, "")
            if not t.startswith("soak-end "):
                missing.append(name)
            elif t.split()[1] != st.get("written"):
                mismatch.append("%s title %s stat %s" % (
                    name, t, st.get("written")))
        R.append(("bytes_due", due))
        R.append(("bytes_written", written))
        R.append(("bytes_read_pct", "%.3f" % (100.0 * written / due)
                  if due else "-"))
        R.append(("end_markers", "%d/%d" % (o.n - len(missing), o.n)))
        if missing:
            self.fail("%d panes never showed their end marker (%s)" % (
                len(missing), " ".join(missing[:10])))
        if mismatch:
            self.fail("%d end markers disagree with the stat file: %s" % (
                len(mismatch), "; ".join(mismatch[:3])))

        # No session lost, every pane alive.
        _, out, _ = self.cli(["list-sessions", "-F", "#{session_name}"])
        nsess = len([l for l in out.splitlines() if l.strip()])
        alive = sum(1 for p in pids.values() if pid_alive(p))
        R.append(("sessions", "%d/%d" % (nsess, o.n)))
        R.append(("panes_alive", "%d/%d" % (alive, o.n)))
        if nsess != o.n:
            self.fail("%d sessions at the end, want %d" % (nsess, o.n))
        if alive != o.n:
            self.fail("%d pane processes alive, want %d" % (alive, o.n))

        # Memory: sampled through the run, then once more now.
        time.sleep(2)
        self.sample(self.now())
        self.memory_report()
        self.latency_report()

    def memory_report(self):
        o, R = self.o, self.report
        mem = self.mem
        ref = [m[1] for m in mem
               if o.seconds * 0.15 <= m[0] < o.seconds * 0.30]
        if not ref:
            ref = [m[1] for m in mem[:max(1, len(mem) // 4)]]
        ref_kb = max(ref)
        max_m = max(mem, key=lambda m: m[1])
        final = mem[-1]
        max_bound = 2 * ref_kb + 16 * 1024
        final_bound = 1.25 * ref_kb + 8 * 1024
        R.append(("pss_ref_mb", "%.1f" % (ref_kb / 1024)))
        R.append(("pss_max_mb", "%.1f (at %.0f s; bound %.1f)" % (
            max_m[1] / 1024, max_m[0], max_bound / 1024)))
        R.append(("pss_final_mb", "%.1f (bound %.1f)" % (
            final[1] / 1024, final_bound / 1024)))
        R.append(("rss_max_mb", "%.1f" % (max(m[2] for m in mem) / 1024)))
        R.append(("rss_final_mb", "%.1f" % (final[2] / 1024)))
        R.append(("cold_max_kb", max(m[3] for m in mem)))
        R.append(("cold_final_kb", final[3]))
        R.append(("server_fds_max", max(m[4] for m in mem)))
        R.append(("server_fds_final", final[4]))
        R.append(("samples", len(mem)))
        if max_m[1] > max_bound:
            self.fail("PSS %.1f MB at %.0f s over the bound %.1f MB" % (
                max_m[1] / 1024, max_m[0], max_bound / 1024))
        if final[1] > final_bound:
            self.fail("final PSS %.1f MB over the bound %.1f MB" % (
                final[1] / 1024, final_bound / 1024))
        # The phases' memory, for the report.
        for name, (a, b) in (("fd_fault", self.fd_window),
                             ("cold_fault", self.cold_window)):
            w = [m for m in mem if a <= m[0] <= b]
            if w:
                R.append(("pss_max_during_%s_mb" % name,
                          "%.1f" % (max(m[1] for m in w) / 1024)))
        if self.mounted:
            w = [m for m in mem if self.cold_window[0] <= m[0] <=
                 self.cold_window[1]]
            if w:
                R.append(("cold_during_cold_fault_kb", "%d-%d" % (
                    min(m[3] for m in w), max(m[3] for m in w))))
                R.append(("tmpfs_used_during_cold_fault_kb", "%d-%d" % (
                    min(m[5] for m in w), max(m[5] for m in w))))

    def latency_report(self):
        o, R = self.o, self.report
        out = [p for p in self.probes if not p[3]]
        inf = [p for p in self.probes if p[3]]
        R.append(("probes", len(self.probes)))
        R.append(("probe_max_s", "%.3f" % max([p[2] for p in out] or [0])))
        R.append(("probe_p50_ms", "%.1f" % (pct([p[2] for p in out], 50)
                                            * 1000)))
        R.append(("probe_p99_ms", "%.1f" % (pct([p[2] for p in out], 99)
                                            * 1000)))
        R.append(("probe_fails", sum(1 for p in out if not p[1])))
        R.append(("probe_max_in_fd_fault_s", "%.3f" % max(
            [p[2] for p in inf] or [0])))
        R.append(("probe_fails_in_fd_fault",
                  sum(1 for p in inf if not p[1])))
        bad = [p for p in out if not p[1] or p[2] > o.probe_max]
        if bad:
            self.fail("%d probes failed or took over %.0f s outside the "
                      "descriptor fault (first at %.0f s: %.3f s)" % (
                          len(bad), o.probe_max, bad[0][0], bad[0][2]))
        # Every probe after the descriptor fault: it must have recovered.
        after = [p for p in self.probes if p[0] > self.fd_window[1] + 5]
        if self.o.seconds >= 20 and not after:
            self.fail("no probe after the descriptor fault")
        cl = self.cmd_lat
        R.append(("cli_commands", len(cl)))
        R.append(("cli_p50_ms", "%.1f" % (pct([c[3] for c in cl if not c[4]],
                                              50) * 1000)))
        R.append(("cli_p99_ms", "%.1f" % (pct([c[3] for c in cl if not c[4]],
                                              99) * 1000)))
        R.append(("cli_max_s", "%.3f" % max([c[3] for c in cl if not c[4]]
                                             or [0])))
        R.append(("cli_fails", sum(1 for c in cl if not c[2] and not c[4])))
        for name, _ in self.CLI_CMDS:
            v = [c[3] for c in cl if c[1] == name and not c[4]]
            R.append(("cli_%s" % name, "n=%d p50=%.1fms p99=%.1fms" % (
                len(v), pct(v, 50) * 1000, pct(v, 99) * 1000)))
        if self.cpu:
            R.append(("server_cpu_pct", "mean %.1f max %.1f (2 s samples)" % (
                sum(c[1] for c in self.cpu) / len(self.cpu),
                max(c[1] for c in self.cpu))))
        R.append(("cli_fails_in_fd_fault", sum(1 for c in cl
                                               if not c[2] and c[4])))
        errs = [e for e in self.cmd_errors if not e[2]]
        if errs:
            self.fail("%d CLI commands failed outside the descriptor fault "
                      "(first %s at %.0f s: exit %s %s)" % (
                          len(errs), errs[0][1], errs[0][0], errs[0][3],
                          errs[0][4][:200]))
        ferrs = [e for e in self.cmd_errors if e[2]]
        if ferrs:
            R.append(("cli_fd_fault_errors", "; ".join(sorted(set(
                "%s" % e[4][:60] for e in ferrs)))[:200]))
        R.append(("killed_cli", "%d (%d mid-command)" % (
            self.kills["cli"], self.kills["cli_mid"])))
        R.append(("killed_control", self.kills["control"]))

    # --- teardown ---------------------------------------------------

    def teardown(self):
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(sig, signal.SIG_IGN)
        self.stop.set()
        self.restore_nofile()
        if getattr(self, "gofd", -1) != -1:
            os.close(self.gofd)
        if self.spid is not None:
            try:
                subprocess.run([self.o.zeropty, "-S", self.sock,
                                "kill-server"], env=self.env(), timeout=30,
                               stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
            except (subprocess.TimeoutExpired, OSError):
                pass
            deadline = time.monotonic() + 30
            while pid_alive(self.spid) and time.monotonic() < deadline:
                time.sleep(0.1)
            if pid_alive(self.spid) and self.sock in pid_cmdline(self.spid):
                log("server %d survived kill-server: SIGKILL" % self.spid)
                os.kill(self.spid, signal.SIGKILL)
        if hasattr(self, "ctl_done"):
            self.ctl_done.set()
        # Only what we started: our clients, our panes (named by our dir).
        with self.procs_lock:
            procs = list(self.procs)
        for p in procs:
            if p.poll() is None:
                p.kill()
            p.wait()
        deadline = time.monotonic() + 15
        pids = list(self.pane_pids().values()) \
            if os.path.isdir(os.path.join(self.rdir, "pids")) else []
        while any(pid_alive(p) for p in pids) and time.monotonic() < deadline:
            time.sleep(0.1)
        left = 0
        for p in pids:
            if pid_alive(p) and self.dir in pid_cmdline(p):
                os.kill(p, signal.SIGKILL)
                left += 1
        if left:
            log("%d pane processes SIGKILLed after kill-server" % left)
        if self.mounted:
            if subprocess.run(["umount", self.cold]).returncode != 0:
                subprocess.run(["umount", "-l", self.cold])
            self.mounted = False
        if self.rmounted:
            if subprocess.run(["umount", self.rdir]).returncode != 0:
                subprocess.run(["umount", "-l", self.rdir])
            self.rmounted = False
        shutil.rmtree(self.dir, ignore_errors=True)
        return left


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--zeropty", required=True)
    ap.add_argument("--tool", required=True, help="bench/benchtool")
    ap.add_argument("--cast", default=os.path.join(HERE, "data",
                                                   "claude_session.cast"))
    ap.add_argument("--n", type=int,
                    default=int(os.environ.get("SOAK_N") or 1000))
    ap.add_argument("--seconds", type=float,
                    default=float(os.environ.get("SOAK_SECONDS") or 600))
    ap.add_argument("--controls", type=int, default=50)
    ap.add_argument("--commands", type=int, default=20)
    ap.add_argument("--no-ctl-cmds", dest="ctl_cmds", action="store_false",
                    help="control clients only read (no commands)")
    ap.add_argument("--cmd-interval-ms", type=int, default=50,
                    help="pause of a command client between commands")
    ap.add_argument("--cold-mb", type=int, default=32,
                    help="size of the cold store's tmpfs")
    ap.add_argument("--loop-gap-ms", type=int, default=30000)
    ap.add_argument("--probe-max", type=float, default=10.0)
    ap.add_argument("--probe-timeout", type=float, default=30.0)
    o = ap.parse_args(argv)
    o.zeropty = os.path.abspath(o.zeropty)
    o.tool = os.path.abspath(o.tool)
    o.cast = os.path.abspath(o.cast)
    o.controls = min(o.controls, o.n)
    return o


def main(argv):
    o = parse_args(argv)
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, on_signal)
    s = Soak(o)
    rc = 0
    t = time.time()
    try:
        with open("/proc/loadavg") as f:
            load = f.read().split()[0]
        print("soak: n=%d seconds=%.0f controls=%d commands=%d cold_mb=%d "
              "loop_gap_ms=%d load1=%s zeropty=%s" % (
                  o.n, o.seconds, o.controls, o.commands, o.cold_mb,
                  o.loop_gap_ms, load, o.zeropty), flush=True)
        s.run()
    except Abort as e:
        log("aborted: %s" % e)
        rc = 2
    except Exception as e:
        import traceback
        traceback.print_exc()
        s.fail("error: %s" % e)
    finally:
        left = s.teardown()
        s.report.append(("leftover_after_kill_server", left))
    for k, v in s.fault_notes.items():
        print("fault_%s: %s" % (k, v))
    for k, v in s.report:
        print("%s: %s" % (k, v))
    print("wall_s: %.0f" % (time.time() - t))
    if s.fails:
        print("RESULT: FAIL (%d)" % len(s.fails))
        for f in s.fails:
            print("  - " + f)
        return rc or 1
    print("RESULT: PASS" if rc == 0 else "RESULT: ABORTED")
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
