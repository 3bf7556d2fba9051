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

say "prefix C, down to Key Table - prefix; Right expands it"
outer_keys C-b C
outer_wait '^\(0\) \+ Server Options'
outer_step Down Down Down Down Down Right
outer_screen
say "a key's preview; Right shows its Command, Note and Repeat"
outer_step Down Down Down Down Down
outer_screen
outer_step Right Down
outer_screen

say "Enter on Command prompts with the command; the default shows after"
outer_send Enter
outer_wait '^\(!\) break-pane'
outer_settle
outer_screen
outer_answer 'display-message -d 0 changed'
outer_screen
run t list-keys -T prefix '!'
say "a command that does not parse is refused"
outer_send Enter
outer_wait '^\(!\) display-message'
outer_answer 'nosuchcommand x'
outer_screen
run t list-keys -T prefix '!'

say "Enter on Note prompts with the note"
outer_step Down
outer_send Enter
outer_wait '^\(!\) Break pane to a new window'
outer_settle
outer_screen
outer_answer 'My own note'
outer_screen
run t list-keys -N -T prefix '!'
say "Enter on Repeat toggles it"
outer_step Down Enter
outer_screen
run t list-keys -T prefix '!'
outer_step Enter
run t list-keys -T prefix '!'

say "Left collapses the key; u asks, y unbinds it"
outer_step Left
outer_screen
outer_send u
outer_wait 'Unset !\?'
outer_settle
outer_screen
outer_step y
outer_screen
run t list-keys -T prefix '!'

say "a key without a note; Enter on its Note prompts with nothing"
outer_search F7
outer_step Right Down Down
outer_screen
outer_send Enter
outer_wait '^\(F7\)'
outer_settle
outer_screen
outer_answer 'Seventh'
outer_step Left
outer_screen
run t list-keys -N -T prefix F7

say "t tags and moves down, T untags all, C-t tags every line"
outer_search F5
outer_step t t
outer_screen -e
outer_step T
outer_screen
outer_step C-t
outer_screen -e
say "U asks; n keeps them"
outer_send U
outer_wait 'Unset [0-9]+ tagged\?'
outer_settle
outer_screen
outer_step n
run t list-keys -T prefix F5
say "U, y unbinds the tagged keys"
outer_step T Up Up t t
outer_send U
outer_wait 'Unset 2 tagged\?'
outer_settle
outer_screen
outer_step y
outer_screen
run t list-keys -T prefix F5
run t list-keys -T prefix F6
run t list-keys -T prefix F7
outer_step q
run t display -p '#{pane_in_mode}'
