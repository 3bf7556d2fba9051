# libtmux 0.4x-0.6x options API: set-option/show-options exactly as its
# OptionsMixin sends them (flags in its order, target by id, -A for
# inherited values marked "*", -q/-v/-u, arrays), and the errors it
# parses ("invalid option", "unknown option", "ambiguous option").
. "$CONF_LIB"

run t new-session -d -s lt -x 80 -y 24 -n w0
run t split-window -d -t '$0'
run t new-window -d -t '$0'

say "show-options as _show_options_raw sends it, each scope"
run t show-options -t '$0'
run t show-options -g
run t show-options -s
run t show-options -t @0 -w
run t show-options -t @0 -g -w
run t show-options -t %1 -p
run t show-options -p -t %1
run t show-options -g -p -t %1
run t show-options -A -p -t %1
run t show-options -t %1 -p -A
run t show-options -t @0 -w -A
run t show-options -t '$0' -A
run t show-options -t %1 -A -H -p

say "set-option as set_option sends it (value last, flags first)"
run t set-option -t %1 -p @x 1
run t set-option -p -t %1 @x 1
run t show-option -qvp -t %1 @x
run t show-options -t %1 -p @x
run t show-options -t %1 -p -v @x
run t show-options -t %0 -p -A @x
run t show-options -t %0 -p -q -v @x
run t show-options -t %0 -p -v @x
run t set-option -t @0 -w @x win
run t show-options -t %0 -p -A @x
run t show-options -t %1 -p -A @x
run t show-options -t %1 -p -A
run t set-option -t '$0' @x sess
run t set-option -g @x glob
run t show-options -t %0 -p -A @x
run t show-options -t @1 -w -A @x
run t show-options -t '$0' -A @x
run t set-option -t %1 -p -u @x
run t set -pu -t %1 @x
run t show-options -t %1 -p -A @x
run t show-options -t %1 -p -q @x
run t set-option -t @0 -w -u @x
run t show-options -t %0 -p -A @x
run t set-option -t '$0' -u @x
run t show-options -t @0 -w -A -v @x

say "booleans as on/off, -o, -a, -F, -U"
run t set-option -t %1 -p remain-on-exit on
run t set-option -t %1 -p remain-on-exit off
run t show-options -t %1 -p remain-on-exit
run t show-options -t %0 -p -A remain-on-exit
run t set-option -t @0 -w remain-on-exit on
run t show-options -t %0 -p -A remain-on-exit
run t show-options -t %1 -p -A remain-on-exit
run t show-options -t %1 -p -A -v remain-on-exit
run t set-option -t %1 -p -o remain-on-exit on
run t set-option -t %1 -p -o remain-on-exit on
run t set-option -t %1 -p -q -o remain-on-exit on
run t set-option -t @0 -w -U remain-on-exit
run t show-options -t %1 -p remain-on-exit
run t show-options -t @0 -w remain-on-exit
run t set-option -t %1 -p -F @f '#{pane_id}'
run t show-options -t %1 -p @f
run t set-option -t %1 -p -a @f x
run t show-options -t %1 -p -v @f
run t set-option -t @0 -w -g main-pane-width 50
run t show-options -t @0 -w -g -v main-pane-width
run t show-options -t @0 -w -A main-pane-width
run t set-option -t @0 -w main-pane-width 60
run t show-options -t @0 -w -A main-pane-width
run t set-option -t @0 -w -u main-pane-width
run t set-option -s -g escape-time 7
run t show-options -s -v escape-time
run t set-option -t '$0' -g base-index 1
run t show-options -t '$0' -A base-index

say "arrays as explode_arrays reads them"
run t show-options -g status-format
run t show-options -g -v 'status-format[0]'
run t show-options -g 'status-format[1]'
run t show-options -g 'status-format[9]'
run t show-options -s command-alias
run t show-options -s 'command-alias[10]'
run t set-option -s 'command-alias[10]' 'zz=list-sessions'
run t show-options -s command-alias
run t show-options -s -v 'command-alias[10]'
run t set-option -s -u 'command-alias[10]'
run t show-options -s 'command-alias[10]'
run t set-option -s -a command-alias 'yy=list-windows'
run t show-options -s command-alias
run t set-option -g 'status-format[3]' 'three'
run t show-options -g status-format
run t show-options -t '$0' -A status-format
run t set-option -t '$0' 'status-format[1]' 'one'
run t show-options -t '$0' status-format
run t show-options -t '$0' -A status-format
run t set-option -g -u 'status-format[3]'
run t set-option -g user-keys[0] '\e[1~'
run t show-options -s user-keys
run t show-options -g user-keys
run t set-option -g -u status-format
run t show-options -g -v 'status-format[1]'
run t set-option -g 'status-format[x]' y
run t set-option -g 'status-format[' y
run t show-options -g 'status-left[0]'
run t set-option -g 'status-left[0]' y

say "errors handle_option_error matches, with exit codes"
run t set-option -t '$0' nosuch-option 1
run t set-option -t %1 -p nosuch-option 1
run t set-option -t @0 -w nosuch-option 1
run t set-option -s nosuch-option 1
run t set-option -t '$0' -q nosuch-option 1
run t show-options -t '$0' nosuch-option
run t show-options -t %1 -p nosuch-option
run t show-options -t %1 -p -q nosuch-option
run t show-options -t %1 -p -v nosuch-option
run t show-options -t %1 -p -q -v nosuch-option
run t show-options -g -q -v nosuch-option
run t set-option -g s x
run t show-options -g s
run t show-options -g -q s
run t set-option -g status-l x
run t show-options -g -v mode
run t set-option -t %1 -p status on
run t set-option -t %1 -p -w status on
run t show-options -t %1 -p status
run t show-options -t @0 -w status
run t set-option -t '$0' mode-keys vi
run t show-options -t '$0' mode-keys
run t set-option -t @0 -w status-left x
run t set-option -t %1 -p @y
run t show-options -t %1 -p @y
run t set-option -t '$0' mouse bogus
run t set-option -t '$0' base-index -1
run t set-option -t '$0' base-index x
run t set-option -t %9 -p @z 1
run t show-options -t %9 -p
run t show-options -t @9 -w
run t show-options -t '$9'
run t set-option -t '$0' -g -w -p @z 1
run t show-options -s -w -p
