# libtmux 0.4x-0.6x objects: the -F templates libtmux.neo builds for
# list-sessions/list-windows/list-panes (every Obj field a 3.3a server
# resolves in that scope, each followed by the separator U+241E, plus
# -f filters), has-session -t=NAME, new-session/new-window/split-window
# -P -F as Server.new_session, Session.new_window and Window.split send
# them.
. "$CONF_LIB"

SEP='␞'
# Obj fields as get_output_format keeps them for tmux 3.3a.
FIELDS='active_window_index alternate_saved_x alternate_saved_y
config_files cursor_character cursor_flag cursor_x cursor_y history_bytes
history_limit history_size insert_flag keypad_cursor_flag keypad_flag
last_window_index line mouse_all_flag mouse_any_flag mouse_button_flag
mouse_sgr_flag mouse_standard_flag next_session_id origin_flag pane_active
pane_at_bottom pane_at_left pane_at_right pane_at_top pane_bg pane_bottom
pane_current_command pane_current_path pane_dead pane_dead_signal
pane_dead_status pane_dead_time pane_fg pane_format pane_height pane_id
pane_in_mode pane_index pane_input_off pane_last pane_left pane_marked
pane_marked_set pane_mode pane_path pane_pid pane_pipe pane_right
pane_search_string pane_start_command pane_start_path pane_synchronized
pane_tabs pane_title pane_top pane_tty pane_width pid scroll_region_lower
scroll_region_upper session_activity session_alerts session_attached
session_attached_list session_created session_format session_group
session_group_attached session_group_attached_list session_group_list
session_group_many_attached session_group_size session_grouped session_id
session_last_attached session_many_attached session_marked session_name
session_path session_stack session_windows socket_path start_time uid user
version window_active window_active_clients window_active_clients_list
window_active_sessions window_active_sessions_list window_activity
window_activity_flag window_bell_flag window_bigger window_cell_height
window_cell_width window_end_flag window_flags window_format window_height
window_id window_index window_last_flag window_layout window_linked
window_linked_sessions window_linked_sessions_list window_marked_flag
window_name window_offset_x window_offset_y window_panes window_raw_flags
window_silence_flag window_stack_index window_start_flag
window_visible_layout window_width window_zoomed_flag wrap_flag'
FMT=
for f in $FIELDS; do
	FMT="$FMT#{$f}$SEP"
done
# Times and process ids vary; a pane's tty is a pseudo-terminal in tmux
# and a zeropty pane device (README: differences).
VOLATILE=' pid pane_pid start_time session_activity session_created
session_last_attached window_activity pane_dead_time '
norm_add 's#/dev/pts/[0-9][0-9]*#TTY#g'
norm_add 's#/dev/zeropty/[0-9][0-9]*-[0-9][0-9]*#TTY#g'

# fetch CMD ARGS...: run it as fetch_objs does and print each row as
# parse_output keeps it (empty fields dropped), one field a line.
fetch()
{
	printf '$ t %s -F<Obj fields>\n' "$*" | norm
	t "$@" "-F$FMT" >"$WORK/.out" 2>"$WORK/.err"
	echo "rc=$?"
	conf_dump "$WORK/.err" '! '
	awk -v fields="$FIELDS" -v sep="$SEP" -v vol="$VOLATILE" '
		BEGIN {
			n = split(fields, name, /[ \n]+/);
			split(vol, vl, /[ \n]+/);
			for (i in vl) isvol[vl[i]] = 1;
		}
		{
			k = split($0, v, sep);
			if (k != n + 1 || v[k] != "")
				printf "  fields: %d, want %d\n", k - 1, n;
			printf "  row %d\n", NR;
			for (i = 1; i <= n; i++) {
				if (v[i] == "") continue;
				if (name[i] in isvol && v[i] ~ /^[0-9]+$/)
					v[i] = "N";
				printf "    %s=%s\n", name[i], v[i];
			}
		}' "$WORK/.out" | norm
}

# Window names must not depend on when tmux polls the panes' programs.
quiet t start-server \; set -s exit-empty off \; set -g automatic-rename off
say "Server.new_session, has_session"
run t new-session -P '-F#{session_id}' -slt -d -x 80 -y 24
wait_prompt lt
run t has-session -t=lt
run t has-session -t=l
run t has-session -t=nosuch
run t new-session -P '-F#{session_id}' -slt -d
run t new-session -P '-F#{session_id}' -slt2 -d -x 80 -y 24 -nfirst \
    -eLT_A=1 -c "$WORK" 'sleep 1000'

say "Session.new_window"
run t new-window -t '$0' -d -P '-F#{window_id}' -n second
wait_prompt @2
run t new-window -d -P '-F#{window_id}' -n third -eLT_B=2 "-c$WORK" -a -t@0 \
    'sleep 1000'
run t new-window -d -P '-F#{window_id}' -b -t@0 'sleep 1000'
run t new-window -d -P '-F#{window_id}' '-t$0:7' 'sleep 1000'
run t new-window -d -P '-F#{window_id}' '-t$0:7' 'sleep 1000'

say "Window.split / Pane.split"
run t split-window -t @0 -h -l30% -P "-F#{pane_id}$SEP" -d
run t split-window -t @0 -v -b -P "-F#{pane_id}$SEP" -d 'sleep 1000'
run t split-window -t %0 -h -b -l10 -P "-F#{pane_id}$SEP" -d 'sleep 1000'
run t split-window -t @0 -v -f -P "-F#{pane_id}$SEP" -d 'sleep 1000'
run t split-window -t @1 -h -Z -P "-F#{pane_id}$SEP" "-c$WORK" -eLT_C=3 \
    'sleep 1000'
run t display-message -p -t @1 '#{window_zoomed_flag} #{pane_id}'
run t split-window -t @0 -v -l200% -P "-F#{pane_id}$SEP" -d
run t split-window -t @0 -v -l 0 -P "-F#{pane_id}$SEP" -d
run t split-window -t %99 -P "-F#{pane_id}$SEP"

say "the listings"
fetch list-sessions
fetch list-windows -t '$0'
fetch list-windows -a
fetch list-panes -t @0
fetch list-panes -a
fetch list-panes -a -f '#{==:#{pane_id},%1}'
fetch list-windows -a -f '#{window_zoomed_flag}'
fetch list-sessions -f '#{==:#{session_name},nosuch}'
fetch list-panes -t @99
run t list-panes -a "-F#{pane_id}$(printf '\037')#{pane_index}$(printf '\037')#{pane_start_command}$(printf '\037')"
run t list-windows -a '-F#{window_id}␞#{window_layout}␞#{window_visible_layout}␞'
