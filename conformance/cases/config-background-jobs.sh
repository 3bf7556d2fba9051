# The startup file's jobs run with -b (run-shell -b, if-shell -b, as
# plugin managers start their plugins) do not hold the client that
# started the server: its command runs and it exits while they go on,
# and what they set arrives later.  The jobs sleep 4 s, far longer than
# new-session and show-options take, so the order is the same every run.
. "$(dirname "$0")/../lib.sh"

cat >"$WORK/bg.conf" <<CONF
run-shell -b "sleep 4; $TM set -g @late yes"
if-shell -b "sleep 4; true" "set -g @branch yes" "set -g @branch no"
run-shell "true"
set -g @early yes
CONF
run "$BIN" -L "$SOCK" -f "$WORK/bg.conf" new-session -d -s main \; \
    show -gv @early \; show -gv @late
run t show -gv @branch

late()
{
	[ "$(t show -gv @late 2>/dev/null)" = yes ] &&
	    [ "$(t show -gv @branch 2>/dev/null)" = yes ]
}
conf_poll 20 late || say "the -b jobs did not finish"
run t show -gv @late
run t show -gv @branch
