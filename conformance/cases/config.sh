# The parsed-command language through source-file: separators, quotes and
# escapes, $VAR and ~, blocks, comments, continuation lines, assignments,
# %if/%elif/%else/%endif, parse errors with file:line, runtime errors
# (the rest of the line is skipped), globs, -F -n -q -v, nesting.
. "$CONF_LIB"

run t new-session -d -s c -x 80 -y 24

f()
{
	printf '%s\n' "$2" >"$WORK/$1"
}

cat >"$WORK/sep.conf" <<'EOF'
display -p one ; display -p two
display -p three;display -p "four;" ; display -p five\;
display -p a ;; display -p b
# a comment
display -p six # trailing comment
display -p "seven \
eight"
display -p nine\
ten
display -p 'sq \
x'
display -p "multi
   line"
EOF
run t source-file sep.conf
cat >"$WORK/quote.conf" <<'EOF'
display -p 'single $HOME \e ${X}'
display -p "dq \\ \" \e[1m \101 \u00e9 \U0001F600 \s \t. \a\b\f\v\r\n"
display -p x\\y 'a'"b"c
display -p "$CONFVAR ${CONFVAR}x $ $1 ${CONFVAR}"
display -p $CONFVAR$CONFVAR-$NOSUCHVAR_ZP-
display -p ~/sub
display -p ~
display -p '~'
display -p "~/q" a~b
display -p \;
display -p '#notcomment' "#{session_name}" x#y
display -p %1 %%
EOF
run t setenv -g CONFVAR val
run t source-file quote.conf
f assign.conf 'A1=first
display -p "$A1"
A2=second display -p "$A2"
%hidden H1=hid
display -p $H1
display -p B1=notassign'
run t source-file assign.conf
run t show-environment -g A1
run t show-environment -g A2
run t show-environment -g H1
run t show-environment -gh H1
f cond.conf '%if #{==:a,a}
display -p if-true
%else
display -p if-false
%endif
%if 0
display -p no
%elif #{session_name}
display -p elif-session
%elif 1
display -p elif2
%else
display -p else
%endif
%if 0
%if 1
display -p nested
%endif
%else
display -p outer-else
%endif
%if "1"
display -p quoted-cond
%endif
%if 1 display -p inline %endif
%if 0 display -p a %else display -p inline-else %endif ; display -p after'
run t source-file cond.conf
f block.conf 'bind-key -T cfgtbl x {
  display -p one
  display -p two
}
bind-key -T cfgtbl y if -F 1 { display a } { display b ; display c }
bind-key -T cfgtbl z { }
if -F 1 { display -p from-block }
if -F 0 { display -p no } { display -p else-block }
run -C { display -p run-block }
set -g @blk { display -p x }
show -gv @blk'
run t source-file block.conf
run t list-keys -T cfgtbl

# Parse errors: nothing in the file runs.
for body in 'display -p x
bogus-command' 'display -p }' 'display -p {' '; display -p a' \
    'display -p x{ display }' 'display -p "\u00zz"' 'display -p "\477"' \
    'display -p ${A-b}' 'display -p ~nosuchuser_zp' '%foo' '%if 1
%endif' '%if 1
%else
display -p x
%endif' 'display -p {
  display a
  display b
}' 'display -p {}' 'setenv x { display a }' 'run { display -p run }' \
    'new-window { display }' 'display -p -Z' 'display -p "unterminated' \
    'display -p "a
  # c
  #{session_name}x"' 'display -p no-newline-at-end' \
    '%endif' '%else' 'display -p a ; X=1' 'A=1 B=2' 'display -p %'; do
	printf '%s' "$body" >"$WORK/err.conf"
	say "file: $(printf '%s' "$body" | tr '\n' '|')"
	run t source-file err.conf
done

# Runtime errors skip the rest of their line only.
f run.conf 'display -p l1 ; set -g nosuch 1 ; display -p skipped
display -p l2
set -g nosuch2 x
display -p l3'
run t source-file run.conf
run t source-file run.conf \; display -p after
run t source-file err.conf \; display -p after-parse-error
run t source-file nosuch.conf \; display -p not-run
run t source-file -q nosuch.conf \; display -p quiet
run t source-file /nonexistent/x.conf
run t source-file -q /nonexistent/x.conf
run t source-file -n run.conf
run t source-file -n err.conf
run t source-file -v sep.conf
run t source-file -nv sep.conf
run t source-file -F '#{session_name}.conf'
f c.conf 'display -p from-c.conf'
run t source-file -F '#{session_name}.conf'

# Globs, several files, nesting, relative paths.
mkdir -p "$WORK/glob/sub"
f glob/1.conf 'display -p g1'
f glob/2.conf 'display -p g2'
f glob/sub/inner.conf 'display -p inner'
f glob/outer.conf 'display -p outer
source-file glob/sub/inner.conf
source-file sub/inner.conf
display -p outer-end'
run t source-file 'glob/*.conf'
run t source-file 'glob/nomatch*.conf'
run t source-file -q 'glob/nomatch*.conf'
run t source-file glob/1.conf run.conf glob/2.conf
run t source-file glob/1.conf nosuch.conf glob/2.conf
run t source-file glob/outer.conf
f nest-err.conf 'display -p before
source-file err.conf
display -p after-nested'
run t source-file nest-err.conf
run t source-file
run t source-file -x a
run t source glob/1.conf

# Startup files: -f (repeatable, relative to the client's directory).
f start1.conf 'set -g @start1 yes
setenv -g STARTVAR sv'
f start2.conf 'set -g @start2 "$STARTVAR"'
extra_server -L "${SOCK}b"
run "$BIN" -L "${SOCK}b" -f start1.conf -f start2.conf new-session -d \; show -gv @start1 \; show -gv @start2
run "$BIN" -L "${SOCK}b" kill-server
f starterr.conf 'set -g @starterr yes
bogus'
run "$BIN" -L "${SOCK}b" -f starterr.conf -f /nonexistent.conf new-session -d \; show -gv @starterr
run "$BIN" -L "${SOCK}b" kill-server
printf 'set -g @home yes\n' >"$HOME/.tmux.conf"
run "$BIN" -L "${SOCK}b" new-session -d \; show -gv @home
run "$BIN" -L "${SOCK}b" kill-server
rm -f "$HOME/.tmux.conf"
mkdir -p "$HOME/.config/tmux"
printf 'set -g @xdg yes\n' >"$HOME/.config/tmux/tmux.conf"
run "$BIN" -L "${SOCK}b" new-session -d \; show -gv @xdg
run "$BIN" -L "${SOCK}b" kill-server
rm -f "$HOME/.config/tmux/tmux.conf"
