# detach-client -P (and choose-client's x): the client prints "[detached
# and SIGHUP (from session s)]" and sends SIGHUP to its parent, here a
# shell that traps it. Issue 7.
. "$(dirname "$0")/../lib.sh"

t new-session -d -s b -x 80 -y 23 -n w
t set -g status-right '[R]'
t set -s escape-time 0
outer_start 80 24 "sh -c 'trap \"echo got-hup\" HUP; $T attach -t b; echo client-done'"
outer_wait '\[b\] 0:w'
say "detach-client -P"
run t detach-client -P
outer_wait 'client-done'
outer_screen
say "choose-client's x"
outer_start 80 24 "sh -c 'trap \"echo got-hup\" HUP; $T attach -t b; echo client-done'"
conf_poll 5 sh -c "$T list-clients | grep -q ."
t choose-client -N -t b
outer_settle
outer_keys x
outer_wait 'client-done'
outer_screen
