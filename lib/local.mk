# lib: libzeropty, the client library (zeropty.h), with its pkg-config
# file and a Python wrapper (lib/python/zeropty.py). Only libc.
lib_LTLIBRARIES += lib/libzeropty.la
lib_libzeropty_la_SOURCES = lib/zeropty.c lib/zeropty.h \
	tmux-compat/proto.h
lib_libzeropty_la_CFLAGS = $(AM_CFLAGS) -fvisibility=default
lib_libzeropty_la_LDFLAGS = -version-info 0:0:0
include_HEADERS += lib/zeropty.h
pkgconfig_DATA += lib/zeropty.pc
EXTRA_DIST += lib/zeropty.pc.in lib/python/zeropty.py lib/example.c

# The example, built (not installed) so it keeps compiling.
noinst_PROGRAMS += lib/example
lib_example_SOURCES = lib/example.c
lib_example_CPPFLAGS = $(AM_CPPFLAGS) -I$(srcdir)/lib
lib_example_LDADD = lib/libzeropty.la

check_PROGRAMS += lib/zeropty_test
TESTS += lib/zeropty_test lib/python/zeropty_test.py
EXTRA_DIST += lib/python/zeropty_test.py
lib_zeropty_test_LDADD = lib/libzeropty.la
