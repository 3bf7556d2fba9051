# conformance: differential tests against tmux 3.3a on private sockets.
# run.sh runs every case against tmux and zeropty and prints TAP; it skips
# itself when zeropty is not built.  CONFORMANCE_SELFTEST=1 checks the cases
# are deterministic by running tmux on both sides.
EXTRA_DIST += conformance/lib.sh conformance/run.sh \
	conformance/known-differences conformance/cases \
	conformance/configs
# libtmux/: libtmux 0.21 and tmuxp 1.27 (pytest) against both backends.
EXTRA_DIST += conformance/libtmux/run.sh \
	conformance/libtmux/junit2tap.py \
	conformance/libtmux/pytest.ini \
	conformance/libtmux/conftest.py \
	conformance/libtmux/test_libtmux.py \
	conformance/libtmux/test_tmuxp.py \
	conformance/libtmux/workspaces/base-index.yaml \
	conformance/libtmux/workspaces/env-options.yaml \
	conformance/libtmux/workspaces/layouts.yaml \
	conformance/libtmux/workspaces/main-pane.yaml \
	conformance/libtmux/workspaces/shells.yaml
# fuzz/: differential screen fuzzer (generated streams and recorded traces
# into a tmux 3.3a pane and engine/term/vtcat); regress/ and data/ whole.
EXTRA_DIST += conformance/fuzz/run.sh conformance/fuzz/fuzz.py \
	conformance/fuzz/pane.c conformance/fuzz/libfuzzer-smoke.sh \
	conformance/fuzz/proto_fuzz.py \
	conformance/fuzz/ubsan.supp conformance/fuzz/README.md \
	conformance/fuzz/regress conformance/fuzz/data \
	conformance/fuzz/libfuzzer conformance/fuzz/record.sh
if HAVE_TMUX
TESTS += conformance/run.sh
TESTS += conformance/libtmux/run.sh
TESTS += conformance/fuzz/run.sh
endif
# make fuzz-long: FUZZ_COUNT (3000) streams with a random seed, printed
# (FUZZ_SEED=S repeats a run); differing streams are kept in fuzz-long-S/.
fuzz-long: engine/term/vtcat
	FUZZ_LONG=1 TOP_SRCDIR='$(abs_top_srcdir)' \
	TOP_BUILDDIR='$(abs_top_builddir)' TEST_TMUX='$(TMUX_REF)' \
	$(SHELL) $(top_srcdir)/conformance/fuzz/run.sh
.PHONY: fuzz-long
# make fuzz-libfuzzer: every libFuzzer target for FUZZ_SECONDS (600) each,
# in fork mode, artifacts and grown corpora in FUZZ_OUT (a printed
# temporary directory). make fuzz-proto: the protocol fuzzer,
# PROTO_FUZZ_COUNT (50000) cases from PROTO_FUZZ_SEED (the time).
FUZZ_SECONDS = 600
fuzz-libfuzzer: all
	TOP_SRCDIR='$(abs_top_srcdir)' TOP_BUILDDIR='$(abs_top_builddir)' \
	$(SHELL) $(top_srcdir)/conformance/fuzz/libfuzzer-smoke.sh \
	    $(FUZZ_SECONDS)
fuzz-proto: all
	/usr/bin/python3 $(top_srcdir)/conformance/fuzz/proto_fuzz.py \
	    --bin '$(abs_top_builddir)/zeropty' \
	    --count "$${PROTO_FUZZ_COUNT:-50000}" \
	    --seed "$${PROTO_FUZZ_SEED:-$$(date +%s)}"
.PHONY: fuzz-libfuzzer fuzz-proto
