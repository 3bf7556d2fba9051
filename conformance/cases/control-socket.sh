# Control mode straight on the server socket (zeropty's handshake, README
# "Control mode on the socket"): the same session as `-C attach`, with no
# client process. tmux has no such handshake, so its side runs -C.
. "$CONF_LIB"
need python3
CTL="python3 $CONF_DIR/cases/control-driver.py"

quiet t new-session -d -s so -x 80 -y 24 -n w 'sleep 1000'
if "$BIN" -V | grep -q '^zeropty'; then
	set -- --hello "$(t display -p '#{socket_path}')" -- attach -t so
else
	set -- -- $T -C attach -t so
fi
$CTL --no-rc "$@" <<SCRIPT | norm
display-message -p "#{session_name} #{window_name}"
bogus
new-window -n two 'sleep 1000'
display -p a ; select-window -t nosuch:0 ; display -p b
#cli $T rename-window -t so:two deux
kill-window -t so:deux
#raw \n
SCRIPT
say "EOF detaches too"
$CTL --no-rc "$@" <<SCRIPT | norm
list-windows -F "#{window_id}"
#eof
SCRIPT
