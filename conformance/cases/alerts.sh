# Alerts: monitor-activity, monitor-bell, monitor-silence; the window
# flags (# ! ~), #{window_*_flag}, #{session_alerts}, the alert-* hooks,
# bell-action, selecting a window, and visual-activity's message on an
# attached client. Issue 8.
. "$(dirname "$0")/../lib.sh"

start_shell a
run t new-window -d -t a
run t new-window -d -t a
wait_prompt a:1
wait_prompt a:2
run t set -g monitor-activity on
run t set-hook -g alert-activity 'set -gF @act "#{window_index}"'
run t set-hook -g alert-bell 'set -gF @bell "#{window_index}"'

state()
{
	run t list-windows -t a -F '#{window_index} [#{window_flags}] [#{window_raw_flags}] a=#{window_activity_flag} b=#{window_bell_flag} s=#{window_silence_flag}'
	run t display -p -t a '#{session_alerts} act=#{@act} bell=#{@bell}'
}

# flag_is TARGET VAR VALUE: poll until the window's #{VAR} is VALUE.
flag_is()
{
	[ "$(t display -p -t "$1" "#{$2}")" = "$3" ]
}
wait_flag()
{
	conf_poll 5 flag_is "$@" || say "TIMEOUT waiting for $2=$3 in $1"
}

say "output before monitor-activity was on does not count"
state

say "output in window 1"
sh_cmd a:1 'echo hi'
wait_flag a:1 window_activity_flag 1
state

say "a bell in window 2 (the hook runs in the window)"
sh_cmd a:2 "printf '\\a'"
wait_flag a:2 window_bell_flag 1
wait_flag a @bell 2
state

say "selecting window 1 clears it; in a detached session it is flagged again"
run t select-window -t a:1
wait_flag a:1 window_activity_flag 1
state

say "monitor-silence 1 in window 2"
run t set -g monitor-activity off
run t setw -t a:2 monitor-silence 1
wait_flag a:2 window_silence_flag 1
state

say "selecting window 2 clears its flags"
run t select-window -t a:2
state
run t setw -t a:2 monitor-silence 0

say "bell-action none: the window is flagged, the hook does not run"
run t set -g @bell ''
run t set -g bell-action none
sh_cmd a:0 "printf '\\a'"
wait_flag a:0 window_bell_flag 1
state

say "an attached client: visual-activity shows a message"
run t set -g bell-action any
run t set -g monitor-activity on
run t set -g visual-activity on
run t set -g status-right ''
run t select-window -t a:0
outer_start 80 24 "$T attach -t a"
outer_wait '\[a\] 0:'
# Seen while attached: selecting clears the flag and sets none.
run t select-window -t a:1
run t select-window -t a:0
outer_wait '\[a\] 0:sh\* 1:sh- '
run t set -g display-time 20000
run t send-keys -t a:1 'echo out' Enter
outer_wait 'Activity in window 1'
outer_screen
state
