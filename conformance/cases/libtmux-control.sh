# libtmux 0.4x-0.6x control-mode engine: the commands libtmux sends
# over a control client (-F templates with the U+241E separator, -f
# filters, -P -F creators, split sizes, pane options, hooks, zoom,
# kill-window, wait-for) and their %begin/%end blocks and notifications.
. "$CONF_LIB"
need python3
CTL="python3 $CONF_DIR/cases/control-driver.py"
norm_add 's/client-[0-9][0-9]*/client-PID/g'
SEP='␞'

quiet t start-server \; set -s exit-empty off \; set -g automatic-rename off
quiet t new-session -d -s lt -x 80 -y 24 -n one 'sleep 1000'
quiet t split-window -d -t lt 'sleep 1000'
quiet t new-session -d -s lt2 -x 80 -y 24 -n two 'sleep 1000'

$CTL -- $T -C attach -t lt <<SCRIPT | norm
list-sessions -F '#{session_id}$SEP#{session_name}$SEP#{session_windows}$SEP#{session_attached}$SEP'
list-windows -a -F '#{window_id}$SEP#{window_index}$SEP#{window_name}$SEP#{window_layout}$SEP#{window_panes}$SEP'
list-panes -a -F '#{pane_id}$SEP#{window_id}$SEP#{session_id}$SEP#{pane_index}$SEP#{pane_current_command}$SEP#{pane_start_command}$SEP#{pane_width}$SEP#{pane_height}$SEP'
list-panes -a -f '#{==:#{pane_index},1}' -F '#{pane_id}$SEP'
new-window -d -P -F '#{window_id}' -t lt: -n three 'sleep 1000'
split-window -t @2 -h -l30% -d -P -F '#{pane_id}$SEP' 'sleep 1000'
split-window -t @2 -v -b -f -d -P -F '#{pane_id}$SEP' 'sleep 1000'
list-panes -t @2 -F '#{pane_id} #{pane_width}x#{pane_height}'
set-option -p -t %0 @x 1
show-options -p -t %0 -A @x
show-option -qvp -t %0 @x
set-option -pu -t %0 @x
show-options -p -t %0 @x
set-hook -g 'after-new-window[0]' 'set -g @made yes'
show-hooks -g after-new-window
set-hook -gu after-new-window
display-message -p -t %0 '#{pane_id} #{window_id} #{session_id}'
resize-pane -Z -t %0
display-message -p -t %0 '#{window_zoomed_flag}'
resize-pane -Z -t %0
kill-window -t @2
wait-for -S lt-ctl
show-options -p -t %99
list-clients -F '#{client_control_mode} #{client_flags} #{client_session}'
SCRIPT
