# Attached clients: customize-mode (prefix C, customize-mode [-Z]), the
# options part: the list of Server, Session and Window & Pane Options and
# the key tables, expanding and collapsing (Right, Left, +, -, M-+, M--),
# the preview below the list for each kind of option (flag, choice,
# number with a unit, a string that expands, colour, style, array and
# array element, user option, options set on the session, window or
# pane), H (hide the global ones), -F and -f; changing options: Enter on
# a flag toggles it, on a choice cycles it, on a string prompts for the
# new value; w sets the window's value, S and W the global one; u unsets
# after asking ("Unset NAME? "). C-s searches the items' names.
#
# tmux 3.3a quirks kept out of this case: a -f filter that is false for a
# key binding makes its server loop forever (the filter here is true for
# every key, is_key); Enter, s, w, S, W and u on a user option crash its
# server; in the Server and Session Options groups a second user option
# shows as the first one again (so there is one user option there, @foo
# on the session; the window and the pane have one each).
. "$(dirname "$0")/../lib.sh"

# An option's description is the first text of its preview, up to the
# first empty line; zeropty points to tmux(1) instead of copying tmux's
# text (README, Differences), so the description is one line and the
# preview's empty lines at its bottom are dropped on both sides.
customize_desc()
{
	awk '
	function blank(l) { return l ~ /^[^│]*│( |\033\[[0-9;]*m)*│/ }
	/┌/ { inbox = 1; desc = 1; held = ""; print; next }
	inbox && /└/ { inbox = 0; held = ""; print; next }
	inbox && desc { if (blank($0)) { desc = 0; print "(description)"; held = $0 "\n" } next }
	inbox && blank($0) { held = held $0 "\n"; next }
	inbox { printf "%s", held; held = ""; print; next }
	{ print }'
}
CONF_SCREEN_FILTER=customize_desc

t new-session -d -s main -x 100 -y 29 \; set -g automatic-rename off
t set -g status-right '[R]'
t set -s escape-time 0
# The default editor comes from the environment.
t set -s editor vi
wait_prompt main
t split-window -t main
wait_prompt main:0.1
t set -g @foo global-foo
t set -t main @foo session-foo
t set -w -t main:0 mode-keys vi
t set -w -t main:0 @wuser window-value
t set -p -t main:0.1 @puser pane-value
t set -p -t main:0.1 remain-on-exit on
outer_start 100 30 "$T attach -t main"
outer_wait '\[main\] 0:sh\*'

say "prefix C: zoomed, every group collapsed, the first selected"
outer_keys C-b C
outer_wait '^\(0\) \+ Server Options'
outer_settle
outer_screen
run t display -p '#{pane_in_mode} #{pane_mode} #{window_zoomed_flag}'
say "q leaves the mode and unzooms"
outer_step q
run t display -p '#{pane_in_mode} #{window_zoomed_flag}'

say "customize-mode without -Z: in the pane itself"
run t customize-mode -t main:0.1
outer_settle
outer_screen
outer_step q
run t display -p '#{pane_in_mode} #{window_zoomed_flag}'

say "Right expands a group; an array option"
run t customize-mode -Z -t main:0.1
outer_wait '^\(0\) \+ Server Options'
outer_step Right Down Down Down
outer_screen
say "Right expands the array, one of its elements"
outer_step Right Down
outer_screen
say "Left collapses the parent, Left again the group"
outer_step Left
outer_screen
outer_step Left
outer_screen
say "+ expands, - collapses, M-+ expands all, M-- collapses all"
outer_step Down +
outer_screen
outer_step - M-+
outer_screen
outer_step M--

say "number with a unit and its default"
outer_search escape-time
outer_screen
say "the session's user option (global value below)"
outer_search @foo
outer_screen
say "Enter on a choice sets it for the session, S globally"
outer_search visual-bell
outer_step Enter
outer_screen
run t show -t main visual-bell
run t show -g visual-bell
outer_step S
run t show -g visual-bell
say "u asks, y unsets the session's value"
outer_send u
outer_wait 'Unset visual-bell\?'
outer_settle
outer_screen
outer_step y
outer_screen
run t show -t main visual-bell
run t show -g visual-bell

say "Enter on a flag toggles it (for the session)"
outer_search renumber-windows
outer_step Enter
outer_screen
run t show -t main renumber-windows
outer_step Enter
run t show -t main renumber-windows
say "a colour option, a style option"
outer_search display-panes-colour
outer_screen -e
outer_search message-style
outer_screen -e

say "a string that expands; Enter prompts for the session's value"
outer_search status-left
outer_screen
outer_send Enter
outer_wait '^\(status-left, for session main\) '
outer_settle
outer_screen
outer_answer '<#{session_name}#{window_index}> '
outer_screen
run t show -t main status-left
say "S prompts for the global value"
outer_search status-right
outer_send S
outer_wait '^\(status-right, global\) '
outer_settle
outer_screen
outer_answer '{#{session_name}}'
run t show -g status-right

say "w sets a global window & pane option for the window, Enter for the pane"
outer_search allow-rename
outer_step w
outer_screen
run t show -w -t main:0 allow-rename
outer_search alternate-screen
outer_step Enter
outer_screen
run t show -p -t main:0.1 alternate-screen
say "an option set on the window; W sets its global value"
outer_search mode-keys
outer_step W
outer_screen
run t show -gw mode-keys
run t show -w -t main:0 mode-keys
say "an option set on the pane; Enter cycles the pane's value; u unsets it"
outer_search remain-on-exit
outer_screen
outer_step Enter
run t show -p -t main:0.1 remain-on-exit
outer_send u
outer_wait 'Unset remain-on-exit\?'
outer_step y
outer_screen
run t show -p -t main:0.1 remain-on-exit

say "H hides the global options"
outer_step M-- H
outer_screen
outer_step M-+
outer_screen
outer_step q
run t display -p '#{pane_in_mode} #{window_zoomed_flag}'

say "-F: the items' format; -f: a filter (true for every key)"
run t customize-mode -Z -t main:0.1 -F '#{?is_option,#[ignore][#{option_value}]#{?option_is_global,, in #{option_scope}},key #{key}}' -f '#{?is_key,1,#{m:*status*,#{option_name}}}'
outer_wait 'Server Options \(filter: active\)'
outer_step Down Right
outer_screen
outer_search status-format
outer_step Right
outer_screen
outer_step End Right Down
outer_screen
outer_step q
run t display -p '#{pane_in_mode} #{window_zoomed_flag}'
