# Control mode flow control: a control client that never reads while a
# pane floods output must not hold up the server: other clients are still
# answered promptly and the server's memory stays bounded.
. "$CONF_LIB"

quiet t new-session -d -s st -x 80 -y 24 -n w 'sleep 1000'
mkfifo "$WORK/stuck"
# Opened read-write and never read: the client blocks once the pipe is full.
exec 3<>"$WORK/stuck"
$T -C attach -t st <"$WORK/stuck" >&3 2>/dev/null &
stuck=$!
conf_poll 5 sh -c "$T display -p -t st '#{session_attached}' | grep -q 1" ||
    say "control client not attached"
quiet t new-window -d -t st -n flood "yes 'flood flood flood flood flood flood flood flood flood flood'"
pid=$(t display -p -t st '#{pid}')
server_pid "$pid"
i=0
while [ $i -lt 15 ]; do
	out=$(timeout 10 $T display -p -t st:flood 'answered #{window_name}' 2>&1)
	echo "$i: $out rc=$?"
	sleep 0.2
	i=$((i + 1))
done
run timeout 10 $T list-windows -t st -F '#{window_index} #{window_name}'
rss=$(awk '/^VmRSS/ { print $2 }' /proc/$pid/status)
# An AddressSanitizer build keeps freed memory in quarantine: no bound there.
if [ "${rss:-0}" -lt 300000 ] || grep -q libasan "/proc/$pid/maps"; then
	say "server RSS under 300 MB"
else
	say "server RSS $rss kB"
fi
quiet t kill-window -t st:flood
kill "$stuck" 2>/dev/null
# SIGTERM must end a client stuck writing; never leave it behind.
conf_poll 10 sh -c "! kill -0 $stuck 2>/dev/null" || {
	# tmux 3.3a's own client sometimes stays (seen in CI): zeropty's must go.
	[ "$SIDE" = ref ] || say "control client still running after SIGTERM"
	kill -9 "$stuck" 2>/dev/null
}
wait "$stuck" 2>/dev/null
exec 3>&-
say done
