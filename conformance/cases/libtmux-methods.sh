# libtmux 0.4x-0.6x Pane/Window/Session/Server methods: the commands
# behind Window.split(size=), Pane.resize, Window.resize, select_layout,
# Pane.send_keys/capture_pane/reset/set_title, the environment mixin,
# rename/select/move/kill methods and wait-for, with ids as targets and
# flags joined to their values as libtmux sends them.
. "$CONF_LIB"

SEP='␞'
norm_add 's#/dev/pts/[0-9][0-9]*#TTY#g'
norm_add 's#/dev/zeropty/[0-9][0-9]*-[0-9][0-9]*#TTY#g'

# Window names must not depend on when tmux polls the panes' programs.
quiet t start-server \; set -s exit-empty off \; set -g automatic-rename off
quiet t new-session -d -s lt -x 80 -y 24
wait_prompt lt
quiet t split-window -d -h -t %0 'sleep 1000'
quiet t new-session -d -s lt2 -x 80 -y 24 -e LT_A=1 'sleep 1000'
quiet t new-window -d -t lt 'sleep 1000'
quiet t new-window -d -t lt:7 'sleep 1000'

say "Server.cmd: global flags joined to their values, colours -2 and -8"
run "$TM" "-L$SOCK" -f/dev/null list-sessions '-F#{session_name}'
run "$TM" -2 "-L$SOCK" -f/dev/null list-sessions '-F#{session_name}'
run "$TM" -8 "-L$SOCK" list-sessions
run "$TM" "-L$SOCK" has-session -t=lt2

say "Window.split size= as a percentage: 3.3a does not cap it at 100"
quiet t new-session -d -s pct -x 80 -y 24
for l in 200% 101% 2147483647% 2147483648% abc% -5% % 0% 50%; do
	run t split-window -t pct -v -d -l"$l" -P "-F#{pane_id}$SEP"
	run t list-panes -t pct '-F#{pane_index} #{pane_height}'
	quiet t kill-pane -a -t pct.0
done
run t split-window -t pct -h -f -d -l150% -P "-F#{pane_id}$SEP"
run t list-panes -t pct '-F#{pane_index} #{pane_width}'
quiet t kill-session -t pct

say "Pane.resize / Window.resize"
run t resize-pane -t %1 -Z
run t display-message -p -t %1 '#{window_zoomed_flag} #{pane_width}x#{pane_height}'
run t resize-pane -t %1 -Z
run t display-message -p -t %1 '#{window_zoomed_flag} #{pane_width}x#{pane_height}'
run t resize-pane -t %1 -x 20
run t resize-pane -t %1 -y 5
run t resize-pane -t %1 -U 2
run t resize-pane -t %1 -L 3
run t resize-pane -t %1 -x 50%
run t list-panes -t @0 '-F#{pane_id} #{pane_left},#{pane_top} #{pane_width}x#{pane_height}'
run t resize-window -t @2 -x 60 -y 20
run t resize-window -t @2 -A
run t list-windows -t '$0' '-F#{window_id} #{window_width}x#{window_height}'
run t select-layout -t @0 even-horizontal
run t select-layout -t @0
run t select-layout -t @0 tiled
run t list-windows -t @0 '-F#{window_layout}'

say "Pane.send_keys, capture_pane, reset, set_title"
run t send-keys -t %0 ' printf "\033[31mred\033[0m %s\n" abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789'
run t send-keys -t %0 Enter
wait_for_text %0 'red abc'
wait_prompt %0
run t send-keys -t %0 -l 'echo literal'
run t send-keys -t %0 Enter
wait_for_text %0 '^literal'
wait_prompt %0
run t capture-pane -t %0 -p
run t capture-pane -t %0 -p -J
run t capture-pane -t %0 -p -J -e -S - -E -
run t capture-pane -t %0 -p -S -5 -E 5
run t capture-pane -t %0 -p -N -S 0 -E 1
run t capture-pane -t %0 -p -C -e -S 0 -E 1
run t send-keys -t %0 '-R \; clear-history'
run t send-keys -t %0 -R \; clear-history -t %0
run t display-message -p -t %0 '#{history_size}'
run t select-pane -t %0 -T 'my title'
run t display-message -p -t %0 '#{pane_title}'
run t display-message -t %0 -p '#{pane_current_command}|#{pane_start_command}'
run t display-message -p -t %3 '#{pane_current_command}|#{pane_start_command}'

say "Session/Server environment"
run t set-environment -t '$0' LT_E val
run t show-environment -t '$0' LT_E
run t show-environment -t '$0' LT_NONE
run t set-environment -t '$0' -u LT_E
run t show-environment -t '$0' LT_E
run t set-environment -t '$0' -r LT_E
run t show-environment -t '$0' LT_E
run t set-environment -g LT_G gval
run t show-environment -g LT_G
run t set-environment -g -u LT_G
run t show-environment -t '$1'

say "Window and Session methods"
run t rename-window -t @2 renamed
run t select-window -t @2
run t select-window -t '$0:7'
run t move-window -s@2 '-t$0:5'
run t move-window -s@2 '-t$0:7'
run t rename-session -t '$1' lt3
run t switch-client -t '$1'
run t kill-window -t @1
run t kill-window -t @1
run t kill-window -a -t @0
run t list-windows -a '-F#{session_id} #{window_id} #{window_index} #{window_name}'
run t kill-pane -t %2
run t kill-pane -a -t %0
run t list-panes -a '-F#{pane_id}'
run t kill-session -t '$1'
run t has-session -t=lt3

say "wait-for"
run t wait-for -S lt-chan
# The waiter blocks until the channel is signalled (a signal that comes
# first is kept for it, so the order does not matter).
(exec "$BIN" -L "$SOCK" -f /dev/null wait-for lt-chan2) &
waiter=$!
conf_poll 5 sh -c "ps -o args= -p $waiter 2>/dev/null | grep -q wait-for"
run t wait-for -S lt-chan2
wait "$waiter"
echo "waiter rc=$?"
run t wait-for -L lt-lock
run t wait-for -U lt-lock
run t wait-for -U lt-lock
run t wait-for
