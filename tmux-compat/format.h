/*
 * tmux's format language: #{name}, #{?cond,a,b}, comparisons, modifiers
 * (#{=N:}, #{l:}, #{t:}, #{T:}, #{E:}, #{e|+:...}, #{s/a/b/:}, #{b:} ...),
 * ## and #, escapes, the short aliases (#S #I #W #P #D #T #F #H #h), and
 * #[style] passed through unchanged.
 *
 * The expander knows nothing about sessions or panes: every name is looked
 * up through the callback in struct format_ctx. Unknown names expand to "".
 */
#ifndef ZEROPTY_FORMAT_H
#define ZEROPTY_FORMAT_H

#include <time.h>

struct format_ctx {
	/*
	 * Value of a variable or an option by name: an xmalloc'd string, or
	 * NULL when the name is unknown (it then expands to "").
	 */
	char	*(*lookup)(void *arg, const char *name);
	/*
	 * Loops #{S:fmt}, #{W:fmt}, #{P:fmt} (kind 'S', 'W', 'P'): expand fmt
	 * (or fmt_current for the current item, if not NULL) once for each
	 * item and return the concatenation (xmalloc'd). May be NULL.
	 */
	char	*(*loop)(void *arg, char kind, const char *fmt,
		    const char *fmt_current);
	/*
	 * The visible lines of the pane, one per "\n"-ended line with trailing
	 * blanks dropped, for #{C:} (xmalloc'd), or NULL if there is no pane.
	 * May be NULL.
	 */
	char	*(*pane_text)(void *arg);
	/*
	 * #(command): the newest line of output of a job running the
	 * expanded command (xmalloc'd), or NULL for none yet (it expands
	 * to ""). May be NULL: #() is always "".
	 */
	char	*(*job)(void *arg, const char *cmd, const char *expanded);
	void	*arg;
	time_t	 now;		/* for format_expand_time's strftime */
	/*
	 * display-message -v: called with each line of the trace of the
	 * expansion (tmux's words). May be NULL.
	 */
	void	(*log)(void *log_arg, const char *line);
	void	*log_arg;
};

/* Expand fmt; the result is xmalloc'd. */
char	*format_expand(const struct format_ctx *, const char *fmt);
/* The same, after passing fmt through strftime (display-message). */
char	*format_expand_time(const struct format_ctx *, const char *fmt);
/*
 * A line of the trace from a loop callback (#{S:} ...), at the depth of
 * the expansion that called it; nothing if that one is not traced.
 */
void	 format_log_loop(const char *fmt, ...)
	    __attribute__((format(printf, 1, 2)));
/* tmux's truth for #{?...}: non-empty and not "0". */
int	 format_true(const char *);
/*
 * The first character of s in end outside any #{...}, stepping over #
 * escapes; NULL if none.
 */
const char *format_skip(const char *s, const char *end);

#endif
