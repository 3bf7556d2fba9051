# A format variable that is none of tmux's names or options is the
# session's environment's, else the global environment's, with every
# modifier applied to its value as to any other.
. "$(dirname "$0")/../lib.sh"

run t new-session -d -s e -x 80 -y 24
run t set-environment -g V '#0'
run t set-environment -g W 'ab#[fg=red]cdef'
for f in '#{V} #{w:V}' '#{=3:V}' '#{=-3:V}' '#{W}' '#{=3:W}' '#{=-3:W}' \
    '#{=|3|..:W}' '#{n:W}' '#{w:W}' '#{l:V}' '#{s/a/x/:W}' '#{?V,y,n}' \
    '#{!!:V}' '#{==:#{V},#0}' '#{q:V}' '#{b:V}' '#{d:V}' '#{T:V}' \
    '#{E:V}' '#{p5:V}|' '#{t:V}' '#{m:#*,V}' '#{NOSUCH}|' \
    '#{session_name}' '#{HOME}' '#{V}#{W}'; do
	run t display-message -p "$f"
done
run t set-environment -t e V session
run t display-message -p '#{V}'
run t display-message -p -t e '#{V}'
run t set-environment -t e -r V
run t display-message -p '[#{V}]'
run t set-environment -t e -u V
run t display-message -p '[#{V}]'
say "a name tmux knows is never the environment's"
run t set-environment -g session_name env
run t set-environment -g base-index env
run t display-message -p '#{session_name} #{base-index}'
run t list-sessions -F '#{V}'
