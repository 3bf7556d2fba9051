#!/usr/bin/python3
# conformance/cases/control-driver.py: drive one control-mode client for
# the control*.sh cases and print a normalised transcript.
#
#   control-driver.py [--cc] [--socket PATH] [--hello] -- ARGV... <SCRIPT
#
# ARGV is the client command line ($BIN -L sock -f /dev/null -C attach...).
# --no-rc leaves out the client's exit status.
# --cc runs it on a pseudo-terminal (python's pty module) and checks the
# -CC framing (DCS first, CRLF, ST last, termios restored). --socketpair
# gives it one end of a socket pair as stdin and stdout (the zeropty client
# then relays them; pipes and terminals it passes to the server). --hello PATH
# speaks the zeropty socket handshake on the Unix socket PATH instead of
# running a client (ARGV is then the initial command).
#
# SCRIPT lines: a control-mode line to send (the driver then waits until a
# block has closed and the output has been quiet for a moment); "#wait RE"
# waits for output matching RE; "#cli WORDS" runs a command-line client
# (sh -c) and waits for quiet; "#raw TEXT" sends TEXT with \r \n escapes;
# "#eof" closes input; "#say TEXT" records a comment.
#
# Normalisation: %begin/%end/%error lose time and number (both are checked:
# end must match its begin, numbers must increase) -> "%begin F"; runs of
# %output lines of one pane are joined (the split depends on read timing);
# every other line is kept as it is.
import os
import re
import select
import socket
import subprocess
import sys
import termios
import time

QUIET = 0.15
LIMIT = 10.0


