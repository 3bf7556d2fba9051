# Focus: a pane that asked for focus reports (DECSET 1004, as Claude Code
# does) gets ESC [ I when it becomes the focused pane (active pane of the
# window an attached client shows) and ESC [ O when it stops being it
# (zeropty also on select-pane, as tmux 3.4: not compared here);
# the terminal's own focus reports (ESC [ O / ESC [ I typed into it) move
# the client's focus; pane-focus-in/-out and client-focus-in/-out hooks
# run; focus-events on asks the terminal for reports. Issue 7.
. "$(dirname "$0")/../lib.sh"

t new-session -d -s f -x 80 -y 23
t set -g status-right '[R]'
wait_prompt f
t split-window -v -t f
wait_prompt f:0.1
t set-hook -g pane-focus-in 'set -gF @in "#{@in} #{pane_index}"'
t set-hook -g pane-focus-out 'set -gF @out "#{@out} #{pane_index}"'
t set-hook -g client-focus-in 'set -gF @cin "#{@cin} i"'
t set-hook -g client-focus-out 'set -gF @cout "#{@cout} o"'
# Pane 0 reports what it is sent: ^[[I and ^[[O on lines of their own.
t send-keys -t f:0.0 "printf '\\033[?1004h'; stty -icanon -echo; cat -v" Enter
wait_for_text f:0.0 'cat -v'
t select-pane -t f:0.0
say "nobody attached: no focus yet"
run t display -p '[#{@in}] [#{@out}]'

outer_start 80 24 "$T attach -t f"
outer_wait '\[f\] 0:'
outer_settle
say "attached: the active pane gets the focus"
run t display -p '[#{@in}] [#{@out}]'

say "the terminal loses and regains the focus"
outer_raw '\033[O'
run t list-clients -F '#{client_flags}'
outer_raw '\033[I'
run t list-clients -F '#{client_flags}'
run t display -p '[#{@in}] [#{@out}] [#{@cin}] [#{@cout}]'

say "focus-events on, a new window, then detached"
t set -g focus-events on
t new-window -t f
outer_wait '1:'
t select-window -t f:0
outer_settle
t detach-client -s f
conf_poll 5 sh -c "! $T list-clients | grep -q ."
run t display -p '[#{@in}] [#{@out}]'
screen f:0.0
