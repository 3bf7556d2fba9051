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
