# server-access: the server's list of users. Another user (nobody, through
# su) is told "access not allowed" until added, may run only read-only
# commands (attach, detach, list-clients, switch) while read-only, and is
# sent away again by -d; the errors of every flag combination. Issue 8.
# A client attached -r: its mouse is ignored, its keys pass tree mode.
. "$(dirname "$0")/../lib.sh"
need su getent
getent passwd nobody >/dev/null || { say "SKIP: no user nobody"; exit 0; }

# nobody must reach the socket and a copy of the binary.
chmod o+x "$WORK" "$WORK/.." "$WORK/../.."
mkdir "$WORK/acl"
chmod 755 "$WORK/acl"
cp "$BIN" "$WORK/acl/bin"
chmod 755 "$WORK/acl/bin"
S=$WORK/acl/sock
extra_server -S "$S"
a()
{
	"$BIN" -S "$S" -f /dev/null "$@"
}
# n 'COMMAND ARGS': run as nobody (one string, quoted for sh).
n()
{
	su -s /bin/sh nobody -c "'$WORK/acl/bin' -S '$S' $1"
}

a new-session -d -s a -x 80 -y 24
chmod 777 "$S"
say "root owns the server: the list shows nobody else"
run a server-access -l
run a server-access
run a server-access -a
run a server-access xyzzy
run a server-access -a ''
run a server-access root
run a server-access -d root
run a server-access -x
run a server-access a b
run a server-access -t a nobody

say "nobody is not on the list"
run n "list-sessions -F '#{session_name}'"
run a server-access -d nobody

say "added: nobody may do anything"
run a server-access -a nobody
run a server-access -l
run a server-access -a nobody
run n "list-sessions -F '#{session_name}'"
run n "new-window -d -t a"
run a list-windows -F '#{window_index}'

say "read-only: only attach, detach, list-clients, switch"
run a server-access -r nobody
run a server-access -l
run n "list-sessions -F '#{session_name}'"
run n "new-window -d -t a"
run n "list-clients"
run n "list-clients \\; list-sessions"
run a server-access -w nobody
run a server-access -l
run n "kill-window -t a:1"
run a list-windows -F '#{window_index}'

say "flag combinations"
run a server-access -a -d nobody
run a server-access -r -w nobody
run a server-access -a -r nobody
run a server-access nobody
run a server-access -l xyzzy

say "removed: away again; -r adds a missing user"
run a server-access -d nobody
run a server-access -d nobody
run n "list-sessions -F '#{session_name}'"
run a server-access -l
run a server-access -r daemon
run a server-access -w nobody
run a server-access -a '#{l:daemon}'
run a server-access -l
a kill-server

say "attach -r: the keys of a read-only client run only read-only bindings"
t new-session -d -s r -x 80 -y 23
t set -g status-right '[R]'
wait_prompt r
outer_start 80 24 "$T attach -r -t r"
outer_wait '\[r\] 0:'
outer_settle
outer_keys C-b c
outer_wait 'read-only'
outer_screen
run t list-windows -t r -F '#{window_index}'
run t list-clients -F '#{client_readonly} #{client_flags}'

say "attach -r: the mouse is ignored (a right-click shows no menu, X no Kill)"
outer_wait '\[r\] 0:'
t set -g mouse on
outer_raw '\033[<2;10;5M'
outer_keys X
outer_raw '\033[<0;10;5M\033[<0;10;5m'
outer_screen
run t list-windows -t r -F '#{window_index} #{window_panes}'

say "attach -r: keys go past tree mode (x, :, Enter, q do nothing)"
t choose-tree -t r
outer_wait 'r: 1 windows'
outer_keys x y : Enter q
outer_raw '\033[<0;10;3M\033[<0;10;3m'
outer_screen
run t display -p -t r '#{pane_mode}'
run t list-windows -t r -F '#{window_index} #{window_panes}'
outer_keys C-b d
conf_poll 5 sh -c "! $T list-clients | grep -q ."
run t list-clients
