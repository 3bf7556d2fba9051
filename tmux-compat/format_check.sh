#!/bin/bash
# Check format_test's expectations against real tmux 3.3a: run every case
# through `tmux display -p` on a private server set up like the test's
# callbacks (user options, session "sess" with windows "win" and "other",
# pane title "ptitle"). Usage: format_check.sh path/to/format_test [tmux]
set -u
test_bin=${1:?usage: format_check.sh format_test [tmux]}
tmux=${2:-/usr/bin/tmux}
sock=zp-fmtcheck-$$
export TZ=UTC LANG=C.UTF-8 LC_ALL=C.UTF-8
t() { "$tmux" -L "$sock" -f /dev/null "$@"; }
trap 't kill-server 2>/dev/null' EXIT

t new-session -d -s sess -n win -x 80 -y 24 || exit 1
t new-window -d -n other
t select-pane -t sess:0.0 -T ptitle
t set -g automatic-rename off
"$test_bin" --list | while IFS=$'\t' read -r fmt a b; do
	[ "$fmt" = @ ] && t set -g "$a" "$b"
done

pass=0 fail=0
while IFS=$'\t' read -r fmt want; do
	[ "$fmt" = @ ] && continue
	got=$(t display -p -t sess:0.0 "$fmt")
	if [ "$got" = "$want" ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		printf 'MISMATCH %s\n  tmux: [%s]\n  test: [%s]\n' "$fmt" "$got" "$want"
	fi
done < <("$test_bin" --list)
echo "$pass agree, $fail differ"
[ "$fail" -eq 0 ]
