# tmux-compat: tmux's language (argv grammar, commands, targets, formats)
# on top of the engine, the client and the server, and the zeropty binary.
noinst_LIBRARIES += tmux-compat/libzpcompat.a
tmux_compat_libzpcompat_a_SOURCES = \
	tmux-compat/args.h \
	tmux-compat/cmd.h \
	tmux-compat/format.h
tmux_compat_libzpcompat_a_CFLAGS = $(AM_CFLAGS) $(LIBEVENT_CFLAGS)

bin_PROGRAMS += zeropty
zeropty_SOURCES = tmux-compat/zeropty.c
zeropty_CFLAGS = $(AM_CFLAGS) $(LIBEVENT_CFLAGS)
zeropty_LDADD = tmux-compat/libzpcompat.a engine/libzpengine.a \
	engine/term/libzpterm.a engine/base/libzpbase.a \
	$(LIBEVENT_LIBS) $(ZSTD_LIBS) $(TINFO_LIBS) $(LIBBSD_LIBS) \
	$(MIMALLOC_LIBS) -lm

# Command grammar (args, cmd, the command table); tests need a dummy
# cmd_pending_exec, which the server defines for the real binary.
tmux_compat_libzpcompat_a_SOURCES += \
	tmux-compat/args.c tmux-compat/cmd.c \
	tmux-compat/cmd-entries.h tmux-compat/cmd-table.c \
	tmux-compat/cmd-pending.c
check_PROGRAMS += tmux-compat/args_test tmux-compat/cmd_test
TESTS += tmux-compat/args_test tmux-compat/cmd_test
tmux_compat_args_test_LDADD = tmux-compat/libzpcompat.a \
	engine/base/libzpbase.a $(MIMALLOC_LIBS)
tmux_compat_cmd_test_LDADD = tmux-compat/libzpcompat.a \
	engine/base/libzpbase.a $(MIMALLOC_LIBS)

# The format expander (format.h).
tmux_compat_libzpcompat_a_SOURCES += tmux-compat/format.c \
	tmux-compat/format-colour.c tmux-compat/format-int.h
check_PROGRAMS += tmux-compat/format_test
TESTS += tmux-compat/format_test
tmux_compat_format_test_LDADD = tmux-compat/libzpcompat.a \
	engine/base/libzpbase.a $(MIMALLOC_LIBS) -lm
