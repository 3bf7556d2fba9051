#!/usr/bin/python3
"""lib/python/zeropty.py (TAP): the ctypes wrapper against a real server.

A libtmux-style script: make a session, open one connection, create a
window, send a line when the shell waits for input, wait for its output,
search every pane, read notifications, and get errors as exceptions.
"""
import os
import subprocess
import sys
import tempfile

BIN = os.environ.get("TEST_ZEROPTY", "./zeropty")
TOP = os.environ.get("TOP_BUILDDIR", ".")
sys.path.insert(0, os.path.join(os.environ.get("TOP_SRCDIR", "."), "lib",
                                "python"))
tests = []


def ok(cond, what):
    tests.append(bool(cond))
    print(("ok" if cond else "not ok") + " %d - %s" % (len(tests), what))
    sys.stdout.flush()


def main():
    so = os.path.join(TOP, "lib", ".libs", "libzeropty.so")
    if not os.access(BIN, os.X_OK) or not os.path.exists(so):
        print("1..0 # SKIP zeropty or libzeropty not built")
        return 0
    os.environ["ZEROPTY_LIB"] = so
    import zeropty

    tmp = tempfile.mkdtemp(prefix="zp-libpy-")
    sock = os.path.join(tmp, "s")
    env = dict(os.environ, SHELL="/bin/sh", HOME=tmp, PS1="$ ")
    env.pop("TMUX", None)
    os.environ.update(SHELL="/bin/sh", HOME=tmp, PS1="$ ")
    subprocess.run([BIN, "-S", sock, "-f", "/dev/null", "new-session",
                    "-d", "-s", "w", "-x", "80", "-y", "24"], env=env,
                   check=True)
    try:
        st, out, err = zeropty.run(["list-sessions", "-F",
                                    "#{session_name}"], socket=sock)
        ok(st == 0 and out == "w\n", "run: %r %r" % (out, err))
        st, out, err = zeropty.run(["kill-session", "-t", "nosuch"],
                                   socket=sock)
        ok(st == 1 and err == "can't find session: nosuch\n",
           "run: an error: %r" % err)

        try:
            zeropty.Client(socket=sock, command="attach -t nosuch")
            ok(False, "Client to no such session raises")
        except zeropty.Error as e:
            ok(str(e) == "can't find session: nosuch", "Client: %s" % e)

        with zeropty.Client(socket=sock, command="attach -t w") as z:
            pane = z.cmd("new-window -P -F '#{pane_id}' "
                         "'env PS1=\"$ \" sh'")
            ok(pane.startswith("%"), "new-window -P: %r" % pane)
            z.cmd("send-keys -W -T 10000 -t %s 'echo hi-$((6*7))' Enter"
                  % pane)
            z.wait_pane(pane, "hi-42", timeout_ms=10000)
            cap = z.cmd("capture-pane -p -t %s" % pane)
            ok("hi-42" in cap.splitlines(), "capture after the wait: %r"
               % cap.splitlines()[:3])
            lines = z.grep("^hi-42$")
            ok(len(lines) == 1 and lines[0].endswith(": hi-42"),
               "grep: %r" % lines)
            try:
                z.wait_pane(pane, "never", timeout_ms=100)
                ok(False, "wait_pane times out")
            except zeropty.Error as e:
                ok(str(e) == "timed out after 100 ms", "timeout: %s" % e)
            try:
                z.cmd("select-window -t :99")
                ok(False, "bad target raises")
            except zeropty.Error as e:
                ok(str(e) == "can't find window: 99", "error: %s" % e)
            t = z.send("wait-pane -t %s -s LATER -T 10000" % pane)
            try:
                z.result(t, timeout_ms=0)
                ok(False, "result before the text is there")
            except TimeoutError:
                ok(True, "result before the text is there: TimeoutError")
            z.cmd("send-keys -t %s 'echo LATER' Enter" % pane)
            z.result(t, timeout_ms=10000)
            ok(True, "the deferred answer came")
            z.cmd("rename-window -t %s renamed" % pane)
            seen = []
            while True:
                n = z.notification(timeout_ms=5000)
                if n is None:
                    break
                seen.append(n)
                if n.startswith("%window-renamed") and \
                        n.endswith(" renamed"):
                    break
            ok(any(n.startswith("%window-renamed") and
                   n.endswith(" renamed") for n in seen),
               "notification: %r" % seen[-1:])
    finally:
        subprocess.run([BIN, "-S", sock, "kill-server"], env=env,
                       stderr=subprocess.DEVNULL)
        try:
            os.unlink(sock)
            os.rmdir(tmp)
        except OSError:
            pass
    print("1..%d" % len(tests))
    return 0 if all(tests) else 1


if __name__ == "__main__":
    sys.exit(main())
