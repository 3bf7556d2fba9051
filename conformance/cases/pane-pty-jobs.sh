# Lent ptys (shim/shim-pty.c) and the shell around them: kill %1 of a
# static program, running and stopped; #{pane_current_command} and
# #{pane_current_path} while one runs; a program that makes its own pty
# inside the pane (script), with a resize while it runs. tmux's pane is
# one pty; zeropty's is a socket with a pty lent per static program.
. "$CONF_LIB"
need busybox script

norm_add 's#/dev/pts/[0-9][0-9]*#/dev/pts/N#g'
start_shell p
fmt_is() { [ "$(t display -p -t p "$1")" = "$2" ]; }

# kill %1 of a running background job: the shell reports it ended.
t send-keys -t p -l 'busybox sleep 100 &' && t send-keys -t p Enter
wait_proc p busybox
wait_prompt p
t send-keys -t p -l 'kill %1; wait' && t send-keys -t p Enter
wait_for_text p 'Terminated'
wait_prompt p
sh_cmd p 'jobs; echo none left'
screen p
sh_cmd p 'clear'

# kill %1 of a stopped job: the signal waits until fg continues it.
t send-keys -t p -l 'busybox sleep 100' && t send-keys -t p Enter
wait_proc p busybox
run t send-keys -t p C-z
wait_proc p busybox T
wait_prompt p
t send-keys -t p -l 'kill %1' && t send-keys -t p Enter
wait_prompt p
sh_cmd p 'jobs'
t send-keys -t p -l 'fg; echo rc=$?' && t send-keys -t p Enter
wait_for_text p '^rc='
wait_prompt p
sh_cmd p 'jobs; echo none left'
screen p
sh_cmd p 'clear'

# What the pane runs and where, while a static program is in front.
mkdir -p "$WORK/sub dir"
t send-keys -t p -l "busybox sh -c 'cd \"sub dir\"; read x; echo got \$x'" &&
    t send-keys -t p Enter
wait_proc p busybox
conf_poll 5 fmt_is '#{pane_current_command}' busybox ||
    conf_timeout "busybox in front" p
conf_poll 5 fmt_is '#{pane_current_path}' "$WORK/sub dir" ||
    conf_timeout "the program's directory" p
run t display -p -t p '#{pane_current_command} #{pane_current_path}'
t send-keys -t p -l 'x' && t send-keys -t p Enter
wait_for_text p '^got x$'
wait_prompt p
conf_poll 5 fmt_is '#{pane_current_command}' sh ||
    conf_timeout "the shell in front again" p
run t display -p -t p '#{pane_current_command} #{pane_current_path}'
sh_cmd p 'clear'

# script makes a pty of its own: a shell on it reads lines, sees the
# pane's size and a resize, and C-c reaches it through script.
t send-keys -t p -l "PS1='in\$ ' script -q -c sh /dev/null; echo rc=\$?" &&
    t send-keys -t p Enter
wait_last p '^in\$ ?$'
t send-keys -t p -l 'stty size; tty; busybox stty size' && t send-keys -t p Enter
wait_tail p '^[0-9]+ [0-9]+$' '^in\$ ?$'
run t resize-window -t p -x 70 -y 20
t send-keys -t p -l 'n=0; while [ "$(stty size)" != "20 70" ] && [ $n -lt 100 ]; do sleep 0.05; n=$((n+1)); done; stty size' &&
    t send-keys -t p Enter
wait_tail p '^20 70$' '^in\$ ?$'
t send-keys -t p -l 'sleep 100' && t send-keys -t p Enter
wait_proc p sleep
run t send-keys -t p C-c
wait_last p '^in\$ ?$'
t send-keys -t p -l 'exit' && t send-keys -t p Enter
wait_for_text p '^rc=0$'
wait_prompt p
run t resize-window -t p -x 80 -y 24
screen p
