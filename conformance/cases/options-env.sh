# set-option/show-options (server, session, window, pane scopes, user
# options, -u -q -o -a -F -A -v), set-environment/show-environment,
# key tables as far as scripts read them.
. "$CONF_LIB"

run t new-session -d -s o -x 80 -y 24 -n w0
run t split-window -d -t o

for opt in base-index history-limit default-terminal escape-time \
    status status-interval status-left status-right prefix mouse \
    default-size exit-empty exit-unattached buffer-limit set-clipboard \
    focus-events renumber-windows pane-base-index automatic-rename \
    allow-rename remain-on-exit aggressive-resize mode-keys \
    window-size synchronize-panes display-time status-keys \
    destroy-unattached detach-on-destroy word-separators; do
	run t show-options -g "$opt"
	run t show-options -gv "$opt"
done
run t show-options -s escape-time
run t show-options -w -g pane-base-index
run t show-options -g -w automatic-rename
run t show-window-options -g mode-keys
run t show-options -gw remain-on-exit

# Setting, scopes, inheritance.
run t set-option -g base-index 1
run t show-options -g base-index
run t show-options -t o base-index
run t set-option -t o base-index 5
run t show-options -t o base-index
run t show-options -t o
run t new-window -d -t o -P -F '#{window_index}'
run t set-option -u -t o base-index
run t show-options -t o base-index
run t show-options -A -t o base-index
run t set-option -g history-limit 50
run t set-option -g history-limit abc
run t set-option -g history-limit -1
run t set-option -g status-interval 0
run t set-option -g status-keys emacs
run t set-option -g status-keys nosuch
run t set-option -g mouse on
run t set-option -g mouse
run t show -gv mouse
run t set-option -g mouse
run t show -gv mouse
run t set-option -g status-left-length 10
run t set-option -g status-le 10
run t set-option -g nosuch 1
run t set-option -gq nosuch 1
run t set-option -w -t o:0 remain-on-exit on
run t show-options -w -t o:0 remain-on-exit
run t set-window-option -t o:0 synchronize-panes on
run t show-window-options -t o:0
run t set-option -p -t o:0.1 remain-on-exit on
run t show-options -p -t o:0.1
run t set-option -o -g @once first
run t set-option -o -g @once second
run t show -gv @once
run t set-option -g @list a
run t set-option -ga @list b
run t show -gv @list
run t set-option -F -g @fmt '#{session_name}-x'
run t set-option -F -t o @fmt2 '#{session_name}-y'
run t show -gv @fmt
run t show -t o -v @fmt2
run t set-option -g @empty ''
run t show -gv @empty
run t show-options -g @nosuch
run t show-options -gq @nosuch
run t show-options -gv @nosuch
run t set-option -gu @list
run t show-options -gq @list
run t set-option -g status-right-style 'fg=red,bold'
run t show -gv status-right-style
run t set-option -g status-right-style 'fg=nosuch'
run t set-option -g default-size 100x40
run t set-option -g default-size 100
run t show -gv default-size
run t set-option -s escape-time 10
run t show -sv escape-time
run t set-option -s nosuch-server 1
run t set-option -g update-environment[0] FOO
run t show-options -g update-environment
run t show-options -g -H
run t show-options -w -t o:0 -v synchronize-panes
run t set-option -t nosuch status off
run t show-options -t nosuch
run t set-option -g
run t show-options -g status extra

# Environment.
run t set-environment -g GLOBALV gval
run t set-environment -t o SESSV sval
run t show-environment -g GLOBALV
run t show-environment -t o SESSV
run t show-environment -t o GLOBALV
run t show-environment -g NOSUCH
run t show-environment -t o NOSUCH
run t set-environment -u -t o SESSV
run t show-environment -t o SESSV
run t set-environment -r -t o REMOVEME
run t show-environment -t o REMOVEME
run t set-environment -h -g HIDDEN secret
run t show-environment -g HIDDEN
run t show-environment -gh HIDDEN
run t show-environment -gs GLOBALV
run t set-environment -F -g FMTV '#{session_name}'
run t show-environment -g FMTV
run t set-environment -g
run t set-environment -g a b c
run t show-environment -t o
run t show-environment -g PS1
run t show-environment -g TERM
run t show-environment -g SHELL
run t show-environment -g TMUX

# Key tables.
run t list-keys -T prefix d
run t list-keys -T prefix '"'
run t list-keys -T root
run t bind-key -T prefix F12 display-message hi
run t list-keys -T prefix F12
run t bind-key -n M-F12 new-window
run t list-keys -T root
run t unbind-key -n M-F12
run t list-keys -T root
run t unbind-key -T prefix F12
run t unbind-key -T prefix NoSuchKey
run t bind-key -T prefix NoSuchKey x
run t list-keys -T nosuch
run t list-keys -T copy-mode q
run t list-keys -N -T prefix c
run t show-options -g prefix
run t show-options -g prefix2
