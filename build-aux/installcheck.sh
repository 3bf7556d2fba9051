#!/bin/sh
# A session run by an installed zeropty: installcheck.sh BINDIR
# [PKGCONFIGDIR LIBDIR PROGRAM.C]. `make installcheck` (and so `make
# distcheck`) runs it.
# Nothing of the build tree is used: the environment that points zeropty
# at the build's shim and helpers is cleared, so the server must find
# them where it was installed. The pane's shell prints its tty (the
# shim's /dev/zeropty/ name) and a program named in ZEROPTY_PTY_PROGRAMS
# prints its lent pty (run by the installed zeropty-pty). Given the
# pkg-config directory, build-aux/installcheck-lib.c is built with the
# installed zeropty.pc, header and libzeropty and asks a session its name.
set -u
bindir=${1:?usage: installcheck.sh bindir}
pcdir=${2-} libdir=${3-} example=${4-}
zp=${ZEROPTY_BIN:-$bindir/zeropty}
sock=installcheck-$$
unset ZEROPTY_SHIM ZEROPTY_PTY_HELPER ZEROPTY_PTY_PROGRAMS TMUX TMUX_PANE
# The sockets in a directory of our own (the example uses "default").
tmp=$(mktemp -d)
export TMUX_TMPDIR=$tmp
n=0
fail=0
cleanup()
{
	"$zp" -L "$sock" kill-server >/dev/null 2>&1
	"$zp" -L default kill-server >/dev/null 2>&1
	rm -rf "$tmp"
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

tests=6
[ -n "$pcdir" ] && tests=8
echo "1..$tests"
v=$("$zp" -V 2>&1)
case $v in
zeropty\ *|tmux\ *) ok 0 "-V: $v" ;;
*) ok 1 "-V: $v" ;;
esac
"$zp" -f /dev/null -L "$sock" new -d -s ic -x 80 -y 24 /bin/sh
ok $? "new -d"
"$zp" -L "$sock" send-keys -t ic 'echo "ran $((6 * 7))"; tty' Enter
ok $? "send-keys"
"$zp" -L "$sock" wait-pane -t ic -T 10000 -r 'ran 42$' >/dev/null
out=$("$zp" -L "$sock" capture-pane -p -t ic)
echo "$out" | grep -q 'ran 42$'
ok $? "capture-pane shows the command's output"
[ "$fail" = 0 ] || printf '%s\n' "$out" | sed 's/^/# /'

"$zp" -L "$sock" wait-pane -t ic -T 10000 -r '/dev/zeropty/' >/dev/null
out=$("$zp" -L "$sock" capture-pane -p -t ic)
echo "$out" | grep -q '/dev/zeropty/'
ok $? "the shell runs on the installed shim"
"$zp" -L "$sock" send-keys -t ic 'clear; env ZEROPTY_PTY_PROGRAMS=tty tty' \
    Enter
"$zp" -L "$sock" wait-pane -t ic -T 10000 -r '/dev/pts/' >/dev/null
out=$("$zp" -L "$sock" capture-pane -p -t ic)
echo "$out" | grep -q '/dev/pts/'
ok $? "a lent pty through the installed zeropty-pty"
[ "$fail" = 0 ] || printf '%s\n' "$out" | sed 's/^/# /'

if [ -n "$pcdir" ]; then
	flags=$(PKG_CONFIG_PATH=$pcdir pkg-config --cflags --libs zeropty)
	# shellcheck disable=SC2086
	${CC:-cc} -o "$tmp/libcheck" "$example" $flags
	ok $? "a program builds with the installed zeropty.pc: $flags"
	"$zp" -f /dev/null new -d -s work -x 80 -y 24
	out=$(LD_LIBRARY_PATH=$libdir "$tmp/libcheck" work 2>&1)
	[ "$out" = "run work
control work" ]
	ok $? "and reaches the session through the installed libzeropty"
	[ "$fail" = 0 ] || printf '%s\n' "$out" | sed 's/^/# /'
fi
exit "$fail"
