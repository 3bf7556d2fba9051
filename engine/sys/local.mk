# engine/sys: the virtual terminal (vtty) and its line discipline (ldisc).
engine_libzpengine_a_SOURCES += \
	engine/sys/vtty.c \
	engine/sys/ldisc.c engine/sys/ldisc.h

check_PROGRAMS += engine/sys/ldisc_test engine/sys/vtty_test
TESTS += engine/sys/ldisc_test engine/sys/vtty_test
engine_sys_ldisc_test_LDADD = engine/libzpengine.a engine/base/libzpbase.a \
	$(MIMALLOC_LIBS)
engine_sys_vtty_test_LDADD = engine/libzpengine.a engine/base/libzpbase.a \
	$(MIMALLOC_LIBS)
