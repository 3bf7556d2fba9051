#!/bin/sh
# A session run by an installed zeropty: installcheck.sh BINDIR.
# Runs `make installcheck` (and so `make distcheck`) and test-deb.sh.
# Nothing of the build tree is used: the environment that points zeropty
# at the build's shim and helpers is cleared, so the server must find
# them where it was installed. The pane's shell prints its tty (the
# shim's /dev/zeropty/ name) and a program named in ZEROPTY_PTY_PROGRAMS
# prints its lent pty (run by the installed zeropty-pty).
set -u
bindir=${1:?usage: installcheck.sh bindir}
zp=${ZEROPTY_BIN:-$bindir/zeropty}
sock=installcheck-$$
unset ZEROPTY_SHIM ZEROPTY_PTY_HELPER ZEROPTY_PTY_PROGRAMS TMUX TMUX_PANE
n=0
fail=0
cleanup()
{
	"$zp" -L "$sock" kill-server >/dev/null 2>&1
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

echo "1..6"
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
exit "$fail"
