#!/usr/bin/python3
"""Differential screen fuzzer: tmux 3.3a panes against zeropty's engine.

A stream is a list of byte tokens drawn, reproducibly from (seed, k), from a
grammar of what tmux 3.3a's input parser acts on (see gen_stream) plus raw
random bytes.  Each stream goes raw (no ONLCR) into a fresh pane of ONE
private tmux server (-L fuzz<pid>) and through engine/term/vtcat; the three
captures and the state line are compared:

    capture-pane -p -e -N -S - -E -
    capture-pane -p -J -S - -E -
    capture-pane -p -a -q
    cursor, modes, scroll region, tabs, title, history (vtcat's state line)

Both sides see the stream followed by TRAILER (ST, CAN, then XTVERSION): the
pane helper waits for tmux's "tmux 3.3a" reply, so when it comes tmux has
parsed everything before it.

Commands (python3 fuzz.py CMD ...):
  gen SEED K [--bulk]        write stream K of SEED to stdout
  run [--seed S] [--count N] [--first K] [--tap BATCH] [--size WxH]
      [--keep DIR] [--avoid-known] [--bulk] [--verbose 1]
                             fuzz; without --seed a random seed (printed);
                             --avoid-known skips inputs of regress/KNOWN bugs;
                             --bulk: mostly coloured build-log lines
  one FILE [--size WxH]      compare one raw file, print both outputs/diff
  regress [DIR]              check the regression cases (TAP)
  traces [DIR]               replay the recorded traces (TAP)
  minimise SEED K [NAME] [--file F] [--out DIR] [--size WxH]
                             shrink a differing stream (or file F) into
                             regress/NAME.{bin,tmux}
  check                      make check: regress + traces + fixed-seed run
Environment: VTCAT (default $TOP_BUILDDIR/engine/term/vtcat), TEST_TMUX.
"""

import gzip
import os
import random
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TRAILER = b"\x1b\\\x18\x1b[>q"
MARK = b"tmux 3.3a"
XTVERSION_RE = re.compile(rb"\x1b\[>[0-9;]*q")
SEP = "@@FUZZ-SEP@@"
STATE_FMT = ("#{cursor_x} #{cursor_y} hs=#{history_size} hb=#{history_bytes} "
             "fl=#{cursor_flag},#{insert_flag},#{keypad_cursor_flag},"
             "#{keypad_flag},#{wrap_flag},#{mouse_any_flag},#{origin_flag} "
             "alt=#{alternate_on} sr=#{scroll_region_upper},"
             "#{scroll_region_lower} tabs=#{pane_tabs} title=#{pane_title}")
SECTIONS = ["capture -e -N", "capture -J", "capture -a -q", "state"]
# --avoid-known: do not generate what triggers the known zeropty bugs in
# regress/KNOWN (invalid UTF-8, 38;5 followed by a colon parameter, REP
# right after a string, DEL in titles, DECSET 1001), to look for new ones.
AVOID = False
MAX_STREAM = 4000

# ---------------------------------------------------------------- grammar


def _num(r):
    """A CSI parameter: mostly small, sometimes 0, big or huge."""
    x = r.random()
    if x < 0.55:
        return str(r.randint(1, 9))
    if x < 0.7:
        return str(r.randint(10, 90))
    if x < 0.8:
        return "0"
    if x < 0.9:
        return ""
    if x < 0.97:
        return str(r.randint(100, 400))
    return str(r.choice([9999, 32767, 65535, 65536, 99999, 4294967295]))


def _params(r, lo=0, hi=2):
    return ";".join(_num(r) for _ in range(r.randint(lo, hi)))


def _sgr(r):
    """SGR parameters, colon sub-parameters and 256/RGB colours included."""
    out = []
    for _ in range(r.randint(0, 5)):
        x = r.random()
        if x < 0.3:
            out.append(str(r.choice([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 21, 22,
                                     23, 24, 25, 27, 28, 29, 53, 55, 39,
                                     49, 59])))
        elif x < 0.55:
            out.append(str(r.choice([30, 40, 90, 100]) + r.randint(0, 7)))
        elif x < 0.7:
            out.append("%d;5;%d" % (r.choice([38, 48, 58]),
                                    r.randint(0, 255)))
        elif x < 0.8:
            out.append("%d;2;%d;%d;%d" % (r.choice([38, 48, 58]),
                                          r.randint(0, 255),
                                          r.randint(0, 255),
                                          r.randint(0, 255)))
        elif x < 0.87:
            out.append("%d:5:%d" % (r.choice([38, 48, 58]),
                                    r.randint(0, 255)))
        elif x < 0.92:
            out.append("%d:2:%s:%d:%d:%d" % (
                r.choice([38, 48, 58]), r.choice(["", "0", "1"]),
                r.randint(0, 255), r.randint(0, 255), r.randint(0, 255)))
        elif x < 0.96:
            out.append("4:%d" % r.randint(0, 6))
        elif AVOID:
            out.append("0")
        else:
            out.append(r.choice(["38;5", "38;2;1", "48:5", "38;5;300",
                                 "38;2;300;0;0", "4:", ":", "38::5:1",
                                 "1:2:3", "58:2::1:2:3"]))
    return ";".join(out)


