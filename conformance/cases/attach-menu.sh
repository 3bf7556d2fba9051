# display-menu: tmux 3.3a's menus over an attached client (C-b > and C-b <
# with their default items, some disabled by formats; menus from the
# command line with a title, separators and disabled items; keys, Enter
# and Escape; the mouse's right-click menu, a click outside closing it).
# Issue 7.
. "$(dirname "$0")/../lib.sh"

# Each key, then which lines of the menu are chosen (mode-style's 43m).
menu_keys()
{
	for key in "$@"; do
		outer_keys "$key"
		outer_settle
		say "after $key"
		outer capture-pane -p -e | grep -n '43m' | sed 's/^/| /'
	done
}

t new-session -d -s m -x 80 -y 23 \; set -g automatic-rename off
t set -g status-right '[R]'
t set -s escape-time 0
wait_prompt m
outer_start 80 24 "$T attach -t m"
outer_wait '\[m\] 0:'
outer_settle

say "C-b >: the pane menu at the pane's bottom left"
outer_keys C-b '>'
outer_wait 'Horizontal Split'
outer_settle
outer_screen -e
outer_keys Down
outer_settle
outer_screen -e
outer_keys Enter
outer_settle
run t list-panes -F '#{pane_index} #{pane_width}x#{pane_height}'

say "C-b <: the window menu above the window in the status line"
outer_keys C-b '<'
outer_wait 'Swap Left'
outer_settle
outer_screen -e
outer_keys Escape
outer_settle
outer_screen

say "a menu from the command line waits; its key chooses"
t display-menu -T '#[align=centre]Title' -x 5 -y 12 First a 'set -g @m first' '' \
    '-Disabled' b 'set -g @m disabled' '' Third c 'set -g @m third' \
    >"$WORK/menu.out" 2>&1 &
mpid=$!
outer_wait 'Third'
outer_settle
outer_screen -e
kill -0 "$mpid" 2>/dev/null && say "still waiting"
outer_keys b
outer_settle
outer_keys Up Up
outer_settle
outer_screen -e
outer_keys c
wait "$mpid"
say "display-menu rc=$?"
run t show -gv @m
run t display-menu -x 5 'not enough' a
run t display-menu
run cat "$WORK/menu.out"

say "the mouse: a right click opens the pane menu, a click outside closes"
t set -g mouse on
outer_raw '\033[<2;20;5M'
outer_wait 'Horizontal Split'
outer_settle
outer_screen -e
outer_raw '\033[<2;20;5m'
outer_settle
outer_raw '\033[<0;70;20M\033[<0;70;20m'
outer_settle
outer_screen
say "a menu opened by a key: pressing the left button does nothing,"
say "letting it go closes the menu"
t display-menu -x 5 -y 12 Alpha a 'set -g @k alpha' >/dev/null 2>&1 &
mpid=$!
outer_wait 'Alpha'
outer_raw '\033[<0;8;10M'
outer_settle
outer_has 'Alpha' && say "still open after the press"
outer_raw '\033[<0;8;10m'
wait "$mpid"
outer_settle
outer_has 'Alpha' || say "closed"
run t show -gv @k

say "-O: letting go outside keeps it open; a press chooses the item the"
say "mouse moved onto before (here none: it closes); a drag then a press"
t bind -n MouseDown2Pane 'display-menu -O -x M -y M One o "set -g @o one" Two t "set -g @o two"'
outer_raw '\033[<1;30;8M'
outer_wait 'Two'
outer_raw '\033[<1;30;8m'
outer_settle
outer_screen -e
run t show -gv @o
outer_raw '\033[<0;30;10M'
outer_settle
run t show -gv @o
outer_raw '\033[<0;30;10m'
outer_settle
outer_screen
outer_raw '\033[<1;30;8M'
outer_wait 'Two'
outer_raw '\033[<33;30;10M'
outer_settle
outer_screen -e
outer_raw '\033[<0;30;10M\033[<0;30;10m'
outer_settle
run t show -gv @o

say "G and NPage five down or to the last, g, PPage and C-b five up"
t set -g mouse off
t display-menu -x 5 -y 14 A a '' B b '' C c '' D d '' E e '' F f '' G2 h '' \
    H i '' I j '' J l '' >/dev/null 2>&1 &
mpid=$!
outer_wait 'J'
outer_settle
menu_keys G G NPage g PPage C-b Down G
outer_keys Escape
wait "$mpid"
say "a menu ending in a disabled item: g and G leave nothing chosen"
t display-menu -x 5 -y 14 A a '' B b '' C c '' D d '' E e '' F f '' -Off o '' \
    >/dev/null 2>&1 &
mpid=$!
outer_wait 'Off'
outer_settle
menu_keys Down Down g G G
outer_keys Escape
wait "$mpid"
t detach-client -s m
conf_poll 5 sh -c "! $T list-clients | grep -q ."
