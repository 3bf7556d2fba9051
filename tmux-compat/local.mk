# tmux-compat: tmux's language (argv grammar, commands, targets, formats)
# on top of the engine, the client and the server, and the zeropty binary.
noinst_LIBRARIES += tmux-compat/libzpcompat.a
tmux_compat_libzpcompat_a_SOURCES = \
	tmux-compat/args.h \
	tmux-compat/cmd.h \
	tmux-compat/format.h \
	tmux-compat/tmux.h tmux-compat/proto.h tmux-compat/paste.h \
	tmux-compat/client-common.h \
	tmux-compat/client-file.c tmux-compat/client-file.h \
	tmux-compat/globals.c \
	tmux-compat/client.c \
	tmux-compat/server.c tmux-compat/server-acl.c \
	tmux-compat/pane-settle.c tmux-compat/pane-settle.h \
	tmux-compat/server-fds.c tmux-compat/server-int.h \
	tmux-compat/cmd-queue.c \
	tmux-compat/cmd-alias.c \
	tmux-compat/cmd-job.c \
	tmux-compat/cmd-find.c \
	tmux-compat/format-vars.c \
	tmux-compat/options.h tmux-compat/options.c \
	tmux-compat/options-table.c \
	tmux-compat/spawn.c \
	tmux-compat/keys.c \
	tmux-compat/paste.c \
	tmux-compat/window-zoom.c \
	tmux-compat/cmd/cmd-attach-session.c \
	tmux-compat/cmd/cmd-break-pane.c \
	tmux-compat/cmd/cmd-capture-pane.c \
	tmux-compat/cmd/cmd-clear-history.c \
	tmux-compat/cmd/cmd-delete-buffer.c \
	tmux-compat/cmd/cmd-display-message.c \
	tmux-compat/cmd/cmd-has-session.c \
	tmux-compat/cmd/cmd-join-pane.c \
	tmux-compat/cmd/cmd-kill-pane.c \
	tmux-compat/cmd/cmd-kill-server.c \
	tmux-compat/cmd/cmd-kill-session.c \
	tmux-compat/cmd/cmd-kill-window.c \
	tmux-compat/cmd/cmd-list-buffers.c \
	tmux-compat/cmd/cmd-list-clients.c \
	tmux-compat/cmd/cmd-list-commands.c \
	tmux-compat/cmd/cmd-list-panes.c \
	tmux-compat/cmd/cmd-list-sessions.c \
	tmux-compat/cmd/cmd-list-windows.c \
	tmux-compat/cmd/cmd-lock-server.c \
	tmux-compat/cmd/cmd-move-window.c \
	tmux-compat/cmd/cmd-new-session.c \
	tmux-compat/cmd/cmd-new-window.c \
	tmux-compat/cmd/cmd-paste-buffer.c \
	tmux-compat/cmd/cmd-rename-session.c \
	tmux-compat/cmd/cmd-rename-window.c \
	tmux-compat/cmd/cmd-resize-pane.c \
	tmux-compat/cmd/cmd-resize-window.c \
	tmux-compat/cmd/cmd-respawn-pane.c \
	tmux-compat/cmd/cmd-rotate-window.c \
	tmux-compat/cmd/cmd-save-buffer.c \
	tmux-compat/cmd/cmd-select-layout.c \
	tmux-compat/cmd/cmd-select-pane.c \
	tmux-compat/cmd/cmd-select-window.c \
	tmux-compat/cmd/cmd-send-keys.c \
	tmux-compat/cmd/cmd-send-prefix.c \
	tmux-compat/cmd/cmd-server-access.c \
	tmux-compat/cmd/cmd-set-buffer.c \
	tmux-compat/cmd/cmd-set-environment.c \
	tmux-compat/cmd/cmd-set-option.c \
	tmux-compat/cmd/cmd-show-buffer.c \
	tmux-compat/cmd/cmd-show-environment.c \
	tmux-compat/cmd/cmd-show-options.c \
	tmux-compat/cmd/cmd-show-prompt-history.c \
	tmux-compat/cmd/cmd-show-messages.c \
	tmux-compat/cmd/cmd-split-window.c \
	tmux-compat/cmd/cmd-start-server.c \
	tmux-compat/cmd/cmd-suspend-client.c \
	tmux-compat/cmd/cmd-swap-pane.c \
	tmux-compat/cmd/cmd-swap-window.c \
	tmux-compat/cmd/cmd-unlink-window.c \
	tmux-compat/cmd/cmd-wait-for.c tmux-compat/cmd/cmd-wait-pane.c \
	tmux-compat/cmd/cmd-refresh-client.c tmux-compat/cmd/cmd-detach-client.c \
	tmux-compat/cmd/cmd-switch-client.c \
	tmux-compat/cmd/cmd-grep-panes.c \
	tmux-compat/cmd/cmd-server-upgrade.c \
	tmux-compat/cmd/cmd-pipe-pane.c \
	tmux-compat/cmd/cmd-run-shell.c \
	tmux-compat/cmd/cmd-if-shell.c

