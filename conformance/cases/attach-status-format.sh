# status-format lines of one's own drawn as tmux 3.3a's format_draw draws
# them: fill, a window list of one's own with its markers and focus, cut
# around the focus; absolute-centre; push-default and pop-default; runs of
# # before [; an invalid style block; a missing ]; ranges clicked with
# the mouse; pane-border-format aligned. Issue 7.
. "$(dirname "$0")/../lib.sh"

t new-session -d -s f -x 80 -y 23 -n first \; set -g automatic-rename off
t set -g status-right '[R]'
t set -s escape-time 0
t set -g mouse on
for n in second third fourth fifth sixth seventh eighth ninth tenth; do
	t new-window -d -t f: -n "window-$n"
done
t select-window -t f:5
wait_prompt f:5
outer_start 80 24 "$T attach -t f"
outer_wait '\[f\] '
outer_settle

line()
{
	outer_settle
	printf -- '--- status\n'
	outer capture-pane -p -e -S 23 -E 23 | sed 's/^/| /'
}

list='#[list=on align=centre]#[list=left-marker]<<#[list=right-marker]>>#[list=on]#{W:#[range=window|#{window_index}]#{window_index}-#{window_name} #[norange],#[range=window|#{window_index} list=focus fg=red]*#{window_index}-#{window_name}* #[norange list=on default]}'

say "fill, a centred list of one's own cut around the focus, after it"
t set -g 'status-format[0]' "#[fill=blue align=left]L#[nolist]$list#[nolist]after#[align=right]R"
line
say "the focus at the start and at the end of the list"
t select-window -t f:0
line
t select-window -t f:9
line

say "the list on the left and on the right"
t set -g 'status-format[0]' "#[align=left]left:$list#[nolist align=right]:right"
line
t set -g 'status-format[0]' "#[align=left]left:#[align=right]$list#[nolist]after"
line
t select-window -t f:5

say "absolute-centre beside a list in the absolute centre"
t set -g 'status-format[0]' '#[align=left]left#[align=absolute-centre]ABS#[align=right]right'
line
t set -g 'status-format[0]' "#[align=left]L#[align=absolute-centre]abs:#[list=on align=absolute-centre]#{W:#{window_index} ,#[list=focus]<#{window_index}> #[list=on]}#[nolist align=right]R"
line

say "push-default, pop-default and default"
t set -g 'status-format[0]' '#[fg=green]#[push-default]a#[fg=red bold]b#[default]c#[pop-default]#[default]d#[fg=yellow,reverse]e#[noreverse]f'
line

say "runs of # before [ and elsewhere"
t set -g 'status-format[0]' 'x##y ###[bold]z ####[w #####[fg=red]v ##'
line

say "an invalid style block is skipped whole; a missing ] draws nothing"
t set -g 'status-format[0]' '#[fg=red bogus]X#[fg=green]Y#[range=window]Z'
line
t set -g 'status-format[0]' 'abc#[fg=red'
line

say "a combining accent joins the character before it; wide characters"
t set -g 'status-format[0]' "$(printf 'ae\314\201b \344\270\255\314\201c #[align=right]\314\201z')"
line

say "ignore: #[ is text until the end"
t set -g 'status-format[0]' 'a#[ignore]#[fg=red]b#[noignore]c'
line

say "a second line of one's own with a window range; clicks select windows"
t set -g status 2
t set -g 'status-format[0]' "#[align=left]L$list#[nolist align=right]R"
t set -g 'status-format[1]' '#[align=right]#[range=window|2]go-two#[norange] #[range=window|7]go-seven#[norange] #[range=window|99]none#[norange] end'
outer_settle
outer_screen -e
# The second line is the last row: find go-seven on it and click there.
col=$(outer capture-pane -p -S 23 -E 23 | awk '{ print index($0, "go-seven") }')
outer_raw "\033[<0;$((col + 1));24M\033[<0;$((col + 1));24m"
conf_poll 5 sh -c "[ \"\$($T display -p -t f: '#{window_index}')\" = 7 ]"
run t display -p -t f: '#{window_index}'
sleep 0.5	# not a second click
col=$(outer capture-pane -p -S 23 -E 23 | awk '{ print index($0, "go-two") }')
outer_raw "\033[<0;$col;24M\033[<0;$col;24m"
conf_poll 5 sh -c "[ \"\$($T display -p -t f: '#{window_index}')\" = 2 ]"
run t display -p -t f: '#{window_index}'
say "a range for a window that is not there: no key"
sleep 0.5
col=$(outer capture-pane -p -S 23 -E 23 | awk '{ print index($0, "none") }')
outer_raw "\033[<0;$col;24M\033[<0;$col;24m"
run t display -p -t f: '#{window_index}'
say "a window on the first line's list"
sleep 0.5
outer_screen -e
col=$(outer capture-pane -p -S 22 -E 22 | awk '{ print index($0, "4-window") }')
outer_raw "\033[<0;$col;23M\033[<0;$col;23m"
conf_poll 5 sh -c "[ \"\$($T display -p -t f: '#{window_index}')\" = 4 ]"
run t display -p -t f: '#{window_index}'
t set -g status on
t set -gu 'status-format'

say "pane-border-format with align and fill"
t split-window -h -t f:4
wait_prompt f:4.1
t set -g pane-border-status top
t set -g pane-border-format '#[align=right]#{pane_index}#[align=left]L#[align=centre]C'
outer_settle
outer_screen -e
t set -g pane-border-format '#[fill=red]#{pane_index}'
outer_settle
outer_screen -e
