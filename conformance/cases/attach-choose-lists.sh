# choose-buffer (C-b =) and choose-client (C-b D): the paste buffers
# newest first or the attached clients; Enter pastes the buffer (paste-
# buffer -p) or detaches the client, d deletes the buffer. tmux draws a
# preview below the list, zeropty does not: compared are the effects and
# the modes. Issue 7.
. "$(dirname "$0")/../lib.sh"

t new-session -d -s b -x 80 -y 23
t set -g status-right '[R]'
t set -s escape-time 0
wait_prompt b
t send-keys -t b 'clear; stty -echo; cat' Enter
t set-buffer -b named 'named-text'
t set-buffer 'older-text'
t set-buffer 'newest-text'
run t choose-client -t b
run t display -p -t b '#{pane_in_mode}'
outer_start 80 24 "$T attach -t b"
outer_wait '\[b\] 0:'
outer_settle

say "C-b =: Down, Enter pastes the second newest"
outer_keys C-b =
outer_settle
run t display -p -t b '#{pane_in_mode} #{pane_mode}'
outer_keys Down Enter
outer_settle
run t display -p -t b '#{pane_in_mode}'
outer_keys Enter
wait_for_text b '^older-text$'

say "d deletes the chosen buffer; q leaves"
outer_keys C-b =
outer_settle
outer_keys d
outer_settle
run t list-buffers -F '#{buffer_name}'
outer_keys q
outer_settle
run t display -p -t b '#{pane_in_mode}'

say "choose-buffer with a template; no buffers: nothing"
run t choose-buffer -t b 'set -g @chosen "%%"'
outer_settle
outer_keys Enter
outer_settle
run t show -gv @chosen
t delete-buffer -b buffer0
t delete-buffer -b named
run t list-buffers
run t choose-buffer -t b
run t display -p -t b '#{pane_in_mode}'

say "C-b D: Enter detaches the client"
outer_keys C-b D
outer_settle
run t display -p -t b '#{pane_in_mode} #{pane_mode}'
outer_keys Enter
conf_poll 5 sh -c "! $T list-clients | grep -q ."
run t list-clients
screen b
