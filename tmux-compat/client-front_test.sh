#!/bin/sh
# The zeropty front (client-front.c) against the full client: the same
# commands through both, with stdout, stderr and exit status compared.
# The front runs from a directory of its own, where there is no
# zeropty-client to fall back on: a command it did not handle itself
# fails there, so each match shows it answered the command alone. Then
# the cases it must hand over (no command, -V, no server) do fail there,
# and through the build's front give what the full client gives.
set -u
: "${TEST_ZEROPTY:?}" "${TOP_BUILDDIR:?}"
SOCK=front-test-$$
DIR=$(mktemp -d)
# Both called "zeropty", as the program's name shows in -V and usage.
mkdir "$DIR/full" "$DIR/lone"
ln -s "$TOP_BUILDDIR/zeropty-client" "$DIR/full/zeropty"
FULL=$DIR/full/zeropty
LONE=$DIR/lone/zeropty
cp "$TEST_ZEROPTY" "$LONE"
n=0
fail=0
cleanup()
{
	"$FULL" -L "$SOCK" kill-server >/dev/null 2>&1
	rm -rf "$DIR"
}
trap cleanup EXIT INT TERM

ok()
{
	n=$((n + 1))
	if [ "$1" = 0 ]; then
		echo "ok $n - $2"
	else
		echo "not ok $n - $2"
		fail=1
	fi
}

# run OUT PROG ARGS...: stdout, stderr and status of PROG ARGS into OUT.
run()
{
	out=$1
	shift
	"$@" >"$out.out" 2>"$out.err" </dev/null
	echo "rc=$?" >"$out.rc"
}

# same DESC ARGS...: the lone front and the full client agree.
same()
{
	desc=$1
	shift
	run "$DIR/a" "$LONE" "$@"
	run "$DIR/b" "$FULL" "$@"
	if cmp -s "$DIR/a.out" "$DIR/b.out" &&
	    cmp -s "$DIR/a.err" "$DIR/b.err" && cmp -s "$DIR/a.rc" "$DIR/b.rc"; then
		ok 0 "front answers alone: $desc"
	else
		ok 1 "front answers alone: $desc"
		for f in out err rc; do
			diff "$DIR/b.$f" "$DIR/a.$f" | sed 's/^/# /'
		done
	fi
}

"$FULL" -L "$SOCK" -f /dev/null new-session -d -s main -x 80 -y 24 \
    'sleep 1000' || { echo "1..0 # SKIP no server"; exit 0; }
"$FULL" -L "$SOCK" set -g @front yes

same "has-session" -L "$SOCK" has-session -t main
same "has-session of a missing session" -L "$SOCK" has-session -t nope
same "list-sessions -F" -L "$SOCK" list-sessions -F '#{session_name} #{session_windows}'
same "-LNAME, -u, -2, -q, -f, -T" -u2q -L"$SOCK" -f /dev/null -T 256 display -p '#{client_utf8}|#{pane_id}'
same "-- before the command" -L "$SOCK" -- show -gv @front
same "a command list" -L "$SOCK" set -g @a 1 \; show -gv @a \; show -gv @front
same "an unknown command" -L "$SOCK" bogus-command
same "a failing command" -L "$SOCK" kill-session -t nope
same "split-window, list-panes, kill-pane" -L "$SOCK" split-window -d -t main 'sleep 1000' \; list-panes -a -F '#{pane_index} #{pane_width}x#{pane_height}' \; kill-pane -t main.1
same "capture-pane" -L "$SOCK" capture-pane -p -t main
same "list-keys (many frames)" -L "$SOCK" list-keys
same "show-options -g" -L "$SOCK" show-options -g
same "\$TMUX names the socket" -L "$SOCK" display -p '#{socket_path}'
path=$("$FULL" -L "$SOCK" display -p '#{socket_path}')
export TMUX="$path,1,0"
same "\$TMUX without -L" show -gv @front
unset TMUX

# Handed over: fails alone, and the build's front matches the full client.
handed()
{
	desc=$1
	shift
	run "$DIR/a" "$LONE" "$@"
	grep -q zeropty-client "$DIR/a.err"
	ok $? "handed over: $desc"
	run "$DIR/a" "$TEST_ZEROPTY" "$@"
	run "$DIR/b" "$FULL" "$@"
	cmp -s "$DIR/a.out" "$DIR/b.out" && cmp -s "$DIR/a.err" "$DIR/b.err" &&
	    cmp -s "$DIR/a.rc" "$DIR/b.rc"
	ok $? "handed over, same answer: $desc"
}
handed "-V" -V
handed "no server" -L "$SOCK-none" -N list-sessions
handed "a server to start refused" -L "$SOCK-none" list-sessions
handed "-c" -c 'echo shell'
handed "an unknown flag" -x list-sessions
# A socket directory others may use is the full client's to refuse.
mkdir -p "$DIR/tmpdir/zeropty-$(id -u)"
chmod 777 "$DIR/tmpdir/zeropty-$(id -u)"
export TMUX_TMPDIR="$DIR/tmpdir"
handed "an unsafe socket directory" -L "$SOCK" list-sessions
grep -q "has unsafe permissions" "$DIR/b.err"
ok $? "which it refuses"
unset TMUX_TMPDIR

echo "1..$n"
exit "$fail"
