# Issue 26, item 11: kill-server returns only when the server no longer
# takes connections (a start right after it reaches a new server, never
# the dying one); new-session -x/-y with and without an attached client,
# against default-size; #{pane_bg}/#{pane_fg} read at once after a split
# whose program sets them with OSC 11/10, and window-style and
# window-active-style beneath them.
. "$(dirname "$0")/../lib.sh"

say "kill-server, then at once start"
# tmux 3.3a answers kill-server before its server stops taking
# connections, so a client right after it often meets the dying server
# ("server exited unexpectedly", about one start in three here): only
# zeropty is held to it, by counting the starts that failed.
fails=0
i=0
while [ "$i" -lt 12 ]; do
	t new-session -d -s a "sleep 100" \; new-window "sleep 100" \; \
	    set -g exit-empty off 2>/dev/null || fails=$((fails + 1))
	t kill-server 2>/dev/null
	out=$(t start-server \; new-session -d -s "b$i" \; \
	    list-sessions -F '#{session_name}' 2>&1)
	[ "$out" = "b$i" ] || fails=$((fails + 1))
	t kill-server 2>/dev/null
	i=$((i + 1))
done
case $BIN in
*/tmux) ;;
*) [ "$fails" -eq 0 ] || say "$fails starts right after kill-server failed" ;;
esac
wait_no_server

size()
{
	run t display -p -t "$1" '#{session_name} #{window_width}x#{window_height} #{session_attached}'
}

say "new-session sizes with no client"
t new-session -d -s d1
size d1
t new-session -d -s d2 -x 50 -y 20
size d2
t new-session -d -s d3 -x 60
size d3
t new-session -d -s d4 -y 10
size d4
t set -g default-size 100x30
t new-session -d -s d5
size d5
t new-session -d -s d6 -x 70
size d6
run t new-session -d -s d7 -x 0
run t new-session -d -s d8 -x 10001
size d2
t new-window -t d2
size d2

say "with a client attached to another session"
t set -g default-size 80x24
t new-session -d -s main -x 80 -y 23
outer_start 90 25 "$T attach -t main"
outer_wait '\[main\] 0:'
outer_settle
size main
t new-session -d -s e1
size e1
t new-window -t e1
size e1
t set -g window-size smallest
t new-session -d -s s1
size s1
t set -g window-size latest
t new-session -d -s e2 -x 40 -y 12
size e2
t switch-client -t e2
outer_wait '\[e2\] 0:'
outer_settle
size e2
size main
t set -g default-size 120x40
t new-session -d -s e3
size e3
say "new-session -x/-y from an attached terminal"
outer_start 70 20 "$T new-session -s att -x 50 -y 15"
outer_wait '\[att\] 0:'
outer_settle
size att
run t show -v -t att default-size
t kill-server
wait_no_server

say "pane_bg and pane_fg at once after splitw"
t new-session -d -s o -x 80 -y 24
t split-window -t o "printf '\\033]11;#102030\\007\\033]10;rgb:aa/bb/cc\\007'; exec sleep 100"
run t display -p -t o '[#{pane_bg}] [#{pane_fg}]'
# The first read above is at once; this one waits for the program's
# output, which tmux itself reads too late under load.
t split-window -t o "printf '\\033]11;rgb:0000/ffff/8080\\033\\\\SET'; exec sleep 100"
wait_for_text o.2 SET
run t display -p -t o '[#{pane_bg}] [#{pane_fg}]'
run t list-panes -t o -F '#{pane_index} [#{pane_bg}] [#{pane_fg}]'
say "window-style and window-active-style count where the program set none"
t set -g window-style 'bg=red,fg=#112233'
run t list-panes -t o -F '#{pane_index} #{pane_active} [#{pane_bg}] [#{pane_fg}]'
t set -g window-active-style 'bg=blue,fg=colour100'
run t list-panes -t o -F '#{pane_index} #{pane_active} [#{pane_bg}] [#{pane_fg}]'
t select-pane -t o.0
run t list-panes -t o -F '#{pane_index} #{pane_active} [#{pane_bg}] [#{pane_fg}]'
t set -g window-style default
t set -g window-active-style default
run t list-panes -t o -F '#{pane_index} #{pane_active} [#{pane_bg}] [#{pane_fg}]'
