# Attached clients: `tmux attach` running in a real terminal (an outer
# tmux 3.3a), driven by keys typed into that terminal; what the terminal
# shows (panes, borders and their colours, status line, cursor) must be
# the same. Issue 7.
. "$(dirname "$0")/../lib.sh"

t new-session -d -s main -x 80 -y 23
t set -g status-right '[R]'
wait_prompt main
outer_start 80 24 "$T attach -t main"
outer_wait '\[main\] 0:sh\*'
outer_wait '^\$'
outer_screen -e
run t list-sessions -F '#{session_name} #{session_attached}'

say "prefix %, prefix \" split; typing reaches the active pane"
outer_keys C-b %
outer_wait '│'
outer_keys C-b '"'
outer_wait '├'
outer_keys 'echo hello' Enter
outer_wait '│hello'
outer_screen -e

say "prefix o, prefix z: zoom shows one pane and Z"
outer_keys C-b o
outer_keys C-b z
outer_wait '0:sh\*Z'
outer_screen -e

say "prefix c, n: a second window; output drawn as it comes"
outer_keys C-b z
outer_keys C-b c
outer_wait '1:sh\*'
outer_keys 'printf "\033[1;31mred\033[m %s\n" done' Enter
outer_wait 'red done'
outer_screen -e
outer_keys C-b n
outer_wait '0:sh\* 1:sh-'

say "commands from outside redraw the client"
t rename-window -t main:0 renamed
outer_wait '0:renamed\*'
t set -g status-style bg=blue,fg=white
t set -g pane-active-border-style fg=red
outer_wait '0:renamed\*'
outer_screen -e

say "prefix d detaches"
outer_keys C-b d
outer_wait '^rc=0'
outer_screen
run t list-sessions -F '#{session_name} #{session_attached}'
