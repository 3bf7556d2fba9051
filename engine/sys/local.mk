# engine/sys: the virtual terminal (vtty) and its line discipline (ldisc).
engine_libzpengine_a_SOURCES += \
	engine/sys/vtty.c engine/sys/self-path.c engine/sys/self-path.h \
	engine/sys/ldisc.c engine/sys/ldisc.h \
	engine/sys/sock-queue.c engine/sys/sock-queue.h

# The tests build vtty/ldisc themselves, so they do not depend on the rest
# of libzpengine.
check_PROGRAMS += engine/sys/ldisc_test engine/sys/vtty_test
TESTS += engine/sys/ldisc_test engine/sys/vtty_test
engine_sys_ldisc_test_SOURCES = engine/sys/ldisc_test.c engine/sys/ldisc.c
engine_sys_ldisc_test_LDADD = engine/base/libzpbase.a $(MIMALLOC_LIBS)
engine_sys_vtty_test_SOURCES = engine/sys/vtty_test.c engine/sys/vtty.c \
	engine/sys/ldisc.c engine/sys/self-path.c
engine_sys_vtty_test_LDADD = engine/base/libzpbase.a $(MIMALLOC_LIBS)

# The cold store for deep-frozen screens (O_TMPFILE; ZEROPTY_COLD=memory).
engine_libzpengine_a_SOURCES += engine/sys/cold-store.c engine/sys/cold-store.h
check_PROGRAMS += engine/sys/cold-store_test
TESTS += engine/sys/cold-store_test
engine_sys_cold_store_test_SOURCES = engine/sys/cold-store_test.c \
	engine/sys/cold-store.c
engine_sys_cold_store_test_LDADD = engine/term/libzpterm.a \
	engine/base/libzpbase.a $(ZSTD_LIBS) $(MIMALLOC_LIBS)
