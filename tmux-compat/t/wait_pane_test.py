#!/usr/bin/python3
"""wait-pane, zeropty's own command (TAP): real panes, real waits.

A program that prints after a delay, a shell at its prompt, a folded
(quiet) pane, a history range, a pane that exits with and without
remain-on-exit, idle waits, timeouts, a bad regex, a client killed while
it waits, control mode, and tmux's abbreviations left alone. Nothing is
timed for pass/fail except that a wait ends (every wait has -T, so a
broken one fails instead of hanging); the order of events is what counts.
"""
import os
import shutil
import signal
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
    tmp = tempfile.mkdtemp(prefix="zp-wait-pane-")
    sock = os.path.join(tmp, "s")
    env = dict(os.environ, SHELL="/bin/sh", HOME=tmp, PS1="$ ")
    env.pop("TMUX", None)
    env.pop("TMUX_PANE", None)
    flag = os.path.join(tmp, "flag")

    def t(*args, timeout=30, stdin=subprocess.DEVNULL):
        p = subprocess.run([BIN, "-S", sock, "-f", "/dev/null"] +
                           list(args), env=env, capture_output=True,
                           text=True, timeout=timeout, stdin=stdin)
        return p.returncode, p.stdout, p.stderr

    try:
        rc, _, err = t("new-session", "-d", "-s", "w", "-x", "60", "-y",
                       "10", "env PS1='$ ' sh")
        ok(rc == 0, "session made" + (": " + err if rc else ""))

        # A shell at its prompt; -F printed for the pane.
        rc, out, err = t("wait-pane", "-t", "w", "-s", "$", "-T", "10000",
                         "-F", "#{pane_id} #{cursor_x}")
        ok(rc == 0 and out == "%0 2\n", "a shell's prompt: %r %r" %
           (out, err))

        # A program that prints after a delay set by a file: the wait is
        # still going when the file is made, and ends after the output.
        t("send-keys", "-t", "w",
          "while [ ! -e '%s' ]; do sleep 0.05; done; echo READY-$((40+2))"
          % flag, "Enter")
        p = subprocess.Popen([BIN, "-S", sock, "wait-pane", "-t", "w", "-r",
                              "^READY-[0-9]+$", "-T", "20000", "-F", "got"],
                             env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
        time.sleep(0.3)
        ok(p.poll() is None, "wait-pane -r still waiting before the output")
        open(flag, "w").close()
        out, err = p.communicate(timeout=30)
        ok(p.returncode == 0 and out == "got\n",
           "wait-pane -r ends once the line is there: %r %r" % (out, err))
        rc, out, _ = t("capture-pane", "-p", "-t", "w")
        ok("READY-42" in out, "the line is on the screen")

        # Already there: answers at once.
        rc, out, err = t("wait-pane", "-t", "w", "-s", "READY-42", "-T",
                         "5000")
        ok(rc == 0 and out == "", "text already there: rc=%d %r" % (rc, err))

        # Timeout: exit 1 and a clear error.
        rc, out, err = t("wait-pane", "-t", "w", "-s", "NEVER-THERE", "-T",
                         "200")
        ok(rc == 1 and err == "timed out after 200 ms\n",
           "timeout: rc=%d %r" % (rc, err))

        # A bad regex: the error, exit 1.
        rc, out, err = t("wait-pane", "-t", "w", "-r", "(", "-T", "1000")
        ok(rc == 1 and err.startswith("bad regular expression: "),
           "bad regex: rc=%d %r" % (rc, err))
        rc, out, err = t("wait-pane", "-t", "w", "-r", "a", "-s", "b")
        ok(rc == 1 and "cannot be used together" in err,
           "-r with -s: %r" % err)
        rc, out, err = t("wait-pane", "-t", "w", "-T", "x")
        ok(rc == 1 and err == "-T invalid\n", "-T x: %r" % err)

        # A history range: text scrolled off the screen.
        t("send-keys", "-t", "w", "seq 1 40; echo SEQ-DONE", "Enter")
        rc, _, _ = t("wait-pane", "-t", "w", "-s", "SEQ-DONE", "-T", "10000")
        rc1, _, _ = t("wait-pane", "-t", "w", "-s", "\n7\n", "-T", "300")
        rc2, out, err = t("wait-pane", "-t", "w", "-S", "-", "-s", "\n7\n",
                          "-T", "5000", "-F", "found")
        ok(rc == 0 and rc1 == 1 and rc2 == 0 and out == "found\n",
           "history range -S -: off screen %d, in history %d" % (rc1, rc2))

        # Idle: no output for 300 ms from the wait's start.
        t("send-keys", "-t", "w", "for i in 1 2 3 4 5; do echo tick; "
          "sleep 0.1; done; echo IDLE-NOW", "Enter")
        rc, out, err = t("wait-pane", "-t", "w", "-i", "300", "-T", "10000")
        rc2, cap, _ = t("capture-pane", "-p", "-t", "w")
        ok(rc == 0 and "IDLE-NOW" in cap,
           "-i 300 ends after the output stops: rc=%d" % rc)

        # A folded pane: quiet long enough for its screen to freeze.
        t("new-window", "-d", "-t", "w:2", "printf 'FROZEN-TEXT\\n'; "
          "exec sleep 100")
        time.sleep(1.5)
        rc, out, err = t("wait-pane", "-t", "w:2", "-s", "FROZEN-TEXT",
                         "-T", "5000", "-F", "#{pane_id}")
        ok(rc == 0, "a folded pane is searched: %r %r" % (out, err))

        # A pane that exits: gone (no remain-on-exit) and dead (with it).
        t("new-window", "-d", "-t", "w:3", "sleep 0.5")
        rc, out, err = t("wait-pane", "-t", "w:3", "-x", "-T", "10000",
                         "-F", "gone")
        ok(rc == 0 and out == "", "-x: the pane went away: rc=%d %r %r" %
           (rc, out, err))
        t("set-option", "-g", "remain-on-exit", "on")
        t("new-window", "-d", "-t", "w:4", "sleep 0.5; exit 3")
        rc, out, err = t("wait-pane", "-t", "w:4", "-x", "-T", "10000",
                         "-F", "#{pane_dead} #{pane_dead_status}")
        ok(rc == 0 and out == "1 3\n", "-x with remain-on-exit: %r %r" %
           (out, err))
        t("set-option", "-g", "remain-on-exit", "off")
        t("new-window", "-d", "-t", "w:5", "sleep 0.3")
        rc, out, err = t("wait-pane", "-t", "w:5", "-s", "NEVER", "-T",
                         "10000")
        ok(rc == 1 and err == "pane has exited\n",
           "-s on a pane that exits: rc=%d %r" % (rc, err))

        # A client killed while it waits: the server goes on, and others
        # still wait and end.
        p = subprocess.Popen([BIN, "-S", sock, "wait-pane", "-t", "w", "-s",
                              "NEVER", "-T", "60000"], env=env,
                             stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        time.sleep(0.3)
        p.send_signal(signal.SIGKILL)
        p.wait()
        rc, out, _ = t("wait-pane", "-t", "w", "-s", "$", "-T", "5000",
                       "-F", "alive")
        ok(rc == 0 and out == "alive\n", "a killed waiter: server goes on")

        # Control mode cannot wait yet: a clear error in its block.
        cp = subprocess.run([BIN, "-S", sock, "-C", "attach", "-t", "w"],
                            input="wait-pane -s x\n", env=env,
                            capture_output=True, text=True, timeout=30)
        ok("not able to wait" in cp.stdout, "control mode: not able to wait")

        # tmux's abbreviations keep their meaning; only the full name.
        rc, out, err = t("wait", "-S", "chan")
        ok(rc == 0, "wait is still wait-for")
        rc, out, err = t("wait-pan", "-s", "x")
        ok(rc == 1 and "unknown command: wait-pan" in err,
           "wait-pan is unknown: %r" % err)
        rc, out, _ = t("list-commands", "-F", "#{command_list_name}")
        ok("wait-pane" not in out.split(), "not in list-commands")
    finally:
        t("kill-server")
        shutil.rmtree(tmp, ignore_errors=True)
    print("1..%d" % len(tests))
    return 0 if all(tests) else 1


if __name__ == "__main__":
    sys.exit(main())
