# conformance/lib.sh: helpers sourced by conformance/cases/*.sh.
#
# run.sh runs every case twice, once with BIN=tmux 3.3a and once with
# BIN=zeropty, each on its own private -L socket, and diffs the two
# transcripts the case writes to stdout.  Everything a case prints must
# therefore be deterministic for tmux itself; the normalisers below remove
# what tmux makes vary (socket paths, pids, dates, byte counts).
#
# Environment given by run.sh:
#   BIN   multiplexer under test (tmux or zeropty), same argv as tmux
#   SOCK  unique -L socket name for this case and side
#   WORK  empty private directory for this case and side
#   SIDE  "ref" or "sut" (only for checks that cannot be diffed, like -V)
#
# A case uses:
#   t ARGS...             run "$BIN" -L "$SOCK" -f /dev/null ARGS ($T too)
#   run CMD...            record "$ CMD", stdout ("> "), stderr ("! "), rc=N
#   say TEXT              record a comment line
#   wait_for_text P RE [S]  poll capture-pane of P every 20 ms for RE
#   wait_prompt P [S]     wait until the last non-blank line of P is "$"
#   sh_cmd P CMD [S]      type CMD + a marker in shell pane P and wait for
#                         the marker followed by a fresh prompt
#   screen P [FLAGS]      record capture-pane -p [FLAGS] of P
#   need PROG             skip the rest of the case when PROG is missing
#   norm_add SED          add a sed expression to this case's normaliser
# Synchronisation is always by polling for text, never by fixed sleeps.
# A wait that times out records the screen and ends the case (the other
# side will differ, so the case fails).

set -u
: "${BIN:?BIN not set}" "${SOCK:?SOCK not set}" "${WORK:?WORK not set}"
SIDE=${SIDE:-ref}

# A fixed environment, so both servers start identical shells.
unset TMUX TMUX_PANE TMUX_TMPDIR LC_ALL LC_CTYPE LC_MESSAGES LANGUAGE \
    ENV BASH_ENV PROMPT_COMMAND PYTHONSTARTUP PYTHONPATH LESS LESSOPEN \
    LESSCLOSE VIMINIT EXINIT MAIL MAILPATH CDPATH COLUMNS LINES \
    PYENV_VERSION VIRTUAL_ENV OLDPWD 2>/dev/null
export SHELL=/bin/sh
export LANG=C.UTF-8
export TERM=xterm-256color
export PS1='$ '
export PS2='> '
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export HOME="$WORK/home"
export LESSHISTFILE=-
export PYTHONDONTWRITEBYTECODE=1
export TZ=UTC
mkdir -p "$HOME"
# Panes run login shells: /etc/profile sets PS1='# ' for root, so set the
# prompt again from ~/.profile.
printf "PS1='\$ '\nexport PS1\n" >"$HOME/.profile"
cd "$WORK" || exit 1

T="$BIN -L $SOCK -f /dev/null"

# $WORK/bin/tmux is a symlink to $BIN: use it when the program name shows
# (usage, -V) or when the command line is typed into a pane (its length
# changes line wrapping).  Inside panes $WORK is the current directory.
mkdir -p "$WORK/bin"
ln -sf "$BIN" "$WORK/bin/tmux"
TM=$WORK/bin/tmux

t()
{
	"$BIN" -L "$SOCK" -f /dev/null "$@"
}

# Servers to kill on exit besides our -L one ("-S path" or "-L name").
CONF_EXTRA_SERVERS=
# Server PIDs a case recorded (server_pid): killed if kill-server left them
# running (tmux 3.3a waits forever for a control client whose output pipe
# is full, even after kill-server).
CONF_SERVER_PIDS=
server_pid()
{
	CONF_SERVER_PIDS="$CONF_SERVER_PIDS $1"
}

extra_server()
{
	CONF_EXTRA_SERVERS="$CONF_EXTRA_SERVERS|$1 $2"
}

