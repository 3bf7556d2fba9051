#!/usr/bin/python3
"""Attached client: keystroke-to-echo latency and bytes sent to the terminal,
tmux 3.3a against zeropty, alternating (issue 7, "Speed").

The client runs attached on a pseudo-terminal this script holds (80x24,
TERM=xterm-256color); the pane runs `cat`. Measured:

  echo    a key written to the terminal until its echo comes back drawn
          (terminal -> client -> server -> pane -> screen -> client ->
          terminal), microseconds, p50 and p95 of --keys keys;
  attach  bytes written to the terminal for the first full picture;
  log     bytes written while the pane prints `seq 1 N` (a scrolling log);
  agent   bytes written while the pane replays the Claude Code trace
          (bench/data/claude_session.cast, as fast as the pane takes it).

    bench/attach_bench.py --zeropty _build/zeropty [--rounds 3] [--keys 200]

Timings are this machine's and noisy: compare the ratio within one run.
"""
import argparse
import json
import os
import pty
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import fcntl
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def set_size(fd, cols, rows):
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack('HHHH', rows, cols, 0, 0))


def drain(fd, quiet=0.3, limit=10.0):
    """Read until nothing comes for `quiet` seconds; the byte count."""
    total = 0
    end = time.monotonic() + limit
    while time.monotonic() < end:
        r, _, _ = select.select([fd], [], [], quiet)
        if not r:
            break
        try:
            data = os.read(fd, 65536)
        except OSError:
            break
        if not data:
            break
        total += len(data)
    return total


def wait_for(fd, needle, limit=5.0):
    """Read until needle is seen; bytes read."""
    buf = b''
    total = 0
    end = time.monotonic() + limit
    while needle not in buf and time.monotonic() < end:
        r, _, _ = select.select([fd], [], [], 0.5)
        if not r:
            continue
        data = os.read(fd, 65536)
        total += len(data)
        buf = (buf + data)[-4096:]
    return total if needle in buf else -1


def cast_file():
    path = os.path.join(HERE, 'data', 'claude_session.cast')
    out = tempfile.NamedTemporaryFile(delete=False, suffix='.raw')
    with open(path) as f:
        next(f)
        for line in f:
            ev = json.loads(line)
            if ev[1] == 'o':
                out.write(ev[2].encode('utf-8', 'surrogateescape'))
    out.close()
    return out.name


def run_one(binary, sock, keys, seq_n, raw, env):
    cmd = [binary, '-L', sock, '-f', '/dev/null']
    subprocess.run(cmd + ['new-session', '-d', '-s', 'b', '-x', '80', '-y',
                          '23', 'cat'], env=env, check=True)
    subprocess.run(cmd + ['set', '-g', 'status-right', 'R'], env=env)
    master, slave = pty.openpty()
    set_size(slave, 80, 24)
    proc = subprocess.Popen(cmd + ['attach', '-t', 'b'], stdin=slave,
                            stdout=slave, stderr=slave, env=env,
                            start_new_session=True,
                            preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0))
    os.close(slave)
    res = {}
    try:
        res['attach'] = drain(master, quiet=0.5)
        lat = []
        for i in range(keys):
            ch = bytes([ord('a') + i % 26])
            t0 = time.perf_counter()
            os.write(master, ch)
            n = wait_for(master, ch)
            if n < 0:
                break
            lat.append((time.perf_counter() - t0) * 1e6)
            if i % 40 == 39:
                os.write(master, b'\r')
                drain(master, quiet=0.1)
        drain(master, quiet=0.2)
        lat.sort()
        res['echo_p50'] = statistics.median(lat) if lat else 0
        res['echo_p95'] = lat[int(len(lat) * 0.95) - 1] if lat else 0
        # The pane becomes a shell-less printer: respawn with seq.
        subprocess.run(cmd + ['respawn-pane', '-k', '-t', 'b',
                              'seq 1 %d; sleep 30' % seq_n], env=env)
        res['log'] = drain(master, quiet=0.6, limit=30)
        subprocess.run(cmd + ['respawn-pane', '-k', '-t', 'b',
                              'cat %s; sleep 30' % raw], env=env)
        res['agent'] = drain(master, quiet=0.6, limit=30)
    finally:
        subprocess.run(cmd + ['kill-server'], env=env,
                       stderr=subprocess.DEVNULL)
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
        os.close(master)
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--zeropty', required=True)
    ap.add_argument('--tmux', default='/usr/bin/tmux')
    ap.add_argument('--rounds', type=int, default=3)
    ap.add_argument('--keys', type=int, default=200)
    ap.add_argument('--seq', type=int, default=5000)
    args = ap.parse_args()

    env = dict(os.environ)
    env.pop('TMUX', None)
    env['TERM'] = 'xterm-256color'
    env['LANG'] = 'C.UTF-8'
    shim = os.path.join(os.path.dirname(os.path.abspath(args.zeropty)),
                        'shim', '.libs', 'libzeropty-shim.so')
    if 'ZEROPTY_SHIM' not in env and os.path.exists(shim):
        env['ZEROPTY_SHIM'] = shim
    raw = cast_file()
    results = {'tmux': [], 'zeropty': []}
    try:
        for r in range(args.rounds):
            for name, binary in (('tmux', args.tmux),
                                 ('zeropty', args.zeropty)):
                sock = 'attbench-%d-%s-%d' % (os.getpid(), name, r)
                res = run_one(binary, sock, args.keys, args.seq, raw, env)
                results[name].append(res)
                print('%-8s round %d: echo p50 %6.0f us p95 %6.0f us, '
                      'attach %6d B, log %8d B, agent %8d B' % (
                          name, r, res['echo_p50'], res['echo_p95'],
                          res['attach'], res['log'], res['agent']),
                      flush=True)
    finally:
        os.unlink(raw)

    def med(name, key):
        return statistics.median(x[key] for x in results[name])
    print('median ratios tmux/zeropty:')
    for key in ('echo_p50', 'echo_p95', 'attach', 'log', 'agent'):
        t, z = med('tmux', key), med('zeropty', key)
        print('  %-9s tmux %10.0f  zeropty %10.0f  ratio %.2f' % (
            key, t, z, t / z if z else float('nan')))


if __name__ == '__main__':
    main()
