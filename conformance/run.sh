#!/bin/sh
# conformance/run.sh [CASE...]: differential conformance suite, TAP output.
#
# Runs each case (default: conformance/cases/*.sh) once against tmux 3.3a
# and once against zeropty ($TEST_ZEROPTY), each on a private -L socket,
# and diffs the normalised transcripts.  Cases named in
# conformance/known-differences ("case # reason") are reported as TAP TODO.
#
# CONFORMANCE_SELFTEST=1 runs tmux on both sides: every case must pass,
# which shows it is deterministic.  CONFORMANCE_KEEP=1 keeps the
# transcripts (their directory is printed).  CONFORMANCE_TIMEOUT is the
# per-side limit in seconds (default 90).  CONFORMANCE_JOBS cases run at
# once (default 3).

srcdir=${TOP_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
confdir=$srcdir/conformance

REF=${TEST_TMUX:-/usr/bin/tmux}
[ -n "$REF" ] && [ -x "$REF" ] || REF=/usr/bin/tmux
if [ ! -x "$REF" ]; then
	echo "1..0 # SKIP tmux 3.3a not installed"
	exit 0
fi

selftest=${CONFORMANCE_SELFTEST:-0}
if [ "$selftest" = 1 ]; then
	SUT=$REF
else
	SUT=${TEST_ZEROPTY:-}
	if [ -z "$SUT" ] || [ ! -f "$SUT" ] || [ ! -x "$SUT" ]; then
		echo "1..0 # SKIP zeropty not built"
		exit 0
	fi
	case $SUT in
	/*) ;;
	*) SUT=$(pwd)/$SUT ;;
	esac
	# Outside "make check" find the pane shim beside the binary.
	if [ -z "${ZEROPTY_SHIM:-}" ]; then
		shim=$(dirname "$SUT")/shim/.libs/libzeropty-shim.so
		if [ -f "$shim" ]; then
			ZEROPTY_SHIM=$shim
			export ZEROPTY_SHIM
		fi
	fi
fi

if [ $# -eq 0 ]; then
	set -- "$confdir"/cases/*.sh
fi

tmp=$(mktemp -d /tmp/conf.XXXXXX) || exit 99
if [ "${CONFORMANCE_KEEP:-0}" = 1 ]; then
	echo "# transcripts in $tmp"
else
	trap 'rm -rf "$tmp"' EXIT
fi
trap 'exit 130' INT
trap 'exit 143' TERM

# Reason a case is a known difference, or nothing.
known_reason()
{
	[ "$selftest" = 1 ] && return 0
	[ -f "$confdir/known-differences" ] || return 0
	awk -v c="$1" '{
		line = $0; reason = "";
		i = index(line, "#");
		if (i > 0) { reason = substr(line, i + 1); line = substr(line, 1, i - 1) }
		gsub(/[ \t]/, "", line);
		if (line == c) { sub(/^[ \t]+/, "", reason); print (reason == "" ? "known difference" : reason); exit }
	}' "$confdir/known-differences"
}

# run_side SIDE BIN CASEFILE NAME: transcript to $tmp/NAME/SIDE.out
run_side()
{
	d=$tmp/$4/$1
	mkdir -p "$d"
	(
		BIN=$2 SOCK=conf-$$-$4-$1 WORK=$d SIDE=$1 \
		    CONF_DIR=$confdir CONF_LIB=$confdir/lib.sh
		export BIN SOCK WORK SIDE CONF_DIR CONF_LIB
		cd "$d" &&
		timeout -k 5 "${CONFORMANCE_TIMEOUT:-90}" \
		    /bin/sh "$3" >"$tmp/$4/$1.out" 2>"$tmp/$4/$1.err" </dev/null
		echo "case rc=$?" >>"$tmp/$4/$1.out"
	)
	# Servers leave their socket files behind: remove this side's.
	rm -f "/tmp/tmux-$(id -u)/conf-$$-$4-$1" \
	    "/tmp/zeropty-$(id -u)/conf-$$-$4-$1"
	if [ -s "$tmp/$4/$1.err" ]; then
		echo "--- case stderr" >>"$tmp/$4/$1.out"
		sed -e "s#$d#WORKDIR#g" -e "s#conf-$$-$4-$1#SOCKNAME#g" \
		    "$tmp/$4/$1.err" >>"$tmp/$4/$1.out"
	fi
}

# Whether the reference run of a case timed out, lost its server or failed.
ref_broken()
{
	grep -q '^# TIMEOUT' "$tmp/$1/ref.out" ||
	    grep -q '^! server exited unexpectedly' "$tmp/$1/ref.out" ||
	    ! grep -Eq '^case rc=[01]([^0-9]|$)' "$tmp/$1/ref.out"
}

# run_case FILE NAME: run both sides of a case and leave its TAP lines
# (without a number) in $tmp/NAME/tap, "failed" in $tmp/NAME/failed.
run_case()
{
	f=$1 name=$2
	start=$(date +%s.%N)
	run_side ref "$REF" "$f" "$name"
	# tmux 3.3a's server sometimes dies under load (several -f files, a
	# server exiting while it still writes): give the reference one rerun.
	if ref_broken "$name"; then
		rm -rf "$tmp/$name/ref"
		run_side ref "$REF" "$f" "$name"
	fi
	run_side sut "$SUT" "$f" "$name"
	end=$(date +%s.%N)
	secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')
	reason=$(known_reason "$name")
	# A case that times out against tmux itself, crashes tmux's server, or
	# whose script fails (any exit but 0 and 1: a shell error would stop
	# both sides at the same line and compare equal) is broken whatever
	# zeropty does.
	out=$tmp/$name/tap
	if ref_broken "$name"; then
		{
			echo "not ok - $name"
			echo "# case broken: against tmux ($REF) it timed out, crashed the server or failed: $(grep '^case rc=' "$tmp/$name/ref.out")"
			grep -A30 '^# TIMEOUT' "$tmp/$name/ref.out" | sed 's/^/# /'
		} >"$out"
		: >"$tmp/$name/failed"
	elif diff -u --label "tmux/$name" --label "zeropty/$name" \
	    "$tmp/$name/ref.out" "$tmp/$name/sut.out" >"$tmp/$name/diff"; then
		if [ -n "$reason" ]; then
			echo "ok - $name # TODO $reason (now passes: remove from known-differences)"
		else
			echo "ok - $name"
		fi >"$out"
	else
		{
			if [ -n "$reason" ]; then
				echo "not ok - $name # TODO $reason"
			else
				echo "not ok - $name"
				: >"$tmp/$name/failed"
			fi
			head -n "${CONFORMANCE_DIFF_LINES:-150}" "$tmp/$name/diff" |
			    sed 's/^/# /'
			lines=$(wc -l <"$tmp/$name/diff")
			if [ "$lines" -gt "${CONFORMANCE_DIFF_LINES:-150}" ]; then
				echo "# ... ($lines diff lines in all)"
			fi
		} >"$out"
	fi
	echo "# $name: ${secs}s" >>"$out"
}

# Cases run in CONFORMANCE_JOBS lanes at once (default 3): each lane takes
# every JOBS-th case, in order, and the results are printed in case order
# once all lanes are done. Cases are independent (private sockets and
# directories), and most of their time is spent waiting for the programs
# they drive, not on the CPU: on 2 cores 3 lanes take the 91 cases from
# 10.5 to 5.5 min (91 cases, CI's machine).
jobs=${CONFORMANCE_JOBS:-3}
i=0
names=
for f in "$@"; do
	case $f in
	/*) ;;
	*) f=$(pwd)/$f ;;
	esac
	name=$(basename "$f" .sh)
	mkdir -p "$tmp/$name"
	echo "$f" >"$tmp/$name/file"
	echo "$name" >>"$tmp/lane-$((i % jobs))"
	names="$names $name"
	i=$((i + 1))
done
lane=0
pids=
while [ "$lane" -lt "$jobs" ] && [ -f "$tmp/lane-$lane" ]; do
	(
		while read -r name; do
			run_case "$(cat "$tmp/$name/file")" "$name"
		done <"$tmp/lane-$lane"
	) &
	pids="$pids $!"
	lane=$((lane + 1))
done
for pid in $pids; do
	wait "$pid"
done
n=0
for name in $names; do
	n=$((n + 1))
	sed "1s/^\(not ok\|ok\) /\1 $n /" "$tmp/$name/tap"
done
echo "1..$n"
exit 0
