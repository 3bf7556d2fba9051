# With the status line off, a prompt and a message still take the last
# line, over the pane (tmux's screen_redraw_set_context), the prompt's
# cursor there; Tab's completion menu sits above it. Issue 7.
. "$(dirname "$0")/../lib.sh"

t new-session -d -s n -x 80 -y 24
t set -g status off
t set -s escape-time 0
wait_prompt n
outer_start 80 24 "$T attach -t n"
outer_wait '^\$'
outer_settle

say "a prompt"
outer_keys C-b :
outer_settle
outer_keys a b c
outer_settle
outer_screen
say "Tab's menu"
outer_keys C-u s Tab
outer_settle
outer_screen
outer_keys Escape
outer_settle
outer_keys Escape
outer_settle
say "a message"
t display-message 'hello there'
outer_settle
outer_screen
outer_keys C-b d
outer_wait 'rc='
