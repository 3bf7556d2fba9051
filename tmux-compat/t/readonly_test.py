#!/usr/bin/python3
"""A read-only user runs only read-only commands, whatever the path (TAP).

As root: a server on a private -S socket; user zp-ro1 is made read-only
with server-access -r and attaches through a pty. Its mouse (clicks
forwarded to a pane that wants the mouse, the right-click menu and its
Kill), its keys in a menu and a prompt the owner opens on it, and in
choose-tree (":" run-shell, x) run nothing; in control mode (-C attach)
run-shell, new-window, kill-server are refused with tmux's "client is
read-only" and list-clients -F '#(...)' starts no shell. Every refused
command would have written a file as root: none appears, the windows
stay, the server lives. Then the same user made writable does the same
things and they happen, so the test can fail. Synchronised by polling
(a prefix key and its reset, seen in #{client_prefix}).
"""
import fcntl
import os
import pwd
import queue
import shutil
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time

BIN = os.environ.get("TEST_ZEROPTY", "./zeropty")
USER = "zp-ro1"
tests = []


class Bail(Exception):
    """Nothing after this can pass: stop."""


def ok(cond, what):
    tests.append(bool(cond))
    print(("ok" if cond else "not ok") + " %d - %s" % (len(tests), what))
    sys.stdout.flush()


def poll(pred, limit=10.0):
    """Poll pred every 20 ms until true or limit seconds passed."""
    end = time.monotonic() + limit
    while True:
        if pred():
            return True
        if time.monotonic() > end:
            return False
        time.sleep(0.02)


def ensure_user():
    for _ in range(50):
        try:
            return pwd.getpwnam(USER)
        except KeyError:
            pass
        # useradd fails while another one holds /etc/passwd's lock.
        if subprocess.run(["useradd", "-r", "-M", "-d", "/nonexistent",
                           "-s", "/usr/sbin/nologin", USER],
                          stderr=subprocess.DEVNULL).returncode == 0:
            return pwd.getpwnam(USER)
        time.sleep(0.1)
    return None


class Pty:
    """A zeropty client of the user on a new pty; its output is drained."""

    def __init__(self, argv, pw, env):
        self.out = b""
        self.lock = threading.Lock()
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ,
                    struct.pack("HHHH", 24, 80, 0, 0))
        os.fchown(slave, pw.pw_uid, -1)
        self.pid = os.fork()
        if self.pid == 0:
            try:
                os.close(self.master)
                os.setsid()
                fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
                for fd in (0, 1, 2):
                    os.dup2(slave, fd)
                os.closerange(3, 1024)
                os.setgroups([])
                os.setgid(pw.pw_gid)
                os.setuid(pw.pw_uid)
                os.execve(argv[0], argv, env)
            finally:
                os._exit(127)
        os.close(slave)
        self.thread = threading.Thread(target=self.drain, daemon=True)
        self.thread.start()

    def drain(self):
        while True:
            try:
                data = os.read(self.master, 65536)
            except OSError:
                return
            if not data:
                return
            with self.lock:
                self.out += data

    def mark(self):
        with self.lock:
            return len(self.out)

    def seen(self, text, since):
        with self.lock:
            return text.encode() in self.out[since:]

    def send(self, data):
        os.write(self.master, data)

    def close(self):
        try:
            os.kill(self.pid, 15)
        except ProcessLookupError:
            pass
        os.waitpid(self.pid, 0)
        os.close(self.master)


