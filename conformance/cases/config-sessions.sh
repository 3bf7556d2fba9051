# Startup files that create sessions: with no client to attach,
# new-session is detached (tmux), the server stays, and the sessions
# start in the directory of the client that started the server.
. "$(dirname "$0")/../lib.sh"

# start_with NAME LINES...: write the lines to NAME.conf and start a
# server with it, then list what it made and stop it.
start_with()
{
	conf_name=$1
	shift
	printf '%s\n' "$@" >"$WORK/$conf_name.conf"
	say "config: $*"
	run "$BIN" -L "$SOCK" -f "$WORK/$conf_name.conf" start-server
	run t list-sessions -F '#{session_name} #{session_windows} #{session_path}'
	run t list-windows -a -F \
	    '#{session_name}:#{window_index} [#{pane_start_command}] #{pane_current_path}'
	run t kill-server
	wait_no_server
}

mkdir -p "$WORK/dir"
cd "$WORK/dir" || exit 1
start_with one 'new -s test'
start_with two 'new' 'neww sleep 101' 'new -- sleep 102' 'new "sleep 103"'
start_with base 'set -g base-index 100' 'new' 'set base-index 200' 'neww'
start_with cwd 'new -s c -n "#{session_path}" "sleep 100"' 'neww' \
    'neww -c "#{pane_current_path}"' 'run "pwd >$WORK/run-cwd"'
run cat "$WORK/run-cwd"
say "a client command after the startup file's session"
run "$BIN" -L "$SOCK" -f "$WORK/one.conf" new-session -d -s after
run t list-sessions -F '#{session_name}'
run t kill-server
wait_no_server
