# Attached clients: the mouse (mouse on): clicks select panes and windows,
# the wheel enters and scrolls copy mode, a drag selects and copies, a
# program that asked for the mouse gets the reports. The outer terminal
# (tmux 3.3a) is sent the SGR reports a terminal would send. Issue 7.
. "$(dirname "$0")/../lib.sh"

t new-session -d -s main -x 80 -y 23
t set -g status-right '[R]'
t set -g mouse on
wait_prompt main
t send-keys -t main 'seq 1 60' Enter
wait_for_text main '^60$'
wait_prompt main
t split-window -h -t main
wait_prompt main:0.1
outer_start 80 24 "$T attach -t main"
outer_wait '\[main\] 0:sh\*'
outer_settle

state()
{
	outer_settle
	run t display -p -t main '#{pane_index} #{pane_in_mode} #{pane_mode} #{scroll_position} #{selection_present}'
}

say "a click in the left pane selects it"
outer_raw '\033[<0;5;5M'
outer_raw '\033[<0;5;5m'
state

say "the wheel enters copy mode and scrolls"
outer_raw '\033[<64;5;5M'
state
outer_raw '\033[<64;5;5M'
state
outer_screen -e
outer_raw '\033[<65;5;5M'
outer_raw '\033[<65;5;5M'
state

say "a drag selects and copies"
outer_raw '\033[<0;3;3M'
outer_raw '\033[<32;8;4M'
outer_raw '\033[<32;9;5M'
state
outer_screen -e
outer_raw '\033[<0;9;5m'
state
run t show-buffer

say "a click on the status line selects a window"
t new-window -d -t main
outer_wait '1:sh '
# status_click X WANT: click column X of the status line, print the window.
# tmux 3.3a (the reference side only) sometimes misses a click under load,
# so it gets the click again; zeropty must take the first one.
status_click()
{
	outer_settle
	outer_raw "\033[<0;$1;24M"
	outer_raw "\033[<0;$1;24m"
	if [ "$SIDE" = ref ]; then
		for _try in 1 2 3; do
			outer_settle
			[ "$(t display -p -t main '#{window_index}')" = "$2" ] && break
			sleep 0.4
			outer_raw "\033[<0;$1;24M"
			outer_raw "\033[<0;$1;24m"
		done
	fi
	run t display -p -t main '#{window_index}'
}
status_click 17 1
status_click 10 0

say "dragging a border resizes the panes"
t select-window -t main:0
t split-window -v -t main:0.1
outer_wait '├'
outer_raw '\033[<0;41;5M'
outer_raw '\033[<32;44;5M'
outer_raw '\033[<32;47;6M'
outer_raw '\033[<0;47;6m'
run t display -p -t main '#{window_layout}'
outer_raw '\033[<0;60;12M'
outer_raw '\033[<32;60;9M'
outer_raw '\033[<32;61;7M'
outer_raw '\033[<0;61;7m'
run t display -p -t main '#{window_layout}'
outer_screen -e
