# Bracketed paste through an attached client: the terminal's bracketed
# paste is on while the active pane asks for it (DECSET 2004), a paste
# reaches the pane as text with its markers (a pasted C-b is not the
# prefix), and without the mode nothing is marked. Issue 7.
. "$(dirname "$0")/../lib.sh"

start_shell p
outer_start 80 24 "$T attach -t p"
outer_wait '\[p\] 0:'
opane=$(outer list-panes -a -F '#{pane_id}')

say "the pane asks for bracketed paste; the outer terminal pastes"
t send-keys -t p "printf '\\033[?2004h'; stty -icanon; cat -v" Enter
wait_for_text p 'cat -v'
outer_settle
outer set-buffer "$(printf 'one\002two\nthree')"
outer paste-buffer -p -t "$opane"
wait_for_text p 'three'
outer_settle
screen p

say "the pane turns it off: a paste is not marked"
t send-keys -t p C-c
wait_prompt p
t send-keys -t p "printf '\\033[?2004l'; stty -icanon; cat -v" Enter
wait_last p "cat -v$"
outer_settle
outer set-buffer "$(printf 'four\nfive')"
outer paste-buffer -p -t "$opane"
wait_for_text p 'five'
outer_settle
screen p
t send-keys -t p C-c
