#!/usr/bin/python3
"""server-upgrade, zeropty's own command (TAP): a new server binary takes
over without losing a session.

Two sessions, three windows and split panes run printers (coloured lines
until a mark, then they wait for a file and go on), a ticker that never
stops and a shell. Before and after `server-upgrade` (here the same
binary, which is what an upgrade to an identical build is), every
pane's `capture-pane -e -p -S -`, the list-* outputs, options, hooks,
key bindings, environments and buffers must be the same, the server's
and the panes' pids unchanged, and the panes must go on writing (the
printers' next lines and the ticker's new lines show up). -b to a
missing file, to a binary that reads another state format, and a state
file of another version given to the server are refused, the old server
still serving.
"""
import os
import re
import select
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time

BIN = os.environ.get("TEST_ZEROPTY", "./zeropty")
tests = []


def ok(cond, what):
    tests.append(bool(cond))
    print(("ok" if cond else "not ok") + " %d - %s" % (len(tests), what))
    sys.stdout.flush()


def main():
    if not os.access(BIN, os.X_OK):
        print("1..0 # SKIP zeropty not built")
        return 0
    server_bin = os.path.join(os.path.dirname(os.path.abspath(BIN)),
                              "zeropty-server")
    tmp = tempfile.mkdtemp(prefix="zp-upgrade-")
    sock = os.path.join(tmp, "s")
    go = os.path.join(tmp, "go")
    env = dict(os.environ, SHELL="/bin/sh", HOME=tmp, PS1="$ ")
    env.pop("TMUX", None)
    env.pop("TMUX_PANE", None)

    def t(*args):
        p = subprocess.run([BIN, "-S", sock, "-f", "/dev/null"] +
                           list(args), env=env, capture_output=True,
                           text=True, timeout=30, stdin=subprocess.DEVNULL)
        return p.returncode, p.stdout, p.stderr

    def printer(name, n):
        # n coloured lines, a mark, then wait for the go file, go on.
        return ("i=0; while [ $i -lt %d ]; do i=$((i+1)); "
                "printf '\\033[3%dm%s %%d\\033[m plain\\n' $i; done; "
                "echo MARK-%s; while [ ! -e %s ]; do sleep 0.05; done; "
                "echo AFTER-%s; exec sleep 100" %
                (n, len(name) % 7 + 1, name, name, go, name))

    ticker = ("i=0; while :; do i=$((i+1)); echo tick $i; "
              "sleep 0.05; done")
    panes = []
    try:
        t("new-session", "-d", "-s", "alpha", "-x", "60", "-y", "10",
          printer("p1", 40))
        t("split-window", "-d", "-h", "-t", "alpha:0", printer("p2", 5))
        t("split-window", "-d", "-v", "-t", "alpha:0.1", ticker)
        t("new-window", "-d", "-t", "alpha:3", "-n", "named",
          printer("p3", 300))
        t("new-session", "-d", "-s", "beta", "-x", "50", "-y", "8")
        t("new-window", "-d", "-t", "beta", printer("p4", 12))
        t("split-window", "-d", "-t", "beta:1", printer("p5", 3))
        t("select-layout", "-t", "beta:1", "even-horizontal")
        t("new-session", "-d", "-t", "alpha", "-s", "gamma")
        t("set-buffer", "-b", "one", "first buffer")
        t("set-buffer", "second\nbuffer")
        t("set-environment", "-g", "ZP_UPGRADE_G", "global")
        t("set-environment", "-t", "beta", "ZP_UPGRADE_S", "session")
        t("set-option", "-g", "status-left", "[#S]")
        t("set-option", "-t", "alpha", "history-limit", "500")
        t("set-option", "-w", "-t", "alpha:3", "mode-keys", "vi")
        t("set-option", "-g", "@user", "kept")
        t("set-hook", "-g", "after-new-window", "display-message hi")
        t("bind-key", "-T", "mine", "x", "display-message", "x")
        t("send-keys", "-t", "beta:0", "echo shell-$((6*7))", "Enter")
        t("new-window", "-d", "-t", "beta:5", "echo bye; exit 3")
        t("set-option", "-p", "-t", "beta:5", "remain-on-exit", "on")
        # A static program, on a pty the shim lends (its master goes too).
        busybox = shutil.which("busybox")
        if busybox:
            t("new-window", "-d", "-t", "beta:6", "exec %s cat" % busybox)
            t("send-keys", "-t", "beta:6", "one", "Enter")

        for target, mark in (("alpha:0.0", "MARK-p1"),
                             ("alpha:0.1", "MARK-p2"),
                             ("alpha:3", "MARK-p3"),
                             ("beta:1.0", "MARK-p4"),
                             ("beta:1.1", "MARK-p5"),
                             ("beta:0", "shell-42"),
                             ("alpha:0.2", "tick 5")):
            rc, _, err = t("wait-pane", "-t", target, "-s", mark, "-T",
                           "10000")
            ok(rc == 0, "%s showed %s %s" % (target, mark, err.strip()))
        if busybox:
            rc, _, err = t("wait-pane", "-t", "beta:6", "-r", "^one$",
                           "-T", "10000")
            ok(rc == 0, "busybox cat on a lent pty answers %s" % err)
        rc, _, err = t("wait-pane", "-t", "beta:5", "-x", "-T", "10000")
        ok(rc == 0, "beta:5 exited, kept by remain-on-exit %s" % err)
        # Let the shell print its prompt again.
        t("wait-pane", "-t", "beta:0", "-i", "300", "-T", "5000")

        _, out, _ = t("list-panes", "-a", "-F", "#{pane_id}")
        panes = sorted(set(out.split()), key=lambda p: int(p[1:]))
        still = [p for p in panes if p != "%2"]  # %2 is the ticker
        # Panes that still run: their pids must still be ours after.
        live = [p for p in panes if
                t("display-message", "-p", "-t", p, "#{pane_dead}")[1]
                .strip() == "0"]

        def messages():
            # show-messages needs a client: a control client's, its own
            # commands left out.
            p = subprocess.run([BIN, "-S", sock, "-C", "attach"], env=env,
                               input="show-messages\n", text=True,
                               capture_output=True, timeout=30)
            return [x for x in p.stdout.splitlines()
                    if re.match(r"\d\d:\d\d: ", x) and
                    "show-messages" not in x and
                    "attach-session" not in x]

        def snapshot():
            snap = {}
            for p in still:
                snap[p] = t("capture-pane", "-e", "-p", "-S", "-",
                            "-t", p)[1]
            fmt = ("#{session_name} #{session_id} #{session_windows} "
                   "#{session_created} #{window_index} #{window_id} "
                   "#{window_name} #{window_layout} #{window_active} "
                   "#{window_flags} #{pane_index} #{pane_id} #{pane_pid} "
                   "#{pane_active} #{pane_width}x#{pane_height} "
                   "#{pane_dead} #{pane_tty} #{cursor_x},#{cursor_y} "
                   "#{history_size} #{pane_dead_status} "
                   "#{pane_start_command} "
                   "#{session_group} #{session_group_size}")
            for p in still:
                snap["fmt" + p] = t("display-message", "-p", "-t", p,
                                    fmt)[1]
            for cmd in (("list-sessions",), ("list-windows", "-a"),
                        ("list-buffers",),
                        ("list-panes", "-a", "-F", "#{session_name} "
                         "#{window_id} #{pane_id} #{session_grouped}"), ("show-buffer", "-b", "one"),
                        ("show-environment", "-g", "ZP_UPGRADE_G"),
                        ("show-environment", "-t", "beta"),
                        ("show-options", "-g"),
                        ("show-options", "-t", "alpha"),
                        ("show-options", "-w", "-t", "alpha:3"),
                        ("show-hooks", "-g"),
                        ("list-keys", "-T", "mine"),
                        ("display-message", "-p",
                         "#{pid} #{start_time} #{next_session_id}")):
                snap[cmd] = t(*cmd)[1]
            _, snap["ticker"], _ = t("capture-pane", "-p", "-S", "-",
                                     "-t", "%2")
            _, snap["tickpid"], _ = t("display-message", "-p", "-t", "%2",
                                      "#{pane_pid}")
            return snap

        before = snapshot()
        log_before = messages()
        server_pid = int(t("display-message", "-p", "#{pid}")[1])
        nb = 1 if busybox else 0
        ok(len(still) == 7 + nb and len(live) == 7 + nb and
           True,
           "six quiet panes, a dead one and a ticker: %s" % panes)
        ok("\033[3" in before["%0"], "captures carry attributes")

        rc, out, err = t("server-upgrade", "-b", os.path.join(tmp, "none"))
        ok(rc == 1 and "No such file or directory" in err,
           "-b to a missing file fails: %r" % err)
        fake = os.path.join(tmp, "fake-server")
        with open(fake, "w") as f:
            f.write("#!/bin/sh\necho 99\n")
        os.chmod(fake, stat.S_IRWXU)
        rc, out, err = t("server-upgrade", "-b", fake)
        ok(rc == 1 and "reads upgrade state version 99" in err,
           "-b to a server of another state format fails: %r" % err)
        mid = snapshot()
        ok(all(mid[k] == before[k] for k in before if k != "ticker"),
           "the old server still serves, unchanged")

        def control():
            # gamma: the most recent session already, so that attaching
            # does not change which session a pane's formats use.
            c = subprocess.Popen([BIN, "-S", sock, "-C", "attach", "-t",
                                  "gamma"], env=env, stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE,
                                 stderr=subprocess.DEVNULL)
            return c

        def control_end(c):
            data = b""
            deadline = time.time() + 10
            while time.time() < deadline:
                r, _, _ = select.select([c.stdout], [], [], 0.2)
                if r:
                    chunk = os.read(c.stdout.fileno(), 65536)
                    if not chunk:
                        break
                    data += chunk
            c.stdin.close()
            c.wait(timeout=10)
            return data.decode("utf-8", "replace")

        ctl = control()
        time.sleep(0.3)
        rc, out, err = t("server-upgrade", "-b", server_bin)
        ok(rc == 0 and err == "", "server-upgrade: %d %r" % (rc, err))
        text = control_end(ctl)
        ok("%exit server upgraded" in text,
           "a control client is told: %r" % text[-80:])
        after = snapshot()
        log_after = messages()
        ok(len(log_before) > 10 and
           all(x in log_after for x in log_before),
           "show-messages keeps its %d lines" % len(log_before))
        for k in before:
            if k in ("ticker",):
                continue
            ok(after[k] == before[k], "same after upgrade: %s%s" %
               (k, "" if after[k] == before[k] else
                ": %r != %r" % (after[k][:150], before[k][:150])))
        # The ticker went on: what it had shown is still there, in order.
        lines = [x for x in before["ticker"].splitlines() if x]
        alines = after["ticker"].splitlines()
        text = "\n".join(alines)
        ok(lines and "\n".join(lines[:-1]) in text,
           "the ticker's history is kept (%d lines)" % len(lines))
        last = int(lines[-1].split()[1])
        deadline = time.time() + 10
        newer = False
        while time.time() < deadline and not newer:
            _, cap, _ = t("capture-pane", "-p", "-t", "%2")
            nums = [int(m) for m in re.findall(r"tick (\d+)", cap)]
            newer = bool(nums) and max(nums) > last + 5
            if not newer:
                time.sleep(0.1)
        ok(newer, "the ticker keeps writing after the upgrade")

        # SIGUSR2: the same, to the server found as the client finds it.
        ctl = control()
        time.sleep(0.3)
        os.kill(server_pid, signal.SIGUSR2)
        text = control_end(ctl)
        ok("%exit server upgraded" in text, "SIGUSR2 upgrades: %r" %
           text[-80:])
        again = snapshot()
        for k in before:
            if k in ("ticker",):
                continue
            ok(again[k] == before[k], "same after SIGUSR2: %s" % (k,))

        open(go, "w").close()
        for target, mark in (("alpha:0.0", "AFTER-p1"),
                             ("alpha:3", "AFTER-p3"),
                             ("beta:1.1", "AFTER-p5")):
            rc, _, err = t("wait-pane", "-t", target, "-s", mark, "-T",
                           "10000")
            ok(rc == 0, "%s writes after the upgrade: %s" %
               (target, err.strip()))
        if busybox:
            t("send-keys", "-t", "beta:6", "two", "Enter")
            rc, out, err = t("wait-pane", "-t", "beta:6", "-r", "^two$",
                             "-T", "10000", "-F", "#{pane_current_command}")
            ok(rc == 0 and out.strip() == "busybox",
               "the program on a lent pty reads and writes after: %r %s" %
               (out, err))
        t("send-keys", "-t", "beta:0", "echo again-$((2*3))", "Enter")
        rc, _, err = t("wait-pane", "-t", "beta:0", "-s", "again-6",
                       "-T", "10000")
        ok(rc == 0, "the shell answers after the upgrade")
        rc, out, _ = t("new-window", "-d", "-P", "-F", "#{window_id} "
                       "#{pane_id}", "-t", "beta")
        top = max(int(p[1:]) for p in panes)
        ok(rc == 0 and out.split()[1] == "%%%d" % (top + 1),
           "new ids go on after the old ones: %r" % out)

        # A state file of another version is refused by the server.
        bad = os.path.join(tmp, "bad-state")
        with open(bad, "wb") as f:
            f.write(b"ZPUPGRADE\n" + (99).to_bytes(4, "little") +
                    b"\0" * 16)
        fd = os.open(bad, os.O_RDONLY)
        try:
            p = subprocess.run([server_bin, "-U", os.path.join(tmp, "s2")],
                               env=dict(env, ZEROPTY_UPGRADE_FD="%d,-1" %
                                        fd),
                               pass_fds=(fd,), capture_output=True,
                               text=True, timeout=10)
        finally:
            os.close(fd)
        ok(p.returncode == 1 and "version 99" in p.stderr and
           not os.path.exists(os.path.join(tmp, "s2")),
           "a state file of version 99 is refused: %r" % p.stderr)
    finally:
        pids = []
        for p in panes:
            _, out, _ = t("display-message", "-p", "-t", p, "#{pane_pid}")
            if out.strip().isdigit():
                pids.append(int(out))
        t("kill-server")
        for pid in pids:
            try:
                os.kill(pid, 9)
            except OSError:
                pass
        shutil.rmtree(tmp, ignore_errors=True)

    print("1..%d" % len(tests))
    return 0 if all(tests) else 1


if __name__ == "__main__":
    sys.exit(main())
