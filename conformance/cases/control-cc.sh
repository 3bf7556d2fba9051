# Control mode -CC on a terminal (a pty): DCS 1000p first, CR accepted as
# the line end, CRLF line ends, %exit then ST, terminal state restored.
. "$CONF_LIB"
need python3
CTL="python3 $CONF_DIR/cases/control-driver.py"

quiet t new-session -d -s cc -x 80 -y 24 -n w 'sleep 1000'
$CTL --cc -- $T -CC attach -t cc <<'SCRIPT'
display-message -p hi
list-windows -F "#{window_id} #{window_name}"
bogus
refresh-client -C 90x20
#raw \r
SCRIPT
say "-CC new-session, then detach-client"
$CTL --cc -- $T -CC new-session -s cc2 -n w2 'sleep 1000' <<'SCRIPT'
display-message -p "#{session_name}"
detach-client
SCRIPT
