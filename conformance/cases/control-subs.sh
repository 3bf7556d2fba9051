# Control mode: refresh-client -B subscriptions (checked once a second,
# reported when the value changes, the first check always reports).
. "$CONF_LIB"
need python3
CTL="python3 $CONF_DIR/cases/control-driver.py"

quiet t new-session -d -s su -x 80 -y 24 -n w0 'sleep 1000'
quiet t new-window -d -t su -n w1 'sleep 1000'
$CTL -- $T -C attach -t su <<'SCRIPT'
refresh-client -B "s1::#{session_name}/#{window_index}"
#wait ^%subscription-changed s1
rename-session renamed
#wait ^%subscription-changed s1
refresh-client -B s1
refresh-client -B "w::#{window_name}"
#wait ^%subscription-changed w
refresh-client -B w
refresh-client -B "p:%1:#{pane_id}-#{window_name}"
#wait ^%subscription-changed p
refresh-client -B p
refresh-client -B "aw:@*:#{window_name}"
#wait ^%subscription-changed aw .* @1 
refresh-client -B aw
refresh-client -B "ap:%*:#{pane_index}"
#wait ^%subscription-changed ap .* %1 
refresh-client -B ap
SCRIPT
