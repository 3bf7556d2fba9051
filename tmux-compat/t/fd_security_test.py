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
# Parts to run (all by default), to show one alone failing on old code.
SECTIONS = os.environ.get("FD_SECURITY_SECTIONS",
                          "fds stdin endless large mode lock emfile").split()


class ServerGone(Exception):
    pass


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
        if rc != 0:
            raise ServerGone()

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
        mode = os.stat(sock).st_mode & 0o777
        ok("mode" not in SECTIONS or mode == 0o600,
           "the -S socket is 0600 as tmux 3.3a's (%o)" % mode)
        os.chmod(sock, 0o777)

        # --- M1: descriptors passed with a command ---
        if "fds" in SECTIONS:
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

        # --- M2: load-buffer - reads only what the client sends ---
        if "stdin" in SECTIONS:
            zp("server-access", "-a", "-w", USER, binary=BIN)
            secret = os.path.join(tmp, "secret")
            with open(secret, "w") as f:
                f.write("SECRET-shadow-line\n")
            os.chmod(secret, 0o600)
            mine = os.path.join(tmp, "mine")
            with open(mine, "w") as f:
                f.write("0123456789readable by the user\n")
            os.chmod(mine, 0o644)

            def user_load(binary, name, setup):
                """As the user, stdin prepared by setup (python), load it."""
                code = ("import os, socket\n" + setup +
                        "os.execv(%r, [%r, '-S', %r, 'load-buffer', '-b', %r,"
                        " '-'])\n" % (binary, binary, sock, name))
                return subprocess.run(["setpriv", "--reuid=%d" % uid,
                                       "--regid=%d" % gid, "--clear-groups",
                                       sys.executable, "-c", code], env=env,
                                      capture_output=True, text=True,
                                      timeout=30)

            def buffer(name):
                rc, out, _ = zp("show-buffer", "-b", name, binary=BIN)
                return out if rc == 0 else None

            for binary, tag in ((front, "front"), (full, "full client")):
                p = user_load(binary, "leak", "fd = os.open(%r, os.O_PATH)\n"
                              "os.dup2(fd, 0)\n" % secret)
                got = buffer("leak")
                ok(got is None or "SECRET" not in got,
                   "%s: stdin an O_PATH handle of a root-only file: not read"
                   % tag)
                ok(p.returncode != 0, "%s: and the command fails (%s)"
                   % (tag, p.stderr.strip()))
                zp("delete-buffer", "-b", "leak", binary=BIN)
                p = user_load(binary, "mine", "fd = os.open(%r, os.O_RDONLY)\n"
                              "os.read(fd, 10)\nos.dup2(fd, 0)\n" % mine)
                ok(p.returncode == 0 and
                   buffer("mine") == "readable by the user\n",
                   "%s: a file the user reads, from its offset (%r)"
                   % (tag, buffer("mine")))
                p = user_load(binary, "sock", "a, b = socket.socketpair()\n"
                              "a.sendall(b'over a socket')\na.close()\n"
                              "os.dup2(b.fileno(), 0)\n")
                ok(p.returncode == 0 and buffer("sock") == "over a socket",
                   "%s: stdin a socket (%r %s)" % (tag, buffer("sock"),
                                                   p.stderr.strip()))
            alive("after load-buffer -")

        # --- M3: endless stdin ---
        if "endless" in SECTIONS:
            def rss(pid):
                with open("/proc/%d/status" % pid) as f:
                    return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))

            base = rss(server_pid)
            zero = subprocess.Popen([front, "-S", sock, "load-buffer", "-b",
                                     "zero", "-"], env=env,
                                    stdin=open("/dev/zero", "rb"),
                                    stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, text=True,
                                    preexec_fn=limit)
            # The server is taking it in when its memory grows (or it is done).
            while zero.poll() is None and rss(server_pid) < base + 32768:
                time.sleep(0.01)
            alive("while another client's load-buffer - < /dev/zero runs")
            try:
                out, err = zero.communicate(timeout=60)
            except subprocess.TimeoutExpired:
                zero.kill()
                out, err = zero.communicate()
                err = "timeout"
            ok(zero.returncode == 1 and "-: Cannot allocate memory" in err,
               "load-buffer - < /dev/zero ends with an error (%s)"
               % err.strip())
            ok(buffer("zero") is None, "and makes no buffer")
            alive("after load-buffer - < /dev/zero")

        # --- M6: answers larger than a frame ---
        if "large" in SECTIONS:
            big = os.path.join(tmp, "big")
            blob = os.urandom(20 << 20)
            with open(big, "wb") as f:
                f.write(blob)
            want = hashlib.sha256(blob).hexdigest()
            rc, _, err = zp("load-buffer", "-b", "big", big, binary=BIN)
            ok(rc == 0, "a 20 MB buffer loaded (%s)" % err.strip())
            with open(big, "rb") as f:
                rc, _, err = zp("load-buffer", "-b", "big2", "-", stdin=f,
                                text=False)
            ok(rc == 0, "and the same through load-buffer - (%s)" % err)
            for binary, tag in ((front, "front"), (full, "full client")):
                for name in ("big", "big2"):
                    rc, out, err = zp("save-buffer", "-b", name, "-",
                                      binary=binary, text=False)
                    ok(rc == 0 and hashlib.sha256(out).hexdigest() == want,
                       "%s: save-buffer -b %s - arrives whole (%d bytes, %r)"
                       % (tag, name, len(out), err[:60]))
            zp("set", "-g", "history-limit", "120000", binary=BIN)
            rc, _, err = zp("new-window", "-d", "-n", "hist",
                            "seq -f %0199.0f 1 100000; exec cat", binary=BIN)
            ok(rc == 0, "a window printing 100000 lines of 199 characters")
            rc, out, _ = zp("display", "-p", "-t", "hist", "#{pane_id}",
                            binary=BIN)
            pane = out.strip()
            for _ in range(6000):
                rc, out, _ = zp("display", "-p", "-t", pane,
                                "#{history_size}", binary=BIN)
                if rc != 0 or int(out or 0) >= 100000 - 49:
                    break
                time.sleep(0.01)
            expect = b"".join(b"%0199d\n" % i for i in range(1, 100001))
            for binary, tag in ((front, "front"), (full, "full client")):
                rc, out, err = zp("capture-pane", "-p", "-S", "-", "-t", pane,
                                  binary=binary, text=False)
                ok(rc == 0 and out.startswith(expect),
                   "%s: capture-pane -p -S - of %d bytes arrives whole (%d, %r)"
                   % (tag, len(expect), len(out), err[:60]))
            alive("after large answers")
        # --- L8: the lock file beside a new socket ---
        if "lock" in SECTIONS:
            sock2 = os.path.join(tmp, "sock2")
            victim = os.path.join(tmp, "victim")
            os.symlink(victim, sock2 + ".lock")
            subprocess.run([BIN, "-S", sock2, "-f/dev/null", "new-session",
                            "-d"], env=env, capture_output=True, timeout=30,
                           stdin=subprocess.DEVNULL)
            ok(not os.path.exists(victim),
               "a symlinked lock file is not followed")
            subprocess.run([BIN, "-S", sock2, "kill-server"], env=env,
                           capture_output=True, timeout=30)
        # --- L1: out of descriptors ---
        if "emfile" in SECTIONS and shutil.which("strace"):
            sock3 = os.path.join(tmp, "sock3")

            def few():
                resource.setrlimit(resource.RLIMIT_NOFILE, (40, 40))
            p3 = subprocess.run([BIN, "-S", sock3, "-f/dev/null",
                                 "new-session", "-d", "-s", "s3"], env=env,
                                capture_output=True, timeout=30,
                                stdin=subprocess.DEVNULL, preexec_fn=few)
            out = subprocess.run([BIN, "-S", sock3, "display", "-p",
                                  "#{pid}"], env=env, capture_output=True,
                                 text=True, timeout=30).stdout
            pid3 = int(out.strip())
            conns = []
            for _ in range(60):
                c = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                c.connect(sock3)
                conns.append(c)
            # Until the server has no descriptor left.
            for _ in range(3000):
                if len(os.listdir("/proc/%d/fd" % pid3)) >= 40:
                    break
                time.sleep(0.01)
            # Count its accept4 calls for a while: a spinning server makes
            # thousands, one that pauses as tmux's one or two.
            trace = os.path.join(tmp, "trace")
            st = subprocess.Popen(["strace", "-q", "-e", "trace=accept4",
                                   "-o", trace, "-p", str(pid3)],
                                  stderr=subprocess.DEVNULL)
            time.sleep(0.5)
            st.send_signal(signal.SIGINT)
            st.wait(timeout=30)
            with open(trace) as f:
                calls = sum(1 for line in f if "accept4(" in line)
            ok(p3.returncode == 0 and calls < 20,
               "out of descriptors, the server does not spin on accept "
               "(%d calls)" % calls)
            for c in conns:
                c.close()
            rc = subprocess.run([BIN, "-S", sock3, "has-session"], env=env,
                                capture_output=True, timeout=30).returncode
            ok(rc == 0, "and answers once descriptors are free")
            subprocess.run([BIN, "-S", sock3, "kill-server"], env=env,
                           capture_output=True, timeout=30)
    except ServerGone:
        ok(False, "the server no longer answers: the rest is not run")
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
