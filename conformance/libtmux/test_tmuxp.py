# conformance/libtmux/test_tmuxp.py: `tmuxp load -d -L SOCK workspace.yaml`
# (tmuxp 1.27, /usr/bin/tmuxp) against tmux 3.3a and zeropty; the resulting
# sessions, windows, panes, layouts, options and environment must be
# identical.  Panes are waited for by polling their screens for the
# READY-... lines the workspaces echo, never by sleeping.

import os
import re
import shutil
import subprocess

import pytest

from conftest import SELFTEST, wait_until

TMUXP = "/usr/bin/tmuxp"
WSDIR = os.path.join(os.path.dirname(os.path.abspath(__file__)),
    "workspaces")

pytestmark = pytest.mark.skipif(not os.access(TMUXP, os.X_OK),
    reason="tmuxp not installed")


def _ready_lines(name):
	"""READY-<tag>-42 for every "echo READY-<tag>-$((6*7))" command."""
	text = open(os.path.join(WSDIR, name + ".yaml")).read()
	return ["READY-%s-42" % t for t in
	    re.findall(r"echo READY-([a-z0-9]+)-\$\(\(6\*7\)\)", text)]


# What each workspace must print once built: lines that must appear on some
# pane's screen (command output), and text that must be typed somewhere.
WORKSPACES = {
    "layouts": {
	"session": "zplt-layouts",
	"lines": _ready_lines("layouts"),
	"windows": ["mainv", "tiled", "custom-lr", "custom-tb", "evenh",
	    "evenv", "mainh"],
    },
    "env-options": {
	"session": "zplt-env",
	"lines": ["READY-r0-sess-value-b4-w-42", "READY-r1-b4-42",
	    "READY-i5a-from-window-42", "READY-i5b-from-pane-42",
	    "READY-i3-42", "READY-nf-42"],
	"typed": ["echo READY-r2-$((6*7))", "echo not-run-$((6*7))"],
	"windows": ["relative", "next-free", "indexed-three",
	    "indexed-five"],
    },
    "main-pane": {
	"session": "zplt-main",
	"lines": _ready_lines("main-pane"),
	"windows": ["wide", "tall", "percent"],
    },
    "shells": {
	"session": "zplt-shells",
	"lines": ["READY-ws-42", "READY-ps-42", "READY-pe-env-e-42",
	    "READY-plain-42",
	    "READY-b0-/usr-42", "READY-b2-/usr-42"],
	"windows": ["wshell", "before"],
    },
    "base-index": {
	"session": "zplt-base",
	"lines": _ready_lines("base-index"),
	"windows": ["ten", "eleven"],
    },
}

WINDOW_FMT = ("#{session_name}:#{window_index} #{window_id} #{window_name} "
    "active=#{window_active} flags=#{window_flags} #{window_layout} "
    "#{window_width}x#{window_height} panes=#{window_panes} "
    "sync=#{synchronize-panes} auto=#{automatic-rename} "
    "mpw=#{main-pane-width} "
    "mph=#{main-pane-height}")
PANE_FMT = ("#{session_name}:#{window_index}.#{pane_index} #{pane_id} "
    "active=#{pane_active} #{pane_width}x#{pane_height} "
    "at=#{pane_left},#{pane_top} path=#{pane_current_path} "
    "cmd=#{pane_current_command} start=#{pane_start_command}")
SESSION_FMT = ("#{session_id} #{session_name} windows=#{session_windows} "
    "attached=#{session_attached}")


def _lines(server, *args):
	proc = server.cmd(*args)
	assert proc.stderr == [], (args, proc.stderr)
	return proc.stdout


def _wait_built(server, spec):
	"""Poll every pane's screen until the workspace's output is there."""
	want = list(spec["lines"])
	typed = list(spec.get("typed", []))

	def done():
		panes = _lines(server, "list-panes", "-a", "-F", "#{pane_id}")
		seen = []
		for p in panes:
			seen += server.cmd("capture-pane", "-p", "-t",
			    p).stdout
		# Keys sent before the shell prints its prompt are echoed
		# first, so the output may share a line with the prompt.
		text = "\n".join(seen)
		missing = [x for x in want + typed if x not in text]
		return not missing or None
	wait_until(done, timeout=15, what="workspace output")




