/*
 * Command arguments, parsed with a getopt-like template as tmux's args.c:
 * "ab:c" means -a and -c are switches and -b takes a value; "l::" (a flag
 * followed by two colons) takes an optional value attached to the flag.
 * Parsing stops at "--" or at the first word that is not a flag; combined
 * flags (-dP), attached values (-tfoo) and values in the next word (-t foo)
 * are accepted. A flag given twice keeps every value (args_values) and
 * args_get returns the last.
 */
#ifndef ZEROPTY_ARGS_H
#define ZEROPTY_ARGS_H

struct args;

struct args_parse {
	const char	*template;
	int		 lower;		/* minimum positional arguments */
	int		 upper;		/* maximum, -1 for no limit */
};

/*
 * Parse argv (argv[0] is the first word after the command name). Returns
 * NULL with *cause set (caller frees) to tmux's text without the
 * "command NAME: " prefix, e.g. "unknown flag -Z", "invalid flag -@",
 * "too few arguments (need at least 1)".
 * "-?" among the flags returns NULL with *cause NULL: the caller prints
 * "usage: NAME USAGE" as tmux does.
 * As in 3.3a a value flag given as the last word (display -p -t) is not an
 * error: args_has counts it and args_get returns NULL.
 */
struct args	*args_parse(const struct args_parse *, int argc, char **argv,
		    char **cause);
void		 args_free(struct args *);

/* Number of times flag was given (0 if not). */
int		 args_has(const struct args *, unsigned char flag);
/* Last value of flag, or NULL. */
const char	*args_get(const struct args *, unsigned char flag);
/* All values of flag in order; *n is set to their count. */
const char	**args_values(const struct args *, unsigned char flag, int *n);
/* Positional arguments. */
int		 args_count(const struct args *);
const char	*args_string(const struct args *, int idx);
char		**args_argv(const struct args *);	/* NULL-terminated */
/*
 * Value of flag as a number in [min, max]. On error returns 0 and sets
 * *cause to "too small", "too large" or "invalid" (as tmux's strtonum; the
 * caller adds context like "width invalid"), or "missing" when the flag or
 * its value is absent: caller frees. On success *cause is NULL.
 */
long long	 args_strtonum(const struct args *, unsigned char flag,
		    long long min, long long max, char **cause);
/* strtonum(3) on a string: *errstr is a static "invalid", "too small"... */
long long	 args_strtonum_string(const char *, long long min,
		    long long max, const char **errstr);
/*
 * As args_strtonum, but "N%" means N percent of curval (tmux's
 * args_percentage, used by -l/-x/-y sizes).
 */
long long	 args_percentage(const struct args *, unsigned char flag,
		    long long min, long long max, long long curval,
		    char **cause);
long long	 args_string_percentage(const char *, long long min,
		    long long max, long long curval, char **cause);

/*
 * Quote a word so the config parser reads it back, as tmux 3.3a prints
 * commands (list-keys): "" is '', a word with any of  #';${}% goes in
 * double quotes, one with " (only) in single quotes, a single such
 * character as \c; control bytes as \n \t \033..., valid UTF-8 as is.
 */
char		*args_escape(const char *);
/*
 * The arguments as tmux prints them: switches as one word in flag order
 * (-DLZ), then "-f value" for each value in flag order, then positional
 * words, each escaped. "" if none. Caller frees.
 */
char		*args_print(const struct args *);
/* The same, appended to a buffer. */
struct buf;
void		 args_print_to(struct buf *, const struct args *);

#endif
