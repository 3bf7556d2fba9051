"""zeropty: a tiny ctypes wrapper of libzeropty (lib/zeropty.h).

    import zeropty
    z = zeropty.Client(label="work", command="attach -t work")
    out = z.cmd("display -p '#{pane_id}'")        # raises zeropty.Error
    z.wait_pane("%1", "$ ", timeout_ms=5000)
    z.cmd("send-keys -W -t %1 'make test' Enter")
    for line in z.grep("FAIL", session=None):
        print(line)
    zeropty.run(["new-session", "-d", "-s", "x"], label="work")

The shared library is found as $ZEROPTY_LIB, then libzeropty.so.0 on the
loader's path. Not thread-safe: one Client per thread.
"""
import ctypes
import ctypes.util
import os

__all__ = ["Client", "Error", "run", "socket_path"]


class Error(Exception):
    """A command failed; the message is the server's."""


class _Reply(ctypes.Structure):
    _fields_ = [("error", ctypes.c_int), ("out", ctypes.c_void_p),
                ("len", ctypes.c_size_t), ("err", ctypes.c_void_p),
                ("status", ctypes.c_int)]

    def text(self, which="out"):
        p = getattr(self, which)
        if not p:
            return ""
        return ctypes.string_at(p).decode("utf-8", "replace")


def _load():
    path = os.environ.get("ZEROPTY_LIB") or \
        ctypes.util.find_library("zeropty") or "libzeropty.so.0"
    lib = ctypes.CDLL(path, use_errno=True)
    cp = ctypes.c_char_p
    vp = ctypes.c_void_p
    lib.zp_socket_path.argtypes = [cp, ctypes.c_char_p, ctypes.c_size_t]
    lib.zp_run.argtypes = [cp, ctypes.POINTER(cp), ctypes.POINTER(_Reply),
                           ctypes.POINTER(vp)]
    lib.zp_open.argtypes = [ctypes.POINTER(vp), cp, cp, ctypes.POINTER(vp)]
    lib.zp_close.argtypes = [vp]
    lib.zp_command.argtypes = [vp, cp, ctypes.POINTER(_Reply)]
    lib.zp_send.argtypes = [vp, cp, ctypes.c_int,
                            ctypes.POINTER(ctypes.c_uint)]
    lib.zp_result.argtypes = [vp, ctypes.c_uint, ctypes.c_int,
                              ctypes.POINTER(_Reply)]
    lib.zp_notification.argtypes = [vp, ctypes.c_int, ctypes.POINTER(vp)]
    lib.zp_reply_free.argtypes = [ctypes.POINTER(_Reply)]
    lib.zp_fd.argtypes = [vp]
    lib.free = ctypes.CDLL(None).free
    lib.free.argtypes = [vp]
    return lib


_lib = None


def _l():
    global _lib
    if _lib is None:
        _lib = _load()
    return _lib


def _take(p):
    """A malloc'd C string as str, freed."""
    if not p:
        return ""
    s = ctypes.string_at(p).decode("utf-8", "replace")
    _l().free(p)
    return s


def socket_path(label=None):
    """The socket `zeropty -L label` uses (None: $TMUX's, else default)."""
    buf = ctypes.create_string_buffer(4096)
    if _l().zp_socket_path(label.encode() if label else None, buf,
                           4096) != 0:
        raise OSError(ctypes.get_errno(), "socket path too long")
    return buf.value.decode()


def run(argv, label=None, socket=None):
    """One command (a list of words) as `zeropty` runs it:
    (status, stdout, stderr)."""
    sock = socket or socket_path(label)
    words = (ctypes.c_char_p * (len(argv) + 1))(
        *[w.encode() for w in argv], None)
    r = _Reply()
    cause = ctypes.c_void_p()
    if _l().zp_run(sock.encode(), words, ctypes.byref(r),
                   ctypes.byref(cause)) != 0:
        raise Error(_take(cause))
    try:
        return r.status, r.text("out"), r.text("err")
    finally:
        _l().zp_reply_free(ctypes.byref(r))


class Client:
    """One control-mode connection, kept open."""

    def __init__(self, label=None, socket=None, command="attach"):
        self._c = ctypes.c_void_p()
        cause = ctypes.c_void_p()
        sock = socket or socket_path(label)
        if _l().zp_open(ctypes.byref(self._c), sock.encode(),
                        command.encode(), ctypes.byref(cause)) != 0:
            raise Error(_take(cause))

    def close(self):
        if self._c:
            _l().zp_close(self._c)
            self._c = ctypes.c_void_p()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def fileno(self):
        return _l().zp_fd(self._c)

    def _reply(self, r):
        try:
            out = r.text("out")
            if r.error:
                raise Error(out)
            return out
        finally:
            _l().zp_reply_free(ctypes.byref(r))

    def cmd(self, command):
        """Run a command line; its output (raises Error if it failed)."""
        r = _Reply()
        if _l().zp_command(self._c, command.encode(), ctypes.byref(r)) != 0:
            raise OSError(ctypes.get_errno(), "connection lost")
        return self._reply(r)

    def send(self, command, deferred=False):
        """Send without waiting; a ticket for result()."""
        t = ctypes.c_uint()
        if _l().zp_send(self._c, command.encode(), 1 if deferred else 0,
                        ctypes.byref(t)) != 0:
            raise OSError(ctypes.get_errno(), "connection lost")
        return t.value

    def result(self, ticket, timeout_ms=-1):
        """The output of ticket's command; TimeoutError if not yet."""
        r = _Reply()
        if _l().zp_result(self._c, ticket, timeout_ms, ctypes.byref(r)) != 0:
            e = ctypes.get_errno()
            if e == 110:
                raise TimeoutError(ticket)
            raise OSError(e, "connection lost")
        return self._reply(r)

    def notification(self, timeout_ms=-1):
        """The next %-notification line, or None on timeout."""
        line = ctypes.c_void_p()
        n = _l().zp_notification(self._c, timeout_ms, ctypes.byref(line))
        if n < 0:
            raise OSError(ctypes.get_errno(), "connection lost")
        return _take(line) if n == 1 else None

    @staticmethod
    def quote(word):
        return "'" + word.replace("'", "'\\''") + "'"

    def wait_pane(self, target, pattern, regex=False, timeout_ms=-1):
        """Wait until target's screen shows pattern."""
        c = "wait-pane"
        if target:
            c += " -t " + self.quote(target)
        c += (" -r " if regex else " -s ") + self.quote(pattern)
        if timeout_ms >= 0:
            c += " -T %d" % timeout_ms
        return self.cmd(c)

    def grep(self, regex, session=None):
        """grep-panes: matching lines of every pane (or session's)."""
        c = "grep-panes " + ("-t " + self.quote(session) if session
                             else "-a")
        out = self.cmd(c + " -e " + self.quote(regex))
        return out.splitlines() if out else []
