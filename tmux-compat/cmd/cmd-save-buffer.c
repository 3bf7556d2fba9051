/*
 * save-buffer and load-buffer: a paste buffer to or from a file (relative
 * paths are the client's; "-" is the client's stdout or stdin, which the
 * client sends: client-stdin.c).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "engine/base/buf.h"
#include "engine/base/xmalloc.h"
#include "tmux-compat/client-stdin.h"
#include "tmux-compat/cmd-entries.h"
#include "tmux-compat/paste.h"
#include "tmux-compat/tmux.h"

static char *
cmd_save_buffer_path(struct cmdq_item *item, const char *path)
{
	char	*full;

	if (*path == '/' || item->client == NULL || item->client->cwd == NULL)
		return (xstrdup(path));
	xasprintf(&full, "%s/%s", item->client->cwd, path);
	return (full);
}

/* The buffer from data, as tmux: nothing at all is no buffer. */
static void
cmd_load_buffer_set(char *data, size_t len, const char *bufname)
{
	if (len == 0) {
		xfree(data);
		return;
	}
	if (bufname != NULL)
		paste_set(data, len, bufname);
	else
		paste_add(data, len);
}

/* The client's stdin, once read to its end (a waiting client goes on). */
static void
cmd_load_buffer_stdin_done(struct client *c, char *data, size_t len,
    int error, void *arg)
{
	char	*bufname = arg, *msg;
	int	 n;

	if (error != 0) {
		n = xasprintf(&msg, "-: %s\n", strerror(error));
		server_client_stderr(c, msg, (size_t)n);
		xfree(msg);
		c->retval = 1;
		xfree(data);
	} else
		cmd_load_buffer_set(data, len, bufname);
	xfree(bufname);
}

static enum cmd_retval
cmd_load_buffer_stdin(struct cmdq_item *item, const char *bufname)
{
	char	*name = bufname != NULL ? xstrdup(bufname) : NULL;

	switch (client_stdin_read(item->client, cmd_load_buffer_stdin_done,
	    name)) {
	case 0:
		return (CMD_RETURN_NORMAL);
	case 1:
		return (CMD_RETURN_WAIT);
	}
	cmdq_error(item, "-: %s", strerror(errno));
	xfree(name);
	return (CMD_RETURN_ERROR);
}

static enum cmd_retval
cmd_load_buffer(struct cmd *self, struct cmdq_item *item, const char *path)
{
	const char	*bufname = args_get(self->args, 'b');
	struct buf	 b;
	char		*full, *data, chunk[65536];
	ssize_t		 n;
	size_t		 len;
	int		 fd;

	if (strcmp(path, "-") == 0)
		return (cmd_load_buffer_stdin(item, bufname));
	full = cmd_save_buffer_path(item, path);
	if ((fd = open(full, O_RDONLY|O_CLOEXEC)) == -1) {
		cmdq_error(item, "%s: %s", path, strerror(errno));
		xfree(full);
		return (CMD_RETURN_ERROR);
	}
	xfree(full);
	buf_init(&b);
	while ((n = read(fd, chunk, sizeof chunk)) > 0)
		buf_add(&b, chunk, (size_t)n);
	close(fd);
	if (n < 0) {
		cmdq_error(item, "%s: %s", path, strerror(errno));
		buf_free(&b);
		return (CMD_RETURN_ERROR);
	}
	data = buf_take(&b, &len);
	cmd_load_buffer_set(data, len, bufname);
	return (CMD_RETURN_NORMAL);
}

static enum cmd_retval
cmd_save_buffer_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct paste_buffer	*pb;
	const char		*bufname = args_get(args, 'b');
	const char		*path = args_string(args, 0);
	char			*full;
	ssize_t			 n;
	size_t			 off = 0;
	int			 fd, flags;

	if (self->entry == &cmd_load_buffer_entry)
		return (cmd_load_buffer(self, item, path));

	if (bufname == NULL) {
		if ((pb = paste_first()) == NULL) {
			cmdq_error(item, "no buffers");
			return (CMD_RETURN_ERROR);
		}
	} else if ((pb = paste_get_name(bufname)) == NULL) {
		cmdq_error(item, "no buffer %s", bufname);
		return (CMD_RETURN_ERROR);
	}
	if (strcmp(path, "-") == 0) {
		cmdq_write(item, pb->data, pb->size);
		return (CMD_RETURN_NORMAL);
	}
	full = cmd_save_buffer_path(item, path);
	flags = O_WRONLY|O_CREAT|O_CLOEXEC;
	flags |= args_has(args, 'a') ? O_APPEND : O_TRUNC;
	fd = open(full, flags, 0644);
	xfree(full);
	if (fd == -1) {
		cmdq_error(item, "%s: %s", path, strerror(errno));
		return (CMD_RETURN_ERROR);
	}
	while (off < pb->size) {
		n = write(fd, pb->data + off, pb->size - off);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			cmdq_error(item, "%s: %s", path, strerror(errno));
			close(fd);
			return (CMD_RETURN_ERROR);
		}
		off += (size_t)n;
	}
	close(fd);
	return (CMD_RETURN_NORMAL);
}

const struct cmd_entry cmd_save_buffer_entry = {
	.name = "save-buffer",
	.alias = "saveb",
	.args = { "ab:", 1, 1 },
	.usage = "[-a] [-b buffer-name] path",
	.flags = CMD_AFTERHOOK,
	.exec = cmd_save_buffer_exec
};

const struct cmd_entry cmd_load_buffer_entry = {
	.name = "load-buffer",
	.alias = "loadb",
	.args = { "b:t:w", 1, 1 },
	.usage = "[-b buffer-name] [-t target-client] path",
	.flags = CMD_AFTERHOOK|CMD_CLIENT_TFLAG|CMD_CLIENT_CANFAIL,
	.exec = cmd_save_buffer_exec
};
