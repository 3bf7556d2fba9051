#!/usr/bin/env bash
# Build zeropty and show it working: a detached session on a private
# socket, keys typed into it, its screen read back, then cleaned up.
set -euo pipefail
cd "$(dirname "$0")/.."
top=$(pwd)
bash build-aux/install-deps.sh
autoreconf -fi >/dev/null
build=${BUILD_DIR:-$top/_build}
mkdir -p "$build"
cd "$build"
[ -f Makefile ] || "$top/configure" -q
make -j"$(nproc)" >/dev/null

zp() { "$build/zeropty" -L "demo-$$" "$@"; }
trap 'zp kill-server 2>/dev/null || true' EXIT
set -x
"$build/zeropty" -V
zp new-session -d -s demo -x 80 -y 10
zp send-keys -t demo 'echo "hello from $TERM_PROGRAM $TERM_PROGRAM_VERSION, pane $TMUX_PANE"; stty size; echo done-$((6 * 7))' Enter
# zeropty's own wait-pane: until the output is there (a slow login shell
# may take a while), not a fixed sleep.
zp wait-pane -t demo -s done-42 -T 30000
zp capture-pane -p -t demo
zp list-sessions
zp display-message -p -t demo '#{session_name} #{pane_id} #{pane_width}x#{pane_height} #{pane_current_command}'
zp kill-session -t demo
