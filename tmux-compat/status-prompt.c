/*
 * The status-line prompt of an attached client: command-prompt and
 * confirm-before. The prompt takes the client's keys until Enter (run the
 * template with the answers, as tmux's cmd_template_replace fills %1..%9
 * and %%) or Escape; confirm-before and command-prompt -1 end on one key.
 * Editing keys are tmux's emacs ones (status-keys emacs); Up and Down walk
 * the prompt's history (prompt-history.c).
 */
#include <ctype.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "engine/term/utf8.h"
#include "tmux-compat/cmd-parse.h"
#include "tmux-compat/prompt-history.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"

struct tty_prompt {
	char		**prompts;	/* -p, one per answer */
	char		**inputs;	/* -I, the starting text of each */
	unsigned	  n, idx;
	char		 *template;
	char		**answers;
	int		  flags;	/* TTY_PROMPT_* */

	char		 *buf;		/* what was typed so far (UTF-8) */
	size_t		  len, cursor;	/* bytes; cursor is a byte offset */

	int		  type;		/* its history (prompt-history.c) */
	unsigned	  hindex;	/* Up/Down: how far back, 0 none */

	char		 *last;		/* -i: -I's text, for C-s on nothing */

	/* Instead of a template: called with the answer, NULL on Escape. */
	tty_prompt_cb	  cb;
	void		 *cb_arg;
};

static void	status_prompt_incremental(struct client *, struct tty_prompt *,
		    char);
static char	*status_prompt_replace(const char *, const char *, int);

static void
status_prompt_set_input(struct tty_prompt *pr, const char *s)
{
	xfree(pr->buf);
	pr->buf = xstrdup(s != NULL ? s : "");
	pr->len = strlen(pr->buf);
	pr->cursor = pr->len;
}

static void
status_prompt_free(struct tty_prompt *pr)
{
	unsigned	i;

	for (i = 0; i < pr->n; i++) {
		xfree(pr->prompts[i]);
		xfree(pr->inputs[i]);
		xfree(pr->answers[i]);
	}
	xfree(pr->prompts);
	xfree(pr->inputs);
	xfree(pr->answers);
	xfree(pr->template);
	xfree(pr->buf);
	xfree(pr->last);
	xfree(pr->cb_arg);
	xfree(pr);
}

/* c's prompt ends (answered or not): a command client waiting goes on. */
static void
status_prompt_done(struct client *c, struct tty_prompt *pr)
{
	struct client	*waiter = tty_wait_end(c, TTY_WAIT_PROMPT);

	status_prompt_free(pr);
	if (waiter != NULL)
		cmdq_continue(waiter);
}

/*
 * command-prompt and confirm-before without -b: the command client that
 * ran them waits until the prompt of c ends.
 */
void
status_prompt_wait(struct client *c, struct client *waiter)
{
	if (c->tty != NULL && c->tty->prompt != NULL)
		tty_wait_set(c, TTY_WAIT_PROMPT, waiter);
}

/* Start a prompt; the strings are copied (inputs may be NULL). */
void
status_prompt_start(struct client *c, unsigned n, char **prompts, char **inputs,
    const char *template, int flags, int type)
{
	struct tty_client	*tc = c->tty;
	struct tty_prompt	*pr;
	unsigned		 i;

	if (tc == NULL || n == 0)
		return;
	tty_clear_message(c);
	if (tc->prompt != NULL) {
		pr = tc->prompt;
		tc->prompt = NULL;
		status_prompt_done(c, pr);
	}
	pr = xcalloc(1, sizeof *pr);
	pr->n = n;
	pr->prompts = xcalloc(n, sizeof *pr->prompts);
	pr->inputs = xcalloc(n, sizeof *pr->inputs);
	pr->answers = xcalloc(n, sizeof *pr->answers);
	for (i = 0; i < n; i++) {
		pr->prompts[i] = xstrdup(prompts[i]);
		pr->inputs[i] = xstrdup(inputs != NULL && inputs[i] != NULL ?
		    inputs[i] : "");
	}
	pr->template = xstrdup(template);
	pr->flags = flags;
	pr->type = type;
	if (flags & TTY_PROMPT_INCREMENTAL) {
		pr->last = xstrdup(pr->inputs[0]);
		status_prompt_set_input(pr, "");
	} else
		status_prompt_set_input(pr, pr->inputs[0]);
	tc->prompt = pr;
	tty_redraw_client(c);
	if (flags & TTY_PROMPT_INCREMENTAL)
		status_prompt_incremental(c, pr, '=');
}

