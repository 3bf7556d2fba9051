# display-message: -p, -F, -t, the formats libtmux reads, the default
# template, format syntax.
. "$CONF_LIB"

start_shell d -x 100 -y 30 -n win -c /usr/share
run t split-window -d -t d
run t new-window -d -t d -n second
run t new-session -d -s other -n sh
wait_prompt d

for f in session_id window_id pane_id session_name window_name window_index \
    pane_index pane_width pane_height window_width window_height cursor_x \
    cursor_y pane_current_command history_size history_limit version \
    session_windows window_panes pane_active window_active session_attached \
    pane_dead pane_in_mode pane_mode alternate_on pane_tty_missing \
    pane_top pane_left pane_bottom pane_right window_layout \
    window_visible_layout session_many_attached window_flags \
    window_raw_flags pane_title pane_synchronized cursor_flag \
    insert_flag keypad_cursor_flag keypad_flag wrap_flag origin_flag \
    mouse_any_flag pane_format window_format session_format \
    scroll_region_upper scroll_region_lower history_bytes_missing \
    session_group session_grouped window_start_flag window_end_flag \
    window_zoomed_flag pane_at_top pane_at_bottom pane_marked \
    session_alerts window_bell_flag client_name host_missing \
    buffer_name nosuch_variable; do
	run t display-message -p -t d "$f=#{$f}"
done
run t display-message -p -t d:0.1 '#{pane_index} #{pane_id} #{pane_top} #{pane_height} #{pane_active}'
run t display-message -p -t d:1 '#{window_index} #{window_name} #{window_active}'
run t display-message -p -t other '#{session_name} #{session_id}'
run t display-message -p -t d
run t display-message -p -t d:1
run t display-message -p
run t display-message -p -F '#{session_name}' -t d
run t display-message -p -F '#{session_name}' -t d ignored-message
run t display-message -p -t nosuch '#{session_name}'
run t display-message -p -t d:9 x
run t display-message -p -t '%99' x
run t display-message -t d 'not printed'
run t display-message -v -p -t d '#{session_name}'
# -v: the trace of each kind of expansion, in tmux's words.
for f in '##' '#S:#I' 'x#{nosuch}y' '#{?pane_active,yes,no}' \
    '#{?#{==:#{session_name},d},eq,ne}' '#{?nosuch,a,b}' '#{?,a,b}' '#{?}' \
    '#{?pane_active,#{session_name}}' '#{e|+:1,2}' '#{e|/|f|2:7,2}' \
    '#{e|x:1,2}' '#{e|+:a,2}' '#{e|+:1}' '#{m:d*,#{session_name}}' \
    '#{m/r:^d,d}' '#{!=:a,b}' '#{||:0,1}' '#{s/^w/X/i:window_name}' \
    '#{l:#{x}}' '#{E:status-left}' '#{T:status-left}' '#{T:%%H}' \
    '#{S:#{session_name} }' '#{W:#I,*}' '#{P:#D }' '#{N:win}' \
    '#{p5:session_name}' '#{=3;p5:window_name}' '#{=/2/...:window_name}' \
    '#{=-2:session_name}' '#{b:pane_current_path}' '#{d:pane_current_path}' \
    '#{q:session_name}' '#{n:window_name}' '#{w:window_name}' '#{a:65}' \
    '#{c:red}' '#{C:nothing}' '#{R:ab,3}' '#{' '#{session_name' \
    'a#}b#,c' '##[x]' '#(true)' '#D' '#{@nosuch}' '#{status}'; do
	run t display-message -v -p -t d "$f"
done
# -a lists every variable: compare the names only (values vary).
say "display-message -a -p: variable names"
t display-message -a -p -t d | sed 's/=.*//' | norm
run t display-message -I -t d
run t display-message -N -p -t d x

# Format syntax.
for f in '##' '#S:#I.#P #W #F' '#{?pane_active,yes,no}' \
    '#{?#{==:#{session_name},d},eq,ne}' '#{==:a,a}' '#{!=:a,b}' '#{<:1,2}' \
    '#{||:0,1}' '#{&&:1,0}' '#{e|+:1,2}' '#{e|*:6,7}' '#{e|/:7,2}' \
    '#{e|/|f|2:7,2}' '#{e|-:1,5}' '#{e|%:7,3}' '#{e|<:1,2}' '#{m:d*,#{session_name}}' \
    '#{m/r:^d$,#{session_name}}' '#{C:nothing}' '#{=3:session_name}' \
    '#{=-2:session_name}' '#{=/2/...:window_name}' '#{p5:session_name}|' \
    '#{p-5:session_name}|' '#{l:#{session_name}}' '#{s/i/I/:window_name}' \
    '#{b:pane_current_path}' '#{d:pane_current_path}' '#{q:#{l:a b;c}}' \
    '#{n:window_name}' '#{w:window_name}' '#{a:65}' '#{T:status-left}' \
    '#{E:status-left}' '#{status-interval}' '#{status}' '#{@nosuch}' \
    '#{' '#{session_name' '#{?}' '#{?,}' 'a#[fg=red]b' '#(echo no-jobs)' \
    '#{pane_id}#{window_id}#{session_id}' '#{S:#{session_name} }' \
    '#{W:#{window_index} }' '#{P:#{pane_index} }' '#{R:ab,3}' \
    '#{session_name}␞#{window_id}' 'tab	x' "#{l:'q'}" '#{==:#{window_width},100}' \
    '#{t:window_activity_missing}' '#{version}' '#{pid_missing}'; do
	run t display-message -p -t d "$f"
done
run t set -g @opt 'value with #{session_name}'
run t display-message -p -t d '#{@opt}|#{E:@opt}'
run t set -w -t d @wopt w
run t display-message -p -t d '#{@wopt}'
run t set -p -t d @popt p
run t display-message -p -t d '#{@popt}'
run t list-windows -t d -F '#{window_index}:#{window_name}:#{window_panes}:#{window_active}'
run t list-windows -t d
run t list-windows -a
run t list-windows -a -F '#{session_name}:#{window_index}'
run t list-panes -t d
run t list-panes -s -t d
run t list-panes -a
run t list-panes -t d -F '#{pane_index} #{pane_width}x#{pane_height} #{pane_active}'
run t list-panes -t d -f '#{pane_active}' -F '#{pane_index}'
run t list-sessions
# Client encoding: LANG=C makes non-ASCII output "_" unless -u.
LANG=C run t display-message -p -t d 'é␞x'
LANG=C run t -u display-message -p -t d 'é␞x'
run t display-message -p -t d 'é␞x'
