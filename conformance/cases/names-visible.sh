# Window and session names are stored through tmux's visible encoding
# (backslash doubled, C escapes, octal for other control bytes, UTF-8 kept)
# by rename-window, break-pane -n, new-session -s and rename-session;
# new-window -n and new-session -n keep the name as given. Targets match
# the stored name.
. "$CONF_LIB"

quiet t new-session -d -s s -x 80 -y 24
run t rename-window 'a \ b'
run t display-message -p '#{window_name}'
run t list-windows -F '#{window_index} #{window_name}'
run t select-window -t 'a \ b'
run t select-window -t 'a \\ b'
run t rename-window "$(printf 'c\td\001e\nf\177g\033h')"
run t display-message -p '#{window_name}'
run t rename-window 'é☃ x'
run t display-message -p '#{window_name}'
run t new-window -d -n "$(printf 'n\\\\m\tx')"
run t list-windows -F '#{window_index} #{window_name}'
run t split-window -d -t s:0
run t break-pane -d -s s:0.1 -n 'p\q'
run t list-windows -F '#{window_index} #{window_name}'
run t rename-session 'x \ y'
run t display-message -p '#{session_name}'
run t new-session -d -s "$(printf 'p\tq.r')"
run t list-sessions -F '#{session_name}'
run t has-session -t 'p\tq_r'