WIDE = ["\u4e00", "\u4e8c", "\uac00", "\u3042", "\uff21", "\U0001f600",
        "\U0001f44d", "\u231a", "\u2e80"]
COMBINING = ["\u0301", "\u0300", "\u0308", "\u20d7", "\u200d", "\ufe0f",
             "\ufe0e", "\U0001f3fb", "\u0489"]
NARROW = ["\u00e9", "\u2500", "\u2502", "\u256d", "\u23bf", "\u276f",
          "\u25cf", "\u273b", "\u00a0", "\u2588", "\u0410"]
INVALID = [b"\x80", b"\xbf", b"\xc0\x41", b"\xc3", b"\xe4\xb8", b"\xf0\x9f",
           b"\xf8\x88\x80\x80\x80", b"\xff", b"\xfe", b"\xed\xa0\x80",
           b"\xc0\xaf", b"\xe0\x80\xaf", b"\xf4\x90\x80\x80"]
DECMODES = [1, 3, 4, 5, 6, 7, 12, 25, 47, 1000, 1001, 1002, 1003, 1004,
            1005, 1006, 1015, 1047, 1048, 1049, 2004, 2026, 2031, 9, 66,
            1007, 1034, 1036, 1039]
TITLE_CHARS = "abcXYZ 019_-/.#:%\u00e9\u4e00\U0001f600"


def _text(r, n):
    s = []
    for _ in range(n):
        x = r.random()
        if x < 0.85:
            s.append(chr(r.randint(0x20, 0x7e)))
        elif x < 0.92:
            s.append(r.choice(NARROW))
        else:
            s.append(r.choice(WIDE))
    return "".join(s).encode()


def _string_body(r):
    return "".join(r.choice(TITLE_CHARS)
                   for _ in range(r.randint(0, 12))).encode()


def _st(r):
    x = r.choice([b"\x07", b"\x1b\\", b"\x1b\\", b"\x9c", b""])
    return b"\x07" if AVOID and x == b"\x9c" else x


def tok_text(r):
    return _text(r, r.randint(1, 40))


def tok_line(r):
    """A full line or more: exercises wrapping and scrolling."""
    return _text(r, r.choice([79, 80, 81, 160, r.randint(60, 200)]))


def tok_utf8(r):
    x = r.random()
    if x < 0.3:
        return r.choice(WIDE).encode()
    if x < 0.55:
        return (r.choice(WIDE + NARROW + ["a", "e"]) +
                "".join(r.choice(COMBINING)
                        for _ in range(r.randint(1, 3)))).encode()
    if x < 0.65:
        return r.choice(COMBINING).encode()
    if x < 0.75 or AVOID:
        return "\U0001f468\u200d\U0001f469\u200d\U0001f467".encode()
    return r.choice(INVALID)


def tok_c0(r):
    c = r.choice([0x0d, 0x0a, 0x0a, 0x0d, 0x08, 0x09, 0x09, 0x0b, 0x0c, 0x07,
                  0x0e, 0x0f, 0x00, 0x05, 0x7f, r.randint(0, 0x1f)])
    return bytes([0x08 if AVOID and c == 0x7f else c])


def tok_crlf(r):
    return b"\r\n" * r.randint(1, 30)


def tok_esc(r):
    return b"\x1b" + r.choice([
        b"7", b"8", b"D", b"E", b"M", b"H", b"c", b"=", b">", b"#8",
        b"(0", b"(B", b")0", b")B", b"(A", b"*0", b"+B", b"N", b"O",
        b"Z", b"\\", b"#3", b"%G", b"%@", b" F", b"6", b"9", b"l", b"m",
        b"n", b"o", b"|", b"}", b"~"])


def tok_charset(r):
    return r.choice([b"\x1b(0", b"\x1b)0", b"\x0e", b"\x0f", b"\x1b(B"]) + \
        r.choice([b"lqk", b"xax", b"mqj", b"abcdefghijklmnopqrstuvwxyz{|}~",
                  b"`", b""])


def tok_move(r):
    f = r.choice("ABCDEFGHfdae`IZ")
    return ("\x1b[%s%s" % (_params(r, 0, 2 if f in "Hf" else 1), f)).encode()


def tok_cup(r):
    return ("\x1b[%d;%dH" % (r.randint(0, 26), r.randint(0, 82))).encode()


def tok_edit(r):
    f = r.choice("JKJK@PLMXSTbgg")
    p = _params(r, 0, 1)
    if f in "JK" and r.random() < 0.5:
        p = str(r.choice([0, 1, 2, 3]))
    if f == "g" and r.random() < 0.7:
        p = r.choice(["", "0", "3"])
    return ("\x1b[%s%s" % (p, f)).encode()


