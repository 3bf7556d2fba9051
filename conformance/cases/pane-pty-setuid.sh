# setuid programs (passwd, sudo) as an unprivileged user: LD_PRELOAD does
# not reach them; in a tmux pane they are on a pty, and zeropty lends them
# one (shim/shim-pty.c): the prompt shows, the password typed never does.
. "$CONF_LIB"
need runuser passwd sudo

# A user of this run (removed on any exit), named zp-pty1 on the screen.
U=zps$$
norm_add "s/$U/zp-pty1/g"
start_shell p
prompts_are()
{
	[ "$(t capture-pane -p -t p | grep -c "password for $U:")" = "$1" ]
}
if [ "$(id -u)" = 0 ]; then
	setuid_cleanup()
	{
		n=0
		while id "$U" >/dev/null 2>&1 && [ $n -lt 50 ]; do
			userdel -f "$U" 2>/dev/null || sleep 0.1
			n=$((n + 1))
		done
		rm -rf "/var/lib/sudo/lectured/$U" "/run/sudo/ts/$U"
	}
	trap 'setuid_cleanup; conf_cleanup' EXIT
	n=0
	until id "$U" >/dev/null 2>&1 || [ $n -ge 50 ]; do
		useradd -M -s /bin/sh "$U" 2>/dev/null || sleep 0.1
		n=$((n + 1))
	done
	echo "$U:Zp-pty1-pass" | chpasswd 2>/dev/null
	t send-keys -t p -l "runuser -u $U -- passwd; echo rc=\$?" &&
	    t send-keys -t p Enter
	wait_for_text p 'Current password:'
	t send-keys -t p -l 's3cret-typed' && t send-keys -t p Enter
	wait_for_text p '^rc=' 10
	wait_prompt p
	screen p
	sh_cmd p 'clear'

	t send-keys -t p -l "runuser -u $U -- sudo -k true; echo rc=\$?" &&
	    t send-keys -t p Enter
	wait_for_text p "password for $U:"
	t send-keys -t p -l 'sudo-typed-pw' && t send-keys -t p Enter
	# C-c at the second prompt (before it, sudo may not be listening).
	conf_poll 10 prompts_are 2 || conf_timeout "a second prompt" p
	t send-keys -t p C-c
	wait_for_text p '^rc=' 10
	wait_prompt p
	screen p
else
	say "setuid checks skipped: not root"
fi

