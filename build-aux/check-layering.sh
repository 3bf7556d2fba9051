#!/bin/sh
# Check the layering rules of HACKING.md by grepping #include lines.
top=${1:-.}
rc=0
bad() { echo "layering: $*" >&2; rc=1; }
for f in $(cd "$top" && ls engine/term/*.[ch] 2>/dev/null); do
	grep -Eq '#include "(engine/(sys|model)|tmux-compat|shim)/' "$top/$f" &&
	    bad "$f: engine/term may include only engine/base and engine/term"
	grep -Eq '#include <(event2?/|sys/socket|unistd)' "$top/$f" &&
	    bad "$f: engine/term does no I/O"
done
for f in $(cd "$top" && find engine -name '*.[ch]' 2>/dev/null); do
	grep -Eq '#include "tmux-compat/' "$top/$f" &&
	    bad "$f: the engine never includes tmux-compat"
done
for f in $(cd "$top" && ls shim/*.[ch] 2>/dev/null); do
	grep -Eq '#include "(engine|tmux-compat)/' "$top/$f" &&
	    bad "$f: the shim stands alone"
done
for f in $(cd "$top" && ls lib/*.[ch] 2>/dev/null); do
	grep -E '#include "' "$top/$f" |
	    grep -Evq '#include "(lib/zeropty\.h|tmux-compat/proto\.h|engine/base/testlib\.h)"' &&
	    bad "$f: lib includes only its own header and tmux-compat/proto.h"
done
exit $rc