# Everything the binary links; unit tests of tmux-compat link the same.
ZP_ALL_LIBS = tmux-compat/libzpcompat.a engine/libzpengine.a \
	engine/term/libzpterm.a engine/base/libzpbase.a \
	$(ZP_DEP_LIBS) $(MIMALLOC_LIBS) -lm
tmux_compat_libzpcompat_a_CFLAGS = $(AM_CFLAGS) $(LIBEVENT_CFLAGS)

# The command, zeropty, is the front (client-front.c says why), built by
# its own rule because it may use another compiler (musl-gcc, configure's
# FRONT_CC); for what it does not do it runs zeropty-client, the full
# client, installed beside the server.
bin_SCRIPTS = zeropty
CLEANFILES += zeropty
ZP_FRONT_SRC = $(srcdir)/tmux-compat/client-front.c \
	$(srcdir)/tmux-compat/client-io.c $(srcdir)/engine/base/buf.c \
	$(srcdir)/engine/base/xmalloc.c $(srcdir)/engine/sys/self-path.c
ZP_FRONT_DEPS = $(srcdir)/tmux-compat/client-common.h \
	$(srcdir)/tmux-compat/proto.h $(srcdir)/engine/base/buf.h \
	$(srcdir)/engine/base/xmalloc.h $(srcdir)/engine/sys/self-path.h
EXTRA_DIST += tmux-compat/client-front.c
zeropty: $(ZP_FRONT_SRC) $(ZP_FRONT_DEPS)
	$(AM_V_CC)$(FRONT_CC) -O2 -Wall -Wextra $(WERROR_CFLAGS) -I$(srcdir) \
	    -D_GNU_SOURCE -DZEROPTY_LIBC_MALLOC \
	    -DZEROPTY_PKGLIBEXECDIR='"$(pkglibexecdir)"' -o $@ \
	    $(ZP_FRONT_SRC) $(FRONT_LDFLAGS)

# The full client: static where configure could (ZP_CLIENT_LDFLAGS), with
# the C library's allocator (xmalloc.c built again with
# ZEROPTY_LIBC_MALLOC, so libzpbase's mimalloc one is not linked). It
# starts zeropty-server, the same code with mimalloc (server-main.c);
# without that binary beside it or installed, it runs the server itself.
tmux_compat_libzpcompat_a_SOURCES += tmux-compat/zeropty.c
pkglibexec_PROGRAMS += zeropty-client
zeropty_client_SOURCES = tmux-compat/client-main.c engine/base/xmalloc.c
zeropty_client_CPPFLAGS = $(AM_CPPFLAGS) -DZEROPTY_LIBC_MALLOC
zeropty_client_CFLAGS = $(AM_CFLAGS) $(LIBEVENT_CFLAGS)
zeropty_client_LDFLAGS = $(AM_LDFLAGS) $(ZP_CLIENT_LDFLAGS)
zeropty_client_LDADD = tmux-compat/libzpcompat.a engine/libzpengine.a \
	engine/term/libzpterm.a engine/base/libzpbase.a $(ZP_DEP_LIBS) -lm

