# source-file waits for the if-shell and run-shell jobs of its files as
# tmux's queue does: later lines (and the commands after source-file) see
# what the job's commands did, nested files finish first, and errors of
# the commands a job runs reach the client.
. "$CONF_LIB"

cat >"$WORK/a.conf" <<'C'
set -g @a 1
if-shell 'sleep 0.3; true' 'set -g @b 2' 'set -g @b 3'
display -p "b=#{@b}"
run-shell 'sleep 0.2; exit 3'
display -p "after run"
source-file b.conf
display -p "back in a: #{@e}"
if-shell 'sleep 0.1; true' 'select-window -t nosuch'
display -p "a end"
C
cat >"$WORK/b.conf" <<'C'
if-shell 'sleep 0.2' 'set -g @e five'
display -p "in b: #{@e}"
C
cat >"$WORK/c.conf" <<'C'
if-shell 'sleep 0.2; false' 'set -g @c yes' 'bogus-command-x'
display -p "c: #{@c}"
C
cat >"$WORK/start.conf" <<C
set -g @s1 one
source-file $WORK/b.conf
set -gF @s2 "e=#{@e}"
C

quiet t new-session -d -s s -x 80 -y 24
run t source-file a.conf
run t show -g @b
run t source-file c.conf ';' display -p next
run t set -gu @b ';' set -gu @e ';' source-file a.conf ';' display -p 'next #{@b}'
quiet t kill-server
wait_no_server
say "startup file sourcing a file that waits"
run "$BIN" -L "$SOCK" -f "$WORK/start.conf" new-session -d -s s
run t show -gv @e
run t show -gv @s2
