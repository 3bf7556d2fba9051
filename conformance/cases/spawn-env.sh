# The environment panes and jobs start with: TERM is default-terminal
# (even empty) whatever the client's TERM or the global environment say,
# except for jobs the startup files run (TERM stays the client's, no
# TERM_PROGRAM); PATH comes from a client that is not attached.
. "$(dirname "$0")/../lib.sh"

# Print what a pane wrote to file $1 once it is there.
show_file()
{
	conf_poll 5 test -s "$WORK/$1" || say "TIMEOUT waiting for $1"
	sed 's/^/> /' "$WORK/$1"
}

say "TERM of the client is xterm"
run env TERM=xterm "$BIN" -L "$SOCK" -f /dev/null new-session -d -s e -x 80 -y 24 \
    "echo \"[\$TERM][\$TERM_PROGRAM]\" >$WORK/p0; sleep 100"
show_file p0
run t show-environment -g TERM
say "the global environment's TERM does not win over default-terminal"
run t set-environment -g TERM vt100
run t new-window -d -t e: "echo \"[\$TERM]\" >$WORK/p1; sleep 100"
show_file p1
say "a session's TERM does not either"
run t set-environment -t e TERM vt220
run t new-window -d -t e: "echo \"[\$TERM]\" >$WORK/p2; sleep 100"
show_file p2
run t set-environment -u -t e TERM
say "no TERM at all in the client"
env -u TERM "$BIN" -L "$SOCK" -f /dev/null new-window -d -t e: \
    "echo \"[\$TERM]\" >$WORK/p3; sleep 100"
show_file p3
say "run-shell and if-shell"
run t run-shell "echo \"run [\$TERM][\$TERM_PROGRAM]\" >$WORK/j0"
show_file j0
run t if-shell "echo \"if [\$TERM][\$TERM_PROGRAM]\" >$WORK/j1" ""
show_file j1
say "an empty default-terminal makes TERM empty"
run t set-option -g default-terminal ''
run t new-window -d -t e: "echo \"[\${TERM-unset}]\" >$WORK/p4; sleep 100"
show_file p4
run t run-shell "echo \"run [\${TERM-unset}]\" >$WORK/j2"
show_file j2
run t set-option -g default-terminal screen
run t new-window -d -t e: "echo \"[\$TERM]\" >$WORK/p5; sleep 100"
show_file p5

say "PATH of a client that is not attached"
run env PATH=/from/client:$PATH "$BIN" -L "$SOCK" -f /dev/null new-window -d -t e: \
    "echo \"[\$PATH]\" >$WORK/p6; sleep 100"
show_file p6
run t set-environment -g PATH /global:/bin:/usr/bin
run env PATH=/other/client:/bin:/usr/bin "$BIN" -L "$SOCK" -f /dev/null new-window -d -t e: \
    -e PATH=/dash-e:/bin:/usr/bin "echo \"[\$PATH]\" >$WORK/p7; sleep 100"
show_file p7
run t kill-server
wait_no_server

say "jobs of the startup file keep the client's TERM"
cat >"$WORK/env.conf" <<CONF
run-shell 'echo "cfg [\$TERM][\${TERM_PROGRAM-unset}]" >$WORK/c0'
if-shell 'echo "cfg if [\$TERM][\${TERM_PROGRAM-unset}]" >$WORK/c1' ''
CONF
run env TERM=xterm "$BIN" -L "$SOCK" -f "$WORK/env.conf" new-session -d -s c \
    "echo \"[\$TERM]\" >$WORK/c2; sleep 100"
show_file c0
show_file c1
show_file c2
run env TERM=xterm "$BIN" -L "$SOCK" -f /dev/null run-shell "echo \"later [\$TERM][\$TERM_PROGRAM]\" >$WORK/c3"
show_file c3
