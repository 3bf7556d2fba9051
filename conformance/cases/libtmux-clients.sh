# libtmux 0.4x-0.6x clients: with a control-mode client attached as the
# only client (as libtmux's control-mode engine and its tests run),
# Server.clients' list-clients -F with every Obj field of client scope,
# display-message -p -c CLIENT, refresh-client -C/-f, switch-client -c,
# display-popup -E with and without a client, and detach-client -s; from
# command-line clients and from the control client itself.
. "$CONF_LIB"
need python3
CTL="python3 $CONF_DIR/cases/control-driver.py"
norm_add 's/client-[0-9][0-9]*/client-PID/g'

SEP='␞'
# Obj fields as get_output_format keeps them for list-clients on 3.3a.
FIELDS='active_window_index alternate_saved_x alternate_saved_y
client_activity client_cell_height client_cell_width client_control_mode
client_created client_discarded client_flags client_height client_key_table
client_last_session client_mode_format client_name client_pid client_prefix
client_readonly client_session client_termfeatures client_termname
client_termtype client_tty client_uid client_user client_utf8 client_width
client_written config_files cursor_character cursor_flag cursor_x cursor_y
history_bytes history_limit history_size insert_flag keypad_cursor_flag
keypad_flag last_window_index line mouse_all_flag mouse_any_flag
mouse_button_flag mouse_sgr_flag mouse_standard_flag next_session_id
origin_flag pane_active pane_at_bottom pane_at_left pane_at_right pane_at_top
pane_bg pane_bottom pane_current_command pane_current_path pane_dead
pane_dead_signal pane_dead_status pane_dead_time pane_fg pane_format
pane_height pane_id pane_in_mode pane_index pane_input_off pane_last
pane_left pane_marked pane_marked_set pane_mode pane_path pane_pid pane_pipe
pane_right pane_search_string pane_start_command pane_start_path
pane_synchronized pane_tabs pane_title pane_top pane_tty pane_width pid
scroll_region_lower scroll_region_upper session_activity session_alerts
session_attached session_attached_list session_created session_format
session_group session_group_attached session_group_attached_list
session_group_list session_group_many_attached session_group_size
session_grouped session_id session_last_attached session_many_attached
session_marked session_name session_path session_stack session_windows
socket_path start_time uid user version window_active window_active_clients
window_active_clients_list window_active_sessions
window_active_sessions_list window_activity window_activity_flag
window_bell_flag window_bigger window_cell_height window_cell_width
window_end_flag window_flags window_format window_height window_id
window_index window_last_flag window_layout window_linked
window_linked_sessions window_linked_sessions_list window_marked_flag
window_name window_offset_x window_offset_y window_panes window_raw_flags
window_silence_flag window_stack_index window_start_flag
window_visible_layout window_width window_zoomed_flag wrap_flag'
FMT=
for f in $FIELDS; do
	FMT="$FMT#{$f}$SEP"
done
printf '%s' "$FMT" >"$WORK/fmt"
# Times, pids and byte counts vary (client_written counts every
# notification sent); a pane's tty is a pseudo-terminal in tmux and a
# zeropty pane device (README: differences).
VOLATILE=' pid pane_pid start_time session_activity session_created
session_last_attached window_activity client_activity client_created
client_pid client_written '
norm_add 's#/dev/pts/[0-9][0-9]*#TTY#g'
norm_add 's#/dev/zeropty/[0-9][0-9]*-[0-9][0-9]*#TTY#g'

# cli.sh ARGS...: one command-line client, recorded in cli.log; the word
# CLIENT is the control client's name, FMT the whole Obj template.
cat >"$WORK/cli.sh" <<CLI
c=\$("$BIN" -L "$SOCK" -f /dev/null list-clients -F '#{client_name}' | head -n 1)
n=\$#
while [ "\$n" -gt 0 ]; do
	a=\$1
	shift
	case \$a in
	CLIENT) a=\$c ;;
	FMT) a="-F\$(cat "$WORK/fmt")" ;;
	esac
	set -- "\$@" "\$a"
	n=\$((n - 1))
done
printf '$ t' >>"$WORK/cli.log"
for a in "\$@"; do
	case \$a in
	-F*$SEP*) a='-F<Obj fields>' ;;
	esac
	printf " '%s'" "\$a" >>"$WORK/cli.log"
