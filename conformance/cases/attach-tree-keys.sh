# Attached clients: choose-tree's tags (t, T, C-t), its kill prompts (x
# and X, answered y or not), : running a command for the tagged items or
# the current one, the search prompt (C-s, n), the filter prompt (f,
# Escape clears it), H and the mark (m, M); choose-buffer's D and P.
# Issue 7.
. "$(dirname "$0")/../lib.sh"
# A buffer's creation time (HH:MM) differs between the two runs.
norm_add 's/: [0-9][0-9]:[0-9][0-9]: /: HH:MM: /'
# The outer terminals' names differ too (their width: the box's line).
norm_add 's#/dev/pts/[0-9]*#PTS#g'
norm_add '/PTS (sort/s/──*/─/g'

t new-session -d -s main -x 80 -y 29 \; set -g automatic-rename off
t set -g status-right '[R]'
t set -s escape-time 0
wait_prompt main
t split-window -t main
t new-window -t main -n second
t new-session -d -s other -n oth
t new-session -d -s zz -n last
t new-session -d -s gone -n g
outer_start 80 30 "$T attach -t main"
outer_wait '\[main\] 0:sh- 1:second\*'

tree()
{
	outer_settle
	outer_screen -e
}

say "t tags and moves down, tagging a window untags its session; T untags all"
outer_keys C-b w
outer_wait '^\(0\) - main: 2 windows'
outer_keys t t
tree
outer_keys Up Up t
tree
outer_keys T
tree
say "C-t tags every session"
outer_keys C-t
tree
say ": runs a command for each tagged session"
outer_keys :
outer_wait '\(4 tagged\)'
tree
outer_raw 'set -t %%%% @picked yes'
outer_keys Enter
outer_settle
run t show -v -t other @picked
run t show -v -t zz @picked
outer_keys T
say ": with nothing tagged: the current item"
outer_keys Home :
outer_wait '\(current\)'
outer_raw 'rename-window -t %%%% renamed'
outer_keys Enter
tree
say "x asks before killing; n does not kill"
outer_keys End Left x
outer_wait 'Kill session gone\?'
tree
outer_keys n
tree
run t has -t gone
outer_keys x
outer_wait 'Kill session gone\?'
outer_keys y
outer_settle
run t has -t gone
tree
say "X kills the tagged windows after asking"
outer_keys q
t new-window -d -t zz -n w2
t new-window -d -t zz -n w3
outer_keys C-b w
outer_wait '^\(0\) - main: 2 windows'
outer_keys End t Up t
tree
outer_keys X
outer_wait 'Kill 2 tagged\?'
outer_keys y
outer_settle
run t list-windows -t zz -F '#{window_index} #{window_name}'
tree
say "C-s searches names, n finds the next (collapsed ones are expanded)"
outer_keys q C-b s
outer_wait '^\(0\) \+ main'
outer_keys C-s
outer_wait '\(search\)'
outer_raw 'last'
outer_keys Enter
tree
outer_keys Home n
tree
say "f filters; no match says so; Escape at the prompt clears it"
outer_keys f
outer_wait '\(filter\)'
outer_raw '#{==:#{session_name},zz}'
outer_keys Enter
tree
outer_keys f
outer_wait '\(filter\)'
outer_keys C-u
outer_raw '#{==:a,b}'
outer_keys Enter
tree
outer_keys f Escape
tree
say "m marks the current item's pane, M clears it; H goes back home"
outer_keys End m
tree
run t display -p -t zz '#{pane_marked}'
outer_keys M
outer_settle
run t display -p -t zz '#{pane_marked}'
outer_keys H
tree
outer_keys q
say "choose-buffer: t tags, D deletes the tagged buffers"
t set-buffer -b b1 one
t set-buffer -b b2 two
t set-buffer -b b3 three
t choose-buffer -N -t main
outer_settle
outer_keys t t
tree
outer_keys D
tree
run t list-buffers -F '#{buffer_name}'
outer_keys q
say "choose-buffer's preview (controls escaped) and its orders (O: name, size; r)"
t set-buffer -b bx "$(printf 'first\tline\\back\033esc\nsecond line')"
t set-buffer -b ab 'a much longer buffer, to sort by size'
t choose-buffer -t main
outer_settle
outer_screen -e
outer_keys O
tree
outer_keys O
tree
outer_keys r
tree
outer_keys q
say "< and > move the windows a session's preview shows; another item starts afresh"
session_of_windows many 6 80 29
t switch-client -t many
outer_wait '\[many\]'
t choose-tree -s -t many:0
outer_settle
outer_keys '>'
tree
outer_keys '>' '>' '>' '>'
tree
outer_keys '<'
tree
outer_keys Up Down
tree
outer_keys q
say "choose-client's preview: the client's pane and its status line"
t switch-client -t main
outer_wait '\[main\]'
outer_keys C-b D
outer_settle
outer_screen -e
outer_keys O
tree
outer_keys q
say "-F: the items' text"
t choose-tree -F '#{?pane_format,P#{pane_index},#{?window_format,W:#{window_name},S:#{session_name}}}' -t main
outer_settle
outer_screen
outer_keys q
t choose-buffer -N -F '#{buffer_size} bytes' -t main
outer_settle
outer_screen
outer_keys q
