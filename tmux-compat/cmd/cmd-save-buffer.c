/*
 * save-buffer and load-buffer: a paste buffer to or from a file (relative
 * paths are the client's; "-" is the client's stdout or stdin). As tmux
 * does, a command client opens the file itself with its own rights
 * (client-file.c); with no client, or for an attached or control client,
 * the server opens it.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "engine/base/buf.h"
#include "engine/base/xmalloc.h"
#include "tmux-compat/client-file.h"
#include "tmux-compat/cmd-entries.h"
#include "tmux-compat/paste.h"
#include "tmux-compat/tmux.h"

/* The most load-buffer reads in the server, as from a client. */
#define CMD_LOAD_BUFFER_MAX	((size_t)256 << 20)

/* The absolute path, as tmux's file_get_path (its errors name it). */
static char *
cmd_save_buffer_path(struct cmdq_item *item, const char *path)
{
	char	*full;

	if (*path == '/')
		return (xstrdup(path));
	xasprintf(&full, "%s/%s", server_client_get_cwd(item->client, NULL),
	    path);
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

/* What a waiting command says once its client has read or written. */
struct cmd_save_buffer_wait {
	char	*path;		/* for errors: "-" or the absolute path */
	char	*bufname;
};

static void
cmd_save_buffer_wait_error(struct client *c, const char *path, int error)
{
	char	*msg;
	int	 n;

	n = xasprintf(&msg, "%s: %s\n", path, strerror(error));
	server_client_stderr(c, msg, (size_t)n);
	xfree(msg);
	c->retval = 1;
}

/* The client's stdin or file, once read to its end. */
static void
cmd_load_buffer_done(struct client *c, char *data, size_t len, int error,
    void *arg)
{
	struct cmd_save_buffer_wait	*w = arg;

	if (c == NULL)
		xfree(data);
	else if (error != 0) {
		cmd_save_buffer_wait_error(c, w->path, error);
		xfree(data);
	} else
		cmd_load_buffer_set(data, len, w->bufname);
	xfree(w->path);
	xfree(w->bufname);
	xfree(w);
}

/* The client's file, once written. */
static void
cmd_save_buffer_done(struct client *c, int error, void *arg)
{
	struct cmd_save_buffer_wait	*w = arg;

	if (c != NULL && error != 0)
		cmd_save_buffer_wait_error(c, w->path, error);
	xfree(w->path);
	xfree(w->bufname);
	xfree(w);
}

static struct cmd_save_buffer_wait *
cmd_save_buffer_wait_new(char *path, const char *bufname)
{
	struct cmd_save_buffer_wait	*w;

	w = xcalloc(1, sizeof *w);
	w->path = path;
	w->bufname = bufname != NULL ? xstrdup(bufname) : NULL;
	return (w);
}

/* Read the file in the server (no client, or an attached or control one). */
static enum cmd_retval
cmd_load_buffer_local(struct cmdq_item *item, const char *full,
    const char *bufname)
{
	struct buf	 b;
	char		*data, chunk[65536];
	ssize_t		 n;
	size_t		 len;
	int		 fd;

	if ((fd = open(full, O_RDONLY|O_CLOEXEC)) == -1) {
		cmdq_error(item, "%s: %s", full, strerror(errno));
		return (CMD_RETURN_ERROR);
	}
	buf_init(&b);
	while ((n = read(fd, chunk, sizeof chunk)) > 0) {
		if ((size_t)n > CMD_LOAD_BUFFER_MAX - b.len) {
			errno = ENOMEM;
			n = -1;
			break;
		}
		buf_add(&b, chunk, (size_t)n);
	}
	close(fd);
	if (n < 0) {
		/* tmux's words for any failed read (fread). */
		if (errno != ENOMEM)
			errno = EIO;
		cmdq_error(item, "%s: %s", full, strerror(errno));
		buf_free(&b);
		return (CMD_RETURN_ERROR);
	}
	data = buf_take(&b, &len);
	cmd_load_buffer_set(data, len, bufname);
	return (CMD_RETURN_NORMAL);
}

static enum cmd_retval
cmd_load_buffer(struct cmd *self, struct cmdq_item *item, const char *path)
{
	struct cmd_save_buffer_wait	*w;
	const char			*bufname = args_get(self->args, 'b');
	char				*full;
	enum cmd_retval			 retval;
	int				 stdin_read = strcmp(path, "-") == 0;

	full = stdin_read ? xstrdup("-") : cmd_save_buffer_path(item, path);
	switch (stdin_read ? 1 : client_file_where(item)) {
	case 0:
		retval = cmd_load_buffer_local(item, full, bufname);
		xfree(full);
		return (retval);
	case -1:
		cmdq_error(item, "%s: %s", full, strerror(EACCES));
		xfree(full);
		return (CMD_RETURN_ERROR);
	}
	if (!item->can_wait) {
		/* Stdin read for a list that would not wait: never read. */
		cmdq_error(item, "%s: %s", full, strerror(EBADF));
		xfree(full);
		return (CMD_RETURN_ERROR);
	}
	w = cmd_save_buffer_wait_new(full, bufname);
	if (client_file_read(item->client, stdin_read ? NULL : full,
	    cmd_load_buffer_done, w) == 1)
		return (CMD_RETURN_WAIT);
	cmdq_error(item, "%s: %s", full, strerror(errno));
	xfree(w->bufname);
	xfree(w);
	xfree(full);
	return (CMD_RETURN_ERROR);
}

/* Write the file in the server (no client, or an attached or control one). */
static enum cmd_retval
cmd_save_buffer_local(struct cmdq_item *item, const char *full,
    struct paste_buffer *pb, int append)
{
	ssize_t	n;
	size_t	off = 0;
	int	fd, flags;

	flags = O_WRONLY|O_CREAT|O_CLOEXEC;
	flags |= append ? O_APPEND : O_TRUNC;
	if ((fd = open(full, flags, 0644)) == -1) {
		cmdq_error(item, "%s: %s", full, strerror(errno));
		return (CMD_RETURN_ERROR);
	}
	while (off < pb->size) {
		n = write(fd, pb->data + off, pb->size - off);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			/* tmux's words for any failed write (fwrite). */
			cmdq_error(item, "%s: %s", full, strerror(EIO));
			close(fd);
			return (CMD_RETURN_ERROR);
		}
		off += (size_t)n;
	}
	close(fd);
	return (CMD_RETURN_NORMAL);
}

static enum cmd_retval
cmd_save_buffer_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args			*args = self->args;
	struct paste_buffer		*pb;
	struct cmd_save_buffer_wait	*w;
	const char			*bufname = args_get(args, 'b');
	const char			*path = args_string(args, 0);
	char				*full;
	enum cmd_retval			 retval;
	int				 append = args_has(args, 'a');

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
	switch (client_file_where(item)) {
	case 0:
		retval = cmd_save_buffer_local(item, full, pb, append);
		xfree(full);
		return (retval);
	case -1:
		cmdq_error(item, "%s: %s", full, strerror(EACCES));
		xfree(full);
		return (CMD_RETURN_ERROR);
	}
	w = cmd_save_buffer_wait_new(full, NULL);
	if (client_file_write(item->client, full, append, pb->data, pb->size,
	    cmd_save_buffer_done, w) == 1)
		return (CMD_RETURN_WAIT);
	cmdq_error(item, "%s: %s", full, strerror(errno));
	xfree(w);
	xfree(full);
	return (CMD_RETURN_ERROR);
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
