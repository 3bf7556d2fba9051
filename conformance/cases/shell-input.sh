# Programs reading the tty through the line discipline: read with erase and
# kill keys, signals from C-c/C-\, EOF from C-d, stty settings.
. "$CONF_LIB"

start_shell s

# read with BSpace (erase) and C-u (kill); C-h is not the erase character.
t send-keys -t s -l "read a; echo \"got[\$a]\"; echo '=='r1" && t send-keys -t s Enter
run t send-keys -t s -l 'hellx'
run t send-keys -t s BSpace
run t send-keys -t s -l 'o wor'
run t send-keys -t s C-u
run t send-keys -t s -l 'again'
run t send-keys -t s C-w
run t send-keys -t s -l 'last'
run t send-keys -t s C-h
run t send-keys -t s Enter
wait_for_text s '^==r1$'
wait_prompt s
screen s

# With stty erase ^H, C-h erases.
sh_cmd s 'stty erase ^H'
t send-keys -t s -l "read a; echo \"got[\$a]\"; echo '=='r2" && t send-keys -t s Enter
run t send-keys -t s -l 'abcd'
run t send-keys -t s C-h C-h
run t send-keys -t s -l 'XY'
run t send-keys -t s BSpace Enter
wait_for_text s '^==r2$'
wait_prompt s
sh_cmd s 'stty sane; clear'

# trap INT + C-c; C-c with no trap at the prompt.
t send-keys -t s -l "trap 'echo caught-int' INT; echo waiting; read x; echo after-read; trap - INT; echo '=='t1" &&
    t send-keys -t s Enter
wait_for_text s '^waiting$'
run t send-keys -t s C-c
wait_for_text s 'caught-int$'
wait_for_text s '^==t1$'
wait_prompt s
t send-keys -t s -l 'partial line'
run t send-keys -t s C-c
wait_last s '^\$ ?$'
sh_cmd s 'echo after-cc'
screen s
sh_cmd s clear

# C-\ (SIGQUIT) kills the foreground program.
t send-keys -t s -l "sleep 30; echo status=\$?; echo '=='q1" && t send-keys -t s Enter
wait_proc s sleep
run t send-keys -t s 'C-\'
wait_for_text s '^==q1$'
wait_prompt s
screen s
sh_cmd s clear

# cat echoes lines; C-d at line start ends input; C-d mid-line flushes.
t send-keys -t s -l "cat; echo \"cat=\$?\"; echo '=='c1" && t send-keys -t s Enter
wait_for_text s "c1\"?\$"
run t send-keys -t s -l 'line one'
run t send-keys -t s Enter
wait_for_text s '^line one$'
run t send-keys -t s -l 'no newline'
run t send-keys -t s C-d
wait_for_text s '^no newlineno newline$'
run t send-keys -t s C-d
wait_for_text s '^==c1$'
wait_prompt s
screen s
sh_cmd s clear

# Literal next (C-v) and echo of control characters.
t send-keys -t s -l "read a; printf '%s' \"\$a\" | od -c | head -1; echo '=='v1" && t send-keys -t s Enter
run t send-keys -t s -l 'x'
run t send-keys -t s C-v C-a
run t send-keys -t s C-v Tab
run t send-keys -t s Escape
run t send-keys -t s -l 'y'
run t send-keys -t s Enter
wait_for_text s '^==v1$'
wait_prompt s
screen s
sh_cmd s 'stty -echo'
t send-keys -t s -l 'echo silent-typing' && t send-keys -t s Enter
wait_for_text s 'silent-typing$'
t send-keys -t s -l "stty echo; echo '=='e1" && t send-keys -t s Enter
wait_for_text s '==e1$'
wait_prompt s
screen s
