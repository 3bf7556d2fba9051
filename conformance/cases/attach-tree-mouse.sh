# Attached clients with mouse on, in choose-tree: a click in the list
# selects the line, the wheel does nothing there (tmux 3.3a's mode tree
# drops it), the third button opens the line's menu (or below the list
# the scroll menu), a double click chooses the line. Issue 7.
. "$(dirname "$0")/../lib.sh"

t new-session -d -s main -x 80 -y 29 -n first
t set -g status-right '[R]'
t set -s escape-time 0
t set -g mouse on
t new-window -d -t main -n second
t new-session -d -s other -n oth
outer_start 80 30 "$T attach -t main"
outer_wait '\[main\] 0:first\*'
outer_keys C-b w
outer_wait '^\(0\) - main'

say "a click selects the fourth line"
outer_raw '\033[<0;5;4M\033[<0;5;4m'
outer_apart
outer_settle
outer_screen -e
say "the wheel does nothing in the list"
outer_raw '\033[<65;5;4M'
outer_settle
outer_screen -e
say "the third button: the line's menu; its t tags without moving on"
outer_raw '\033[<2;20;5M'
outer_settle
outer_screen -e
outer_keys t
outer_settle
# (Without -e from here: where the menu was, the two redraws leave the
# outer terminal's cleared and written blanks in different places.)
outer_screen
say "the third button below the list: the scroll menu; Escape closes it"
outer_raw '\033[<2;40;20M'
outer_settle
outer_screen
outer_keys Escape
outer_settle
say "a double click on the third line chooses it"
outer_raw '\033[<0;5;3M\033[<0;5;3m\033[<0;5;3M\033[<0;5;3m'
conf_poll 5 sh -c "[ \$($T display -p -t main '#{pane_in_mode}') = 0 ]"
run t display -p '#{session_name}:#{window_index} #{pane_in_mode}'
outer_settle
outer_screen
say "a click on a session's preview chooses the session (tmux 3.3a: not the window clicked)"
outer_keys C-b s
outer_wait '^\(0\) \+ main'
outer_raw '\033[<0;10;20M\033[<0;10;20m'
conf_poll 5 sh -c "[ \$($T display -p -t main '#{pane_in_mode}') = 0 ]"
run t display -p '#{session_name}:#{window_index} #{pane_in_mode}'
say "a click on a preview's > or < moves what it shows"
session_of_windows many 6 80 29
t switch-client -t many
outer_wait '\[many\]'
t choose-tree -s -t many:0
outer_settle
outer_apart
outer_raw '\033[<0;78;22M\033[<0;78;22m'
outer_settle
outer_screen
outer_apart
outer_raw '\033[<0;4;22M\033[<0;4;22m'
outer_settle
outer_screen
