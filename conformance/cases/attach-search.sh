# Copy mode search as an attached client sees it: the matches in view in
# copy-mode-match-style, the one at the cursor in
# copy-mode-current-match-style, "(N results)" before the position.
# Issue 7.
. "$(dirname "$0")/../lib.sh"

t new-session -d -s s -x 60 -y 15 \; set -g automatic-rename off
t set -g status-right '[R]'
wait_prompt s
t send-keys -t s 'clear; seq 1 30' Enter
wait_for_text s '^30$'
wait_prompt s
outer_start 60 16 "$T attach -t s"
outer_wait '\[s\] 0:'
outer_settle

t copy-mode -t s
t send-keys -t s -X search-backward '2'
outer_wait 'results'
outer_settle
outer_screen -e
run t display -p -t s '#{copy_cursor_x},#{copy_cursor_y} #{scroll_position}'
t send-keys -t s -X search-again
outer_settle
outer_screen -e
t send-keys -t s -X search-forward '1[05]'
outer_settle
outer_screen -e
t set -w -t s copy-mode-match-style 'bg=green'
t send-keys -t s -X search-reverse
outer_settle
outer_screen -e
t send-keys -t s -X cancel
outer_settle

say "incremental search (C-s, C-r): the cursor follows as it is typed"
t set -s escape-time 0
outer_keys C-b '['
outer_wait '\[0/16\]'
outer_keys C-r
outer_wait '^\(search up\)'
outer_keys 1
outer_settle
outer_screen -e
run t display -p -t s '#{copy_cursor_x},#{copy_cursor_y} #{scroll_position}'
outer_keys 5
outer_settle
run t display -p -t s '#{copy_cursor_x},#{copy_cursor_y} #{scroll_position}'
outer_keys BSpace
outer_settle
run t display -p -t s '#{copy_cursor_x},#{copy_cursor_y} #{scroll_position}'
outer_keys C-r
outer_settle
run t display -p -t s '#{copy_cursor_x},#{copy_cursor_y} #{scroll_position}'
outer_keys C-s
outer_settle
run t display -p -t s '#{copy_cursor_x},#{copy_cursor_y} #{scroll_position}'
outer_keys Enter
outer_settle
outer_screen -e
run t display -p -t s '#{pane_in_mode} #{copy_cursor_x},#{copy_cursor_y}'
outer_keys C-s
outer_settle
outer_keys zz
outer_settle
run t display -p -t s '#{copy_cursor_x},#{copy_cursor_y} #{scroll_position}'
outer_keys Escape
outer_settle
run t display -p -t s '#{pane_in_mode} #{copy_cursor_x},#{copy_cursor_y}'
run t show-prompt-history -T search
t send-keys -t s -X cancel
outer_settle
t detach-client -s s
conf_poll 5 sh -c "! $T list-clients | grep -q ."
