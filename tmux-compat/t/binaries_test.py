#!/usr/bin/python3
"""The command, the client and the server binary (TAP).

zeropty (the front, static with musl where configure found musl-gcc)
runs zeropty-client (the full client, linked statically where configure
could) for what it does not do, which starts zeropty-server beside it,
which links mimalloc; the server learns the -f files, -v and the program
name from its arguments. A client copied somewhere without the server
still works: it runs the server itself.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

BIN = os.path.abspath(os.environ.get("TEST_ZEROPTY", "./zeropty"))
BUILD = os.environ.get("TOP_BUILDDIR", os.path.dirname(BIN))
tests = []


def ok(cond, what):
    tests.append(bool(cond))
    print(("ok" if cond else "not ok") + " %d - %s" % (len(tests), what))
    sys.stdout.flush()


def run(binary, sock, *args, env):
    return subprocess.run([binary, "-S", sock] + list(args), env=env,
                          capture_output=True, text=True, timeout=20)


def server_pid(binary, sock, env):
    p = run(binary, sock, "display-message", "-p", "#{pid}", env=env)
    return int(p.stdout.strip()) if p.returncode == 0 else None


def wait_screen(sock, target, text, env):
    """The pane's screen once it shows text (or after 5 s)."""
    screen = ""
    for _ in range(100):
        screen = run(BIN, sock, "capture-pane", "-p", "-t", target,
                     env=env).stdout
        if text in screen:
            break
        time.sleep(0.05)
    return screen


def kill(binary, sock, env):
    run(binary, sock, "kill-server", env=env)


