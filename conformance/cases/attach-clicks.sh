# Double and triple clicks (mouse on), as tmux 3.3a times them: a second
# press of a button within 300 ms is SecondClick, a third TripleClick, and
# a second with no third becomes DoubleClick when the time is up. The
# default bindings copy the word (double) or the line (triple). Issue 7.
. "$(dirname "$0")/../lib.sh"

t new-session -d -s m -x 80 -y 23
t set -g status-right '[R]'
t set -g mouse on
t set -s escape-time 0
wait_prompt m
t send-keys -t m 'clear; echo alpha beta-gamma delta; echo second line here' Enter
wait_for_text m '^second line here$'
wait_prompt m
outer_start 80 24 "$T attach -t m"
outer_wait '\[m\] 0:'
outer_settle

say "a double click on beta copies the word"
outer_raw '\033[<0;8;1M\033[<0;8;1m\033[<0;8;1M\033[<0;8;1m'
conf_poll 5 sh -c "$T list-buffers | grep -q ."
run t show-buffer
run t display -p '#{pane_in_mode}'

say "a triple click copies the line"
sleep 0.5
t delete-buffer
outer_raw '\033[<0;4;2M\033[<0;4;2m\033[<0;4;2M\033[<0;4;2m\033[<0;4;2M\033[<0;4;2m'
conf_poll 5 sh -c "$T list-buffers | grep -q ."
run t show-buffer

say "SecondClick and TripleClick keys; another button breaks the count"
sleep 0.5
t bind -n SecondClick1Pane 'set -ga @k " second"'
t bind -n TripleClick1Pane 'set -ga @k " triple"'
t bind -n DoubleClick1Pane 'set -ga @k " double"'
t bind -n MouseDown1Pane 'set -ga @k " down"'
t bind -n MouseDown3Pane 'set -ga @k " down3"'
outer_raw '\033[<0;20;5M\033[<0;20;5m\033[<0;20;5M\033[<0;20;5m'
sleep 0.6
outer_raw '\033[<0;20;5M\033[<0;20;5m\033[<0;20;5M\033[<0;20;5m\033[<0;20;5M\033[<0;20;5m'
sleep 0.6
outer_raw '\033[<0;20;5M\033[<0;20;5m\033[<2;20;5M\033[<2;20;5m\033[<0;20;5M\033[<0;20;5m'
sleep 0.6
run t show -gv @k
t detach-client -s m
conf_poll 5 sh -c "! $T list-clients | grep -q ."
