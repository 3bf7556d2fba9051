#!/bin/sh
# conformance/libtmux/run.sh [PYTEST-ARGS...]: libtmux 0.21 and tmuxp 1.27
# driving tmux 3.3a and zeropty ($TEST_ZEROPTY) side by side; prints TAP.
#
# Each pytest test runs once per backend ("[tmux]", "[zeropty]"); zeropty
# results must equal tmux's.  Confirmed zeropty gaps are xfail(strict) for
# zeropty and show as TAP TODO.  Skips itself (1..0) when zeropty is not
# built or libtmux/pytest are not importable by /usr/bin/python3.
#
# TEST_ZEROPTY=/usr/bin/tmux runs tmux on both sides (gap marks ignored):
# every test must pass, which shows the scenarios are deterministic.
# Extra arguments go to pytest, e.g. -k test_split_window or -x.

srcdir=${TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
dir=$srcdir/conformance/libtmux
PY=/usr/bin/python3

SUT=${TEST_ZEROPTY:-}
if [ -z "$SUT" ] || [ ! -f "$SUT" ] || [ ! -x "$SUT" ]; then
	echo "1..0 # SKIP zeropty not built (TEST_ZEROPTY)"
	exit 0
fi
case $SUT in
/*) ;;
*) SUT=$(pwd)/$SUT ;;
esac
REF=${TEST_TMUX:-/usr/bin/tmux}
[ -x "$REF" ] || REF=/usr/bin/tmux
if [ ! -x "$REF" ]; then
	echo "1..0 # SKIP tmux 3.3a not installed"
	exit 0
fi
if [ ! -x "$PY" ] || ! "$PY" -c 'import libtmux, pytest' >/dev/null 2>&1
then
	echo "1..0 # SKIP libtmux or pytest not importable by $PY"
	exit 0
fi
if [ -z "${ZEROPTY_SHIM:-}" ]; then
	shim=$(dirname "$SUT")/shim/.libs/libzeropty-shim.so
	[ -f "$shim" ] && ZEROPTY_SHIM=$shim && export ZEROPTY_SHIM
fi
TEST_ZEROPTY=$SUT
TEST_TMUX=$REF
PYTHONDONTWRITEBYTECODE=1
export TEST_ZEROPTY TEST_TMUX PYTHONDONTWRITEBYTECODE

tmp=$(mktemp -d /tmp/zplt-run.XXXXXX) || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

start=$(date +%s)
(cd "$dir" && "$PY" -m pytest -q -p no:cacheprovider \
    --junitxml="$tmp/report.xml" "$@") >"$tmp/out" 2>&1
prc=$?
if [ ! -s "$tmp/report.xml" ]; then
	echo "1..1"
	echo "not ok 1 - pytest produced no report (exit $prc)"
	sed 's/^/#   /' "$tmp/out"
	exit 1
fi
"$PY" "$dir/junit2tap.py" "$tmp/report.xml"
rc=$?
echo "# $(tail -n 1 "$tmp/out" | tr -d '=') ($(( $(date +%s) - start )) s)"
if [ $rc -ne 0 ]; then
	echo "# pytest output:"
	sed 's/^/#   /' "$tmp/out"
fi
exit $rc