/*
 * A prompt whose answer goes to cb (tmux's status_prompt_set with an input
 * callback: the tree modes' search, filter and kill prompts); arg is
 * passed to it and freed with the prompt.
 */
void
status_prompt_start_cb(struct client *c, const char *prompt, const char *input,
    int flags, int type, tty_prompt_cb cb, void *arg)
{
	char	*prompts[1] = { (char *)prompt }, *inputs[1] = { (char *)input };

	status_prompt_start(c, 1, prompts, inputs, "", flags, type);
	if (c->tty == NULL || c->tty->prompt == NULL) {
		xfree(arg);
		return;
	}
	c->tty->prompt->cb = cb;
	c->tty->prompt->cb_arg = arg;
}

/*
 * Answered (answer) or not (NULL, Escape: tmux then clears a tree's
 * filter): a callback prompt ends and hears it.
 */
static void
status_prompt_callback(struct client *c, struct tty_prompt *pr, const char *answer)
{
	tty_prompt_cb	 cb = pr->cb;
	void		*arg = pr->cb_arg;
	char		*copy = answer != NULL ? xstrdup(answer) : NULL;

	pr->cb_arg = NULL;
	status_prompt_clear(c);
	cb(c, copy, arg);
	xfree(copy);
	xfree(arg);
}

void
status_prompt_clear(struct client *c)
{
	struct tty_prompt	*pr;

	if (c->tty == NULL || c->tty->prompt == NULL)
		return;
	pr = c->tty->prompt;
	c->tty->prompt = NULL;
	status_prompt_done(c, pr);
	tty_redraw_client(c);
}

/* What the status line shows: the prompt and the input, and the cursor. */
const char *
status_prompt_text(struct client *c, char **input, size_t *cursor)
{
	struct tty_prompt	*pr = c->tty != NULL ? c->tty->prompt : NULL;

	if (pr == NULL)
		return (NULL);
	*input = pr->buf;
	*cursor = pr->cursor;
	return (pr->prompts[pr->idx]);
}


/*
 * -i: the template with %% as the prompt's text after a prefix: = for
 * the text changed, + for C-s, - for C-r (tmux's incremental prompt).
 */
static void
status_prompt_incremental(struct client *c, struct tty_prompt *pr, char prefix)
{
	char	*text, *command;

	xasprintf(&text, "%c%s", prefix, pr->buf);
	command = status_prompt_replace(pr->template, text, 1);
	xfree(text);
	status_prompt_run_command(c, command, NULL);
	xfree(command);
}

/*
 * Replace %N (N = idx) and %% in template with s, as tmux's
 * cmd_template_replace (%%% puts s with quotes and backslashes escaped).
 */
static char *
status_prompt_replace(const char *template, const char *s, int idx)
{
	struct buf	 b;
	const char	*p;
	int		 quote;
	char		*out;

	if (strchr(template, '%') == NULL)
		return (xstrdup(template));
	buf_init(&b);
	for (p = template; *p != '\0'; p++) {
		if (*p != '%' || (p[1] != '0' + idx && p[1] != '%')) {
			buf_add_byte(&b, (uint8_t)*p);
			continue;
		}
		p++;
		quote = (p[0] == '%' && p[1] == '%');
		if (quote)
			p++;
		for (const char *q = s; *q != '\0'; q++) {
			if (quote && strchr("\"\\$;~", *q) != NULL)
				buf_add_byte(&b, '\\');
			buf_add_byte(&b, (uint8_t)*q);
		}
	}
	out = xstrndup((const char *)buf_data(&b), b.len);
	buf_free(&b);
	return (out);
}

