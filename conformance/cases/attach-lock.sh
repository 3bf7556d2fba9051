# lock-server, lock-session, lock-client, lock-after-time and
# suspend-client: an attached client gives its terminal back (modes off,
# the outer screen), runs lock-command on a clear alternate screen and is
# drawn again when the command exits; keys meanwhile go to the command.
# lock-after-time locks a session's clients once idle. suspend-client
# stops the client until SIGCONT (here in an orphaned process group
# SIGTSTP does not stop it: it waits for the SIGCONT this test sends).
# Issues 7 and 8.
. "$(dirname "$0")/../lib.sh"

t new-session -d -s l -x 80 -y 23
t set -g status-right '[R]'
t set -g lock-command 'printf "LOCKED %s\n" "$((1+1))"; read x; echo "$x" >got'
wait_prompt l
say "nobody attached: nothing to lock"
run t lock-server
run t lock-session -t l
run t lock-session -t nosuch
run t lock-client
run t lock-client -t nosuch
run t suspend-client
run t lock-server extra
t send-keys -t l 'echo one' Enter
wait_for_text l '^one$'

outer_start 80 24 "$T attach -t l"
outer_wait '\[l\] 0:'
outer_settle
say "lock-session: the lock command on a clear screen, keys go to it"
run t lock-session -t l
outer_wait 'LOCKED 2'
outer_screen
run t list-clients -F '#{session_name}'
say "locked twice: still one lock command"
run t lock-server
outer_raw 'typed\r'
outer_wait '\[l\] 0:'
outer_settle
outer_screen
run cat got

say "lock-client -t the client"
name=$(t list-clients -F '#{client_name}')
t lock-client -t "$name"
say "lock-client -t: rc=$?"
outer_wait 'LOCKED 2'
outer_raw 'again\r'
outer_wait '\[l\] 0:'
outer_settle
run cat got

say "lock-after-time: locked once no key came for that long"
t set -g lock-after-time 1
outer_raw ' \177'
outer_wait 'LOCKED 2' 8
t set -g lock-after-time 0
outer_raw 'idle\r'
outer_wait '\[l\] 0:'
outer_settle
outer_screen
run cat got

say "an empty lock-command locks nothing"
t set -g lock-command ''
run t lock-server
outer_settle
outer_screen

say "suspend-client: the terminal given back until SIGCONT"
pid=$(t list-clients -F '#{client_pid}')
run t suspend-client
outer_settle
outer_screen
run t list-clients -F '#{session_name}'
kill -CONT "$pid"
outer_wait '\[l\] 0:'
outer_settle
outer_screen
t send-keys -t l 'echo two' Enter
outer_wait '^two'
outer_settle
screen l
t detach-client -s l
conf_poll 5 sh -c "! $T list-clients | grep -q ."
