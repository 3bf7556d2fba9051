# bench: benchmarks against tmux in the same run (make bench).
