# conformance: differential tests against tmux 3.3a on private sockets.
EXTRA_DIST += conformance/lib.sh
