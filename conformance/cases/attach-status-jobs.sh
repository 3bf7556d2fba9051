# #(command) in formats: an attached client's status line shows the
# newest line of the command's output (a last line without its newline
# too; a job still running shows what it printed so far), the command is
# a format itself (#() inside it does not run), and a command client
# (display -p) always gets "" as in tmux, its jobs stopped when it goes.
# Issues 7 and 8.
. "$(dirname "$0")/../lib.sh"

t new-session -d -s j -x 80 -y 23
t set -g status-left '[#(echo left-#{session_name})]'
t set -g status-right '<#(printf "a\nb\nc")|#(printf "x\ny\n\n")|#(echo run; sleep 3)>'
wait_prompt j
say "a command client gets nothing"
run t display -p 'x#(echo hi)y'
run t display -p '#{status-right}'

outer_start 80 24 "$T attach -t j"
outer_wait 'left-j'
outer_wait '<c\|y\|run>'
outer_settle
outer_screen

say "#() inside the command does not run; a changed command runs again"
t set -g status-left '[#(echo "in#(echo inner)out")]'
t refresh-client -S
outer_wait '\[inout\]'
t set -g status-right '<#(echo #{window_index}-#{window_name})>'
t rename-window -t j renamed
outer_wait '<0-renamed>'
outer_settle
outer_screen
t detach-client -s j
conf_poll 5 sh -c "! $T list-clients | grep -q ."