def tok_edit_priv(r):
    return ("\x1b[?%s%s" % (r.choice(["", "0", "1", "2", "3"]),
                            r.choice("JK"))).encode()


def tok_region(r):
    x = r.random()
    if x < 0.2:
        return b"\x1b[r"
    if x < 0.8:
        a = r.randint(0, 24)
        return ("\x1b[%d;%dr" % (a, r.randint(a, 26))).encode()
    return ("\x1b[%sr" % _params(r, 0, 2)).encode()


def tok_sgr(r):
    return ("\x1b[%sm" % _sgr(r)).encode()


def tok_decset(r):
    modes = ";".join(str(r.choice(DECMODES)) for _ in range(r.randint(1, 2)))
    if AVOID:
        modes = modes.replace("1001", "1000")
    return ("\x1b[?%s%s" % (modes, r.choice("hhll"))).encode()


def tok_sm(r):
    return ("\x1b[%s%s" % (r.choice(["4", "4", "20", "34", "2", "12", "4;20"]),
                           r.choice("hl"))).encode()


def tok_misc_csi(r):
    return r.choice([
        ("\x1b[%d q" % r.randint(0, 7)).encode(),
        ("\x1b[%sb" % _params(r, 0, 1)).encode(),
        b"\x1b[s", b"\x1b[u", b"\x1b[5n", b"\x1b[6n", b"\x1b[c",
        b"\x1b[>c", b"\x1b[0c", b"\x1b[18t", b"\x1b[22;0t", b"\x1b[23;0t",
        b"\x1b[>4;2m", b"\x1b[>4m", b"\x1b[>1u", b"\x1b[<u", b"\x1b[?u",
        b"\x1b[!p", b"\x1b[?2026$p", b"\x1b[$p",
        ("\x1b[%s%s" % (_params(r, 0, 3), chr(r.randint(0x40, 0x7e))))
        .encode(),
        ("\x1b[%s%s%s" % (r.choice("<=>?"), _params(r, 0, 2),
                          chr(r.randint(0x40, 0x7e)))).encode()
        .replace(b">q", b">Q"),
        ("\x1b[%s%s%s" % (_params(r, 0, 2), chr(r.randint(0x20, 0x2f)),
                          chr(r.randint(0x40, 0x7e)))).encode()])


def tok_osc(r):
    n = r.choice([0, 0, 1, 2, 2, 7, 8, 4, 10, 11, 12, 52, 104, 110, 112,
                  133, 1337, 9])
    if n == 8:
        body = b";" + r.choice([b"", b"id=x"]) + b";" + r.choice(
            [b"http://x/" + _string_body(r), b""])
    elif n == 7:
        body = b";file://host/" + _string_body(r)
    elif n == 4:
        body = ";%d;%s" % (r.randint(0, 300),
                           r.choice(["?", "rgb:ff/00/00", "red"]))
        body = body.encode()
    elif n in (10, 11, 12):
        body = b";" + r.choice([b"?", b"#ff0000", b"rgb:00/00/00"])
    elif n == 52:
        body = b";c;" + r.choice([b"aGVsbG8=", b"?", b""])
    else:
        body = b";" + _string_body(r)
    return b"\x1b]" + str(n).encode() + body + _st(r)


def tok_string(r):
    intro = r.choice([b"\x1bP", b"\x1b_", b"\x1b^", b"\x1bX", b"\x1bk",
                      b"\x90"])
    if AVOID and intro == b"\x90":
        intro = b"\x1bP"
    body = r.choice([b"", _string_body(r), b"$qm", b"$q\"p", b"+q544e",
                     b"tmux;\x1b\x1b[1mX", b"1;2|abc", b"q#0;2;0;0;0#0!10~"])
    return intro + body + _st(r)


def tok_raw(r):
    if AVOID:
        return bytes(r.choice(b"\x1b\x1b[;?0123456789 !\"$'*+abcdx\r\n\x07")
                     for _ in range(r.randint(1, 8)))
    return bytes(r.randint(0, 255) for _ in range(r.randint(1, 8)))


def tok_rep(r):
    return _text(r, 1) + ("\x1b[%sb" % _num(r)).encode()


def tok_tabs(r):
    return r.choice([b"\x1bH", b"\x1b[g", b"\x1b[3g", b"\x1b[0g", b"\t",
                     ("\x1b[%sI" % _num(r)).encode(),
                     ("\x1b[%sZ" % _num(r)).encode(),
                     ("\x1b[%dG\x1bH" % r.randint(1, 80)).encode()])


TOKENS = [(tok_text, 14), (tok_line, 4), (tok_utf8, 8), (tok_c0, 8),
          (tok_crlf, 3), (tok_esc, 5), (tok_charset, 2), (tok_move, 8),
          (tok_cup, 6), (tok_edit, 8), (tok_edit_priv, 1), (tok_region, 3),
          (tok_sgr, 8), (tok_decset, 5), (tok_sm, 2), (tok_misc_csi, 3),
          (tok_osc, 3), (tok_string, 2), (tok_raw, 3), (tok_rep, 2),
          (tok_tabs, 3)]
