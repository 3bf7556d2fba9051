# Attached clients: choose-tree (prefix s, prefix w) — the list of
# sessions, windows and panes, moving, expanding, choosing, and the
# preview of the selected item below the list (a session's windows, a
# window's panes, a pane's screen around its cursor; v and -N turn it
# off). Issue 7.
. "$(dirname "$0")/../lib.sh"

t new-session -d -s main -x 80 -y 29 \; set -g automatic-rename off
t set -g status-right '[R]'
wait_prompt main
t split-window -t main
t new-window -t main
t new-session -d -s other
t new-session -d -s zz
outer_start 80 30 "$T attach -t main"
outer_wait '\[main\] 0:sh- 1:sh\*'

tree()
{
	outer_settle
	outer_screen -e
	run t display -p '#{pane_in_mode} #{pane_mode} #{session_name}'
}

# A tree drawn by a command, not a key: wait for its first line (the
# screen before it is as still as the tree once drawn), then settle.
tree_drawn()
{
	outer_wait "$1"
	outer_settle
}

# q, and the tree's lines gone from the outer screen.
tree_quit()
{
	outer_keys q
	conf_poll 5 sh -c '! "$0" -L "$1" -f /dev/null capture-pane -p |
	    grep -Eq "^\([0-9]+\) "' "$CONF_OUTER" "o$CONF_OUTER_N$SOCK" ||
	    say "TIMEOUT waiting for the tree to go"
}

say "prefix w: sessions expanded, the current window selected"
outer_keys C-b w
outer_wait '^\(0\) - main: 2 windows \(attached\)'
tree

say "moving, expanding a window's panes, collapsing a session"
outer_keys Up Up Right Down Down Left Down
tree
outer_keys Right Down
tree

say "Enter switches the client to the chosen item"
outer_keys Enter
conf_poll 5 sh -c "[ \$($T display -p '#{pane_in_mode}') = 0 ]"
run t display -p '#{session_name}:#{window_index}.#{pane_index}'

say "prefix s: sessions collapsed; a shortcut chooses at once"
outer_keys C-b s
outer_wait '^\(0\) \+ main: 2 windows'
tree
outer_keys 0
conf_poll 5 sh -c "[ \$($T display -p '#{pane_in_mode}') = 0 ]"
run t display -p '#{session_name}:#{window_index}'

say "q leaves without choosing"
outer_keys C-b w
outer_wait '^\(0\) - main'
outer_keys Down q
conf_poll 5 sh -c "[ \$($T display -p '#{pane_in_mode}') = 0 ]"
run t display -p '#{session_name}:#{window_index}'

say "the preview of a window's panes, of a pane, then v hides it"
t send-keys -t main:0.0 'echo left pane text' Enter
t send-keys -t main:0.1 'echo right pane text' Enter
outer_keys C-b w
outer_wait '^\(0\) - main'
outer_keys Up Up Up Up
tree
outer_keys Right Down
tree
outer_keys v
tree
outer_keys v Up Up
tree
outer_keys q
say "choose-tree -N: no preview; a filter says whether it matched"
t choose-tree -N -t main
tree_drawn '^\(0\) - main: 2 windows \(attached\)'
outer_screen
tree_quit
t choose-tree -f '#{==:#{session_name},other}' -t main
tree_drawn '^\(0\) - other: 1 windows'
outer_screen -e
tree_quit
t choose-tree -f '#{==:#{session_name},nosuch}' -t main
tree_drawn '^\(0\) - main: 2 windows \(attached\)'
outer_screen -e
tree_quit
say "a session with more windows than fit: < and > around the current"
session_of_windows many 6 80 29
t select-window -t many:3
t switch-client -t many
outer_wait '\[many\]'
t choose-tree -s -t many:3
tree_drawn '^\(0\) \+ main: 2 windows'
outer_screen -e
tree_quit
t select-window -t many:0
t choose-tree -s -t many:0
tree_drawn '^\(0\) \+ main: 2 windows'
outer_screen
tree_quit
say "-O name sorts sessions and windows by name; r reverses; O cycles"
t switch-client -t main
outer_wait '\[main\]'
t rename-window -t many:1 zebra
t rename-window -t many:2 apple
t choose-tree -O name -t main
tree_drawn '^\(0\)   - main: 2 windows \(attached\)'
outer_screen
outer_keys r
tree_drawn '^\(2\)   - other: 1 windows'
outer_screen
outer_keys O O
tree_drawn '^\(0\)   - many: 6 windows'
outer_screen
tree_quit
t choose-tree -w -r -t many:0
outer_settle
outer_screen
outer_keys q
