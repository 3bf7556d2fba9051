# load-buffer - : the buffer from the command client's stdin, which the
# server reads (a pipe whose writer is still writing, /dev/null, a file,
# a large input); -b names it; nothing read is no buffer. A control
# client's load-buffer - is left out (tmux 3.3a ends its block with %end
# and prints the error after it; README, Differences).
. "$(dirname "$0")/../lib.sh"

t new-session -d -s main
run_in 'abc
' t load-buffer -b named -
run t list-buffers
run t load-buffer -
run t list-buffers
run_in 'xyz' t load-buffer -
run t show-buffer
say "a writer that takes its time: the command waits for its end"
run sh -c "(sleep 0.3; printf slow; sleep 0.2; printf er) | $T load-buffer -b slow - \\; show-buffer -b slow"
printf 'from a file\n' >"$WORK/file.txt"
run sh -c "$T load-buffer -b file - <'$WORK/file.txt'"
run t show-buffer -b file
: >"$WORK/empty.txt"
run t load-buffer -b empty "$WORK/empty.txt"
run sh -c "seq 1 100000 | $T load-buffer -b big -"
run t list-buffers -F '#{buffer_name} #{buffer_size}'
say "the client goes before its writer ends: the server carries on"
sh -c "sleep 2 | exec $T load-buffer -b gone -" &
pid=$!
conf_poll 5 sh -c "[ -d /proc/$pid ]"
# (the kill may come before it reached the server: the same answers)
sleep 0.3
kill "$pid"
wait "$pid" 2>/dev/null
run t list-buffers -F '#{buffer_name}'
run t has-session -t main
