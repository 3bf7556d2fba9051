#!/usr/bin/python3
"""Lesser findings of the security review (TAP).

As root: a server on a private -S socket in a temporary directory, and an
unprivileged user (zp-sec2) allowed to write to it (server-access -w):
- files: load-buffer PATH and save-buffer PATH of a command client open
  the file with the client's rights, relative paths from the client's
  directory, through both the front (zeropty) and the full client
  (zeropty-client); errors name the absolute path in tmux's words.
Sections can be run alone (SECURITY_LOW_SECTIONS) to show one failing on
old code.
"""
import os
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile
import time

BIN = os.environ.get("TEST_ZEROPTY", "./zeropty")
USER = "zp-sec2"
tests = []
SECTIONS = os.environ.get("SECURITY_LOW_SECTIONS", "files").split()


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
