/*
 * libFuzzer entry point for the format language (format.c): any bytes are
 * expanded, with and without strftime first, against a fixed set of
 * variables (some of them formats themselves, to reach #{E:} and #{T:}),
 * loops over two windows and a pane text. #() asks the job callback,
 * which records the command and never runs anything. Built and run by
 * conformance/fuzz/libfuzzer-smoke.sh.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/format.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static const char *format_fuzz_vars[][2] = {
	{ "@a", "hello" },
	{ "@n", "42" },
	{ "@e", "" },
	{ "@neg", "-5" },
	{ "@fl", "2.5" },
	{ "@u", "h\xc3\xa9llo \xe6\x97\xa5\xe6\x9c\xac" },
	{ "@st", "#[fg=red]abc#[default]def" },
	{ "@fmt", "#{@a}-#{@n}" },
	{ "@rec", "#{E:@rec}x" },
	{ "@tf", "%% %H #{@a}" },
	{ "@tm", "1700000000" },
	{ "session_name", "sess" },
	{ "window_index", "0" },
	{ "window_name", "win" },
	{ "pane_id", "%0" },
	{ NULL, NULL }
};

static char *
format_fuzz_lookup(void *arg, const char *name)
{
	int	i;

	for (i = 0; format_fuzz_vars[i][0] != NULL; i++) {
		if (strcmp(format_fuzz_vars[i][0], name) == 0)
			return (xstrdup(format_fuzz_vars[i][1]));
	}
	return (NULL);
}

static char *format_fuzz_loop(void *, char, const char *, const char *);

/* Two items a loop: the second is the current one. */
static char *
format_fuzz_loop(void *arg, char kind, const char *fmt,
    const char *fmt_current)
{
	struct format_ctx	 ctx;
	char			*a, *b, *out;
	int			 depth = (int)(intptr_t)arg;

	if (depth > 2)
		return (xstrdup(""));
	memset(&ctx, 0, sizeof ctx);
	ctx.lookup = format_fuzz_lookup;
	ctx.loop = format_fuzz_loop;
	ctx.arg = (void *)(intptr_t)(depth + 1);
	a = format_expand(&ctx, fmt);
	b = format_expand(&ctx, fmt_current != NULL ? fmt_current : fmt);
	xasprintf(&out, "%c%s%s", kind, a, b);
	xfree(a);
	xfree(b);
	return (out);
}

static char *
format_fuzz_pane_text(void *arg)
{
	return (xstrdup("first line\n  indented  \nlast\n"));
}

static char *
format_fuzz_job(void *arg, const char *cmd, const char *expanded)
{
	/* Never run: say what would have run, as a job's last line would. */
	return (xstrdup(expanded));
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct format_ctx	 ctx;
	char			*fmt, *s;

	if (size > 4096)
		return (0);
	fmt = xmalloc(size + 1);
	memcpy(fmt, data, size);
	fmt[size] = '\0';

	memset(&ctx, 0, sizeof ctx);
	ctx.lookup = format_fuzz_lookup;
	ctx.loop = format_fuzz_loop;
	ctx.pane_text = format_fuzz_pane_text;
	ctx.job = format_fuzz_job;
	ctx.now = 1700000000;

	s = format_expand(&ctx, fmt);
	xfree(s);
	s = format_expand_time(&ctx, fmt);
	xfree(s);
	xfree(fmt);
	return (0);
}
