# The python3 REPL: prompts, expressions, multi-line input, C-c, C-d.
. "$CONF_LIB"
need python3

start_shell py
t send-keys -t py -l 'python3 -q -I' && t send-keys -t py Enter
wait_last py '^>>> ?$'
run t send-keys -t py -l '1+1'
run t send-keys -t py Enter
wait_for_text py '^2$'
wait_last py '^>>> ?$'
run t send-keys -t py -l 'for i in range(3):'
run t send-keys -t py Enter
wait_last py '^\.\.\. ?$'
run t send-keys -t py -l '    print("i", i)'
run t send-keys -t py Enter
wait_tail py '^\.\.\.     print\("i", i\)$' '^\.\.\. ?$'
run t send-keys -t py Enter
wait_for_text py '^i 2$'
wait_last py '^>>> ?$'
run t send-keys -t py -l 'import os; os.get_terminal_size()'
run t send-keys -t py Enter
wait_for_text py 'terminal_size'
wait_last py '^>>> ?$'
run t send-keys -t py -l 'print("\u65e5\u672c", "caf\xe9")'
run t send-keys -t py Enter
wait_for_text py 'café'
wait_last py '^>>> ?$'
run t send-keys -t py -l 'import time; time.sleep(30)'
run t send-keys -t py Enter
wait_proc py python3
run t send-keys -t py C-c
wait_tail py '^KeyboardInterrupt$' '^>>> ?$'
run t send-keys -t py -l 'unfinished'
wait_last py '^>>> unfinished$'
run t send-keys -t py C-c
wait_tail py '^>>> unfinished' '^KeyboardInterrupt$' '^>>> ?$'
run t send-keys -t py -l 'x = 5'
run t send-keys -t py Enter
wait_tail py '^>>> x = 5$' '^>>> ?$'
run t send-keys -t py -l 'x += 1'
run t send-keys -t py Enter
wait_tail py '^>>> x \+= 1$' '^>>> ?$'
run t send-keys -t py -l 'x'
run t send-keys -t py Enter
wait_for_text py '^6$'
wait_last py '^>>> ?$'
screen py
run t send-keys -t py C-d
wait_prompt py
screen py
