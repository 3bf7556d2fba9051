# find-window (C-b f): tree mode showing only the windows and panes whose
# content, name or title matches (-C -N -T, -r -i); nothing matching shows
# everything. The tree's own screen differs (tmux draws a preview below
# it): compared is where choosing a line takes the client. Issue 7.
. "$(dirname "$0")/../lib.sh"

t new-session -d -s f -x 80 -y 23 -n alpha
t set -g status-right '[R]'
t set -s escape-time 0
t new-window -d -t f:1 -n beta
t new-window -d -t f:2 -n gamma
t split-window -d -t f:2
wait_prompt f:1
t send-keys -t f:1 'echo needle-$((6*7))' Enter
wait_for_text f:1 '^needle-42$'
run t find-window
run t find-window -t nosuch x
run t find-window -x y

outer_start 80 24 "$T attach -t f:0"
outer_wait '\[f\] 0:alpha\*'
outer_settle
say "C-b f: the content matches in window 1 only"
outer_keys C-b f
outer_wait '^\(find-window\)'
outer_keys 'needle-42' Enter
outer_settle
run t display -p -t f:0 '#{pane_in_mode} #{pane_mode}'
outer_keys Down Enter
outer_wait '1:beta\*'
run t display -p '#{window_index} #{window_name}'

say "-N: a window's name; with two panes the window, then its panes"
run t find-window -N -t f: gam
outer_settle
outer_keys Down Enter
outer_wait '2:gamma\*'
run t display -p '#{window_index} #{pane_index}'
run t find-window -Z -N -t f: gam
outer_settle
run t display -p '#{window_zoomed_flag} #{pane_mode}'
outer_keys Down Enter
outer_settle
run t display -p '#{window_index} #{pane_index} #{window_zoomed_flag}'

say "-i ignores case; -r is a regular expression; -T the pane title"
run t select-pane -t f:0 -T 'Title-Here'
run t find-window -i -N -t f: ALPHA
outer_settle
outer_keys Down Enter
outer_wait '0:alpha\*'
run t display -p '#{window_index}'
run t find-window -r -C -t f: 'needle-[0-9]+'
outer_settle
outer_keys Down Enter
outer_wait '1:beta\*'
run t find-window -T -t f: title-here
outer_settle
outer_keys Down Enter
outer_settle
run t display -p '#{window_index}'
run t find-window -T -i -t f: title-here
outer_settle
outer_keys Down Enter
outer_wait '0:alpha\*'

say "nothing matches: every window is shown; q leaves"
run t find-window -t f: zzz-nothing
outer_settle
run t display -p '#{pane_in_mode} #{pane_mode}'
outer_keys q
outer_settle
run t display -p '#{pane_in_mode} #{window_index}'
t detach-client -s f
conf_poll 5 sh -c "! $T list-clients | grep -q ."
