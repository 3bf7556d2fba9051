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

say "the client's formats and list-clients"
run t list-clients -F '#{client_flags}|#{client_termname}|#{client_width}x#{client_height}|#{client_session}|#{client_key_table}|#{client_prefix}|#{client_readonly}|#{client_utf8}|#{client_control_mode}'
run t display -p '#{client_width} #{client_session}'

say "display-message without -p goes to the status line"
t display 'hello #{session_name}'
outer_wait 'hello main'
outer_screen -e

say "the terminal is resized: the window follows"
outer resize-window -x 60 -y 15
outer_wait '^\[main\] 0:renamed\* 1:sh- +\[R\]$'
run t display -p -t main:0 '#{window_width}x#{window_height}'
t set -gu status-style
t set -gu pane-active-border-style
outer_keys C-b '"'
outer_wait '─'
wait_prompt main:0
outer resize-window -x 100 -y 30
outer_wait '^\[main\] 0:renamed\* 1:sh- {60,}\[R\]$'
run t display -p -t main:0 '#{window_width}x#{window_height} #{window_layout}'
outer_screen -e

say "prefix d detaches"
outer_keys C-b d
outer_wait '^rc=0'
outer_screen
run t list-sessions -F '#{session_name} #{session_attached}'

say "new-session attaches; killing its session ends the client"
outer_start 50 10 "$T new-session -s second"
outer_wait '^\[second\] 0:sh\*'
outer_wait '^\$'
outer_screen -e
run t list-sessions -F '#{session_name} #{session_attached}'
t kill-session -t second
outer_wait '^rc=0'
outer_screen

say "kill-server with a client attached"
outer_start 50 10 "$T attach -t main"
outer_wait '^\[main\]'
t kill-server
outer_wait '^rc=1'
outer_screen

say "a client that is not UTF-8 draws borders with the line-drawing charset"
t new-session -d -s plain -x 80 -y 23
t set -g status-right '[R]'
t split-window -h -t plain
t split-window -v -t plain
wait_prompt plain:0.0
wait_prompt plain:0.1
wait_prompt plain:0.2
outer_start 80 24 "LANG=C LC_ALL=C $T attach -t plain"
# tmux may first name the window after its forked server ("tmux") until
# its rename timer looks again.
outer_wait '\[plain\] 0:sh'
outer_wait 'tqq'
outer_settle
outer_screen -e
