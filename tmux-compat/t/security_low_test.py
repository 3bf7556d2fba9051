#!/usr/bin/python3
"""Lesser findings of the security review (TAP).

As root: a server on a private -S socket in a temporary directory, and an
unprivileged user (zp-sec2) allowed to write to it (server-access -w):
- files: load-buffer PATH and save-buffer PATH of a command client open
  the file with the client's rights, relative paths from the client's
  directory, through both the front (zeropty) and the full client
  (zeropty-client); errors name the absolute path in tmux's words;
  source-file's files too; in a list that cannot wait for the client
  (source-file's) another user's path is refused.
- state: pane state files live in a 0700 directory of the server's own
  in the private socket directory, not beside the socket: a relative -S
  in a shared directory works, nothing is left in the shared directory,
  the directory goes with the server, and one a killed server left goes
  when the next server starts a pane.
- control: a control client (on the socket, PROTO_CONTROL_HELLO) that
  sends commands and reads none of their answers is dropped with
  "%exit too far behind" once 16 MB wait for it, as for pane output.
- detach: a client attached on a terminal that takes no output (stopped
  with tcflow TCOOFF, as by ^S) is detached, and what the terminal had not
  taken (leaving the alternate screen) still reaches it through the
  client once it takes output again; the server waited up to a second
  for it, every client with it, then dropped it.
- cold: the cold store (deep-frozen screens) is not on disk by default:
  no file of the server in /var/tmp; its unnamed file is in
  $XDG_RUNTIME_DIR when that is on tmpfs.
Sections can be run alone (SECURITY_LOW_SECTIONS) to show one failing on
old code.
"""
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

BIN = os.environ.get("TEST_ZEROPTY", "./zeropty")
USER = "zp-sec2"
tests = []
SECTIONS = os.environ.get("SECURITY_LOW_SECTIONS", "files state control detach cold").split()


def ok(cond, what):
    tests.append(bool(cond))
    print(("ok" if cond else "not ok") + " %d - %s" % (len(tests), what))
    sys.stdout.flush()


def ensure_user():
    for _ in range(100):
        try:
            return pwd.getpwnam(USER)
        except KeyError:
            pass
        # /etc/passwd may be locked by another test's useradd: retry.
        subprocess.run(["useradd", "-M", "-s", "/bin/sh", USER],
                       capture_output=True)
        try:
            return pwd.getpwnam(USER)
        except KeyError:
            time.sleep(0.1)
    return None


