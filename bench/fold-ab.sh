#!/bin/sh
# bench/fold-ab.sh: two builds' parser rows of bench-fold, alternating.
# Usage: bench/fold-ab.sh OLD-bench-fold NEW-bench-fold [ROUNDS]
# Runs `bench-fold -p` of each ROUNDS times (default 9), old then new,
# and prints each trace's median MB/s for both, their ratio and every
# run's figure. For comparing parser changes on a shared machine: the
# two builds see the same load. Not part of make check.
old=$1 new=$2 rounds=${3:-9}
if [ ! -x "$old" ] || [ ! -x "$new" ]; then
	echo "usage: $0 OLD-bench-fold NEW-bench-fold [ROUNDS]" >&2
	exit 2
fi
i=0
while [ "$i" -lt "$rounds" ]; do
	for which in old new; do
		eval bin=\$$which
		"$bin" -p | awk -F'|' -v w="$which" '/Parse\// {
			split($2, a, "/"); gsub(/ MB\/s| /, "", $6);
			print a[2], w, $6 }'
	done
	i=$((i + 1))
done | /usr/bin/python3 -c '
import collections, statistics, sys
d = collections.defaultdict(list)
names = []
for line in sys.stdin:
    t, w, v = line.split()
    if t not in names:
        names.append(t)
    d[(t, w)].append(float(v))
for t in names:
    o = statistics.median(d[(t, "old")])
    n = statistics.median(d[(t, "new")])
    print("%-16s old %7.1f  new %7.1f MB/s  %.2fx" % (t, o, n, n / o))
    print("    old %s" % " ".join("%.1f" % v for v in d[(t, "old")]))
    print("    new %s" % " ".join("%.1f" % v for v in d[(t, "new")]))
'
