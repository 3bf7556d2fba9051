# Copy mode's word and space motions at the edges (issue 26, item 8):
# next-word, next-word-end, previous-word, next-space, next-space-end and
# previous-space in emacs and vi mode, each step copied (begin-selection,
# the motion, copy-selection, show-buffer), over single-letter words,
# separators, an indented continuation line, a line that wraps (a word
# across the wrap, a wide character), trailing spaces, and the first and
# last lines of the history and the screen.
. "$(dirname "$0")/../lib.sh"

# The last line has no newline, so the cursor ends on the last row.
printf '%s\n' 'a b  c-d e.f  g' \
    '  indented continuation' \
    'x' \
    '' \
    'one two three four five six seven eightnine ten' \
    'trailing   ' \
    'wide 日本語 end' \
    '1234567890123456789012345678901234567日本 z' \
    '@@ -- q_r' \
    '    ' \
    'last line' >"$WORK/text"
printf 'z y' >>"$WORK/text"
t new-session -d -s c -x 40 -y 8 "cat text; exec sleep 1000"
wait_for_text c '^z y$'
t copy-mode -t c

pos()
{
	t display -p -t c '[#{copy_cursor_x},#{copy_cursor_y} #{scroll_position}]'
}

# walk MOTION START N: from START (history-top or history-bottom with
# end-of-line), N steps, each one copied.
walk()
{
	say "$(t show -wv -t c mode-keys) $1 from $2"
	t send -X -t c clear-selection \; send -X -t c "$2"
	[ "$2" = history-bottom ] && t send -X -t c end-of-line
	i=0
	while [ "$i" -lt "$3" ]; do
		t delete-buffer 2>/dev/null
		t send -X -t c begin-selection \; send -X -t c "$1" \; \
		    send -X -t c copy-selection
		printf '%s {%s}\n' "$(pos)" "$(t show-buffer 2>&1 |
		    tr '\n' '|')"
		i=$((i + 1))
	done
}

for keys in emacs vi; do
	t set -w -t c mode-keys $keys
	for m in next-word next-word-end next-space next-space-end; do
		walk $m history-top 36
	done
	for m in previous-word previous-space; do
		walk $m history-bottom 36
	done
done
say "select-word after each next-space"
t send -X -t c clear-selection \; send -X -t c history-top
i=0
while [ "$i" -lt 24 ]; do
	t delete-buffer 2>/dev/null
	t send -X -t c select-word \; send -X -t c copy-selection
	printf '%s {%s}\n' "$(pos)" "$(t show-buffer 2>&1 | tr '\n' '|')"
	t send -X -t c clear-selection \; send -X -t c next-space
	i=$((i + 1))
done
t send -X -t c cancel