def main():
    if os.geteuid() != 0:
        print("1..0 # SKIP needs root (a second user)")
        return 0
    if not os.access(BIN, os.X_OK):
        print("1..0 # SKIP zeropty not built")
        return 0
    pw = ensure_user()
    if pw is None:
        print("1..0 # SKIP cannot create user %s" % USER)
        return 0
    tmp = tempfile.mkdtemp(prefix="zp-ro-")
    os.chmod(tmp, 0o755)
    # The user's copy of the binaries (the build may be private).
    binary = os.path.join(tmp, "zeropty")
    for name in ("zeropty", "zeropty-client", "zeropty-server"):
        src = os.path.join(os.path.dirname(BIN), name)
        if os.path.exists(src):
            shutil.copy(src, os.path.join(tmp, name))
            os.chmod(os.path.join(tmp, name), 0o755)
    sock = os.path.join(tmp, "sock")
    env = {"PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "SHELL": "/bin/sh",
           "TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": tmp}
    # The owner's is the built one (it starts zeropty-server beside it).
    base = [BIN, "-S", sock]
    ubase = [binary, "-S", sock]
    clients = []
    procs = []

    def zp(*args):
        p = subprocess.run(base + list(args), env=env, capture_output=True,
                           text=True, timeout=20)
        return p.stdout

    def f(name):
        return os.path.join(tmp, name)

    def user_argv(*args):
        return ["setpriv", "--reuid=%d" % pw.pw_uid,
                "--regid=%d" % pw.pw_gid, "--clear-groups"] + ubase + \
            list(args)

    def windows():
        return zp("list-windows", "-t", "a", "-F", "#{window_index}").split()

    def attach():
        """Attach as the user; returns the Pty and the client's name."""
        before = set(zp("list-clients", "-F", "#{client_name}").split())
        t = Pty(ubase + ["attach", "-t", "a"], pw, env)
        clients.append(t)
        names = []

        def new():
            names[:] = set(zp("list-clients", "-F",
                              "#{client_name}").split()) - before
            return len(names) == 1
        ok(poll(new), "the user's client attached")
        if not names:
            raise Bail()
        return t, names[0]

    def prefix(name):
        out = zp("list-clients", "-F", "#{client_name} #{client_prefix}")
        return ("%s 1" % name) in out.splitlines()

    def barrier(t, name):
        """Keys go in order: once the prefix shows, those before ran."""
        t.send(b"\x02")
        a = poll(lambda: prefix(name))
        t.send(b"\033[23~")     # F11: unbound in prefix, back to root
        b = poll(lambda: not prefix(name))
        return a and b

    def click(t, button, x, y, release=True):
        t.send(b"\033[<%d;%d;%dM" % (button, x, y))
        if release:     # a release on the menu's border would close it
            t.send(b"\033[<%d;%d;%dm" % (button, x, y))

    def panes(target):
        return len(zp("list-panes", "-t", target, "-F",
                      "#{pane_id}").split())

    def control(lines, blocks):
        """
        Control mode as the user: the output once blocks are done. The
        client stays (its #() jobs go with it) until the test ends.
        """
        p = subprocess.Popen(user_argv("-C", "attach", "-t", "a"), env=env,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        procs.append(p)
        q = queue.Queue()

        def reader():
            for line in p.stdout:
                q.put(line.decode(errors="replace").rstrip("\n"))
            q.put(None)
        threading.Thread(target=reader, daemon=True).start()
        for line in lines:
            p.stdin.write(line.encode() + b"\n")
        p.stdin.flush()
        out, done = [], 0
        end = time.monotonic() + 20
        while done < blocks and time.monotonic() < end:
            try:
                line = q.get(timeout=0.5)
            except queue.Empty:
                continue
            if line is None:
                break
            out.append(line)
            if line.startswith("%end ") or line.startswith("%error "):
                done += 1
        return out

    def blocks(out):
        """The text of each block, with how it ended."""
        res, cur = [], None
        for line in out:
            if line.startswith("%begin "):
                cur = []
            elif line.startswith("%end ") or line.startswith("%error "):
                res.append((line.split()[0], cur or []))
                cur = None
            elif cur is not None:
                cur.append(line)
        return res

    try:
        zp("-f", "/dev/null", "new-session", "-d", "-s", "a", "-x", "80",
           "-y", "23", "sh -c 'stty raw -echo; printf \"\\033[?1000h"
           "\\033[?1006h\"; exec cat >%s'" % f("pane.in"))
        zp("new-window", "-d", "-t", "a:1", "cat")
        zp("split-window", "-d", "-t", "a:1", "cat")
        zp("new-window", "-d", "-t", "a:2", "cat")
        zp("set", "-g", "mouse", "on")
        os.chmod(sock, 0o777)
        zp("server-access", "-a", USER)
        zp("server-access", "-r", USER)
        ok(windows() == ["0", "1", "2"] and panes("a:1") == 2,
           "the owner's session: three windows, two panes in 1")
        ok(poll(lambda: zp("display", "-p", "-t", "a:0.0",
                           "#{mouse_any_flag}").strip() == "1"),
           "the pane of window 0 wants the mouse")

        # The read-only client.
        t, name = attach()
        ok(poll(lambda: ("%s 1" % name) in zp(
            "list-clients", "-F", "#{client_name} #{client_readonly}")),
           "the user's client is read-only")

        zp("select-window", "-t", "a:0")
        click(t, 0, 10, 5)
        click(t, 1, 10, 5)
        ok(barrier(t, name), "read-only: keys after clicks arrive")
        ok(os.path.getsize(f("pane.in")) == 0,
           "read-only: no mouse event reached the pane")

        zp("select-window", "-t", "a:1")
        click(t, 2, 10, 5, False)
        t.send(b"X")
        ok(barrier(t, name), "read-only: keys after a right-click arrive")
        ok(panes("a:1") == 2, "read-only: no menu, its Kill killed nothing")

        m = t.mark()
        procs.append(subprocess.Popen(
            base + ["display-menu", "-c", name, "-x", "0", "-y", "0",
                    "Run", "r", "run-shell 'id >%s'" % f("menu")], env=env,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        ok(poll(lambda: t.seen("Run", m)), "read-only: the owner's menu "
           "shows on the client")
        t.send(b"r")
        t.send(b"\r")
        ok(barrier(t, name), "read-only: keys after the menu's arrive")
        ok(not os.path.exists(f("menu")), "read-only: the menu ran nothing")

        m = t.mark()
        procs.append(subprocess.Popen(
            base + ["command-prompt", "-t", name, "-p", "Go", "-I",
                    "run-shell 'id >%s'" % f("prompt"), "%1"], env=env,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        ok(poll(lambda: t.seen("Go", m)), "read-only: the owner's prompt "
           "shows on the client")
        t.send(b"\r")
        ok(barrier(t, name), "read-only: keys after the prompt's arrive")
        ok(not os.path.exists(f("prompt")),
           "read-only: the prompt ran nothing")

        zp("select-window", "-t", "a:2")
        zp("choose-tree", "-t", "a:2.0")
        ok(poll(lambda: zp("display", "-p", "-t", "a:2.0",
                           "#{pane_mode}").strip() == "tree-mode"),
           "the owner's choose-tree is on the client's pane")
        t.send(b":")
        t.send(b"run-shell 'id >%s'" % f("tree").encode())
        t.send(b"\r")
        t.send(b"x")
        t.send(b"y")
        t.send(b"X")
        t.send(b"y")
        ok(barrier(t, name), "read-only: keys typed in tree mode arrive")
        ok(not os.path.exists(f("tree")),
           "read-only: tree mode's command prompt ran nothing")
        ok(windows() == ["0", "1", "2"] and panes("a:1") == 2,
           "read-only: tree mode's x and X killed nothing")
        zp("detach-client", "-t", name)

        # The read-only user in control mode.
        ro = ("%error", ["client is read-only"])
        out = control(["run-shell 'id >%s'" % f("ctl"),
                       "new-window -d",
                       "list-clients -F '#(id >%s)x'" % f("job")], 4)
        b = blocks(out)
        ok(len(b) == 4, "control: every line answered (%d)" % len(b))
        ok(b[1:3] == [ro, ro], "control: run-shell, new-window: "
           "client is read-only")
        ok(len(b) > 3 and b[3][0] == "%end" and "x" in b[3][1],
           "control: list-clients runs, #() is empty")
        r = subprocess.run(user_argv("new-window", "-d"), env=env,
                           capture_output=True, text=True)
        ok(r.returncode == 1 and r.stderr == "client is read-only\n",
           "command line: new-window is refused")
        ok(windows() == ["0", "1", "2"], "the windows are unchanged")

        # The same user made writable: the same input does things.
        zp("server-access", "-w", USER)
        t, name = attach()
        zp("select-window", "-t", "a:1")
        m = t.mark()
        click(t, 2, 10, 5, False)
        ok(poll(lambda: t.seen("Kill", m)), "writable: right-click menu")
        t.send(b"X")
        ok(poll(lambda: panes("a:1") == 1), "writable: its Kill kills")

        m = t.mark()
        procs.append(subprocess.Popen(
            base + ["display-menu", "-c", name, "-x", "0", "-y", "0",
                    "Run", "r", "run-shell 'id >%s'" % f("menuw")], env=env,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        ok(poll(lambda: t.seen("Run", m)), "writable: the menu shows")
        t.send(b"r")
        ok(poll(lambda: os.path.exists(f("menuw"))), "writable: menu runs")

        m = t.mark()
        procs.append(subprocess.Popen(
            base + ["command-prompt", "-t", name, "-p", "Go", "-I",
                    "run-shell 'id >%s'" % f("promptw"), "%1"], env=env,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        ok(poll(lambda: t.seen("Go", m)), "writable: the prompt shows")
        t.send(b"\r")
        ok(poll(lambda: os.path.exists(f("promptw"))),
           "writable: the prompt runs")

        zp("select-window", "-t", "a:2")
        t.send(b":")
        t.send(b"run-shell 'id >%s'" % f("treew").encode())
        t.send(b"\r")
        ok(poll(lambda: os.path.exists(f("treew"))),
           "writable: tree mode's prompt runs")
        # Last: a press soon after another would be a second click.
        zp("select-window", "-t", "a:0")
        click(t, 0, 10, 5)
        ok(poll(lambda: os.path.getsize(f("pane.in")) > 0),
           "writable: the click reached the pane")
        zp("detach-client", "-t", name)

        out = control(["run-shell 'id >%s'" % f("ctlw"),
                       "list-clients -F '#(id >%s)x'" % f("job3")], 3)
        ok(poll(lambda: os.path.exists(f("ctlw"))), "writable: control "
           "mode's run-shell runs")
        ok(poll(lambda: os.path.exists(f("job3"))), "writable: #() runs")
        # Started after the read-only ones: theirs would have run by now.
        ok(not any(os.path.exists(f(n)) for n in
                   ("menu", "prompt", "tree", "ctl", "job")),
           "read-only: no command nor #() job ran, even later")

        # Read-only again: kill-server, on the command line and control.
        zp("server-access", "-r", USER)
        r = subprocess.run(user_argv("kill-server"), env=env,
                           capture_output=True, text=True)
        ok(r.returncode == 1 and r.stderr == "client is read-only\n",
           "command line: kill-server is refused")
        b = blocks(control(["kill-server"], 2))
        ok(b[1:2] == [ro], "control: kill-server: client is read-only")
        ok(zp("list-sessions", "-F", "#{session_name}") == "a\n",
           "the server and its session are alive")
    except Bail:
        pass
    finally:
        for t in clients:
            t.close()
        subprocess.run(base + ["kill-server"], env=env,
                       stderr=subprocess.DEVNULL)
        for p in procs:
            if p.stdin is not None:
                p.stdin.close()
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        shutil.rmtree(tmp, ignore_errors=True)
    print("1..%d" % len(tests))
    return 0 if all(tests) else 1


if __name__ == "__main__":
    sys.exit(main())
