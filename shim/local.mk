# shim: LD_PRELOAD library that makes the pane's socket look like a tty.
# Stands alone: libc and libdl only.
pkglib_LTLIBRARIES += shim/libzeropty-shim.la
shim_libzeropty_shim_la_SOURCES = shim/shim.c shim/shim-pty.c \
	shim/shim-stdio.c shim/shim.h \
	shim/shim-proto.h
shim_libzeropty_shim_la_LDFLAGS = -module -avoid-version -shared
shim_libzeropty_shim_la_LIBADD = $(DL_LIBS)
shim_libzeropty_shim_la_CFLAGS = -fvisibility=hidden -Wall -Wextra

# The waiter of a program that runs on a lent pty (shim-pty.c execs it).
pkglibexec_PROGRAMS += shim/zeropty-pty
shim_zeropty_pty_SOURCES = shim/pty-run.c
shim_zeropty_pty_CFLAGS = -Wall -Wextra