_FUNCS = [f for f, _ in TOKENS]
_WEIGHTS = [w for _, w in TOKENS]

# --bulk: coloured build-log lines (benchtool bulk's, with random colours,
# widths and cut points) make most of each stream, among the tokens above:
# the text runs, SGR runs and line feeds the parser's fast paths take.
BULK = False
_BULK_WORDS = ["compiling", "module", "linking", "object", "warning",
               "section", "symbol", "archive"]


def tok_bulk(r):
    w = r.randrange(8)
    words = [r.choice(_BULK_WORDS) for _ in range(5)]
    line = ("\x1b[3%dm%07d\x1b[0m \x1b[1m%-9s\x1b[0m %s/%s_%d.c: "
            "\x1b[38;5;%dm%s %s\x1b[0m ok %d" % (
                1 + w % 6, r.randrange(10 ** 7), words[0], words[1],
                words[2], r.randrange(977), r.randrange(256), words[3],
                words[4], r.randrange(100000)))
    if r.random() < 0.3:
        line += " " * r.randint(1, 100)     # up to and past the margin
    if r.random() < 0.2:
        line = line[:r.randint(0, len(line))]   # cut inside a sequence
    return line.encode() + r.choice([b"\r\n", b"\r\n", b"\n", b""])


_BULK_FUNCS = _FUNCS + [tok_bulk]
_BULK_WEIGHTS = _WEIGHTS + [3 * sum(_WEIGHTS)]


def gen_stream(seed, k):
    """Stream k of seed: a list of byte tokens (reproducible)."""
    r = random.Random("zeropty-fuzz:%s:%d" % (seed, k))
    n = r.choice([5, 20, 60, 150, 300])
    n = r.randint(1, n)
    if BULK:
        toks = [f(r) for f in r.choices(_BULK_FUNCS, _BULK_WEIGHTS, k=n)]
    else:
        toks = [f(r) for f in r.choices(_FUNCS, _WEIGHTS, k=n)]
    # At most MAX_STREAM bytes: tmux reads a pane 4096 bytes at a time and
    # what it makes of a ZWJ sequence split across two reads differs from
    # one read (zeropty joins it), so longer streams give false alarms.
    size = 0
    for i, t in enumerate(toks):
        size += len(t)
        if size > MAX_STREAM:
            toks = toks[:i]
            break
    if AVOID:
        # No REP straight after a string, no DEL or 8-bit C1 in strings.
        out = []
        for t in toks:
            if out and re.match(rb"\x1b\[[0-9;]*b", t):
                out.append(b"\x1b\\x")     # end any string, print
            out.append(t.replace(b"\x7f", b"") if t[:2] in (
                b"\x1b]", b"\x1b_", b"\x1bk", b"\x1bP", b"\x1b^",
                b"\x1bX") else t)
        toks = out
    return toks


# ---------------------------------------------------------------- sides


def tmux_bin():
    t = os.environ.get("TEST_TMUX") or "/usr/bin/tmux"
    return t if os.access(t, os.X_OK) else "/usr/bin/tmux"


def vtcat_bin():
    v = os.environ.get("VTCAT")
    if not v:
        v = os.path.join(os.environ.get("TOP_BUILDDIR", "."),
                         "engine/term/vtcat")
    return v


def run_vtcat(path, sx, sy):
    """vtcat's output in the comparison format."""
    v = vtcat_bin()
    size = ["-x", str(sx), "-y", str(sy)]

    def go(args):
        p = subprocess.run([v] + size + args + [path], stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, timeout=60)
        if p.returncode != 0:
            return None
        return p.stdout
    a = go(["-s", "-e", "-N", "-S", "-", "-E", "-"])
    b = go(["-s", "-J", "-S", "-", "-E", "-"])
    c = go(["-a", "-q"])
    if a is None or b is None or c is None:
        return None
    c = c.rstrip(b"\n").rsplit(b"\n", 1)
    cap = c[0] + b"\n" if len(c) == 2 else b""
    state = c[-1] + b"\n"
    sep = (SEP + "\n").encode()
    return a + sep + b + sep + cap + sep + state


def pane_bin(work):
    """The pane helper: pane.c compiled into work, else the Python one."""
    exe = os.path.join(work, "pane")
    if os.path.exists(exe):
        return exe
    cc = os.environ.get("CC") or "cc"
    try:
        p = subprocess.run([cc, "-O", "-o", exe, os.path.join(HERE, "pane.c")],
                           stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=60)
        if p.returncode == 0:
            return exe
    except (OSError, subprocess.TimeoutExpired):
        pass
    return "/usr/bin/python3 %s pane" % os.path.abspath(__file__)


