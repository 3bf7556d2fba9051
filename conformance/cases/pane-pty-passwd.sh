# passwd and sudo, setuid programs (LD_PRELOAD cannot reach them: they
# run on a pty zeropty lends them, shim/shim-pty.c), run by a user the
# case creates: the prompts show, the passwords typed never do, and the
# right password succeeds. The user and its sudoers entry are removed on
# any exit.
. "$CONF_LIB"
need runuser passwd sudo useradd userdel chpasswd
if [ "$(id -u)" != 0 ]; then
	say "skipped: not root"
	exit 0
fi

U=zpt$$
OLD=Zp-old-Pass-731
NEW=Kq8vT2-mW9zRx
SUDOERS=/etc/sudoers.d/zeropty-$U
norm_add "s/$U/USER/g"
# userdel and useradd wait for the lock other cases may hold.
pw_retry()
{
	n=0
	until "$@" 2>/dev/null || [ $n -ge 50 ]; do
		sleep 0.1
		n=$((n + 1))
	done
}
pw_cleanup()
{
	rm -f "$SUDOERS"
	id "$U" >/dev/null 2>&1 && pw_retry userdel -f "$U"
	rm -rf "/var/lib/sudo/lectured/$U" "/run/sudo/ts/$U"
}
trap 'pw_cleanup; conf_cleanup' EXIT
pw_retry useradd -M -s /bin/sh "$U"
id "$U" >/dev/null 2>&1 || { say "useradd failed"; exit 1; }
echo "$U:$OLD" | chpasswd || { say "chpasswd failed"; exit 1; }
printf '%s ALL=(ALL) ALL\nDefaults:%s lecture=never\n' "$U" "$U" >"$SUDOERS"
chmod 0440 "$SUDOERS"

start_shell p
# How often pane p's screen and history hold a password typed.
secrets() { t capture-pane -p -S - -t p | grep -c -e "$OLD" -e "$NEW"; }

t send-keys -t p -l "runuser -u $U -- passwd; echo rc=\$?" &&
    t send-keys -t p Enter
wait_for_text p 'Current password: ?$'
t send-keys -t p -l "$OLD" && t send-keys -t p Enter
wait_for_text p '^New password: ?$'
t send-keys -t p -l "$NEW" && t send-keys -t p Enter
wait_for_text p '^Retype new password: ?$'
t send-keys -t p -l "$NEW" && t send-keys -t p Enter
wait_for_text p '^rc=' 10
wait_prompt p
screen p
say "passwords on the screen: $(secrets)"
sh_cmd p 'clear'

t send-keys -t p -l "runuser -u $U -- sudo -k echo sudo-ok; echo rc=\$?" &&
    t send-keys -t p Enter
wait_for_text p "password for $U: ?$"
t send-keys -t p -l "$NEW" && t send-keys -t p Enter
wait_for_text p '^rc=' 10
wait_prompt p
screen p
say "passwords on the screen: $(secrets)"
