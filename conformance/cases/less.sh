# less: a file longer than the pane, paging with Space/b/G/g, search, q.
. "$CONF_LIB"
need less seq

seq 1 200 | sed 's/^/row /' >"$WORK/rows.txt"
start_shell l
t send-keys -t l -l 'less rows.txt' && t send-keys -t l Enter
wait_for_text l '^rows.txt'
screen l
run t display-message -p -t l '#{alternate_on} #{pane_current_command}'
run t send-keys -t l Space
wait_for_text l '^row 46$'
wait_last l '^:$'
screen l
run t send-keys -t l b
wait_for_text l '^row 1$'
wait_last l '^:$'
run t send-keys -t l G
wait_for_text l '\(END\)'
screen l
run t send-keys -t l g
wait_for_text l '^row 1$'
run t send-keys -t l -l '/row 150'
run t send-keys -t l Enter
wait_for_text l '^row 172$'
wait_last l '^:$'
screen l
run t send-keys -t l j j k
wait_for_text l '^row 173$'
wait_last l '^:$'
screen l
run t send-keys -t l q
wait_prompt l
screen l
