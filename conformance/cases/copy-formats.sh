# Copy mode's cursor formats without an attached client (copy-mode -t,
# send-keys -X): #{copy_cursor_line} (the line shown at the cursor, up to
# a wide character's second cell) and #{copy_cursor_word} (back to a
# separator of word-separators or a space, then the word after it),
# next-word-end, and searches (regular expressions, plain text, case).
# Issues 4 and 7.
. "$(dirname "$0")/../lib.sh"

t new-session -d -s c -x 40 -y 10 \; set -g automatic-rename off
wait_prompt c
t send-keys -t c "clear; printf 'alpha beta-gamma delta/eps\\n  two  words \\n\\346\\227\\245\\346\\234\\254 x\\n'" Enter
wait_for_text c '^  two  words'
wait_prompt c
t copy-mode -t c
pos()
{
	[ $# -eq 0 ] || t send-keys -t c -X "$@"
	run t display -p -t c '[#{copy_cursor_x},#{copy_cursor_y}] [#{copy_cursor_line}] [#{copy_cursor_word}] [#{search_match}]'
}
pos
pos top-line
pos start-of-line
for i in 1 2 3 4 5; do t send-keys -t c -X cursor-right; done
pos
pos cursor-right
for i in 1 2 3 4; do t send-keys -t c -X cursor-right; done
pos
pos cursor-right
pos end-of-line
pos cursor-down
pos start-of-line
pos cursor-right
pos cursor-right
pos end-of-line
pos cursor-down
pos start-of-line
pos cursor-right
pos cursor-right
pos cursor-right
pos cursor-down
pos cursor-down
say "next-word-end: after the word in emacs mode, on its end in vi"
pos top-line
pos next-word-end
pos next-word-end
t set -w -t c mode-keys vi
pos top-line
pos next-word-end
pos next-word-end
t set -w -t c mode-keys emacs
say "word-separators changed"
t set -g word-separators '/'
pos top-line
pos end-of-line
pos cursor-left
t send-keys -t c -X cancel
run t display -p -t c '#{pane_in_mode} [#{copy_cursor_line}]'

say "searches: -forward/-backward take a regular expression, -text plain"
say "text; without capital letters case is ignored"
t send-keys -t c "clear; printf 'Mixed CASE here\\nabc a.c axc\\nend\\n'" Enter
wait_for_text c '^end$'
wait_prompt c
t copy-mode -t c
pos history-top
pos search-forward 'a.c'
pos search-again
pos search-again
pos search-reverse
pos search-forward-text 'a.c'
pos search-backward 'case'
pos search-forward 'CASE'
pos search-backward 'Case'
pos search-forward 'x[cy]'
pos search-forward '('
pos search-backward-text 'MIXED'
pos search-backward-text 'mixed'
say "vi mode: the cursor stays on the match, the next search starts after it"
t set -w -t c mode-keys vi
pos history-top
pos search-forward 'a.c'
pos search-again
pos search-again
pos search-again
pos search-reverse
pos search-backward 'e'
t set -w -t c mode-keys emacs
t send-keys -t c -X cancel

