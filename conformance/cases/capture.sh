# capture-pane: -p, -S/-E ranges, -J, -N, -e, -C, -q, -a, -b and buffers.
. "$CONF_LIB"

start_shell c
sh_cmd c 'seq 1 60'
sh_cmd c "printf 'plain \\033[31mred\\033[0m \\033[1;4mbold-ul\\033[0m \\033[38;5;200mx256\\033[0m \\033[48;2;1;2;3mrgb\\033[0m \\033[7mrev\\033[m end\\n'"
sh_cmd c "printf 'tab\\there  trailing   \\n'"
sh_cmd c "printf '%0100d\\n' 0"
sh_cmd c "printf 'wide: \\346\\227\\245\\346\\234\\254 caf\\303\\251 \\001\\n'"
sh_cmd c "printf 'a\\033[5Gb\\033[10Gc\\n'"
run t display-message -p -t c '#{history_size} #{history_limit} #{cursor_x} #{cursor_y}'
screen c
run t capture-pane -p -t c -S 0 -E 2
run t capture-pane -p -t c -S -5 -E -1
run t capture-pane -p -t c -S -5
run t capture-pane -p -t c -S - -E 3
run t capture-pane -p -t c -S - -E -50
run t capture-pane -p -t c -S -1000 -E -40
run t capture-pane -p -t c -E -
run t capture-pane -p -t c -S 20 -E 5
run t capture-pane -p -t c -S 100 -E 200
run t capture-pane -p -t c -S -2 -E 1 -J
run t capture-pane -p -t c -S -2 -E 1 -N
run t capture-pane -p -t c -S -2 -E 1 -J -N
run t capture-pane -p -t c -S 6 -E 8 -e
run t capture-pane -p -t c -S 6 -E 8 -e -J
run t capture-pane -p -t c -S 6 -E 8 -e -N
run t capture-pane -p -t c -e
run t capture-pane -p -t c -S 17 -E 20 -e
run t capture-pane -p -t c -S 17 -E 20 -C
run t capture-pane -p -t c -S 17 -E 20 -e -C
run t capture-pane -p -t c -S 17 -E 20 -T
run t capture-pane -p -t c -S 17 -E 20 -P
run t capture-pane -p -t c -a
run t capture-pane -p -t c -a -q
run t capture-pane -p -t c -S abc
run t capture-pane -p -t c -E abc
run t capture-pane -p -t nosuch
run t capture-pane -p -t c extra

# Into buffers.
run t list-buffers
run t show-buffer
run t capture-pane -t c -S 0 -E 1
run t list-buffers -F '#{buffer_name} #{buffer_size} #{buffer_sample}'
run t show-buffer
run t show-buffer -b buffer0
run t capture-pane -t c -S 2 -E 2 -b mine
run t capture-pane -t c -S 3 -E 3
run t list-buffers -F '#{buffer_name} #{buffer_size}'
# Samples: C escapes, octal, a doubled backslash; cut at 200 with "...".
t set-buffer -b ctl "$(printf 'a\rb\ac\bd\ve\ff\tg\\h\033i\001j\177k\nl')"
t set-buffer -b long "$(printf '\033%.0s' $(seq 1 60))$(printf 'x%.0s' $(seq 1 250))"
run t list-buffers -F '#{buffer_name}: #{buffer_sample}' -f '#{m:[cl]*,#{buffer_name}}'
run t list-buffers
run t show-buffer -b mine
run t show-buffer -b nosuch
run t delete-buffer -b mine
run t delete-buffer -b mine
run t delete-buffer
run t list-buffers -F '#{buffer_name}'
run t set-buffer -b sb 'hello world'
run t set-buffer -a -b sb '!!'
run t show-buffer -b sb
run t set-buffer -b sb -n renamed
run t show-buffer -b renamed
run t list-buffers -F '#{buffer_name}:#{buffer_size}'
run t save-buffer -b renamed "$WORK/saved"
run cat "$WORK/saved"
run t load-buffer -b loaded "$WORK/saved"
run t show-buffer -b loaded
run t load-buffer -b x "$WORK/nosuch"
run t delete-buffer -b nosuch

# Clear history.
run t clear-history -t c
run t display-message -p -t c '#{history_size}'
run t capture-pane -p -t c -S - -E 0

# Alternate screen: a program that switches to it.
start_shell alt
sh_cmd alt "printf 'main-screen\\n'"
t send-keys -t alt -l "printf '\\033[?1049h\\033[Halt-screen\\n'; read x; printf '\\033[?1049l'" &&
    t send-keys -t alt Enter
wait_for_text alt '^alt-screen$'
run t display-message -p -t alt '#{alternate_on} #{cursor_y}'
screen alt
screen alt -a
run t capture-pane -p -t alt -a -S 0 -E 0
t send-keys -t alt Enter
wait_prompt alt
screen alt
run t display-message -p -t alt '#{alternate_on}'

# #{C:}: the first visible line of the pane matching (fnmatch, /r regex,
# /i ignoring case), from 1; 0 for none.
run t new-session -d -s srch -x 40 -y 10 \
    "printf 'hello world\nfoo  \n\nBar baz\n'; sleep 100"
has_bar() { t capture-pane -p -t srch | grep -q Bar; }
conf_poll 10 has_bar || say "srch never printed"
for f in '#{C:hello}' '#{C:foo}' '#{C:bar}' '#{C/i:bar}' '#{C/r:^Ba.}' \
    '#{C/ri:^ba.}' '#{C/r:[}' '#{C:}' '#{C:nothing}' '#{C:#{session_name}}' \
    '#{C:o w}' '#{C:foo  }'; do
	run t display-message -p -t srch "$f"
done
