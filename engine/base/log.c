/*
 * Debug log file and fatal errors.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/base/log.h"

static FILE	*log_file;
static int	 log_lvl;

void
log_open(int level, const char *name)
{
	char	path[256];

	log_lvl = level;
	if (level <= 0)
		return;
	snprintf(path, sizeof path, "zeropty-%s-%ld.log", name, (long)getpid());
	if (log_file != NULL)
		fclose(log_file);
	log_file = fopen(path, "a");
	if (log_file != NULL)
		setvbuf(log_file, NULL, _IOLBF, 0);
}

void
log_close(void)
{
	if (log_file != NULL)
		fclose(log_file);
	log_file = NULL;
}

int
log_level(void)
{
	return (log_lvl);
}

static void
log_vwrite(const char *fmt, va_list ap)
{
	if (log_file == NULL)
		return;
	vfprintf(log_file, fmt, ap);
	fputc('\n', log_file);
}

void
log_debug(const char *fmt, ...)
{
	va_list	ap;

	if (log_file == NULL)
		return;
	va_start(ap, fmt);
	log_vwrite(fmt, ap);
	va_end(ap);
}

void
fatal(const char *fmt, ...)
{
	va_list	 ap;
	int	 saved = errno;

	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, ": %s\n", strerror(saved));
	abort();
}

void
fatalx(const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	if (log_file != NULL) {
		va_list	ap2;

		va_copy(ap2, ap);
		log_vwrite(fmt, ap2);
		va_end(ap2);
	}
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}
