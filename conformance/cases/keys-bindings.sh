# Key bindings: tmux 3.3a's default tables as list-keys prints them (all,
# per table, -N notes, -a, -1, -P, single keys), bind-key and unbind-key
# (-n -r -N -T, key names, blocks, several commands), their errors.
. "$CONF_LIB"

# A session keeps the server up: with none, tmux 3.3a exits while a
# long list-keys is still being written ("server exited unexpectedly").
run t new-session -d -s keep

run t list-keys
for tbl in prefix root copy-mode copy-mode-vi; do
	run t list-keys -T "$tbl"
	run t list-keys -N -T "$tbl"
	run t list-keys -N -a -T "$tbl"
done
run t list-keys -N
run t list-keys -N -a
run t list-keys -N -1
run t list-keys -N -P 'XY: '
run t list-keys -N -T prefix -P '> ' -1
run t list-keys q
run t list-keys -N q
run t list-keys -T prefix c
run t list-keys -N C-b
run t list-keys -N -T copy-mode q
run t list-keys -T nosuch
run t list-keys -N -T nosuch
run t list-keys -T prefix F12
run t list-keys -T prefix BadKey
run t list-keys a b

run t new-session -d -s k -x 80 -y 24
run t bind-key -T t1 a display-message hello
run t bind-key -T t1 -r b display-message -p "x y"
run t bind-key -T t1 -N "a note" c new-window -d
run t bind-key -n -N "root note" F5 display a
run t bind-key -n M-Right display b
run t bind-key -N "long key" -T prefix M-C-S-Right display c
run t bind-key -T prefix M-C-S-PPage display d
run t bind-key -T prefix -N "" M-C-S-Left display e
run t list-keys -T t1
run t list-keys -N
run t list-keys -N -a -T t1
run t list-keys -T root F5
run t list-keys -T prefix
for k in C-a M-a C-M-a S-F1 C-F12 M-Up C-Space Space Tab Enter Escape \
    BSpace C-? '^b' 'C-\' '#' '"' "'" '$' '%' '{' '}' '~' ';' '\' \
    é 0x41 0x263a Any None User1 MouseDown1Pane WheelUpStatus \
    DoubleClick3Border KP5 KPEnter PgUp PageDown Insert Delete Home \
    End BTab F20 Bogus C-Bogus ''; do
	run t bind-key -T keys "$k" display-message "key $k"
done
run t list-keys -T keys
run t unbind-key -T keys C-a
run t unbind-key -T keys C-a
run t unbind-key -T keys Bogus
run t unbind-key -q -T keys Bogus
run t unbind-key -T nosuch a
run t unbind-key -T keys
run t unbind-key -a -T keys x
run t unbind-key -a -T keys
run t list-keys -T keys
run t unbind-key -a -T keys

# Bodies: strings, blocks (lines are groups), several arguments.
cat >"$WORK/b.conf" <<'CONF'
bind -T t2 a { display a ; display b }
bind -T t2 b {
  display a
  display b ; display c
}
bind -T t2 c if -F 1 { display a } { display b ; display c }
bind -T t2 d "display a ;; display b"
bind -T t2 e display a \; display b
bind -T t2 f { }
bind -T t2 g 'display "a b" ; set -g @x "#{session_name}"'
bind -T t2 h display-menu -T title a A { display a } '' b B "display b"
bind -T t2 i confirm-before -p "kill?" kill-window
bind -T t2 j confirm-before -p "kill?" { kill-window }
bind -T t2 k run -C { display -p x }
bind -T t2 l if -F 1 "display a" "display b"
bind -T t2 m new-window \; split-window
bind -T t2 n send-keys -X "begin-selection" \; send-keys -X "copy-pipe-and-cancel" "xclip -i"
bind -T t2 o command-prompt -p "(x)" { rename-window "%%" }
bind -T t2 p display -p '$HOME ~ \e'
CONF
run t source-file b.conf
run t list-keys -T t2
run t bind-key -T t2 q
run t bind-key -T t2 -N "note only" a
run t list-keys -N -T t2
run t list-keys -T t2 a
run t bind-key -T t2 r bogus-command
run t bind-key -T t2 r 'display "unterminated'
run t bind-key -T t2 r "display {"
run t bind-key -T t2 r display -Z
run t bind-key
run t bind-key -T t2
run t unbind-key
run t unbind-key -a -n
run t list-keys -T root
run t unbind-key -n F5
run t unbind-key -n M-Right
run t list-keys -T root F5
run t unbind-key -a
run t list-keys -T prefix
run t list-keys -N
run t bind-key C-b send-prefix
run t list-keys -T prefix
