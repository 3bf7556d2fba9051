# The status prompt's history: answers typed at a prompt are kept per
# prompt type (command, search, target, window-target), Up/C-p and
# Down/C-n walk them, show-prompt-history and clear-prompt-history (-T)
# print and empty them, prompt-history-limit trims them, history-file is
# read after the configuration and written when the server exits. Issue 7.
. "$(dirname "$0")/../lib.sh"

say "nothing typed yet"
t new-session -d -s h -x 80 -y 23
t set -g status-right '[R]'
t set -s escape-time 0
wait_prompt h
run t show-prompt-history
run t show-prompt-history -T search
run t showphist -T nosuch
run t clear-prompt-history -T nosuch
run t clear-prompt-history extra

outer_start 80 24 "$T attach -t h"
outer_wait '\[h\] 0:'
outer_settle

say "two commands at the prompt, then Up twice brings back the first"
outer_keys C-b :
outer_wait '^:'
outer_keys 'set -g @a 1' Enter
outer_settle
outer_keys C-b :
outer_wait '^:'
outer_keys 'set -g @b 2' Enter
outer_settle
outer_keys C-b :
outer_wait '^:'
outer_keys Up Up
outer_settle
outer_screen
say "once more Up: nothing older; Down twice: back to the newest, then empty"
outer_keys Up Down
outer_settle
outer_screen
outer_keys Down
outer_settle
outer_screen
outer_keys C-p C-p C-n
outer_settle
outer_screen
outer_keys Escape
outer_wait '\[h\] 0:'

say "a repeated answer is kept once; an empty one not at all"
outer_keys C-b :
outer_wait '^:'
outer_keys 'set -g @b 2' Enter
outer_settle
outer_keys C-b :
outer_wait '^:'
outer_keys Enter
outer_settle
run t show-prompt-history -T command

say "-T search and an unknown type"
run t command-prompt -b -T search -p find 'set -g @s "%%"'
outer_wait '^find'
outer_keys 'needle' Enter
outer_settle
run t show -gv @s
run t command-prompt -T nosuch 'display x'
run t show-prompt-history

say "without -b the command waits for the answer"
t command-prompt -p ask 'set -g @w "%%"' >"$WORK/w.out" 2>&1 &
wpid=$!
outer_wait '^ask'
outer_settle
kill -0 "$wpid" 2>/dev/null && say "command-prompt still waiting"
run t show -gv @w
outer_keys 'answered' Enter
wait "$wpid"
say "command-prompt rc=$?"
run t show -gv @w
t confirm-before -p 'sure?' 'set -g @y yes' >>"$WORK/w.out" 2>&1 &
wpid=$!
outer_wait '^sure\?'
outer_settle
kill -0 "$wpid" 2>/dev/null && say "confirm-before still waiting"
outer_keys y
wait "$wpid"
say "confirm-before rc=$?"
run cat "$WORK/w.out"
run t show -gv @y

say "prompt-history-limit 2 trims at the next answer"
t set -g prompt-history-limit 2
outer_keys C-b :
outer_wait '^:'
outer_keys 'set -g @c 3' Enter
outer_settle
run t show-prompt-history -T command
run t clear-prompt-history -T command
run t show-prompt-history
run t clear-prompt-history
run t show-prompt-history -T search
t detach-client -s h
conf_poll 5 sh -c "! $T list-clients | grep -q ."

say "history-file: read after the configuration, written at exit"
printf 'command:one\nsearch:two\nold-style line\nbad:type:x\n' >"$WORK/hist"
printf 'set -g history-file %s/hist\n' "$WORK" >"$WORK/h.conf"
extra_server -L "${SOCK}f"
"$BIN" -L "${SOCK}f" -f "$WORK/h.conf" new-session -d -s f
"$BIN" -L "${SOCK}f" show-prompt-history >"$WORK/shown"
run cat "$WORK/shown"
"$BIN" -L "${SOCK}f" kill-server
conf_poll 5 sh -c "! \"$BIN\" -L \"${SOCK}f\" has-session 2>/dev/null"
run cat "$WORK/hist"
