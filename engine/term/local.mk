# engine/term: the pure terminal emulator (parser + screen). No I/O.
noinst_LIBRARIES += engine/term/libzpterm.a
engine_term_libzpterm_a_SOURCES = \
	engine/term/vt.h \
	engine/term/vt_int.h \
	engine/term/utf8.c engine/term/utf8.h engine/term/utf8-table.h \
	engine/term/vtparse.c engine/term/vtparse.h \
	engine/term/palette.c \
	engine/term/grid.c \
	engine/term/screen-ops.c \
	engine/term/vt-dispatch.c \
	engine/term/vt-sgr.c \
	engine/term/vt-reply.c \
	engine/term/capture.c engine/term/render.c \
	engine/term/resize.c \
	engine/term/screen.c \
	engine/term/fold-row.c engine/term/fold.c engine/term/fold-hist.c \
	engine/term/fold-deep.c
engine_term_libzpterm_a_CFLAGS = $(AM_CFLAGS) $(ZSTD_CFLAGS)

check_PROGRAMS += engine/term/vtcat engine/term/vt_test
TESTS += engine/term/vt_test
engine_term_vtcat_LDADD = engine/term/libzpterm.a engine/base/libzpbase.a \
	$(ZSTD_LIBS) $(MIMALLOC_LIBS)
engine_term_vt_test_LDADD = engine/term/libzpterm.a engine/base/libzpbase.a \
	$(ZSTD_LIBS) $(MIMALLOC_LIBS)

# The parser's fast paths against its byte-by-byte state machine on random
# streams: screens and history identical (vt_fast_test.c).
check_PROGRAMS += engine/term/vt_fast_test
TESTS += engine/term/vt_fast_test
engine_term_vt_fast_test_LDADD = engine/term/libzpterm.a \
	engine/base/libzpbase.a $(ZSTD_LIBS) $(MIMALLOC_LIBS)

# Folding (row codec, freeze, deep freeze) over the traces and random
# input: captures and state identical before and after (fold_test.c).
check_PROGRAMS += engine/term/fold_test
TESTS += engine/term/fold_test
engine_term_fold_test_CPPFLAGS = $(AM_CPPFLAGS) \
	-DTRACES_DIR='"$(abs_top_srcdir)/bench/data"'
engine_term_fold_test_LDADD = engine/term/libzpterm.a engine/base/libzpbase.a \
	$(ZSTD_LIBS) $(MIMALLOC_LIBS)
# libFuzzer target, built by conformance/fuzz/libfuzzer-smoke.sh with clang.
EXTRA_DIST += engine/term/vt_fuzz.c
