# Options: set-option/set-window-option/show-options/show-window-options
# with every scope (-s, -g, session, -w, -p), inheritance (-A), arrays,
# user options, toggles, ranges, keys, colours, styles and the errors.
. "$CONF_LIB"

say "no sessions: errors naming the missing target"
for c in "set @b 1" "set -w @b 1" "set -p @b 1" "show" "show -w" "show -p" \
    "show -pg" "set -t nosuch @b 1" "set -w -t nosuch @b 1" \
    "set -p -t nosuch @b 1" "set status on" "set -w mode-keys vi" \
    "set -p remain-on-exit on" "set -s history-limit 5" "show -t nosuch" \
    "show -t nosuch status" "show -q -t nosuch status" \
    "show -g -t nosuch status" "show -qw"; do
	# shellcheck disable=SC2086
	run t start-server \; $c
	# The server exits when the command is done: wait, or the next
	# client may reach the exiting server.
	wait_no_server
done

say "defaults"
for c in "show -s" "show -g" "show -wg" "show -gH" "show -wgH" "show -sv" \
    "show -gv status-format"; do
	# shellcheck disable=SC2086
	run t start-server \; $c
	wait_no_server
done

run t new-session -d -s a
run t split-window -d -t a
run t new-window -d -t a
run t new-session -d -s b

say "user options"
run t set -g @x "hello world"
run t show -g @x
run t show -gv @x
run t show -t a @x
run t show -A -t a @x
run t show -g @y
run t show -qg @y
run t set -g @y
run t set -ga @x " more"
run t show -g @x
run t set -g @empty ''
run t show -g @empty
run t show -gv @empty
run t set -g @q "it's"
run t set -g @q2 'say "hi"'
run t set -g @u 'x;y'
run t set -g @sp ' '
run t set -g @h '#'
run t set -g @tl '~'
run t set -g @AA 1
run t show -g
run t set -F -g @f '#{session_name}'
run t set -g @f2 '#{session_name}'
run t set -t a -F @f3 '#{session_name}:#{window_index}'
run t show -t a @f3
run t show -g @f
run t show -g @f2
run t set -g '@n#{session_name}' 1
run t show -g '@n#{session_name}'
run t set -gu @f2
run t show -g @f2
run t set -gu @nosuch
run t set -g @x[1] y
run t set -go @o 1
run t set -go @o 2
run t set -gqo @o 2
run t show -g @o

say "strings, append, unset"
run t set -g status-left abc
run t set -ga status-left def
run t show -g status-left
run t set -t a -a status-left xyz
run t show -t a status-left
run t show -t a -A status-left
run t show -t b -A status-left
run t show -t b status-left
run t set -go status-left x
run t set -o -t b status-left x
run t set -o -t b status-left y
run t set -u -t b status-left
run t show -t b status-left
run t set -gu status-left
run t show -g status-left
run t set -g status-left
run t set -g status-left ''
run t show -g status-left
run t set -gu status-left
run t set -g word-separators ' -'
run t show -g word-separators
run t set -g default-size 10x
run t set -g default-size 100x30
run t show -g default-size
run t set -gu default-size
run t set -g default-shell /nonexistent
run t show -g default-shell
run t set -g status-left[0] x

say "names"
run t set -g nosuch x
run t set -qg nosuch x
run t set -g s x
run t set -g status-l x
run t show -g status-l
run t show -g status-left-l
run t set -gw display-panes-color red
run t show -g display-panes-colour
run t show -gw clock-mode-color
run t show -gw cursor-color
run t show -gw pane-colors
run t show -gw prompt-cursor-color
run t show -g nosuch
run t show -gq nosuch
run t show -gv nosuch
run t set -gu nosuch
run t show -gH after-new
run t show -g ''
run t set -g 'x['
run t set -g 'user-keys[x]'

