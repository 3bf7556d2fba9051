# vim -u NONE: open a file, insert text, save, :q!, screen contents.
. "$CONF_LIB"
need vim

printf 'line one\nline two\nline three\n' >"$WORK/file.txt"
start_shell v
t send-keys -t v -l 'vim -u NONE -i NONE -N file.txt' && t send-keys -t v Enter
wait_for_text v '^"file.txt" 3L'
screen v
wait_cursor v 0 0
run t display-message -p -t v '#{alternate_on} #{cursor_x} #{cursor_y} #{pane_current_command}'
run t send-keys -t v G o
run t send-keys -t v -l 'added line'
run t send-keys -t v Escape
run t send-keys -t v -l ':w'
run t send-keys -t v Enter
wait_for_text v '"file.txt" 4L'
screen v
run t send-keys -t v g g d d
run t send-keys -t v -l ':%s/line/LINE/'
run t send-keys -t v Enter
wait_for_text v '^added LINE'
screen v
wait_cursor v 0 2
run t display-message -p -t v '#{cursor_x} #{cursor_y}'
run t send-keys -t v -l ':q!'
run t send-keys -t v Enter
wait_prompt v
screen v
run t display-message -p -t v '#{alternate_on}'
run cat "$WORK/file.txt"