class Tmux:
    """One private tmux 3.3a server; each stream gets a fresh window :1."""

    def __init__(self, sx, sy, work):
        self.sx, self.sy, self.work = sx, sy, work
        self.sock = "fuzz%d-%dx%d" % (os.getpid(), sx, sy)
        self.env = dict(os.environ)
        for k in ("TMUX", "TMUX_PANE", "LC_ALL", "LC_CTYPE"):
            self.env.pop(k, None)
        self.env["LANG"] = "C.UTF-8"
        self.env["TERM"] = "xterm-256color"
        self.n = 0
        self.started = False
        self.status = "ok"

    def t(self, *args, timeout=20):
        return subprocess.run([tmux_bin(), "-L", self.sock, "-f", "/dev/null"]
                              + list(args), stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, env=self.env,
                              timeout=timeout)

    def start(self):
        self.kill()
        p = self.t("new-session", "-d", "-x", str(self.sx), "-y",
                   str(self.sy), "exec sleep 1000000")
        if p.returncode != 0:
            raise RuntimeError("tmux: " + p.stderr.decode())
        self.started = True

    def kill(self):
        if self.started:
            try:
                self.t("kill-server", timeout=10)
            except subprocess.TimeoutExpired:
                pass
        self.started = False

    def alive(self):
        try:
            return self.t("has-session", timeout=10).returncode == 0
        except subprocess.TimeoutExpired:
            return False

    def run(self, data, nmarks):
        """Feed data (trailer included); the comparison output, or None
        when the server died (it is restarted)."""
        if not self.started:
            self.start()
        self.n += 1
        d = os.path.join(self.work, "p%d" % self.n)
        os.mkdir(d)
        f = os.path.join(d, "in")
        with open(f, "wb") as fp:
            fp.write(data)
        cmd = "exec %s %s %d" % (pane_bin(self.work), d, nmarks)
        p = self.t("new-window", "-d", "-t", ":1", cmd, ";",
                   "select-pane", "-t", ":1.0", "-T", "")
        if p.returncode != 0:
            self.failed(p)
            shutil.rmtree(d, ignore_errors=True)
            return None
        open(os.path.join(d, "go"), "w").close()
        done = os.path.join(d, "done")
        t0 = time.time()
        last = t0
        while not os.path.exists(done):
            time.sleep(0.002)
            if time.time() - last > 1:
                last = time.time()
                if not self.alive():
                    self.started = False
                    self.status = "crash"
                    shutil.rmtree(d, ignore_errors=True)
                    return None
            if time.time() - t0 > 30:
                break
        tgt = ":1.0"
        p = self.t("capture-pane", "-p", "-e", "-N", "-S", "-", "-E", "-",
                   "-t", tgt, ";", "display-message", "-p", SEP, ";",
                   "capture-pane", "-p", "-J", "-S", "-", "-E", "-", "-t",
                   tgt, ";", "display-message", "-p", SEP, ";",
                   "capture-pane", "-p", "-a", "-q", "-t", tgt, ";",
                   "display-message", "-p", SEP, ";",
                   "display-message", "-p", "-t", tgt, STATE_FMT, ";",
                   "kill-window", "-t", ":1")
        shutil.rmtree(d, ignore_errors=True)
        if p.returncode != 0:
            self.failed(p)
            return None
        self.status = "ok"
        return p.stdout

    def failed(self, p):
        """A command failed: "crash" if the server died (it is restarted
        by the next run), else "error" (window :1 is cleaned up)."""
        self.stderr = p.stderr.decode(errors="replace").strip()
        if self.alive():
            self.status = "error"
            self.t("kill-window", "-t", ":1")
        else:
            self.status = "crash"
            self.started = False


def pane_helper(d, nmarks):
    """Runs in the tmux pane: raw mode, wait for go, write, wait for the
    XTVERSION replies, say done."""
    import tty
    tty.setraw(0)
    go = os.path.join(d, "go")
    while not os.path.exists(go):
        time.sleep(0.001)
    with open(os.path.join(d, "in"), "rb") as fp:
        data = fp.read()
    got = b""
    os.set_blocking(1, True)
    view = memoryview(data)
    while view:
        # Drain replies while writing so tmux never stalls on them.
        r, w, _ = select.select([0], [1], [], 5)
        if 0 in r:
            got += os.read(0, 65536)
        if 1 in w:
            n = os.write(1, view[:4096])
            view = view[n:]
    deadline = time.time() + 3
    status = "ok"
    while got.count(MARK) < nmarks:
        left = deadline - time.time()
        if left <= 0:
            status = "timeout"
            break
        r, _, _ = select.select([0], [], [], left)
        if r:
            got += os.read(0, 65536)
    with open(os.path.join(d, "done.tmp"), "w") as fp:
        fp.write(status)
    os.rename(os.path.join(d, "done.tmp"), os.path.join(d, "done"))
    while True:
        signal.pause()


# ---------------------------------------------------------------- compare


def split_sections(out):
    return out.split((SEP + "\n").encode())


