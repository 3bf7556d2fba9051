# What programs see inside a fixed-size pane: size, terminal, environment.
. "$CONF_LIB"

start_shell p -x 80 -y 24
sh_cmd p 'stty size'
sh_cmd p 'tput cols; tput lines; echo "$TERM"'
sh_cmd p "python3 -c 'import os; print(os.get_terminal_size())'"
sh_cmd p 'tty >/dev/null && echo is-a-tty; [ -t 0 ] && [ -t 1 ] && echo tty01'
sh_cmd p 'echo "$TMUX_PANE|$TERM_PROGRAM|$TERM_PROGRAM_VERSION|$SHELL|$0"'
sh_cmd p 'echo "${TMUX%%,*}" | sed "s#.*/##"; echo "$TMUX" | cut -d, -f3'
sh_cmd p 'echo "$COLUMNS:$LINES:$PS1"; pwd'
sh_cmd p 'stty -a | head -1 | sed "s/speed [0-9]* baud; //"'
sh_cmd p 'stty -g | tr : "\n" | head -4'
screen p

# Resize: programs see the new size.
# tmux applies pane resizes to the tty a little later: wait for them.
waitsize='n=0; while [ "$(stty size)" != "$S" ] && [ $n -lt 100 ]; do sleep 0.05; n=$((n+1)); done'
run t resize-window -t p -x 60 -y 20
sh_cmd p "S='20 60'; $waitsize; stty size; tput cols"
run t resize-window -t p -x 100 -y 30
sh_cmd p "S='30 100'; $waitsize; stty size; python3 -c 'import os; print(os.get_terminal_size())'"
run t display-message -p -t p '#{pane_width}x#{pane_height}'
screen p

# SIGWINCH reaches a waiting program.
run t resize-window -t p -x 80 -y 24
sh_cmd p "S='24 80'; $waitsize; clear"
t send-keys -t p -l "trap 'echo winch \$(stty size)' WINCH; echo ready; read x; trap - WINCH; echo '=='w" &&
    t send-keys -t p Enter
wait_for_text p '^ready$'
run t resize-window -t p -x 70 -y 20
wait_for_text p '^winch 20 70$'
t send-keys -t p Enter
wait_for_text p '^==w$'
wait_prompt p
screen p

# Nesting from inside a pane (a real tty, $TMUX set).
sh_cmd p "./bin/tmux -L $SOCK -f /dev/null new-session -s inner; echo rc=\$?"
sh_cmd p "./bin/tmux -L $SOCK -f /dev/null attach -t p; echo rc=\$?"
screen p
sh_cmd p "./bin/tmux -f /dev/null display -p '#{session_name}:#{pane_id}'; echo rc=\$?"
sh_cmd p "./bin/tmux -f /dev/null new -d -s fromin; echo rc=\$?"
sh_cmd p "TMUX= ./bin/tmux -L $SOCK -f /dev/null display -p '[#{session_name}]'; echo rc=\$?"
screen p
run t ls -F '#{session_name}'
