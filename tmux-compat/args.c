/*
 * Command arguments: getopt-like flag parsing with tmux 3.3a's rules and
 * error texts (see args.h). Flags are kept in a small array in the order
 * they were first seen; commands have few flags, so lookup is linear.
 *
 * 3.3a quirk reproduced on purpose: a flag that takes a value but is the
 * last word (display -p -t) is not an error; it is recorded as given, with
 * no value (measured: `tmux display -p -t` prints, rc 0; `tmux new -d -s`
 * makes a session with the default name). So "-t expects an argument" is
 * never produced by 3.3a and is not produced here.
 */

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/args.h"

struct args_entry {
	unsigned char	  flag;
	int		  count;	/* times given, with or without value */
	int		  nvalues;
	char		**values;
};

struct args {
	struct args_entry	*entries;
	int			 nentries;
	int			 argc;
	char			**argv;		/* NULL-terminated */
};

static struct args_entry *
args_find(const struct args *args, unsigned char flag)
{
	int	i;

	for (i = 0; i < args->nentries; i++) {
		if (args->entries[i].flag == flag)
			return (&args->entries[i]);
	}
	return (NULL);
}

/* Record flag once more, with value (taken over) or without (NULL). */
static void
args_set(struct args *args, unsigned char flag, char *value)
{
	struct args_entry	*entry;

	entry = args_find(args, flag);
	if (entry == NULL) {
		args->entries = xreallocarray(args->entries,
		    args->nentries + 1, sizeof *args->entries);
		entry = &args->entries[args->nentries++];
		memset(entry, 0, sizeof *entry);
		entry->flag = flag;
	}
	entry->count++;
	if (value != NULL) {
		entry->values = xreallocarray(entry->values,
		    entry->nvalues + 1, sizeof *entry->values);
		entry->values[entry->nvalues++] = value;
	}
}

static struct args *
args_create(void)
{
	struct args	*args;

	args = xcalloc(1, sizeof *args);
	args->argv = xcalloc(1, sizeof *args->argv);
	return (args);
}

struct args *
args_parse(const struct args_parse *parse, int argc, char **argv,
    char **cause)
{
	struct args		*args;
	const char		*string, *found;
	unsigned char		 flag;
	int			 i, j;

	*cause = NULL;
	args = args_create();

	for (i = 0; i < argc; /* nothing */) {
		string = argv[i];
		if (*string++ != '-' || *string == '\0')
			break;		/* not a flag, or "-" alone */
		i++;
		if (string[0] == '-' && string[1] == '\0')
			break;		/* "--" */

		for (;;) {
			flag = (unsigned char)*string++;
			if (flag == '\0')
				break;
			if (flag == '?') {
				/* NULL cause: the caller prints the usage. */
				args_free(args);
				return (NULL);
			}
			if (!isalnum(flag)) {
				xasprintf(cause, "invalid flag -%c", flag);
				args_free(args);
				return (NULL);
			}
			found = strchr(parse->template, flag);
			if (found == NULL) {
				xasprintf(cause, "unknown flag -%c", flag);
				args_free(args);
				return (NULL);
			}
			if (found[1] != ':') {
				args_set(args, flag, NULL);
				continue;
			}
			if (*string != '\0')
				args_set(args, flag, xstrdup(string));
			else if (i == argc)
				args_set(args, flag, NULL);	/* see above */
			else
				args_set(args, flag, xstrdup(argv[i++]));
			break;
		}
	}

	args->argc = argc - i;
	args->argv = xreallocarray(args->argv, args->argc + 1,
	    sizeof *args->argv);
	for (j = 0; j < args->argc; j++)
		args->argv[j] = xstrdup(argv[i + j]);
	args->argv[args->argc] = NULL;

	if (parse->lower != -1 && args->argc < parse->lower) {
		xasprintf(cause, "too few arguments (need at least %d)",
		    parse->lower);
		args_free(args);
		return (NULL);
	}
	if (parse->upper != -1 && args->argc > parse->upper) {
		xasprintf(cause, "too many arguments (need at most %d)",
		    parse->upper);
		args_free(args);
		return (NULL);
	}
	return (args);
}

