# The status line's window list placed as tmux 3.3a's format_draw does:
# status-justify left, centre, right and absolute-centre; a list too long
# for the line cut around the current window with < and > markers;
# status-left and status-right cut to their lengths, then trimmed when
# the line is too short. Issue 7.
. "$(dirname "$0")/../lib.sh"

t new-session -d -s j -x 80 -y 23 -n first \; set -g automatic-rename off
t set -g status-right '[R]'
t set -s escape-time 0
t new-window -d -t j -n second
t new-window -d -t j -n third
outer_start 80 24 "$T attach -t j"
outer_wait '\[j\] 0:first'
outer_settle

status()
{
	outer_settle
	printf -- '--- status\n'
	outer capture-pane -p -e -S 23 -E 23 | sed 's/^/| /'
	run t display -p '#{status-justify}'
}

for justify in left centre right absolute-centre; do
	say "status-justify $justify"
	t set -g status-justify "$justify"
	status
done
t set -gu status-justify

say "more windows than fit: cut around the current one"
i=3
while [ $i -lt 16 ]; do
	t new-window -d -t j -n "window-number-$i"
	i=$((i + 1))
done
status
t select-window -t j:8
status
t select-window -t j:15
status
for justify in centre right absolute-centre; do
	say "status-justify $justify, window 8"
	t set -g status-justify "$justify"
	t select-window -t j:8
	status
done
t set -gu status-justify

say "long status-left and status-right"
t set -g status-left '[a long status left that goes on and on]'
t set -g status-left-length 30
t set -g status-right '[a long status right that goes on]'
t set -g status-right-length 60
status
t set -g status-left-length 60
status

say "clicks on the shown windows still choose them"
t set -g mouse on
t set -gu status-left
t set -gu status-left-length
t set -g status-right '[R]'
t select-window -t j:15
outer_settle
outer_raw '\033[<0;30;24M\033[<0;30;24m'
outer_settle
run t display -p -t j '#{window_index}'

outer_keys C-b d
outer_wait 'rc='
