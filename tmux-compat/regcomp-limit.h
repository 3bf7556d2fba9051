/*
 * regcomp with a bound on the memory compiling may take (regcomp-limit.c):
 * every regular expression a user can give goes through it.
 */
#ifndef ZEROPTY_REGCOMP_LIMIT_H
#define ZEROPTY_REGCOMP_LIMIT_H

#include <regex.h>

/* Whether pattern's compiled tree stays under the limit (an estimate). */
int	regcomp_limit_ok(const char *pattern, int flags);
/* regcomp(3), or REG_ESPACE without compiling past the limit. */
int	regcomp_limit(regex_t *, const char *pattern, int flags);

#endif