def main():
    if not os.access(BIN, os.X_OK):
        print("1..0 # SKIP zeropty not built")
        return 0
    tmp = tempfile.mkdtemp(prefix="zp-bin-")
    env = dict(os.environ, SHELL="/bin/sh")
    env.pop("TMUX", None)
    env.pop("TMUX_PANE", None)
    socks = []
    try:
        # The server is zeropty-server from beside the client, with mimalloc.
        sock = os.path.join(tmp, "a")
        socks.append((BIN, sock))
        conf = [os.path.join(tmp, n) for n in ("one.conf", "two.conf")]
        for i, c in enumerate(conf):
            with open(c, "w") as f:
                f.write("set -g @from%d yes\n" % i)
        p = run(BIN, sock, "-f", conf[0], "-f", conf[1], "new-session",
                "-d", env=env)
        ok(p.returncode == 0, "new-session starts a server")
        ok(not os.path.exists(sock + ".lock"),
           "the lock file is gone once the server has its socket (tmux)")
        pid = server_pid(BIN, sock, env)
        exe = os.readlink("/proc/%d/exe" % pid) if pid else ""
        ok(exe == os.path.join(os.path.dirname(BIN), "zeropty-server"),
           "the server runs zeropty-server (%s)" % exe)
        maps = open("/proc/%d/maps" % pid).read() if pid else ""
        ok("libmimalloc" in maps, "the server links mimalloc")
        p = run(BIN, sock, "display-message", "-p", "#{config_files}",
                env=env)
        ok(p.stdout.strip() == ",".join(conf),
           "both -f files reach the server: %r" % p.stdout.strip())
        p = run(BIN, sock, "show-options", "-gv", "@from1", env=env)
        ok(p.stdout.strip() == "yes", "and were loaded")
        # The program name decides which shell is "this program" (tmux's
        # areshell): the server must have it.
        shells = os.path.join(tmp, "shells")
        os.mkdir(shells)
        for name in ("zeropty", "other"):
            shutil.copy("/bin/sh", os.path.join(shells, name))
        p = run(BIN, sock, "set-option", "-g", "default-shell",
                os.path.join(shells, "zeropty"), env=env)
        ok(p.returncode == 1 and "not a suitable shell" in p.stderr,
           "a shell named as the program is refused: %r" % p.stderr.strip())
        p = run(BIN, sock, "set-option", "-g", "default-shell",
                os.path.join(shells, "other"), env=env)
        ok(p.returncode == 0, "another is taken: %r" % p.stderr.strip())

        # The front and the client have no dynamic linker when configured
        # static.
        mk = os.path.join(BUILD, "Makefile")
        lines = open(mk).read().splitlines() if os.path.exists(mk) else []
        static = "ZP_CLIENT_LDFLAGS = -all-static" in lines
        for what, path, flag in (
                ("the front", BIN, "FRONT_LDFLAGS = -static"),
                ("the client", os.path.join(BUILD, "zeropty-client"),
                 "ZP_CLIENT_LDFLAGS = -all-static")):
            with open(path, "rb") as f:
                elf = f.read(1 << 20)
            if flag in lines:
                ok(b"/ld-linux" not in elf, "%s is linked statically" % what)
            else:
                tests.append(True)
                print("ok %d - # SKIP %s linked dynamically here"
                      % (len(tests), what))

        # In a pane the static client has no shim: to attach it runs the
        # client in zeropty-server, which gets the pane's LD_PRELOAD.
        sockb = os.path.join(tmp, "nested")
        socks.append((BIN, sockb))
        run(BIN, sock, "new-session", "-d", "-s", "outer", "-x", "80",
            "-y", "20", env=env)
        run(BIN, sock, "send-keys", "-t", "outer",
            "TMUX= %s -S %s new -s q" % (BIN, sockb), "Enter", env=env)
        screen = wait_screen(sock, "outer", "[q] 0:", env)
        ok("[q] 0:" in screen, "a client in a pane attaches: %r"
           % screen.strip().splitlines()[-1:])
        shell = run(BIN, sock, "display-message", "-p", "-t", "outer",
                    "#{pane_pid}", env=env).stdout.strip()
        kids = subprocess.run(["ps", "-o", "pid=", "--ppid", shell],
                              capture_output=True, text=True).stdout.split()
        exes = [os.readlink("/proc/%s/exe" % k) for k in kids
                if os.path.exists("/proc/%s/exe" % k)]
        # A dynamically linked client has the shim and attaches itself.
        want = os.path.join(os.path.dirname(BIN), "zeropty-server"
                            if static else "zeropty-client")
        ok(exes == [want], "through %s: %s" % (os.path.basename(want), exes))
        cmd = run(BIN, sock, "display-message", "-p", "-t", "outer",
                  "#{pane_current_command}", env=env).stdout.strip()
        ok(cmd == os.path.basename(BIN), "named as the client: %r" % cmd)
        run(BIN, sock, "send-keys", "-t", "outer", "C-b", "d", env=env)
        screen = wait_screen(sock, "outer", "[detached", env)
        ok("[detached (from session q)]" in screen, "and detaches")

        # Without zeropty-server beside it, the client serves itself.
        alone = os.path.join(tmp, "alone")
        os.mkdir(alone)
        lone = os.path.join(alone, "zeropty")
        shutil.copy(BIN, lone)
        shutil.copy(os.path.join(BUILD, "zeropty-client"),
                    os.path.join(alone, "zeropty-client"))
        sock2 = os.path.join(tmp, "b")
        socks.append((lone, sock2))
        p = run(lone, sock2, "new-session", "-d", "-s", "solo", env=env)
        ok(p.returncode == 0, "a client alone starts a server")
        pid = server_pid(lone, sock2, env)
        exe = os.readlink("/proc/%d/exe" % pid) if pid else ""
        ok(exe == os.path.join(alone, "zeropty-client"),
           "which is the client binary itself (%s)" % exe)
        p = run(lone, sock2, "has-session", "-t", "solo", env=env)
        ok(p.returncode == 0, "and serves")
    finally:
        for binary, sock in socks:
            kill(binary, sock, env)
        shutil.rmtree(tmp, ignore_errors=True)
    print("1..%d" % len(tests))
    return 0 if all(tests) else 1


if __name__ == "__main__":
    sys.exit(main())
