# display-popup: tmux 3.3a's popups over an attached client: a command
# in a box (its title, border lines and styles, size and place), typed
# keys going to it, closing when it exits (-E, -EE) or on Escape once it
# has, -C, the command line waiting for it with the popup's exit status,
# the working directory and environment it starts with, and the errors.
# Issue 7.
. "$(dirname "$0")/../lib.sh"

t new-session -d -s m -x 80 -y 23 \; set -g automatic-rename off
t set -g status-right '[R]'
t set -s escape-time 0
t set -g default-shell /bin/sh
wait_prompt m
t send-keys -t m 'echo under the popup' Enter
wait_last m '^\$ ?$'
outer_start 80 24 "$T attach -t m"
outer_wait '\[m\] 0:'
outer_settle

say "-E: a titled box in the middle; the command line waits; -C closes it"
t display-popup -E -w 30 -h 8 -T '#{session_name} pop' \
    'printf "hello\nworld\n"; exec sleep 30' >"$WORK/p1.out" 2>&1 &
ppid=$!
outer_wait 'world'
outer_settle
outer_screen -e
kill -0 "$ppid" 2>/dev/null && say "still waiting"
run t display-popup -C
wait "$ppid"
say "display-popup rc=$?"
outer_settle
outer_screen

say "no -E: the popup stays after its command exits; Escape closes it"
t display-popup -x 2 -y 10 -w 20 -h 5 'echo done; exit 3' \
    >"$WORK/p2.out" 2>&1 &
ppid=$!
outer_wait 'done'
outer_settle
outer_screen
outer_keys Escape
wait "$ppid"
say "display-popup rc=$?"
outer_settle
outer_screen

say "-E closes on exit whatever the status, -EE only on 0"
run t display-popup -E 'exit 5'
t display-popup -EE -w 24 -h 6 'echo failing; exit 4' >/dev/null 2>&1 &
ppid=$!
outer_wait 'failing'
outer_settle
outer_screen
outer_keys C-c
wait "$ppid"
say "display-popup -EE rc=$?"
run t display-popup -EE 'exit 0'

say "keys typed go to the command; it sees a terminal of the inner size"
t display-popup -E -w 40 -h 10 -d /tmp -e ZP_POP=seen \
    'stty size; pwd; echo "$ZP_POP"; exec cat' >/dev/null 2>&1 &
ppid=$!
outer_wait 'seen'
outer_keys h i Enter
outer_wait 'hi.*' 
outer_settle
outer_screen
outer_keys C-d
wait "$ppid"
say "cat popup rc=$?"
outer_settle

say "border lines, styles and placement"
for lines in double rounded heavy simple padded; do
	t display-popup -b "$lines" -x 0 -y 6 -w 12 -h 4 -T "$lines" \
	    -E 'printf x; exec sleep 30' >/dev/null 2>&1 &
	ppid=$!
	outer_wait "x"
	outer_settle
	outer_screen
	t display-popup -C
	wait "$ppid"
done
t display-popup -B -x R -y P -w 12 -h 3 -s 'bg=red' -E \
    'printf borderless; exec sleep 30' >/dev/null 2>&1 &
ppid=$!
outer_wait 'borderless'
outer_settle
outer_screen -e
t display-popup -C
wait "$ppid"
t set -g popup-border-lines rounded
t set -g popup-border-style 'fg=green'
t set -g popup-style 'bg=blue'
t display-popup -x 70 -y 3 -w 20 -h 4 -S 'fg=yellow' -E \
    'printf "\033[31mred\033[0m plain"; exec sleep 30' >/dev/null 2>&1 &
ppid=$!
outer_wait 'plain'
outer_settle
outer_screen -e
t display-popup -C
wait "$ppid"
t set -gu popup-border-lines
t set -gu popup-border-style
t set -gu popup-style

say "a popup from a key binding takes every key, the prefix too"
t bind-key p display-popup -E -w 30 -h 6 'stty -icanon -echo; exec cat -v'
outer_keys C-b p
outer_settle
outer_keys C-b d a
outer_keys Escape
outer_wait '\^B'
outer_settle
outer_screen
t display-popup -C
outer_settle

say "the mouse: a program that asks for it gets it; the border drags"
t set -g mouse on
t display-popup -E -x 10 -y 12 -w 30 -h 8 \
    'printf "\033[?1000h\033[?1006h"; stty -icanon -echo; exec cat -v' \
    >/dev/null 2>&1 &
