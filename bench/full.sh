#!/bin/sh
# bench/full.sh: the run behind BENCHMARKS.md (about 45 minutes on 2 cores).
#
#   bench/full.sh --zeropty _build/zeropty [--tool _build/bench/benchtool]
#
# 1. N=200 and 400: idle, idle-hist, redraw, dump, replay, replay-hist; 2 rounds each,
#    tmux and zeropty alternating; settle 15 s (idle-hist's 80 MB of start
#    output keeps tmux busy for seconds), 20 s measured, 100 calls per
#    latency figure.
# 2. bulk: 5.4 MB burst, 3 rounds.
# 3. N=1000 replaying the trace; N=4000 idle (each side once; a side that
#    cannot start them reports an error line and the run goes on).
# 4. N=400 replaying the trace with a static benchtool (STATIC_TOOL, default
#    bench/benchtool-static from `make bench/benchtool-static`: the shim
#    cannot reach it, so zeropty lends each pane's program a pty), 2 rounds;
#    and bench/exec_bench.py: the time to start a program on a lent pty, on
#    the socket and in a tmux pane.
# Extra arguments go to every run.sh call.  Results: bench/results/.
here=$(cd "$(dirname "$0")" && pwd) || exit 1
rc=0
"$here/run.sh" --n 200,400 --workloads idle,idle-hist,redraw,dump,replay,replay-hist \
    --rounds 2 --settle 15 --calls 100 "$@" || rc=1
"$here/run.sh" --workloads bulk --rounds 3 "$@" || rc=1
"$here/run.sh" --n 1000 --workloads replay --rounds 1 --settle 15 \
    --calls 50 "$@" || rc=1
"$here/run.sh" --n 4000 --workloads idle --rounds 1 --settle 15 \
    --calls 50 "$@" || rc=1
static=${STATIC_TOOL:-bench/benchtool-static}
if [ -x "$static" ]; then
	"$here/run.sh" --n 400 --workloads replay --rounds 2 --settle 15 \
	    --calls 50 "$@" --tool "$static" || rc=1
else
	echo "full.sh: no $static (make bench/benchtool-static)" >&2
	rc=1
fi
"$here/exec_bench.py" "$@" || rc=1
exit $rc