def first_difference(a, b):
    """Name of the first differing section, or None."""
    sa, sb = split_sections(a), split_sections(b)
    for i, name in enumerate(SECTIONS):
        x = sa[i] if i < len(sa) else None
        y = sb[i] if i < len(sb) else None
        if x != y:
            return name
    return None


def short_diff(a, b, limit=12):
    import difflib
    def vis(x):
        x = x.decode("utf-8", "backslashreplace")
        return re.sub("[\x00-\x09\x0b-\x1f\x7f]",
                      lambda m: "\\x%02x" % ord(m.group()), x)
    la = vis(a).splitlines()
    lb = vis(b).splitlines()
    out = list(difflib.unified_diff(la, lb, "tmux", "zeropty", n=0,
                                    lineterm=""))
    out = [x if len(x) < 200 else x[:200] + "..." for x in out]
    if len(out) > limit:
        out = out[:limit] + ["... (%d more diff lines)" % (len(out) - limit)]
    return out


class Differ:
    """Feeds one stream to both sides."""

    def __init__(self, sx=80, sy=24):
        self.sx, self.sy = sx, sy
        self.work = tempfile.mkdtemp(prefix="zp-fuzz-")
        self.tmux = Tmux(sx, sy, self.work)
        self.crashes = 0

    def close(self):
        self.tmux.kill()
        shutil.rmtree(self.work, ignore_errors=True)

    def compare(self, data):
        """(tmux output or None if tmux crashed, zeropty output)."""
        data = data + TRAILER
        nmarks = len(XTVERSION_RE.findall(data))
        ref = self.tmux.run(data, nmarks)
        if ref is None and self.tmux.status == "error":
            ref = self.tmux.run(data, nmarks)   # once more
        if ref is None:
            self.crashes += 1
            self.why = self.tmux.status + ": " + getattr(self.tmux,
                                                         "stderr", "")
        f = os.path.join(self.work, "vt.bin")
        with open(f, "wb") as fp:
            fp.write(data)
        sut = run_vtcat(f, self.sx, self.sy)
        return ref, sut


def parse_size(s):
    w, h = s.split("x")
    return int(w), int(h)


# ---------------------------------------------------------------- regress


def regress_cases(d):
    out = []
    for name in sorted(os.listdir(d)):
        if name.endswith(".bin"):
            out.append(name[:-4])
    return out


def read_case(d, name):
    with open(os.path.join(d, name + ".bin"), "rb") as fp:
        data = fp.read()
    with open(os.path.join(d, name + ".tmux"), "rb") as fp:
        exp = fp.read()
    head, exp = exp.split(b"\n", 1)
    m = re.match(rb"# size (\d+)x(\d+)", head)
    return data, int(m.group(1)), int(m.group(2)), exp


def known_list(d):
    """regress/KNOWN: 'name-or-seed:k # reason' lines (TAP TODO)."""
    known = {}
    p = os.path.join(d, "KNOWN")
    if os.path.exists(p):
        for line in open(p):
            line = line.strip()
            if line and not line.startswith("#"):
                k, _, why = line.partition("#")
                known[k.strip()] = why.strip()
    return known


def write_case(d, name, data, sx, sy, exp):
    with open(os.path.join(d, name + ".bin"), "wb") as fp:
        fp.write(data)
    with open(os.path.join(d, name + ".tmux"), "wb") as fp:
        fp.write(b"# size %dx%d\n" % (sx, sy) + exp)


# ---------------------------------------------------------------- TAP


class Tap:
    def __init__(self):
        self.n = 0
        self.failed = 0

    def point(self, ok, msg, diag=(), todo=None):
        self.n += 1
        s = "%s %d - %s" % ("ok" if ok else "not ok", self.n, msg)
        if todo:
            s += " # TODO " + todo
        elif not ok:
            self.failed += 1
        print(s, flush=True)
        for line in diag:
            print("# " + line, flush=True)

    def done(self):
        print("1..%d" % self.n, flush=True)


def check_regress(tap, d, known):
    if not os.path.isdir(d):
        return
    for name in regress_cases(d):
        data, sx, sy, exp = read_case(d, name)
        f = tempfile.NamedTemporaryFile(delete=False)
        f.write(data + TRAILER)
        f.close()
        sut = run_vtcat(f.name, sx, sy)
        os.unlink(f.name)
        ok = sut == exp
        diag = [] if ok or sut is None else short_diff(exp, sut)
        tap.point(ok, "regress %s" % name, diag, known.get(name))


def trace_files(d):
    """(name, bytes, size) of each trace in data/: NAME-WxH.bin[.gz] is
    replayed at WxH, other names at 220x80 (the Claude Code traces)."""
    out = []
    for name in sorted(os.listdir(d)):
        p = os.path.join(d, name)
        if name.endswith(".bin.gz"):
            data = gzip.open(p).read()
        elif name.endswith(".bin"):
            data = open(p, "rb").read()
        else:
            continue
        m = re.search(r"-(\d+)x(\d+)\.bin", name)
        size = (int(m.group(1)), int(m.group(2))) if m else (220, 80)
        out.append((name, data, size))
    return out


