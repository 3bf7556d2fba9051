# A Go program (fzf makes its own system calls, LD_PRELOAD cannot answer
# them): in a tmux pane it is on a pty; zeropty lends it one
# (shim/shim-pty.c). The finder draws, filters and prints the choice.
. "$CONF_LIB"
need fzf seq

start_shell p
t send-keys -t p -l 'seq 1 100 | fzf; echo rc=$?' && t send-keys -t p Enter
wait_for_text p '100/100'
t send-keys -t p -l '42'
wait_for_text p '1/100'
screen p
t send-keys -t p Enter
wait_for_text p '^rc='
wait_prompt p
screen p
