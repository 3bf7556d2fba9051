# busybox vi, a static program on a lent pty (shim/shim-pty.c): it draws,
# edits, redraws at the new size when the pane is resized while it runs
# (SIGWINCH and TIOCGWINSZ on the pty), and saves the file.
. "$CONF_LIB"
need busybox

start_shell p
# row N of pane p matches ERE.
row_is() { t capture-pane -p -t p | sed -n "$1p" | grep -Eq "$2"; }

t send-keys -t p -l 'busybox vi notes.txt' && t send-keys -t p Enter
wait_proc p busybox
wait_for_text p '^- notes\.txt'
run t send-keys -t p i
t send-keys -t p -l 'hello world' && t send-keys -t p Enter
t send-keys -t p -l 'second line' && t send-keys -t p Escape
# Back in command mode ("-") before the next keys: an ESC followed at
# once by a key reads as one sequence.
wait_for_text p '^- notes\.txt \[Modified\] 2/2'
screen p

# Smaller while it runs: vi draws the file again in 15 rows of 60.
run t resize-window -t p -x 60 -y 15
conf_poll 5 row_is 1 '^hello world$' && conf_poll 5 row_is 15 'notes\.txt' ||
    conf_timeout "vi redrawn at 60x15" p
screen p
run t resize-window -t p -x 80 -y 24
conf_poll 5 row_is 1 '^hello world$' && conf_poll 5 row_is 24 'notes\.txt' ||
    conf_timeout "vi redrawn at 80x24" p

# Edit on, then save and quit.
t send-keys -t p -l 'ggA, again' && t send-keys -t p Escape
wait_for_text p '^hello world, again$'
wait_for_text p '^- notes\.txt \[Modified\] 1/2'
t send-keys -t p -l 'Gothird' && t send-keys -t p Escape
wait_for_text p '^third$'
wait_for_text p '^- notes\.txt \[Modified\] 3/3'
t send-keys -t p -l ':wq' && t send-keys -t p Enter
wait_prompt p
sh_cmd p 'clear; cat notes.txt; wc -l notes.txt'
screen p
