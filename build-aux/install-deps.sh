#!/usr/bin/env bash
# Install the Debian 12 packages zeropty builds with and tests against
# (tmux 3.3a is the reference). Skips apt when everything is present.
set -euo pipefail
pkgs="autoconf automake libtool pkg-config make gcc
libevent-dev libncurses-dev libmimalloc-dev libzstd-dev libbsd-dev musl-tools
tmux python3 python3-pytest python3-libtmux tmuxp vim less bash coreutils
ncurses-bin procps busybox-static fzf sudo passwd"
# libFuzzer's smoke run (conformance/fuzz/libfuzzer-smoke.sh): clang and
# its sanitizer runtimes, without clang's recommended LLVM development
# files (hundreds of MB that nothing here uses).
fuzzpkgs="clang libclang-rt-14-dev"
missing=
for p in $pkgs $fuzzpkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
	    missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
	echo "missing Debian packages:$missing (run as root or install them)" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
main= fuzz=
for p in $missing; do
	case " $fuzzpkgs " in
	*" $p "*) fuzz="$fuzz $p" ;;
	*) main="$main $p" ;;
	esac
done
[ -z "$main" ] || apt-get install -y -qq $main >/dev/null
[ -z "$fuzz" ] || apt-get install -y -qq --no-install-recommends $fuzz \
    >/dev/null
