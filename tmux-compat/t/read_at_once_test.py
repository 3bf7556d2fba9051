#!/usr/bin/python3
"""Reading a pane at once after making it or sending it keys (TAP).

Scripts written against tmux's pace (about 3 ms a command) read a pane
straight after the command that changed it; zeropty answers in a tenth
of that, so a command that reads a pane waits, briefly, for one just made
or sent keys to settle (tmux-compat/pane-settle.c). Each round here reads
at once, then again once the pane has been left alone for 300 ms: the two
must be the same. (tmux 3.3a itself gives the first read too early now
and then on this machine, so this is not a differential case; the rounds
are run against tmux too and its count is printed, not judged.)
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

BIN = os.environ.get("TEST_ZEROPTY", "./zeropty")
ROUNDS = 8
tests = []


def ok(cond, what):
    tests.append(bool(cond))
    print(("ok" if cond else "not ok") + " %d - %s" % (len(tests), what))
    sys.stdout.flush()


def rounds(binary, tmp, judge):
    sock = os.path.join(tmp, "s-" + os.path.basename(binary))
    env = dict(os.environ, SHELL="/bin/sh", HOME=tmp, TERM="screen")
    env.pop("TMUX", None)
    env.pop("TMUX_PANE", None)

    def t(*args):
        return subprocess.run([binary, "-S", sock, "-f", "/dev/null"] +
                              list(args), env=env, capture_output=True,
                              text=True, timeout=20).stdout

    five = os.path.join(tmp, "five")
    with open(five, "w") as f:
        f.write("1\n2\n3\n4\n5\n")
    same = 0
    total = 0

    def step(what, act, read):
        nonlocal same, total
        act()
        first = read()
        time.sleep(0.3)
        later = read()
        total += 1
        if first == later:
            same += 1
        if judge:
            ok(first == later and later.strip() != "",
               "round %d, %s: read at once == read later%s" %
               (i + 1, what, "" if first == later else
                " (%r, then %r)" % (first, later)))

    try:
        for i in range(ROUNDS):
            s = "r%d" % i
            w = s + ":1"
            step("a pane printing a file, its cursor",
                 lambda: t("new-session", "-d", "-s", s, "-x", "40", "-y",
                           "10", "cat '%s'; sleep 30" % five),
                 lambda: t("display-message", "-p", "-t", s,
                           "#{cursor_x} #{cursor_y}"))
            t("kill-session", "-t", s)
            step("a pane printing a file, its screen",
                 lambda: t("new-session", "-d", "-s", s, "-x", "40", "-y",
                           "10", "cat '%s'; sleep 30" % five),
                 lambda: t("capture-pane", "-p", "-t", s))
            step("a new shell's prompt",
                 lambda: t("new-window", "-d", "-t", w, "env PS1='$ ' sh"),
                 lambda: t("capture-pane", "-p", "-t", w))
            step("a command's output",
                 lambda: t("send-keys", "-t", w, 'echo "$((6 * 7))"',
                           "Enter"),
                 lambda: t("capture-pane", "-p", "-t", w))
            step("the cursor after a command",
                 lambda: t("send-keys", "-t", w,
                           "printf 'x%.0s' 1 2 3; echo done", "Enter"),
                 lambda: t("display-message", "-p", "-t", w,
                           "#{cursor_x} #{cursor_y}"))
            t("kill-session", "-t", s)
    finally:
        t("kill-server")
    return same, total


def main():
    if not os.access(BIN, os.X_OK):
        print("1..0 # SKIP zeropty not built")
        return 0
    tmp = tempfile.mkdtemp(prefix="zp-read-at-once-")
    try:
        rounds(os.path.abspath(BIN), tmp, True)
        if os.access("/usr/bin/tmux", os.X_OK):
            same, total = rounds("/usr/bin/tmux", tmp, False)
            print("# tmux 3.3a: %d of %d reads at once were complete" %
                  (same, total))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("1..%d" % len(tests))
    return 0 if all(tests) else 1


if __name__ == "__main__":
    sys.exit(main())
