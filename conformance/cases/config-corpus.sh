# A corpus of typical ~/.tmux.conf files (conformance/configs/*.conf):
# each one starts a fresh server as its -f file, then the options of every
# scope, the key bindings (with their notes) and the global hooks are
# printed; then the file is sourced again as a reload binding does, which
# prints its errors and those hooks left with no client to tell.  Nothing is masked beyond lib.sh's normaliser: the
# files use no host names, times or pids.  09 turns automatic-rename off
# because zeropty works window names out when asked and so never fires
# window-renamed for an automatic rename (tmux renames from a timer).
. "$CONF_LIB"

# Real configurations call tmux by name from run-shell and if-shell (and
# plugin scripts do): $WORK/bin/tmux is the binary under test.  Plugin
# scripts (configs/plugins/) are found at $HOME/../plugins.
PATH=$WORK/bin:$PATH
export PATH
cp -R "$CONF_DIR/configs/plugins" "$WORK/plugins"

n=0
for conf in "$CONF_DIR"/configs/*.conf; do
	name=${conf##*/}
	n=$((n + 1))
	# A copy under $WORK, so the paths in error messages are normalised.
	cp "$conf" "$WORK/$name"
	s=${SOCK}c$n
	extra_server -L "$s"
	say "=== $name"
	run "$BIN" -L "$s" -f "$name" new-session -d -s main -x 80 -y 24
	# The file's errors: view-mode on the new session's pane, its text
	# copied to a buffer (the blank rows below it dropped).
	mode=$("$BIN" -L "$s" -f /dev/null display -p -t main '#{pane_mode}')
	say "pane_mode: $mode"
	if [ "$mode" = view-mode ]; then
		quiet "$BIN" -L "$s" -f /dev/null send -X -t main history-top \; \
		    send -X -t main begin-selection \; \
		    send -X -t main history-bottom \; \
		    send -X -t main end-of-line \; \
		    send -X -t main copy-selection
		"$BIN" -L "$s" -f /dev/null show-buffer | sed '/^$/d' | norm
	fi
	for c in "show-options -g" "show-options -w -g" "show-options -s" \
	    "list-keys" "list-keys -N" "show-hooks -g"; do
		# shellcheck disable=SC2086
		run "$BIN" -L "$s" -f /dev/null $c
	done
	say "reload"
	run "$BIN" -L "$s" -f /dev/null source-file "$name"
	run "$BIN" -L "$s" -f /dev/null show-options -s
	run "$BIN" -L "$s" -f /dev/null kill-server
	wait_no_server -L "$s"
done