def poll(f, what, timeout=20):
    """f() until true (no sleeps to synchronise: poll for the state)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        v = f()
        if v:
            return v
        time.sleep(0.05)
    return None


def state_section(env, tmp):
    shared = os.path.join(tmp, "shared")
    os.mkdir(shared)
    os.chmod(shared, 0o1777)
    rt = os.path.join(tmp, "rt")
    os.mkdir(rt, 0o755)
    senv = dict(env, TMUX_TMPDIR=rt)
    private = os.path.join(os.path.realpath(rt), "zeropty-%d" % os.getuid())
    pids = []

    def z(sock, *args):
        p = subprocess.run([BIN, "-S", sock, "-f/dev/null"] + list(args),
                           env=senv, cwd=shared, capture_output=True,
                           text=True, timeout=30)
        return p.returncode, p.stdout, p.stderr

    def pane_tty(sock):
        rc, out, _ = z(sock, "capture-pane", "-p")
        lines = out.split("\n") if rc == 0 else []
        if "24 80" in lines:
            return [ln for ln in lines if ln.startswith("/")]
        return None

    try:
        prog = 'printf "%s\\n" "$ZEROPTY_TTY"; stty size; exec sleep 1000'
        rc, _, err = z("rel1", "new-session", "-d", "-x", "80", "-y", "24",
                       prog)
        ok(rc == 0, "a relative -S in a shared directory starts a pane "
           "(%d %r)" % (rc, err))
        rc, out, _ = z("rel1", "display", "-p", "#{pid}")
        if rc == 0:
            pids.append(int(out))
        got = poll(lambda: pane_tty("rel1"), "pane")
        ok(got, "the pane's program has its terminal (stty size)")
        path = got[0] if got else ""
        d = os.path.dirname(path)
        st = os.lstat(d) if path and os.path.isdir(d) else None
        ok(st is not None and os.path.dirname(d) == private and
           (st.st_mode & 0o777) == 0o700 and st.st_uid == os.getuid(),
           "its state file is in a 0700 directory of the private socket "
           "directory (%r)" % path)
        ok(not [n for n in os.listdir(shared) if "vtty" in n],
           "nothing of it in the shared directory")
        # A server killed outright leaves its directory ...
        if pids:
            os.kill(pids[0], signal.SIGKILL)
            poll(lambda: not os.path.exists("/proc/%d" % pids[0]), "gone")
        ok(d and os.path.isdir(d), "a killed server leaves its directory")
        # ... which the next server removes when it makes its own.
        rc, _, err = z("rel2", "new-session", "-d", "-x", "80", "-y", "24",
                       prog)
        rc, out, _ = z("rel2", "display", "-p", "#{pid}")
        if rc == 0:
            pids.append(int(out))
        got2 = poll(lambda: pane_tty("rel2"), "pane")
        ok(got2 and d and not os.path.exists(d),
           "the next server removes it (%r)" % (got2,))
        d2 = os.path.dirname(got2[0]) if got2 else ""
        z("rel2", "kill-server")
        ok(d2 and poll(lambda: not os.path.exists(d2), "removed"),
           "kill-server removes the server's own directory")
    finally:
        for pid in pids:
            try:
                if os.path.basename(os.readlink(
                        "/proc/%d/exe" % pid)).startswith("zeropty"):
                    os.kill(pid, signal.SIGKILL)
            except OSError:
                pass


def control_section(zp, sock, tmp):
    big = os.path.join(tmp, "big")
    with open(big, "w") as f:
        f.write(("x" * 1023 + "\n") * 1024)
    zp("load-buffer", "-b", "big", big)

    def nclients():
        rc, out, _ = zp("list-clients", "-F", "#{client_name}")
        return len(out.split()) if rc == 0 else -1

    before = nclients()
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        s.connect(sock)
        s.sendall(b"\033zeropty-control v1 attach -t main\n")
        ok(poll(lambda: nclients() == before + 1, "attached"),
           "a control client on the socket attaches")
        # 200 MB of answers asked for, none read.
        s.setblocking(False)
        lines = b"show-buffer -b big\n" * 200
        sent = 0
        end = time.monotonic() + 20
        while sent < len(lines) and time.monotonic() < end:
            try:
                sent += s.send(lines[sent:])
            except BlockingIOError:
                time.sleep(0.01)
            except OSError:
                break
        ok(poll(lambda: nclients() == before, "dropped", timeout=30),
           "it is dropped")
        s.setblocking(True)
        s.settimeout(10)
        got = bytearray()
        try:
            while True:
                b = s.recv(1 << 20)
                if not b:
                    break
                got += b
        except OSError:
            pass
        ok(got.endswith(b"%exit too far behind\n") and
           len(got) < (32 << 20),
           "with %%exit too far behind, having had %d bytes (%r)" %
           (len(got), bytes(got[-30:])))
    finally:
        s.close()
    zp("delete-buffer", "-b", "big")


def detach_section(zp, sock, env):
    import fcntl
    import select
    import struct
    import termios
    zp("new-session", "-d", "-s", "flood", "-x", "80", "-y", "24",
       "seq 1000; exec sleep 1000")
    m, sl = os.openpty()
    fcntl.ioctl(sl, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    tenv = dict(env, TERM="xterm")
    p = subprocess.Popen([BIN, "-S", sock, "attach", "-t", "flood"],
                         stdin=sl, stdout=sl, stderr=sl, env=tenv,
                         start_new_session=True)
    try:
        def attached():
            rc, out, _ = zp("list-clients", "-t", "flood")
            return rc == 0 and out.strip() != ""
        ok(poll(attached, "attached"), "a client attaches")
        # The terminal stops taking output (as after ^S): tcflow TCOOFF
        # holds, whatever the client sets its modes to.
        termios.tcflow(sl, termios.TCOOFF)
        rc, _, err = zp("detach-client", "-s", "flood")
        ok(rc == 0, "detach-client (%r)" % err)
        termios.tcflow(sl, termios.TCOON)
        got = bytearray()
        os.set_blocking(m, False)
        end = time.monotonic() + 30
        while time.monotonic() < end:
            r, _, _ = select.select([m], [], [], 0.2)
            if r:
                try:
                    b = os.read(m, 1 << 16)
                except OSError:
                    break
                if not b:
                    break
                got += b
            elif p.poll() is not None:
                break
        i = got.rfind(b"\033[?1049l")
        ok(i != -1 and got.find(b"[detached (from session flood)]") > i,
           "the terminal gets all of the drawing, leaves the alternate "
           "screen, then the client's line (%d bytes, %r)" %
           (len(got), bytes(got[-60:])))
    finally:
        os.close(m)
        os.close(sl)
        try:
            p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
        zp("kill-session", "-t", "flood")


def cold_section(env, tmp):
    import tempfile as tf

    def server_files(senv, sock):
        subprocess.run([BIN, "-S", sock, "-f/dev/null", "new-session",
                        "-d"], env=senv, capture_output=True, timeout=30)
        p = subprocess.run([BIN, "-S", sock, "display", "-p", "#{pid}"],
                           env=senv, capture_output=True, text=True,
                           timeout=30)
        files = []
        try:
            pid = int(p.stdout)
            for fd in os.listdir("/proc/%d/fd" % pid):
                try:
                    files.append(os.readlink("/proc/%d/fd/%s" % (pid, fd)))
                except OSError:
                    pass
        except (ValueError, OSError):
            pid = None
        subprocess.run([BIN, "-S", sock, "kill-server"], env=senv,
                       capture_output=True, timeout=30)
        return pid, files

    cenv = {k: v for k, v in env.items()
            if k not in ("ZEROPTY_COLD", "ZEROPTY_COLD_DIR",
                         "XDG_RUNTIME_DIR")}
    pid, files = server_files(cenv, os.path.join(tmp, "cold1"))
    ok(pid is not None and
       not [f for f in files if f.startswith("/var/tmp/")],
       "by default no file of the server is in /var/tmp (%r)" % files)
    shm = "/dev/shm"
    if subprocess.run(
            ["stat", "-f", "-c", "%T", shm], capture_output=True,
            text=True).stdout.strip() == "tmpfs":
        xdg = tf.mkdtemp(prefix="zp-sec2-", dir=shm)
        try:
            pid, files = server_files(dict(cenv, XDG_RUNTIME_DIR=xdg),
                                      os.path.join(tmp, "cold2"))
            ok([f for f in files if f.startswith(xdg + "/")],
               "with XDG_RUNTIME_DIR on tmpfs, the store's file is there "
               "(%r)" % files)
        finally:
            shutil.rmtree(xdg, ignore_errors=True)
    else:
        ok(True, "# SKIP /dev/shm is not tmpfs")


def main():
    if not os.access(BIN, os.X_OK):
        print("1..0 # SKIP zeropty not built")
        return 0
    if os.geteuid() != 0:
        print("1..0 # SKIP not root")
        return 0
    pw = ensure_user()
    if pw is None:
        print("1..0 # SKIP cannot create user %s" % USER)
        return 0
    uid, gid = pw.pw_uid, pw.pw_gid
    tmp = tempfile.mkdtemp(prefix="zp-sec2-")
    os.chmod(tmp, 0o755)
    bindir = os.path.join(tmp, "bin")
    os.mkdir(bindir, 0o755)
    for name in ("zeropty", "zeropty-client", "zeropty-server"):
        src = os.path.join(os.path.dirname(BIN), name)
        if os.path.exists(src):
            shutil.copy(src, bindir)
            os.chmod(os.path.join(bindir, name), 0o755)
    front = os.path.join(bindir, "zeropty")
    full = os.path.join(bindir, "zeropty-client")
    sock = os.path.join(tmp, "sock")
    env = dict(os.environ, SHELL="/bin/sh", HOME=tmp)
    env.pop("TMUX", None)
    env.pop("TMUX_PANE", None)
    server_pid = None

    def zp(*args, binary=front, user=False, stdin=None, timeout=30,
           cwd=None):
        cmd = [binary, "-S", sock] + list(args)
        if user:
            cmd = ["setpriv", "--reuid=%d" % uid, "--regid=%d" % gid,
                   "--clear-groups"] + cmd
        try:
            p = subprocess.run(cmd, env=env, capture_output=True,
                               stdin=stdin if stdin is not None
                               else subprocess.DEVNULL,
                               timeout=timeout, text=True, cwd=cwd)
        except subprocess.TimeoutExpired:
            return -1, "", "timeout"
        return p.returncode, p.stdout, p.stderr

    def buffer(name):
        rc, out, _ = zp("show-buffer", "-b", name)
        return out if rc == 0 else None

    try:
        rc, _, err = zp("-f/dev/null", "new-session", "-d", "-s", "main",
                        "-x", "80", "-y", "24", binary=BIN)
        rc, out, _ = zp("display", "-p", "#{pid}", binary=BIN)
        server_pid = int(out) if rc == 0 and out.strip().isdigit() else None
        ok(server_pid is not None, "server started")
        os.chmod(sock, 0o777)
        zp("server-access", "-a", "-w", USER)

        if "files" in SECTIONS:
            secret = os.path.join(tmp, "secret")
            with open(secret, "w") as f:
                f.write("root only\n")
            os.chmod(secret, 0o600)
            rootdir = os.path.join(tmp, "rootdir")
            os.mkdir(rootdir, 0o700)
            userdir = os.path.join(tmp, "userdir")
            os.mkdir(userdir, 0o755)
            os.chown(userdir, uid, gid)
            zp("set-buffer", "-b", "data", "some data")
            for binary, what in ((front, "front"), (full, "full client")):
                rc, _, err = zp("load-buffer", "-b", "leak", secret,
                                binary=binary, user=True)
                ok(rc == 1 and err == secret + ": Permission denied\n",
                   what + ": load-buffer of a root-only file is refused "
                   "(%d %r)" % (rc, err))
                ok(buffer("leak") is None,
                   what + ": and no buffer holds it")
                zp("delete-buffer", "-b", "leak")
                out = os.path.join(rootdir, "out")
                rc, _, err = zp("save-buffer", "-b", "data", out,
                                binary=binary, user=True)
                ok(rc == 1 and err == out + ": Permission denied\n",
                   what + ": save-buffer into a root-only directory is "
                   "refused (%d %r)" % (rc, err))
                ok(not os.path.exists(out), what + ": and makes no file")
                # Relative paths are the client's, the file the user's.
                name = "rel-%s" % binary.rsplit("/", 1)[1]
                rc, _, err = zp("save-buffer", "-b", "data", name,
                                binary=binary, user=True, cwd=userdir)
                path = os.path.join(userdir, name)
                st = os.stat(path) if os.path.exists(path) else None
                ok(rc == 0 and st is not None and st.st_uid == uid and
                   open(path).read() == "some data",
                   what + ": save-buffer PATH is written by the client "
                   "(%d %r)" % (rc, err))
                rc, _, err = zp("save-buffer", "-a", "-b", "data", name,
                                binary=binary, user=True, cwd=userdir)
                ok(rc == 0 and open(path).read() == "some data" * 2,
                   what + ": save-buffer -a appends")
                rc, _, err = zp("load-buffer", "-b", "back", name,
                                binary=binary, user=True, cwd=userdir)
                ok(rc == 0 and buffer("back") == "some data" * 2,
                   what + ": load-buffer PATH reads the client's file")
                rc, _, err = zp("load-buffer", "-b", "none", "nonexistent",
                                binary=binary, user=True, cwd=userdir)
                ok(rc == 1 and err == os.path.join(userdir, "nonexistent") +
                   ": No such file or directory\n",
                   what + ": a missing file's error (%r)" % err)
                # The other commands of the line run after the file.
                rc, out, err = zp("load-buffer", "-b", "seq", name, ";",
                                  "show-buffer", "-b", "seq",
                                  binary=binary, user=True, cwd=userdir)
                ok(rc == 0 and out == "some data" * 2,
                   what + ": commands after load-buffer see the buffer")
                # source-file: the client reads the files too.
                rc, out, err = zp("source-file", "-v", secret,
                                  binary=binary, user=True, cwd=userdir)
                ok(rc == 1 and err == secret + ": Permission denied\n" and
                   "root only" not in out,
                   what + ": source-file of a root-only file is refused "
                   "(%d %r %r)" % (rc, out, err))
                mine = os.path.join(userdir, "mine.conf")
                with open(mine, "w") as f:
                    f.write("set -g @mine %s\n" % name)
                os.chown(mine, uid, gid)
                os.chmod(mine, 0o600)
                rc, out, err = zp("source-file", "mine.conf", ";",
                                  "display", "-p", "#{@mine}",
                                  binary=binary, user=True, cwd=userdir)
                ok(rc == 0 and out == name + "\n",
                   what + ": source-file of the user's file, then the "
                   "next command (%d %r %r)" % (rc, out, err))
                # A read cut short (past 256 MB): what the client had sent
                # does not go to the next file of the line.
                with open("/dev/zero", "rb") as zero:
                    rc, out, err = zp("load-buffer", "-b", "zero", "-", ";",
                                      "load-buffer", "-b", "after", name,
                                      binary=binary, user=True, cwd=userdir,
                                      stdin=zero, timeout=120)
                got = buffer("after")
                ok(err == "-: Cannot allocate memory\n" and
                   got == "some data" * 2,
                   what + ": after a cancelled read the next file is whole "
                   "(%d %r %r)" % (rc, err, got[:40] if got else got))
                zp("delete-buffer", "-b", "after")
                # A list that cannot wait for the client (source-file's):
                # the server does not open the user's path itself.
                conf = os.path.join(userdir, "nested.conf")
                with open(conf, "w") as f:
                    f.write("load-buffer -b nested %s\n" % secret)
                rc, _, err = zp("source-file", conf, binary=binary,
                                user=True, cwd=userdir)
                ok(err == secret + ": Permission denied\n" and
                   buffer("nested") is None,
                   what + ": load-buffer in source-file is refused "
                   "(%d %r)" % (rc, err))
            # The server's own user: source-file's load-buffer and
            # save-buffer open the file in the server, paths the client's.
            conf = os.path.join(userdir, "own.conf")
            with open(conf, "w") as f:
                f.write("save-buffer -b data own-out\n"
                        "load-buffer -b own own-out\n")
            rc, _, err = zp("source-file", conf, cwd=userdir)
            ok(rc == 0 and buffer("own") == "some data",
               "the server's user: both work in source-file (%d %r)" %
               (rc, err))
        if "control" in SECTIONS:
            control_section(zp, sock, tmp)
        if "detach" in SECTIONS:
            detach_section(zp, sock, env)
        if "cold" in SECTIONS:
            cold_section(env, tmp)
        if "state" in SECTIONS:
            state_section(env, tmp)
    finally:
        subprocess.run([BIN, "-S", sock, "kill-server"], env=env,
                       capture_output=True, timeout=30)
        if server_pid is not None:
            # Only if that PID is still our server (not reused).
            try:
                if os.path.basename(os.readlink(
                        "/proc/%d/exe" % server_pid)).startswith("zeropty"):
                    os.kill(server_pid, signal.SIGKILL)
            except OSError:
                pass
        shutil.rmtree(tmp, ignore_errors=True)
    print("1..%d" % len(tests))
    return 0 if all(tests) else 1


if __name__ == "__main__":
    sys.exit(main())