say "numbers"
for v in -1 0 1 32767 32768 65535 65536 2147483647 2147483648 abc 1.5 ''; do
	run t set -g status-left-length "$v"
	run t set -g base-index "$v"
	run t set -gw pane-base-index "$v"
	run t set -s buffer-limit "$v"
	run t set -g repeat-time "$v"
done
run t set -g status-left-length
run t show -g status-left-length
run t show -gv base-index
run t set -gu status-left-length
run t set -gu base-index
run t set -gwu pane-base-index
run t set -su buffer-limit
run t set -gu repeat-time

say "flags and choices"
run t set -g mouse
run t show -g mouse
run t set -g mouse
run t show -g mouse
run t set -t a mouse
run t show -t a mouse
run t show -t b -A mouse
for v in on off yes no 1 0 YES Off maybe ''; do
	run t set -g mouse "$v"
	run t show -gv mouse
done
run t set -g status
run t show -g status
run t set -g status
run t set -g status 3
run t set -g status
run t show -g status
run t set -g status 0
run t set -gu status
run t set -g set-clipboard
run t show -s set-clipboard
run t set -su set-clipboard
run t set -g bell-action
run t show -g bell-action
run t set -g bell-action bogus
run t set -gu bell-action
run t set -gw mode-keys vi
run t showw -g mode-keys
run t showw -gv mode-keys
run t setw -g mode-keys emacs
run t setw -g status off
run t showw -g status
run t show -g status
run t set -gu status
run t set -gw clock-mode-style 12
run t set -gw clock-mode-style 12-with-seconds
run t set -gwu clock-mode-style

