# libtmux 0.4x-0.6x hooks API: set-hook/show-hooks exactly as its
# HooksMixin sends them (set_hook, set_hooks with name[N] indexes,
# unset_hook -u, run_hook -R, -a, -g, -w/-p scopes by id target) and the
# show-hooks output its get_hook_indices parses.
. "$CONF_LIB"

run t new-session -d -s lt -x 80 -y 24
run t split-window -d -t '$0'

say "show_hooks, each scope"
run t show-hooks -g
run t show-hooks -t '$0'
run t show-hooks -t @0 -w
run t show-hooks -t @0 -g -w
run t show-hooks -p -t %1
run t show-hooks -t %1 -p
run t show-hooks -t %1 -g -p

say "set_hooks: one index at a time"
run t set-hook -g 'after-new-window[0]' 'set -g @h0 yes'
run t set-hook -g 'after-new-window[1]' 'set -g @h1 yes'
run t set-hook -g 'after-new-window[5]' 'set -g @h5 yes'
run t show-hooks -g
run t show-hooks -g after-new-window
run t show-hooks -g 'after-new-window[1]'
run t show-hooks -g 'after-new-window[2]'
run t new-window -d -t '$0'
run t show-options -g -v @h0
run t show-options -g -v @h5
run t set-hook -g -a after-new-window 'set -g @ha yes'
run t set-hook -ga after-new-window 'set -g @hb yes'
run t show-hooks -g after-new-window
run t set-hook -g -u 'after-new-window[1]'
run t show-hooks -g after-new-window
run t set-hook -g -R after-new-window
run t set-hook -R -g after-new-window
run t set-hook -R after-new-window
run t set-hook -g -u after-new-window
run t show-hooks -g after-new-window
run t set-hook -u after-new-window
run t set-hook -g -u 'after-new-window[3]'

say "session, window and pane hooks by id target"
run t set-hook -t '$0' 'session-renamed[0]' 'set -g @sr yes'
run t set-hook -t '$0' 'session-renamed[2]' 'set -g @sr2 yes'
run t show-hooks -t '$0'
run t show-hooks -t '$0' session-renamed
run t show-hooks -t '$0' -g session-renamed
run t set-hook -t '$0' -R session-renamed
run t show-options -g -v @sr2
run t set-hook -t '$0' -u session-renamed
run t show-hooks -t '$0'
run t set-hook -t @0 -w 'window-renamed[0]' 'set -g @wr yes'
run t set-hook -t @0 -w 'pane-exited[4]' 'set -g @pe yes'
run t show-hooks -t @0 -w
run t show-hooks -t @1 -w
run t set-hook -t %1 -p 'pane-focus-in[0]' 'set -g @pf yes'
run t set-hook -t %1 -p 'pane-focus-in[1]' 'set -g @pf1 yes'
run t show-hooks -t %1 -p
run t show-hooks -p -t %1 pane-focus-in
run t show-hooks -p -t %0
run t set-hook -t %1 -p -R pane-focus-in
run t show-options -g -v @pf1
run t set-hook -t %1 -p -u 'pane-focus-in[0]'
run t show-hooks -t %1 -p
run t set-hook -t %1 -p -u pane-focus-in
run t show-hooks -t %1 -p
run t set-hook -t @0 -w -u window-renamed
run t set-hook -t @0 -w -u pane-exited
run t show-hooks -t @0 -w

say "global window and pane hooks"
run t set-hook -g -w 'pane-died[0]' 'set -g @pd yes'
run t show-hooks -g -w
run t show-hooks -g -p
run t set-hook -g -p 'pane-mode-changed[0]' 'set -g @pm yes'
run t show-hooks -g -p
run t show-hooks -g -w
run t set-hook -g -w -u pane-died
run t set-hook -g -p -u pane-mode-changed

say "values with spaces, quotes, braces and semicolons"
run t set-hook -g 'after-kill-pane[0]' 'display-message -p "a b"'
run t set-hook -g 'after-kill-pane[1]' "run-shell 'echo it''s'"
run t set-hook -g 'after-kill-pane[2]' 'set -g @a 1 ; set -g @b 2'
run t set-hook -g 'after-kill-pane[3]' '{ set -g @c 3 }'
run t set-hook -g 'after-kill-pane[4]' ''
run t show-hooks -g after-kill-pane
run t set-hook -g -u after-kill-pane

say "errors"
run t set-hook -g nosuch-hook x
run t set-hook -g 'nosuch-hook[0]' x
run t show-hooks -g nosuch-hook
run t set-hook -g -R nosuch-hook
run t set-hook -g -u nosuch-hook
run t set-hook -g status on
run t set-hook -g 'after-new-window[x]' x
run t set-hook -g after-new-window
run t set-hook -g after-new-window 'no-such-command'
run t set-hook -t %9 -p pane-focus-in x
run t show-hooks -t %9 -p
run t show-hooks -t @9 -w
run t set-hook -t '$9' session-renamed x
run t show-hooks -g 'after-new-window['
