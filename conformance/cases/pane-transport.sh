# default-pane-transport, zeropty's own server option (tmux 3.3a has
# none: its panes are always ptys). With "pty" a new pane's program runs
# on a real pty from the start (engine/sys/pane-io.c, shim/pty-run.c),
# and everything must look as in a tmux pane: tty, size and resize, C-c,
# C-z and fg, C-d, exit statuses, the current command and path, a command
# run directly. With "socket" programs the shim cannot reach get no pty.
. "$CONF_LIB"
need busybox sort

norm_add 's#/dev/pts/[0-9][0-9]*#/dev/pts/N#g'
fmt_is() { [ "$(t display -p -t p "$1")" = "$2" ]; }
# ZP: the server is zeropty's (the sut side, unless in selftest).
ZP=0
"$BIN" -V | grep -q '^zeropty' && ZP=1
start_shell p
if [ $ZP = 1 ]; then
	t set -s default-pane-transport pty || exit 1
fi
t new-window -t p
t kill-window -t p:0
wait_prompt p

sh_cmd p 'tty; stty size; busybox tty; [ -t 0 ] && echo on a tty'
run t resize-window -t p -x 70 -y 20
sh_cmd p 'n=0; while [ "$(stty size)" != "20 70" ] && [ $n -lt 100 ]; do sleep 0.05; n=$((n+1)); done; stty size'
run t resize-window -t p -x 80 -y 24
t send-keys -t p -l 'sleep 100' && t send-keys -t p Enter
wait_proc p sleep
run t send-keys -t p C-c
wait_prompt p
sh_cmd p 'echo rc=$?'
t send-keys -t p -l 'busybox sleep 100' && t send-keys -t p Enter
wait_proc p busybox
conf_poll 5 fmt_is '#{pane_current_command}' busybox ||
    conf_timeout "busybox in front" p
run t display -p -t p '#{pane_current_command} #{pane_current_path}'
run t send-keys -t p C-z
wait_proc p busybox T
wait_prompt p
t send-keys -t p -l 'fg' && t send-keys -t p Enter
wait_proc p busybox S
run t send-keys -t p C-c
wait_prompt p
t send-keys -t p -l 'sort; echo rc=$?' && t send-keys -t p Enter
wait_proc p sort
t send-keys -t p -l 'b' && t send-keys -t p Enter
t send-keys -t p -l 'a' && t send-keys -t p Enter
wait_for_text p '^a$'
run t send-keys -t p C-d
wait_for_text p '^rc=0$'
wait_prompt p
screen p

# Exit statuses and a command run directly (found in the PATH).
run t set -g remain-on-exit on
run t new-window -d -t p:5 'exit 3'
run t new-window -d -t p:6 -- busybox sh -c 'tty; stty size; exit 4'
dead() { [ "$(t display -p -t "p:$1" '#{pane_dead}')" = 1 ]; }
conf_poll 5 dead 5 || conf_timeout "window 5 ends" p
conf_poll 5 dead 6 || conf_timeout "window 6 ends" p
run t display -p -t p:5 '#{pane_dead_status}'
run t display -p -t p:6 '#{pane_dead_status}'
run t capture-pane -p -t p:6 -E 1
run t kill-window -t p:5
run t kill-window -t p:6
run t set -g remain-on-exit off

# socket: a static program gets no pty (zeropty only; tmux has a pty).
if [ $ZP = 1 ]; then
	t set -s default-pane-transport socket || exit 1
fi
t new-window -d -t p:7 'busybox tty; echo =; sleep 100'
conf_poll 5 sh -c "$T capture-pane -p -t p:7 | grep -q '^=$'" ||
    conf_timeout "busybox tty" p
out=$(t capture-pane -p -t p:7 | head -1)
case $ZP:$out in
0:/dev/pts/*|1:'not a tty') say "static program: as the transport says" ;;
*) say "static program: $out" ;;
esac
run t kill-window -t p:7
