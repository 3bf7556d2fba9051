#!/usr/bin/env bash
# Build the Debian packages (debian/) and test them: install zeropty and
# zeropty-as-tmux, run `tmux -V` and a session through /usr/bin/tmux,
# remove them, and find Debian's tmux (or nothing) back at /usr/bin/tmux.
# As root on Debian 12; slow (a full build), so not part of CI.
#
# The installs happen in a private mount namespace, on an overlay of /
# whose changes vanish with it, so that a machine running other tests
# against /usr/bin/tmux never sees it change (TEST_DEB_IN_PLACE=1 installs
# on the real system instead, and then only tries the case the system is
# in). In the overlay three cases run:
#   with-tmux     Debian's tmux installed first;
#   without-tmux  no tmux at all (purged in the overlay);
#   tmux-after    Debian's tmux installed while zeropty-as-tmux is.
# Prints TAP; exit status 0 when every case passed.
set -u
self=$(readlink -f "$0")

# ---- in the chroot: one case ------------------------------------------
# TAP without numbers: the cases run in separate processes.
fail=0
ok()
{
	if [ "$1" = 0 ]; then
		echo "ok - $case: $2"
	else
		echo "not ok - $case: $2"
		fail=1
	fi
}

# The packages in place: /usr/bin/tmux is zeropty, and runs a session;
# build-aux/installcheck-lib.c builds with libzeropty-dev's pkg-config
# file and reaches a session through the library.
check_installed()
{
	local dir=$1 flags tmp
	local v out sock=deb-test-$$
	[ "$(readlink -f /usr/bin/tmux)" = /usr/bin/zeropty ]
	ok $? "/usr/bin/tmux is zeropty ($(readlink /usr/bin/tmux))"
	v=$(tmux -V 2>&1)
	[ "$v" = "tmux 3.3a" ] && [ "$(command -v tmux)" = /usr/bin/tmux ]
	ok $? "tmux -V: $v"
	v=$(zeropty -V 2>&1)
	case $v in zeropty\ *) ok 0 "zeropty -V: $v" ;; *) ok 1 "zeropty -V: $v" ;; esac
	[ -n "$(man -w zeropty 2>/dev/null)" ]
	ok $? "man -w zeropty: $(man -w zeropty 2>/dev/null)"
	[ -f /usr/share/bash-completion/completions/zeropty ]
	ok $? "bash completion installed"
	/usr/bin/tmux -f /dev/null -L "$sock" new -d -s deb -x 80 -y 24 /bin/sh
	ok $? "tmux new -d"
	/usr/bin/tmux -L "$sock" send-keys -t deb 'echo "deb $((6 * 7))"; tty' \
	    Enter
	/usr/bin/tmux -L "$sock" wait-pane -t deb -T 10000 \
	    -r '/dev/zeropty/' >/dev/null
	out=$(/usr/bin/tmux -L "$sock" capture-pane -p -t deb)
	printf '%s\n' "$out" | grep -q 'deb 42$'
	ok $? "tmux send-keys and capture-pane"
	printf '%s\n' "$out" | grep -q '/dev/zeropty/'
	ok $? "the pane runs on the installed shim"
	[ "$fail" = 0 ] || printf '%s\n' "$out" | sed 's/^/# /'
	/usr/bin/tmux -L "$sock" kill-server >/dev/null 2>&1

	tmp=$(mktemp -d)
	flags=$(pkg-config --cflags --libs zeropty)
	# shellcheck disable=SC2086
	cc -o "$tmp/libcheck" "$dir/installcheck-lib.c" $flags
	ok $? "a program builds with pkg-config zeropty: $flags"
	TMUX_TMPDIR=$tmp zeropty -f /dev/null new -d -s work -x 80 -y 24
	out=$(TMUX_TMPDIR=$tmp "$tmp/libcheck" work 2>&1)
	[ "$out" = "run work
control work" ]
	ok $? "and reaches a session through libzeropty"
	[ "$fail" = 0 ] || printf '%s\n' "$out" | sed 's/^/# /'
	TMUX_TMPDIR=$tmp zeropty kill-server >/dev/null 2>&1
	rm -rf "$tmp"
}

# Removed: what was at /usr/bin/tmux before ($1: its sha256 or "none").
check_removed()
{
	local want=$1 got=none
	[ -e /usr/bin/tmux ] && got=$(sha256sum </usr/bin/tmux | cut -c1-16)
	[ "$got" = "$want" ]
	ok $? "/usr/bin/tmux back as before ($got)"
	[ -z "$(dpkg-divert --list /usr/bin/tmux)" ]
	ok $? "no diversion left"
	[ ! -e /usr/bin/tmux.distrib ]
	ok $? "no /usr/bin/tmux.distrib left"
	if [ "$want" != none ]; then
		[ "$(/usr/bin/tmux -V 2>&1)" = "tmux 3.3a" ] &&
		    dpkg-query -W -f='${Status}' tmux | grep -q 'ok installed'
		ok $? "Debian's tmux runs: $(/usr/bin/tmux -V 2>&1)"
	fi
}

sum_tmux()
{
	if [ -e /usr/bin/tmux ]; then
		sha256sum </usr/bin/tmux | cut -c1-16
	else
		echo none
	fi
}

