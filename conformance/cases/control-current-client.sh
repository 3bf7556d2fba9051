# Commands acting on a client (-c/-t target-client) find an attached
# control client when none is given, as tmux's best client: the only
# client here is a control client, and a command-line client's
# display-popup, lock-client, refresh-client, switch-client, display -p
# of #{client_*}, show-messages, suspend-client and detach-client act on
# it instead of failing with "no current client".
. "$CONF_LIB"
need python3
CTL="python3 $CONF_DIR/cases/control-driver.py"
norm_add 's/client-[0-9][0-9]*/client-PID/g'
norm_add 's/^[0-9][0-9]:[0-9][0-9]: /HH:MM: /'

quiet t new-session -d -s s -n w -x 80 -y 24 'sleep 1000'
quiet t new-session -d -s s2 -n w -x 80 -y 24 'sleep 1000'
LOG=$WORK/cli.log
: >"$LOG"
# Each command of the list, its output and status go to the log.
cat >"$WORK/cli.sh" <<EOF2
for c in 'display-popup -t s -E true' lock-client refresh-client \
    'refresh-client -S' 'display-message -p #{client_name}' \
    'switch-client -t s2' 'display-message -p #{client_session}' \
    'display-panes -d 1' suspend-client \
    'show-messages -J' detach-client; do
	echo "\\\$ \$c" >>"$LOG"
	$T \$c >>"$LOG" 2>&1
	echo "rc=\$?" >>"$LOG"
done
EOF2
$CTL -- $T -C attach -t s <<SCRIPT | norm
#cli sh $WORK/cli.sh
SCRIPT
norm <"$LOG"
