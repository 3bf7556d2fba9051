# Control mode: notifications caused by command-line clients (and other
# control clients) reach an attached control client; killing its session
# from outside ends it with %exit and rc 1.
. "$CONF_LIB"
need python3
CTL="python3 $CONF_DIR/cases/control-driver.py"
norm_add 's/client-[0-9][0-9]*/client-PID/g'

quiet t new-session -d -s s1 -x 80 -y 24 -n one 'sleep 1000'
$CTL -- $T -C attach -t s1 <<SCRIPT | norm
#cli $T new-window -t s1 -n two 'sleep 1000'
#cli $T rename-window -t s1:two deux
#cli $T split-window -t s1:deux 'sleep 1000'
#cli $T select-pane -t s1:deux.0
#cli $T resize-pane -Z -t s1:deux.0
#cli $T select-window -t s1:one
#cli $T rename-session -t s1 ess
#cli $T new-session -d -s other -n o 'sleep 1000'
#cli $T new-window -d -t other -n o2 'sleep 1000'
#cli $T rename-window -t other:o2 o3
#cli $T kill-window -t other:o3
#cli $T kill-window -t ess:deux
#cli $T kill-session -t other
#cli (printf 'display -p from-second\n'; sleep 0.5; printf '\n') | $T -C attach -t ess
#cli $T resize-window -t ess:one -x 60 -y 20
#cli $T kill-session -t ess
SCRIPT
