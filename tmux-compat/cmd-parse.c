/*
 * tmux 3.3a's parsed-command language (see cmd-parse.h): a lexer that
 * behaves as 3.3a's yylex byte for byte (escapes counted before
 * continuation lines, tokens ended by blanks, ";" and "}", quotes,
 * $VAR/~ expansion, %words, #{ formats after %if) and a recursive descent
 * parser for its grammar, including where its actions keep or drop
 * commands and when they run assignments. Commands are built only when
 * the whole input parsed, with cmd.c's argv grammar.
 */
#include <sys/types.h>

#include <ctype.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/cmd-parse.h"
#include "tmux-compat/format.h"

#define CP_EOF	(-1)

enum cp_token {
	CP_END = 0,	/* after the final newline */
	CP_NL,
	CP_SEMI,
	CP_LBRACE,
	CP_RBRACE,
	CP_TOKEN,
	CP_EQUALS,
	CP_FORMAT,
	CP_HIDDEN,
	CP_IF,
	CP_ELSE,
	CP_ELIF,
	CP_ENDIF,
	CP_ERROR
};

struct cp_cmds;

struct cp_arg {
	char		*string;
	struct cp_cmds	*block;		/* { ... }, string is NULL */
	struct cp_arg	*next;
};

struct cp_cmd {
	unsigned	 line;
	unsigned	 group;
	struct cp_arg	*first;
	struct cp_arg	*last;
	struct cp_cmd	*next;
};

struct cp_cmds {
	struct cp_cmd	*first;
	struct cp_cmd	*last;
};

struct cp_state {
	const struct cmd_parse_input	*pi;
	const char			*buf;
	size_t				 len;
	size_t				 off;

	unsigned			 line;
	int				 eol;
	int				 eof;
	int				 escapes;
	int				 condition;
	char				*error;

	int				*scopes;	/* flags of %if scopes */
	unsigned			 nscopes;

	unsigned			 semis;		/* ";;" seen (SEMIGROUPS) */
	unsigned			 depth;		/* of statements */

	int				 have;		/* lookahead */
	enum cp_token			 tok;
	char				*tokstr;
};

static struct cp_cmds	*cp_statement(struct cp_state *, int);

/*
 * Nesting ({ } and %if) is recursion here; bison's stack in tmux runs out
 * somewhere past this too ("memory exhausted").
 */
#define CP_MAX_DEPTH	1000
static struct cp_cmds	*cp_commands(struct cp_state *);
static void		 cp_cmds_free(struct cp_cmds *);

/*
 * Commands built with { } blocks among their positional arguments, so a
 * command (bind-key) can learn which of its arguments were blocks. A
 * ring: an entry is trusted only while the command, its args and their
 * strings are unchanged.
 */
#define CP_RECENT	1024
struct cp_recent {
	const struct cmd	 *cmd;
	const struct args	 *args;
	int			  n;
	int			 *isblock;
	char			**strings;
};
static struct cp_recent	cp_recent[CP_RECENT];
static unsigned		cp_recent_next;

static void
cp_recent_clear(struct cp_recent *r)
{
	int	i;

	for (i = 0; i < r->n; i++)
		xfree(r->strings[i]);
	xfree(r->strings);
	xfree(r->isblock);
	memset(r, 0, sizeof *r);
}

static void
cp_recent_add(const struct cmd *cmd, const int *isblock)
{
	struct cp_recent	*r = &cp_recent[cp_recent_next];
	int			 i;

	cp_recent_next = (cp_recent_next + 1) % CP_RECENT;
	cp_recent_clear(r);
	r->cmd = cmd;
	r->args = cmd->args;
	r->n = args_count(cmd->args);
	r->isblock = xcalloc((size_t)r->n + 1, sizeof *r->isblock);
	r->strings = xcalloc((size_t)r->n + 1, sizeof *r->strings);
	for (i = 0; i < r->n; i++) {
		r->isblock[i] = isblock[i];
		r->strings[i] = xstrdup(args_string(cmd->args, i));
	}
}

const int *
cmd_parse_cmd_blocks(const struct cmd *cmd)
{
	struct cp_recent	*r;
	unsigned		 k;
	int			 i;

	for (k = 0; k < CP_RECENT; k++) {
		r = &cp_recent[k];
		if (r->cmd != cmd || r->args != cmd->args ||
		    r->n != args_count(cmd->args))
			continue;
		for (i = 0; i < r->n; i++) {
			if (strcmp(r->strings[i], args_string(cmd->args, i)))
				break;
		}
		if (i == r->n)
			return (r->isblock);
	}
	return (NULL);
}

/* The first error wins (yyerror keeps it). */
static void
cp_error(struct cp_state *ps, const char *msg)
{
	if (ps->error != NULL)
		return;
	if (ps->pi->file != NULL)
		xasprintf(&ps->error, "%s:%u: %s", ps->pi->file, ps->line, msg);
	else
		ps->error = xstrdup(msg);
}

/* Buffer append helpers. */
struct cp_buf {
	char	*s;
	size_t	 len;
	size_t	 cap;	/* 0: s holds len + 1 bytes */
};

/* Grown by doubling: words are built a byte at a time. */
static void
cp_append(struct cp_buf *b, const char *add, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = b->cap * 2 > 32 ? b->cap * 2 : 32;
		if (b->cap < b->len + n + 1)
			b->cap = b->len + n + 1;
		b->s = xrealloc(b->s, b->cap);
	}
	memcpy(b->s + b->len, add, n);
	b->len += n;
	b->s[b->len] = '\0';
}

static void
cp_append1(struct cp_buf *b, int ch)
{
	char	c = (char)ch;

	cp_append(b, &c, 1);
}

static int
cp_getc1(struct cp_state *ps)
{
	if (ps->off >= ps->len)
		return (CP_EOF);
	return ((unsigned char)ps->buf[ps->off++]);
}

static void
cp_ungetc(struct cp_state *ps, int ch)
{
	if (ps->off > 0 && ch != CP_EOF)
		ps->off--;
}

/* Next character: a backslash before a newline joins the lines. */
static int
cp_getc(struct cp_state *ps)
{
	int	ch;

	if (ps->escapes != 0) {
		ps->escapes--;
		return ('\\');
	}
	for (;;) {
		ch = cp_getc1(ps);
		if (ch == '\\') {
			ps->escapes++;
			continue;
		}
		if (ch == '\n' && (ps->escapes % 2) == 1) {
			ps->line++;
			ps->escapes--;
			continue;
		}
		if (ps->escapes != 0) {
			cp_ungetc(ps, ch);
			ps->escapes--;
			return ('\\');
		}
		return (ch);
	}
}

static int
cp_is_var(int ch, int first)
{
	if (ch == '=')
		return (0);
	if (first && isdigit(ch))
		return (0);
	return (ch != CP_EOF && (isalnum(ch) || ch == '_'));
}

