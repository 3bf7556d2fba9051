#!/usr/bin/env bash
# Origin: tmux-plugins/tmux-pain-control, pain_control.tmux, commit
# 01cc60406ab216c52f71c29e83c65b976780d3c8; MIT licence (README.md:
# "License [MIT](LICENSE.md)").  Unchanged below this comment.

default_pane_resize="5"

# tmux show-option "q" (quiet) flag does not set return value to 1, even though
# the option does not exist. This function patches that.
get_tmux_option() {
	local option=$1
	local default_value=$2
	local option_value=$(tmux show-option -gqv "$option")
	if [ -z $option_value ]; then
		echo $default_value
	else
		echo $option_value
	fi
}

pane_navigation_bindings() {
	tmux bind-key h   select-pane -L
	tmux bind-key C-h select-pane -L
	tmux bind-key j   select-pane -D
	tmux bind-key C-j select-pane -D
	tmux bind-key k   select-pane -U
	tmux bind-key C-k select-pane -U
	tmux bind-key l   select-pane -R
	tmux bind-key C-l select-pane -R
	
	# Use Alt-arrow keys without prefix key to switch panes
	tmux bind -n M-Left select-pane -L
	tmux bind -n M-Right select-pane -R
	tmux bind -n M-Up select-pane -U
	tmux bind -n M-Down select-pane -D
}

window_move_bindings() {
	tmux bind-key -r "<" swap-window -d -t -1
	tmux bind-key -r ">" swap-window -d -t +1
}

pane_resizing_bindings() {
	local pane_resize=$(get_tmux_option "@pane_resize" "$default_pane_resize")
	tmux bind-key -r H resize-pane -L "$pane_resize"
	tmux bind-key -r J resize-pane -D "$pane_resize"
	tmux bind-key -r K resize-pane -U "$pane_resize"
	tmux bind-key -r L resize-pane -R "$pane_resize"
}

pane_split_bindings() {
	tmux bind-key "|" split-window -h -c "#{pane_current_path}"
	tmux bind-key "\\" split-window -fh -c "#{pane_current_path}"
	tmux bind-key "-" split-window -v -c "#{pane_current_path}"
	tmux bind-key "_" split-window -fv -c "#{pane_current_path}"
	tmux bind-key "%" split-window -h -c "#{pane_current_path}"
	tmux bind-key '"' split-window -v -c "#{pane_current_path}"
}

improve_new_window_binding() {
	tmux bind-key "c" new-window -c "#{pane_current_path}"
	tmux bind-key C-c new-session
}

main() {
	pane_navigation_bindings
	window_move_bindings
	pane_resizing_bindings
	pane_split_bindings
	improve_new_window_binding
}
main
