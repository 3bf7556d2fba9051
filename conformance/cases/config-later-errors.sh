# Errors of commands a startup file runs later (if-shell's, once its job
# has finished) are kept as the file's errors and shown in view mode on
# the first session's pane, naming the if-shell's file and line as tmux
# does; if-shell -F's parse errors name them too.  (tmux 3.3a's server
# dies on a parse error of "if -b" in a startup file, and showing the
# errors of a file that made a session itself: not tested.)
. "$(dirname "$0")/../lib.sh"

# The text of the view mode of the only pane, or its mode when none.
show_view()
{
	mode=$(t display -p '#{pane_in_mode} #{pane_mode}')
	say "mode: $mode"
	[ "$mode" = "1 view-mode" ] || return 0
	quiet t send -X history-top \; send -X begin-selection \; \
	    send -X history-bottom \; send -X end-of-line \; \
	    send -X copy-selection
	t show-buffer | sed '/^$/d' | norm
}

# start_with NAME LINES...: a server with these startup lines, one
# session made by the client that started it.
start_with()
{
	conf_name=$1
	shift
	printf '%s\n' "$@" >"$WORK/$conf_name.conf"
	say "config: $*"
	run "$BIN" -L "$SOCK" -f "$WORK/$conf_name.conf" new-session -d
	show_view
	run t kill-server
	wait_no_server
}

start_with one "if 'true' 'wibble wobble'"
start_with two 'set -g @x 1' "if 'true' 'wibble wobble'" \
    "if 'false' 'x' 'set -g nosuchopt 1'" "if -F 1 'wibble'" \
    "if -F 1 'set -g nosuch2 1'" "if 'true' 'run false'"

say "the files wait for if-shell's job and what it runs"
printf '%s\n' "if 'true' 'set -g @a yes'" "set -gF @b '#{@a}'" \
    "if 'sleep 0.2; true' 'if \"true\" \"set -g @c yes\"'" \
    "set -gF @d '#{@c}'" "run 'sleep 0.1'" 'set -g @e ok' \
    'new -d -s b' >"$WORK/order.conf"
run "$BIN" -L "$SOCK" -f "$WORK/order.conf" start-server
run t show -g @b
run t show -g @d
run t show -g @e
run t kill-server
wait_no_server

say "source-file: if-shell -F's parse error names the file"
printf '%s\n' "if -F 1 'wibble2'" "if -F 1 'set -g nosuch2 1'" \
    >"$WORK/src.conf"
run t new-session -d
run t source-file "$WORK/src.conf"
