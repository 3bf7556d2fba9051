# conformance/libtmux/conftest.py: fixtures running libtmux 0.21 and tmuxp
# 1.27 against two backends, tmux 3.3a ("tmux") and zeropty ("zeropty").
#
# libtmux finds its binary with shutil.which("tmux") on every call, so each
# backend is a private directory holding a symlink named "tmux" that is put
# first on PATH for the duration of a test.  Every test takes the `backend`
# fixture and is parametrised over both; a test marked
# @pytest.mark.zeropty_gap("reason") is xfail(strict=True) for zeropty only.
#
# Differential tests write a scenario function (server, ctx) -> observations
# and call `differential(scenario)`: it runs the scenario on a fresh server of
# the current backend; for zeropty it also runs (or reuses) the tmux run of
# the same scenario and asserts the observations are equal.  Scenarios assert
# hard facts themselves, so the tmux parameter checks the expectations and
# the zeropty parameter checks them plus equality with tmux.
#
# Servers live on unique -L sockets and are always killed by the fixture,
# never anything by name.

import contextlib
import os
import shutil
import tempfile
import time

import pytest

TMUX_BIN = os.environ.get("TEST_TMUX") or "/usr/bin/tmux"
ZEROPTY_BIN = os.environ.get("TEST_ZEROPTY") or ""

_root = tempfile.mkdtemp(prefix="zplt.")
_counter = [0]
_reference = {}		# scenario key -> tmux observations


def _backend_dir(name, binary):
	d = os.path.join(_root, "bin-" + name)
	os.makedirs(d, exist_ok=True)
	link = os.path.join(d, "tmux")
	if not os.path.lexists(link):
		os.symlink(binary, link)
	return d


def zeropty_usable():
	return bool(ZEROPTY_BIN) and os.path.isfile(ZEROPTY_BIN) and \
	    os.access(ZEROPTY_BIN, os.X_OK)


def _base_env():
	"""The environment both backends' servers start with."""
	env = dict(os.environ)
	for k in ("TMUX", "TMUX_PANE", "TMUX_TMPDIR", "ENV", "BASH_ENV",
	    "PROMPT_COMMAND", "LIBTMUX_TMUX_FORMAT_SEPARATOR"):
		env.pop(k, None)
	env["SHELL"] = "/bin/sh"	# default-shell: dash, prompt "# "
	env["LANG"] = "C.UTF-8"		# the U+241E separator needs UTF-8
	env["LC_ALL"] = "C.UTF-8"
	env["TERM"] = "xterm-256color"
	env["HOME"] = os.environ.get("HOME", "/root")
	if zeropty_usable() and not env.get("ZEROPTY_SHIM"):
		shim = os.path.join(os.path.dirname(os.path.abspath(ZEROPTY_BIN)),
		    "shim", ".libs", "libzeropty-shim.so")
		if os.path.isfile(shim):
			env["ZEROPTY_SHIM"] = shim
	return env


class Backend:
	def __init__(self, name, binary):
		self.name = name
		self.binary = os.path.abspath(binary)
		self.bindir = _backend_dir(name, self.binary)

	@contextlib.contextmanager
	def active(self):
		"""Make `tmux` on PATH (and in os.environ) this backend."""
		saved = dict(os.environ)
		env = _base_env()
		env["PATH"] = self.bindir + os.pathsep + \
		    os.environ.get("PATH", "/usr/bin:/bin")
		os.environ.clear()
		os.environ.update(env)
		try:
			assert shutil.which("tmux") == os.path.join(self.bindir, "tmux")
			yield self
		finally:
			os.environ.clear()
			os.environ.update(saved)

	def socket_name(self):
		_counter[0] += 1
		return "zplt-%d-%d-%s" % (os.getpid(), _counter[0], self.name)

	@contextlib.contextmanager
	def server(self):
		"""A fresh libtmux.Server on a unique socket, killed afterwards."""
		import libtmux
		with self.active():
			srv = libtmux.Server(socket_name=self.socket_name())
			try:
				yield srv
			finally:
				try:
					srv.kill_server()
				except Exception:
					pass
				self.forget_socket(srv.socket_name)

	@staticmethod
	def forget_socket(name):
		"""Remove the socket (and zeropty's lock) files left behind by
		a server this suite started and killed."""
		for d in ("tmux", "zeropty"):
			base = "/tmp/%s-%d/%s" % (d, os.getuid(), name)
			for f in (base, base + ".lock"):
				try:
					os.unlink(f)
				except OSError:
					pass

	def run(self, scenario, ctx):
		with self.server() as srv:
			return scenario(srv, ctx)


