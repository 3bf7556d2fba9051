# Attached clients: customize-mode (prefix C), the key tables part: the
# "Key Table - prefix" group, a key's preview (note, table, whether it
# repeats, command and default command), its Command, Note and Repeat
# lines; Enter on Command or Note prompts for a new one ("(KEY) "; a
# command that does not parse is refused), Enter on Repeat toggles it; u
# unbinds a key after asking ("Unset KEY? "); t, T and C-t tag, U unbinds
# the tagged keys after asking ("Unset N tagged? ").
#
# tmux 3.3a quirk kept out of this case: u then y on a key that is
# expanded (or on its Command, Note or Repeat line) crashes its server;
# the keys unbound here are collapsed.
. "$(dirname "$0")/../lib.sh"

t new-session -d -s main -x 100 -y 29 \; set -g automatic-rename off
t set -g status-right '[R]'
t set -s escape-time 0
# Messages stay until a key is pressed.
t set -g display-time 0
wait_prompt main
t bind -N 'Custom five' F5 display-message five
t bind -r F6 display-message six
t bind F7 display-message seven
outer_start 100 30 "$T attach -t main"
outer_wait '\[main\] 0:sh\*'

pane_keys()
{
	outer send-keys -t "$(outer list-panes -a -F '#{pane_id}')" "$@"
}

# key KEY...: type each key and wait for the screen to settle after it.
key()
{
	for k in "$@"; do
		pane_keys "$k"
		outer_settle
	done
}

# search TEXT: C-s, TEXT, Enter: the first item from the current one on
# whose name has TEXT.
search()
{
	pane_keys C-s
	outer_wait '^\(search\)'
	pane_keys -l "$1"
	pane_keys Enter
	outer_settle
}

# answer TEXT: replace the text of the prompt with TEXT and press Enter.
answer()
{
	pane_keys C-u
	pane_keys -l "$1"
	pane_keys Enter
	outer_settle
}

say "prefix C, down to Key Table - prefix; Right expands it"
outer_keys C-b C
outer_wait '^\(0\) \+ Server Options'
key Down Down Down Down Down Right
outer_screen
say "a key's preview; Right shows its Command, Note and Repeat"
key Down Down Down Down Down
outer_screen
key Right Down
outer_screen

say "Enter on Command prompts with the command; the default shows after"
pane_keys Enter
outer_wait '^\(!\) break-pane'
outer_settle
outer_screen
answer 'display-message -d 0 changed'
outer_screen
run t list-keys -T prefix '!'
say "a command that does not parse is refused"
pane_keys Enter
outer_wait '^\(!\) display-message'
answer 'nosuchcommand x'
outer_screen
run t list-keys -T prefix '!'

say "Enter on Note prompts with the note"
key Down
pane_keys Enter
outer_wait '^\(!\) Break pane to a new window'
outer_settle
outer_screen
answer 'My own note'
outer_screen
run t list-keys -N -T prefix '!'
say "Enter on Repeat toggles it"
key Down Enter
outer_screen
run t list-keys -T prefix '!'
key Enter
run t list-keys -T prefix '!'

say "Left collapses the key; u asks, y unbinds it"
key Left
outer_screen
pane_keys u
outer_wait 'Unset !\?'
outer_settle
outer_screen
key y
outer_screen
run t list-keys -T prefix '!'

say "a key without a note; Enter on its Note prompts with nothing"
search F7
key Right Down Down
outer_screen
pane_keys Enter
outer_wait '^\(F7\)'
outer_settle
outer_screen
answer 'Seventh'
key Left
outer_screen
run t list-keys -N -T prefix F7

say "t tags and moves down, T untags all, C-t tags every line"
search F5
key t t
outer_screen -e
key T
outer_screen
key C-t
outer_screen -e
say "U asks; n keeps them"
pane_keys U
outer_wait 'Unset [0-9]+ tagged\?'
outer_settle
outer_screen
key n
run t list-keys -T prefix F5
say "U, y unbinds the tagged keys"
key T Up Up t t
pane_keys U
outer_wait 'Unset 2 tagged\?'
outer_settle
outer_screen
key y
outer_screen
run t list-keys -T prefix F5
run t list-keys -T prefix F6
run t list-keys -T prefix F7
key q
run t display -p '#{pane_in_mode}'
