/*
 * grep-panes (a zeropty extension): search the screens of every pane of
 * a session, or of the server, at once, as grep searches files.
 *
 *   grep-panes [-acil] [-m max] [-S start-line] [-F format]
 *       [-t target-session] [-e regex | string]
 *
 * Each matching line is printed as "session:window.pane:line: text"
 * (line as capture-pane numbers them: 0 is the top of the visible
 * screen, history lines are negative). -e takes a POSIX extended regex,
 * a plain argument a fixed string; -i ignores case; -S searches from that
 * line of the history on ("-" for all of it) instead of the visible
 * screen only; -c prints a count per pane, -l only the panes that match;
 * -m stops after max matches in a pane; -F replaces the pane's
 * "session:window.pane" with the format. -a searches every session.
 * The exit status is 0 if anything matched and 1 if not, as grep's.
 *
 * Folded screens are read from a decoded copy and stay folded
 * (vt_screen_capture), so a search of a thousand quiet agents costs no
 * memory after it.
 */
#include <sys/types.h>

#include <ctype.h>
#include <limits.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/base/buf.h"
#include "engine/base/xmalloc.h"
#include "engine/model/model.h"
#include "engine/sys/pane-io.h"
#include "engine/term/vt.h"
#include "tmux-compat/options.h"
#include "tmux-compat/regcomp-limit.h"
#include "tmux-compat/tmux.h"

struct grep_panes {
	struct cmdq_item	*item;
	const char		*string;
	regex_t			 re;
	int			 regex, icase, count, list;
	long			 max;		/* 0: no limit */
	long			 matched;	/* lines, all panes */
};

static int
grep_panes_match(struct grep_panes *g, const char *line)
{
	if (g->regex)
		return (regexec(&g->re, line, 0, NULL, 0) == 0);
	if (g->icase)
		return (strcasestr(line, g->string) != NULL);
	return (strstr(line, g->string) != NULL);
}

/* "session:window.pane", or the -F format, for the pane. */
static char *
grep_panes_name(struct grep_panes *g, struct winlink *wl, struct pane *p)
{
	struct cmd_find_state	 fs;
	const char		*fmt = args_get(g->item->cmd->args, 'F');
	char			*s;

	if (fmt != NULL) {
		cmd_find_from_winlink(&fs, wl);
		cmd_find_from_pane(&fs, p);
		return (format_vars_for(g->item, &fs, fmt, 0));
	}
	xasprintf(&s, "%s:%d.%u", wl->session->name, wl->idx,
	    window_pane_index(p) + (unsigned)options_window_number(wl->window,
	    "pane-base-index"));
	return (s);
}

static void
grep_panes_pane(struct grep_panes *g, struct winlink *wl, struct pane *p)
{
	struct args		*args = g->item->cmd->args;
	struct vt_capture	 cap;
	struct vt_state		 st;
	struct buf		 out;
	const char		*s = args_get(args, 'S'), *cause = NULL, *errstr;
	char			*text, *line, *next, *name = NULL;
	long			 n = 0, number;

	pane_io_drain(p);
	memset(&cap, 0, sizeof cap);
	number = 0;
	if (s != NULL) {
		vt_screen_state(p->screen, &st);
		if (strcmp(s, "-") == 0) {
			cap.start_all = 1;
			number = -(long)st.history_size;
		} else {
			cap.start = (long)strtonum(s, INT_MIN, SHRT_MAX,
			    &errstr);
			if (errstr == NULL) {
				cap.start_set = 1;
				number = cap.start;
				if (number < -(long)st.history_size)
					number = -(long)st.history_size;
			}
		}
	}
	buf_init(&out);
	if (vt_screen_capture(p->screen, &cap, &out, &cause) != 0) {
		buf_free(&out);
		return;
	}
	buf_add(&out, "", 1);
	text = (char *)buf_data(&out);
	for (line = text; *line != '\0'; line = next, number++) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		else
			next = line + strlen(line);
		if (!grep_panes_match(g, line))
			continue;
		n++;
		if (name == NULL)
			name = grep_panes_name(g, wl, p);
		if (!g->count && !g->list)
			cmdq_print(g->item, "%s:%ld: %s", name, number, line);
		if (g->list || (g->max != 0 && n >= g->max))
			break;
	}
	if (g->count) {
		if (name == NULL)
			name = grep_panes_name(g, wl, p);
		cmdq_print(g->item, "%s: %ld", name, n);
	} else if (g->list && n != 0)
		cmdq_print(g->item, "%s", name);
	g->matched += n;
	xfree(name);
	buf_free(&out);
}

static void
grep_panes_session(struct grep_panes *g, struct session *s)
{
	struct winlink	*wl;
	struct pane	*p;

	TAILQ_FOREACH(wl, &s->windows, entry) {
		TAILQ_FOREACH(p, &wl->window->panes, entry)
			grep_panes_pane(g, wl, p);
	}
}

static enum cmd_retval
cmd_grep_panes_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct grep_panes	 g;
	struct session		*s;
	const char		*errstr;
	char			 errbuf[256];
	int			 rc;

	memset(&g, 0, sizeof g);
	g.item = item;
	g.icase = args_has(args, 'i');
	g.count = args_has(args, 'c');
	g.list = args_has(args, 'l');
	if (args_has(args, 'm')) {
		g.max = (long)strtonum(args_get(args, 'm') != NULL ?
		    args_get(args, 'm') : "", 1, INT_MAX, &errstr);
		if (errstr != NULL) {
			cmdq_error(item, "-m %s", errstr);
			return (CMD_RETURN_ERROR);
		}
	}
	if (args_get(args, 'e') != NULL) {
		if (args_count(args) != 0) {
			cmdq_error(item, "-e and a string cannot be used "
			    "together");
			return (CMD_RETURN_ERROR);
		}
		rc = regcomp_limit(&g.re, args_get(args, 'e'),
		    REG_EXTENDED|REG_NOSUB|(g.icase ? REG_ICASE : 0));
		if (rc != 0) {
			regerror(rc, &g.re, errbuf, sizeof errbuf);
			cmdq_error(item, "bad regular expression: %s", errbuf);
			return (CMD_RETURN_ERROR);
		}
		g.regex = 1;
	} else if (args_count(args) == 1)
		g.string = args_string(args, 0);
	else {
		cmdq_error(item, "no string or regular expression");
		return (CMD_RETURN_ERROR);
	}

	if (args_has(args, 'a')) {
		TAILQ_FOREACH(s, &model_sessions, entry)
			grep_panes_session(&g, s);
	} else
		grep_panes_session(&g, item->target.s);
	if (g.regex)
		regfree(&g.re);
	/* grep's status: 1 when nothing matched, with nothing said. */
	if (g.matched == 0)
		return (CMD_RETURN_ERROR);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_grep_panes_entry = {
	.name = "grep-panes",
	.alias = NULL,
	.args = { "ace:F:ilm:S:t:", 0, 1 },
	.usage = "[-acil] [-m max] [-S start-line] [-F format] "
	    "[-t target-session] [-e regex|string]",
	.target = { 't', CMD_FIND_SESSION, 0 },
	.flags = CMD_NOCHANGE,
	.exec = cmd_grep_panes_exec
};
