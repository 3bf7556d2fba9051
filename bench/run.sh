#!/bin/sh
# bench/run.sh: zeropty against tmux 3.3a in the same run, alternating.
#
#   bench/run.sh [--quick] [--n 50,200] [--workloads idle,steady]
#                [--rounds 2] [--duration 20] [--interval 2] [--settle 5]
#                [--calls 200] [--zeropty PATH] [--tmux PATH] [--out DIR]
#
# Prints one line per measurement (bench=... n=... impl=... key=value ...),
# summary lines with the tmux/zeropty ratios, and a table; writes the same
# to bench/results/DATE.txt with the command line.  bench/bench.py does the
# work (--help lists every option); bench/README.md explains the method.
here=$(cd "$(dirname "$0")" && pwd) || exit 1
BENCH_CMDLINE="cd $(pwd) && $0${*:+ $*}"
export BENCH_CMDLINE
exec /usr/bin/python3 "$here/bench.py" "$@"
