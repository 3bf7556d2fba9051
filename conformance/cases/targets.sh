# Target resolution (-t/-s): ids, exact/prefix/fnmatch names, tokens, and
# every "can't find" error.
. "$CONF_LIB"

F='#{session_name}:#{window_index}.#{pane_index} #{session_id} #{window_id} #{pane_id}'
show()
{
	run t display-message -p -t "$1" "$F"
}
# Targets through a command that fails on a bad target (display-message
# ignores bad targets in some cases, so check both).
both()
{
	show "$1"
	run t list-panes -t "$1" -F "$F"
}

run t new-session -d -s main -x 80 -y 24 -n zero
run t new-window -d -t main -n one
run t new-window -d -t main -n two
run t new-window -d -t main:5 -n five
run t split-window -d -t main:0
run t split-window -d -t main:0.0 -h
run t split-window -d -t main:1
run t new-session -d -s other -x 80 -y 24 -n win
run t new-session -d -s main2 -x 80 -y 24
run t new-session -d -s 'x y' -x 80 -y 24
run t new-session -d -s 123 -x 80 -y 24
run t select-window -t main:2
run t select-window -t main:1
run t select-pane -t main:0.1
run t select-pane -t main:0.2
run t list-panes -a -F "$F"

# Sessions.
for s in main '$0' '$1' '$99' '=main' '=mai' mai ma 'ma*' 'mai?' 'm*2' other oth \
    'x y' 'x' 123 12 '=123' '$' '' nosuch '*'; do
	run t has-session -t "$s"
done
show main
show main2
show '$1'
show '=main2'
run t list-windows -t main -F '#{window_index} #{window_name} #{window_active} #{window_last_flag}'

# Windows.
for w in 'main:0' 'main:1' 'main:5' 'main:9' 'main:one' 'main:on' 'main:o*' \
    'main:t*' 'main:=two' 'main:=tw' 'main:f*' 'main:@1' '@1' '@2' '@99' \
    'main:^' 'main:$' 'main:!' 'main:+' 'main:-' 'main:+2' 'main:-1' \
    'main:{start}' 'main:{end}' 'main:{last}' 'main:{next}' 'main:{previous}' \
    'main:' ':1' ':' 'main' 'nosuch:0' 'main:nosuch' 'other:win' 'other:' \
    'main:{nosuch}' 'main:+9' 'main:-9' 'main:5.0' 'main:1.1' ':one'; do
	show "$w"
	run t select-window -t "$w"
	run t select-window -t main:1
done

# Panes.
for p in 'main:0.0' 'main:0.1' 'main:0.2' 'main:0.3' 'main:0.9' '%0' '%4' \
    '%99' 'main:0.%4' 'main:0.{last}' 'main:0.!' 'main:0.{next}' \
    'main:0.+' 'main:0.{previous}' 'main:0.-' 'main:0.{top}' \
    'main:0.{bottom}' 'main:0.{left}' 'main:0.{right}' 'main:0.{top-left}' \
    'main:0.{top-right}' 'main:0.{bottom-left}' 'main:0.{bottom-right}' \
    'main:0.{up-of}' 'main:0.{down-of}' 'main:0.{left-of}' \
    'main:0.{right-of}' 'main:0.{nosuch}' '.1' '.' 'main.1' 'main:.1' \
    'main:0.' 'main:1.0' 'main:1.1' '0.1' 'main:0.-1' 'main:0.+1' \
    'main:0.+5'; do
	both "$p"
	run t send-keys -t "$p" ''
	run t capture-pane -p -t "$p" -E 0
done

# Whole-target tokens with no mouse, no marked pane, no client.
run t display-message -p -t '{mouse}' x
run t display-message -p -t '=' x
run t send-keys -t '{mouse}' ''
run t send-keys -t '{marked}' ''
run t send-keys -t '~' ''
run t select-pane -t main:0.1 -m
run t display-message -p -t '{marked}' "$F"
run t display-message -p -t '~' "$F"
run t select-pane -M
run t send-keys -t '{marked}' ''

# Errors of the wrong target kind and clients.
run t list-windows -t main:1
run t list-windows -t main:1.1
run t kill-window -t main:1.1
run t rename-session -t main:1 x
run t rename-window -t main:9 x
run t kill-pane -t main:0.9
run t kill-pane -t '%99'
run t kill-window -t '@99'
run t list-clients -t main
run t detach-client -t nosuch
run t switch-client -t main
run t refresh-client -t /dev/pts/99
run t list-panes -s -t main -F '#{window_index}.#{pane_index}'
run t list-panes -a -F "$F"
run t new-window -d -t main: -P
run t new-window -d -t main:1 -P
run t new-window -d -t '$0:' -P
run t new-window -d -t nosuch: -P
run t split-window -d -t '%99'
run t move-window -s main:1 -t main:5
run t swap-window -s main:9 -t main:1