class Conn:
    def __init__(self, argv, cc, hello, pair=False):
        self.buf = b''
        self.cc = cc
        self.sock = None
        self.proc = None
        self.master = None
        if hello is not None:
            self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            self.sock.connect(hello)
            self.sock.sendall(b'\033zeropty-control v1 ' +
                              ' '.join(argv).encode() + b'\n')
            self.rfd = self.sock.fileno()
        elif pair:
            self.sock, child = socket.socketpair()
            self.proc = subprocess.Popen(argv, stdin=child, stdout=child)
            child.close()
            self.rfd = self.sock.fileno()
        elif cc:
            import pty
            self.master, self.slave = pty.openpty()
            # The client's terminal state, to check it is restored.
            self.before = termios.tcgetattr(self.slave)
            self.proc = subprocess.Popen(argv, stdin=self.slave,
                                         stdout=self.slave, stderr=self.slave)
            self.rfd = self.master
        else:
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE)
            self.rfd = self.proc.stdout.fileno()
        self.eof = False
        self.mark = 0

    def send(self, data):
        self.mark = len(self.buf)
        try:
            self.send_raw(data)
        except OSError:
            self.buf += b'[client gone: input refused]\n'

    def send_raw(self, data):
        if self.sock is not None:
            self.sock.sendall(data)
        elif self.master is not None:
            os.write(self.master, data)
        else:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()

    def close_input(self):
        if self.sock is not None:
            self.sock.shutdown(socket.SHUT_WR)
        elif self.master is not None:
            os.write(self.master, b'\004')
        else:
            self.proc.stdin.close()

    def read(self, timeout):
        if self.eof:
            return False
        r, _, _ = select.select([self.rfd], [], [], timeout)
        if not r:
            return False
        try:
            d = os.read(self.rfd, 65536)
        except OSError:
            d = b''
        if not d:
            self.eof = True
            return False
        self.buf += d
        return True

    def wait(self):
        if self.proc is None:
            return None
        try:
            rc = self.proc.wait(timeout=LIMIT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            rc = self.proc.wait()
            self.buf += b'[client did not exit]\n'
            self.tio_ok = True
        if self.master is not None:
            while self.read(0.2):
                pass
            self.tio_ok = termios.tcgetattr(self.slave) == self.before
        return rc


def settle(conn, need_close=False):
    """Read until a block closed (if asked) and quiet for QUIET s."""
    end = time.time() + LIMIT
    start = len(conn.buf)
    while time.time() < end:
        got = conn.read(QUIET)
        if got:
            continue
        if conn.eof:
            return
        if not need_close:
            return
        tail = conn.buf[start:]
        if re.search(rb'(^|\n)%(end|error) ', tail) or b'%exit' in tail:
            return


def wait_re(conn, pattern):
    end = time.time() + LIMIT
    start = conn.mark
    while time.time() < end:
        if re.search(pattern.encode(), conn.buf[start:], re.M):
            settle(conn)
            return True
        if not conn.read(0.1) and conn.eof:
            break
    return False


def normalise(data, cc):
    out = []
    problems = []
    if cc:
        if not data.startswith(b'\033P1000p'):
            problems.append('no DCS at start')
        else:
            data = data[7:]
        if data.endswith(b'\033\\'):
            data = data[:-2]
        else:
            problems.append('no ST at end')
        # Every line ends in CRLF on a -CC terminal.
        if re.search(rb'[^\r]\n', data):
            problems.append('LF without CR')
        data = data.replace(b'\r\n', b'\n')
    text = data.decode('utf-8', 'replace')
    lines = text.split('\n')
    if lines and lines[-1] == '':
        lines.pop()
    open_block = None
    last_n = -1
    for line in lines:
        m = re.match(r'^%(begin|end|error) (\d+) (\d+) (\d+)$', line)
        if m:
            kind, t, n, f = m.group(1), m.group(2), int(m.group(3)), \
                m.group(4)
            if kind == 'begin':
                if open_block is not None:
                    problems.append('nested %begin')
                if n <= last_n:
                    problems.append('number not increasing')
                last_n = n
                open_block = (t, n)
            else:
                if open_block != (t, n):
                    problems.append('%%%s does not match its %%begin' % kind)
                open_block = None
            out.append('%%%s %s' % (kind, f))
            continue
        m = re.match(r'^%output (%\d+) (.*)$', line)
        if m and open_block is None and out and \
                out[-1].startswith('%output ' + m.group(1) + ' '):
            out[-1] += m.group(2)
            continue
        out.append(line)
    for p in problems:
        out.append('!! ' + p)
    return out


def main():
    args = sys.argv[1:]
    cc = False
    hello = None
    pair = False
    show_rc = True
    while args and args[0] != '--':
        if args[0] == '--cc':
            cc = True
        elif args[0] == '--socketpair':
            pair = True
        elif args[0] == '--no-rc':
            show_rc = False
        elif args[0] == '--hello':
            hello = args[1]
            args = args[1:]
        args = args[1:]
    argv = args[1:]
    conn = Conn(argv, cc, hello, pair)
    if cc:
        time.sleep(0)
    settle(conn, need_close=True)
    for raw in sys.stdin.read().split('\n'):
        if raw == '':
            continue
        if raw.startswith('#wait '):
            if not wait_re(conn, raw[6:]):
                conn.buf += ('[timeout waiting for %s]\n' % raw[6:]).encode()
            continue
        if raw.startswith('#cli '):
            subprocess.run(['sh', '-c', raw[5:]], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
            settle(conn)
            continue
        if raw.startswith('#raw '):
            data = raw[5:].replace('\\r', '\r').replace('\\n', '\n')
            conn.send(data.encode())
            settle(conn, need_close=data.strip() != '')
            continue
        if raw == '#eof':
            conn.close_input()
            settle(conn)
            continue
        if raw.startswith('#say '):
            conn.buf += ('# ' + raw[5:] + '\n').encode()
            if cc:
                conn.buf = conn.buf[:-1] + b'\r\n'
            continue
        conn.send(raw.encode() + (b'\r' if cc else b'\n'))
        settle(conn, need_close=True)
    # Read to the end (a script that did not end the session: end input).
    if not cc and not conn.eof:
        try:
            conn.close_input()
        except OSError:
            pass
    end = time.time() + LIMIT
    while not conn.eof and time.time() < end:
        if not conn.read(0.2) and conn.proc is not None and \
                conn.proc.poll() is not None:
            break
    rc = conn.wait()
    for line in normalise(conn.buf, cc):
        print(line)
    if cc and not conn.tio_ok:
        print('!! termios not restored')
    if rc is not None and show_rc:
        print('rc=%d' % rc)


main()
