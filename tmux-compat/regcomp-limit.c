/*
 * regcomp with a bound on what compiling may cost.
 *
 * glibc's regcomp copies the subtree under every repetition operator, so
 * stacked or nested repetitions grow exponentially: "6" followed by 20
 * '+' took 700 MB to compile, "(ab)" with 20 took 3 GB (measured on
 * Debian 12's glibc 2.36). A format (#{s/re/x/:...}, #{m/r:...},
 * #{C/r:...}) or a copy-mode search is all it takes to make the server
 * run out of memory, as it would make tmux 3.3a's. Before compiling, the
 * size of the expanded tree is estimated (each atom 1, a repetition
 * multiplies what it repeats by its bound plus one) and a pattern over the
 * limit fails as a pattern glibc cannot allocate would (REG_ESPACE).
 * Every pattern of practical use is far below it.
 */
#include <ctype.h>
#include <regex.h>
#include <stdlib.h>

#include "tmux-compat/regcomp-limit.h"

#define REGCOMP_LIMIT_NODES	50000
#define REGCOMP_LIMIT_DEPTH	64
/*
 * Repetition operators in a row on one atom ("a+*?"): each more one
 * multiplies glibc's epsilon-closure time by about 2.3 while the tree
 * estimate only doubles, so "(h)" and 14 '+' compile in 44 ms, within
 * the node limit, and a format that loops over panes (#{P:#{P:...}})
 * compiles it for each: format_fuzz found one such format taking 20 s.
 * Past one the extra ones change nothing a match can do.
 */
#define REGCOMP_LIMIT_STACK	6

/* a * b, saturating at the limit (so nothing overflows). */
static unsigned long
regcomp_limit_mul(unsigned long a, unsigned long b)
{
	if (b != 0 && a > (REGCOMP_LIMIT_NODES + 1) / b)
		return (REGCOMP_LIMIT_NODES + 1);
	return (a * b);
}

/* The bound of an interval "{n}", "{n,}" or "{n,m}" at *s, or 0 if none. */
static unsigned long
regcomp_limit_interval(const char **sp)
{
	const char	*s = *sp + 1;
	unsigned long	 n = 0, m = 0;
	int		 digits = 0;

	while (isdigit((unsigned char)*s)) {
		if (n < 100000)
			n = n * 10 + (unsigned long)(*s - '0');
		s++;
		digits = 1;
	}
	if (!digits)
		return (0);
	m = n;
	if (*s == ',') {
		s++;
		m = 0;
		while (isdigit((unsigned char)*s)) {
			if (m < 100000)
				m = m * 10 + (unsigned long)(*s - '0');
			s++;
		}
		/* "{n,}" is n copies and a star. */
		if (m < n)
			m = n + 1;
	}
	if (*s != '}')
		return (0);
	*sp = s;
	return (m);
}

/* Whether compiling pattern may stay within the limit. */
int
regcomp_limit_ok(const char *pattern, int flags)
{
	unsigned long	 sum[REGCOMP_LIMIT_DEPTH], last[REGCOMP_LIMIT_DEPTH];
	unsigned long	 bound;
	const char	*s;
	int		 depth = 0, stack = 0;

	/* Only extended syntax is used (and estimated) here. */
	if (!(flags & REG_EXTENDED))
		return (1);
	sum[0] = last[0] = 0;
	for (s = pattern; *s != '\0'; s++) {
		bound = 0;
		if (*s == '\\' && s[1] != '\0') {
			s++;
			goto atom;
		}
		switch (*s) {
		case '(':
			if (depth + 1 == REGCOMP_LIMIT_DEPTH)
				return (0);
			depth++;
			sum[depth] = last[depth] = 0;
			stack = 0;
			continue;
		case ')':
			if (depth == 0)
				goto atom;
			depth--;
			last[depth] = sum[depth + 1] + 1;
			sum[depth] += last[depth];
			break;
		case '|':
			last[depth] = 0;
			stack = 0;
			continue;
		case '*':
		case '+':
		case '?':
			bound = 1;
			break;
		case '{':
			if ((bound = regcomp_limit_interval(&s)) == 0)
				goto atom;
			break;
		case '[':
			/* A bracket expression is one atom: skip to its end. */
			s++;
			if (*s == '^')
				s++;
			if (*s == ']')
				s++;
			while (*s != '\0' && *s != ']') {
				if (*s == '[' && (s[1] == ':' || s[1] == '.' ||
				    s[1] == '=')) {
					s += 2;
					while (*s != '\0' &&
					    !(s[0] != '[' && s[1] == ']'))
						s++;
					if (*s != '\0')
						s++;
				}
				if (*s != '\0')
					s++;
			}
			if (*s == '\0')
				return (1);	/* regcomp says why */
			goto atom;
		default:
			goto atom;
		}
		if (bound != 0 && ++stack > REGCOMP_LIMIT_STACK)
			return (0);
		if (bound == 0)
			stack = 0;
		if (bound != 0) {
			/* A repetition copies what it repeats bound+1 times. */
			sum[depth] -= last[depth];
			last[depth] = regcomp_limit_mul(last[depth] + 1,
			    bound + 1);
			sum[depth] += last[depth];
		}
		if (sum[depth] > REGCOMP_LIMIT_NODES)
			return (0);
		continue;
	atom:
		stack = 0;
		last[depth] = 1;
		sum[depth]++;
		if (sum[depth] > REGCOMP_LIMIT_NODES)
			return (0);
	}
	return (1);
}

/* regcomp, or REG_ESPACE for a pattern too costly to compile. */
int
regcomp_limit(regex_t *re, const char *pattern, int flags)
{
	if (!regcomp_limit_ok(pattern, flags))
		return (REG_ESPACE);
	return (regcomp(re, pattern, flags));
}
