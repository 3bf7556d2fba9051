# Tab at the status prompt completes the word under the cursor as tmux
# 3.3a's status_prompt_complete: command names, aliases and command-alias
# at the start; options and layouts after it; -t and -s: session names,
# then a session's windows; a unique match gets a space, several their
# common prefix, and when that adds nothing a menu of them (keys 0-9,
# Tab moves down, BSpace closes, Enter or a key chooses). Issue 7.
. "$(dirname "$0")/../lib.sh"

t new-session -d -s main -x 80 -y 23 -n edit
t new-window -d -t main -n build
t new-window -d -t main -n logs
t new-session -d -s misc -x 80 -y 23
t set -g status-right '[R]'
t set -s escape-time 0
t set -s command-alias[100] 'selfie=display-message hi'
wait_prompt main
outer_start 80 24 "$T attach -t main"
outer_wait '\[main\] 0:'
outer_settle

# Escape then C-b in one read is M-C-b, in tmux as here: settle first,
# as a person's keys would be apart.
prompt()
{
	outer_settle
	outer_keys C-b :
	outer_wait '^:'
	outer_keys "$@"
	outer_settle
}

say "a unique command"
prompt new-w Tab
outer_screen
outer_keys Escape

say "several: their common prefix, then a menu"
prompt sel Tab
outer_screen
outer_keys Tab
outer_settle
outer_screen
outer_keys 1
outer_settle
outer_screen
outer_keys Escape

say "an alias and a command-alias"
prompt selfi Tab
outer_screen
outer_keys Escape
prompt splitw Tab
outer_screen
outer_keys Escape

say "options and layouts after the first word"
prompt 'set -g status-st' Tab
outer_screen
outer_keys Escape
prompt 'select-layout even-h' Tab
outer_screen
outer_keys Escape
prompt 'set -g nosuch' Tab
outer_screen
outer_keys Escape

say "-t: sessions, then a session's windows in a menu"
prompt 'switch-client -tma' Tab
outer_screen
outer_keys Escape
prompt 'switch-client -tm' Tab
outer_screen
say "Tab walks the menu, Enter takes the item"
outer_keys Tab
outer_settle
outer_screen
outer_keys Enter
outer_settle
outer_screen
outer_keys Escape
prompt 'select-window -t main:' Tab
outer_screen
say "BSpace closes the menu and leaves the word"
outer_keys BSpace
outer_settle
outer_screen
outer_keys Escape
prompt 'select-window -t main:1' Tab
outer_screen
outer_keys Escape

say "in the middle of the line, and nothing to complete"
prompt 'kill-ses -t x' Left Left Left Left Left Tab
outer_screen
outer_keys Escape
prompt Tab
outer_screen
outer_keys Escape

say "target prompts: sessions with nothing typed, windows by index"
t bind-key T command-prompt -T target 'switch-client -t %%'
t bind-key W command-prompt -T window-target 'select-window -t %%'
outer_keys C-b T
outer_settle
outer_keys Tab
outer_settle
outer_screen
outer_keys 0
outer_settle
outer_screen
outer_keys Escape
outer_settle
outer_keys C-b W
outer_settle
outer_keys Tab
outer_settle
outer_screen
outer_keys 2
outer_settle
outer_screen
outer_keys Enter
outer_settle
run t display -p -t main '#{window_index}'

say "many matches: the menu shows the last ten"
prompt 's' Tab
outer_screen
outer_keys Escape
outer_settle
outer_keys Escape

outer_keys C-b d
outer_wait 'rc='
