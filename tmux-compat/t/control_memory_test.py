#!/usr/bin/python3
"""A control client's commands leave no memory behind in the server (TAP).

40,000 set-option and display-message lines through one `-C` client, 32
in flight: the server's resident size may not grow by more than 512 KB
between the first 5,000 and the rest (a parse result leaked ~47 bytes a
line, 1.9 MB here; tmux 3.3a stays flat). A size, not a time.
"""
import os
import shutil
import subprocess
import sys
import tempfile

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
    tmp = tempfile.mkdtemp(prefix="zp-ctlmem-")
    sock = os.path.join(tmp, "sock")
    env = dict(os.environ, SHELL="/bin/sh")
    env.pop("TMUX", None)
    base = [BIN, "-S", sock]
    proc = None
    try:
        subprocess.run(base + ["-f", "/dev/null", "new-session", "-d", "-s",
                               "m", "sleep 1000"], env=env, check=True)
        pid = subprocess.run(base + ["display-message", "-p", "#{pid}"],
                             env=env, capture_output=True, text=True,
                             check=True).stdout.strip()

        with open("/proc/%s/maps" % pid) as f:
            if "libasan" in f.read():
                print("1..0 # SKIP AddressSanitizer build: its quarantine"
                      " holds freed memory")
                return 0

        def rss():
            with open("/proc/%s/status" % pid) as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1])
            return 0

        proc = subprocess.Popen(base + ["-C", "attach", "-t", "m"], env=env,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                bufsize=0)
        buf = [b""]
        ends = [0]

        def wait_ends(k):
            while ends[0] < k:
                chunk = os.read(proc.stdout.fileno(), 65536)
                if not chunk:
                    raise EOFError("control client gone")
                data = buf[0] + chunk
                lines = data.split(b"\n")
                buf[0] = lines.pop()
                for line in lines:
                    if line.startswith(b"%end ") or line.startswith(b"%error "):
                        ends[0] += 1

        def run(first, count):
            sent = first
            while sent < first + count:
                while sent < first + count and sent - (ends[0] - 1) < 32:
                    if sent % 2:
                        line = b"display-message -p 'x %d'\n" % sent
                    else:
                        line = b"set-option -g @k%d v%d\n" % (sent % 128, sent)
                    proc.stdin.write(line)
                    sent += 1
                wait_ends(ends[0] + 1)
            wait_ends(first + count + 1)      # +1: the attach's block

        wait_ends(1)
        run(0, 5000)
        before = rss()
        run(5000, 40000)
        after = rss()
        ok(ends[0] == 45001, "every line answered once (%d)" % ends[0])
        ok(after - before < 512,
           "resident size grew %d KB over 40,000 lines (%d -> %d)"
           % (after - before, before, after))
    finally:
        if proc is not None:
            proc.stdin.close()
            proc.wait(timeout=20)
        subprocess.run(base + ["kill-server"], env=env,
                       stderr=subprocess.DEVNULL)
        shutil.rmtree(tmp, ignore_errors=True)
    print("1..%d" % len(tests))
    return 0 if all(tests) else 1


if __name__ == "__main__":
    sys.exit(main())
