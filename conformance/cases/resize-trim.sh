# resize-pane -T: the lines below the cursor go and history lines come
# back at the top, the cursor moving down with them; nothing without
# history, nothing for a pane in copy mode. Issue 4.
. "$CONF_LIB"

state()
{
	run t display-message -p -t "$1" \
	    '#{history_size} #{cursor_x} #{cursor_y}'
	screen "$1"
}

start_shell r -x 40 -y 10
sh_cmd r 'seq 1 30'
sh_cmd r "printf '\\033[H\\033[2J'; printf 'top\\nsecond\\n'"
state r
run t resize-pane -T -t r
state r
run t capture-pane -p -t r -S -5 -E 2

say "no history: nothing moves"
start_shell e -x 40 -y 10
state e
run t resize-pane -T -t e
state e

say "cursor on the last line: nothing moves"
sh_cmd r 'seq 1 30'
state r
run t resize-pane -T -t r
state r

say "copy mode: nothing"
sh_cmd r "printf '\\033[H\\033[2J'; printf 'x\\n'"
run t copy-mode -t r
run t resize-pane -T -t r
run t send-keys -t r -X cancel
state r