pkglibexec_PROGRAMS += zeropty-server
zeropty_server_SOURCES = tmux-compat/server-main.c
zeropty_server_CFLAGS = $(AM_CFLAGS) $(LIBEVENT_CFLAGS)
zeropty_server_LDADD = $(ZP_ALL_LIBS)

# Command grammar (args, cmd, the command table).
tmux_compat_libzpcompat_a_SOURCES += \
	tmux-compat/args.c tmux-compat/cmd.c \
	tmux-compat/cmd-entries.h tmux-compat/cmd-table.c
check_PROGRAMS += tmux-compat/args_test tmux-compat/cmd_test
TESTS += tmux-compat/args_test tmux-compat/cmd_test
TESTS += tmux-compat/client-front_test.sh
EXTRA_DIST += tmux-compat/client-front_test.sh
tmux_compat_args_test_LDADD = $(ZP_ALL_LIBS)
tmux_compat_cmd_test_LDADD = $(ZP_ALL_LIBS)

# The format expander (format.h).
tmux_compat_libzpcompat_a_SOURCES += tmux-compat/format.c \
	tmux-compat/format-colour.c tmux-compat/format-int.h \
	tmux-compat/regcomp-limit.c tmux-compat/regcomp-limit.h
check_PROGRAMS += tmux-compat/format_test
TESTS += tmux-compat/format_test
tmux_compat_format_test_LDADD = $(ZP_ALL_LIBS)

# Bad input through the CLI and raw garbage on the server socket.
TESTS += tmux-compat/t/robustness_test.py
EXTRA_DIST += tmux-compat/t/robustness_test.py
# Reading a pane straight after making it or sending it keys (pane-settle.c).
TESTS += tmux-compat/t/read_at_once_test.py
EXTRA_DIST += tmux-compat/t/read_at_once_test.py
# wait-pane, zeropty's own command, with real panes.
TESTS += tmux-compat/t/wait_pane_test.py
EXTRA_DIST += tmux-compat/t/wait_pane_test.py
TESTS += tmux-compat/t/grep_panes_test.py
EXTRA_DIST += tmux-compat/t/grep_panes_test.py
TESTS += tmux-compat/t/upgrade_test.py
EXTRA_DIST += tmux-compat/t/upgrade_test.py

# The client starts zeropty-server (server-main.c), or serves alone.
TESTS += tmux-compat/t/binaries_test.py
EXTRA_DIST += tmux-compat/t/binaries_test.py

# A new pane before its program's exec: its names, and killed at once.
TESTS += tmux-compat/t/spawn_test.py
EXTRA_DIST += tmux-compat/t/spawn_test.py

# What a client hands the server (descriptors, stdin) is used with the
# client's rights; large inputs and answers (root: SKIP otherwise).
TESTS += tmux-compat/t/fd_security_test.py
TESTS += tmux-compat/t/security_low_test.py
EXTRA_DIST += tmux-compat/t/fd_security_test.py
EXTRA_DIST += tmux-compat/t/security_low_test.py

# A control client's commands leave no memory behind (a size, not a time).
TESTS += tmux-compat/t/control_memory_test.py
EXTRA_DIST += tmux-compat/t/control_memory_test.py

# A read-only user (server-access -r) runs only read-only commands: mouse,
# menus, prompts, tree mode, control mode and #() included (as root).
TESTS += tmux-compat/t/readonly_test.py
EXTRA_DIST += tmux-compat/t/readonly_test.py

# Options (options.h): the table, the store, set/show-options.
check_PROGRAMS += tmux-compat/options_test
TESTS += tmux-compat/options_test
tmux_compat_options_test_LDADD = $(ZP_ALL_LIBS)