done
echo >>"$WORK/cli.log"
"$BIN" -L "$SOCK" -f /dev/null "\$@" >>"$WORK/cli.log" 2>&1
echo "rc=\$?" >>"$WORK/cli.log"
CLI
: >"$WORK/cli.log"
CLI="sh $WORK/cli.sh"

quiet t start-server \; set -s exit-empty off \; set -g automatic-rename off
quiet t new-session -d -s lt -x 80 -y 24 -n one 'sleep 1000'
quiet t split-window -d -t lt 'sleep 1000'
quiet t new-session -d -s lt2 -x 80 -y 24 -n two 'sleep 1000'

say "the control client's transcript"
$CTL -- $T -C attach -t lt <<SCRIPT | norm
#cli $CLI list-clients FMT
#cli $CLI list-clients -t lt FMT
#cli $CLI list-clients -t lt2 FMT
#cli $CLI list-clients -F '#{client_name}$SEP#{client_tty}$SEP#{client_control_mode}$SEP#{client_flags}$SEP#{client_session}$SEP#{client_width}$SEP#{client_height}$SEP'
list-clients -F '#{client_name}|#{client_tty}|#{client_control_mode}|#{client_flags}|#{client_session}|#{client_width}x#{client_height}|#{client_termname}|#{client_utf8}|#{client_readonly}|#{client_key_table}'
display-message -p '#{client_name} #{client_control_mode} #{client_flags}'
#cli $CLI display-message -p -c CLIENT '#{client_name} #{session_name} #{window_name} #{pane_id}'
#cli $CLI display-message -c CLIENT -p '#{client_width}x#{client_height}'
#cli $CLI display-message -c CLIENT 'shown on the control client'
#cli $CLI display-message -p -c nosuch-client x
#cli $CLI display-message -p '#{client_name}'
refresh-client -C 100x30
list-clients -F '#{client_width}x#{client_height} #{window_width}x#{window_height}'
refresh-client -C 90,20
list-clients -F '#{client_width}x#{client_height} #{window_width}x#{window_height}'
refresh-client -C 10x10000
refresh-client -C x
#cli $CLI refresh-client -t CLIENT -C 70x20
#cli $CLI list-clients -F '#{client_width}x#{client_height} #{client_flags}'
#cli $CLI refresh-client -C 70x20
refresh-client -f no-output
list-clients -F '#{client_flags}'
refresh-client -f '!no-output,read-only'
list-clients -F '#{client_flags} #{client_readonly}'
refresh-client -f '!read-only,ignore-size,active-pane'
list-clients -F '#{client_flags}'
refresh-client -f '!ignore-size,!active-pane,wait-exit'
list-clients -F '#{client_flags}'
refresh-client -f nosuch-flag
list-clients -F '#{client_flags}'
#cli $CLI refresh-client -t CLIENT -f no-output
#cli $CLI refresh-client -t CLIENT -f '!no-output'
#cli $CLI display-popup -E -t %0 true
#cli $CLI display-popup -E -c CLIENT -t %0 true
#cli $CLI display-popup -E -c CLIENT -t %0 -w 50% -h 50% 'true'
display-popup -E true
#cli $CLI switch-client -c CLIENT -t lt2
display-message -p '#{client_session} #{session_name}'
#cli $CLI switch-client -c CLIENT -t nosuch
#cli $CLI switch-client -c nosuch-client -t lt
#cli $CLI switch-client -t lt
#cli $CLI list-clients FMT
#cli $CLI detach-client -s lt
#cli $CLI list-clients -F '#{client_session}'
#cli $CLI detach-client -s nosuch
#cli $CLI detach-client -s lt2
#wait %exit
SCRIPT

say "the command-line clients' transcript"
awk -v fields="$FIELDS" -v sep="$SEP" -v vol="$VOLATILE" '
	BEGIN {
		n = split(fields, name, /[ \n]+/);
		split(vol, vl, /[ \n]+/);
		for (i in vl) isvol[vl[i]] = 1;
	}
	index($0, sep) == 0 { print; next }
	{
		k = split($0, v, sep);
		if (k != n + 1 || v[k] != "") {
			print "> " $0;
			next;
		}
		printf "  row\n";
		for (i = 1; i <= n; i++) {
			if (v[i] == "") continue;
			if (name[i] in isvol && v[i] ~ /^[0-9]+$/)
				v[i] = "N";
			printf "    %s=%s\n", name[i], v[i];
		}
	}' "$WORK/cli.log" | norm
