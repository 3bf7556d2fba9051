# Windows and panes as libtmux drives them: new-window, split-window,
# select/kill/rename, list-windows/list-panes templates, layouts, resize.
. "$CONF_LIB"

run t new-session -d -s w -x 80 -y 24 -n first
# Automatic renaming follows the running program on a timer (the window can
# briefly be named after the forked server): keep names fixed.
run t set -g automatic-rename off
run t new-window -d -t w -P
run t new-window -d -t w -P -F '#{window_id} #{window_index} #{window_name} #{pane_id}'
run t new-window -d -t w:7 -n seven -P
run t new-window -d -t w:7 -n dup
run t new-window -d -t w:7 -k -n replaced -P -F '#{window_name}'
run t new-window -d -a -t w:1 -n after1 -P -F '#{window_index}'
run t new-window -d -b -t w:1 -n before1 -P -F '#{window_index}'
run t new-window -d -t w -c / -e V=1 -n withenv -P -F '#{window_index}'
run t new-window -d -t nosuch
run t new-window -d -t w -S -n first -P -F '#{window_index}'
run t list-windows -t w -F '#{window_index} #{window_name} #{window_active}'
run t list-windows -t w

run t split-window -d -t w:0 -P
run t split-window -d -t w:0 -h -P -F '#{pane_id} #{pane_index} #{pane_width}x#{pane_height}'
run t split-window -d -t w:0.0 -v -l 5 -P -F '#{pane_index} #{pane_height}'
run t split-window -d -t w:0.0 -h -l 30% -P -F '#{pane_index} #{pane_width}'
run t split-window -d -t w:0 -p 50 -P -F '#{pane_index}'
run t split-window -d -t w:0 -l abc
run t split-window -d -t w:0.0 -b -P -F '#{pane_index} #{pane_top}'
run t split-window -d -t w:0.0 -f -h -P -F '#{pane_index} #{pane_left} #{pane_height}'
run t list-panes -t w:0
run t list-panes -t w:0 -F '#{pane_index} #{pane_id} #{pane_left},#{pane_top} #{pane_width}x#{pane_height} #{pane_active}'
run t display-message -p -t w:0 '#{window_layout}'

# Splitting until there is no space, in a small session of its own.
run t new-session -d -s tiny -x 20 -y 10
i=0
while [ $i -lt 12 ]; do
	t split-window -d -t tiny >/dev/null 2>&1 || break
	i=$((i + 1))
done
say "splits before failure: $i"
run t split-window -d -t tiny
run t list-panes -t tiny -F '#{pane_index} #{pane_height}'
run t kill-session -t tiny

# Layouts on a window with four panes.
run t new-window -d -t w:30 -n lay
run t split-window -d -t w:30
run t split-window -d -t w:30 -h
run t split-window -d -t w:30.2
run t display-message -p -t w:30 '#{window_layout}'
for l in even-horizontal even-vertical main-horizontal main-vertical tiled; do
	run t select-layout -t w:30 $l
	run t display-message -p -t w:30 '#{window_layout}'
done
# (An unknown layout name crashes tmux 3.3a's server: not tested.)
run t next-layout -t w:30
run t display-message -p -t w:30 '#{window_layout}'
run t kill-window -t w:30
run t kill-pane -t w:0.1
run t kill-pane -a -t w:0.0
run t list-panes -t w:0 -F '#{pane_index} #{pane_width}x#{pane_height}'

# Select, rename, kill, move.
run t select-window -t w:2
run t display-message -p -t w '#{window_index}'
run t select-window -l -t w
run t display-message -p -t w '#{window_index}'
run t select-window -n -t w
run t select-window -p -t w
run t next-window -t w
run t previous-window -t w
run t last-window -t w
run t display-message -p -t w '#{window_index} #{window_name}'
run t rename-window -t w:0 renamed
run t rename-window -t w:0 ''
run t display-message -p -t w:0 '[#{window_name}] #{automatic-rename}'
run t rename-window -t w:9 x
run t kill-window -t w:7
run t kill-window -t w:7
run t move-window -s w:1 -t w:20
run t swap-window -s w:20 -t w:0
run t list-windows -t w -F '#{window_index}:#{window_name}'
run t move-window -r -t w
run t list-windows -t w -F '#{window_index}:#{window_name}'
run t kill-window -a -t w:0
run t list-windows -t w -F '#{window_index}:#{window_name}'

# Panes: select, zoom, resize, swap, respawn.
run t split-window -d -t w:0
run t split-window -d -t w:0 -h
run t select-pane -t w:0.1
run t display-message -p -t w:0 '#{pane_index}'
run t select-pane -l -t w:0
run t display-message -p -t w:0 '#{pane_index}'
run t select-pane -t w:0 -D
run t select-pane -t w:0 -U
run t resize-pane -t w:0.0 -Z
run t display-message -p -t w:0 '#{window_zoomed_flag} #{pane_width}x#{pane_height}'
run t resize-pane -t w:0.0 -Z
run t resize-pane -t w:0.0 -y 5
run t resize-pane -t w:0.0 -D 2
run t resize-pane -t w:0.1 -x 20
run t list-panes -t w:0 -F '#{pane_index} #{pane_width}x#{pane_height}'
run t swap-pane -s w:0.0 -t w:0.1
run t swap-pane -D -t w:0.0
run t list-panes -t w:0 -F '#{pane_index} #{pane_id}'
run t resize-window -t w -x 100 -y 30
run t list-panes -t w:0 -F '#{pane_index} #{pane_width}x#{pane_height}'
run t respawn-pane -t w:0.0
run t respawn-pane -k -t w:0.0 'sleep 40'
run t display-message -p -t w:0.0 '#{pane_start_command}'
run t break-pane -d -s w:0.1 -P
run t join-pane -d -s w:1.0 -t w:0.0
run t list-panes -s -t w
run t kill-pane -t w:0.0
run t list-panes -a -F '#{session_name}:#{window_index}.#{pane_index}'
run t kill-server
