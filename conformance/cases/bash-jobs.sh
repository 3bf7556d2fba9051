# bash --norc -i with job control: C-c, background jobs, fg, C-z, bg.
. "$CONF_LIB"
need bash sleep

norm_add 's/^\(\[[0-9]*\][+-]\{0,1\} *\)[0-9][0-9]*$/\1PID/'
start_shell b
t send-keys -t b -l "PS1='bash\$ ' bash --norc --noprofile -i" && t send-keys -t b Enter
wait_last b '^bash\$ ?$'
bcmd()
{
	CONF_MARK=$((CONF_MARK + 1))
	t send-keys -t b -l "$1; echo '=='\"$CONF_MARK\"" && t send-keys -t b Enter
	conf_poll 5 conf_bash_marker "==$CONF_MARK" || conf_timeout "==$CONF_MARK" b
}
conf_bash_marker()
{
	t capture-pane -p -t b | awk -v m="$1" '{ l[NR] = $0 }
	    END { n = NR; while (n > 0 && l[n] ~ /^ *$/) n--;
		exit !(n > 1 && l[n] ~ /^bash\$ ?$/ && l[n - 1] == m) }'
}
bcmd 'echo "$BASH_VERSINFO" >/dev/null; set -o | grep -E "^(monitor|emacs)"'

# Foreground sleep interrupted by C-c.
t send-keys -t b -l 'sleep 50' && t send-keys -t b Enter
wait_proc b sleep
run t display-message -p -t b '#{pane_current_command}'
run t send-keys -t b C-c
wait_last b '^bash\$ ?$'
bcmd 'echo "status=$?"'
run t display-message -p -t b '#{pane_current_command}'

# Background job, fg, C-z, bg, kill.
t send-keys -t b -l 'sleep 50 &' && t send-keys -t b Enter
wait_proc b sleep
wait_last b '^bash\$ ?$'
bcmd 'jobs'
t send-keys -t b -l 'fg' && t send-keys -t b Enter
wait_for_text b '^sleep 50$'
run t send-keys -t b C-z
wait_proc b sleep T
wait_last b '^bash\$ ?$'
bcmd 'jobs'
bcmd 'bg %1 >/dev/null; jobs'
bcmd 'kill %1; wait %1; echo "wait=$?"'
bcmd 'jobs; echo done'
screen b

# Line editing in readline: C-a, C-e, C-k, history with Up.
t send-keys -t b -l 'echo world' && t send-keys -t b C-a && t send-keys -t b -l '#' &&
    t send-keys -t b C-e && t send-keys -t b -l ' x' && t send-keys -t b C-u &&
    t send-keys -t b -l "echo edited; echo '=='e1" && t send-keys -t b Enter
wait_for_text b '^==e1$'
wait_last b '^bash\$ ?$'
t send-keys -t b Up
wait_last b "^bash\\$ echo edited; echo '=='e1\$"
run t send-keys -t b BSpace
run t send-keys -t b -l 2
run t send-keys -t b Enter
wait_for_text b '^==e2$'
wait_last b '^bash\$ ?$'
run t send-keys -t b -l 'exit'
run t send-keys -t b Enter
wait_prompt b
screen b