/*
 * Run template with %% and %1 replaced by value (display-panes, the tree
 * modes), fs (if not NULL) as the commands' current state.
 */
void
status_prompt_run_template(struct client *c, const char *template, const char *value,
    const struct cmd_find_state *fs)
{
	char	*command = status_prompt_replace(template, value, 1);

	status_prompt_run_command(c, command, fs);
	xfree(command);
}

/*
 * Run a command line typed or chosen on an attached client (prompts,
 * menus): a parse error goes to the status line, the output to view mode;
 * fs, if not NULL, is the commands' current state.
 */
void
status_prompt_run_command(struct client *c, const char *command,
    const struct cmd_find_state *fs)
{
	struct cmd_parse_input	 pi;
	struct cmd_parse_result	 pr;

	memset(&pi, 0, sizeof pi);
	cmd_parse_from_string(command, &pi, &pr);
	if (pr.status == CMD_PARSE_ERROR) {
		tty_set_error(c, pr.error);
		xfree(pr.error);
		return;
	}
	if (pr.status == CMD_PARSE_SUCCESS && pr.cmdlist != NULL) {
		if (fs != NULL)
			cmdq_set_current(fs);
		cmdq_run(c, pr.cmdlist);
		if (fs != NULL)
			cmdq_set_current(NULL);
		tty_show_output(c);
	}
	cmd_parse_result_free(&pr);
}

/* Enter: next prompt, or the template with every answer. */
static void
status_prompt_accept(struct client *c, struct tty_prompt *pr)
{
	struct client	*waiter;
	char		*command, *next;
	unsigned	 i;

	if (pr->cb != NULL) {
		status_prompt_callback(c, pr, pr->buf);
		return;
	}
	pr->answers[pr->idx] = xstrdup(pr->buf);
	if (pr->idx + 1 < pr->n) {
		pr->idx++;
		pr->hindex = 0;
		status_prompt_set_input(pr, pr->inputs[pr->idx]);
		tty_redraw_client(c);
		return;
	}
	/* An empty answer to a single prompt runs nothing, as tmux. */
	if (pr->n == 1 && *pr->answers[0] == '\0' &&
	    !(pr->flags & TTY_PROMPT_SINGLE)) {
		status_prompt_clear(c);
		return;
	}
	command = xstrdup(pr->template);
	for (i = 0; i < pr->n; i++) {
		next = status_prompt_replace(command, pr->answers[i], (int)i + 1);
		xfree(command);
		command = next;
	}
	c->tty->prompt = NULL;
	waiter = tty_wait_end(c, TTY_WAIT_PROMPT);
	status_prompt_free(pr);
	tty_redraw_client(c);
	status_prompt_run_command(c, command, NULL);
	xfree(command);
	if (waiter != NULL)
		cmdq_continue(waiter);
}

static size_t
status_prompt_prev_char(const struct tty_prompt *pr, size_t at)
{
	while (at > 0 && (pr->buf[--at] & 0xc0) == 0x80)
		;
	return (at);
}

static size_t
status_prompt_next_char(const struct tty_prompt *pr, size_t at)
{
	if (at < pr->len)
		at++;
	while (at < pr->len && (pr->buf[at] & 0xc0) == 0x80)
		at++;
	return (at);
}

static void
status_prompt_delete(struct tty_prompt *pr, size_t from, size_t to)
{
	memmove(pr->buf + from, pr->buf + to, pr->len - to + 1);
	pr->len -= to - from;
	if (pr->cursor > to)
		pr->cursor -= to - from;
	else if (pr->cursor > from)
		pr->cursor = from;
}

static void
status_prompt_insert(struct tty_prompt *pr, const char *data, size_t n)
{
	pr->buf = xrealloc(pr->buf, pr->len + n + 1);
	memmove(pr->buf + pr->cursor + n, pr->buf + pr->cursor,
	    pr->len - pr->cursor + 1);
	memcpy(pr->buf + pr->cursor, data, n);
	pr->len += n;
	pr->cursor += n;
}

