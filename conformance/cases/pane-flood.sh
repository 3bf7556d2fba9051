# A program that never stops writing: its output is read and shown all
# along, not only when something reads the screen (zeropty's server once
# stopped parsing once its read-ahead held 8 MB: the read event, always
# ready, re-armed the parse timer before it could run). pipe-pane sees
# the bytes as they are parsed. Issue 6.
. "$(dirname "$0")/../lib.sh"

yes 'flood line 0123456789 abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOP' |
    head -n 140000 >"$WORK/big"
cat >"$WORK/flood.sh" <<EOS
i=0
while :; do
	i=\$((i + 1))
	printf 'pass %d\n' "\$i"
	cat "$WORK/big"
done
EOS
t new-session -d -s f -x 80 -y 24 "sleep 1; exec sh $WORK/flood.sh"
t pipe-pane -O -t f "grep --line-buffered '^pass' > $WORK/passes"
passes_reach()
{
	grep -Eq "^pass $1([^0-9]|\$)" "$WORK/passes" 2>/dev/null
}
if conf_poll 40 passes_reach 3; then
	say "the third pass was read"
else
	say "TIMEOUT: passes seen: $(tr -d '\r' <"$WORK/passes" | tr '\n' ' ')"
fi
t kill-session -t f
