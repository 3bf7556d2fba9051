/*
 * capture-pane: a pane's screen and history as text (-p to stdout,
 * otherwise into a paste buffer). The text itself comes from engine/term;
 * this file maps tmux's flags onto it.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/buf.h"
#include "engine/base/xmalloc.h"
#include "engine/sys/pane-io.h"
#include "engine/term/vt.h"
#include "tmux-compat/paste.h"
#include "tmux-compat/tmux.h"

/*
 * -S/-E: "-" for the end, else a number after format expansion for the
 * pane fs (wait-pane reads its range the same way).
 */
void
cmd_capture_pane_line(struct cmdq_item *item, struct cmd_find_state *fs,
    struct args *args, unsigned char flag, long *value, int *set, int *all)
{
	const char	*s = args_get(args, flag);
	const char	*errstr;
	char		*expanded;
	long long	 n;

	*set = *all = 0;
	if (s == NULL)
		return;
	if (strcmp(s, "-") == 0) {
		*all = 1;
		return;
	}
	expanded = format_vars_for(item, fs, s, 0);
	n = strtonum(expanded, INT_MIN, SHRT_MAX, &errstr);
	xfree(expanded);
	if (errstr != NULL)
		return;
	*value = (long)n;
	*set = 1;
}

static enum cmd_retval
cmd_capture_pane_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct pane		*p = item->target.wp;
	struct vt_capture	 cap;
	struct buf		 out;
	const char		*cause = NULL;
	char			*data;
	size_t			 len;

	pane_io_drain(p);
	buf_init(&out);
	memset(&cap, 0, sizeof cap);
	if (args_has(args, 'e'))
		cap.flags |= VT_CAPTURE_ESCAPES;
	if (args_has(args, 'C'))
		cap.flags |= VT_CAPTURE_OCTAL;
	if (args_has(args, 'J'))
		cap.flags |= VT_CAPTURE_JOIN;
	if (args_has(args, 'N'))
		cap.flags |= VT_CAPTURE_TRAILING;
	if (args_has(args, 'a'))
		cap.flags |= VT_CAPTURE_ALTERNATE;
	if (args_has(args, 'q'))
		cap.flags |= VT_CAPTURE_QUIET;

	if (args_has(args, 'P'))
		vt_screen_capture_pending(p->screen, cap.flags, &out);
	else {
		cmd_capture_pane_line(item, &item->target, args, 'S',
		    &cap.start, &cap.start_set, &cap.start_all);
		cmd_capture_pane_line(item, &item->target, args, 'E',
		    &cap.end, &cap.end_set, &cap.end_all);
		if (vt_screen_capture(p->screen, &cap, &out, &cause) != 0) {
			buf_free(&out);
			if (cause != NULL)
				cmdq_error(item, "%s", cause);
			return (cause != NULL ? CMD_RETURN_ERROR :
			    CMD_RETURN_NORMAL);
		}
	}

	if (args_has(args, 'p')) {
		/* tmux prints the text without its last newline, then one. */
		len = out.len;
		if (len > 0 && buf_data(&out)[len - 1] == '\n')
			len--;
		cmdq_write(item, buf_data(&out), len);
		cmdq_write(item, "\n", 1);
		buf_free(&out);
		return (CMD_RETURN_NORMAL);
	}
	data = buf_take(&out, &len);
	/* -b last on the line has no name: a new automatic buffer. */
	if (args_get(args, 'b') != NULL)
		paste_set(data, len, args_get(args, 'b'));
	else
		paste_add(data, len);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_capture_pane_entry = {
	.name = "capture-pane",
	.alias = "capturep",
	.args = { "ab:CeE:JNpPqS:t:", 0, 0 },
	.usage = "[-aCeJNpPq] [-b buffer-name] [-E end-line] "
	    "[-S start-line] [-t target-pane]",
	.target = { 't', CMD_FIND_PANE, 0 },
	.flags = CMD_AFTERHOOK|CMD_NOCHANGE|CMD_READS_PANE,
	.exec = cmd_capture_pane_exec
};
