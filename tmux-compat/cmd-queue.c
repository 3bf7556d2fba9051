/*
 * Running a command list for a client: resolve each command's -t/-s
 * targets as its entry declares, run it, route its output (cmdq_print to
 * stdout, cmdq_error to stderr), stop at the first failure.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/xmalloc.h"
#include "engine/sys/pane-io.h"
#include "tmux-compat/cmd-parse.h"
#include "tmux-compat/control.h"
#include "tmux-compat/hooks.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"
#include "tmux-compat/pane-settle.h"

/* Non-UTF-8 clients see "_" for anything but printable ASCII (tmux). */
char *
cmdq_sanitize(const char *src)
{
	char		*dst = xmalloc(strlen(src) + 1), *d = dst;
	const uint8_t	*s = (const uint8_t *)src;

	while (*s != '\0') {
		if (*s >= 0x20 && *s <= 0x7e) {
			*d++ = (char)*s++;
			continue;
		}
		if (*s == '\n' || *s == '\t') {
			*d++ = (char)*s++;
			continue;
		}
		/* One "_" per character: skip a whole UTF-8 sequence. */
		*d++ = '_';
		if (*s >= 0xc0) {
			s++;
			while ((*s & 0xc0) == 0x80)
				s++;
		} else
			s++;
	}
	*d = '\0';
	return (dst);
}

void
cmdq_write(struct cmdq_item *item, const void *data, size_t len)
{
	if (item->client != NULL)
		server_client_stdout(item->client, data, len);
}

void
cmdq_print(struct cmdq_item *item, const char *fmt, ...)
{
	va_list		 ap;
	char		*msg = NULL, *clean = NULL;
	const char	*line;

	/*
	 * A line as it is ("%s", each line of a list): through vasprintf,
	 * copying a 122-field libtmux line was 8 % of list-panes -a
	 * (callgrind).
	 */
	va_start(ap, fmt);
	if (strcmp(fmt, "%s") == 0) {
		line = va_arg(ap, const char *);
		if (line == NULL)
			line = "(null)";
	} else {
		xvasprintf(&msg, fmt, ap);
		line = msg;
	}
	va_end(ap);
	if (item->client == NULL) {
		xfree(msg);
		return;
	}
	if (~item->client->flags & CLIENT_UTF8)
		line = clean = cmdq_sanitize(line);
	server_client_stdout(item->client, line, strlen(line));
	server_client_stdout(item->client, "\n", 1);
	xfree(clean);
	xfree(msg);
}

void
cmdq_error(struct cmdq_item *item, const char *fmt, ...)
{
	va_list	 ap;
	char	*msg;

	va_start(ap, fmt);
	xvasprintf(&msg, fmt, ap);
	va_end(ap);
	item->failed = 1;
	/* An attached client's errors are logged as its status line shows. */
	if (item->client != NULL && item->client->tty == NULL)
		message_log_add_client(item->client, "message", msg);
	if (item->client != NULL) {
		server_client_stderr(item->client, msg, strlen(msg));
		server_client_stderr(item->client, "\n", 1);
		/* A command client exits 1 even if the list goes on (hooks). */
		if (server_client_session(item->client) == NULL)
			item->client->retval = 1;
	} else
		cfg_add_error(msg);
	xfree(msg);
}

/* Resolve one of the entry's target flags into fs. */
static int
cmdq_prepare_flag(struct cmdq_item *item, const struct cmd_entry_flag *flag,
    struct cmd_find_state *fs)
{
	const char	*value;

	memset(fs, 0, sizeof *fs);
	fs->idx = -1;
	if (flag->flag == 0)
		return (0);
	value = args_get(item->cmd->args, (unsigned char)flag->flag);
	if (cmd_find_target(fs, item, value, flag->type, flag->flags) != 0) {
		if (flag->flags & CMD_FIND_CANFAIL)
			return (0);
		return (-1);
	}
	return (0);
}

/* An attached client by name ("client-PID" or its tty path). */
struct client *
cmdq_find_client(const char *name)
{
	struct client		*c;
	struct tty_client	*tc;
	const char		*cname;

	for (tc = tty_first(); tc != NULL; tc = tty_next(tc)) {
		c = tc->c;
		if (c->ttyname != NULL && (strcmp(c->ttyname, name) == 0 ||
		    (strncmp(c->ttyname, "/dev/", 5) == 0 &&
		    strcmp(c->ttyname + 5, name) == 0)))
			return (c);
	}
	for (c = control_first(); c != NULL; c = control_next(c)) {
		if (control_session(c) == NULL)
			continue;
		cname = control_name(c);
		if (strcmp(cname, name) == 0)
			return (c);
		if (strncmp(cname, "/dev/", 5) == 0 &&
		    strcmp(cname + 5, name) == 0)
			return (c);
	}
	return (NULL);
}

/*
 * The target client (-c or -t of commands that act on an attached client).
 * Without one, the current client: tmux's best attached client, control
 * clients included.
 */
