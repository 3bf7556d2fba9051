# engine: sessions/windows/panes model, the OS boundary (engine/sys), the
# line discipline.
noinst_LIBRARIES += engine/libzpengine.a
engine_libzpengine_a_SOURCES = \
	engine/sys/vtty.h
engine_libzpengine_a_CFLAGS = $(AM_CFLAGS) $(LIBEVENT_CFLAGS)
