# Several status lines (status 2 to 5): status-format[1] (by default the
# panes, centred) and the lines after it, their #[align=...] parts; a
# message or the prompt on the last line; status-position top. Issue 7.
. "$(dirname "$0")/../lib.sh"

t new-session -d -s s -x 80 -y 23 -n w
t set -g status-right '[R]'
t set -s escape-time 0
t set -g display-time 0
t split-window -h -t s
wait_prompt s:0.0
wait_prompt s:0.1
outer_start 80 24 "$T attach -t s"
outer_wait '\[s\] 0:w'
say "status 2: the panes centred on the second line"
t set -g status 2
outer_settle
outer_screen -e
say "status 3, the third line in three parts"
t set -g status 3
t set -g 'status-format[2]' '#[align=right]right#[align=left,fg=red]left#[default]#[align=centre]centre'
outer_settle
outer_screen -e
say "a message goes on the last line"
t display-message 'hello there'
outer_settle
outer_screen -e
say "at the top, with the prompt on the last line"
t set -g status-position top
outer_keys C-b :
outer_settle
outer_screen -e
outer_keys Escape
say "a status-format[0] of one's own"
t set -g 'status-format[0]' '#[align=centre]#{session_name}#[align=right,fg=blue]#{window_index}:#{window_name}'
outer_settle
outer_screen -e
t set -gu status-format
say "back to one line"
t set -g status on
outer_settle
outer_screen -e
run t display -p -t s '#{window_width}x#{window_height}'
say "status off: the window takes the whole terminal"
t set -g status off
outer_settle
run t display -p -t s '#{window_width}x#{window_height}'
