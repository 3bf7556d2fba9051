#!/usr/bin/python3
"""grep-panes, zeropty's own command (TAP): every pane searched at once.

Three panes in two sessions print known text (one scrolls some of it into
its history); after wait-pane says each has printed, grep-panes must find
exactly the expected lines, counts and panes, with -a, -i, -e, -S, -c,
-l, -m, -F, a folded screen (left quiet until it freezes), no match
(status 1), a bad regex, and line numbers that are capture-pane's.
"""
import os
import shutil
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
    tmp = tempfile.mkdtemp(prefix="zp-grep-panes-")
    sock = os.path.join(tmp, "s")
    env = dict(os.environ, SHELL="/bin/sh", HOME=tmp)
    env.pop("TMUX", None)
    env.pop("TMUX_PANE", None)

    def t(*args):
        p = subprocess.run([BIN, "-S", sock, "-f", "/dev/null"] +
                           list(args), env=env, capture_output=True,
                           text=True, timeout=30, stdin=subprocess.DEVNULL)
        return p.returncode, p.stdout, p.stderr

    try:
        t("new-session", "-d", "-s", "a", "-x", "40", "-y", "5",
          "printf 'hello world\\nQuestion: proceed?\\n'; seq 1 20; "
          "echo END-A; exec sleep 100")
        t("new-window", "-d", "-t", "a:1",
          "printf 'nothing\\nquestion: yes\\nEND-B\\n'; exec sleep 100")
        t("new-session", "-d", "-s", "b", "-x", "40", "-y", "5",
          "printf 'Question: b\\nEND-C\\n'; exec sleep 100")
        for target, end in (("a:0", "END-A"), ("a:1", "END-B"),
                            ("b:0", "END-C")):
            rc, _, err = t("wait-pane", "-t", target, "-s", end, "-T",
                           "10000")
            ok(rc == 0, "%s printed: %s" % (target, err.strip()))

        rc, out, _ = t("grep-panes", "-t", "a", "Question")
        ok(rc == 1 and out == "", "visible screens only: %r" % out)
        rc, out, _ = t("grep-panes", "-a", "Question")
        ok(rc == 0 and out == "b:0.0:0: Question: b\n", "-a: %r" % out)
        rc, out, _ = t("grep-panes", "-a", "-i", "question")
        ok(out == "a:1.0:1: question: yes\nb:0.0:0: Question: b\n",
           "-i: %r" % out)
        rc, out, _ = t("grep-panes", "-a", "-S", "-", "-e",
                       "proceed|^7$")
        ok(out == "a:0.0:-18: Question: proceed?\na:0.0:-11: 7\n",
           "-S - with a regex, history lines negative: %r" % out)
        rc, out, _ = t("grep-panes", "-a", "-c", "-i", "question")
        ok(out == "a:0.0: 0\na:1.0: 1\nb:0.0: 1\n", "-c: %r" % out)
        rc, out, _ = t("grep-panes", "-a", "-l", "-S", "-", "-i",
                       "question")
        ok(out == "a:0.0\na:1.0\nb:0.0\n", "-l: %r" % out)
        rc, out, _ = t("grep-panes", "-t", "a", "-m", "2", "-S", "-", "-e",
                       "^[0-9]+$")
        ok(out == "a:0.0:-17: 1\na:0.0:-16: 2\n", "-m 2: %r" % out)
        rc, out, _ = t("grep-panes", "-a", "-F", "#{pane_id}", "END-")
        ok(out == "%0:3: END-A\n%1:2: END-B\n%2:1: END-C\n",
           "-F: %r" % out)
        rc, out, err = t("grep-panes", "-a", "no such text")
        ok(rc == 1 and out == "" and err == "", "no match: status 1")
        rc, out, err = t("grep-panes", "-e", "(")
        ok(rc == 1 and err.startswith("bad regular expression: "),
           "bad regex: %r" % err)
        rc, out, err = t("grep-panes")
        ok(rc == 1 and err == "no string or regular expression\n",
           "nothing to search for: %r" % err)

        # A folded screen: quiet long enough to freeze, then searched.
        time.sleep(1.5)
        rc, out, _ = t("grep-panes", "-a", "-S", "-", "hello")
        ok(out == "a:0.0:-19: hello world\n", "a frozen screen: %r" % out)
        # The numbers are capture-pane's: the same lines there.
        rc, out, _ = t("capture-pane", "-p", "-t", "a:0", "-S", "-19",
                       "-E", "-18")
        ok(out == "hello world\nQuestion: proceed?\n",
           "line numbers as capture-pane's: %r" % out)
    finally:
        t("kill-server")
        shutil.rmtree(tmp, ignore_errors=True)
    print("1..%d" % len(tests))
    return 0 if all(tests) else 1


if __name__ == "__main__":
    sys.exit(main())
