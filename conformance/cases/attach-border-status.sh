# pane-border-status: each pane's pane-border-format on its top or bottom
# border line, in the pane's border style (active or not), cut to the
# pane's width less four; pane titles (select-pane -T) show there. The
# layout keeps the line free (pane_top, pane_height). Issue 7.
. "$(dirname "$0")/../lib.sh"

t new-session -d -s b -n w -x 80 -y 23
t set -g status-right '[R]'
t set -g pane-border-status top
wait_prompt b
t split-window -h -t b
t split-window -v -t b
t select-pane -t b:0.0 -T 'agent one'
t select-pane -t b:0.2 -T 'a much longer title for a narrow pane'
t select-pane -t b:0.1
run t list-panes -t b -F '#{pane_index} #{pane_top} #{pane_height} #{pane_left} #{pane_width}'
outer_start 80 24 "$T attach -t b"
outer_wait '\[b\] 0:w'
outer_wait 'agent one'
outer_screen -e

say "bottom, a format of our own with styles, the active pane moved"
t set -g pane-border-status bottom
t set -g pane-border-format '#[fg=red]#{pane_index}#[default]:#{pane_title}:#{?pane_active,ACTIVE,idle}'
t select-pane -t b:0.0
outer_wait '0:agent one:ACTIVE'
outer_screen -e
run t list-panes -t b -F '#{pane_index} #{pane_top} #{pane_height}'

say "zoomed: only the active pane's status"
t resize-pane -Z -t b:0.0
outer_wait 'Z'
outer_screen -e

say "off again (text only: which blank cells the terminal was sent differs)"
t resize-pane -Z -t b:0.0
t set -g pane-border-status off
outer_lacks() { ! outer_has "$1"; }
conf_poll 5 outer_lacks ACTIVE
outer_settle
outer_screen
run t list-panes -t b -F '#{pane_index} #{pane_top} #{pane_height}'
