# engine: sessions/windows/panes model, the OS boundary (engine/sys), the
# line discipline.
noinst_LIBRARIES += engine/libzpengine.a
engine_libzpengine_a_SOURCES = \
	engine/sys/vtty.h \
	engine/model/model.h engine/model/session.c engine/model/window.c \
	engine/sys/pane-io.h engine/sys/pane-io.c
engine_libzpengine_a_CFLAGS = $(AM_CFLAGS) $(LIBEVENT_CFLAGS)
