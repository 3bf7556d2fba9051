# set-clipboard and OSC 52: with it on, a selection a pane's program sets
# becomes a paste buffer, reaches the outer terminal (here a tmux 3.3a
# with set-clipboard on, whose buffer shows what arrived) and fires
# pane-set-clipboard; a query is answered with the newest buffer; copy
# mode sends what it copies unless set-clipboard is off; external ignores
# programs. Issue 7.
. "$(dirname "$0")/../lib.sh"
need python3 od

cat >"$WORK/ask.py" <<'PY'
# Ask for the clipboard (OSC 52 ?), ending as argv[1] says; print the reply.
import os, sys, termios, tty
old = termios.tcgetattr(0)
tty.setraw(0)
end = "\a" if sys.argv[1] == "bel" else "\033\\"
os.write(1, ("\033]52;c;?" + end).encode())
b = b""
while not (b.endswith(b"\a") or b.endswith(b"\033\\")):
    b += os.read(0, 256)
termios.tcsetattr(0, termios.TCSADRAIN, old)
open("reply." + sys.argv[1], "wb").write(b)
PY

t new-session -d -s c -x 80 -y 23
t set -g status-right '[R]'
t set -g set-clipboard on
t set-hook -g pane-set-clipboard 'set -g @clip "#{pane_id}"'
wait_prompt c
outer_start 80 24 "TERM=xterm-256color $T attach -t c"
outer_wait '\[c\] 0:'
outer set -g set-clipboard on
outer_settle

say "on: a program's selection is a buffer, the terminal's, the hook's"
t send-keys -t c "printf '\\033]52;c;aGVsbG8gd29ybGQ=\\007'; clear" Enter
conf_poll 5 sh -c "$T list-buffers | grep -q ."
run t list-buffers -F '#{buffer_name} #{buffer_size} #{buffer_sample}'
run t show -gv @clip
conf_poll 5 sh -c "$CONF_OUTER -L o1$SOCK show-buffer 2>/dev/null | grep -q hello"
run outer show-buffer
say "bad base64 and empty data are ignored"
t send-keys -t c "printf '\\033]52;c;!!!!\\007\\033]52;c;\\007'; clear" Enter
wait_prompt c
run t list-buffers -F '#{buffer_name} #{buffer_size}'

say "a query is answered with the newest buffer, ending as it did"
t set-buffer 'from a buffer'
t send-keys -t c "clear; python3 $WORK/ask.py bel; python3 $WORK/ask.py st; echo asked" Enter
wait_for_text c '^asked$'
run od -c reply.bel
run od -c reply.st

say "copy mode sends what it copies"
outer delete-buffer
t send-keys -t c 'clear; echo copy-this-text' Enter
wait_for_text c '^copy-this-text$'
t copy-mode -t c
t send-keys -t c -X search-backward 'copy-this'
t send-keys -t c -X begin-selection
t send-keys -t c -X end-of-line
t send-keys -t c -X copy-selection-and-cancel
conf_poll 5 sh -c "$CONF_OUTER -L o1$SOCK show-buffer 2>/dev/null | grep -q copy-this"
run outer show-buffer
run t show-buffer

say "external: programs are ignored, copy mode still sends; off: neither"
t set -g set-clipboard external
t send-keys -t c "printf '\\033]52;c;aWdub3JlZA==\\007'; clear" Enter
wait_prompt c
run t show-buffer
t set -g set-clipboard off
t copy-mode -t c
t send-keys -t c -X history-top
t send-keys -t c -X select-line
t send-keys -t c -X copy-selection-and-cancel
run t show-buffer
run outer show-buffer
t detach-client -s c
conf_poll 5 sh -c "! $T list-clients | grep -q ."