def check_traces(tap, d, known):
    if not os.path.isdir(d):
        return
    differs = {}
    for name, data, (sx, sy) in trace_files(d):
        if (sx, sy) not in differs:
            differs[(sx, sy)] = Differ(sx, sy)
        ref, sut = differs[(sx, sy)].compare(data)
        if ref is None:
            tap.point(True, "trace %s # SKIP tmux crashed" % name)
            continue
        ok = ref == sut
        diag = [] if ok or sut is None else (
            ["first difference: " + str(first_difference(ref, sut))] +
            short_diff(ref, sut))
        tap.point(ok, "trace %s (%dx%d, %d bytes)" % (name, sx, sy,
                                                       len(data)),
                  diag, known.get(name))
    for x in differs.values():
        x.close()


def fuzz_batches(tap, seed, first, count, batch, size, known, keep=None,
                 verbose=False):
    """Run streams first..first+count-1 of seed; one TAP point per batch."""
    sx, sy = size
    df = Differ(sx, sy)
    stats = {"run": 0, "diff": 0, "crash": 0, "known": 0, "flaky": 0}
    try:
        k = first
        while k < first + count:
            end = min(k + batch, first + count)
            bad = []
            crashed = []
            todo = []
            diag = []
            for j in range(k, end):
                data = b"".join(gen_stream(seed, j))
                ref, sut = df.compare(data)
                stats["run"] += 1
                if ref is None:
                    stats["crash"] += 1
                    crashed.append(j)
                    print("# tmux failed on seed %s stream %d (%s)" % (
                        seed, j, df.why), flush=True)
                    if keep:
                        with open(os.path.join(keep, "crash-%s-%d.bin" % (
                                seed, j)), "wb") as fp:
                            fp.write(data)
                    continue
                if ref == sut:
                    continue
                # tmux is not always deterministic (a ZWJ sequence split
                # across two of its reads is not joined): run it again and
                # count a stream whose tmux output changes as flaky.
                ref2, _ = df.compare(data)
                if ref2 != ref:
                    stats["flaky"] += 1
                    print("# tmux flaky on seed %s stream %d (%s)" % (
                        seed, j, "crashed" if ref2 is None else
                        "output changed"), flush=True)
                    continue
                key = "%s:%d" % (seed, j)
                if key in known:
                    stats["known"] += 1
                    todo.append(j)
                    continue
                stats["diff"] += 1
                bad.append(j)
                if keep:
                    with open(os.path.join(keep, "diff-%s-%d.bin" % (
                            seed, j)), "wb") as fp:
                        fp.write(data)
                if len(bad) == 1:
                    diag = (["first differing: seed %s stream %d (%s); "
                             "python3 fuzz.py minimise %s %d" % (
                                 seed, j, first_difference(ref, sut or b""),
                                 seed, j)] +
                            (short_diff(ref, sut) if sut else
                             ["vtcat failed"]))
                if verbose:
                    print("# diff seed %s stream %d: %s" % (
                        seed, j, first_difference(ref, sut or b"")),
                        flush=True)
            msg = "seed %s streams %d-%d" % (seed, k, end - 1)
            if crashed:
                msg += " (tmux crashed on %s, skipped)" % ",".join(
                    map(str, crashed))
            if bad:
                msg += ": %d differ, first %d" % (len(bad), bad[0])
            if todo and not bad:
                msg += " (known: %s)" % ",".join(map(str, todo))
            tap.point(not bad, msg, diag)
            k = end
    finally:
        df.close()
    return stats


# ---------------------------------------------------------------- minimise


UNIT_RE = re.compile(
    rb"\x1b\[[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]"
    rb"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\\\)?"
    rb"|\x1b[P_^Xk][^\x1b]*(?:\x1b\\\\)?"
    rb"|\x1b[\x20-\x2f]*[\x30-\x7e]"
    rb"|[\xc0-\xf7][\x80-\xbf]*"
    rb"|.", re.S)


def units(data):
    """data cut into sequences, characters and single bytes."""
    return [m.group() for m in UNIT_RE.finditer(data)]


def valid_utf8(b):
    try:
        b.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