/*
 * The word around the cursor as tmux's status_prompt_replace_complete
 * finds it: from the character before the cursor back and forward to
 * spaces. 0 if there is none.
 */
static int
status_prompt_word(const struct tty_prompt *pr, size_t *first, size_t *last)
{
	size_t	idx = pr->cursor != 0 ? status_prompt_prev_char(pr, pr->cursor) : 0;
	size_t	f = idx, l = idx;

	while (f > 0 && pr->buf[f] != ' ')
		f = status_prompt_prev_char(pr, f);
	while (f < pr->len && pr->buf[f] == ' ')
		f++;
	while (l < pr->len && pr->buf[l] != ' ')
		l = status_prompt_next_char(pr, l);
	while (l > 0 && l < pr->len && pr->buf[l] == ' ')
		l = status_prompt_prev_char(pr, l);
	if (l < pr->len)
		l = status_prompt_next_char(pr, l);
	if (l < f)
		return (0);
	*first = f;
	*last = l;
	return (1);
}

/* The word around the cursor (or with whole, everything) becomes s. */
void
status_prompt_replace_word(struct client *c, const char *s, int whole)
{
	struct tty_prompt	*pr = c->tty != NULL ? c->tty->prompt : NULL;
	size_t			 first, last;

	if (pr == NULL)
		return;
	if (whole) {
		status_prompt_set_input(pr, s);
		tty_redraw_client(c);
		return;
	}
	if (!status_prompt_word(pr, &first, &last))
		return;
	status_prompt_delete(pr, first, last);
	pr->cursor = first;
	status_prompt_insert(pr, s, strlen(s));
	tty_redraw_client(c);
}

/* Tab: complete the word around the cursor (prompt-complete.c). */
static void
status_prompt_tab(struct client *c, struct tty_prompt *pr)
{
	size_t		 first, last, i;
	unsigned	 offset = 0;
	char		*word, *out;

	if (!status_prompt_word(pr, &first, &last) || last - first > 63)
		return;
	for (i = 0; i < first; i++)
		offset += (pr->buf[i] & 0xc0) != 0x80;
	word = xstrndup(pr->buf + first, last - first);
	out = prompt_complete(c, word, offset, pr->type,
	    tty_draw_text_width(pr->prompts[pr->idx]));
	xfree(word);
	if (out == NULL)
		return;
	/* The menu may have been opened: the prompt is still ours. */
	if (c->tty != NULL && c->tty->prompt == pr) {
		status_prompt_delete(pr, first, last);
		pr->cursor = first;
		status_prompt_insert(pr, out, strlen(out));
	}
	xfree(out);
}

