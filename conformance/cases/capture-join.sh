# capture-pane -J (issue 26, item 9): long lines that wrap several times
# joined back as tmux 3.3a joins them: a line of 100 numbers, a line
# whose wrap falls on spaces, trailing spaces before a wrap and at the
# end, a wide character that did not fit before the edge, an empty
# wrapped row; with -S/-E ranges that start or end inside a wrapped
# line, -N, -T, -e and -C; and after the window is resized (reflowed).
. "$(dirname "$0")/../lib.sh"

{
	i=1
	while [ "$i" -le 100 ]; do
		printf '%s ' "$i"
		i=$((i + 1))
	done
	printf '\n'
	printf 'abcdefghijklmnopqrstuvwxyz0123        tail   \n'
	printf '123456789012345678901234567日本語 wide\n'
	printf 'end of line with spaces     \n'
	printf '\033[1mbold\033[m word that wraps over the edge of the pane here\n'
	printf '%s\n' 'short' '' 'x'
	printf '%060d\n' 0
	printf '%030d\n' 7
	printf 'tab\tafter\ttabs\tto the edge\tand on\n'
	printf 'last'
} >"$WORK/text"
t new-session -d -s c -x 30 -y 12 "cat text; exec sleep 1000"
wait_for_text c '^last$'
for f in "" "-J" "-J -N" "-J -T" "-N" "-T" "-J -e" "-J -C" \
    "-J -S -" "-J -S - -E 3" "-J -S -20 -E -18" "-J -S -19 -E -19" \
    "-J -S -17" "-J -S 0 -E 0" "-J -S 3 -E 5" "-J -S -3 -E 1" \
    "-J -E -10" "-S - -E -15"; do
	# shellcheck disable=SC2086
	screen c $f
done
say "reflowed: wider, then narrower"
t resize-window -t c -x 47
for f in "-J" "-J -S - -E 2" "-S - -E 2"; do
	# shellcheck disable=SC2086
	screen c $f
done
t resize-window -t c -x 13
for f in "-J" "-J -S -" "-J -S -40 -E -30"; do
	# shellcheck disable=SC2086
	screen c $f
done