/* UTF-8 for a code point as wctomb does in a UTF-8 locale, or -1. */
static int
cp_utf8(unsigned cp, char *m)
{
	if (cp < 0x80) {
		m[0] = (char)cp;
		return (1);
	}
	if (cp < 0x800) {
		m[0] = (char)(0xc0 | (cp >> 6));
		m[1] = (char)(0x80 | (cp & 0x3f));
		return (2);
	}
	if (cp >= 0xd800 && cp <= 0xdfff)
		return (-1);
	if (cp < 0x10000) {
		m[0] = (char)(0xe0 | (cp >> 12));
		m[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		m[2] = (char)(0x80 | (cp & 0x3f));
		return (3);
	}
	if (cp > 0x10ffff)
		return (-1);
	m[0] = (char)(0xf0 | (cp >> 18));
	m[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	m[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
	m[3] = (char)(0x80 | (cp & 0x3f));
	return (4);
}

/* After a backslash outside single quotes. 0 on error. */
static int
cp_token_escape(struct cp_state *ps, struct cp_buf *b)
{
	int		 ch, o2, o3, type, mlen;
	unsigned	 size, i, value;
	char		 s[9], m[8], msg[64];

	ch = cp_getc(ps);
	if (ch >= '4' && ch <= '7') {
		cp_error(ps, "invalid octal escape");
		return (0);
	}
	if (ch >= '0' && ch <= '3') {
		o2 = cp_getc(ps);
		if (o2 >= '0' && o2 <= '7') {
			o3 = cp_getc(ps);
			if (o3 >= '0' && o3 <= '7') {
				cp_append1(b, 64 * (ch - '0') + 8 * (o2 - '0') +
				    (o3 - '0'));
				return (1);
			}
		}
		cp_error(ps, "invalid octal escape");
		return (0);
	}

	switch (ch) {
	case CP_EOF:
		return (0);
	case 'a':
		ch = '\a';
		break;
	case 'b':
		ch = '\b';
		break;
	case 'e':
		ch = '\033';
		break;
	case 'f':
		ch = '\f';
		break;
	case 's':
		ch = ' ';
		break;
	case 'v':
		ch = '\v';
		break;
	case 'r':
		ch = '\r';
		break;
	case 'n':
		ch = '\n';
		break;
	case 't':
		ch = '\t';
		break;
	case 'u':
	case 'U':
		type = ch;
		size = (ch == 'u') ? 4 : 8;
		snprintf(msg, sizeof msg, "invalid \\%c argument", type);
		for (i = 0; i < size; i++) {
			ch = cp_getc(ps);
			if (ch == CP_EOF || ch == '\n')
				return (0);
			if (!isxdigit(ch)) {
				cp_error(ps, msg);
				return (0);
			}
			s[i] = (char)ch;
		}
		s[i] = '\0';
		value = (unsigned)strtoul(s, NULL, 16);
		mlen = cp_utf8(value, m);
		if (mlen <= 0) {
			cp_error(ps, msg);
			return (0);
		}
		cp_append(b, m, (size_t)mlen);
		return (1);
	}
	cp_append1(b, ch);
	return (1);
}


static const char *(*cp_default_getenv)(void *, const char *);

void
cmd_parse_set_getenv(const char *(*getenv_cb)(void *, const char *))
{
	cp_default_getenv = getenv_cb;
}

/* The value of environment variable name for this input, or NULL. */
static const char *
cp_getenv(struct cp_state *ps, const char *name)
{
	if (ps->pi->getenv != NULL)
		return (ps->pi->getenv(ps->pi->arg, name));
	if (cp_default_getenv != NULL)
		return (cp_default_getenv(NULL, name));
	return (NULL);
}

/* $NAME or ${NAME}, after the $. 0 on error. */
static int
cp_token_variable(struct cp_state *ps, struct cp_buf *b)
{
	char		 name[1024];
	size_t		 namelen = 0;
	int		 ch, brackets = 0;
	const char	*value;

	ch = cp_getc(ps);
	if (ch == CP_EOF)
		return (0);
	if (ch == '{')
		brackets = 1;
	else {
		if (!cp_is_var(ch, 1)) {
			cp_append1(b, '$');
			cp_ungetc(ps, ch);
			return (1);
		}
		name[namelen++] = (char)ch;
	}
	for (;;) {
		ch = cp_getc(ps);
		if (brackets && ch == '}')
			break;
		if (ch == CP_EOF || !cp_is_var(ch, 0)) {
			if (!brackets) {
				cp_ungetc(ps, ch);
				break;
			}
			cp_error(ps, "invalid environment variable");
			return (0);
		}
		if (namelen == (sizeof name) - 2) {
			cp_error(ps, "environment variable is too long");
			return (0);
		}
		name[namelen++] = (char)ch;
	}
	name[namelen] = '\0';
	if ((value = cp_getenv(ps, name)) != NULL)
		cp_append(b, value, strlen(value));
	return (1);
}

/* ~ or ~user, after the ~. 0 on error. */
static int
cp_token_tilde(struct cp_state *ps, struct cp_buf *b)
{
	char		 name[1024];
	size_t		 namelen = 0;
	int		 ch;
	const char	*home = NULL, *value;
	struct passwd	*pw;

	for (;;) {
		ch = cp_getc(ps);
		if (ch == CP_EOF || strchr("/ \t\n\"'", ch) != NULL) {
			cp_ungetc(ps, ch);
			break;
		}
		if (namelen == (sizeof name) - 2) {
			cp_error(ps, "user name is too long");
			return (0);
		}
		name[namelen++] = (char)ch;
	}
	name[namelen] = '\0';

	if (*name == '\0') {
		value = cp_getenv(ps, "HOME");
		if (value != NULL && *value != '\0')
			home = value;
		else if ((pw = getpwuid(getuid())) != NULL)
			home = pw->pw_dir;
	} else {
		if ((pw = getpwnam(name)) != NULL)
			home = pw->pw_dir;
	}
	if (home == NULL)
		return (0);
	cp_append(b, home, strlen(home));
	return (1);
}

/* A word starting with ch; NULL on error. */
static char *
cp_token(struct cp_state *ps, int ch)
{
	struct cp_buf	 b = { xstrdup(""), 0 };
	enum { START, NONE, DOUBLE_QUOTES, SINGLE_QUOTES } state = NONE,
			 last = START;

	for (;;) {
		if (ch == CP_EOF)
			break;
		if (state == NONE && ch == '\n')
			break;
		if (state == NONE && (ch == ' ' || ch == '\t'))
			break;
		if (state == NONE && (ch == ';' || ch == '}'))
			break;

		/* In quotes, blanks and comments after a newline go. */
		if (ch == '\n' && state != NONE) {
			cp_append1(&b, '\n');
			while ((ch = cp_getc(ps)) == ' ' || ch == '\t')
				/* nothing */;
			if (ch != '#')
				continue;
			ch = cp_getc(ps);
			if (ch != CP_EOF && strchr(",#{}:", ch) != NULL) {
				cp_ungetc(ps, ch);
				ch = '#';
			} else {
				while ((ch = cp_getc(ps)) != '\n' &&
				    ch != CP_EOF)
					/* nothing */;
			}
			continue;
		}

		if (ch == '\\' && state != SINGLE_QUOTES) {
			if (!cp_token_escape(ps, &b))
				goto error;
			goto skip;
		}
		if (ch == '~' && last != state && state != SINGLE_QUOTES) {
			if (!cp_token_tilde(ps, &b))
				goto error;
			goto skip;
		}
		if (ch == '$' && state != SINGLE_QUOTES) {
			if (!cp_token_variable(ps, &b))
				goto error;
			goto skip;
		}
		if (ch == '}' && state == NONE)
			goto error;

		if (ch == '\'') {
			if (state == NONE) {
				state = SINGLE_QUOTES;
				goto next;
			}
			if (state == SINGLE_QUOTES) {
				state = NONE;
				goto next;
			}
		}
		if (ch == '"') {
			if (state == NONE) {
				state = DOUBLE_QUOTES;
				goto next;
			}
			if (state == DOUBLE_QUOTES) {
				state = NONE;
				goto next;
			}
		}
		cp_append1(&b, ch);
	skip:
		last = state;
	next:
		ch = cp_getc(ps);
	}
	cp_ungetc(ps, ch);
	return (b.s);

error:
	xfree(b.s);
	return (NULL);
}

/* "#{...}" after %if, up to its matching brace. NULL on error. */
static char *
cp_format(struct cp_state *ps)
{
	struct cp_buf	b = { xstrdup(""), 0 };
	int		ch, brackets = 1;

	cp_append(&b, "#{", 2);
	for (;;) {
		if ((ch = cp_getc(ps)) == CP_EOF || ch == '\n')
			goto error;
		if (ch == '#') {
			if ((ch = cp_getc(ps)) == CP_EOF || ch == '\n')
				goto error;
			if (ch == '{')
				brackets++;
			cp_append1(&b, '#');
		} else if (ch == '}') {
			if (brackets != 0 && --brackets == 0) {
				cp_append1(&b, ch);
				break;
			}
		}
		cp_append1(&b, ch);
	}
	if (brackets != 0)
		goto error;
	return (b.s);

error:
	xfree(b.s);
	return (NULL);
}

/* A %word, up to a blank. */
static char *
cp_word(struct cp_state *ps, int ch)
{
	struct cp_buf	b = { xstrdup(""), 0 };

	do
		cp_append1(&b, ch);
	while ((ch = cp_getc(ps)) != CP_EOF && strchr(" \t\n", ch) == NULL);
	cp_ungetc(ps, ch);
	return (b.s);
}

static enum cp_token
cp_lex(struct cp_state *ps, char **value)
{
	char	*token, *cp;
	int	 ch, next, condition;

	*value = NULL;
	if (ps->eol)
		ps->line++;
	ps->eol = 0;

	condition = ps->condition;
	ps->condition = 0;

	for (;;) {
		ch = cp_getc(ps);
		if (ch == CP_EOF) {
			/* Every input ends with a newline. */
			if (ps->eof)
				break;
			ps->eof = 1;
			return (CP_NL);
		}
		if (ch == ' ' || ch == '\t')
			continue;
		if (ch == '\n') {
			ps->eol = 1;
			return (CP_NL);
		}
		if (ch == ';')
			return (CP_SEMI);
		if (ch == '{')
			return (CP_LBRACE);
		if (ch == '}')
			return (CP_RBRACE);

		if (ch == '#') {
			next = cp_getc(ps);
			if (condition && next == '{') {
				if ((*value = cp_format(ps)) == NULL)
					return (CP_ERROR);
				return (CP_FORMAT);
			}
			while (next != '\n' && next != CP_EOF)
				next = cp_getc(ps);
			if (next == '\n') {
				ps->line++;
				return (CP_NL);
			}
			continue;
		}

		if (ch == '%') {
			token = cp_word(ps, ch);
			for (cp = token; *cp != '\0'; cp++) {
				if (*cp != '%' && !isdigit((unsigned char)*cp))
					break;
			}
			if (*cp == '\0') {
				*value = token;
				return (CP_TOKEN);
			}
			ps->condition = 1;
			if (strcmp(token, "%hidden") == 0) {
				xfree(token);
				return (CP_HIDDEN);
			}
			if (strcmp(token, "%if") == 0) {
				xfree(token);
				return (CP_IF);
			}
			if (strcmp(token, "%else") == 0) {
				xfree(token);
				return (CP_ELSE);
			}
			if (strcmp(token, "%elif") == 0) {
				xfree(token);
				return (CP_ELIF);
			}
			if (strcmp(token, "%endif") == 0) {
				xfree(token);
				return (CP_ENDIF);
			}
			xfree(token);
			return (CP_ERROR);
		}

		if ((token = cp_token(ps, ch)) == NULL)
			return (CP_ERROR);
		*value = token;
		if (strchr(token, '=') != NULL &&
		    cp_is_var((unsigned char)*token, 1)) {
			for (cp = token + 1; *cp != '='; cp++) {
				if (!cp_is_var((unsigned char)*cp, 0))
					break;
			}
			if (*cp == '=')
				return (CP_EQUALS);
		}
		return (CP_TOKEN);
	}
	return (CP_END);
}

/* The lookahead token. */
static enum cp_token
cp_peek(struct cp_state *ps)
{
	if (!ps->have) {
		ps->tok = cp_lex(ps, &ps->tokstr);
		ps->have = 1;
	}
	return (ps->tok);
}

/* Consume the lookahead; returns its string (caller frees) if any. */
static char *
cp_take(struct cp_state *ps)
{
	char	*s;

	cp_peek(ps);
	s = ps->tokstr;
	ps->tokstr = NULL;
	ps->have = 0;
	return (s);
}

static void
cp_syntax(struct cp_state *ps)
{
	cp_error(ps, "syntax error");
}

static int
cp_scope_true(struct cp_state *ps)
{
	return (ps->nscopes == 0 || ps->scopes[ps->nscopes - 1]);
}

static void
cp_scope_push(struct cp_state *ps, int flag)
{
	ps->scopes = xreallocarray(ps->scopes, ps->nscopes + 1,
	    sizeof *ps->scopes);
	ps->scopes[ps->nscopes++] = flag;
}

static void
cp_assign(struct cp_state *ps, char *assignment, int hidden)
{
	if ((~ps->pi->flags & CMD_PARSE_PARSEONLY) && cp_scope_true(ps) &&
	    ps->pi->setenv != NULL)
		ps->pi->setenv(ps->pi->arg, assignment, hidden);
	xfree(assignment);
}

static struct cp_cmds *
cp_cmds_new(void)
{
	return (xcalloc(1, sizeof (struct cp_cmds)));
}

static void
cp_cmd_free(struct cp_cmd *cmd)
{
	struct cp_arg	*arg, *next;

	if (cmd == NULL)
		return;
	for (arg = cmd->first; arg != NULL; arg = next) {
		next = arg->next;
		xfree(arg->string);
		cp_cmds_free(arg->block);
		xfree(arg);
	}
	xfree(cmd);
}

static void
cp_cmds_free(struct cp_cmds *cmds)
{
	struct cp_cmd	*cmd, *next;

	if (cmds == NULL)
		return;
	for (cmd = cmds->first; cmd != NULL; cmd = next) {
		next = cmd->next;
		cp_cmd_free(cmd);
	}
	xfree(cmds);
}

/* Move the commands of add to the end of cmds and free add. */
static void
cp_cmds_concat(struct cp_cmds *cmds, struct cp_cmds *add)
{
	if (add == NULL)
		return;
	if (add->first != NULL) {
		if (cmds->last == NULL)
			cmds->first = add->first;
		else
			cmds->last->next = add->first;
		cmds->last = add->last;
	}
	xfree(add);
}

static void
cp_cmds_add(struct cp_cmds *cmds, struct cp_cmd *cmd)
{
	if (cmds->last == NULL)
		cmds->first = cmd;
	else
		cmds->last->next = cmd;
	cmds->last = cmd;
}

static void
cp_arg_add(struct cp_cmd *cmd, char *string, struct cp_cmds *block)
{
	struct cp_arg	*arg = xcalloc(1, sizeof *arg);

	arg->string = string;
	arg->block = block;
	if (cmd->last == NULL)
		cmd->first = arg;
	else
		cmd->last->next = arg;
	cmd->last = arg;
}

/* A %if or %elif condition (FORMAT or TOKEN next), expanded. -1: error. */
static int
cp_condition_value(struct cp_state *ps)
{
	enum cp_token	 t = cp_peek(ps);
	char		*fmt, *expanded;
	int		 flag;

	if (t != CP_FORMAT && t != CP_TOKEN) {
		cp_syntax(ps);
		return (-1);
	}
	fmt = cp_take(ps);
	if (ps->pi->format != NULL)
		expanded = ps->pi->format(ps->pi->arg, fmt);
	else
		expanded = xstrdup("");
	flag = format_true(expanded);
	xfree(expanded);
	xfree(fmt);
	return (flag);
}

/* Statements of a %if block, each ended by a newline: at least one. */
static struct cp_cmds *
cp_block_statements(struct cp_state *ps)
{
	struct cp_cmds	*cmds = cp_cmds_new(), *add;
	enum cp_token	 t;
	int		 n = 0;

	for (;;) {
		t = cp_peek(ps);
		if (n > 0 && (t == CP_ELSE || t == CP_ELIF || t == CP_ENDIF))
			break;
		if ((add = cp_statement(ps, 0)) == NULL)
			goto error;
		cp_cmds_concat(cmds, add);
		if (cp_peek(ps) != CP_NL) {
			cp_syntax(ps);
			goto error;
		}
		cp_take(ps);
		n++;
	}
	return (cmds);

error:
	cp_cmds_free(cmds);
	return (NULL);
}

/*
 * After %if and its condition: the branches (block form: statements on
 * their own lines; inline: commands) up to %endif. The first true
 * branch's commands, as 3.3a. The %if's scope is on the stack.
 */
static struct cp_cmds *
cp_condition(struct cp_state *ps, int flag, int block)
{
	struct cp_cmds	*chosen = NULL, *cmds;
	int		 taken = flag, f;

	if (block)
		cp_take(ps);	/* the newline */
	cmds = block ? cp_block_statements(ps) : cp_commands(ps);
	if (cmds == NULL)
		goto error;
	if (flag)
		chosen = cmds;
	else
		cp_cmds_free(cmds);

	while (cp_peek(ps) == CP_ELIF) {
		cp_take(ps);
		if ((f = cp_condition_value(ps)) == -1)
			goto error;
		ps->scopes[ps->nscopes - 1] = f;
		if (block) {
			if (cp_peek(ps) != CP_NL) {
				cp_syntax(ps);
				goto error;
			}
			cp_take(ps);
		}
		cmds = block ? cp_block_statements(ps) : cp_commands(ps);
		if (cmds == NULL)
			goto error;
		if (!taken && f) {
			chosen = cmds;
			taken = 1;
		} else
			cp_cmds_free(cmds);
	}
	if (cp_peek(ps) == CP_ELSE) {
		cp_take(ps);
		ps->scopes[ps->nscopes - 1] = !ps->scopes[ps->nscopes - 1];
		if (block) {
			if (cp_peek(ps) != CP_NL) {
				cp_syntax(ps);
				goto error;
			}
			cp_take(ps);
		}
		cmds = block ? cp_block_statements(ps) : cp_commands(ps);
		if (cmds == NULL)
			goto error;
		if (!taken)
			chosen = cmds;
		else
			cp_cmds_free(cmds);
	}
	if (cp_peek(ps) != CP_ENDIF) {
		cp_syntax(ps);
		goto error;
	}
	cp_take(ps);
	ps->nscopes--;
	return (chosen != NULL ? chosen : cp_cmds_new());

error:
	cp_cmds_free(chosen);
	return (NULL);
}

/* %if and its condition: pushes the scope. -1 on error. */
static int
cp_if_open(struct cp_state *ps)
{
	int	flag;

	cp_take(ps);	/* %if */
	if ((flag = cp_condition_value(ps)) == -1)
		return (-1);
	cp_scope_push(ps, flag);
	return (flag);
}

/* A { ... } block after the {: statements up to the }. */
static struct cp_cmds *
cp_block(struct cp_state *ps)
{
	struct cp_cmds	*cmds = cp_cmds_new(), *add;
	enum cp_token	 t;

	for (;;) {
		if ((add = cp_statement(ps, 1)) == NULL)
			goto error;
		cp_cmds_concat(cmds, add);
		t = cp_peek(ps);
		if (t == CP_RBRACE) {
			cp_take(ps);
			return (cmds);
		}
		if (t != CP_NL) {
			cp_syntax(ps);
			goto error;
		}
		cp_take(ps);
	}

error:
	cp_cmds_free(cmds);
	return (NULL);
}

/* One command: [NAME=value] word arguments..., or only an assignment. */
static struct cp_cmd *
cp_command(struct cp_state *ps)
{
	struct cp_cmd	*cmd = xcalloc(1, sizeof *cmd);
	struct cp_cmds	*block;
	enum cp_token	 t;

	t = cp_peek(ps);
	if (t == CP_EQUALS) {
		cp_assign(ps, cp_take(ps), 0);
		t = cp_peek(ps);
		if (t != CP_TOKEN) {
			cmd->line = ps->line;
			cmd->group = (ps->line << 12) + ps->semis;
			return (cmd);
		}
	}
	if (t != CP_TOKEN) {
		cp_syntax(ps);
		goto error;
	}
	cp_arg_add(cmd, cp_take(ps), NULL);
	for (;;) {
		t = cp_peek(ps);
		if (t == CP_TOKEN || t == CP_EQUALS)
			cp_arg_add(cmd, cp_take(ps), NULL);
		else if (t == CP_LBRACE) {
			cp_take(ps);
			if ((block = cp_block(ps)) == NULL)
				goto error;
			cp_arg_add(cmd, NULL, block);
		} else
			break;
	}
	cmd->line = ps->line;
	cmd->group = (ps->line << 12) + ps->semis;
	return (cmd);

error:
	cp_cmd_free(cmd);
	return (NULL);
}

/* An inline %if ... %endif inside a command sequence. */
static struct cp_cmds *
cp_condition1(struct cp_state *ps)
{
	struct cp_cmds	*cmds;
	int		 flag;

	if (ps->depth >= CP_MAX_DEPTH) {
		cp_error(ps, "memory exhausted");
		return (NULL);
	}
	if ((flag = cp_if_open(ps)) == -1)
		return (NULL);
	ps->depth++;
	cmds = cp_condition(ps, flag, 0);
	ps->depth--;
	return (cmds);
}

/* Commands separated by ";" (3.3a's "commands" rule and its actions). */
static struct cp_cmds *
cp_commands(struct cp_state *ps)
{
	struct cp_cmds	*cmds = cp_cmds_new(), *add;
	struct cp_cmd	*cmd;
	enum cp_token	 t;

	t = cp_peek(ps);
	if (t == CP_IF) {
		if ((add = cp_condition1(ps)) == NULL)
			goto error;
		cp_cmds_concat(cmds, add);
	} else if (t == CP_TOKEN || t == CP_EQUALS) {
		if ((cmd = cp_command(ps)) == NULL)
			goto error;
		if (cmd->first != NULL && cp_scope_true(ps))
			cp_cmds_add(cmds, cmd);
		else
			cp_cmd_free(cmd);
	} else {
		cp_syntax(ps);
		goto error;
	}

	while (cp_peek(ps) == CP_SEMI) {
		cp_take(ps);
		t = cp_peek(ps);
		if (t == CP_SEMI && (ps->pi->flags & CMD_PARSE_SEMIGROUPS))
			ps->semis++;
		if (t == CP_IF) {
			if ((add = cp_condition1(ps)) == NULL)
				goto error;
			cp_cmds_concat(cmds, add);
		} else if (t == CP_TOKEN || t == CP_EQUALS) {
			if ((cmd = cp_command(ps)) == NULL)
				goto error;
			if (cmd->first != NULL && cp_scope_true(ps))
				cp_cmds_add(cmds, cmd);
			else {
				/* 3.3a drops the commands before it too. */
				cp_cmds_free(cmds);
				cmds = cp_cmds_new();
				cp_cmd_free(cmd);
			}
		}
	}
	return (cmds);

error:
	cp_cmds_free(cmds);
	return (NULL);
}

/* One statement (not its newline). NULL on error. */
static struct cp_cmds *
cp_statement1(struct cp_state *ps, int inblock)
{
	struct cp_cmds	*cmds;
	enum cp_token	 t;
	char		*s;
	int		 flag;

	t = cp_peek(ps);
	switch (t) {
	case CP_NL:
		return (cp_cmds_new());
	case CP_RBRACE:
		if (inblock)
			return (cp_cmds_new());
		break;
	case CP_HIDDEN:
		cp_take(ps);
		if (cp_peek(ps) != CP_EQUALS)
			break;
		s = cp_take(ps);
		if ((~ps->pi->flags & CMD_PARSE_PARSEONLY) &&
		    cp_scope_true(ps) && ps->pi->setenv != NULL)
			ps->pi->setenv(ps->pi->arg, s, 1);
		xfree(s);
		return (cp_cmds_new());
	case CP_IF:
		if ((flag = cp_if_open(ps)) == -1)
			return (NULL);
		if (cp_peek(ps) == CP_NL) {
			cmds = cp_condition(ps, flag, 1);
			if (cmds != NULL && !cp_scope_true(ps)) {
				cp_cmds_free(cmds);
				cmds = cp_cmds_new();
			}
			return (cmds);
		}
		/* An inline condition starts a command sequence. */
		if ((cmds = cp_condition(ps, flag, 0)) == NULL)
			return (NULL);
		goto more;
	case CP_TOKEN:
	case CP_EQUALS:
		if ((cmds = cp_commands(ps)) == NULL)
			return (NULL);
		goto check;
	default:
		break;
	}
	cp_syntax(ps);
	return (NULL);

more:
	/* The rest of a sequence that began with an inline condition. */
	if (cp_peek(ps) == CP_SEMI) {
		struct cp_cmds	*rest;

		/* Reparse as "commands ';' ..." by faking the first part. */
		while (cp_peek(ps) == CP_SEMI) {
			cp_take(ps);
			t = cp_peek(ps);
			if (t != CP_IF && t != CP_TOKEN && t != CP_EQUALS)
				continue;
			if ((rest = cp_commands(ps)) == NULL) {
				cp_cmds_free(cmds);
				return (NULL);
			}
			cp_cmds_concat(cmds, rest);
		}
	}
check:
	if (!cp_scope_true(ps)) {
		cp_cmds_free(cmds);
		cmds = cp_cmds_new();
	}
	return (cmds);
}

static struct cp_cmds *
cp_statement(struct cp_state *ps, int inblock)
{
	struct cp_cmds	*cmds;

	if (ps->depth >= CP_MAX_DEPTH) {
		cp_error(ps, "memory exhausted");
		return (NULL);
	}
	ps->depth++;
	cmds = cp_statement1(ps, inblock);
	ps->depth--;
	return (cmds);
}

/* Which positional arguments of a command may be { ... } blocks. */
/*
 * Which positional arguments of a command may be { } blocks (tmux's
 * args_parse callbacks): pos[] are its positional words, has_c whether
 * -C was given.
 */
static int
cp_block_allowed(const char *name, char **pos, int npos, int has_c, int idx)
{
	int	i;

	if (strcmp(name, "bind-key") == 0)
		return (idx >= 1);
	if (strcmp(name, "if-shell") == 0)
		return (idx == 1 || idx == 2);
	if (strcmp(name, "command-prompt") == 0 ||
	    strcmp(name, "confirm-before") == 0 ||
	    strcmp(name, "display-panes") == 0 ||
	    strcmp(name, "choose-tree") == 0 ||
	    strcmp(name, "choose-client") == 0 ||
	    strcmp(name, "choose-buffer") == 0)
		return (1);
	if (strcmp(name, "display-menu") == 0) {
		/* Items are name key command, or "" for a separator. */
		for (i = 0; i < idx && i < npos; i++) {
			if (*pos[i] == '\0')
				continue;
			if (i + 2 == idx)
				return (1);
			i += 2;
		}
		return (0);
	}
	if (strcmp(name, "run-shell") == 0)
		return (has_c);
	if (strcmp(name, "set-option") == 0 ||
	    strcmp(name, "set-window-option") == 0 ||
	    strcmp(name, "set-hook") == 0)
		return (idx == 1);
	return (0);
}

/*
 * Where the positional words of argv (argv[0] the command) start, as
 * args_parse reads the flags of entry; -1 if the flags are bad (args_parse
 * reports those first). *has_c: whether -C is among them.
 */
static int
cp_positional_start(const struct cmd_entry *entry, int argc, char **argv,
    int *has_c)
{
	const char	*w, *t;
	int		 i = 1;

	*has_c = 0;
	while (i < argc) {
		w = argv[i];
		if (w[0] != '-' || w[1] == '\0')
			break;
		i++;
		if (strcmp(w, "--") == 0)
			break;
		for (w++; *w != '\0'; w++) {
			if (*w == ':' ||
			    (t = strchr(entry->args.template, *w)) == NULL)
				return (-1);
			if (*w == 'C')
				*has_c = 1;
			if (t[1] != ':')
				continue;
			if (t[2] != ':' && w[1] == '\0')
				i++;	/* the value is the next word */
			break;
		}
	}
	return (i > argc ? argc : i);
}

/*
 * tmux checks the type of each positional argument before their count:
 * the first block where the command wants a string, as its error, or
 * NULL.
 */
static char *
cp_block_check(int argc, char **argv, const int *isblock)
{
	const struct cmd_entry	*entry;
	char			*cause = NULL;
	int			 start, i, has_c;

	if (argc == 0 || isblock[0])
		return (NULL);
	if ((entry = cmd_find_entry(argv[0], &cause)) == NULL) {
		xfree(cause);
		return (NULL);
	}
	if ((start = cp_positional_start(entry, argc, argv, &has_c)) == -1)
		return (NULL);
	for (i = start; i < argc; i++) {
		if (!isblock[i] || cp_block_allowed(entry->name, argv + start,
		    argc - start, has_c, i - start))
			continue;
		xasprintf(&cause, "command %s: argument %d must be \"string\"",
		    entry->name, i - start + 1);
		return (cause);
	}
	return (NULL);
}

/* Commands built, with the line and group of each. */
struct cp_built {
	struct cmd_list	*list;
	unsigned	*lines;
	unsigned	*groups;
	char		**printed;	/* each command as tmux prints it */
	int		  noprint;	/* the caller does not want them */
	unsigned	 n;
};

static void
cp_built_free_printed(struct cp_built *b)
{
	unsigned	i;

	if (b->printed == NULL)
		return;
	for (i = 0; i < b->n; i++)
		xfree(b->printed[i]);
	xfree(b->printed);
	b->printed = NULL;
}

static int	cp_build(struct cp_state *, struct cp_cmds *, struct cp_built *,
		    unsigned *);
static char	*cp_print_cmd(const struct cmd *, const int *);

/*
 * Build one command from its final words (isblock[] marks { } blocks)
 * with cmd.c's argv grammar and append it (or an alias's commands) to b.
 * -1 with *cause on error.
 */
static int
cp_build_words(int argc, char **words, const int *isblock,
    struct cp_built *b, char **cause)
{
	struct cmd_list	 *list = b->list, *one;
	struct cmd	 *cmd;
	char		**argv, *s;
	int		  i, start = 0, retval = -1;
	unsigned	  npr = 0;
	size_t		  len;

	*cause = NULL;
	if ((*cause = cp_block_check(argc, words, isblock)) != NULL)
		return (-1);
	argv = xcalloc((size_t)argc + 1, sizeof *argv);
	for (i = 0; i < argc; i++) {
		/* argv mode reads a final ";" as a separator: keep it. */
		s = xstrdup(words[i]);
		len = strlen(s);
		if (len != 0 && s[len - 1] == ';') {
			s = xrealloc(s, len + 2);
			s[len - 1] = '\\';
			s[len] = ';';
			s[len + 1] = '\0';
		}
		argv[i] = s;
	}

	one = cmd_list_parse_argv(argc, argv, cause);
	if (one == NULL)
		goto out;
	cmd = one->first;
	if (cmd != NULL && cmd->next == NULL) {
		start = argc - args_count(cmd->args);
		if (start < 0)
			start = 0;
	}
	if (one->first != NULL && one->first == one->last) {
		for (i = start; i < argc; i++) {
			if (isblock[i]) {
				cp_recent_add(one->first, isblock + start);
				break;
			}
		}
	}
	for (cmd = one->first; cmd != NULL && !b->noprint; cmd = cmd->next) {
		b->printed = xreallocarray(b->printed, b->n + 1 + npr,
		    sizeof *b->printed);
		if (one->first == one->last)
			b->printed[b->n + npr] = cp_print_cmd(cmd,
			    isblock + start);
		else
			b->printed[b->n + npr] = cmd_parse_print_cmd(cmd);
		npr++;
	}
	if (one->first != NULL) {
		if (list->last == NULL)
			list->first = one->first;
		else
			list->last->next = one->first;
		list->last = one->last;
	}
	xfree(one);
	retval = 0;

out:
	for (i = 0; i < argc; i++)
		xfree(argv[i]);
	xfree(argv);
	return (retval);
}

/* The line and group of each command built from cmd on (NULL: none yet). */
static void
cp_built_mark(struct cp_built *b, struct cmd *cmd, unsigned line,
    unsigned group)
{
	for (; cmd != NULL; cmd = cmd->next) {
		b->lines = xreallocarray(b->lines, b->n + 1, sizeof *b->lines);
		b->groups = xreallocarray(b->groups, b->n + 1,
		    sizeof *b->groups);
		b->lines[b->n] = line;
		b->groups[b->n++] = group;
	}
}

/* A command that did not build: "FILE:LINE: cause" (cause is taken). */
static char *
cp_build_error(const struct cmd_parse_input *pi, unsigned line, char *cause)
{
	char	*error;

	if (pi->file != NULL && cause != NULL)
		xasprintf(&error, "%s:%u: %s", pi->file, line, cause);
	else
		error = xstrdup(cause != NULL ? cause : "syntax error");
	xfree(cause);
	return (error);
}

/* Build one command and append it (or an alias's commands) to list. */
static int
cp_build_one(struct cp_state *ps, struct cp_cmd *pc, struct cp_built *b,
    unsigned *line)
{
	struct cp_arg	 *arg;
	struct cp_built	  inner;
	char		**argv, *cause = NULL, *s;
	int		  argc = 0, i, *isblock, retval = -1;

	for (arg = pc->first; arg != NULL; arg = arg->next)
		argc++;
	argv = xcalloc((size_t)argc + 1, sizeof *argv);
	isblock = xcalloc((size_t)argc + 1, sizeof *isblock);
	for (i = 0, arg = pc->first; arg != NULL; arg = arg->next, i++) {
		if (arg->block != NULL) {
			memset(&inner, 0, sizeof inner);
			inner.list = xcalloc(1, sizeof *inner.list);
			if (cp_build(ps, arg->block, &inner, line) != 0) {
				cmd_list_free(inner.list);
				xfree(inner.lines);
				xfree(inner.groups);
				cp_built_free_printed(&inner);
				goto out;
			}
			s = cmd_parse_print_joined(inner.list, inner.printed,
			    inner.groups, 0);
			cmd_list_free(inner.list);
			xfree(inner.lines);
			xfree(inner.groups);
			cp_built_free_printed(&inner);
			isblock[i] = 1;
		} else
			s = xstrdup(arg->string);
		argv[i] = s;
	}

	if (cp_build_words(argc, argv, isblock, b, &cause) != 0)
		goto fail;
	retval = 0;
	goto out;

fail:
	ps->error = cp_build_error(ps->pi, *line, cause);
out:
	for (i = 0; i < argc; i++)
		xfree(argv[i]);
	xfree(argv);
	xfree(isblock);
	return (retval);
}

static int
cp_build(struct cp_state *ps, struct cp_cmds *cmds, struct cp_built *b,
    unsigned *line)
{
	struct cp_cmd	*pc;
	struct cmd	*last, *cmd;

	for (pc = cmds->first; pc != NULL; pc = pc->next) {
		*line = pc->line;
		last = b->list->last;
		if (cp_build_one(ps, pc, b, line) != 0)
			return (-1);
		cmd = (last == NULL) ? b->list->first : last->next;
		cp_built_mark(b, cmd, pc->line, pc->group);
	}
	return (0);
}

/*
 * Whether buf is one line of plain words: letters, digits and "-_@.:/,+"
 * between blanks, nothing the grammar treats specially (quotes, escapes,
 * $, ~, #, =, %, ;, braces, a newline). Most lines control clients and
 * scripts send are (set-option -g @k v1): the parse was half of such a
 * command's instructions (callgrind of the control server).
 */
static int
cp_plain_line(const char *buf, size_t len)
{
	size_t	i;
	int	any = 0;

	for (i = 0; i < len; i++) {
		if ((buf[i] >= 'a' && buf[i] <= 'z') ||
		    (buf[i] >= 'A' && buf[i] <= 'Z') ||
		    (buf[i] >= '0' && buf[i] <= '9') ||
		    strchr("-_@.:/,+", buf[i]) != NULL)
			any = 1;
		else if (buf[i] != ' ' && buf[i] != '\t')
			return (0);
	}
	return (any);
}

/* A plain line's words, built as cp_build builds one command of them. */
static void
cp_parse_plain(const char *buf, size_t len, const struct cmd_parse_input *pi,
    unsigned line, struct cmd_parse_result *pr)
{
	struct cp_built	  b;
	char		**words, *cause = NULL;
	int		 *isblock, n = 0, i;
	size_t		  at = 0, start;

	words = xcalloc(len / 2 + 2, sizeof *words);
	isblock = xcalloc(len / 2 + 2, sizeof *isblock);
	while (at < len) {
		while (at < len && (buf[at] == ' ' || buf[at] == '\t'))
			at++;
		start = at;
		while (at < len && buf[at] != ' ' && buf[at] != '\t')
			at++;
		if (at != start)
			words[n++] = xstrndup(buf + start, at - start);
	}
	memset(&b, 0, sizeof b);
	b.list = xcalloc(1, sizeof *b.list);
	b.noprint = (pi->flags & CMD_PARSE_NOPRINT) != 0;
	if (cp_build_words(n, words, isblock, &b, &cause) != 0) {
		cmd_list_free(b.list);
		cp_built_free_printed(&b);
		pr->status = CMD_PARSE_ERROR;
		pr->error = cp_build_error(pi, line, cause);
	} else {
		/* One statement: its group as cp_command numbers it. */
		cp_built_mark(&b, b.list->first, line, line << 12);
		pr->status = CMD_PARSE_SUCCESS;
		pr->cmdlist = b.list;
		pr->lines = b.lines;
		pr->groups = b.groups;
		pr->printed = b.printed;
	}
	for (i = 0; i < n; i++)
		xfree(words[i]);
	xfree(words);
	xfree(isblock);
}

void
cmd_parse_from_buffer(const char *buf, size_t len,
    const struct cmd_parse_input *pi, struct cmd_parse_result *pr)
{
	struct cp_state	 ps;
	struct cp_cmds	*cmds, *add;
	struct cp_built	 b;
	unsigned	 line;

	memset(&ps, 0, sizeof ps);
	ps.pi = pi;
	ps.buf = buf;
	ps.len = len;
	ps.line = pi->line == 0 ? 1 : pi->line;
	pr->cmdlist = NULL;
	pr->error = NULL;
	pr->lines = NULL;
	pr->groups = NULL;
	pr->printed = NULL;
	if (cp_plain_line(buf, len)) {
		cp_parse_plain(buf, len, pi, ps.line, pr);
		return;
	}

	cmds = cp_cmds_new();
	while (cp_peek(&ps) != CP_END) {
		if ((add = cp_statement(&ps, 0)) == NULL)
			goto error;
		cp_cmds_concat(cmds, add);
		if (cp_peek(&ps) != CP_NL) {
			cp_syntax(&ps);
			goto error;
		}
		cp_take(&ps);
	}

	memset(&b, 0, sizeof b);
	b.list = xcalloc(1, sizeof *b.list);
	b.noprint = (pi->flags & CMD_PARSE_NOPRINT) != 0;
	line = ps.line;
	if (cp_build(&ps, cmds, &b, &line) != 0) {
		cmd_list_free(b.list);
		xfree(b.lines);
		xfree(b.groups);
		cp_built_free_printed(&b);
		goto error;
	}
	cp_cmds_free(cmds);
	xfree(ps.scopes);
	pr->status = CMD_PARSE_SUCCESS;
	pr->cmdlist = b.list;
	pr->lines = b.lines;
	pr->groups = b.groups;
	pr->printed = b.printed;
	return;

error:
	if (ps.error == NULL)
		cp_syntax(&ps);
	xfree(ps.tokstr);
	cp_cmds_free(cmds);
	xfree(ps.scopes);
	pr->status = CMD_PARSE_ERROR;
	pr->error = ps.error;
}

void
cmd_parse_from_words(int count, char **values, const int *blocks,
    struct cmd_parse_result *pr)
{
	struct cp_built	  b;
	struct cmd	 *cmd;
	char		**words, *copy, *cause = NULL;
	int		 *isblock, n = 0, i, end;
	size_t		  size;

	memset(pr, 0, sizeof *pr);
	memset(&b, 0, sizeof b);
	b.list = xcalloc(1, sizeof *b.list);
	words = xcalloc((size_t)count + 1, sizeof *words);
	isblock = xcalloc((size_t)count + 1, sizeof *isblock);
	for (i = 0; i <= count; i++) {
		end = (i == count);
		if (i < count && blocks != NULL && blocks[i]) {
			isblock[n] = 1;
			words[n++] = xstrdup(values[i]);
		} else if (i < count) {
			copy = xstrdup(values[i]);
			size = strlen(copy);
			if (size != 0 && copy[size - 1] == ';') {
				copy[--size] = '\0';
				if (size > 0 && copy[size - 1] == '\\')
					copy[size - 1] = ';';
				else
					end = 1;
			}
			if (!end || size != 0) {
				isblock[n] = 0;
				words[n++] = copy;
			} else
				xfree(copy);
		}
		if (!end || n == 0)
			continue;
		/* A command that starts with a block is dropped (3.3a). */
		if (!isblock[0] &&
		    cp_build_words(n, words, isblock, &b, &cause) != 0)
			break;
		for (b.n = 0, cmd = b.list->first; cmd != NULL; cmd = cmd->next)
			b.n++;
		while (n > 0)
			xfree(words[--n]);
	}
	while (n > 0)
		xfree(words[--n]);
	xfree(words);
	xfree(isblock);
	if (cause != NULL) {
		cp_built_free_printed(&b);
		cmd_list_free(b.list);
		pr->status = CMD_PARSE_ERROR;
		pr->error = cause;
		return;
	}
	b.groups = xcalloc((size_t)b.n + 1, sizeof *b.groups);
	b.lines = xcalloc((size_t)b.n + 1, sizeof *b.lines);
	pr->status = CMD_PARSE_SUCCESS;
	pr->cmdlist = b.list;
	pr->lines = b.lines;
	pr->groups = b.groups;
	pr->printed = b.printed;
}

void
cmd_parse_from_string(const char *s, const struct cmd_parse_input *pi,
    struct cmd_parse_result *pr)
{
	cmd_parse_from_buffer(s, strlen(s), pi, pr);
}

/*
 * A command as cmd_print prints it, with the positional arguments marked
 * in block[] (NULL: none) as "{ ... }".
 */
static char *
cp_print_cmd(const struct cmd *cmd, const int *block)
{
	char		**argv, *all, *tail, *t, *e, *out;
	int		  n, i, any = 0, *isblock;
	size_t		  alllen, taillen;

	all = cmd_print(cmd);
	n = args_count(cmd->args);
	isblock = xcalloc((size_t)n + 1, sizeof *isblock);
	for (i = 0; i < n; i++) {
		isblock[i] = (block != NULL && block[i]);
		if (isblock[i])
			any = 1;
	}
	if (!any) {
		xfree(isblock);
		return (all);
	}

	/* The positional words are printed last: rebuild that tail. */
	argv = args_argv(cmd->args);
	tail = xstrdup("");
	for (i = 0; i < n; i++) {
		e = args_escape(argv[i]);
		xasprintf(&t, "%s%s%s", tail, i == 0 ? "" : " ", e);
		xfree(e);
		xfree(tail);
		tail = t;
	}
	alllen = strlen(all);
	taillen = strlen(tail);
	if (taillen > alllen || strcmp(all + alllen - taillen, tail) != 0) {
		xfree(tail);
		xfree(isblock);
		return (all);
	}
	all[alllen - taillen] = '\0';
	out = all;
	for (i = 0; i < n; i++) {
		if (isblock[i])
			xasprintf(&t, "%s%s{ %s }", out, i == 0 ? "" : " ",
			    argv[i]);
		else {
			e = args_escape(argv[i]);
			xasprintf(&t, "%s%s%s", out, i == 0 ? "" : " ", e);
			xfree(e);
		}
		xfree(out);
		out = t;
	}
	xfree(tail);
	xfree(isblock);
	return (out);
}

char *
cmd_parse_print_cmd(const struct cmd *cmd)
{
	return (cp_print_cmd(cmd, cmd_parse_cmd_blocks(cmd)));
}

char *
cmd_parse_print_cmd_blocks(const struct cmd *cmd, const int *block)
{
	int	*none;
	char	*s;

	if (block != NULL)
		return (cp_print_cmd(cmd, block));
	none = xcalloc((size_t)args_count(cmd->args) + 1, sizeof *none);
	s = cp_print_cmd(cmd, none);
	xfree(none);
	return (s);
}

/* Commands (or their printed forms) joined as tmux's cmd_list_print. */
char *
cmd_parse_print_joined(const struct cmd_list *list, char **printed,
    const unsigned *groups, int escaped)
{
	const struct cmd	*cmd;
	const char		*sep;
	char			*buf, *s, *t;
	unsigned		 i = 0;

	buf = xstrdup("");
	for (cmd = list->first; cmd != NULL; cmd = cmd->next, i++) {
		if (printed != NULL)
			s = xstrdup(printed[i]);
		else
			s = cmd_parse_print_cmd(cmd);
		if (cmd->next == NULL)
			sep = "";
		else if (groups != NULL && groups[i] != groups[i + 1])
			sep = escaped ? " \\;\\; " : " ;; ";
		else
			sep = escaped ? " \\; " : " ; ";
		xasprintf(&t, "%s%s%s", buf, s, sep);
		xfree(s);
		xfree(buf);
		buf = t;
	}
	return (buf);
}

char *
cmd_parse_print_groups(const struct cmd_list *list, const unsigned *groups,
    int escaped)
{
	return (cmd_parse_print_joined(list, NULL, groups, escaped));
}

char *
cmd_parse_print_list(const struct cmd_list *list, int escaped)
{
	return (cmd_parse_print_groups(list, NULL, escaped));
}

void
cmd_parse_result_free(struct cmd_parse_result *pr)
{
	unsigned	i, n = 0;
	struct cmd	*cmd;

	if (pr->cmdlist != NULL) {
		for (cmd = pr->cmdlist->first; cmd != NULL; cmd = cmd->next)
			n++;
	}
	if (pr->printed != NULL) {
		for (i = 0; i < n; i++)
			xfree(pr->printed[i]);
	}
	xfree(pr->printed);
	xfree(pr->lines);
	xfree(pr->groups);
	cmd_list_free(pr->cmdlist);
	xfree(pr->error);
	memset(pr, 0, sizeof *pr);
}
