#!/bin/sh
# conformance/fuzz/record.sh NAME COMMAND [KEY...]: record a program for
# data/NAME-80x24.bin.gz. COMMAND runs in a bash of a tmux 3.3a pane of
# 80x24 whose output is recorded (pipe-pane -O: the bytes the terminal
# sees, echo included); each KEY is sent with send-keys after 0.3 s:
# "lit:TEXT" literally, "sleep:N" waits N seconds, anything else is a key
# name. The traces in data/ were recorded so (2026-12-03):
#   record.sh top "top -d 0.5" sleep:2 M sleep:1 P sleep:1 q
#   record.sh htop "htop -d 5" sleep:2 F6 Down Enter sleep:1 t sleep:1 q
#   record.sh man "MANPAGER=less man ls" sleep:2 Space sleep:0.5 \
#       lit:/sort Enter sleep:0.5 n sleep:0.5 G sleep:0.5 q
#   record.sh gitlog "git --no-pager log --graph --color=always \
#       --decorate --oneline -60 && git --no-pager log --stat \
#       --color=always -3 | head -40" sleep:2          (in this repository)
#   record.sh node node sleep:2 lit:1+1 Enter sleep:0.5 \
#       "lit:[1,2,3].map(x => x * 2)" Enter sleep:0.5 \
#       "lit:const o = {a: 1, b: 'x'}" Enter sleep:0.5 lit:o Enter \
#       sleep:0.5 lit:o. Tab Tab sleep:0.5 C-u lit:.exit Enter sleep:1
set -e
name=$1
cmd=$2
shift 2
out=$(cd "$(dirname "$0")" && pwd)/data/$name-80x24.bin
sock=record$$
T="tmux -L $sock -f /dev/null"
trap '$T kill-server 2>/dev/null || true' EXIT
env -u TMUX SHELL=/bin/bash $T new-session -d -s r -x 80 -y 24 \
    "bash --norc --noprofile"
sleep 0.5
$T pipe-pane -O -t r "cat >'$out'"
$T send-keys -t r "PS1='\$ ' ; clear" Enter
sleep 0.5
$T send-keys -t r "$cmd" Enter
for k in "$@"; do
	case $k in
	sleep:*) sleep "${k#sleep:}" ;;
	lit:*) $T send-keys -t r -l "${k#lit:}" ;;
	*) $T send-keys -t r "$k" ;;
	esac
	sleep 0.3
done
sleep 1
$T pipe-pane -t r
gzip -9f "$out"
