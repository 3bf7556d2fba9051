# Control mode: commands that tmux 3.3a reports step by step, one
# notification per internal step, with repeats and omissions of its own:
# move-window adds and closes the moved window, select-layout and
# next-layout report the layout twice (once on one pane or with -E),
# rotate-window reports no layout, break-pane and join-pane report in the
# order of their steps, unlink-window closes a window still linked at
# another index. zeropty says these steps (notify_steps_*, notify.c).
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

say "layouts: the same preset twice, a custom string, -o, -E, one pane, previous-layout"
quiet t new-session -d -s l -x 80 -y 24 -n l0 'sleep 1000'
quiet t new-window -d -t l -n l1 'sleep 1000'
quiet t split-window -d -t l:0 'sleep 1000'
quiet t split-window -d -t l:0 'sleep 1000'
quiet t select-layout -t l:0 main-vertical
custom=$(t display -p -t l:0 '#{window_layout}')
single=$(t display -p -t l:1 '#{window_layout}')
$CTL -- $T -C attach -t l <<SCRIPT
select-layout -t :0 even-vertical
select-layout -t :0 even-vertical
select-layout -t :0 "$custom"
select-layout -o -t :0
select-layout -E -t :0.1
previous-layout -t :0
select-layout -t :1 even-vertical
select-layout -t :1 "$single"
select-layout -o -t :1
next-layout -t :1
rotate-window -t :1
rotate-window -D -t :0
SCRIPT

say "moving and linking windows: -d, -k, link-window, unlink-window of a window linked twice"
quiet t new-session -d -s k -x 80 -y 24 -n k0 'sleep 1000'
quiet t new-window -d -t k -n k1 'sleep 1000'
quiet t new-window -d -t k -n k2 'sleep 1000'
quiet t new-window -d -t k -n k3 'sleep 1000'
$CTL -- $T -C attach -t k <<'SCRIPT'
move-window -d -s :1 -t :7
move-window -k -s :7 -t :2
move-window -d -k -s :3 -t :0
link-window -d -s :2 -t :5
link-window -s :2 -t :6
unlink-window -t :6
move-window -r
SCRIPT

say "breaking and joining panes: without -n or -d, -d within one window"
# tmux's rename timer would rename the broken-out window whenever it runs.
quiet t set -g automatic-rename off
quiet t new-session -d -s j -x 80 -y 24 -n j0 'sleep 1000'
quiet t split-window -d -t j:0 'sleep 1000'
quiet t split-window -d -t j:0 'sleep 1000'
$CTL -- $T -C attach -t j <<'SCRIPT'
break-pane -s :0.1
select-window -t :0
break-pane -d -s :0.1 -n kept
join-pane -s :kept -t :0.0
join-pane -d -s :0.1 -t :0.0
SCRIPT
