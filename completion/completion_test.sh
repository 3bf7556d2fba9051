#!/bin/bash
# completion/zeropty against a private server: what COMPREPLY holds for
# command names, flags, sessions, windows, panes, socket names and
# directories, for command lines split as bash splits them.
set -u
: "${TEST_ZEROPTY:?}" "${TOP_SRCDIR:?}"
Z=$TEST_ZEROPTY
SOCK=complete-test-$$
# Sockets, the servers' vtty-PID directories and the private server's
# socket all in a directory of the test's own.
DIR=$(mktemp -d)
export TMUX_TMPDIR=$DIR TMPDIR=$DIR
SDIR=$DIR/zeropty-$(id -u)
n=0
fail=0
cleanup()
{
	"$Z" -L "$SOCK" kill-server >/dev/null 2>&1
	rm -rf "$DIR"
}
trap cleanup EXIT INT TERM
# shellcheck source=completion/zeropty
source "$TOP_SRCDIR/completion/zeropty"

# comp LINE: complete LINE with the cursor at its end, the words split
# as bash splits them (at blanks, then ':' and '=' apart).
comp()
{
	local line=$1 t head
	COMP_LINE=$line
	COMP_POINT=${#line}
	COMP_WORDS=()
	for t in $line; do
		while [[ $t == *[:=]* ]]; do
			head=${t%%[:=]*}
			[[ -n $head ]] && COMP_WORDS+=("$head")
			COMP_WORDS+=("${t:${#head}:1}")
			t=${t:${#head}+1}
		done
		[[ -n $t ]] && COMP_WORDS+=("$t")
	done
	[[ $line == *' ' ]] && COMP_WORDS+=("")
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	COMPREPLY=()
	_zeropty
}

# check LINE EXPECTED...: COMPREPLY, sorted, is EXPECTED.
check()
{
	local line=$1 got want
	shift
	comp "$line"
	got=$(printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ')
	want=$(printf '%s\n' "$@" | sort | tr '\n' ' ')
	n=$((n + 1))
	if [[ $got == "$want" ]]; then
		echo "ok $n - [${line#"$Z "}] $want"
	else
		echo "not ok $n - [${line#"$Z "}]"
		echo "#   got:  $got"
		echo "#   want: $want"
		fail=1
	fi
}

echo "1..16"
# No server yet: the command names come from a private one, killed after.
check "$Z -L $SOCK new-w" new-window
# Its socket is removed and it exits (its vtty-PID directory goes).
gone=no
for i in $(seq 100); do
	if [[ -z $(ls -A "$DIR" | grep -v "^zeropty-$(id -u)\$") &&
	    -z $(ls -A "$SDIR" 2>/dev/null) ]]; then
		gone=yes
		break
	fi
	sleep 0.05
done
n=$((n + 1))
if [[ $gone == yes ]]; then
	echo "ok $n - the server started for list-commands is gone"
else
	echo "not ok $n - the server started for list-commands is gone"
	ls -lAR "$DIR" | sed 's/^/# /'
	fail=1
fi

"$Z" -f /dev/null -L "$SOCK" new -d -s alpha -x 80 -y 24 || exit 1
"$Z" -L "$SOCK" neww -d -t alpha:
"$Z" -L "$SOCK" splitw -d -t alpha:1
"$Z" -L "$SOCK" new -d -s beta
"$Z" -L "$SOCK" setb -b buf-one hello
unset _zeropty_usages_for

check "$Z -L $SOCK att" attach-session attach
check "$Z -L $SOCK attach-session -" -d -E -r -x -c -f -t
check "$Z -L $SOCK attach -t " alpha beta
check "$Z -L $SOCK attach -t a" alpha
check "$Z -L $SOCK selectw -t alpha:" 0 1
check "$Z -L $SOCK capture-pane -t alpha:1" 1 1.0 1.1
check "$Z -S $SDIR/$SOCK kill-session -t b" beta
check "$Z -L $SOCK new -d \\; selectw -t b" beta beta:0
check "$Z -L $SOCK wait-" wait-for wait-pane
check "$Z -L $SOCK grep-panes -" -a -c -i -l -m -S -F -t -e
check "$Z -L $SOCK wait-pane -t alpha:1." 1.0 1.1
check "$Z -L $SOCK show-buffer -b buf-" buf-one
check "$Z -L comp" "$SOCK"
check "$Z -L $SOCK new -c $DIR/" "$SDIR"
exit "$fail"