conf_cleanup()
{
	while [ "${CONF_OUTER_N:-0}" -gt 0 ]; do
		timeout 10 "$CONF_OUTER" -L "o$CONF_OUTER_N$SOCK" kill-server \
		    >/dev/null 2>&1
		CONF_OUTER_N=$((CONF_OUTER_N - 1))
	done
	timeout 10 "$BIN" -L "$SOCK" kill-server >/dev/null 2>&1
	old_ifs=$IFS
	IFS='|'
	for s in $CONF_EXTRA_SERVERS; do
		[ -n "$s" ] || continue
		IFS=$old_ifs
		# shellcheck disable=SC2086
		timeout 10 "$BIN" $s kill-server >/dev/null 2>&1
		IFS='|'
	done
	IFS=$old_ifs
	for p in $CONF_SERVER_PIDS; do
		conf_poll 2 sh -c "! kill -0 $p 2>/dev/null" && continue
		kill "$p" 2>/dev/null
		conf_poll 2 sh -c "! kill -0 $p 2>/dev/null" ||
		    kill -9 "$p" 2>/dev/null
	done
}
trap 'conf_cleanup' EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM

# --- normalisation ------------------------------------------------------

CONF_NORM_EXTRA=
norm_add()
{
	CONF_NORM_EXTRA="$CONF_NORM_EXTRA
$1"
}

# Filter stdin: replace what legitimately differs between runs and sides.
norm()
{
	sed -e "s#$WORK#WORKDIR#g" \
	    -e "s#$BIN#BIN#g" \
	    -e 's#/tmp/tmux-[0-9][0-9]*/#SOCKDIR/#g' \
	    -e 's#/tmp/zeropty-[0-9][0-9]*/#SOCKDIR/#g' \
	    -e "s#$SOCK#SOCKNAME#g" \
	    -e 's#\(SOCKDIR/[^,]*\),[0-9][0-9]*,#\1,PID,#g' \
	    -e 's/(created [A-Z][a-z][a-z] [A-Z][a-z][a-z] [ 0-9][0-9] [0-9][0-9]:[0-9][0-9]:[0-9][0-9] [0-9]\{4\})/(created DATE)/g' \
	    -e 's/, [0-9][0-9]* bytes\]/, N bytes]/g' \
	    -e 's/ - ([0-9][0-9]:[0-9][0-9] [0-9][0-9]-[A-Z][a-z][a-z]-[0-9][0-9])$/ - (TIME)/' \
	    -e "$CONF_NORM_EXTRA"
}

# --- recording ----------------------------------------------------------

say()
{
	printf '# %s\n' "$*" | norm
}

# Print file $1 with prefix $2, noting a missing final newline.
conf_dump()
{
	[ -s "$1" ] || return 0
	norm <"$1" | sed "s/^/$2/"
	if [ "$(tail -c 1 "$1" | wc -l)" -eq 0 ]; then
		printf '\n%s(no newline at end)\n' "$2"
	fi
}

# Quote one argument for the transcript.
conf_quote()
{
	case $1 in
	''|*[!A-Za-z0-9_./:=@%^+,{}-]*)
		printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")" ;;
	*)
		printf '%s' "$1" ;;
	esac
}

run()
{
	{
		printf '$'
		for a in "$@"; do
			printf ' '
			conf_quote "$a"
		done
		printf '\n'
	} | norm
	"$@" >"$WORK/.out" 2>"$WORK/.err" </dev/null
	rc=$?
	conf_dump "$WORK/.out" '> '
	conf_dump "$WORK/.err" '! '
	echo "rc=$rc"
	return $rc
}

# Like run, but feed stdin from the string $1.
run_in()
{
	conf_in=$1
	shift
	printf '%s' "$conf_in" >"$WORK/.in"
	{
		printf '$'
		for a in "$@"; do
			printf ' '
			conf_quote "$a"
		done
		printf ' <<< %s\n' "$(conf_quote "$conf_in")"
	} | norm
	"$@" >"$WORK/.out" 2>"$WORK/.err" <"$WORK/.in"
	rc=$?
	conf_dump "$WORK/.out" '> '
	conf_dump "$WORK/.err" '! '
	echo "rc=$rc"
	return $rc
}

