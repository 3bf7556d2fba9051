#!/usr/bin/env bash
# Build zeropty and run the whole test suite (unit tests, conformance
# against tmux 3.3a, the libtmux/tmuxp suites), from a fresh clone, as root
# on Debian 12. Prints one closing line "N passed, N failed, N skipped".
set -euo pipefail
cd "$(dirname "$0")/.."
top=$(pwd)

bash build-aux/install-deps.sh

autoreconf -fi >/dev/null
build=${BUILD_DIR:-$top/_build}
mkdir -p "$build"
cd "$build"
"$top/configure" -q --enable-werror ${CONFIGURE_FLAGS:-}
make -j"$(nproc)" >/dev/null
rc=0
make -j"$(nproc)" check || rc=$?

# Every libFuzzer target (the terminal, the command language, the format
# language; ASan, UBSan): the saved inputs and 30,000 more each (10,000 of
# the command language, which runs ~240 a second) from a fixed seed, so
# a failure here repeats anywhere (FUZZ_RUNS=30000 FUZZ_RUNS_cmd_parse=10000
# conformance/fuzz/libfuzzer-smoke.sh). ~1.5 min.
fuzz_log=$build/libfuzzer-smoke.log
FUZZ_OUT=$build/libfuzzer FUZZ_RUNS=30000 FUZZ_RUNS_cmd_parse=10000 \
    TOP_BUILDDIR=$build \
    sh "$top/conformance/fuzz/libfuzzer-smoke.sh" >"$fuzz_log" 2>&1 || rc=1
cat "$fuzz_log"

# A second build with ASan and UBSan: the unit tests, a representative
# part of the conformance suite and the protocol fuzzer. ~5 min.
san_log=$build/sanitizers.log
SAN_BUILD_DIR=${SAN_BUILD_DIR:-$top/_build-san} \
    bash "$top/build-aux/test-sanitizers.sh" >"$san_log" 2>&1 || rc=1
cat "$san_log"

# One line a CI reader can count: every TAP test point of every test.
passed=0 failed=0 skipped=0
while IFS= read -r f; do
	p=$(grep -c '^:test-result: PASS' "$f" || true)
	x=$(grep -c '^:test-result: XFAIL' "$f" || true)
	e=$(grep -Ec '^:test-result: (FAIL|ERROR|XPASS)' "$f" || true)
	s=$(grep -c '^:test-result: SKIP' "$f" || true)
	passed=$((passed + p))
	failed=$((failed + e))
	skipped=$((skipped + s + x))	# known differences (TODO) count here
done < <(find . -name '*.trs')
for log in "$fuzz_log" "$san_log"; do
	passed=$((passed + $(grep -c '^ok ' "$log" || true)))
	failed=$((failed + $(grep -c '^not ok ' "$log" || true)))
done
if [ "$rc" -ne 0 ]; then
	set +o pipefail
	for log in $(find . -name '*.log' ! -name config.log \
	    ! -name test-suite.log); do
		grep -q '^not ok' "$log" || continue
		echo "=== $log"
		grep -A30 '^not ok' "$log" | head -80 || true
	done
fi
echo "$passed passed, $failed failed, $skipped skipped"
exit "$rc"
