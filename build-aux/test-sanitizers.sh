#!/usr/bin/env bash
# build-aux/test-sanitizers.sh: a second build with AddressSanitizer and
# UBSan (gcc, --enable-sanitizers), and against it: every C unit test, a
# representative part of the conformance suite (sessions, panes, targets,
# formats, options, hooks, keys, control mode, attach and copy mode,
# configurations) and the protocol fuzzer. The servers' sanitizer reports
# go to files (log_path), since a server's stderr goes nowhere; any report
# fails the last point. Prints TAP; build-aux/test.sh counts it. ~4 min.
#
# SAN_BUILD_DIR (default ./_build-san) is the build; SAN_CASES the
# conformance cases (names without .sh); PROTO_FUZZ_COUNT the protocol
# fuzzer's cases (default 5000, seed 1).
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${SAN_BUILD_DIR:-$top/_build-san}
cases=${SAN_CASES:-"sessions windows-panes targets display options
    options-env hooks keys keys-bindings grammar capture copy-formats
    control-basic control-cc control-subs control-windows attach
    attach-copy attach-tree attach-menu attach-prompt config-corpus
    config-jobs scripting load-buffer-stdin file-paths server-access"}
n=0
rc=0
point()
{
	n=$((n + 1))
	if [ "$1" = ok ]; then
		echo "ok $n - $2"
	else
		echo "not ok $n - $2"
		rc=1
	fi
}

mkdir -p "$build"
cd "$build" || exit 1
if ! { [ -f Makefile ] || "$top/configure" -q --enable-sanitizers \
    --disable-static-deps --disable-musl-front --enable-werror; } \
    >configure.out 2>&1 || ! make -j"$(nproc)" >make.out 2>&1; then
	tail -30 configure.out make.out 2>/dev/null | sed 's/^/# /'
	point "not ok" "ASan+UBSan build"
	echo "1..$n"
	exit 1
fi
point ok "ASan+UBSan build"

logs=$build/san-logs
rm -rf "$logs"
mkdir -p "$logs"
# The shim is preloaded into programs that are not built with ASan:
# verify_asan_link_order=0 lets it load; leaks are not failures here.
export ASAN_OPTIONS="detect_leaks=0:verify_asan_link_order=0:log_path=$logs/asan"
export UBSAN_OPTIONS="print_stacktrace=1:log_path=$logs/ubsan"

# Every C unit test (the TESTS that are programs, not .sh/.py scripts;
# check_PROGRAMS also has tools such as vtcat), through automake's harness.
units=$(printf 'p:\n\t@echo $(TESTS)\n' |
    make -s -f Makefile -f - p 2>/dev/null | tr ' ' '\n' |
    grep -E '^[a-z].*_test$' | tr '\n' ' ')
make -j"$(nproc)" check TESTS="$units" >unit.out 2>&1
for t in $units; do
	trs=$build/$t.trs
	if [ ! -f "$trs" ]; then
		point "not ok" "unit test $t under sanitizers: no result"
		continue
	fi
	pass=$(grep -c '^:test-result: PASS' "$trs")
	if grep -Eq '^:test-result: (FAIL|ERROR|XPASS)' "$trs"; then
		grep -E '^not ok' "$build/$t.log" | head -5 | sed 's/^/# /'
		point "not ok" "unit test $t under sanitizers"
	else
		point ok "unit test $t under sanitizers ($pass points)"
	fi
done

# The conformance cases, zeropty built with the sanitizers.
files=
for c in $cases; do
	files="$files $top/conformance/cases/$c.sh"
done
TEST_ZEROPTY=$build/zeropty \
    ZEROPTY_SHIM=$build/shim/.libs/libzeropty-shim.so \
    TOP_SRCDIR=$top sh "$top/conformance/run.sh" $files >conf.out 2>&1
while IFS= read -r line; do
	case $line in
	"ok "*" # TODO"*|"not ok "*" # TODO"*)
		;;	# known differences: not this run's business
	"ok "*)
		point ok "sanitized: ${line#ok [0-9]* - }" ;;
	"not ok "*)
		point "not ok" "sanitized: ${line#not ok [0-9]* - }" ;;
	"#"*)
		echo "$line" ;;
	esac
done <conf.out

# Python tests that drive the server hard (bad input, waits, searches).
for t in robustness_test read_at_once_test wait_pane_test grep_panes_test; do
	f=$top/tmux-compat/t/$t.py
	[ -f "$f" ] || continue
	if TEST_ZEROPTY=$build/zeropty \
	    ZEROPTY_SHIM=$build/shim/.libs/libzeropty-shim.so \
	    timeout 600 /usr/bin/python3 "$f" >"$t.out" 2>&1 &&
	    ! grep -q '^not ok' "$t.out"; then
		point ok "sanitized: $t ($(grep -c '^ok' "$t.out") points)"
	else
		grep '^not ok' "$t.out" | head -5 | sed 's/^/# /'
		point "not ok" "sanitized: $t"
	fi
done

# The protocol fuzzer (malformed frames, control lines) at the server.
/usr/bin/python3 "$top/conformance/fuzz/proto_fuzz.py" \
    --bin "$build/zeropty" --seed 1 --count "${PROTO_FUZZ_COUNT:-5000}" \
    >proto.out 2>&1
grep '^# ' proto.out | head -8
if grep -q '^ok 1' proto.out; then
	point ok "sanitized: $(sed -n 's/^ok 1 - //p' proto.out)"
else
	point "not ok" "sanitized: protocol fuzzer"
fi

# Whatever any sanitized process reported.
reports=$(find "$logs" -type f | wc -l)
if [ "$reports" -eq 0 ]; then
	point ok "no sanitizer reports"
else
	for f in $(find "$logs" -type f | head -5); do
		echo "# === $f"
		grep -E 'ERROR|SUMMARY|runtime error|#[0-9] ' "$f" | head -15 |
		    sed 's/^/# /'
	done
	point "not ok" "no sanitizer reports: $reports files in $logs"
fi
echo "1..$n"
exit $rc
