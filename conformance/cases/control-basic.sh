# Control mode (-C): attach, command blocks, parse errors, a failing
# command dropping the rest of its line, notifications caused by its own
# commands, %output escaping, refresh-client sizes, detach.
. "$CONF_LIB"
need python3
CTL="python3 $CONF_DIR/cases/control-driver.py"

quiet t new-session -d -s s1 -x 80 -y 24 -n w0 'sleep 1000'
$CTL -- $T -C attach -t s1 <<'SCRIPT'
list-windows
display -p "#{session_id} #{window_id} #{pane_id}"
bogus-command
display -p one \; display -p two
refresh-client -A %0:off
display -p a ; select-window -t nosuch:0 ; display -p b
list-sessions -F "#{session_id}|#{session_name}"; display -p next-cmd
new-window -n w2 'sleep 1000'
rename-window renamed
split-window -h 'sleep 1000'
select-pane -t :.0
resize-pane -Z
resize-pane -Z
refresh-client -C 100x30
refresh-client -C 100,30
refresh-client -C 10001x10
refresh-client -C abc
refresh-client -C 5x5
refresh-client -C 80x24
rename-session sess-renamed
new-session -d -s s2 -n x 'sleep 1000'
rename-window -t s2: other
kill-session -t s2
select-window -t :0
new-window -d -n x 'exit 3'
#wait ^%unlinked-window-close
kill-window -t :1
split-window -v 'cat' ; list-panes -F "#{pane_id} #{pane_width}x#{pane_height}"
send-keys -t :.1 'a	b\c' Escape "[1mé" Enter
#wait ^%output %\d+ .*\\033\[1m
list-clients -F "#{client_tty}|#{client_flags}|#{client_termname}|#{client_width}x#{client_height}|#{client_session}|#{client_control_mode}|#{client_readonly}"
detach-client
SCRIPT

say "startup-file errors open view mode in the first session's pane (3.3a, not %config-error): the control client hears %pane-mode-changed"
printf 'set -g no-such-option 1\n' >bad.conf
extra_server -L "${SOCK}cfg"
# tmux renames the window ("[tmux]" in a mode) on a timer: when the
# %window-renamed lines come differs, so they are left out.
$CTL -- $BIN -L "${SOCK}cfg" -f bad.conf -C new-session -s c -x 80 -y 24 'sleep 1000' <<'SCRIPT' | grep -v '^%window-renamed'
display -p -t c "#{pane_mode} #{pane_in_mode} #{window_name}"
copy-mode -q -t c
display -p -t c "#{pane_mode} #{pane_in_mode}"
SCRIPT
say "the same with new-session -d: the client has no session and exits, after %pane-mode-changed"
extra_server -L "${SOCK}cfd"
$CTL -- $BIN -L "${SOCK}cfd" -f bad.conf -C new-session -d -s d -x 80 -y 24 'sleep 1000' </dev/null

say "stdin and stdout are one socket (tmux reads it; zeropty's client relays it: only pipes and terminals go to the server)"
quiet t new-session -d -s s3 -x 80 -y 24 -n w3 'sleep 1000'
$CTL --socketpair -- $T -C attach -t s3 <<'SCRIPT'
display -p "#{session_name} #{client_control_mode}"
bogus
list-windows -F "#{window_name}"
#eof
SCRIPT

say "stdin and stdout are pipes: the server reads and writes them itself (tmux does; zeropty's -C client relayed them at half of tmux's speed)"
spid=$(t display -p '#{pid}')
sleep 3 | $T -C attach -t s3 | cat >"$WORK/.cout" &
conf_poll 10 sh -c "$BIN -L $SOCK list-clients | grep -q ." || say "client did not come"
cpid=$(t list-clients -F '#{client_pid}')
cin=$(readlink "/proc/$cpid/fd/0")
cout=$(readlink "/proc/$cpid/fd/1")
holds_in=no holds_out=no
for f in /proc/"$spid"/fd/*; do
	l=$(readlink "$f")
	[ "$l" = "$cin" ] && holds_in=yes
	[ "$l" = "$cout" ] && holds_out=yes
done
echo "server holds the client's stdin: $holds_in, its stdout: $holds_out"
wait
sed 's/^%\(begin\|end\|error\) [0-9]* [0-9]* /%\1 /' "$WORK/.cout"
