#!/usr/bin/python3
"""wait-pane, zeropty's own command (TAP): real panes, real waits.

A program that prints after a delay, a shell at its prompt, a folded
(quiet) pane, a history range, a pane that exits with and without
remain-on-exit, idle waits, timeouts, a bad regex, a client killed while
it waits, -I on a shell, cat, Python's input() and a lent pty,
send-keys -W (its wait, order and timeout), control mode's later answer
blocks, and tmux's abbreviations left alone. Nothing is
timed for pass/fail except that a wait ends (every wait has -T, so a
broken one fails instead of hanging); the order of events is what counts.
"""
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
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

        # -I: the shell busy (not reading) until a file is made, then
        # at its prompt again.
        flag2 = os.path.join(tmp, "flag2")
        t("send-keys", "-t", "w", "while [ ! -e '%s' ]; do "
          "sleep 0.05; done; echo LOOP-DONE" % flag2, "Enter")
        t("wait-pane", "-t", "w", "-s", flag2, "-T", "10000")
        p = subprocess.Popen([BIN, "-S", sock, "wait-pane", "-t", "w", "-I",
                              "-T", "20000", "-F", "#{pane_input_wait}"],
                             env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
        # send-keys -W from another client, waiting as well: the keys are
        # not typed (the ldisc would echo them) while the loop runs.
        sk = subprocess.Popen([BIN, "-S", sock, "send-keys", "-W", "-T",
                               "20000", "-t", "w", "echo SENT-$((6*7))",
                               "Enter"], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
        time.sleep(0.3)
        rc, cap, _ = t("capture-pane", "-p", "-t", "w")
        _, iw, _ = t("display-message", "-p", "-t", "w",
                     "#{pane_input_wait}")
        ok(p.poll() is None and sk.poll() is None and "SENT" not in cap
           and iw == "0\n",
           "-I and send-keys -W wait while the shell runs: %r %r" %
           (iw, cap))
        open(flag2, "w").close()
        out, err = p.communicate(timeout=30)
        ok(p.returncode == 0 and out == "1\n",
           "-I ends at the prompt: %r %r" % (out, err))
        out, err = sk.communicate(timeout=30)
        ok(sk.returncode == 0, "send-keys -W ends: %r" % err)
        rc, out, err = t("wait-pane", "-t", "w", "-I", "-s", "SENT-42",
                         "-T", "10000")
        rc, cap, _ = t("capture-pane", "-p", "-t", "w")
        ok(rc == 0 and cap.index("LOOP-DONE") < cap.index("SENT-42") and
           cap.count("SENT-42") == 1,
           "the keys went after the loop, once: %r" % cap)
        _, iw, _ = t("display-message", "-p", "-t", "w",
                     "#{pane_input_wait} #{?#{e|>=:#{pane_idle},0},y,n}")
        ok(iw == "1 y\n", "#{pane_input_wait} at the prompt: %r" % iw)

        # Keys of one list keep their order, each sent when asked for:
        # read takes the first line, the shell the second.
        t("send-keys", "-t", "w", "read X; echo READ-$X", "Enter")
        rc, out, err = t("send-keys", "-W", "-T", "10000", "-t", "w",
                         "first", "Enter", ";", "send-keys", "-W", "-T",
                         "10000", "-t", "w", "echo SECOND", "Enter")
        rc2, _, _ = t("wait-pane", "-t", "w", "-I", "-r", "^SECOND$", "-T",
                      "10000")
        rc3, cap, _ = t("capture-pane", "-p", "-t", "w")
        ok(rc == 0 and rc2 == 0 and cap.index("READ-first") <
           cap.index("\nSECOND"), "two send-keys -W in order: %r" % cap)

        # send-keys -W past its timeout: an error and no keys.
        t("send-keys", "-t", "w", "sleep 5; echo SLEPT", "Enter")
        t("wait-pane", "-t", "w", "-s", "sleep 5; echo SLEPT", "-T",
          "10000")
        rc, out, err = t("send-keys", "-W", "-T", "300", "-t", "w",
                         "echo LATE-KEYS", "Enter")
        rc2, cap, _ = t("capture-pane", "-p", "-t", "w")
        ok(rc == 1 and err == "timed out after 300 ms\n" and
           "LATE-KEYS" not in cap, "send-keys -W timeout: %r %r" %
           (err, cap))
        t("send-keys", "-t", "w", "C-c")
        rc, _, _ = t("wait-pane", "-t", "w", "-I", "-T", "10000")
        ok(rc == 0, "-I after C-c")

        # A program reading in canonical mode (cat), and a Python input()
        # (readline, raw mode), each waiting; a pane that exits fails -I.
        t("new-window", "-d", "-t", "w:6", "cat")
        rc, out, _ = t("wait-pane", "-t", "w:6", "-I", "-T", "10000",
                       "-F", "#{pane_input_wait}")
        t("send-keys", "-t", "w:6", "CAT-LINE", "Enter")
        rc2, _, _ = t("wait-pane", "-t", "w:6", "-I", "-r", "^CAT-LINE$",
                      "-T", "10000")
        _, cap, _ = t("capture-pane", "-p", "-t", "w:6")
        ok(rc == 0 and out == "1\n" and rc2 == 0 and
           cap.count("CAT-LINE") == 2, "-I on cat: %r %r" % (out, cap))
        p = subprocess.Popen([BIN, "-S", sock, "wait-pane", "-t", "w:6",
                              "-I", "-s", "NEVER", "-T", "20000"], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
        time.sleep(0.3)
        t("kill-pane", "-t", "w:6")
        out, err = p.communicate(timeout=30)
        ok(p.returncode == 1 and err == "pane has exited\n",
           "-I on a pane that goes: %r" % err)
        t("new-window", "-d", "-t", "w:7",
          "python3 -c 'import time; time.sleep(0.3); "
          "print(\"ANS=\" + input(\"Q? \"))'")
        rc, out, err = t("wait-pane", "-t", "w:7", "-I", "-T", "10000",
                         "-F", "ready")
        rc2, cap, _ = t("capture-pane", "-p", "-t", "w:7")
        ok(rc == 0 and "Q?" in cap, "-I on input(): the prompt is shown: "
           "%r %r" % (cap, err))
        t("send-keys", "-t", "w:7", "yes", "Enter")
        rc, out, _ = t("wait-pane", "-t", "w:7", "-x", "-T", "10000")
        ok(rc == 0, "input() answered and exited")

        # A program on a lent pty (ZEROPTY_PTY_PROGRAMS): read from the
        # kernel.
        t("new-window", "-d", "-t", "w:8", "-e", "ZEROPTY_PTY_PROGRAMS=cat",
          "sh")
        t("wait-pane", "-t", "w:8", "-I", "-T", "10000")
        t("send-keys", "-t", "w:8", "cat", "Enter")
        rc, out, _ = t("wait-pane", "-t", "w:8", "-I", "-T", "10000",
                       "-F", "#{pane_current_command}")
        ok(rc == 0 and out == "cat\n", "-I on a lent pty: %r" % out)
        t("send-keys", "-W", "-T", "10000", "-t", "w:8", "PTY-LINE",
          "Enter")
        rc, out, _ = t("wait-pane", "-t", "w:8", "-I", "-r", "^PTY-LINE$",
                       "-T", "10000")
        rc2, cap, _ = t("capture-pane", "-p", "-t", "w:8")
        ok(rc == 0 and cap.count("PTY-LINE") == 2,
           "send-keys -W to a lent pty: echoed and printed: %r" % cap)

        # Control mode: waits answer later in blocks of their own (the
        # command's number, flags 0) and hold up nothing.
        flag3 = os.path.join(tmp, "flag3")
        t("send-keys", "-t", "w", "while [ ! -e '%s' ]; do "
          "sleep 0.05; done; echo CTL-DONE" % flag3, "Enter")
        t("wait-pane", "-t", "w", "-s", flag3, "-T", "10000")
        cc = subprocess.Popen([BIN, "-S", sock, "-C", "attach", "-t", "w"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              env=env, text=True, bufsize=1)
        lines = []

        def reader():
            for ln in cc.stdout:
                if not ln.startswith("%output"):
                    lines.append(ln.rstrip("\n"))
        th = threading.Thread(target=reader, daemon=True)
        th.start()

        def until(pred, what):
            end = time.time() + 20
            while time.time() < end:
                if pred():
                    return True
                time.sleep(0.02)
            print("# gave up waiting for " + what)
            return False
        cc.stdin.write("wait-pane -t w -r ^CTL-DONE$ -T 20000 -F A\n"
                       "wait-pane -t w -I -T 20000 -F B\n"
                       "wait-pane -t w -s NEVER -T 200\n"
                       "wait-pane -t w -r '(' -T 200\n"
                       "display-message -p C\n")
        cc.stdin.flush()
        got_c = until(lambda: "C" in lines, "C")
        timed_out = until(lambda: "timed out after 200 ms" in lines,
                          "the timeout")
        early = "A" not in lines and "B" not in lines
        open(flag3, "w").close()
        until(lambda: "A" in lines and "B" in lines, "A and B")
        cc.stdin.write("send-keys -W -T 20000 -t w 'echo CTL-SENT' Enter\n")
        cc.stdin.flush()
        until(lambda: sum(1 for ln in lines if ln.startswith("%end")) >= 9,
              "send-keys' later block")
        cc.stdin.close()
        cc.wait(timeout=30)
        th.join(timeout=10)
        nums = {}
        for ln in lines:
            f = ln.split()
            if len(f) == 4 and f[0] in ("%begin", "%end", "%error"):
                nums.setdefault(f[2], []).append((f[0], f[3]))
        two = [n for n, v in nums.items() if len(v) == 4]
        ok(got_c and timed_out and early,
           "control: others answered before the waits end: %r" % lines)
        ok(len(two) == 4 and all(nums[n][2:] in ([("%begin", "0"),
                                                  ("%end", "0")],
                                                 [("%begin", "0"),
                                                  ("%error", "0")])
                                 for n in two),
           "control: later blocks carry the command's number, flags 0: "
           "%r" % nums)
        ok(any(ln.startswith("bad regular expression") for ln in lines),
           "control: a bad regex in the command's own block")
        rc, out, _ = t("wait-pane", "-t", "w", "-s", "CTL-SENT", "-T",
                       "10000")
        ok(rc == 0, "control: send-keys -W sent its keys later")

        # A control client that goes while it waits.
        cc = subprocess.Popen([BIN, "-S", sock, "-C", "attach", "-t", "w"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              env=env, text=True)
        cc.stdin.write("wait-pane -t w -s NEVER -T 60000\n")
        cc.stdin.flush()
        cc.stdout.readline()
        cc.kill()
        cc.wait()
        rc, out, _ = t("wait-pane", "-t", "w", "-I", "-T", "5000", "-F",
                       "alive")
        ok(rc == 0 and out == "alive\n", "a killed control waiter")

        # tmux's abbreviations keep their meaning; only the full name.
        rc, out, err = t("wait", "-S", "chan")
        ok(rc == 0, "wait is still wait-for")
        rc, out, err = t("wait-pan", "-s", "x")
        ok(rc == 1 and "unknown command: wait-pan" in err,
           "wait-pan is unknown: %r" % err)
        rc, out, _ = t("list-commands", "-F", "#{command_list_name}")
        names = out.split()
        ext = ["grep-panes", "server-upgrade", "wait-pane"]
        ok(names[-len(ext):] == ext and
           "wait-for" in names[:-len(ext)] and
           "new-session" in names[:-len(ext)],
           "list-commands: zeropty's own after tmux's: %r" % names[-4:])
    finally:
        t("kill-server")
        shutil.rmtree(tmp, ignore_errors=True)
    print("1..%d" % len(tests))
    return 0 if all(tests) else 1


if __name__ == "__main__":
    sys.exit(main())
