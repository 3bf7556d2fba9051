# Control mode: switch-client and attach-session move a control client
# between sessions (%session-changed to it); errors as tmux words them.
# (A second control client switching is left out: which client tmux 3.3a
# switches then varies from run to run.)
. "$CONF_LIB"
need python3
CTL="python3 $CONF_DIR/cases/control-driver.py"
norm_add 's/client-[0-9][0-9]*/client-PID/g'

quiet t new-session -d -s a -n w 'sleep 1000'
quiet t new-session -d -s b -n w 'sleep 1000'
quiet t new-window -d -t b -n w2 'sleep 1000'
run t switch-client -t a
$CTL -- $T -C attach -t a <<SCRIPT | norm
switch-client -t b
switch-client -n
switch-client -p
switch-client -l
switch-client -t a
switch-client -t b:w2
display -p "#{session_name} #{window_name}"
switch-client -t nosuch
switch-client -t a:nosuch
attach-session -t a
kill-session -t b
switch-client -n
switch-client -l
SCRIPT
