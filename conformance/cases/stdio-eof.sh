# Programs that read the terminal through glibc's stdio end on C-d at
# the start of a line in canonical mode, as on tmux's pty: stdio reads
# past the shim's read(), so zeropty points stdio's read at the shim
# (shim/shim-stdio.c). C-d after text sends the text without a newline.
. "$CONF_LIB"
need sort od sed rev python3

start_shell p

# lines PANE TEXT...: type each TEXT as a line (a program that answers
# each line must be waited for between them: its answer and the echo of
# the next line would race, on tmux too).
lines()
{
	conf_lp=$1
	shift
	for conf_l in "$@"; do
		t send-keys -t "$conf_lp" -l "$conf_l" &&
		    t send-keys -t "$conf_lp" Enter
	done
}

# sort (fread): three lines, then C-d.
t send-keys -t p -l 'sort; echo rc=$?' && t send-keys -t p Enter
wait_proc p sort
lines p pear apple fig
wait_for_text p '^fig$'
run t send-keys -t p C-d
wait_for_text p '^rc=0$'
wait_prompt p
screen p
sh_cmd p 'clear'

# od -c (fread): a line, text without a newline (C-d sends it), C-d.
t send-keys -t p -l 'od -c; echo rc=$?' && t send-keys -t p Enter
wait_proc p od
lines p ab
t send-keys -t p -l 'cd'
wait_for_text p '^cd$'
run t send-keys -t p C-d
run t send-keys -t p C-d
wait_for_text p '^rc=0$'
wait_prompt p
screen p
sh_cmd p 'clear'

# sed (getdelim) and rev (a wide stream, fgetws).
t send-keys -t p -l "sed -n 's/^/> /p'; echo rc=\$?" && t send-keys -t p Enter
wait_proc p sed
lines p one
wait_for_text p '^> one$'
lines p two
wait_for_text p '^> two$'
run t send-keys -t p C-d
wait_for_text p '^rc=0$'
wait_prompt p
t send-keys -t p -l 'rev; echo rc=$?' && t send-keys -t p Enter
wait_proc p rev
lines p 'stressed'
wait_for_text p '^desserts$'
lines p 'café'
wait_for_text p '^éfac$'
run t send-keys -t p C-d
wait_for_text p '^rc=0$'
wait_prompt p
screen p
sh_cmd p 'clear'

# python3 -I: sys.stdin.read() to C-d, then input() (stdio's fgets, as
# the REPL without readline) until EOFError.
t send-keys -t p -l "python3 -I -c 'import sys; print(repr(sys.stdin.read()))'; echo rc=\$?" &&
    t send-keys -t p Enter
wait_proc p python3
lines p 'first' 'second'
wait_for_text p '^second$'
run t send-keys -t p C-d
wait_for_text p '^rc=0$'
wait_prompt p
cat >"$WORK/in.py" <<'EOF'
n = 0
while True:
    try:
        s = input("in> ")
    except EOFError:
        break
    n += len(s)
print("\nchars", n)
EOF
t send-keys -t p -l 'python3 -I in.py; echo rc=$?' && t send-keys -t p Enter
wait_last p '^in> ?$'
lines p 'hello'
wait_tail p '^in> hello$' '^in> ?$'
lines p 'world'
wait_tail p '^in> world$' '^in> ?$'
run t send-keys -t p C-d
wait_for_text p '^rc=0$'
wait_prompt p
screen p
