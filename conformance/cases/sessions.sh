# new-session, has-session, kill-session, list-sessions, rename-session.
. "$CONF_LIB"

run t new-session -d -s main
run t new-session -d -s main
run t new-session -d -s 'a.b'
run t new-session -d -s 'c:d'
run t new-session -d -s 'e.f:g'
run t has-session -t a_b
run t has-session -t 'a.b'
run t has-session -t c_d
run t new-session -d -s a_b
run t new-session -d -s ''
run t new-session -dP
run t new-session -dP -s p1
run t new-session -dP -F '#{session_name}/#{session_id}/#{window_id}/#{pane_id}' -s p2
run t new-session -d -PF '#{window_name}' -s p3 -n win3
run t new-session -d -s sized -x 100 -y 30 -P -F '#{window_width}x#{window_height} #{pane_width}x#{pane_height}'
run t new-session -d -s small -x 10 -y 5
run t display-message -p -t small '#{window_width}x#{window_height}'
run t new-session -d -s badx -x abc
run t new-session -d -s bady -y 0
run t new-session -d -s bigx -x 100000
run t new-session -d -s dflt -P -F '#{window_width}x#{window_height} #{window_name} #{window_index} #{pane_index}'
# pane_current_path comes from the running shell: ask once it is ready.
run t new-session -d -s cwd -c / -P -F '#{session_path}'
run t new-session -d -s cwd2 -c "$WORK" -P -F '#{session_path}'
run t new-session -d -s nocwd -c "$WORK/missing" -P -F '#{session_path}'
for s in cwd cwd2 nocwd; do
	wait_prompt $s
	run t display-message -p -t $s '#{pane_current_path} #{session_path}'
done
run t new-session -d -s envs -e FOO=bar -e BAZ=qux -P -F '#{session_name}'
run t show-environment -t envs FOO
run t show-environment -t envs BAZ
run t new-session -d -s envbad -e NOEQUALS
run t new-session -d -s cmd -P -F '#{pane_start_command}' 'sleep 30'
run t new-session -d -s cmd2 -P -F '#{pane_start_command}' sleep 31
run t new-session -d -s named -n first -P -F '#{window_name}'
run t new-session -d -s nn -n '' -P -F '[#{window_name}]'
run t new-session -d -s grouped -t main -P -F '#{session_group}'
run t new-session -d -t nosuch
run t new-session -d -s detached -A
run t new-session -d -s detached -A -P -F '#{session_name}'
run t new-session -d -s bad -Z
run t new-session

# Nesting: $TMUX set.
TMUX=/tmp/x,1,0 run t new-session -d -s nested
TMUX=/tmp/x,1,0 run t new-session -s nested2
TMUX= run t new-session -d -s notnested

# list-sessions.
run t ls -F '#{session_name} #{session_windows} #{session_attached} #{session_grouped}'
run t list-sessions -F '#{session_id}:#{session_name}'
run t ls -f '#{==:#{session_name},main}' -F '#{session_name}'
run t ls -f '#{m:p*,#{session_name}}' -F '#{session_name}'
run t ls -f '0'
run t ls -F ''
run t ls -x
run t ls extra
run t ls
run t ls -F '#{session_name}' -t main

# has-session.
run t has-session -t main
run t has-session -t nosuch
run t has-session -t ma
run t has-session -t '=ma'
run t has-session -t '=main'
run t has-session -t 'ma*'
run t has-session -t 'p*'
run t has-session -t '$0'
run t has-session -t '$99'
run t has-session -t 'main:0'
run t has-session -t 'main:9'
run t has-session
run t has -t main
run t has-session extra

# rename-session.
run t rename-session -t p1 renamed
run t rename-session -t renamed main
run t rename-session -t renamed 'x.y'
run t has-session -t x_y
run t rename-session -t nosuch foo
run t rename-session
run t rename-session -t x_y a b
run t rename-session -t x_y ''
run t rename -t x_y x_y
run t ls -F '#{session_name}'

# kill-session.
run t kill-session -t nosuch
run t kill-session -t x_y
run t kill-session -t x_y
run t ls -F '#{session_name}'
run t kill-session -a -t main
run t ls -F '#{session_name}'
run t kill-session extra
run t kill-session -t main
run t ls
