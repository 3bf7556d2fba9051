# engine/base: allocator seam, logging, byte buffers, the TAP test helper.
noinst_LIBRARIES += engine/base/libzpbase.a
engine_base_libzpbase_a_SOURCES = \
	engine/base/xmalloc.c engine/base/xmalloc.h \
	engine/base/log.c engine/base/log.h \
	engine/base/buf.c engine/base/buf.h \
	engine/base/hash.h engine/base/testlib.h

check_PROGRAMS += engine/base/buf_test
TESTS += engine/base/buf_test
engine_base_buf_test_LDADD = engine/base/libzpbase.a $(MIMALLOC_LIBS)

engine_base_libzpbase_a_SOURCES += engine/base/base64.c engine/base/base64.h
check_PROGRAMS += engine/base/base64_test
TESTS += engine/base/base64_test
engine_base_base64_test_LDADD = engine/base/libzpbase.a $(MIMALLOC_LIBS)
