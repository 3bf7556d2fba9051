#!/bin/sh
# bench/smoke.sh: make check's bench entry.  Runs bench/run.sh in quick mode
# with N=3 and a few seconds per workload, tmux and zeropty once each, and
# checks only that it ran and printed its lines: the figures are never
# asserted (benchmarks are not part of pass/fail).  Prints TAP.  Then the
# same for bench/config_bench.py with small sizes and bench/exec_bench.py.
echo 1..3
zp=${TEST_ZEROPTY:-}
tm=${TEST_TMUX:-/usr/bin/tmux}
if [ -z "$zp" ] || [ ! -x "$zp" ]; then
	echo "ok 1 - bench smoke # SKIP zeropty not built"
	echo "ok 2 - config bench smoke # SKIP zeropty not built"
	echo "ok 3 - exec bench smoke # SKIP zeropty not built"
	exit 0
fi
if [ ! -x "$tm" ]; then
	echo "ok 1 - bench smoke # SKIP no tmux"
	echo "ok 2 - config bench smoke # SKIP no tmux"
	echo "ok 3 - exec bench smoke # SKIP no tmux"
	exit 0
fi
here=$(cd "$(dirname "$0")" && pwd) || exit 1
set -- --quick --n 3 --duration 2 --interval 1 --settle 1 --calls 5 \
    --rounds 1 --cooldown 0.2 --zeropty "$zp" --tmux "$tm" --out - \
    --workloads idle,steady,redraw,dump,replay,replay-hist,bulk
tool=${TOP_BUILDDIR:+$TOP_BUILDDIR/bench/benchtool}
if [ -n "$tool" ] && [ -x "$tool" ]; then
	set -- "$@" --tool "$tool"
fi
out=$("$here/run.sh" "$@" 2>&1)
rc=$?
missing=
for wl in idle steady redraw dump replay replay-hist; do
	for impl in tmux zeropty; do
		p="bench=$wl n=3 impl=$impl round=1"
		echo "$out" | grep -q "^$p pss_mb=[0-9.]* .*cpu_pct=[0-9.]*" ||
		    missing="$missing|$p pss_mb"
		for cmd in has-session send-keys capture-pane; do
			echo "$out" |
			    grep -q "^$p lat=$cmd .*p50_ms=[0-9.]* p95_ms=" ||
			    missing="$missing|$p lat=$cmd"
		done
	done
	echo "$out" | grep -q "^summary bench=$wl n=3 metric=pss_mb .*ratio_lo=" ||
	    missing="$missing|summary bench=$wl"
done
for impl in tmux zeropty; do
	echo "$out" | grep -q "^bench=replay n=3 impl=$impl .*read_pct=[0-9.]*" ||
	    missing="$missing|replay $impl read_pct"
	echo "$out" |
	    grep -q "^bench=bulk n=1 impl=$impl .*write_ms=[0-9.]* visible_ms=" ||
	    missing="$missing|bulk $impl"
done
if [ $rc -eq 0 ] && [ -z "$missing" ]; then
	echo "ok 1 - bench smoke"
else
	echo "not ok 1 - bench smoke"
	echo "# run.sh exit $rc; missing lines: ${missing:-none}"
	echo "$out" | sed 's/^/# /'
fi

set --
if [ -n "$tool" ] && [ -x "$tool" ]; then
	set -- --tool "$tool"
fi
out=$(/usr/bin/python3 "$here/config_bench.py" --zeropty "$zp" --tmux "$tm" \
    --rounds 1 --calls 2 --lines 50 --user-options 20 "$@" 2>&1)
rc=$?
if [ $rc -eq 0 ] &&
    echo "$out" | grep -q "^bench=config source_file .*ratio_tmux_over_zeropty=" &&
    echo "$out" | grep -q "^bench=config show_options .*ratio_tmux_over_zeropty="
then
	echo "ok 2 - config bench smoke"
else
	echo "not ok 2 - config bench smoke"
	echo "$out" | sed 's/^/# /'
fi

out=$(/usr/bin/python3 "$here/exec_bench.py" --zeropty "$zp" --tmux "$tm" \
    --count 3 --rounds 1 2>&1)
rc=$?
missing=
for prog in static dynamic; do
	for impl in tmux zeropty zeropty-socket zeropty-pty; do
		echo "$out" | grep -q "^summary bench=exec prog=$prog impl=$impl median_us=[0-9.]* .*cpu_median_us=" ||
		    missing="$missing|$prog $impl"
	done
done
if [ $rc -eq 0 ] && [ -z "$missing" ]; then
	echo "ok 3 - exec bench smoke"
else
	echo "not ok 3 - exec bench smoke"
	echo "# exec_bench.py exit $rc; missing lines: ${missing:-none}"
	echo "$out" | sed 's/^/# /'
fi
exit 0
