# Attached clients: the status-line prompt (command-prompt, confirm-before
# and the default bindings using them), driven by keys typed into a real
# outer terminal (tmux 3.3a). Issue 7.
. "$(dirname "$0")/../lib.sh"

t new-session -d -s main -x 80 -y 23
t set -g status-right '[R]'
t new-window -d
wait_prompt main
outer_start 80 24 "$T attach -t main"
outer_wait '\[main\] 0:sh\* 1:sh '
outer_wait '^\$'

say "prefix : shows the prompt; a command typed there runs"
outer_keys C-b :
outer_wait '^:'
outer_screen -e
outer_keys 'split-window -h' Enter
outer_wait '│\$'
run t list-panes -F '#{pane_index} #{pane_width}x#{pane_height}'

say "a bad command's error is shown in the status line"
outer_keys C-b :
outer_wait '^:'
outer_keys 'no-such-command' Enter
outer_wait 'Unknown command'
outer_screen -e

say "prefix , renames with the current name as input"
outer_keys C-b ,
outer_wait '^\(rename-window\) sh'
outer_screen -e
outer_keys BSpace BSpace 'edit' Left Left C-a 'X' C-e 'ed' Enter
outer_wait 'Xedited\*'
run t list-windows -F '#{window_index} #{window_name}'

say "prefix x asks; n keeps the pane, y kills it"
outer_keys C-b x
outer_wait 'kill-pane 1\? \(y/n\)'
outer_screen -e
outer_keys n
outer_wait '\[main\] 0:Xedited\*'
run t list-panes -F '#{pane_index}'
outer_keys C-b x
outer_wait 'kill-pane 1\? \(y/n\)'
outer_keys y
conf_poll 5 sh -c "[ \$($T list-panes -t main:0 | wc -l) = 1 ]"
outer_wait '\[main\] 0:Xedited\*'
run t list-panes -F '#{pane_index}'

say "prefix ' asks for an index; Escape cancels a prompt"
outer_keys C-b "'"
outer_wait '^index'
outer_keys 1
outer_keys Enter
outer_wait '1:sh\*'
outer_keys C-b :
outer_wait '^:'
outer_keys 'kill-server' Escape
outer_wait '\[main\] 0:Xedited- 1:sh\*'
outer_screen -e

say "command-prompt from outside, with prompts and inputs"
t command-prompt -b -p 'first,second' -I 'a,b' 'rename-window "%1-%2"'
outer_wait '^first a'
outer_keys Enter
outer_wait '^second b'
outer_keys 'c' Enter
outer_wait '1:a-bc\*'
outer_screen -e

say "prefix q shows the panes' numbers and sizes; typing one selects it"
t set -g display-panes-time 20000
outer_keys C-b %
outer_wait '│\$'
outer_keys C-b q
outer_wait '40x23'
outer_settle
outer_screen -e
outer_keys 0
outer_settle
run t display -p -t main '#{window_index}.#{pane_index}'
outer_screen -e

say "prefix t shows the clock; any key leaves it"
outer_keys C-b t
conf_poll 5 sh -c "[ \"\$($T display -p -t main '#{pane_mode}')\" = clock-mode ]"
run t display -p -t main '#{pane_in_mode} #{pane_mode}'
outer_keys x
conf_poll 5 sh -c "[ \$($T display -p -t main '#{pane_in_mode}') = 0 ]"
run t display -p -t main '#{pane_in_mode} #{pane_mode}'