void
args_free(struct args *args)
{
	int	i, j;

	if (args == NULL)
		return;
	for (i = 0; i < args->nentries; i++) {
		for (j = 0; j < args->entries[i].nvalues; j++)
			xfree(args->entries[i].values[j]);
		xfree(args->entries[i].values);
	}
	xfree(args->entries);
	for (i = 0; i < args->argc; i++)
		xfree(args->argv[i]);
	xfree(args->argv);
	xfree(args);
}

int
args_has(const struct args *args, unsigned char flag)
{
	struct args_entry	*entry;

	entry = args_find(args, flag);
	return (entry == NULL ? 0 : entry->count);
}

const char *
args_get(const struct args *args, unsigned char flag)
{
	struct args_entry	*entry;

	entry = args_find(args, flag);
	if (entry == NULL || entry->nvalues == 0)
		return (NULL);
	return (entry->values[entry->nvalues - 1]);
}

const char **
args_values(const struct args *args, unsigned char flag, int *n)
{
	struct args_entry	*entry;

	entry = args_find(args, flag);
	if (entry == NULL || entry->nvalues == 0) {
		*n = 0;
		return (NULL);
	}
	*n = entry->nvalues;
	return ((const char **)entry->values);
}

int
args_count(const struct args *args)
{
	return (args->argc);
}

const char *
args_string(const struct args *args, int idx)
{
	if (idx < 0 || idx >= args->argc)
		return (NULL);
	return (args->argv[idx]);
}

char **
args_argv(const struct args *args)
{
	return (args->argv);
}

/* OpenBSD strtonum(3): base 10, "invalid", "too small", "too large". */
long long
args_strtonum_string(const char *s, long long min, long long max,
    const char **errstr)
{
	long long	 ll;
	char		*ep;
	int		 saved = errno;

	*errstr = NULL;
	if (min > max) {
		*errstr = "invalid";
		return (0);
	}
	errno = 0;
	ll = strtoll(s, &ep, 10);
	if (s == ep || *ep != '\0')
		*errstr = "invalid";
	else if ((ll == LLONG_MIN && errno == ERANGE) || ll < min)
		*errstr = "too small";
	else if ((ll == LLONG_MAX && errno == ERANGE) || ll > max)
		*errstr = "too large";
	errno = saved;
	return (*errstr == NULL ? ll : 0);
}

long long
args_strtonum(const struct args *args, unsigned char flag, long long min,
    long long max, char **cause)
{
	const char	*value, *errstr;
	long long	 ll;

	value = args_get(args, flag);
	if (value == NULL) {
		*cause = xstrdup("missing");
		return (0);
	}
	ll = args_strtonum_string(value, min, max, &errstr);
	if (errstr != NULL) {
		*cause = xstrdup(errstr);
		return (0);
	}
	*cause = NULL;
	return (ll);
}

long long
args_string_percentage(const char *value, long long min, long long max,
    long long curval, char **cause)
{
	const char	*errstr;
	long long	 ll;
	size_t		 len = strlen(value);
	char		*copy;

	if (len != 0 && value[len - 1] == '%') {
		copy = xstrndup(value, len - 1);
		ll = args_strtonum_string(copy, 0, 100, &errstr);
		xfree(copy);
		if (errstr != NULL) {
			*cause = xstrdup(errstr);
			return (0);
		}
		ll = (curval * ll) / 100;
		if (ll < min) {
			*cause = xstrdup("too small");
			return (0);
		}
		if (ll > max) {
			*cause = xstrdup("too large");
			return (0);
		}
	} else {
		ll = args_strtonum_string(value, min, max, &errstr);
		if (errstr != NULL) {
			*cause = xstrdup(errstr);
			return (0);
		}
	}
	*cause = NULL;
	return (ll);
}

long long
args_percentage(const struct args *args, unsigned char flag, long long min,
    long long max, long long curval, char **cause)
{
	const char	*value;

	value = args_get(args, flag);
	if (value == NULL) {
		*cause = xstrdup("missing");
		return (0);
	}
	return (args_string_percentage(value, min, max, curval, cause));
}