def ddmin(items, pred):
    """Classic delta debugging on a list; pred(list) -> still interesting."""
    n = 2
    while len(items) >= 2:
        chunk = max(1, len(items) // n)
        reduced = False
        for i in range(0, len(items), chunk):
            cand = items[:i] + items[i + chunk:]
            if cand and pred(cand):
                items = cand
                n = max(n - 1, 2)
                reduced = True
                break
        if not reduced:
            if chunk == 1:
                break
            n = min(n * 2, len(items))
    return items


def minimise(tokens, sx, sy, log=print):
    df = Differ(sx, sy)
    try:
        ref, sut = df.compare(b"".join(tokens))
        if ref is None or ref == sut:
            log("not differing (tmux %s)" % ("crashed" if ref is None
                                             else "agrees"))
            return None
        what = first_difference(ref, sut)
        log("differs in %s; %d tokens, %d bytes" % (
            what, len(tokens), len(b"".join(tokens))))
        calls = [0]
        # Do not drift into the invalid UTF-8 class if it was valid.
        utf8 = valid_utf8(b"".join(tokens))

        def pred(toks):
            data = b"".join(toks)
            if utf8 and not valid_utf8(data):
                return False
            calls[0] += 1
            r, s = df.compare(data)
            return r is not None and r != s and \
                first_difference(r, s) == what
        tokens = ddmin(tokens, pred)
        log("tokens: %d (%d runs)" % (len(tokens), calls[0]))
        us = units(b"".join(tokens))
        if len(us) <= 800:
            us = ddmin(us, pred)
        data = b"".join(us)
        log("units: %d (%d runs)" % (len(us), calls[0]))
        if len(data) <= 200:
            data = b"".join(ddmin([data[i:i + 1]
                                   for i in range(len(data))], pred))
        log("bytes: %d (%d runs)" % (len(data), calls[0]))
        ref, sut = df.compare(data)
        return data, ref, sut
    finally:
        df.close()


# ---------------------------------------------------------------- main


def main(argv):
    # On SIGTERM (make check timeouts, kill) still kill our tmux server.
    signal.signal(signal.SIGTERM, lambda *a: sys.exit(143))
    if len(argv) < 2:
        print(__doc__)
        return 2
    cmd, args = argv[1], argv[2:]
    opts = {}
    pos = []
    global AVOID, BULK
    if "--avoid-known" in args:
        args = [a for a in args if a != "--avoid-known"]
        AVOID = True
    if "--bulk" in args:
        args = [a for a in args if a != "--bulk"]
        BULK = True
    i = 0
    while i < len(args):
        if args[i].startswith("--") and i + 1 < len(args):
            opts[args[i][2:]] = args[i + 1]
            i += 2
        else:
            pos.append(args[i])
            i += 1
    regdir = os.path.join(HERE, "regress")
    if cmd == "pane":
        pane_helper(pos[0], int(pos[1]))
        return 0
    if cmd == "gen":
        sys.stdout.buffer.write(b"".join(gen_stream(pos[0], int(pos[1]))))
        return 0
    if cmd == "one":
        size = parse_size(opts.get("size", "80x24"))
        df = Differ(*size)
        data = open(pos[0], "rb").read()
        ref, sut = df.compare(data)
        df.close()
        if ref is None:
            print("tmux crashed")
            return 3
        if ref == sut:
            print("same")
            return 0
        print("differs in %s" % first_difference(ref, sut))
        print("\n".join(short_diff(ref, sut, 60)))
        return 1
    if cmd == "minimise":
        seed, k = pos[0], int(pos[1])
        name = pos[2] if len(pos) > 2 else "s%s-%d" % (seed, k)
        size = parse_size(opts.get("size", "80x24"))
        if "file" in opts:
            toks = units(open(opts["file"], "rb").read())
        else:
            toks = gen_stream(seed, k)
        res = minimise(toks, *size)
        if res is None:
            return 1
        data, ref, sut = res
        print(repr(data))
        print("\n".join(short_diff(ref, sut, 40)))
        out = opts.get("out", regdir)
        write_case(out, name, data, size[0], size[1], ref)
        print("wrote %s/%s.{bin,tmux}" % (out, name))
        return 0
    tap = Tap()
    known = known_list(regdir)
    if cmd == "regress":
        check_regress(tap, pos[0] if pos else regdir, known)
    elif cmd == "traces":
        check_traces(tap, pos[0] if pos else os.path.join(HERE, "data"),
                     known)
    elif cmd in ("run", "check"):
        if not os.access(vtcat_bin(), os.X_OK):
            print("1..0 # SKIP vtcat not built (%s)" % vtcat_bin())
            return 0
        if cmd == "check":
            check_regress(tap, regdir, known)
            check_traces(tap, os.path.join(HERE, "data"), known)
        seed = opts.get("seed") or str(random.SystemRandom().randint(
            1, 10 ** 9))
        count = int(opts.get("count", "300"))
        first = int(opts.get("first", "0"))
        batch = int(opts.get("tap", "25"))
        keep = opts.get("keep")
        if keep:
            os.makedirs(keep, exist_ok=True)
        print("# seed %s, streams %d-%d" % (seed, first, first + count - 1),
              flush=True)
        t0 = time.time()
        st = fuzz_batches(tap, seed, first, count, batch,
                          parse_size(opts.get("size", "80x24")), known,
                          keep, verbose="verbose" in opts)
        print("# seed %s: %d streams in %.1fs, %d differ, %d known, "
              "%d tmux crashes, %d tmux flaky" % (
                  seed, st["run"], time.time() - t0, st["diff"],
                  st["known"], st["crash"], st["flaky"]), flush=True)
    else:
        print(__doc__)
        return 2
    tap.done()
    return 1 if tap.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