# Run quietly; print nothing unless it fails (then record it all).
quiet()
{
	"$@" >"$WORK/.qout" 2>"$WORK/.qerr" </dev/null && return 0
	rc=$?
	say "FAILED (rc=$rc): $*"
	conf_dump "$WORK/.qout" '> '
	conf_dump "$WORK/.qerr" '! '
	return $rc
}

screen()
{
	conf_p=$1
	shift
	printf -- '--- screen %s %s\n' "$conf_p" "$*"
	t capture-pane -p -t "$conf_p" "$@" >"$WORK/.scr" 2>"$WORK/.scre"
	conf_rc=$?
	conf_dump "$WORK/.scr" '| '
	conf_dump "$WORK/.scre" '! '
	[ "$conf_rc" -eq 0 ] || echo "rc=$conf_rc"
	printf -- '---\n'
}

need()
{
	for p in "$@"; do
		if ! command -v "$p" >/dev/null 2>&1; then
			say "SKIP: $p not installed"
			exit 0
		fi
	done
}

# --- synchronisation ----------------------------------------------------

# conf_poll TIMEOUT CHECK...: run CHECK every 20 ms until it succeeds.
conf_poll()
{
	conf_n=$(($1 * 50))
	shift
	while [ "$conf_n" -gt 0 ]; do
		"$@" && return 0
		sleep 0.02
		conf_n=$((conf_n - 1))
	done
	return 1
}

conf_timeout()
{
	say "TIMEOUT waiting for $1 in pane $2"
	screen "$2"
	exit 1
}

conf_has_text()
{
	t capture-pane -p -t "$1" 2>/dev/null | grep -Eq -- "$2"
}

wait_for_text()
{
	conf_poll "${3:-5}" conf_has_text "$1" "$2" ||
	    conf_timeout "/$2/" "$1"
}

# True when the last non-blank line of pane $1 matches ERE $2.
conf_last_is()
{
	t capture-pane -p -t "$1" 2>/dev/null |
	    awk -v re="$2" '{ l[NR] = $0 }
		END { n = NR; while (n > 0 && l[n] ~ /^ *$/) n--;
		    exit !(n > 0 && l[n] ~ re) }'
}

wait_last()
{
	conf_poll "${3:-5}" conf_last_is "$1" "$2" ||
	    conf_timeout "last line /$2/" "$1"
}

wait_prompt()
{
	wait_last "$1" '^\$ ?$' "${2:-5}"
}

# A detached session $1 of $2 windows (-x $3 -y $4), each shell at its
# prompt.
session_of_windows()
{
	t new-session -d -s "$1" -x "$3" -y "$4"
	wait_prompt "$1:0"
	conf_w=1
	while [ "$conf_w" -lt "$2" ]; do
		t new-window -d -t "$1"
		wait_prompt "$1:$conf_w"
		conf_w=$((conf_w + 1))
	done
}

# True when pane $1 ends with the line $2 followed by a "$" prompt.
conf_marker_prompt()
{
	t capture-pane -p -t "$1" 2>/dev/null |
	    awk -v m="$2" '{ l[NR] = $0 }
		END { n = NR; while (n > 0 && l[n] ~ /^ *$/) n--;
		    exit !(n > 1 && l[n] ~ /^\$ ?$/ && l[n - 1] == m) }'
}

CONF_MARK=0
# sh_cmd PANE CMD [TIMEOUT]: run CMD in the shell of PANE and wait until it
# has finished (a marker line then a fresh prompt).  The marker is split
# by quotes so the echoed command line never matches it.
sh_cmd()
{
	CONF_MARK=$((CONF_MARK + 1))
	t send-keys -t "$1" -l "$2; echo '=='\"$CONF_MARK\"" &&
	    t send-keys -t "$1" Enter || conf_timeout "send-keys" "$1"
	conf_poll "${3:-5}" conf_marker_prompt "$1" "==$CONF_MARK" ||
	    conf_timeout "marker ==$CONF_MARK" "$1"
}

