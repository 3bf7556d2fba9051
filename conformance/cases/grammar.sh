# Command grammar: sequences, quoting, command names, flags and arguments.
. "$CONF_LIB"

# -n: automatic names follow the running program on a timer.
run t new-session -d -s main -n sh
run t display -p a \; display -p b
run t display -p a ';' display -p b
run t display -p 'x;' display -p y
run t display -p 'x\;'
run t display -p 'x\;' \; display -p y
run t display -p a \; nosuch \; display -p c
run t display -p a \; display -Z \; display -p c
run t display -p a \;
run t \; display -p a
run t display -p a \; \; display -p b
run t send-keys -t main 'echo hi;' Enter
run t display-message -p 'a;b'
run t display-message -p '#{session_name}' \; display-message -p '#{window_index}'

# Command names: exact, aliases, prefixes, ambiguity.
run t nosuch
run t Enter
run t li
run t list
run t list-s -F '#{session_name}'
run t lsw -F '#{window_index}'
run t lsp -F '#{pane_index}'
run t display -p x
run t displa -p x
run t show-option -g status
run t show -g status-position
run t sh -g status
run t se -g @x 1
run t set -g @x 1
run t show -gv @x
run t s
run t k
run t kill-s
run t new-w -d -t main
run t has
run t ren -t main main2
run t rename-s -t main2 main
run t ''
run t split-pane -d -t main:0
run t splitp -d -t main:0
run t info
run t server-info

# Flags.
run t display-message -Z
run t display-message -p -Z x
run t display-message -pF '#{session_name}'
run t display-message -p -F'#{session_name}'
run t display-message -p -tmain '#{session_name}'
run t display-message -p -- -x
run t display-message -p -- '-x' extra
run t display-message -p -t
run t list-sessions -F
run t list-sessions -F '#{session_name}' -F '#{session_id}'
run t new-window -d -t main -n w1 -n w2 -P
run t display-message -p a b
run t rename-session
run t rename-session a b
run t kill-server extra
run t has-session -t main extra
run t list-windows -t main -F '#{window_name}' extra
run t send-keys -t main -N
run t send-keys -t main -N 0 a
run t send-keys -t main -N abc a
run t send-keys -t main -N -1 a
run t capture-pane -p -t main -S abc
run t set-option -g nonexistent-opt 1
run t set-option -g status-le 1
run t set-option -g status abc
run t set-option -g @u
run t show-options -g @missing
run t show-options -gq @missing
run t show-options -g status
run t show-options -g status extra
run t set-option
run t set-option -g status on off extra
run t resize-pane -t main -x abc
run t select-window -t main:9
run t list-commands display-message
run t list-commands -F '#{command_list_name} #{command_list_alias}' has-session
run t list-commands nosuch
