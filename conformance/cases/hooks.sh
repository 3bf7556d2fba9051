# Hooks: set-hook and show-hooks on every scope (-g -w -p, session, -a
# appends, name[N], -u), their errors, -R, and after-<command> hooks
# running after the command (their output goes to the client).
. "$CONF_LIB"

run t new-session -d -s h -x 80 -y 24
run t show-hooks -g
run t show-hooks -gw
run t show-hooks -gp
run t show-hooks
run t show-hooks -w
run t show-hooks -p
run t show-hooks -g after-new-window
run t show-hooks -g nosuch
run t set-hook -g nosuch x
run t set-hook -g after-list-sessions 'bad { '
run t set-hook -g after-list-sessions 'bogus-command'
run t set-hook -g after-list-sessions 'display -p -Z'
run t set-hook -g after-list-sessions 'set -g @ran yes ; display -p "ls hook"'
run t show-hooks -g after-list-sessions
run t set-hook -ga after-list-sessions 'display -p a1'
run t set-hook -ga after-list-sessions 'display -p a2'
run t set-hook -g 'after-list-sessions[5]' 'display -p a5'
run t show-hooks -g after-list-sessions
run t set-hook -g -u 'after-list-sessions[1]'
run t show-hooks -g after-list-sessions
run t set-hook -g -R after-list-sessions
run t show -gv @ran
run t set-hook -R nosuch
run t set-hook -g -u after-list-sessions
run t show-hooks -g after-list-sessions
run t set-hook after-list-sessions 'display -p session-hook'
run t show-hooks
run t show-hooks -t h
run t set-hook -u after-list-sessions
run t show-hooks
run t set-hook -w pane-died 'display -p died'
run t show-hooks -w
run t set-hook -p pane-focus-in 'display -p focus'
run t show-hooks -p
run t set-hook -gw window-renamed 'display -p renamed'
run t show-hooks -gw
run t set-hook -g window-renamed 'display -p x'
run t set-hook -g 'after-list-sessions[x]' 'display -p a'
run t set-hook -g status on
run t set-hook -g after-split-window { display -p block }
run t show-hooks -g after-split-window

# After-hooks run after a successful command, for its client.
run t set-hook -g after-show-environment 'display -p "after show-environment"'
run t show-environment -g NOSUCHVAR_ZP
run t setenv -g HOOKV 1
run t show-environment -g HOOKV
run t set-hook -g after-set-option 'display -p "after set #{hook}"'
run t set -g @hookopt 1
run t set-hook -gu after-set-option
run t set -g @hookopt 2
run t set-hook -g after-set-option 'display -p "[#{hook}|#{hook_arguments}|#{hook_flag_g}|#{hook_flag_t}|#{hook_argument_0}|#{hook_argument_1}|#{hook_argument_2}]"'
run t set -g @hookopt 3
run t set -t h @hookopt 4
run t set-hook -gu after-set-option
run t set-hook -g session-renamed 'display -p "[#{hook}|#{hook_arguments}]"'
run t set-hook -g -R session-renamed
run t rename-session -t h h2