@pytest.mark.parametrize("workspace", sorted(WORKSPACES))
def test_tmuxp_load(differential, workspace, backend, request):
	spec = WORKSPACES[workspace]
	if backend.name == "zeropty" and "zeropty_gap" in spec and \
	    not SELFTEST:
		request.node.add_marker(pytest.mark.xfail(strict=True,
		    reason=spec["zeropty_gap"]))
	path = os.path.join(WSDIR, workspace + ".yaml")

	def scenario(server, ctx):
		rc, out = _load(server, path)
		assert rc == 0, out
		assert "Session created in detached state." in out, out
		_wait_built(server, spec)
		sess = spec["session"]
		windows = _lines(server, "list-windows", "-a", "-F",
		    WINDOW_FMT)
		names = [w.split(" ")[2] for w in windows]
		assert sorted(names) == sorted(spec["windows"]), windows
		obs = {
		    "sessions": _lines(server, "list-sessions", "-F",
			SESSION_FMT),
		    "windows": windows,
		    "panes": _lines(server, "list-panes", "-a", "-F",
			PANE_FMT),
		    "session_options": _lines(server, "show-options", "-t",
			sess),
		    "window_options": [_lines(server, "show-options", "-w",
			"-t", w.split(" ")[1]) for w in windows],
		    "globals": [_lines(server, "show-options", "-g",
			"base-index"), _lines(server, "show-options", "-g",
			"history-limit"), _lines(server, "show-options", "-gw",
			"pane-base-index")],
		    "environment": sorted(l for l in _lines(server,
			"show-environment", "-t", sess) if "ZPLT" in l),
		}
		if workspace == "env-options":
			obs["freeze"] = _freeze_and_reload(server, ctx, spec,
			    path)
		return obs
	differential(scenario)


def _load(server, path):
	proc = subprocess.run([TMUXP, "load", "-d", "-y", "-L",
	    server.socket_name, path], stdin=subprocess.DEVNULL, cwd=WSDIR,
	    stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=60,
	    env=dict(os.environ))
	out = re.sub(r"\x1b\[[0-9;]*m", "", proc.stdout.decode("utf-8",
	    "replace"))
	return proc.returncode, out.replace(path, "WORKSPACE")


def _freeze_and_reload(server, ctx, spec, path):
	"""tmuxp freeze writes the same file on both backends; loading the
	workspace a second time leaves the existing session alone."""
	frozen = os.path.join(ctx.path(), "frozen.yaml")
	proc = subprocess.run([TMUXP, "freeze", "-L", server.socket_name,
	    "--yes", "--quiet", "--force", "-o", frozen, spec["session"]],
	    stdin=subprocess.DEVNULL, cwd=WSDIR, stdout=subprocess.PIPE,
	    stderr=subprocess.STDOUT, timeout=60, env=dict(os.environ))
	assert proc.returncode == 0, proc.stdout
	with open(frozen) as f:
		text = f.read()
	os.unlink(frozen)
	assert "session_name: %s" % spec["session"] in text
	return {"frozen": text.splitlines(), "again": _load(server, path),
	    "sessions": _lines(server, "list-sessions", "-F", SESSION_FMT)}


def test_tmuxp_load_two_with_new_name(differential):
	"""tmuxp load -s NAME with two workspace files in one call."""
	files = [os.path.join(WSDIR, w + ".yaml") for w in
	    ("shells", "base-index")]
	spec = {"lines": WORKSPACES["shells"]["lines"] +
	    WORKSPACES["base-index"]["lines"]}

	def scenario(server, ctx):
		proc = subprocess.run([TMUXP, "load", "-d", "-y", "-L",
		    server.socket_name, "-s", "renamed"] + files,
		    stdin=subprocess.DEVNULL, cwd=WSDIR, stdout=subprocess.PIPE,
		    stderr=subprocess.STDOUT, timeout=60, env=dict(os.environ))
		assert proc.returncode == 0, proc.stdout
		_wait_built(server, spec)
		return {"sessions": _lines(server, "list-sessions", "-F",
		    SESSION_FMT),
		    "windows": _lines(server, "list-windows", "-a", "-F",
			WINDOW_FMT),
		    "panes": _lines(server, "list-panes", "-a", "-F",
			PANE_FMT)}
	differential(scenario)
