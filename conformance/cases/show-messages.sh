# show-messages: the log of commands clients ran and messages they were
# shown (display-message to a status line, errors), newest first; -J the
# jobs running; no client: "no current client". Issue 8.
. "$(dirname "$0")/../lib.sh"

# Times, client pids and terminal names differ between runs.
norm_add 's/^[0-9][0-9]:[0-9][0-9]: /HH:MM: /'
norm_add 's/client-[0-9][0-9]*/client-PID/g'
norm_add 's#/dev/pts/[0-9][0-9]*#/dev/pts/N#g'
norm_add 's/\[fd=[0-9]*, pid=[0-9]*, status=0\]/[fd=F, pid=P, status=0]/'

# No polling of the server under test before the log is printed (each
# poll would be a logged command): a plain new-session, then the outer
# terminal is what is waited on.
t new-session -d -s a -x 80 -y 24 || exit 1
run t show-messages
run t show-messages -t nosuch
outer_start 80 24 "$T attach -t a"
outer_wait '\[a\] 0:'
client=$(t list-clients -F '#{client_name}')
run t display-message -c "$client" 'hello there'
run t source-file /nonexistent/file.conf
run t set -g message-limit 1000
run t show-messages -t "$client"
run t show-messages -J -t "$client"
say "message-limit 3 keeps the newest three"
run t set -g message-limit 3
run t show-messages -t "$client"
say "-J: the jobs running, newest first"
t run-shell -b 'sleep 2'
t run-shell -b 'sleep 3; echo hi'
run t show-messages -J -t "$client"
run t show-messages -J
