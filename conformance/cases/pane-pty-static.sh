# A static program (busybox-static), which LD_PRELOAD cannot reach: in a
# tmux pane it is on a pty; zeropty lends it one (shim/shim-pty.c), and
# it must see the same terminal: size, tty name, termios, the kernel's
# echo, and job control from the pane's shell and of its own.
. "$CONF_LIB"
need busybox

norm_add 's#/dev/pts/[0-9][0-9]*#/dev/pts/N#g'
start_shell p
fg_is() { [ "$(t display -p -t p '#{pane_current_command}')" = "$1" ]; }
# How many busybox processes descend from the pane's shell.
busyboxes_are()
{
	root=$(t display-message -p -t p '#{pane_pid}')
	[ "$(ps -e -o pid=,ppid=,comm= | awk -v root="$root" '
		{ pp[$1] = $2; n[$1] = $3 }
		END {
			c = 0
			for (p in pp) {
				if (n[p] != "busybox")
					continue;
				for (q = pp[p]; q != "" && q > 1; q = pp[q])
					if (q == root) { c++; break }
			}
			print c
		}')" = "$1" ]
}
sh_cmd p 'busybox stty size; busybox tty; echo rc=$?'
sh_cmd p 'busybox stty -a | busybox head -3'
# Its termios stays the terminal's after it ends, as on one pty.
sh_cmd p 'busybox stty -echo; stty -a | grep -c -- " -echo "; stty echo'
# posix_spawn (glibc's execs past the exec interposers).
sh_cmd p "python3 -c 'import os; p = os.posix_spawnp(\"busybox\", [\"busybox\", \"stty\", \"size\"], os.environ); print(os.waitpid(p, 0)[1])'"
run t resize-window -t p -x 70 -y 20
# The pane's size reaches its terminal a moment later (tmux too): poll.
sh_cmd p 'n=0; while [ "$(busybox stty size)" != "20 70" ] && [ $n -lt 100 ]; do sleep 0.05; n=$((n+1)); done; busybox stty size'
run t resize-window -t p -x 80 -y 24
screen p
sh_cmd p 'clear'

# A static shell reading a line: the kernel's echo and canonical mode.
t send-keys -t p -l "busybox sh -c 'read x; echo got \$x'" && t send-keys -t p Enter
wait_proc p busybox
t send-keys -t p -l 'hello there' && t send-keys -t p Enter
wait_for_text p '^got hello there$'
wait_prompt p

# Job control of a static program: C-c, C-z, fg.
t send-keys -t p -l 'busybox sleep 100' && t send-keys -t p Enter
wait_proc p busybox
run t send-keys -t p C-c
wait_prompt p
sh_cmd p 'echo rc=$?'
t send-keys -t p -l 'busybox sleep 100' && t send-keys -t p Enter
wait_proc p busybox
run t send-keys -t p C-z
wait_proc p busybox T
wait_prompt p
sh_cmd p 'jobs'
t send-keys -t p -l 'fg' && t send-keys -t p Enter
wait_proc p busybox S
wait_for_text p '^busybox sleep 100$'
run t send-keys -t p C-c
wait_prompt p
sh_cmd p 'echo rc=$?'
screen p
sh_cmd p 'clear'

# A pipeline of static programs: each has a pty, C-c stops them all.
sh_cmd p 'busybox seq 3 | busybox cat; echo rc=$?'
t send-keys -t p -l 'busybox sleep 100 | busybox cat' && t send-keys -t p Enter
conf_poll 5 busyboxes_are 2 || conf_timeout "two busybox" p
conf_poll 5 fg_is busybox || conf_timeout "busybox in the foreground" p
run t send-keys -t p C-c
wait_prompt p
sh_cmd p 'echo rc=$?'
screen p
sh_cmd p 'clear'

# Started in the background, the keys stay the shell's; then fg, C-c.
t send-keys -t p -l 'busybox sleep 100 &' && t send-keys -t p Enter
wait_proc p busybox
wait_prompt p
sh_cmd p 'echo still the shell'
t send-keys -t p -l 'fg' && t send-keys -t p Enter
wait_for_text p '^busybox sleep 100$'
conf_poll 5 fg_is busybox || conf_timeout "busybox in the foreground" p
run t send-keys -t p C-c
wait_prompt p
sh_cmd p 'echo rc=$?'
screen p
sh_cmd p 'clear'

# C-z, bg, fg: the program reads the line typed after fg.
t send-keys -t p -l "busybox sh -c 'read x; echo got \$x'" && t send-keys -t p Enter
wait_proc p busybox
t send-keys -t p C-z
wait_proc p busybox T
wait_prompt p
t send-keys -t p -l 'bg' && t send-keys -t p Enter
wait_for_text p '^\[1\] busybox'
t send-keys -t p -l 'fg' && t send-keys -t p Enter
wait_for_text p "^busybox sh -c"
# The keys go to the program once it is the pane's foreground again.
conf_poll 5 fg_is busybox || conf_timeout "busybox in the foreground" p
t send-keys -t p -l 'abc' && t send-keys -t p Enter
wait_for_text p '^got abc$'
wait_prompt p
say "read after bg and fg"
sh_cmd p 'clear'

# busybox's own shell with job control (it needs a terminal for it).
t send-keys -t p -l "PS1='bb\$ ' busybox sh" && t send-keys -t p Enter
wait_last p '^bb\$ ?$'
t send-keys -t p -l 'sleep 100' && t send-keys -t p Enter
wait_proc p sleep
run t send-keys -t p C-z
wait_proc p sleep T
wait_last p '^bb\$ ?$'
t send-keys -t p -l 'fg' && t send-keys -t p Enter
wait_proc p sleep S
run t send-keys -t p C-c
wait_last p '^bb\$ ?$'
t send-keys -t p -l 'busybox tty; exit' && t send-keys -t p Enter
wait_prompt p
screen p
