#!/usr/bin/python3
"""What a client hands the server is used with the client's rights (TAP).

As root: a server on a private -S socket in a temporary directory, and an
unprivileged user (zp-fd1) connecting to it:
- descriptors passed with a command (SCM_RIGHTS) by a user the server
  refuses, or O_PATH handles of root-only FIFOs passed by one it accepts,
  are never opened (inotify watches the FIFOs);
- load-buffer - reads only the bytes the client itself sends: a client
  whose stdin is an O_PATH handle of a root-only file gets nothing, a file
  it can read, a pipe or a socket arrive whole, through both the front
  (zeropty) and the full client (zeropty-client);
- load-buffer - < /dev/zero ends with an error while another client is
  answered, and the server lives;
- answers over one frame (a 20 MB save-buffer -, a capture-pane -p -S - of
  a large history) arrive whole;
- the -S socket is 0600 and a symlinked lock file is not followed.
"""
import array
import ctypes
import hashlib
import os
import pwd
import re
import resource
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time

BIN = os.environ.get("TEST_ZEROPTY", "./zeropty")
USER = "zp-fd1"
IN_OPEN = 0x20
tests = []


def ok(cond, what):
    tests.append(bool(cond))
    print(("ok" if cond else "not ok") + " %d - %s" % (len(tests), what))
    sys.stdout.flush()


def proto_version():
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "..", "proto.h")) as f:
        return int(re.search(r"#define PROTO_VERSION\s+(\d+)",
                             f.read()).group(1))


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


class Inotify:
    """IN_OPEN events on some files (what the server opens)."""

    def __init__(self, paths):
        self.libc = ctypes.CDLL(None, use_errno=True)
        self.fd = self.libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
        for p in paths:
            self.libc.inotify_add_watch(self.fd, p.encode(), IN_OPEN)

    def opens(self):
        n = 0
        while True:
            try:
                data = os.read(self.fd, 65536)
            except BlockingIOError:
                return n
            off = 0
            while off < len(data):
                _, mask, _, ln = struct.unpack_from("iIII", data, off)
                if mask & IN_OPEN:
                    n += 1
                off += 16 + ln

    def close(self):
        os.close(self.fd)


def command_payload(flags, argv):
    b = struct.pack("=II", proto_version(), flags)
    for s in ["/", "", "", "", str(len(argv))] + argv + ["0"]:
        b += s.encode() + b"\0"
    return b


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
    tmp = tempfile.mkdtemp(prefix="zp-fd-")
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

    def limit():
        # A server that reads without end dies here, not the machine.
        resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))

    def zp(*args, binary=front, user=False, stdin=None, timeout=30,
           text=True):
        cmd = [binary, "-S", sock] + list(args)
        if user:
            cmd = ["setpriv", "--reuid=%d" % uid, "--regid=%d" % gid,
                   "--clear-groups"] + cmd
        try:
            p = subprocess.run(cmd, env=env, capture_output=True,
                               stdin=stdin if stdin is not None
                               else subprocess.DEVNULL,
                               timeout=timeout, text=text,
                               preexec_fn=limit)
        except subprocess.TimeoutExpired:
            return -1, "" if text else b"", "timeout"
        return p.returncode, p.stdout, p.stderr

    def alive(what):
        rc, out, _ = zp("has-session", "-t", "main", timeout=10)
        ok(rc == 0, "server answers: " + what)

    def as_user_send(paths, modes, flags, argv):
        """Connect as the user, pass paths opened with modes, run argv."""
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            try:
                os.close(r)
                os.setgroups([])
                os.setgid(gid)
                os.setuid(uid)
                fds = [os.open(p, m) for p, m in zip(paths, modes)]
                s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                s.connect(sock)
                payload = command_payload(flags, argv)
                hdr = struct.pack("=II", 1, len(payload))
                s.sendmsg([hdr], [(socket.SOL_SOCKET, socket.SCM_RIGHTS,
                                   array.array("i", fds))])
                s.sendall(payload)
                s.settimeout(5)
                data = b""
                try:
                    while True:
                        chunk = s.recv(65536)
                        if not chunk:
                            break
                        data += chunk
                except OSError:
                    data += b"<timeout>"
                os.write(w, data)
                os._exit(0)
            except BaseException:
                os._exit(1)
        os.close(w)
        data = b""
        while True:
            chunk = os.read(r, 65536)
            if not chunk:
                break
            data += chunk
        os.close(r)
        os.waitpid(pid, 0)
        return data

    try:
        rc, _, err = zp("-f/dev/null", "new-session", "-d", "-s", "main",
                        "-x", "200", "-y", "50", binary=BIN)
        ok(rc == 0, "server started (%s)" % err.strip())
        rc, out, _ = zp("display", "-p", "#{pid}", binary=BIN)
        server_pid = int(out.strip())
        os.chmod(sock, 0o777)

        # --- M1: descriptors passed with a command ---
        fin = os.path.join(tmp, "fifo-in")
        fout = os.path.join(tmp, "fifo-out")
        os.mkfifo(fin, 0o600)
        os.mkfifo(fout, 0o600)
        # A reader on fifo-out, so that opening it for writing could work.
        hold = os.open(fout, os.O_RDONLY | os.O_NONBLOCK)
        ino = Inotify([fin, fout])
        ctl = 0x4 | 0x10
        paths = [fin, fout]
        modes = [os.O_PATH, os.O_PATH]
        data = as_user_send(paths, modes, ctl, [])
        ok(b"access not allowed" in data,
           "a user not on the list is told so")
        ok(ino.opens() == 0,
           "its O_PATH descriptors of root-only FIFOs are not opened")
        alive("after a refused client's descriptors")
        rc, _, err = zp("server-access", "-a", "-w", USER, binary=BIN)
        ok(rc == 0, "user added with write access (%s)" % err.strip())
        data = as_user_send(paths, modes, ctl, [])
        ok(ino.opens() == 0,
           "an allowed user's O_PATH descriptors are not opened")
        ok(b"%begin" not in data, "no control mode on O_PATH descriptors")
        alive("after O_PATH descriptors")
        data = as_user_send(paths, modes, 0x2, ["list-sessions"])
        ok(ino.opens() == 0, "an O_PATH 'terminal' is not opened")
        alive("after an O_PATH terminal")
        ino.close()
        os.close(hold)
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
