#!/bin/sh
# conformance/fuzz/libfuzzer-smoke.sh [SECONDS]: build every libFuzzer
# target with clang -fsanitize=fuzzer,address,undefined, run its saved
# inputs once each, then fuzz it, and print TAP: two points a target.
#
# Targets (each reads conformance/fuzz/libfuzzer/NAME/, its saved inputs:
# a minimised corpus plus past crashes and hangs):
#   vt         engine/term/vt_fuzz.c: the terminal emulator (pure, built
#              from the source tree alone)
#   cmd-parse  tmux-compat/cmd-parse_fuzz.c: the command language
#   format     tmux-compat/format_fuzz.c: the format language
# cmd-parse and format link the rest of the code from a configured build
# tree ($TOP_BUILDDIR, default ./_build of the source tree: its config.h
# and archives); the files under test are compiled with clang and the
# sanitizers, with the C library's allocator (ZEROPTY_LIBC_MALLOC) so ASan
# sees the heap.  Without a build tree only vt runs.
#
# Fuzzing is SECONDS (default 60) a target; FUZZ_RUNS=N (with FUZZ_SEED,
# default 1) fuzzes N inputs a target in one process from a fixed seed
# instead: the same inputs every time, as CI runs it (build-aux/test.sh),
# so a failure there is one anyone can repeat.  FUZZ_TARGETS="vt format"
# picks targets.  Artifacts (crash-*, timeout-*) go to $FUZZ_OUT/NAME/
# (default a temporary directory, printed); each corpus grows in
# $FUZZ_OUT/NAME/corpus (`-merge=1` it into the saved directory to keep
# new coverage).  `make fuzz-libfuzzer` runs it with FUZZ_SECONDS.
#
# UBSan stops at the first report except those listed in ubsan.supp.
set -u
srcdir=${TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
builddir=${TOP_BUILDDIR:-$srcdir/_build}
secs=${1:-60}
CLANG=${CLANG:-clang}
targets=${FUZZ_TARGETS:-vt cmd-parse format}
if ! command -v "$CLANG" >/dev/null 2>&1; then
	echo "1..0 # SKIP clang not installed"
	exit 0
fi
out=${FUZZ_OUT:-$(mktemp -d /tmp/zp-libfuzzer-XXXXXX)}
mkdir -p "$out"
echo "# output in $out"
set -- $targets
echo "1..$(($# * 2))"
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:suppressions=$srcdir/conformance/fuzz/ubsan.supp
export UBSAN_OPTIONS
SANFLAGS="-g -O1 -fsanitize=address,undefined"

# fuzz_build NAME: build $out/NAME/fuzz, or say why not (build.log).
fuzz_build()
{
	d=$out/$1
	case $1 in
	vt)
		(cd "$srcdir" && $CLANG $SANFLAGS -fsanitize=fuzzer -I. \
		    -DZEROPTY_LIBC_MALLOC -o "$d/fuzz" \
		    $(find engine/term -name '*.c' ! -name vtcat.c \
		    ! -name '*_test.c') \
		    engine/base/buf.c engine/base/log.c engine/base/base64.c \
		    engine/base/xmalloc.c -lzstd)
		return
		;;
	cmd-parse)
		files="tmux-compat/cmd-parse_fuzz.c tmux-compat/cmd-parse.c
		    tmux-compat/args.c tmux-compat/cmd.c tmux-compat/format.c"
		;;
	format)
		files="tmux-compat/format_fuzz.c tmux-compat/format.c
		    tmux-compat/regcomp-limit.c"
		;;
	*)
		echo "no fuzz target $1"
		return 1
		;;
	esac
	if [ ! -f "$builddir/config.h" ] ||
	    [ ! -f "$builddir/tmux-compat/libzpcompat.a" ]; then
		echo "no configured build tree with its archives at $builddir"
		return 1
	fi
	for f in $files engine/base/xmalloc.c engine/base/buf.c; do
		$CLANG $SANFLAGS -fsanitize=fuzzer-no-link \
		    -DZEROPTY_LIBC_MALLOC -I"$srcdir" -I"$builddir" \
		    -c "$srcdir/$f" -o "$d/$(basename "$f" .c).o" || return 1
	done
	# The objects above come first, so the archives give only the rest.
	$CLANG $SANFLAGS -fsanitize=fuzzer -o "$d/fuzz" "$d"/*.o \
	    "$builddir/tmux-compat/libzpcompat.a" \
	    "$builddir/engine/libzpengine.a" \
	    "$builddir/engine/term/libzpterm.a" \
	    "$builddir/engine/base/libzpbase.a" \
	    -levent_core -lzstd -ltinfo -lbsd -lmimalloc -lm
}

rc=0
n=0
for t in $targets; do
	d=$out/$t
	mkdir -p "$d/corpus"
	saved=$srcdir/conformance/fuzz/libfuzzer/$t
	n=$((n + 1))
	fuzz_build "$t" >"$d/build.log" 2>&1
	if [ ! -x "$d/fuzz" ]; then
		sed 's/^/# /' "$d/build.log" | tail -20
		echo "not ok $n - $t: build"
		n=$((n + 1))
		echo "not ok $n - $t: fuzz # SKIP not built"
		rc=1
		continue
	fi

	# The saved inputs (corpus, past crashes and hangs): all in one
	# process, then, if that failed, each on its own to name the culprit.
	bad=
	count=$(ls "$saved" | wc -l)
	if ! "$d/fuzz" -runs=0 -timeout=10 "$saved" >"$d/saved.log" 2>&1; then
		for f in "$saved"/*; do
			[ -f "$f" ] || continue
			"$d/fuzz" -timeout=10 "$f" >"$d/one.log" 2>&1 &&
			    continue
			bad="$bad $(basename "$f")"
			grep -E 'SUMMARY|fuzz:' "$d/one.log" | sed 's/^/# /'
		done
		[ -n "$bad" ] || bad=" (all together: $d/saved.log)"
	fi
	if [ -z "$bad" ]; then
		echo "ok $n - $t: $count saved inputs"
	else
		echo "not ok $n - $t: saved inputs:$bad"
		rc=1
	fi

	# Fuzz, seeded with the saved inputs (and vt with the differential
	# fuzzer's regressions).
	n=$((n + 1))
	seeds=$d/seeds
	mkdir -p "$seeds"
	cp "$saved"/* "$seeds"/ 2>/dev/null
	[ "$t" = vt ] &&
	    cp "$srcdir"/conformance/fuzz/regress/*.bin "$seeds"/ 2>/dev/null
	# FUZZ_RUNS_NAME (cmd-parse: FUZZ_RUNS_cmd_parse) overrides FUZZ_RUNS.
	runs=$(eval echo "\${FUZZ_RUNS_$(echo "$t" | tr - _):-${FUZZ_RUNS:-}}")
	if [ -n "$runs" ]; then
		what="fuzz $runs inputs, seed ${FUZZ_SEED:-1}"
		"$d/fuzz" -seed="${FUZZ_SEED:-1}" -runs="$runs" \
		    -max_len=4096 -timeout=10 -artifact_prefix="$d/" \
		    "$d/corpus" "$seeds" >"$d/fuzz.log" 2>&1
	else
		what="fuzz ${secs}s"
		"$d/fuzz" -fork=1 -ignore_timeouts=1 -ignore_crashes=1 \
		    -ignore_ooms=1 -max_len=4096 -timeout=5 \
		    -max_total_time="$secs" -artifact_prefix="$d/" \
		    "$d/corpus" "$seeds" >"$d/fuzz.log" 2>&1
	fi
	tail -1 "$d/fuzz.log" | sed 's/^/# /'
	a=$(ls "$d" | grep -c -E '^(crash|timeout|oom|leak)-')
	if [ "$a" -eq 0 ]; then
		echo "ok $n - $t: $what"
	else
		ls "$d" | grep -E '^(crash|timeout|oom|leak)-' |
		    sed "s|^|# $d/|"
		grep -E 'SUMMARY|ERROR' "$d/fuzz.log" | head -5 | sed 's/^/# /'
		echo "not ok $n - $t: $what: $a artifacts"
		rc=1
	fi
done
exit $rc
