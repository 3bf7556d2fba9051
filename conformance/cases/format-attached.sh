# Format variables that follow options and attached clients:
# pane_synchronized (synchronize-panes of the pane, else its window's),
# session_many_attached, session_group_attached,
# session_group_many_attached and window_active_clients (one control
# client attached: several attached at once race in tmux 3.3a itself).
. "$CONF_LIB"
need python3
CTL="python3 $CONF_DIR/cases/control-driver.py"
norm_add 's/client-[0-9][0-9]*/client-PID/g'

F='#{session_name}:#{window_index}.#{pane_index} sync=#{pane_synchronized}'
quiet t new-session -d -s s1 -x 80 -y 24 -n w0 'sleep 1000'
quiet t split-window -d -t s1 'sleep 1000'
quiet t new-window -d -t s1: -n w1 'sleep 1000'
run t list-panes -a -F "$F"
run t set-option -w -t s1:0 synchronize-panes on
run t list-panes -a -F "$F"
run t set-option -p -t s1:0.1 synchronize-panes off
run t list-panes -a -F "$F"
run t set-option -g synchronize-panes on
run t list-panes -a -F "$F"
run t set-option -gu synchronize-panes
run t set-option -w -t s1:0 -u synchronize-panes
run t list-panes -a -F "$F"

quiet t new-session -d -s s2 -t s1
A='#{session_name} a=#{session_attached} many=#{session_many_attached} group=#{session_group_attached} gmany=#{session_group_many_attached}'
W='#{session_name}:#{window_index} clients=#{window_active_clients} sessions=#{window_active_sessions}'
run t list-sessions -F "$A"
run t list-windows -a -F "$W"
$CTL -- $T -C attach -t s1 <<SCRIPT | norm
list-sessions -F "$A"
list-windows -a -F "$W"
#cli $T list-sessions -F '$A' >$WORK/o1
#cli $T list-windows -a -F '$W' >$WORK/o2
SCRIPT
for o in o1 o2; do
	say "$o"
	grep -v '^%' "$WORK/$o" | norm
done