static int
cmdq_prepare_client(struct cmdq_item *item)
{
	const struct cmd_entry	*entry = item->cmd->entry;
	const char		*value;
	unsigned char		 flag;
	struct client		*c;

	if (entry->flags & CMD_CLIENT_CFLAG)
		flag = 'c';
	else if (entry->flags & CMD_CLIENT_TFLAG)
		flag = 't';
	else
		return (0);
	value = args_get(item->cmd->args, flag);
	if (value == NULL && (c = cmd_find_current_client(item)) != NULL) {
		item->target_client = c;
		return (0);
	}
	if (value != NULL && (c = cmdq_find_client(value)) != NULL) {
		item->target_client = c;
		return (0);
	}
	if (entry->flags & CMD_CLIENT_CANFAIL)
		return (0);
	if (value == NULL)
		cmdq_error(item, "no current client");
	else
		cmdq_error(item, "can't find client: %s", value);
	return (-1);
}

static int	cmdq_run_from1(struct client *, struct cmd_list *,
		    struct cmd *);

/*
 * A command client's command that reads a pane just made or sent keys
 * waits for it to settle (pane-settle.c): the list goes on from cmd
 * later. Control clients and lists run by commands do not wait.
 */
static int
cmdq_settle_wait(struct client *c, struct cmd_list *list, struct cmd *cmd,
    struct cmdq_item *item)
{
	if (~cmd->entry->flags & CMD_READS_PANE)
		return (0);
	if (c == NULL || (c->flags & CLIENT_CONTROL) || c->wait_list != list)
		return (0);
	if (item->target.wp == NULL || !pane_settle_busy(item->target.wp))
		return (0);
	c->wait_next = cmd;
	c->settle_cmd = cmd;
	pane_settle_wait(c);
	return (1);
}

/* The current state commands run with, when set (hooks, if-shell). */
static const struct cmd_find_state	*cmdq_current;

void
cmdq_set_current(const struct cmd_find_state *fs)
{
	cmdq_current = fs;
}

/* Commands running now: lists they run are theirs (cmdq_run_list). */
static int	cmdq_depth;
/* The startup files' list now running, and where it goes on after a wait. */
static struct cmd_list	*cmdq_cfg_list;
static struct cmd	*cmdq_cfg_next;

/*
 * Run commands from cmd on. A command returning CMD_RETURN_WAIT pauses a
 * command client's list (CMDQ_WAITING): the rest runs on cmdq_continue.
 */
static int
cmdq_run_from(struct client *c, struct cmd_list *list, struct cmd *cmd)
{
	int	retval;

	cmdq_depth++;
	retval = cmdq_run_from1(c, list, cmd);
	cmdq_depth--;
	return (retval);
}

static int
cmdq_run_from1(struct client *c, struct cmd_list *list, struct cmd *cmd)
{
	struct cmdq_item	 item;
	struct session		*s;
	enum cmd_retval		 rv;

	for (; cmd != NULL; cmd = cmd->next) {
		memset(&item, 0, sizeof item);
		item.client = c;
		item.cmd = cmd;
		/* A read-only client's own commands start no #() jobs. */
		item.nojobs = cmdq_depth == 1 && server_client_readonly(c);
		/* Only a command client's own list waits (not hooks'...). */
		item.can_wait = c != NULL && (~c->flags & CLIENT_CONTROL) &&
		    c->wait_list == list;
		if (cmdq_current != NULL && cmdq_current->s != NULL)
			item.current = *cmdq_current;
		else
			cmd_find_current(&item.current, &item, 1);
		if ((s = server_client_session(c)) != NULL)
			cmd_find_from_session(&item.current, s);
		/* Said once, not again when it ran after a wait. */
		if (c != NULL && c->settle_cmd != cmd) {
			char	*text = cmd_print(cmd);

			message_log_add_client(c, "command", text);
			xfree(text);
		}
		if (c != NULL)
			c->settle_cmd = NULL;
		if (cmdq_prepare_client(&item) != 0)
			return (1);
		if (cmdq_prepare_flag(&item, &cmd->entry->source,
		    &item.source) != 0)
			return (1);
		if (cmdq_prepare_flag(&item, &cmd->entry->target,
		    &item.target) != 0)
			return (1);
		if (cmdq_settle_wait(c, list, cmd, &item))
			return (CMDQ_WAITING);
		pane_io_snapshot_begin();
		rv = cmd->entry->exec(cmd, &item);
		pane_io_snapshot_end();
		if (rv == CMD_RETURN_ERROR || item.failed)
			return (1);
		/* The command runs again when its waiter says (wait-pane). */
		if (rv == CMD_RETURN_RETRY) {
			if (c == NULL || (c->flags & CLIENT_CONTROL) ||
			    c->wait_list != list)
				return (1);
			c->wait_next = cmd;
			c->settle_cmd = cmd;
			return (CMDQ_WAITING);
		}
		hooks_run_after(&item);
		if (rv == CMD_RETURN_STOP)
			break;
		if (rv == CMD_RETURN_WAIT && c != NULL &&
		    (~c->flags & CLIENT_CONTROL) && c->wait_list == list) {
			c->wait_next = item.again ? cmd : cmd->next;
			return (CMDQ_WAITING);
		}
		/*
		 * The startup files and source-file's wait for their jobs as
		 * tmux's queue (a command client's only while its own list
		 * waits for them).
		 */
		if (rv == CMD_RETURN_WAIT && list == cmdq_cfg_list &&
		    (c == NULL ? cmd_job_cfg_waited() != 0 :
		    (~c->flags & CLIENT_CONTROL) && c->wait_list != NULL)) {
			cmdq_cfg_next = cmd->next;
			return (CMDQ_WAITING);
		}
	}
	return (0);
}

