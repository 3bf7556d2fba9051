#!/bin/sh
# build-aux/check-names.sh SRCDIR BUILDDIR: every external function starts
# with the stem of the file that defines it (tmux-compat/menu.c: menu_*),
# read from nm of the built objects, so a reader finds a function's file
# from its name.  build-aux/check-names.exceptions lists the reviewed
# exceptions: "SOURCE PREFIX # why" (PREFIX * for every name).
top=${1:-.}
build=${2:-.}
exc=$top/build-aux/check-names.exceptions
set -f	# "*" in the exceptions is a pattern, not files
command -v nm >/dev/null 2>&1 || { echo "names: nm not found, skipped"; exit 0; }
rc=0 checked=0
for src in $(cd "$top" && git ls-files 'engine/*.c' 'tmux-compat/*.c' \
    'shim/*.c' 2>/dev/null || (cd "$top" && find engine tmux-compat shim \
    -name '*.c')); do
	case $src in
	*_test.c|*_fuzz.c|*/t/*) continue ;;
	esac
	dir=$(dirname "$src")
	base=$(basename "$src" .c)
	stem=$(echo "$base" | tr - _)
	# Automake names an object DIR/STEM.o or DIR/TARGET-STEM.o (target
	# names have no '-'); libtool puts its objects in DIR/.libs.
	objs=$(ls "$build/$dir" "$build/$dir/.libs" 2>/dev/null |
	    grep -E "^([A-Za-z0-9_]+-)?$base\.o$" | sort -u)
	[ -n "$objs" ] || continue
	allowed=$(awk -v s="$src" '$1 == s { print $2 }' "$exc" 2>/dev/null)
	for o in $objs; do
		f=$build/$dir/$o
		[ -f "$f" ] || f=$build/$dir/.libs/$o
		nm -g --defined-only "$f" | awk '$2 == "T" { print $3 }'
	done | sort -u | while read -r sym; do
		case $sym in
		main|"$stem"|"$stem"_*) continue ;;
		esac
		ok=0
		for p in $allowed; do
			[ "$p" = '*' ] && ok=1
			case $sym in "$p"*) ok=1 ;; esac
		done
		[ $ok = 1 ] && continue
		echo "names: $src defines $sym (want ${stem}_*)" >&2
		echo bad
	done | grep -q bad && rc=1
	checked=$((checked + 1))
done
[ $checked -gt 0 ] || { echo "names: no objects under $build, skipped"; exit 0; }
exit $rc
