# engine/term: the pure terminal emulator (parser + screen). No I/O.
noinst_LIBRARIES += engine/term/libzpterm.a
engine_term_libzpterm_a_SOURCES = \
	engine/term/vt.h \
	engine/term/screen.c
