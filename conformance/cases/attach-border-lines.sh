# pane-border-lines: single (line drawing), double, heavy, simple (ASCII)
# and number (the digit of the pane whose border it is, pane-base-index
# counted) on the borders between four panes, joins included, with the
# active pane's border colour. Issue 7.
. "$(dirname "$0")/../lib.sh"

t new-session -d -s b -x 80 -y 23 -n w
t set -g status-right '[R]'
t set -s escape-time 0
t split-window -h -t b
t split-window -v -t b:0.1
t split-window -v -t b:0.0 -l 5
t select-pane -t b:0.2
outer_start 80 24 "$T attach -t b"
outer_wait '\[b\] 0:w'
outer_settle
for lines in single double heavy simple number; do
	say "pane-border-lines $lines"
	t set -g pane-border-lines "$lines"
	outer_settle
	outer_screen -e
done
say "number with pane-base-index 1, and a window option"
t set -g pane-base-index 1
outer_settle
outer_screen
t set -w -t b pane-border-lines heavy
outer_settle
outer_screen
outer_keys C-b d
outer_wait 'rc='
