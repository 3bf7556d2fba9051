# kill-server and SIGTERM end the server whatever exit-empty says, and a
# client started right after finds no server, or a new one.
. "$(dirname "$0")/../lib.sh"

run t new-session -d -s a
run t set-option -g exit-empty off
server_pid "$(t display-message -p '#{pid}')"
run t kill-server
wait_no_server
run t list-sessions
run t start-server \; new-session -d -s b \; list-sessions -F '#{session_name}'
run t set-option -g exit-empty off
pid=$(t display-message -p '#{pid}')
server_pid "$pid"
say "SIGTERM"
kill "$pid"
wait_no_server
run t list-sessions
run t new-session -d -s c \; kill-server
wait_no_server
run t new-session -d -s d \; list-sessions -F '#{session_name}'
