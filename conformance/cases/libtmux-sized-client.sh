# A control client that gave its size with refresh-client -C and then
# left: tmux 3.3a makes the session's next window default-size (80x24),
# as no client counts any more; zeropty keeps the size the client gave.
. "$CONF_LIB"
need python3
CTL="python3 $CONF_DIR/cases/control-driver.py"

quiet t start-server \; set -s exit-empty off \; set -g automatic-rename off
quiet t new-session -d -s lt -x 80 -y 24 -n one 'sleep 1000'
$CTL -- $T -C attach -t lt <<SCRIPT | norm
refresh-client -C 70x20
detach-client
SCRIPT
run t new-window -d -t lt 'sleep 1000'
run t list-windows -t lt '-F#{window_index} #{window_width}x#{window_height}'
