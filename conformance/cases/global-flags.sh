# Global flags, usage text, -V, and client errors before any server exists.
. "$CONF_LIB"

# tmux prints its program name (argv[0]) in usage and -V, so diff through
# a symlink named "tmux" on both sides.
norm_add "s#$TM#TMUX-SYMLINK#g"
tm()
{
	"$TM" "$@"
}

run tm -V
run tm -V ls
run tm -L "$SOCK" -V new-session
# The binary called by its own name: tmux says "tmux 3.3a", zeropty
# says "zeropty VERSION (tmux 3.3a)"; checked, not diffed.
v=$("$BIN" -V 2>&1)
case $(basename "$BIN"):$v in
tmux:"tmux 3.3a") say "-V by own name: ok" ;;
zeropty:"zeropty "*" (tmux 3.3a)") say "-V by own name: ok" ;;
*) say "-V by own name: unexpected: $v" ;;
esac

# Unknown options and flags that fall to usage.
run tm -Z
run tm -h
run tm -d
run tm -U
run tm -x ls
run tm -L
run tm -f
run tm -S
run tm -c
run tm -T
run tm -L "$SOCK" -f /dev/null -c 'echo hi' ls
run tm -L "$SOCK" -f /dev/null -D ls
run tm -L "$SOCK" -f /dev/null -- ls
run tm -L "$SOCK" -f /dev/null -- -V
run tm -VZ

# No server: commands that do not start one.
run t ls
run t list-sessions
run t has-session
run t has-session -t nosuch
run t kill-server
run t kill-session -t x
run t display-message -p hi
run t list-windows
run t capture-pane -p
run t send-keys -t x a
run t show-options -g
run t rename-session x
# -N never starts a server.
run t -N new-session -d
run t -N start-server
run t -N ls
run t -q ls
# The session list is still empty: -N did not start anything.
run t has-session

# -S: a path in a directory that does not exist, and a missing file.
run "$BIN" -S "$WORK/nodir/sock" -f /dev/null ls
run "$BIN" -S "$WORK/nosock" -f /dev/null ls
run "$BIN" -S "$WORK/nosock" -f /dev/null has-session -t x
# -S wins over -L.
extra_server -S "$WORK/s1"
run "$BIN" -L "$SOCK" -S "$WORK/s1" -f /dev/null new-session -d -s viaS
run "$BIN" -S "$WORK/s1" ls -F '#{session_name}'
run t ls
run "$BIN" -S "$WORK/s1" kill-server
wait_no_server -S "$WORK/s1"
run "$BIN" -S "$WORK/s1" ls

# Stale socket: a socket file nobody listens on.
python3 -c '
import socket, sys
s = socket.socket(socket.AF_UNIX)
s.bind(sys.argv[1])
s.close()' "$WORK/stale"
run "$BIN" -S "$WORK/stale" -f /dev/null ls
run "$BIN" -S "$WORK/stale" -f /dev/null has-session
run "$BIN" -S "$WORK/stale" -f /dev/null kill-server
extra_server -S "$WORK/stale"
# A starting command replaces the stale socket.
run "$BIN" -S "$WORK/stale" -f /dev/null new-session -d -s fresh
run "$BIN" -S "$WORK/stale" -f /dev/null ls -F '#{session_name}'

# Socket directory and path formats.
run t new-session -d -s a
run t display-message -p '#{socket_path}'
run t display-message -p -t a '#{socket_path}'
# Server exits when the last session goes.
run t kill-session -t a
wait_no_server
run t ls
run t -N start-server
