# The client that starts the server waits for the startup file's shell
# jobs (if-shell and run-shell without -b, and what they run in turn)
# before its own command runs and it exits; another client does not.
. "$(dirname "$0")/../lib.sh"

cat >"$WORK/jobs.conf" <<'CONF'
if-shell "sleep 0.4; true" "set -g @first yes" "set -g @first no"
run-shell "sleep 0.2"
if-shell "true" "if-shell 'sleep 0.2; false' 'set -g @nested yes' 'set -g @nested no'"
set -g @last yes
CONF
run "$BIN" -L "$SOCK" -f "$WORK/jobs.conf" new-session -d -s main \; show -gv @first
run t show -g @first
run t show -g @nested
run t show -g @last