# The parsed-command language (cmd-parse.h), config files and source-file,
# key bindings, hooks.
tmux_compat_libzpcompat_a_SOURCES += tmux-compat/cmd-parse.h \
	tmux-compat/cmd-parse.c tmux-compat/cfg.c \
	tmux-compat/key-bindings.h tmux-compat/key-bindings.c \
	tmux-compat/key-string.c \
	tmux-compat/cmd/cmd-source-file.c tmux-compat/cmd/cmd-bind-key.c \
	tmux-compat/cmd/cmd-unbind-key.c tmux-compat/cmd/cmd-list-keys.c \
	tmux-compat/hooks.h tmux-compat/hooks.c tmux-compat/cmd/cmd-set-hook.c
check_PROGRAMS += tmux-compat/cmd-parse_test
TESTS += tmux-compat/cmd-parse_test
tmux_compat_cmd_parse_test_LDADD = $(ZP_ALL_LIBS)
# end of the parsed-command language block

# Control mode (-C, -CC, straight on the socket) and its notifications.
tmux_compat_libzpcompat_a_SOURCES += tmux-compat/control.h \
	tmux-compat/control.c tmux-compat/control-cmd.c \
	tmux-compat/notify.c tmux-compat/client-control.c

# Attached clients: the terminal's client, keys, drawing.
tmux_compat_libzpcompat_a_SOURCES += tmux-compat/tty.h \
	tmux-compat/tty-term.h tmux-compat/tty-term.c \
	tmux-compat/style.h tmux-compat/style.c \
	tmux-compat/tty-keys.c tmux-compat/tty-draw.c \
	tmux-compat/tty-draw-int.h tmux-compat/status-draw.c \
	tmux-compat/format-draw.c \
	tmux-compat/tty.c tmux-compat/client-tty.c \
	tmux-compat/client-io.c \
	tmux-compat/format-client.c tmux-compat/status-prompt.c \
	tmux-compat/format-job.c tmux-compat/clipboard.c \
	tmux-compat/menu.c tmux-compat/cmd/cmd-display-menu.c \
	tmux-compat/popup.c tmux-compat/cmd/cmd-display-popup.c \
	tmux-compat/prompt-history.h tmux-compat/prompt-history.c \
	tmux-compat/prompt-complete.c \
	tmux-compat/focus.c tmux-compat/names.c \
	tmux-compat/alerts.c tmux-compat/message-log.c \
	tmux-compat/upgrade.h tmux-compat/upgrade.c \
	tmux-compat/upgrade-state.c tmux-compat/upgrade-config.c \
	tmux-compat/cmd/cmd-command-prompt.c \
	tmux-compat/cmd/cmd-confirm-before.c \
	tmux-compat/window-copy.h tmux-compat/window-copy.c \
	tmux-compat/copy-reader.h tmux-compat/copy-reader.c \
	tmux-compat/cmd/cmd-copy-mode.c tmux-compat/tty-font.c \
	tmux-compat/cmd/cmd-display-panes.c tmux-compat/window-clock.c \
	tmux-compat/cmd/cmd-clock-mode.c tmux-compat/tty-mouse.c \
	tmux-compat/window-tree.c tmux-compat/window-tree-preview.c \
	tmux-compat/window-tree-keys.c tmux-compat/window-tree-int.h \
	tmux-compat/window-tree-list.c tmux-compat/window-tree-mouse.c \
	tmux-compat/window-customize.c tmux-compat/window-customize-keys.c \
	tmux-compat/cmd/cmd-choose-tree.c \
	tmux-compat/cmd/cmd-customize-mode.c \
	tmux-compat/cmd/cmd-find-window.c

# Attached clients: key splitting and the renderer's diff (tty_test.c).
check_PROGRAMS += tmux-compat/tty_test
TESTS += tmux-compat/tty_test
tmux_compat_tty_test_LDADD = $(ZP_ALL_LIBS)

# libFuzzer targets, built by conformance/fuzz/libfuzzer-smoke.sh with clang.
EXTRA_DIST += tmux-compat/cmd-parse_fuzz.c tmux-compat/format_fuzz.c \
	tmux-compat/format_check.sh