/*
 * Every list a client's input runs comes here: its command line on the
 * socket, a control-mode line (one command a list, as each has its own
 * block), a key or mouse binding, a prompt's, menu's or tree mode's
 * command. The one read-only check is here: a read-only client runs a
 * list only if every command of it is marked CMD_READONLY (tmux's
 * "client is read-only"). A list run by a command that is running (hooks,
 * if-shell, source-file) is not the client's input and was let in with it.
 */
static int
cmdq_run_list(struct client *c, struct cmd_list *list)
{
	struct cmdq_item	item;

	if (cmdq_depth == 0 && server_client_readonly(c) &&
	    !cmd_list_all_have(list, CMD_READONLY)) {
		memset(&item, 0, sizeof item);
		item.client = c;
		item.cmd = list->first;
		cmdq_error(&item, "client is read-only");
		return (1);
	}
	return (cmdq_run_from(c, list, list->first));
}

/* Whether a command of the list (from cmd on) may change the model. */
static int
cmdq_list_changes(struct cmd *cmd)
{
	const char	*name;

	for (; cmd != NULL; cmd = cmd->next) {
		if (cmd->entry->flags & CMD_NOCHANGE)
			continue;
		if ((cmd->entry->flags & CMD_NOCHANGE_USER) &&
		    args_count(cmd->args) != 0 &&
		    (name = args_string(cmd->args, 0)) != NULL && *name == '@')
			continue;
		return (1);
	}
	return (0);
}

/*
 * A command client's own list: it may wait (the server keeps the list
 * in the client and does not send the exit yet).
 */
int
cmdq_run_client(struct client *c, struct cmd_list *list)
{
	int	retval;

	c->wait_list = list;
	retval = cmdq_run_list(c, list);
	if (cmdq_list_changes(list->first))
		notify_changed();
	tty_redraw_all();
	if (retval != CMDQ_WAITING)
		c->wait_list = NULL;
	/* A command's own exit status (source-file, run-shell) if none failed. */
	if (retval == 0 && c->retval != 0)
		retval = c->retval;
	return (retval);
}

void
cmdq_continue(struct client *c)
{
	struct cmd_list	*list;
	int		 retval;

	if (cmd_source_file_continue(c))
		return;
	if ((list = c->wait_list) == NULL)
		return;
	retval = cmdq_run_from(c, list, c->wait_next);
	notify_changed();
	tty_redraw_all();
	if (retval == CMDQ_WAITING)
		return;
	c->wait_list = NULL;
	c->wait_next = NULL;
	cmd_list_free(list);
	/* A job's exit status (run-shell) when nothing failed after it. */
	if (retval == 0 && c->retval != 0)
		retval = c->retval;
	/* A list that attached the client (the starter held by server.c). */
	if (c->tty == NULL && !c->exiting)
		server_client_finish(c, retval);
}

/* Control clients hear about what the commands changed (notify.c). */
int
cmdq_run(struct client *c, struct cmd_list *list)
{
	int	retval;

	retval = cmdq_run_list(c, list);
	if (cmdq_list_changes(list->first))
		notify_changed();
	tty_redraw_all();
	return (retval);
}

/*
 * Run a file's list from cmd on for c (NULL: a startup file's): a command
 * whose job the files must wait for (if-shell, run-shell) pauses it;
 * CMDQ_WAITING with *next the command to go on from (NULL: the list is
 * done).
 */
int
cmdq_run_cfg(struct client *c, struct cmd_list *list, struct cmd *cmd,
    struct cmd **next)
{
	struct cmd_list	*old_list = cmdq_cfg_list;
	struct cmd	*old_next = cmdq_cfg_next;
	int		 retval;

	cmdq_cfg_list = list;
	cmdq_cfg_next = NULL;
	retval = cmdq_run_from(c, list, cmd);
	*next = cmdq_cfg_next;
	/* source-file runs its files inside another list's command. */
	cmdq_cfg_list = old_list;
	cmdq_cfg_next = old_next;
	if (cmdq_list_changes(cmd))
		notify_changed();
	tty_redraw_all();
	return (retval);
}
