# Attached clients: two terminals of different sizes on one session
# (window-size latest, smallest, largest), list-clients, detach -a, and a
# read-only client. Issue 7.
. "$(dirname "$0")/../lib.sh"

t new-session -d -s main -x 80 -y 23
t set -g status-right '[R]'
wait_prompt main
outer_start 80 24 "$T attach -t main"
outer_wait '\[main\] 0:sh\*'
first=$CONF_OUTER_N
outer_start 50 12 "$T attach -t main"
outer_wait '\[main\] 0:sh\*'
second=$CONF_OUTER_N

sizes()
{
	outer_settle
	run t display -p -t main '#{window_width}x#{window_height} #{session_attached}'
	run t list-clients -F '#{client_width}x#{client_height} #{client_session}'
}

say "window-size latest: the window takes the client that came last"
sizes
outer_screen -e

say "typing in the first client makes it the latest"
CONF_OUTER_N=$first
outer_keys 'echo typed' Enter
outer_wait '^typed'
sizes

say "times and counts: created <= activity (the typing), bytes written, none discarded; no last session"
run t list-clients -F '#{e|<=:#{client_created},#{client_activity}} #{e|>:#{client_created},1700000000} #{e|>:#{client_written},100} #{client_discarded} [#{client_last_session}]'

say "smallest and largest"
t set -g window-size smallest
t resize-window -A -t main 2>/dev/null
CONF_OUTER_N=$second
outer_keys C-b :
outer_keys 'refresh-client' Enter
sizes
t set -g window-size largest
CONF_OUTER_N=$first
outer_keys C-b :
outer_keys 'refresh-client' Enter
sizes
CONF_OUTER_N=$second
outer_settle
outer_screen -e

say "detach-client -a from the first leaves it alone"
CONF_OUTER_N=$first
outer_keys C-b :
outer_keys 'detach-client -a' Enter
CONF_OUTER_N=$second
outer_wait '^rc=0'
outer_screen
CONF_OUTER_N=$first
sizes
CONF_OUTER_N=2