BACKENDS = {"tmux": Backend("tmux", TMUX_BIN)}
# TEST_ZEROPTY=/usr/bin/tmux runs tmux on both sides: every test must pass,
# which shows the scenarios are deterministic (gap marks are ignored).
SELFTEST = zeropty_usable() and \
    os.path.realpath(ZEROPTY_BIN) == os.path.realpath(TMUX_BIN)
if zeropty_usable():
	BACKENDS["zeropty"] = Backend("zeropty", ZEROPTY_BIN)


TEST_TIMEOUT = 120	# seconds; a hung client must not hang the suite


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
	"""Fail a test that runs longer than TEST_TIMEOUT (SIGALRM)."""
	import signal

	def expired(signum, frame):
		raise TimeoutError("test exceeded %d s" % TEST_TIMEOUT)
	old = signal.signal(signal.SIGALRM, expired)
	signal.alarm(TEST_TIMEOUT)
	try:
		yield
	finally:
		signal.alarm(0)
		signal.signal(signal.SIGALRM, old)


def pytest_configure(config):
	config.addinivalue_line("markers",
	    "zeropty_gap(reason): confirmed zeropty gap; xfail strict for zeropty")


def pytest_generate_tests(metafunc):
	if "backend" not in metafunc.fixturenames:
		return
	gap = metafunc.definition.get_closest_marker("zeropty_gap")
	zmarks = []
	if gap is not None and not SELFTEST:
		zmarks.append(pytest.mark.xfail(strict=True, reason=gap.args[0]))
	if "zeropty" not in BACKENDS:
		zmarks.append(pytest.mark.skip(reason="TEST_ZEROPTY not set"))
	metafunc.parametrize("backend", [
	    pytest.param("tmux", id="tmux"),
	    pytest.param("zeropty", id="zeropty", marks=zmarks)],
	    indirect=True)


@pytest.fixture
def backend(request):
	return BACKENDS[request.param]


class Ctx:
	"""Per-scenario things that must be equal on both backends."""

	def __init__(self, key):
		self.key = key
		self.dir = os.path.join(_root, "work", key)
		os.makedirs(self.dir, exist_ok=True)

	def path(self, *parts):
		p = os.path.join(self.dir, *parts)
		os.makedirs(p, exist_ok=True)
		return p


@pytest.fixture
def ctx(request):
	return Ctx(_scenario_key(request))


@pytest.fixture
def server(backend):
	with backend.server() as srv:
		yield srv


def _scenario_key(request):
	"""The test's name plus its parameters other than the backend."""
	key = request.node.originalname
	callspec = getattr(request.node, "callspec", None)
	if callspec is not None:
		for k, v in sorted(callspec.params.items()):
			if k != "backend":
				key += "-%s" % v
	return key


@pytest.fixture
def differential(backend, request):
	key = _scenario_key(request)

	def run(scenario):
		ctx = Ctx(key)
		obs = backend.run(scenario, ctx)
		if backend.name == "tmux":
			_reference[key] = obs
			return obs
		ref = _reference.get(key)
		if ref is None:
			ref = BACKENDS["tmux"].run(scenario, ctx)
			_reference[key] = ref
		assert obs == ref, "zeropty observations differ from tmux"
		return obs
	return run


def wait_until(fn, timeout=10.0, what="condition"):
	"""Poll fn() until it returns a true value; fail after timeout."""
	deadline = time.monotonic() + timeout
	delay = 0.01
	last = None
	while True:
		last = fn()
		if last:
			return last
		if time.monotonic() > deadline:
			raise AssertionError("timed out waiting for %s (last %r)" %
			    (what, last))
		time.sleep(delay)
		delay = min(delay * 1.5, 0.1)


def screen(pane):
	"""capture_pane as a list with trailing empty lines dropped."""
	lines = list(pane.capture_pane())
	while lines and lines[-1] == "":
		lines.pop()
	return lines


def wait_prompt(pane, timeout=10.0):
	"""Wait until the pane's last non-empty line is a bare "#" prompt."""
	return wait_until(lambda: (screen(pane) or [""])[-1] == "#" and
	    screen(pane), timeout, "prompt in %s" % pane.pane_id)


def wait_text(pane, text, timeout=10.0):
	"""Wait until `text` is on the pane's screen followed by a prompt."""
	def ok():
		s = screen(pane)
		if s and s[-1] == "#" and any(text in line for line in s[:-1]):
			return s
		return None
	return wait_until(ok, timeout, "%r in %s" % (text, pane.pane_id))


def pytest_sessionfinish(session, exitstatus):
	shutil.rmtree(_root, ignore_errors=True)
