# Control mode: notifications from window and pane commands (selecting,
# swapping, splitting, resizing, killing, panes exiting). Commands that
# tmux reports step by step, with repeats, are in control-order.sh.
. "$CONF_LIB"
need python3
CTL="python3 $CONF_DIR/cases/control-driver.py"

quiet t new-session -d -s m -x 80 -y 24 -n w0 'sleep 1000'
quiet t new-window -d -t m -n w1 'sleep 1000'
quiet t new-window -d -t m -n w2 'sleep 1000'
$CTL -- $T -C attach -t m <<'SCRIPT'
next-window
previous-window
last-window
select-window -t :2
swap-window -s :1 -t :2
split-window -t :0 'sleep 1000'
split-window -t :0 -h 'sleep 1000'
swap-pane -t :0.0 -s :0.1
resize-pane -t :0.0 -R 3
kill-pane -t :0.1
respawn-pane -k -t :0.0 'sleep 1000'
split-window -t :0 'exit 0'
#wait ^%layout-change @0 \S+,80x24,0,0,\d+ 
new-window -n gone 'exit 0'
#wait ^%unlinked-window-close
rename-window -t :0 zero
kill-window -t :1
SCRIPT
