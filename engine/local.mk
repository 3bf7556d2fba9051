# engine: sessions/windows/panes model, the OS boundary (engine/sys), the
# line discipline.
noinst_LIBRARIES += engine/libzpengine.a
engine_libzpengine_a_SOURCES = \
	engine/sys/vtty.h \
	engine/model/model.h engine/model/session.c engine/model/window.c \
	engine/model/winlink.c engine/model/environ.c \
	engine/sys/pane-io.h engine/sys/pane-io.c \
	engine/sys/pane-wait.h engine/sys/pane-wait.c \
	engine/sys/job.h engine/sys/job.c \
	engine/sys/fd-limit.h engine/sys/fd-limit.c \
	engine/sys/fork.h engine/sys/fork.c \
	engine/sys/reexec.h engine/sys/reexec.c
engine_libzpengine_a_CFLAGS = $(AM_CFLAGS) $(LIBEVENT_CFLAGS)

# Window layouts (layout tree, presets, layout strings).
engine_libzpengine_a_SOURCES += engine/model/layout.h \
	engine/model/layout-int.h engine/model/layout.c \
	engine/model/layout-set.c engine/model/layout-custom.c
check_PROGRAMS += engine/model/layout_test engine/model/session_test
TESTS += engine/model/layout_test engine/model/session_test
EXTRA_DIST += engine/model/layout_test.data
engine_model_session_test_LDADD = engine/libzpengine.a \
	engine/term/libzpterm.a engine/base/libzpbase.a $(ZSTD_LIBS) \
	$(MIMALLOC_LIBS)
engine_model_layout_test_LDADD = engine/libzpengine.a engine/term/libzpterm.a \
	engine/base/libzpbase.a $(ZSTD_LIBS) $(MIMALLOC_LIBS)
