# conformance: differential tests against tmux 3.3a on private sockets.
# run.sh runs every case against tmux and zeropty and prints TAP; it skips
# itself when zeropty is not built.  CONFORMANCE_SELFTEST=1 checks the cases
# are deterministic by running tmux on both sides.
EXTRA_DIST += conformance/lib.sh conformance/run.sh \
	conformance/known-differences \
	conformance/cases/bash-jobs.sh \
	conformance/cases/capture.sh \
	conformance/cases/display.sh \
	conformance/cases/global-flags.sh \
	conformance/cases/grammar.sh \
	conformance/cases/keys.sh \
	conformance/cases/less.sh \
	conformance/cases/options-env.sh \
	conformance/cases/pane-tty.sh \
	conformance/cases/python-repl.sh \
	conformance/cases/sessions.sh \
	conformance/cases/shell-input.sh \
	conformance/cases/targets.sh \
	conformance/cases/vim.sh \
	conformance/cases/windows-panes.sh
# libtmux/: libtmux 0.21 and tmuxp 1.27 (pytest) against both backends.
EXTRA_DIST += conformance/libtmux/run.sh \
	conformance/libtmux/junit2tap.py \
	conformance/libtmux/pytest.ini \
	conformance/libtmux/conftest.py \
	conformance/libtmux/test_libtmux.py \
	conformance/libtmux/test_tmuxp.py \
	conformance/libtmux/workspaces/base-index.yaml \
	conformance/libtmux/workspaces/env-options.yaml \
	conformance/libtmux/workspaces/layouts.yaml \
	conformance/libtmux/workspaces/main-pane.yaml
if HAVE_TMUX
TESTS += conformance/run.sh
TESTS += conformance/libtmux/run.sh
endif
