/*
 * libFuzzer entry point for the parsed-command language: any bytes are
 * parsed (and built into commands) with a fixed environment and %if
 * conditions taken literally. No server is needed. Built and run by
 * conformance/fuzz/libfuzzer-smoke.sh (target cmd-parse), which compiles
 * this file and the parser with clang's sanitizers and links the rest
 * from a build tree.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/cmd-parse.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static const char *
fuzz_getenv(void *arg, const char *name)
{
	(void)arg;
	if (strcmp(name, "HOME") == 0)
		return ("/home/fuzz");
	if (strcmp(name, "X") == 0)
		return ("x y;z");
	return (NULL);
}

static char *
fuzz_format(void *arg, const char *fmt)
{
	(void)arg;
	return (xstrdup(fmt));
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cmd_parse_input	 pi;
	struct cmd_parse_result	 pr;
	char			*s;

	memset(&pi, 0, sizeof pi);
	pi.file = "fuzz";
	pi.getenv = fuzz_getenv;
	pi.format = fuzz_format;
	pi.flags = (size != 0 && (data[0] & 1)) ? CMD_PARSE_SEMIGROUPS : 0;
	cmd_parse_from_buffer((const char *)data, size, &pi, &pr);
	if (pr.status == CMD_PARSE_SUCCESS) {
		/* Printing must work for anything that parsed. */
		s = cmd_parse_print_joined(pr.cmdlist, pr.printed, pr.groups,
		    1);
		xfree(s);
	}
	cmd_parse_result_free(&pr);
	return (0);
}
