# run-shell's output and its "'cmd' returned N" line go to view-mode on the
# target pane (the current one without -t), even from a command client,
# as tmux 3.3a does; with no pane they go to the waiting client; -b
# output goes to the current pane when its job is done.
. "$CONF_LIB"

# The view's text: select it all and copy it to a buffer (the pane's own
# screen is what capture-pane shows).
view()
{
	run t display-message -p '#{pane_in_mode} #{pane_mode}'
	[ "$(t display-message -p '#{pane_in_mode}')" = 1 ] || return
	quiet t send-keys -X history-top
	quiet t send-keys -X begin-selection
	quiet t send-keys -X history-bottom
	quiet t send-keys -X end-of-line
	quiet t send-keys -X copy-selection-and-cancel
	run t show-buffer
	quiet t delete-buffer
}

# The output of a job with no pane to go to: no session yet.
run t start-server ';' run-shell 'echo no-session; exit 3'
quiet t new-session -d -s s -x 40 -y 10 'sleep 1000'
run t run-shell 'echo hi'
view
run t run-shell 'echo one; printf two; exit 4'
run t run-shell 'echo three'
view
run t run-shell -b 'echo bg; exit 5'
conf_poll 5 sh -c "[ \"\$($T display-message -p '#{pane_in_mode}')\" = 1 ]"
view
run t split-window -d 'sleep 1000'
run t run-shell -t s:0.1 'echo to-pane-1'
run t display-message -p -t s:0.1 '#{pane_in_mode} #{pane_mode}'
view
run t run-shell 'kill -9 $$'
view
