#!/bin/sh
# build-aux/check-codemap.sh SRCDIR: every source file of engine/,
# tmux-compat/ (but cmd/, one file per command), shim/ and lib/ is named in
# HACKING.md's code map, so the map stays a true table of contents.  A
# header is covered by its .c file of the same stem.
top=${1:-.}
map=$top/HACKING.md
rc=0
for f in $(cd "$top" && find engine tmux-compat shim lib -name '*.[ch]' \
    ! -path '*/cmd/*' ! -path '*/t/*' ! -name '*_test.c' | sort); do
	b=$(basename "$f")
	case $b in
	*.h) [ -f "$top/${f%.h}.c" ] && continue ;;
	esac
	grep -q -e "\`$b\`" -e "\`$f\`" "$map" && continue
	echo "codemap: $f is not in HACKING.md's code map" >&2
	rc=1
done
exit $rc
