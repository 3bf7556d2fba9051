#!/bin/sh
# conformance/fuzz/run.sh: the differential screen fuzzer's make check
# subset, TAP.  Regression cases (regress/), the recorded Claude Code
# traces (data/, 220x80) and a fixed-seed run of FUZZ_COUNT generated
# streams (default 300, seed FUZZ_SEED, default 20261202) are fed to a
# tmux 3.3a pane and to engine/term/vtcat and compared; see fuzz.py.
# FUZZ_LONG=1 (make fuzz-long) runs FUZZ_COUNT (default 3000) streams with
# a random seed instead, printing the seed; FUZZ_ARGS adds fuzz.py options
# (--avoid-known, --size WxH).
srcdir=${TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
builddir=${TOP_BUILDDIR:-$(pwd)}
REF=${TEST_TMUX:-/usr/bin/tmux}
[ -x "$REF" ] || REF=/usr/bin/tmux
if [ ! -x "$REF" ]; then
	echo "1..0 # SKIP tmux 3.3a not installed"
	exit 0
fi
if [ ! -x /usr/bin/python3 ]; then
	echo "1..0 # SKIP /usr/bin/python3 not installed"
	exit 0
fi
VTCAT=${VTCAT:-$builddir/engine/term/vtcat}
if [ ! -x "$VTCAT" ]; then
	echo "1..0 # SKIP vtcat not built"
	exit 0
fi
export VTCAT TEST_TMUX="$REF"
unset TMUX TMUX_PANE
if [ "${FUZZ_LONG:-0}" = 1 ]; then
	seed=${FUZZ_SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
	echo "# fuzz-long seed $seed (rerun: FUZZ_SEED=$seed)"
	exec /usr/bin/python3 "$srcdir/conformance/fuzz/fuzz.py" run \
	    --seed "$seed" --count "${FUZZ_COUNT:-3000}" --tap 100 \
	    --keep "${FUZZ_KEEP:-$builddir/fuzz-long-$seed}" ${FUZZ_ARGS:-}
fi
exec /usr/bin/python3 "$srcdir/conformance/fuzz/fuzz.py" check \
    --seed "${FUZZ_SEED:-20261202}" --count "${FUZZ_COUNT:-300}" --tap 25
