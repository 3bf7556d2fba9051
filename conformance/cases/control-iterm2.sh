# Control mode: iTerm2's attach sequence (compat-reference §2.1), sent as
# iTerm2 sends it (CR line ends on -CC, one command list per line), then
# opening a window and splitting it as iTerm2 does.
. "$CONF_LIB"
need python3
CTL="python3 $CONF_DIR/cases/control-driver.py"

quiet t new-session -d -s it -x 80 -y 24 -n w 'sleep 1000'
$CTL --cc -- $T -CC attach -t it <<'SCRIPT' | norm
phony-command
refresh-client -fpause-after=0,wait-exit
show-window-options -g aggressive-resize
show-option -g -v status
list-sessions -F "	"
show-options -v -s default-terminal
display-message -p "#{version}"
show-window-options pane-border-format
list-windows -F "#{socket_path}"
show-options -g message-style
refresh-client -fpause-after=10
show-options -v -g set-titles
show -v -q -t $0 @iterm2_size
show -v -q -t $0 @iterm2_id; refresh-client -C 120,40; show -v -q -t $0 @hidden; show -v -q -t $0 @buried_indexes; show -v -q -t $0 @affinities; show -v -q -t $0 @per_window_settings; show -v -q -t $0 @per_tab_settings; show -v -q -t $0 @origins; show -v -q -t $0 @hotkeys; show -v -q -t $0 @tab_colors; list-sessions -F "#{session_id} #{session_name}"; list-windows -F "#{session_name}	#{window_id}	#{window_name}	#{window_width}	#{window_height}	#{window_layout}	#{window_flags}	#{?window_active,1,0}	#{window_visible_layout}	#{pane-border-status}"
set -t $0 @iterm2_id "0123-abcd"
list-panes -t "%0" -F "pane_id=#{pane_id}	alternate_on=#{alternate_on}	cursor_x=#{cursor_x}	cursor_y=#{cursor_y}	scroll_region_upper=#{scroll_region_upper}	scroll_region_lower=#{scroll_region_lower}	cursor_flag=#{cursor_flag}	insert_flag=#{insert_flag}	keypad_cursor_flag=#{keypad_cursor_flag}	keypad_flag=#{keypad_flag}	wrap_flag=#{wrap_flag}	mouse_standard_flag=#{mouse_standard_flag}	bracket_paste_flag=#{bracket_paste_flag}	pane_key_mode=#{pane_key_mode}"
refresh-client -A '%0:continue'
new-window -PF '#{window_id}' -n w2 'sleep 1000'
list-panes -t %1 -F '#{pane_id}'; split-window -h -t "%1" 'sleep 1000'; list-panes -t %1 -F '#{pane_id}'
select-pane -t "%1"
resize-window -x 100 -y 30 -t @1
rename-window -t @1 "renamed by iterm"
kill-pane -t "%2"
kill-window -t @1
#raw \r
#say wait-exit: the client waits for one more empty line
#raw \r
SCRIPT
