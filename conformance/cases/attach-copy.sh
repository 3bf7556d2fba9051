# Attached clients: copy mode (prefix [, the emacs and vi tables, send-keys
# -X), driven by keys typed into a real outer terminal (tmux 3.3a): what
# the terminal shows, the mode's formats and what lands in the buffer.
# Issue 7.
. "$(dirname "$0")/../lib.sh"

# tmux renames a window ([tmux] in copy mode) only when it next looks,
# which depends on timing: keep the name fixed (in the command that makes
# the window, or tmux may first name it after its forked server, "tmux").
t new-session -d -s main -x 60 -y 15 \; set -g automatic-rename off
t set -g status-right '[R]'
wait_prompt main
t send-keys -t main 'seq 1 40' Enter
wait_for_text main '^40$'
wait_prompt main
outer_start 60 16 "$T attach -t main"
outer_wait '\[main\] 0:sh\*'
outer_wait '^40$'

state()
{
	outer_settle
	run t display -p -t main '#{pane_in_mode} #{pane_mode} #{scroll_position} #{copy_cursor_x},#{copy_cursor_y} #{selection_present}'
}

say "prefix [ enters copy mode: position indicator"
outer_keys C-b '['
outer_wait '\[0/27\]'
outer_settle
outer_screen -e
state

say "moving: Up, PPage, Left, Right, M-<, M->"
outer_keys Up Up
outer_keys PPage
outer_wait '\[13/27\]'
state
outer_keys M-'<'
outer_wait '\[27/27\]'
state
outer_keys Down Down Right Right Right
outer_keys M-'>'
outer_wait '\[0/27\]'
state
outer_settle
outer_screen -e

say "a selection (C-Space, moves) shown in mode-style, M-w copies it"
outer_keys Up Up Up
outer_keys C-Space
outer_keys Up Up Left
outer_wait '\[0/27\]'
state
outer_settle
outer_screen -e
outer_keys M-w
conf_poll 5 sh -c "[ \$($T display -p -t main '#{pane_in_mode}') = 0 ]"
run t show-buffer
state

say "vi keys: k, v (select-line is V), y is not bound but Enter copies"
t set -g mode-keys vi
outer_keys C-b '['
outer_wait '\[0/27\]'
outer_keys k k k
outer_keys V
outer_keys k
outer_wait '\[0/27\]'
outer_settle
outer_screen -e
outer_keys Enter
conf_poll 5 sh -c "[ \$($T display -p -t main '#{pane_in_mode}') = 0 ]"
run t show-buffer

say "search with ? and n, q leaves"
outer_keys C-b '['
outer_wait '\[0/27\]'
outer_keys '?'
outer_wait 'search up'
outer_keys '17' Enter
outer_wait '\[[0-9]+/27\]'
state
outer_keys n
state
outer_keys q
conf_poll 5 sh -c "[ \$($T display -p -t main '#{pane_in_mode}') = 0 ]"
state

say "send-keys -X from outside, and errors"
t copy-mode -t main
run t send-keys -t main -X history-top
run t send-keys -t main -X no-such-command
state
run t send-keys -t main -X cancel
run t send-keys -t main -X cancel
state

say "prefix ? lists the keys in view mode; C-v pages, q leaves"
t set -g mode-keys emacs
outer_keys C-b '?'
outer_wait 'Send the prefix key'
state
outer_screen -e
outer_keys C-v
outer_wait '^C-b'
state
outer_keys q
conf_poll 5 sh -c "[ \$($T display -p -t main '#{pane_in_mode}') = 0 ]"
state
