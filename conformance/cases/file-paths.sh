# Files commands read and write by path, and source-file's stdin: relative
# paths are the client's, errors name the absolute path (tmux's
# file_get_path), load-buffer and save-buffer (-a) through the client, a
# directory read is no buffer and no error, source-file - reads the
# client's stdin, alone or with files, and its parse errors name "-".
. "$(dirname "$0")/../lib.sh"

t new-session -d -s main
mkdir -p "$WORK/d"
printf 'from a file\n' >"$WORK/d/in.txt"
printf 'set -g @x one\n' >"$WORK/d/a.conf"
run sh -c "cd '$WORK/d' && $T load-buffer -b rel in.txt"
run t show-buffer -b rel
run sh -c "cd '$WORK/d' && $T load-buffer -b none nosuch.txt"
run sh -c "cd '$WORK/d' && $T load-buffer -b dir ."
run t list-buffers -F '#{buffer_name}'
run sh -c "cd '$WORK/d' && $T save-buffer -b rel out.txt && $T save-buffer -a -b rel out.txt && cat out.txt"
run sh -c "cd '$WORK/d' && $T save-buffer -b rel nodir/out.txt"
run sh -c "cd '$WORK/d' && $T save-buffer -b rel ."
run_in 'display -p hi-from-stdin
' t source-file -
run sh -c "cd '$WORK/d' && printf 'display -p first\n' | $T source-file - a.conf \\; display -p '#{@x}'"
run_in 'display -p x
bad-cmd-zz
' t source-file -
run t source-file - </dev/null
run t has-session -t main