/* A key while the prompt is up; name as tty_keys_next gives it. */
void
status_prompt_key(struct client *c, const char *name, const uint8_t *data,
    size_t len)
{
	struct tty_prompt	*pr = c->tty->prompt;
	const char		*hist;
	char			*old, prefix;
	size_t			 at;

	if (pr->flags & (TTY_PROMPT_SINGLE|TTY_PROMPT_CONFIRM)) {
		if (strcmp(name, "Escape") == 0 || strcmp(name, "C-c") == 0 ||
		    strcmp(name, "C-g") == 0 ||
		    ((pr->flags & TTY_PROMPT_CONFIRM) &&
		    strcmp(name, "y") != 0)) {
			if (pr->cb != NULL)
				status_prompt_callback(c, pr, NULL);
			else
				status_prompt_clear(c);
			return;
		}
		if (pr->flags & TTY_PROMPT_KEY)
			status_prompt_set_input(pr, name);
		else
			status_prompt_set_input(pr, (pr->flags & TTY_PROMPT_CONFIRM) ?
			    "y" : (const char *)name);
		status_prompt_accept(c, pr);
		return;
	}
	if (strcmp(name, "Enter") == 0 || strcmp(name, "C-m") == 0 ||
	    strcmp(name, "C-j") == 0) {
		if (*pr->buf != '\0')
			prompt_history_add(pr->type, pr->buf);
		if (pr->flags & TTY_PROMPT_INCREMENTAL)
			status_prompt_clear(c);	/* it ran as it was typed */
		else
			status_prompt_accept(c, pr);
		return;
	}
	if ((pr->flags & TTY_PROMPT_INCREMENTAL) &&
	    (strcmp(name, "C-s") == 0 || strcmp(name, "C-r") == 0)) {
		/* Again, or with nothing typed the last search's text. */
		prefix = name[2] == 's' ? '+' : '-';
		if (*pr->buf == '\0') {
			status_prompt_set_input(pr, pr->last);
			prefix = '=';
		}
		tty_redraw_client(c);
		status_prompt_incremental(c, pr, prefix);
		return;
	}
	if (strcmp(name, "Escape") == 0 || strcmp(name, "C-c") == 0 ||
	    strcmp(name, "C-g") == 0) {
		if (pr->cb != NULL)
			status_prompt_callback(c, pr, NULL);
		else
			status_prompt_clear(c);
		return;
	}
	old = xstrdup(pr->buf);
	if (strcmp(name, "BSpace") == 0 || strcmp(name, "C-h") == 0) {
		if (pr->cursor > 0)
			status_prompt_delete(pr, status_prompt_prev_char(pr, pr->cursor),
			    pr->cursor);
	} else if (strcmp(name, "DC") == 0 || strcmp(name, "C-d") == 0) {
		if (pr->cursor < pr->len)
			status_prompt_delete(pr, pr->cursor,
			    status_prompt_next_char(pr, pr->cursor));
	} else if (strcmp(name, "Left") == 0 || strcmp(name, "C-b") == 0)
		pr->cursor = status_prompt_prev_char(pr, pr->cursor);
	else if (strcmp(name, "Right") == 0 || strcmp(name, "C-f") == 0)
		pr->cursor = status_prompt_next_char(pr, pr->cursor);
	else if (strcmp(name, "Home") == 0 || strcmp(name, "C-a") == 0)
		pr->cursor = 0;
	else if (strcmp(name, "End") == 0 || strcmp(name, "C-e") == 0)
		pr->cursor = pr->len;
	else if (strcmp(name, "Up") == 0 || strcmp(name, "C-p") == 0) {
		if ((hist = prompt_history_up(&pr->hindex, pr->type)) != NULL)
			status_prompt_set_input(pr, hist);
	} else if (strcmp(name, "Down") == 0 || strcmp(name, "C-n") == 0)
		status_prompt_set_input(pr, prompt_history_down(&pr->hindex, pr->type));
	else if (strcmp(name, "Tab") == 0)
		status_prompt_tab(c, pr);
	else if (strcmp(name, "C-k") == 0)
		status_prompt_delete(pr, pr->cursor, pr->len);
	else if (strcmp(name, "C-u") == 0)
		status_prompt_delete(pr, 0, pr->cursor);
	else if (strcmp(name, "C-w") == 0) {
		at = pr->cursor;
		while (at > 0 && pr->buf[at - 1] == ' ')
			at--;
		while (at > 0 && pr->buf[at - 1] != ' ')
			at--;
		status_prompt_delete(pr, at, pr->cursor);
	} else if (len > 0 && data[0] >= 0x20 && data[0] != 0x7f) {
		if ((pr->flags & TTY_PROMPT_NUMERIC) &&
		    !isdigit((unsigned char)data[0])) {
			xfree(old);
			status_prompt_clear(c);
			return;
		}
		status_prompt_insert(pr, (const char *)data, len);
	}
	tty_redraw_client(c);
	if ((pr->flags & TTY_PROMPT_INCREMENTAL) && strcmp(old, pr->buf) != 0)
		status_prompt_incremental(c, pr, '=');
	xfree(old);
}