run_case()
{
	local dir=$1 before
	case=$2
	export DEBIAN_FRONTEND=noninteractive
	case $case in
	without-tmux | tmux-after)
		dpkg --purge --force-depends tmux >/dev/null 2>&1
		[ ! -e /usr/bin/tmux ]
		ok $? "no tmux to begin with"
		;;
	esac
	before=$(sum_tmux)
	dpkg -i "$dir"/zeropty_*.deb "$dir"/zeropty-as-tmux_*.deb \
	    "$dir"/libzeropty-dev_*.deb >"$dir/$case-install.log" 2>&1
	ok $? "dpkg -i zeropty zeropty-as-tmux libzeropty-dev"
	[ "$fail" = 0 ] || sed 's/^/# /' "$dir/$case-install.log"
	if [ "$before" != none ]; then
		[ "$(sha256sum </usr/bin/tmux.distrib | cut -c1-16)" = "$before" ]
		ok $? "Debian's tmux kept as /usr/bin/tmux.distrib"
	fi
	check_installed "$dir"
	if [ "$case" = tmux-after ]; then
		dpkg -i "$dir"/tmux_*.deb >"$dir/$case-tmux.log" 2>&1
		ok $? "dpkg -i tmux while zeropty-as-tmux is installed"
		[ "$(readlink -f /usr/bin/tmux)" = /usr/bin/zeropty ] &&
		    [ -f /usr/bin/tmux.distrib ]
		ok $? "tmux's binary went to /usr/bin/tmux.distrib"
		before=$(sha256sum </usr/bin/tmux.distrib | cut -c1-16)
	fi
	dpkg --purge zeropty-as-tmux >"$dir/$case-remove.log" 2>&1
	ok $? "dpkg --purge zeropty-as-tmux"
	check_removed "$before"
	dpkg --purge libzeropty-dev zeropty >>"$dir/$case-remove.log" 2>&1
	ok $? "dpkg --purge libzeropty-dev zeropty"
	[ ! -e /usr/bin/zeropty ] && [ ! -e /usr/libexec/zeropty ] &&
	    [ ! -e /usr/include/zeropty.h ]
	ok $? "zeropty's files are gone"
	[ "$(sum_tmux)" = "$before" ]
	ok $? "/usr/bin/tmux still as before"
}

if [ "${1-}" = --case ]; then
	run_case "$2" "$3"
	exit "$fail"
fi

# ---- in the namespace: an overlay of /, a chroot per case -------------
if [ "${1-}" = --overlay ]; then
	dir=$2 case=$3 top=$4
	mount -t tmpfs tmpfs "$top" || exit 1
	mkdir "$top/upper" "$top/work" "$top/root"
	mount -t overlay overlay \
	    -o "lowerdir=/,upperdir=$top/upper,workdir=$top/work" \
	    "$top/root" || exit 1
	r=$top/root
	mount -t proc proc "$r/proc" && mount --rbind /dev "$r/dev" &&
	    mount -t tmpfs tmpfs "$r/tmp" || exit 1
	mkdir "$r/tmp/deb"
	cp "$dir"/*.deb "$dir/installcheck-lib.c" "$self" "$r/tmp/deb/" || exit 1
	chroot "$r" bash /tmp/deb/test-deb.sh --case /tmp/deb "$case"
	rc=$?
	cp "$r"/tmp/deb/*.log "$dir/" 2>/dev/null
	exit "$rc"
fi

# ---- outside: build, then the cases -----------------------------------
if [ "$(id -u)" != 0 ]; then
	echo "test-deb.sh: run as root" >&2
	exit 1
fi
src=$(cd "$(dirname "$self")/.." && pwd)
work=${TEST_DEB_DIR:-$(mktemp -d /tmp/zeropty-deb.XXXXXX)}
mkdir -p "$work/src"
echo "# building in $work"
# The tree as it is (tracked and new files, not ignored ones).
(cd "$src" && git ls-files -co --exclude-standard -z |
    xargs -0 tar cf - 2>/dev/null) | tar xf - -C "$work/src" || exit 1
export DEBIAN_FRONTEND=noninteractive
apt-get build-dep -y -qq "$work/src" >"$work/build-dep.log" 2>&1 || {
	echo "not ok - apt-get build-dep (see $work/build-dep.log)"
	exit 1
}
(cd "$work/src" && nice -n 10 dpkg-buildpackage -us -uc -b) \
    >"$work/build.log" 2>&1
rc=$?
grep -E '^# (TOTAL|PASS|FAIL|SKIP|ERROR):' "$work/build.log" | sed 's/^/# build-time tests: /'
if [ "$rc" != 0 ]; then
	tail -30 "$work/build.log" | sed 's/^/# /'
	echo "Bail out! dpkg-buildpackage -us -uc -b failed (see $work/build.log)"
	exit 1
fi
cp "$work/src/build-aux/installcheck-lib.c" "$work/" || exit 1
ls "$work"/*.deb | sed 's/^/# built /'
echo "ok - dpkg-buildpackage -us -uc -b"

if [ "${TEST_DEB_IN_PLACE:-0}" = 1 ]; then
	if [ -e /usr/bin/tmux ]; then c=with-tmux; else c=without-tmux; fi
	bash "$self" --case "$work" "$c"
	exit $?
fi
(cd "$work" && apt-get download tmux >"$work/download.log" 2>&1) || {
	echo "Bail out! apt-get download tmux failed (see $work/download.log)"
	exit 1
}
rc=0
for c in with-tmux without-tmux tmux-after; do
	mkdir -p "$work/ns-$c"
	unshare --mount --propagation private \
	    bash "$self" --overlay "$work" "$c" "$work/ns-$c" || rc=1
done
[ "$rc" = 0 ] && echo "# all cases passed" || echo "# some case failed"
exit "$rc"
