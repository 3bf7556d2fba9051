# send-keys: the exact bytes each key name, flag and mode puts on the pane's
# tty, read raw by a program and shown with od -c.
. "$CONF_LIB"
need python3 od

cat >"$WORK/keys.py" <<'PY'
# Read the tty raw until "ZZ"; write the bytes to stdout.  argv[1] is a
# string written to the terminal first (mode changes); READY<argv[2]> on
# stderr.
import os, sys, termios, tty
old = termios.tcgetattr(0)
tty.setraw(0)
os.write(2, sys.argv[1].encode() + b"READY" + sys.argv[2].encode() + b"\r\n")
b = b""
while not b.endswith(b"ZZ"):
    b += os.read(0, 256)
termios.tcsetattr(0, termios.TCSADRAIN, old)
os.write(2, b"\033[?1l\033>")
sys.stdout.buffer.write(b[:-2])
PY

start_shell k
N=0
# keys MODE ARGS...: send-keys ARGS (one send-keys per arg group separated
# by "--next") while keys.py reads, then record od -c of what arrived.
keys()
{
	mode=$1
	shift
	N=$((N + 1))
	say "keys $N (mode '$(printf '%s' "$mode" | sed 's/\x1b/\\e/g')'): $*"
	t send-keys -t k -l "clear; python3 keys.py '$mode' $N | od -c >od.$N; echo '=='\"$N\"" &&
	    t send-keys -t k Enter
	wait_for_text k "^READY$N\$"
	args=
	for a in "$@"; do
		if [ "$a" = --next ]; then
			run t ${KEYS_CMD:-send-keys} -t k $args
			args=
		else
			args="$args $a"
		fi
	done
	[ -z "$args" ] || run t ${KEYS_CMD:-send-keys} -t k $args
	t send-keys -t k -l ZZ
	conf_poll 5 conf_marker_prompt k "==$N" || conf_timeout "==$N" k
	run cat od.$N
}

keys '' Enter
keys '' Escape
keys '' Tab
keys '' BTab
keys '' BSpace
keys '' Space
keys '' Up Down Right Left
keys '' Home End
keys '' PageUp PageDown PPage NPage
keys '' IC DC Insert Delete
keys '' F1 F2 F3 F4
keys '' F5 F6 F7 F8
keys '' F9 F10 F11 F12
keys '' C-a C-b C-c C-d C-e
keys '' C-z C-h C-i C-j C-m C-u
keys '' C-Space C-@ 'C-\' 'C-]' 'C-^' C-_ C-?
keys '' M-x M-a M-Enter M-Escape M-BSpace
keys '' C-M-a M-C-b
keys '' C-Up C-Down C-Right C-Left
keys '' S-Up S-Down M-Up M-Left C-S-Right
keys '' S-F1 C-F5 M-F12
keys '' C-Home S-End C-PageUp M-DC
keys '' S-Tab C-Tab M-Tab
keys '' KP0 KP1 KP9 KPEnter KP+ KP- 'KP*' KP/ KP.
keys '' a b c hello Upp up enter
keys '' -l Up --next -l C-a --next -l Enter
keys '' -H 41 42 0a 7f 1b --next -H ff
keys '' -N 3 x --next -N 2 Up
keys '' é ü 日本 --next -l 'λ'
keys '' 'a b' --next '' --next 'x;y'
keys '' -- -l --next -- -H
keys '' '#' '~' '{' '}' '"' "'" '$'
keys '' C-é M-é C-1 M-1 C-' ' M-' '
keys '' ^a ^C '^['
# Application cursor keys (DECCKM) and keypad mode.
keys "$(printf '\033[?1h')" Up Down Right Left Home End
keys "$(printf '\033=')" KP0 KP5 KPEnter KP+ KP. Up
keys "$(printf '\033[?1h\033=')" C-Up S-Up F1 KP1
# Bracketed paste and focus do not change keys.
keys "$(printf '\033[?2004h')" a Enter
keys "$(printf '\033[?2004l')" a

# send-prefix: the session's prefix (-2: prefix2, None types nothing),
# encoded for the pane's modes as any key.
KEYS_CMD=send-prefix
keys '' '' --next -2 --next ''
run t set -g prefix2 C-a
keys '' -2 --next ''
run t set -g prefix M-x
run t set -g prefix2 F1
keys '' '' --next -2
run t set -t k prefix Up
keys "$(printf '\033[?1h')" '' --next -2
run t set -u -t k prefix
run t set -g prefix None
keys '' '' --next -2
KEYS_CMD=
run t set -g prefix C-b
run t set -gu prefix2
run t send-prefix -t nosuch
run t send-prefix -t k -x
run t send-prefix -t k extra

# Errors and edge cases without a reader.
run t send-keys -t k Nosuch-Key
run t send-keys -t k -H zz
run t send-keys -t k -H 100
run t send-keys -t k -N 0 a
run t send-keys -t k -N x a
run t send-keys -t k -X cancel
run t send-keys -t k -M
run t send-keys -t nosuch a
run t send-keys -t k C-c
run t send-keys -t k -R
run t send-keys -t k
