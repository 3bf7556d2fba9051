#!/usr/bin/python3
"""A new pane before and after its program's exec (TAP).

The server does not wait for a new pane's child to exec (tmux does not
either): until the close-on-exec pipe says it has, #{pane_current_command}
and #{pane_current_path} are the program and directory it is about to
have, and a pane killed in that moment still takes its child with it.
"""
import os
import subprocess
import sys
import tempfile
import time

BIN = os.path.abspath(os.environ.get("TEST_ZEROPTY", "./zeropty"))
tests = []


def ok(cond, what):
    tests.append(bool(cond))
    print(("ok" if cond else "not ok") + " %d - %s" % (len(tests), what))
    sys.stdout.flush()


def run(sock, *args, env):
    return subprocess.run([BIN, "-S", sock] + list(args), env=env,
                          capture_output=True, text=True, timeout=20)


def processes_with(argument):
    """Pids whose command line has argument as a word."""
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open("/proc/%s/cmdline" % pid, "rb") as f:
                words = f.read().split(b"\0")
        except OSError:
            continue
        if argument.encode() in words:
            found.append(int(pid))
    return found


def main():
    if not os.access(BIN, os.X_OK):
        print("1..0 # SKIP zeropty not built")
        return 0
    tmp = tempfile.mkdtemp(prefix="zp-spawn-")
    sock = os.path.join(tmp, "s")
    # A HOME of its own: root's ~/.profile on Debian runs `mesg n`, a
    # foreground job of the login shell for a moment, which a client
    # asking at once then sees (as tmux would) instead of the shell.
    home = os.path.join(tmp, "home")
    os.mkdir(home)
    env = dict(os.environ, SHELL="/bin/sh", HOME=home)
    env.pop("TMUX", None)
    env.pop("TMUX_PANE", None)
    where = os.path.join(tmp, "dir")
    os.mkdir(where)
    # A sleep nothing else runs: its argument names it.
    marker = "%d.%d" % (4000 + os.getpid() % 1000, os.getpid())
    try:
        p = run(sock, "new-session", "-d", "-s", "a", "-x", "80", "-y", "24",
                env=env)
        ok(p.returncode == 0, "new-session")

        # Asked at once, and again once the program surely runs.
        answers = []
        for i in range(10):
            pane = run(sock, "new-window", "-d", "-P", "-F", "#{pane_id}",
                       "-c", where, "-t", "a", "sleep", marker,
                       env=env).stdout.strip()
            answers.append(run(sock, "display-message", "-p", "-t", pane,
                               "#{pane_current_command}|"
                               "#{pane_current_path}", env=env).stdout.strip())
        ok(answers == ["sleep|" + where] * 10,
           "command and path of a new pane asked at once: %r" % answers[:3])
        pane = run(sock, "split-window", "-d", "-P", "-F", "#{pane_id}",
                   "-c", where, "-t", "a:0", env=env).stdout.strip()
        first = run(sock, "display-message", "-p", "-t", pane,
                    "#{pane_current_command}|#{pane_current_path}",
                    env=env).stdout.strip()
        time.sleep(0.5)
        later = run(sock, "display-message", "-p", "-t", pane,
                    "#{pane_current_command}|#{pane_current_path}",
                    env=env).stdout.strip()
        ok(first == later == "sh|" + where,
           "a login shell: the same before and after its exec (%r, %r)"
           % (first, later))
        run(sock, "kill-window", "-a", "-t", "a:0", env=env)

        # Killed in the moment between fork and exec (the same command
        # list: the server runs both before the child can exec): no child
        # survives.
        for i in range(30):
            run(sock, "split-window", "-d", "-t", "a:0", "sleep", marker,
                ";", "kill-pane", "-t", "a:0.1", env=env)
        left = processes_with(marker)
        for _ in range(40):
            if not left:
                break
            time.sleep(0.05)
            left = processes_with(marker)
        ok(left == [], "30 panes killed as they start leave no process (%r)"
           % left)
        p = run(sock, "list-panes", "-t", "a", "-F", "#{pane_id}", env=env)
        ok(p.returncode == 0 and len(p.stdout.split()) == 2,
           "the server still has its two panes")
    finally:
        run(sock, "kill-server", env=env)
        for pid in processes_with(marker):
            try:
                os.kill(pid, 9)
            except OSError:
                pass
        subprocess.run(["rm", "-rf", tmp])
    print("1..%d" % len(tests))
    return 0 if all(tests) else 1


if __name__ == "__main__":
    sys.exit(main())
