# A pane's foreground group is its own session's: tcsetpgrp to a group of
# another session fails with EPERM, and ^C and resizes then still reach
# only the pane's programs. The victim is a sleep this case starts in a
# session of its own; it must outlive both.
. "$CONF_LIB"

setsid sleep 1000 </dev/null >/dev/null 2>&1 &
V=$!
trap 'kill "$V" 2>/dev/null; conf_cleanup' EXIT

start_shell p -x 80 -y 24
cat >pg.py <<'PY'
import os, sys
try:
    os.tcsetpgrp(0, int(sys.argv[1]))
    print("set")
except OSError as e:
    print("tcsetpgrp:", e.strerror)
try:
    input("wait> ")
except KeyboardInterrupt:
    print("interrupted")
PY
t send-keys -t p -l "python3 pg.py $V" && t send-keys -t p Enter
wait_for_text p '^wait>'
run t resize-window -t p -x 60 -y 20
t send-keys -t p C-c
wait_for_text p 'interrupted$'
wait_prompt p
norm_add "s/$V/VICTIM/g"
screen p
if kill -0 "$V" 2>/dev/null; then say "victim alive"; else say "victim dead"; fi
