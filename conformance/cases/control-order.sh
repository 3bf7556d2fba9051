# Control mode: commands whose notifications zeropty sends in another
# order or number than tmux 3.3a (known difference: zeropty compares the
# model before and after a command, tmux queues one notification per
# internal step). move-window: tmux adds and closes the window again;
# select-layout/next-layout: tmux repeats %layout-change; rotate-window:
# tmux sends no %layout-change although the layout string changes;
# break-pane and join-pane: other order, %window-renamed for the new window.
. "$CONF_LIB"
need python3
CTL="python3 $CONF_DIR/cases/control-driver.py"

quiet t new-session -d -s m -x 80 -y 24 -n w0 'sleep 1000'
quiet t new-window -d -t m -n w1 'sleep 1000'
quiet t new-window -d -t m -n w2 'sleep 1000'
$CTL -- $T -C attach -t m <<'SCRIPT'
select-window -t :2
move-window -s :2 -t :5
split-window -t :0 'sleep 1000'
split-window -t :0 -h 'sleep 1000'
select-layout -t :0 even-vertical
next-layout -t :0
rotate-window -t :0
break-pane -d -s :0.2 -n broken
join-pane -s :broken -t :0.0
SCRIPT
