#!/bin/sh
# conformance/fuzz/libfuzzer-smoke.sh [SECONDS]: build engine/term/vt_fuzz.c
# with clang -fsanitize=fuzzer,address,undefined from the source tree, run
# the saved inputs in conformance/fuzz/libfuzzer/ once each, then fuzz for
# SECONDS (default 60) and print TAP: one point for the saved inputs, one
# for the fuzzing run.  Not part of make check (needs clang; takes a
# minute).  Artifacts (crash-*, timeout-*) go to $FUZZ_OUT (default a
# temporary directory, printed); the corpus grows in $FUZZ_OUT/corpus.
# FUZZ_RUNS=N (with FUZZ_SEED, default 1) fuzzes N inputs in one process
# from a fixed seed instead: the same inputs every time, as CI runs it
# (build-aux/test.sh), so a failure there is one anyone can repeat.
#
# UBSan stops at the first report except those listed in ubsan.supp.
set -u
srcdir=${TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
secs=${1:-60}
CLANG=${CLANG:-clang}
if ! command -v "$CLANG" >/dev/null 2>&1; then
	echo "1..0 # SKIP clang not installed"
	exit 0
fi
out=${FUZZ_OUT:-$(mktemp -d /tmp/zp-libfuzzer-XXXXXX)}
mkdir -p "$out/corpus"
echo "# output in $out"
echo "1..2"
(
	cd "$srcdir" &&
	$CLANG -g -O1 -fsanitize=fuzzer,address,undefined -I. \
	    -o "$out/vt_fuzz" \
	    $(find engine/term -name '*.c' ! -name vtcat.c ! -name '*_test.c') \
	    engine/base/buf.c engine/base/log.c engine/base/base64.c -lzstd
) >"$out/build.log" 2>&1
if [ ! -x "$out/vt_fuzz" ]; then
	sed 's/^/# /' "$out/build.log" | tail -20
	echo "not ok 1 - build vt_fuzz"
	echo "not ok 2 - fuzz ${secs}s # SKIP not built"
	exit 1
fi
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:suppressions=$srcdir/conformance/fuzz/ubsan.supp
export UBSAN_OPTIONS
rc=0

# 1: the saved inputs (past crashes and hangs), each on its own.
bad=
for f in "$srcdir"/conformance/fuzz/libfuzzer/*; do
	[ -f "$f" ] || continue
	if ! "$out/vt_fuzz" -timeout=10 "$f" >"$out/saved.log" 2>&1; then
		bad="$bad $(basename "$f")"
		grep -E 'SUMMARY|vt_fuzz:' "$out/saved.log" | sed 's/^/# /'
	fi
done
if [ -z "$bad" ]; then
	echo "ok 1 - saved inputs"
else
	echo "not ok 1 - saved inputs:$bad"
	rc=1
fi

# 2: fuzz, seeded with the saved inputs and the differential regressions.
seeds=$out/seeds
mkdir -p "$seeds"
cp "$srcdir"/conformance/fuzz/libfuzzer/* "$srcdir"/conformance/fuzz/regress/*.bin \
    "$seeds"/ 2>/dev/null
if [ -n "${FUZZ_RUNS:-}" ]; then
	what="fuzz ${FUZZ_RUNS} inputs, seed ${FUZZ_SEED:-1}"
	"$out/vt_fuzz" -seed="${FUZZ_SEED:-1}" -runs="$FUZZ_RUNS" \
	    -max_len=4096 -timeout=10 -artifact_prefix="$out/" \
	    "$out/corpus" "$seeds" >"$out/fuzz.log" 2>&1
else
	what="fuzz ${secs}s"
	"$out/vt_fuzz" -fork=1 -ignore_timeouts=1 -ignore_crashes=1 \
	    -ignore_ooms=1 -max_len=4096 -timeout=5 -max_total_time="$secs" \
	    -artifact_prefix="$out/" "$out/corpus" "$seeds" \
	    >"$out/fuzz.log" 2>&1
fi
tail -1 "$out/fuzz.log" | sed 's/^/# /'
n=$(ls "$out" | grep -c -E '^(crash|timeout|oom|leak)-')
if [ "$n" -eq 0 ]; then
	echo "ok 2 - $what"
else
	ls "$out" | grep -E '^(crash|timeout|oom|leak)-' | sed "s|^|# $out/|"
	grep -E 'SUMMARY|ERROR' "$out/fuzz.log" | head -5 | sed 's/^/# /'
	echo "not ok 2 - $what: $n artifacts"
	rc=1
fi
exit $rc
