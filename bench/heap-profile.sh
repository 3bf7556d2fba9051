#!/bin/sh
# Where a zeropty server's heap goes, per session: starts a server, attaches
# heaptrack (apt-get install heaptrack), creates N sessions running one
# workload, lets them settle, kills the server with SIGKILL (so everything
# still allocated shows up as "leaked") and prints the allocation sites
# holding the most, in bytes a session. Not a pass/fail test.
#
#   bench/heap-profile.sh [--zeropty PATH] [--tool PATH] [--n 100]
#       [--workload idle|replay] [--settle 40] [--top 25]
set -eu

here=$(cd "$(dirname "$0")" && pwd)
zp=zeropty tool=bench/benchtool n=100 workload=replay settle=40 top=25
while [ $# -gt 0 ]; do
	case $1 in
	--zeropty) zp=$2; shift 2 ;;
	--tool) tool=$2; shift 2 ;;
	--n) n=$2; shift 2 ;;
	--workload) workload=$2; shift 2 ;;
	--settle) settle=$2; shift 2 ;;
	--top) top=$2; shift 2 ;;
	*) echo "usage: $0 [--zeropty PATH] [--tool PATH] [--n N]" \
	    "[--workload idle|replay] [--settle S] [--top K]" >&2; exit 1 ;;
	esac
done
command -v heaptrack >/dev/null || { echo "$0: needs heaptrack" >&2; exit 1; }
zp=$(realpath "$zp") tool=$(realpath "$tool")

work=$(mktemp -d) sock=heapprof$$ pid=
cleanup() {
	[ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null
	"$zp" -L $sock kill-server 2>/dev/null || :
	rm -rf "$work"
}
trap cleanup EXIT INT TERM

printf 'set -g history-limit 2000\n' >"$work/conf"
"$zp" -L $sock -f "$work/conf" new-session -d -s base -x 220 -y 80 \
    "sleep 100000"
pid=$("$zp" -L $sock display -p '#{pid}')
# heaptrack -p writes its file in the current directory (it ignores -o).
(cd "$work" && exec heaptrack -p "$pid" >heaptrack.log 2>&1) &
sleep 5		# heaptrack injects itself through gdb

# /dev/null as the benchtool barrier: each pane starts at once.
i=0
while [ $i -lt "$n" ]; do
	case $workload in
	idle) cmd="exec $tool idle $here/data/idle_screen.bin /dev/null $work/p$i" ;;
	replay) cmd="exec $tool replay $i $here/data/claude_session.cast /dev/null $work/p$i $work/s$i" ;;
	*) echo "$0: unknown workload $workload" >&2; exit 1 ;;
	esac
	"$zp" -L $sock new-session -d -s "s$i" -x 220 -y 80 "$cmd"
	i=$((i + 1))
done
sleep "$settle"
grep -E '^(Pss|Pss_Anon|Pss_File):' "/proc/$pid/smaps_rollup"
kill -KILL "$pid"
pid=
wait
data=$(ls "$work"/heaptrack.*.zst "$work"/heaptrack.*.gz 2>/dev/null | head -1 || :)
[ -n "$data" ] || { cat "$work/heaptrack.log" >&2; exit 1; }
heaptrack_print -f "$data" --flamegraph-cost-type leaked \
    -F "$work/stacks" >/dev/null 2>&1
# A site is the two innermost frames above the xmalloc family; bytes a session = total / N.
awk -v n="$n" -v top="$top" '
{
	bytes = $NF; $NF = ""
	k = split($0, f, ";"); site = ""; got = 0
	for (j = k; j >= 1 && got < 2; j--) {
		sub(/ \(.*\)$/, "", f[j]); sub(/^ +/, "", f[j])
		if (f[j] == "" || f[j] ~ /^x(malloc|calloc|realloc|reallocarray|memdup|strdup|strndup|v?asprintf)$/)
			continue
		site = (got++ == 0 ? "" : site " < ") f[j]
	}
	sum[site] += bytes; total += bytes
}
END {
	printf "live heap %d bytes, %d a session\n", total, total / n
	for (s in sum)
		printf "%8d  %s\n", sum[s] / n, s | "sort -rn | head -" top
}' "$work/stacks"
