/*
 * if-shell: run the first command if a shell command succeeds (or with -F
 * if a format is true), else the second; the chosen one is parsed with the
 * config language and runs for the same client.
 */
#include <sys/wait.h>

#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/cmd-parse.h"
#include "tmux-compat/tmux.h"

struct if_shell_data {
	char		*then_cmd;
	char		*else_cmd;
	char		*file;		/* where the if-shell came from */
	unsigned	 line;
	int		 background;
};

/*
 * Parse and run cmd for c, as from file:line (tmux parses it so: its
 * errors and those of its commands name the if-shell's line). A parse
 * error goes to the client, or with no client becomes a cause when
 * report is set. 1 if it failed.
 */
static int
if_shell_run(struct client *c, const char *cmd, const char *file,
    unsigned line, int report)
{
	struct cmd_parse_input	 pi;
	struct cmd_parse_result	 pr;
	const char		*where = file;
	unsigned		 at = line;
	int			 failed = 1;

	memset(&pi, 0, sizeof pi);
	pi.file = file;
	pi.line = line;
	cfg_swap_source(&where, &at);
	cmd_parse_from_string(cmd, &pi, &pr);
	if (pr.status == CMD_PARSE_ERROR) {
		if (c != NULL) {
			server_client_stderr(c, pr.error, strlen(pr.error));
			server_client_stderr(c, "\n", 1);
		} else if (report)
			cfg_add_error(pr.error);
		xfree(pr.error);
	} else {
		failed = cmdq_run(c, pr.cmdlist);
		cmd_parse_result_free(&pr);
	}
	cfg_swap_source(&where, &at);
	return (failed);
}

static void
if_shell_done(struct client *c, int status, struct buf *out, void *arg)
{
	struct if_shell_data	*d = arg;
	const char		*cmd;

	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		cmd = d->then_cmd;
	else
		cmd = d->else_cmd;
	/* tmux drops the parse error of a job nobody waited for (-b). */
	if (cmd != NULL && if_shell_run(c, cmd, d->file, d->line,
	    !d->background) && c != NULL)
		c->retval = 1;
	xfree(d->then_cmd);
	xfree(d->else_cmd);
	xfree(d->file);
	xfree(d);
}

static enum cmd_retval
cmd_if_shell_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct if_shell_data	*d;
	char			*shellcmd;
	const char		*cmd, *file;
	unsigned		 line;
	int			 count = args_count(args);

	shellcmd = format_vars_for(item, &item->target, args_string(args, 0), 0);
	cfg_get_source(&file, &line);
	if (args_has(args, 'F')) {
		if (*shellcmd != '0' && *shellcmd != '\0')
			cmd = args_string(args, 1);
		else if (count == 3)
			cmd = args_string(args, 2);
		else
			cmd = NULL;
		xfree(shellcmd);
		if (cmd == NULL)
			return (CMD_RETURN_NORMAL);
		return (if_shell_run(item->client, cmd, file, line, 1) ?
		    CMD_RETURN_ERROR : CMD_RETURN_NORMAL);
	}
	d = xcalloc(1, sizeof *d);
	d->then_cmd = xstrdup(args_string(args, 1));
	if (count == 3)
		d->else_cmd = xstrdup(args_string(args, 2));
	d->file = file != NULL ? xstrdup(file) : NULL;
	d->line = line;
	d->background = args_has(args, 'b');
	if (cmd_job_run(item, shellcmd, args_has(args, 'b'), if_shell_done,
	    d) != 0) {
		cmdq_error(item, "failed to run command: %s", shellcmd);
		xfree(shellcmd);
		xfree(d->then_cmd);
		xfree(d->else_cmd);
		xfree(d->file);
		xfree(d);
		return (CMD_RETURN_ERROR);
	}
	xfree(shellcmd);
	if (args_has(args, 'b'))
		return (CMD_RETURN_NORMAL);
	return (CMD_RETURN_WAIT);
}

const struct cmd_entry cmd_if_shell_entry = {
	.name = "if-shell",
	.alias = "if",
	.args = { "bFt:", 2, 3 },
	.usage = "[-bF] [-t target-pane] shell-command command [command]",
	.target = { 't', CMD_FIND_PANE, CMD_FIND_CANFAIL },
	.flags = 0,
	.exec = cmd_if_shell_exec
};
