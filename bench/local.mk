# bench: benchmarks against tmux in the same run (make bench).
# Not part of pass/fail: `make check` only runs bench/smoke.sh, which checks
# that the scripts run (N=3, a few seconds) and print their lines.
#
#   make bench                          full run: N=50,200, idle and steady
#   make bench BENCH_ARGS=--quick       N=10, short
#
# Results go to $(srcdir)/bench/results/ (gitignored); bench/README.md has
# the method.
check_PROGRAMS += bench/benchtool
bench_benchtool_SOURCES = bench/benchtool.c
TESTS += bench/smoke.sh
EXTRA_DIST += bench/README.md bench/run.sh bench/bench.py bench/smoke.sh \
	bench/full.sh bench/config_bench.py bench/libtmux_bench.py \
	bench/attach_bench.py bench/heap-profile.sh bench/soak.py \
	bench/orchestrate_bench.py bench/upgrade_bench.py \
	bench/data/idle_screen.bin bench/data/history_fill.bin \
	bench/data/claude_session.cast bench/fold-ab.sh bench/control_bench.py \
	bench/lib_bench.py

# bench/benchtool-static: benchtool linked statically, so that the shim
# cannot reach it and zeropty lends each one a pty (bench/full.sh's static
# replay row). Needs the static C library.
bench/benchtool-static: $(srcdir)/bench/benchtool.c
	$(CC) $(CFLAGS) -static -o $@ $(srcdir)/bench/benchtool.c
CLEANFILES += bench/benchtool-static
EXTRA_DIST += bench/exec_bench.py

BENCH_ARGS =
.PHONY: bench
bench: all bench/benchtool
	tmux='$(TMUX_REF)'; \
	$(srcdir)/bench/run.sh --zeropty ./zeropty --tool bench/benchtool \
	    --tmux "$${tmux:-/usr/bin/tmux}" $(BENCH_ARGS)

# bench-fold: micro-benchmarks of folding quiet screens (row codec,
# freeze/thaw, deep freeze) on the traces in bench/data; built by
# `make bench`, run as bench/bench-fold [traces-dir]. Not part of check.
noinst_PROGRAMS += bench/bench-fold
bench_bench_fold_SOURCES = bench/bench-fold.c engine/sys/cold-store.c \
	engine/sys/cold-store.h
bench_bench_fold_CPPFLAGS = $(AM_CPPFLAGS) \
	-DTRACES_DIR='"$(abs_top_srcdir)/bench/data"'
bench_bench_fold_LDADD = engine/term/libzpterm.a engine/base/libzpbase.a \
	$(ZSTD_LIBS) $(MIMALLOC_LIBS)
bench: bench/bench-fold

# soak: the load and fault test (bench/soak.py has the scenario and the
# assertions): SOAK_N sessions (1000) replaying the agent trace for
# SOAK_SECONDS (600), 50 control and 20 command clients, clients killed,
# a stalled control client, descriptors and the cold store's disk run
# out. Needs root for the cold store's tmpfs. Not part of check.
.PHONY: soak
soak: all bench/benchtool
	SOAK_N='$(SOAK_N)' SOAK_SECONDS='$(SOAK_SECONDS)' \
	$(srcdir)/bench/soak.py --zeropty ./zeropty --tool bench/benchtool \
	    $(SOAK_ARGS)