ppid=$!
outer_wait '┌'
outer_settle
outer_raw '\033[<0;15;8M\033[<0;15;8m'
outer_wait '<0;'
outer_settle
outer_screen
say "drag the top border: the popup follows from the second motion"
outer_raw '\033[<0;15;5M'
outer_raw '\033[<32;15;5M'
outer_raw '\033[<32;18;7M'
outer_raw '\033[<0;18;7m'
outer_settle
outer_screen
say "the third button on the right border resizes it"
outer_raw '\033[<2;43;14M'
outer_raw '\033[<34;43;14M'
outer_raw '\033[<34;38;12M'
outer_raw '\033[<2;38;12m'
outer_settle
outer_screen
say "with Meta a drag inside moves it"
outer_raw '\033[<8;20;9M'
outer_raw '\033[<40;20;9M'
outer_raw '\033[<40;10;3M'
outer_raw '\033[<8;10;3m'
outer_settle
outer_screen
say "outside it, clicks do nothing"
outer_raw '\033[<0;70;20M\033[<0;70;20m'
outer_settle
outer_screen
t display-popup -C
wait "$ppid"
t set -g mouse off

say "the third button on the top border: the popup's menu"
t set -g mouse on
t display-popup -E -x 10 -y 12 -w 30 -h 8 'printf menu-test; exec cat' \
    >"$WORK/p3.out" 2>&1 &
ppid=$!
outer_wait 'menu-test'
outer_settle
outer_raw '\033[<2;21;5M'
outer_settle
outer_screen
say "drag to Centre and let go"
outer_raw '\033[<34;21;9M'
outer_raw '\033[<2;21;9m'
outer_settle
outer_screen
say "Fill Space: the box fills the terminal, the program keeps its size"
outer_raw '\033[<2;36;9M'
outer_raw '\033[<34;36;12M'
outer_raw '\033[<2;36;12m'
outer_settle
outer_screen
say "To Horizontal Pane: the program goes on in a new pane"
outer_raw '\033[<2;30;1M'
outer_raw '\033[<34;30;7M'
outer_raw '\033[<2;30;7m'
outer_settle
outer_screen
wait "$ppid"
say "display-popup rc=$?"
run t list-panes -F '#{pane_index} #{pane_width}x#{pane_height} #{pane_active}'
t send-keys -t m:0.1 'typed in the pane' Enter
outer_settle
outer_screen
say "it is a pane like any: respawn-pane starts it again"
run t respawn-pane -k -t m:0.1 'echo respawned; exec sleep 30'
outer_wait 'respawned'
run t display -p -t m:0.1 '#{pane_start_command}'
t kill-pane -t m:0.1
outer_settle

say "with a paste buffer the menu offers it; Paste types it; a click outside"
t set-buffer 'pasted-text'
t display-popup -E -x 10 -y 12 -w 30 -h 8 'printf paste-test; exec cat' \
    >/dev/null 2>&1 &
ppid=$!
outer_wait 'paste-test'
outer_settle
outer_raw '\033[<2;21;5M'
outer_settle
outer_screen -e
outer_raw '\033[<34;21;7M'
outer_raw '\033[<2;21;7m'
outer_wait 'pasted-text'
outer_settle
outer_screen
say "the third button outside: the menu there; Close"
outer_raw '\033[<2;70;15M'
outer_raw '\033[<34;70;16M'
outer_raw '\033[<2;70;16m'
wait "$ppid"
say "display-popup rc=$?"
t delete-buffer
t set -g mouse off
outer_settle

say "a default popup: half the terminal, the default command"
t set -g default-command 'echo from-default; exec sleep 30'
t display-popup >/dev/null 2>&1 &
ppid=$!
outer_wait 'from-default'
outer_settle
outer_screen
t display-popup -C
wait "$ppid"
say "default popup rc=$?"
t set -gu default-command

say "too small to draw: nothing happens; 100%: the whole terminal"
run t display-popup -w 2 -h 2 -E 'exit 7'
run t display-popup -w 200 -E 'exit 0'
t display-popup -w 100% -h 100% -E 'echo big; exec sleep 30' \
    >/dev/null 2>&1 &
ppid=$!
outer_wait 'big'
outer_settle
outer_screen
t display-popup -C
wait "$ppid"

say "errors"
run t display-popup -h abc true
run t display-popup -w 0 true
run t display-popup -w 50% -h 200% -E 'exit 0'
run t display-popup -b bogus true
run t display-popup -c /dev/nosuch true
run t display-popup -C
run cat "$WORK/p1.out" "$WORK/p2.out"

outer_keys C-b d
outer_wait 'rc='
outer_screen
