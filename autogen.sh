#!/bin/sh
# Regenerate the build system (configure, Makefile.in).
exec autoreconf -fi