say "keys"
for k in C-a ^a C-A M-A C-M-a C-Space C-@ Enter a é '#' ' ' Tab C-i Escape \
    'C-[' BSpace M-Up C-S-Up KP1 PageUp any 0x61 '^?' C-Tab '\' '"' "'" \
    '{' '$' '~' F13 User0 S-F1 MouseDown1Pane C-h none xyz C- C-Xy; do
	run t set -g prefix "$k"
	run t show -g prefix
done
run t set -gu prefix
run t set -s backspace C-h
run t show -s backspace
run t set -su backspace
run t set -g prefix2 F5
run t show -g prefix2
run t set -gu prefix2

say "colours"
for c in red navy colour5 colour300 94 BRIGHTRED '#AbCdEf' '#abcdeg' grey50 \
    gray100 terminal color255 7 default none DarkRed 'dark red' bogus ''; do
	run t set -g status-bg "$c"
	run t show -g status-bg
done
run t set -gu status-bg
run t set -gw cursor-colour none
run t show -gw cursor-colour

say "styles"
for s in fg=red,bold 'bold underscore' fg=colour300 'fg=#ff0000' nonsense \
    default none noattr bg=default,noreverse align=centre align=middle \
    list=on list=x 'range=window|1' range=left 'range=user|x' range=bogus \
    fill=red us=red double-underscore overline acs nobold fg= \
    fg=red,,bold ,fg=red '' ' ' push-default BOLD Fg=red fg=RED \
    '#[fg=red]' 'fg=red bold' ignore 'range=pane|%1' fill=none width=1 \
    '#{?pane_active,fg=red,bogus}'; do
	run t set -g status-style "$s"
	run t show -g status-style
done
run t set -g status-style fg=red
run t set -ga status-style bg=blue
run t show -g status-style
run t set -ga status-style bogus
run t show -g status-style
run t set -gu status-style
run t set -g message-style "fg=red bg=blue"
run t show -g message-style
run t set -gu message-style

say "arrays"
run t set -s user-keys "a,b c"
run t show -s user-keys
run t set -s user-keys[5] x
run t show -s user-keys
run t show -s user-keys[5]
run t show -sv user-keys[5]
run t show -s user-keys[3]
run t set -as user-keys[5] y
run t show -s user-keys[5]
run t set -as user-keys z
run t show -s user-keys
run t set -so user-keys[0] b
run t set -so user-keys[3] b
run t set -su user-keys[0]
run t show -s user-keys
run t show -sv user-keys
run t set -su user-keys
run t show -s user-keys
run t show -sv user-keys
run t set -s user-keys
run t set -s user-keys ''
run t show -s user-keys
run t set -g update-environment "A B,C"
run t show -g update-environment
run t show -gv update-environment
run t set -ga update-environment D
run t show -g update-environment
run t set -gu update-environment
run t show -g update-environment
run t set -g status-format "x y"
run t show -g status-format
run t set -gu status-format
run t show -g status-format[1]
run t set -as command-alias 'zz=list-keys'
run t set -s command-alias[10] 'a b'
run t show -s command-alias
run t show -sv command-alias
run t set -su command-alias
run t set -s command-alias[0]
run t set -s terminal-overrides 'xterm*:Tc'
run t show -s terminal-overrides
run t set -su terminal-overrides
run t set -w -t a:0 pane-colours 'red,blue green'
run t show -w -t a:0 pane-colours
run t set -w -t a:0 pane-colours[4] bogus
run t set -w -t a:0 pane-colours[4] colour9
run t show -w -t a:0 pane-colours
run t show -wv -t a:0 pane-colours
run t set -wu -t a:0 pane-colours

say "windows and panes"
run t set -w -t a:0 mode-keys vi
run t set -p -t a:0.1 remain-on-exit on
run t set -p -t a:0.1 mode-keys vi
run t set -p -t a:0.1 status off
run t show -t a status
run t show -w -t a:0
run t show -p -t a:0.1
run t show -pA -t a:0.1
run t set -w -t a:0 remain-on-exit failed
run t set -p -t a:0.0 remain-on-exit on
run t show -A -p -t a:0.1 remain-on-exit
run t show -A -w -t a:0 remain-on-exit
run t show -A -w -t a:1 remain-on-exit
run t show -w -t a:1 remain-on-exit
run t set -U -w -t a:0 remain-on-exit
run t show -p -t a:0.1
run t show -p -t a:0.0
run t show -w -t a:0
run t set -w -t a:0 @w1 x
run t set -p -t a:0.0 @p1 y
run t show -pA -t a:0.0 @w1
run t show -pA -t a:0.0 @p1
run t set -g @g1 z
run t show -pA -t a:0.0 @g1
run t show -wA -t a:0 @g1
run t show -A -t a @g1
run t show -Aw -t a:0
run t show -Ap -t a:0.0
run t show -p -t a:0.0 -v @p1
run t show -t a:0.0 status-left
run t set -t a:1 status-left q
run t show -t a status-left
run t set -w -t a:0 status-left s
run t show -w -t a:0 status-left
run t show -t a status-left
run t set -s -t a:0 @srv 1
run t show -s
run t set -su @srv
run t set -gw @gw 1
run t show -gw @gw
run t show -g @gw
run t set -w -t a:0 synchronize-panes on
run t set -w -t a:0 aggressive-resize on
run t set -w -t a:0 cursor-style bar
run t set -w -t a:0 @zz 1
run t set -w -t a:0 @AB 1
run t show -w -t a:0
run t showw -t a:0
run t showw -t a:0 -v cursor-style
run t show -A -t a
run t show -w -t a:9
run t show -p -t a:0.9
run t set -w -t a:9 mode-keys vi
run t set -p -t 'a:0.9' remain-on-exit on
run t set -p -t a:0.0 mode-keys emacs
run t show -wv -t a:0 mode-keys
run t setw -t a:0 -u mode-keys
run t setw -t a:0 -q nosuch x
run t show -gw -v synchronize-panes
run t set -p -t a:0.1 synchronize-panes
run t show -p -t a:0.1 synchronize-panes

say "formats see scoped values"
run t set -t a status-interval 5
run t display-message -p -t a '#{status-interval} #{mouse} #{@x} #{@w1} #{@p1}'
run t display-message -p -t b '#{status-interval} #{@w1}'
run t display-message -p -t a:0.1 '#{remain-on-exit} #{synchronize-panes}'
run t display-message -p -t a '#{user-keys} #{status-format[1]} #{prefix}'

say "odd corners"
run t set -ga base-index 1
run t show -gv base-index
run t set -gu base-index
run t set -g status-left-length ' 5'
run t show -gv status-left-length
run t set -g status-left-length +6
run t show -gv status-left-length
run t set -g status-left-length 0x10
run t set -gu status-left-length
run t set -gu status-left x
run t set -gU status-left
run t show -g status-left[0]
run t show -g status-left[1]
run t show -gv status-left[0]
run t set -ta -a @newa v
run t show -t a @newa
run t show -t a -Av status-left
run t set -wp -t a:0.0 @wp 1
run t show -p -t a:0.0 @wp
run t set -sw @sw 1
run t show -s @sw
run t set -gF status-left '#{session_name}'
run t show -g status-left
run t set -gu status-left
run t set -g -F @cond '#{?#{==:1,1},yes,no}'
run t show -g @cond
run t set -g @idx[0] x
run t show -g @x[0]
run t set -g update-environment[2] ''
run t show -g update-environment
run t set -gu update-environment[2]
run t show -g update-environment[2]
run t set -gu update-environment
run t show -q -g update-environment[x]
run t setw -g -q nosuch
run t showw -g -q nosuch
run t show -w -g -A mode-keys
run t show -s -A escape-time
run t show -gA mouse
run t set -qt nosuch status on
run t show -qp -t a:0.9
run t set -g monitor-silence 10
run t show -gw monitor-silence
run t set -gwu monitor-silence
run t set -gw main-pane-height 30%
run t show -gw main-pane-height
run t set -gwu main-pane-height
run t set -g escape-time 10
run t show -s escape-time
run t set -su escape-time
run t show -s escape-time

say "hooks are command arrays"
for v in 'display hi' 'display "a b"; display c' "display 'x;y'" \
    'display "a;"' 'nosuchcmd x' 'display "unterminated' 'display a\; b' \
    'splitp -h' 'new-window -n "#{session_name}"' 'display -p ""' \
    'if -F 1 { display a } { display b }' "$(printf 'display a\ndisplay b')" \
    'display "$HOME"' 'display {' 'display a ;; display b'; do
	run t set -g after-new-session "$v"
	run t show -gH after-new-session
	run t set -gu after-new-session
done
run t set -g after-new-window[3] 'display x'
run t set -ga after-new-window 'display y'
run t show -g after-new-window
run t show -gv after-new-window
run t set -gu after-new-window
run t set -w -t a:0 pane-died 'display dead'
run t show -wH -t a:0
run t show -pAH -t a:0.0
run t set -wu -t a:0 pane-died
run t set -gu default-shell
run t show -g default-shell

say "partly resolved targets"
run t set -t a:9 @part 1
run t show -t a:9 @part
run t set -t a:9 status-interval 7
run t show -t a status-interval
run t show -t a:9 status-interval
run t set -w -t a:9 @part 1
run t set -p -t a:0.9 @part 1
run t set -p -t a:9.0 @part 1
run t set -t 'nosuch:0' @part 1
run t show -w -t a:0.9 mode-keys
run t show -p -t a:0.9 remain-on-exit
run t set -u -t a status-interval

say "quoting in show"
for v in 'é ü' "$(printf 'a\nb')" "$(printf 'x\033y')" 'back\slash' '$HOME' \
    '~' '~x' 'a~' '"' "'" '\' '{' '}' '%' ';' '#{x}' 'a b' ' lead' \
    'trail ' "$(printf 'tab\there')" 'with "both" and '"'"'s'"'"; do
	run t set -g @esc "$v"
	run t show -g @esc
	run t set -g status-left "$v"
	run t show -g status-left
done
run t set -gu status-left
run t set -gu @esc