# start_shell NAME [new-session flags]: a detached 80x24 session running
# /bin/sh with the "$ " prompt, ready for input.
start_shell()
{
	conf_s=$1
	shift
	t new-session -d -s "$conf_s" -x 80 -y 24 "$@" ||
	    { say "new-session $conf_s failed"; exit 1; }
	wait_prompt "$conf_s"
}

# conf_server_gone ARGS...: true when "$BIN ARGS ls" finds no server.
conf_server_gone()
{
	"$BIN" "$@" -f /dev/null ls >/dev/null 2>"$WORK/.gone" && return 1
	grep -Eq 'no server running|error connecting' "$WORK/.gone"
}

# wait_no_server [-L name | -S path]: after kill-server or killing the last
# session, wait until the server has really gone (it exits asynchronously).
wait_no_server()
{
	[ $# -gt 0 ] || set -- -L "$SOCK"
	conf_poll 5 conf_server_gone "$@" || say "server still running: $*"
}

# True when a descendant of pane $1's process is named $2 (in state $3 when
# given, e.g. T for stopped).
conf_has_proc()
{
	conf_pid=$(t display-message -p -t "$1" '#{pane_pid}' 2>/dev/null)
	[ -n "$conf_pid" ] || return 1
	ps -e -o pid=,ppid=,stat=,comm= | awk -v root="$conf_pid" -v c="$2" \
	    -v st="${3:-}" '
		{ pp[$1] = $2; s[$1] = $3; n[$1] = $4 }
		END {
			for (p in pp) {
				if (n[p] != c || (st != "" && index(s[p], st) != 1))
					continue;
				for (q = pp[p]; q != "" && q > 1; q = pp[q])
					if (q == root) exit 0;
			}
			exit 1
		}'
}

# wait_proc PANE NAME [STATE]: wait until the pane runs a program NAME.
wait_proc()
{
	conf_poll 5 conf_has_proc "$1" "$2" "${3:-}" ||
	    conf_timeout "process $2${3:+ in state $3}" "$1"
}

# True when the last non-blank lines of pane $1 match the EREs $2, $3, ...
# in order (the last ERE matches the last non-blank line).
conf_tail_is()
{
	conf_p=$1
	shift
	t capture-pane -p -t "$conf_p" 2>/dev/null | awk -v nre=$# '
		BEGIN { for (i = 1; i <= nre; i++) re[i] = ARGV[i]; ARGC = 1 }
		{ l[NR] = $0 }
		END {
			n = NR; while (n > 0 && l[n] ~ /^ *$/) n--;
			if (n < nre) exit 1;
			for (i = nre; i >= 1; i--)
				if (l[n - nre + i] !~ re[i]) exit 1;
			exit 0
		}' "$@"
}

# wait_tail PANE ERE...: wait until the pane ends with lines matching ERE...
wait_tail()
{
	conf_wp=$1
	shift
	conf_poll 5 conf_tail_is "$conf_wp" "$@" ||
	    conf_timeout "last lines /$*/" "$conf_wp"
}

conf_cursor_is()
{
	[ "$(t display-message -p -t "$1" '#{cursor_x} #{cursor_y}' 2>/dev/null)" = "$2 $3" ]
}

# wait_cursor PANE X Y: wait until the pane's cursor is at X,Y (a program
# draws its screen first and moves the cursor last).
wait_cursor()
{
	conf_poll 5 conf_cursor_is "$1" "$2" "$3" ||
	    conf_timeout "cursor at $2,$3" "$1"
}

# --- an outer terminal, for attached clients -----------------------------
#
# The outer terminal is tmux 3.3a itself on its own socket (oN$SOCK), on
# both sides: a real terminal emulator whose screen capture-pane reads
# back. The client under test runs in its only pane.
#   outer_start COLS ROWS CMD  start a new one running CMD (then "rc=N", a
#                              pause); the previous one is left as it is
#   outer_keys KEY...          type keys into it (send-keys words)
#   outer_send ARGS...         one send-keys ARGS to it (-l TEXT for text)
#   outer_step KEY...          type each key and let the screen settle
#   outer_search TEXT          C-s, TEXT, Enter in a mode's search prompt
#   outer_answer TEXT          replace a prompt's text with TEXT, Enter
#   outer_apart                wait out the click timer before a press
#   outer_wait RE [S]          poll its screen for RE
#   outer_screen [-e]          record its screen and cursor
CONF_OUTER=/usr/bin/tmux
CONF_OUTER_N=0

outer()
{
	"$CONF_OUTER" -L "o$CONF_OUTER_N$SOCK" -f /dev/null "$@"
}

outer_start()
{
	CONF_OUTER_N=$((CONF_OUTER_N + 1))
	outer new-session -d -x "$1" -y "$2" \
	    "env -u TMUX $3; echo rc=\$?; exec sleep 600"
}

# One key at a time, each given time to arrive: tmux 3.3a parses keys
# that reach it in one read differently (three Ups in one write of the
# outer terminal move its copy-mode cursor twice).
# An Escape and the next key in one read are one Meta key (tmux reads them
# so too): after an Escape the next call settles first.
outer_keys()
{
	conf_pane=$(outer list-panes -a -F '#{pane_id}')
	[ "${conf_last_key:-}" = Escape ] && outer_settle
	for conf_key in "$@"; do
		outer send-keys -t "$conf_pane" "$conf_key"
		[ $# -gt 1 ] && outer_settle
	done
	conf_last_key=$conf_key
}

outer_send()
{
	outer send-keys -t "$(outer list-panes -a -F '#{pane_id}')" "$@"
}

outer_step()
{
	for conf_key in "$@"; do
		outer_send "$conf_key"
		outer_settle
	done
}

# A mode's search prompt shows "(search)" before the text is typed.
outer_search()
{
	outer_send C-s
	outer_wait '^\(search\)'
	outer_send -l "$1"
	outer_send Enter
	outer_settle
}

outer_answer()
{
	outer_send C-u
	outer_send -l "$1"
	outer_send Enter
	outer_settle
}

# A press of the button pressed less than 300 ms before is a SecondClick
# (tmux 3.3a's click timer), which modes ignore: the one fixed wait, as
# the timer cannot be observed.
outer_apart()
{
	sleep 0.4
}

outer_has()
{
	outer capture-pane -p 2>/dev/null | grep -Eq -- "$1"
}

outer_wait()
{
	conf_poll "${2:-5}" outer_has "$1" && return 0
	say "TIMEOUT waiting for /$1/ on the outer terminal"
	outer_screen -e
	exit 1
}

# Bytes as the terminal would send them (mouse reports): outer_raw FMT,
# a printf format.
outer_raw()
{
	outer send-keys -t "$(outer list-panes -a -F '#{pane_id}')" -l \
	    "$(printf "$1")"
	outer_settle
}

# Wait until the outer screen stops changing (keys typed into it are
# still on their way through the client under test when outer_keys
# returns): the same picture and cursor three polls in a row.
outer_settle()
{
	conf_prev=
	conf_same=0
	conf_n=250
	while [ "$conf_n" -gt 0 ] && [ "$conf_same" -lt 3 ]; do
		conf_cur=$(outer capture-pane -p -e 2>&1; outer display -p \
		    '#{cursor_x},#{cursor_y},#{cursor_flag}' 2>&1)
		if [ "$conf_cur" = "$conf_prev" ]; then
			conf_same=$((conf_same + 1))
		else
			conf_same=0
		fi
		conf_prev=$conf_cur
		sleep 0.03
		conf_n=$((conf_n - 1))
	done
}

# A case may set CONF_SCREEN_FILTER to a command (or shell function)
# that outer_screen passes the screen through, for text that differs on
# purpose (README, Differences).
outer_screen()
{
	printf -- '--- outer screen %s\n' "$*"
	outer capture-pane -p "$@" 2>&1 | ${CONF_SCREEN_FILTER:-cat} \
	    >"$WORK/.oscr"
	conf_dump "$WORK/.oscr" '| '
	outer display -p 'cursor #{cursor_x},#{cursor_y} #{cursor_flag}'
	printf -- '---\n'
}
