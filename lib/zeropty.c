/*
 * libzeropty (zeropty.h): the command protocol for zp_run, control mode
 * on the socket for zp_open. Only libc: the frame layout and the control
 * greeting come from tmux-compat/proto.h, a header with no code.
 */
#include <sys/socket.h>
#include <sys/un.h>

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lib/zeropty.h"
#include "tmux-compat/proto.h"

extern char	**environ;

/* Growable bytes. */
struct zp_buf {
	char	*data;
	size_t	 len;
	size_t	 size;
};

static int
zp_buf_add(struct zp_buf *b, const void *data, size_t len)
{
	char	*p;
	size_t	 want = b->len + len + 1;

	if (want > b->size) {
		if (want < 256)
			want = 256;
		if (want < b->size * 2)
			want = b->size * 2;
		if ((p = realloc(b->data, want)) == NULL)
			return (-1);
		b->data = p;
		b->size = want;
	}
	memcpy(b->data + b->len, data, len);
	b->len += len;
	b->data[b->len] = '\0';
	return (0);
}

static int
zp_buf_str(struct zp_buf *b, const char *s)
{
	return (zp_buf_add(b, s, strlen(s) + 1));
}

static void
zp_buf_consume(struct zp_buf *b, size_t n)
{
	memmove(b->data, b->data + n, b->len - n);
	b->len -= n;
	b->data[b->len] = '\0';
}

/* fmt with its one "%s" replaced by arg (no printf: fmt is a variable). */
static char *
zp_strdup_printf(const char *fmt, const char *arg)
{
	const char	*at = strstr(fmt, "%s");
	size_t		 head = at != NULL ? (size_t)(at - fmt) : strlen(fmt);
	size_t		 alen = at != NULL ? strlen(arg) : 0;
	const char	*tail = at != NULL ? at + 2 : "";
	char		*s = malloc(head + alen + strlen(tail) + 1);

	if (s == NULL)
		return (NULL);
	memcpy(s, fmt, head);
	memcpy(s + head, arg, alen);
	strcpy(s + head + alen, tail);
	return (s);
}

static void
zp_cause(char **cause, const char *fmt, const char *arg)
{
	if (cause != NULL)
		*cause = zp_strdup_printf(fmt, arg);
}

int
zp_socket_path(const char *label, char *buf, size_t len)
{
	const char	*tmux = getenv("TMUX"), *tmpdir, *comma;
	char		 resolved[PATH_MAX];
	size_t		 n;
	int		 w;

	if (label == NULL && tmux != NULL && *tmux != '\0' && *tmux != ',') {
		comma = strchr(tmux, ',');
		n = comma != NULL ? (size_t)(comma - tmux) : strlen(tmux);
		if (n + 1 > len) {
			errno = ENAMETOOLONG;
			return (-1);
		}
		memcpy(buf, tmux, n);
		buf[n] = '\0';
		return (0);
	}
	if ((tmpdir = getenv("TMUX_TMPDIR")) == NULL || *tmpdir == '\0')
		tmpdir = "/tmp";
	if (realpath(tmpdir, resolved) == NULL)
		snprintf(resolved, sizeof resolved, "%s", tmpdir);
	w = snprintf(buf, len, "%s/zeropty-%ld/%s", resolved, (long)getuid(),
	    label != NULL ? label : "default");
	if (w < 0 || (size_t)w >= len) {
		errno = ENAMETOOLONG;
		return (-1);
	}
	return (0);
}

void
zp_reply_free(struct zp_reply *r)
{
	if (r == NULL)
		return;
	free(r->out);
	free(r->err);
	memset(r, 0, sizeof *r);
}

static int
zp_connect(const char *socket_path, char **cause)
{
	struct sockaddr_un	sa;
	int			fd;

	memset(&sa, 0, sizeof sa);
	sa.sun_family = AF_UNIX;
	if (strlen(socket_path) >= sizeof sa.sun_path) {
		zp_cause(cause, "socket path too long: %s", socket_path);
		errno = ENAMETOOLONG;
		return (-1);
	}
	strcpy(sa.sun_path, socket_path);
	if ((fd = socket(AF_UNIX, SOCK_STREAM|SOCK_CLOEXEC, 0)) == -1) {
		zp_cause(cause, "socket: %s", strerror(errno));
		return (-1);
	}
	if (connect(fd, (struct sockaddr *)&sa, sizeof sa) == -1) {
		if (cause != NULL) {
			/* The words the zeropty command uses. */
			if (errno == ENOENT || errno == ECONNREFUSED)
				*cause = zp_strdup_printf("no server running "
				    "on %s", socket_path);
			else
				*cause = zp_strdup_printf("error connecting to "
				    "%s", socket_path);
		}
		close(fd);
		return (-1);
	}
	return (fd);
}

static int
zp_write_all(int fd, const void *data, size_t len)
{
	const char	*p = data;
	ssize_t		 n;

	while (len != 0) {
		n = send(fd, p, len, MSG_NOSIGNAL);
		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0)
			return (-1);
		p += n;
		len -= (size_t)n;
	}
	return (0);
}

static int
zp_frame(int fd, uint32_t type, const void *data, size_t len)
{
	struct msg_hdr	hdr = { type, (uint32_t)len };

	if (zp_write_all(fd, &hdr, sizeof hdr) != 0)
		return (-1);
	return (len == 0 ? 0 : zp_write_all(fd, data, len));
}

static int
zp_read_all(int fd, void *data, size_t len)
{
	char	*p = data;
	ssize_t	 n;

	while (len != 0) {
		n = read(fd, p, len);
		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n == 0)
				errno = EPIPE;
			return (-1);
		}
		p += n;
		len -= (size_t)n;
	}
	return (0);
}

/* The MSG_COMMAND frame: what the zeropty command sends (proto.h). */
static int
zp_run_frame(struct zp_buf *b, const char *const argv[])
{
	uint32_t	 head[2] = { PROTO_VERSION, PROTO_UTF8 };
	char		 cwd[PATH_MAX], num[32];
	const char	*pane = getenv("TMUX_PANE");
	int		 argc, envc;

	if (getcwd(cwd, sizeof cwd) == NULL)
		strcpy(cwd, "/");
	for (argc = 0; argv[argc] != NULL; argc++)
		/* nothing */;
	for (envc = 0; environ[envc] != NULL; envc++)
		/* nothing */;
	if (zp_buf_add(b, head, sizeof head) != 0 ||
	    zp_buf_str(b, cwd) != 0 ||
	    zp_buf_str(b, pane != NULL ? pane : "") != 0 ||
	    zp_buf_str(b, "") != 0 || zp_buf_str(b, "") != 0)
		return (-1);
	snprintf(num, sizeof num, "%d", argc);
	if (zp_buf_str(b, num) != 0)
		return (-1);
	for (argc = 0; argv[argc] != NULL; argc++) {
		if (zp_buf_str(b, argv[argc]) != 0)
			return (-1);
	}
	snprintf(num, sizeof num, "%d", envc);
	if (zp_buf_str(b, num) != 0)
		return (-1);
	for (envc = 0; environ[envc] != NULL; envc++) {
		if (zp_buf_str(b, environ[envc]) != 0)
			return (-1);
	}
	return (0);
}

int
zp_run(const char *socket_path, const char *const argv[],
    struct zp_reply *reply, char **cause)
{
	struct zp_buf	 frame = { NULL, 0, 0 }, out = { NULL, 0, 0 };
	struct zp_buf	 err = { NULL, 0, 0 };
	struct msg_hdr	 hdr;
	char		*data = NULL;
	int32_t		 value;
	int		 fd, done = 0;

	memset(reply, 0, sizeof *reply);
	if ((fd = zp_connect(socket_path, cause)) == -1)
		return (-1);
	if (zp_run_frame(&frame, argv) != 0 ||
	    zp_frame(fd, MSG_COMMAND, frame.data, frame.len) != 0)
		goto lost;
	free(frame.data);
	frame.data = NULL;
	zp_buf_add(&out, "", 0);
	zp_buf_add(&err, "", 0);
	while (!done) {
		if (zp_read_all(fd, &hdr, sizeof hdr) != 0 ||
		    hdr.len > PROTO_MAX_FRAME)
			goto lost;
		free(data);
		if ((data = malloc(hdr.len + 1)) == NULL ||
		    zp_read_all(fd, data, hdr.len) != 0)
			goto lost;
		data[hdr.len] = '\0';
		switch (hdr.type) {
		case MSG_STDOUT:
			zp_buf_add(&out, data, hdr.len);
			break;
		case MSG_STDERR:
			zp_buf_add(&err, data, hdr.len);
			break;
		case MSG_EXIT:
			if (hdr.len < sizeof value)
				goto lost;
			memcpy(&value, data, sizeof value);
			reply->status = value;
			done = 1;
			break;
		case MSG_READ_OPEN:
			/* No stdin or files here: say they cannot be read. */
			value = EBADF;
			if (zp_frame(fd, MSG_READ_DONE, &value,
			    sizeof value) != 0)
				goto lost;
			break;
		case MSG_WRITE_OPEN:
			value = EBADF;
			if (zp_frame(fd, MSG_WRITE_DONE, &value,
			    sizeof value) != 0)
				goto lost;
			break;
		default:
			break;	/* MSG_WRITE for a refused file, and so on */
		}
	}
	free(data);
	close(fd);
	reply->out = out.data;
	reply->len = out.len;
	reply->err = err.data;
	reply->error = reply->status != 0;
	return (0);
lost:
	zp_cause(cause, "server exited unexpectedly%s", "");
	free(data);
	free(frame.data);
	free(out.data);
	free(err.data);
	close(fd);
	errno = EPIPE;
	return (-1);
}

/* A control connection: sent commands waiting for their blocks. */
struct zp_ticket {
	unsigned	 id;
	int		 deferred;	/* answers later, in a block of its own */
	int		 numbered;	/* its first block came: number is set */
	long		 number;	/* the server's command number */
	int		 done;
	struct zp_reply	 reply;
	struct zp_ticket *next;
};

struct zp_line {
	char		*text;
	struct zp_line	*next;
};

struct zp_client {
	int		 fd;
	int		 closed;
	struct zp_buf	 in;		/* bytes not yet a whole line */
	int		 in_block;
	long		 block_number;
	int		 block_flags;
	struct zp_buf	 block;		/* lines of the open block */
	unsigned	 next_id;
	struct zp_ticket *tickets;	/* in the order they were sent */
	struct zp_line	*notes, **notes_tail;
	int		 greeted;	/* the opening command's block came */
	int		 greet_error;
	char		*greet_text;
};

static void
zp_note_add(struct zp_client *c, const char *line, size_t len)
{
	struct zp_line	*l;

	if ((l = calloc(1, sizeof *l)) == NULL)
		return;
	if ((l->text = malloc(len + 1)) == NULL) {
		free(l);
		return;
	}
	memcpy(l->text, line, len);
	l->text[len] = '\0';
	*c->notes_tail = l;
	c->notes_tail = &l->next;
}

/* The block that just ended: whose answer is it? */
static void
zp_block_done(struct zp_client *c, int error)
{
	struct zp_ticket	*t;
	char			*text = c->block.data != NULL ? c->block.data :
				    NULL;
	size_t			 len = c->block.len;

	/* Its lines end in newlines; the answer keeps all but the last. */
	if (len != 0 && text[len - 1] == '\n')
		text[--len] = '\0';
	memset(&c->block, 0, sizeof c->block);
	if (!c->greeted) {
		c->greeted = 1;
		c->greet_error = error;
		c->greet_text = text;
		return;
	}
	t = NULL;
	if (c->block_flags & 1) {
		/* A command of ours: the oldest not answered yet. */
		for (t = c->tickets; t != NULL; t = t->next) {
			if (!t->numbered)
				break;
		}
		if (t != NULL) {
			t->numbered = 1;
			t->number = c->block_number;
			if (t->deferred && !error && len == 0) {
				free(text);
				return;	/* the answer comes later */
			}
		}
	} else {
		for (t = c->tickets; t != NULL; t = t->next) {
			if (t->deferred && t->numbered && !t->done &&
			    t->number == c->block_number)
				break;
		}
	}
	if (t == NULL) {
		free(text);	/* a hook's or the configuration's block */
		return;
	}
	t->done = 1;
	t->reply.error = error;
	t->reply.status = error;
	t->reply.out = text != NULL ? text : strdup("");
	t->reply.len = text != NULL ? len : 0;
}

static int
zp_guard(const char *line, const char *word, long *number, int *flags)
{
	size_t	n = strlen(word);
	long	when;

	if (strncmp(line, word, n) != 0 || line[n] != ' ')
		return (0);
	return (sscanf(line + n, " %ld %ld %d", &when, number, flags) == 3);
}

static void
zp_line(struct zp_client *c, char *line, size_t len)
{
	long	number;
	int	flags;

	if (len != 0 && line[len - 1] == '\r')
		line[--len] = '\0';
	if (c->in_block) {
		if ((zp_guard(line, "%end", &number, &flags) ||
		    zp_guard(line, "%error", &number, &flags)) &&
		    number == c->block_number && flags == c->block_flags) {
			c->in_block = 0;
			zp_block_done(c, line[1] == 'e' && line[2] == 'r');
			return;
		}
		zp_buf_add(&c->block, line, len);
		zp_buf_add(&c->block, "\n", 1);
		return;
	}
	if (zp_guard(line, "%begin", &number, &flags)) {
		c->in_block = 1;
		c->block_number = number;
		c->block_flags = flags;
		free(c->block.data);
		memset(&c->block, 0, sizeof c->block);
		return;
	}
	zp_note_add(c, line, len);
}

int
zp_pump(struct zp_client *c, int timeout_ms)
{
	struct pollfd	 pfd = { c->fd, POLLIN, 0 };
	char		 buf[65536], *nl;
	ssize_t		 n;
	size_t		 at;
	int		 r;

	if (c->closed) {
		errno = EPIPE;
		return (-1);
	}
	r = poll(&pfd, 1, timeout_ms);
	if (r == -1)
		return (errno == EINTR ? 0 : -1);
	if (r == 0)
		return (0);
	n = read(c->fd, buf, sizeof buf);
	if (n == -1)
		return (errno == EINTR || errno == EAGAIN ? 0 : -1);
	if (n == 0) {
		c->closed = 1;
		errno = EPIPE;
		return (-1);
	}
	if (zp_buf_add(&c->in, buf, (size_t)n) != 0)
		return (-1);
	at = 0;
	while ((nl = memchr(c->in.data + at, '\n', c->in.len - at)) != NULL) {
		*nl = '\0';
		zp_line(c, c->in.data + at, (size_t)(nl - (c->in.data + at)));
		at = (size_t)(nl - c->in.data) + 1;
	}
	zp_buf_consume(&c->in, at);
	return (0);
}

/* Milliseconds left of timeout_ms since start (-1: for ever). */
static int
zp_left(const struct timespec *start, int timeout_ms)
{
	struct timespec	now;
	long long	spent;

	if (timeout_ms < 0)
		return (-1);
	clock_gettime(CLOCK_MONOTONIC, &now);
	spent = (now.tv_sec - start->tv_sec) * 1000LL +
	    (now.tv_nsec - start->tv_nsec) / 1000000;
	return (spent >= timeout_ms ? 0 : (int)(timeout_ms - spent));
}

int
zp_open(struct zp_client **cp, const char *socket_path, const char *command,
    char **cause)
{
	struct zp_client	*c;
	struct zp_buf		 hello = { NULL, 0, 0 };
	int			 fd;

	*cp = NULL;
	if (command == NULL)
		command = "attach";
	if (strchr(command, '\n') != NULL) {
		zp_cause(cause, "command has a newline: %s", command);
		errno = EINVAL;
		return (-1);
	}
	if ((fd = zp_connect(socket_path, cause)) == -1)
		return (-1);
	if ((c = calloc(1, sizeof *c)) == NULL) {
		close(fd);
		return (-1);
	}
	c->fd = fd;
	c->notes_tail = &c->notes;
	if (zp_buf_add(&hello, PROTO_CONTROL_HELLO " ",
	    strlen(PROTO_CONTROL_HELLO) + 1) != 0 ||
	    zp_buf_add(&hello, command, strlen(command)) != 0 ||
	    zp_buf_add(&hello, "\n", 1) != 0 ||
	    zp_write_all(fd, hello.data, hello.len) != 0) {
		free(hello.data);
		zp_cause(cause, "server exited unexpectedly%s", "");
		zp_close(c);
		return (-1);
	}
	free(hello.data);
	while (!c->greeted) {
		if (zp_pump(c, -1) != 0) {
			zp_cause(cause, "server exited unexpectedly%s", "");
			zp_close(c);
			return (-1);
		}
	}
	if (c->greet_error) {
		zp_cause(cause, "%s", c->greet_text != NULL ? c->greet_text :
		    "");
		zp_close(c);
		errno = EINVAL;
		return (-1);
	}
	/* Not attached: the server ends the connection after the block. */
	if (zp_pump(c, 0) != 0 && c->closed) {
		zp_cause(cause, "%s", "not attached to a session");
		zp_close(c);
		errno = EPIPE;
		return (-1);
	}
	*cp = c;
	return (0);
}

void
zp_close(struct zp_client *c)
{
	struct zp_ticket	*t;
	struct zp_line		*l;

	if (c == NULL)
		return;
	close(c->fd);
	while ((t = c->tickets) != NULL) {
		c->tickets = t->next;
		zp_reply_free(&t->reply);
		free(t);
	}
	while ((l = c->notes) != NULL) {
		c->notes = l->next;
		free(l->text);
		free(l);
	}
	free(c->in.data);
	free(c->block.data);
	free(c->greet_text);
	free(c);
}

int
zp_fd(struct zp_client *c)
{
	return (c->fd);
}

/* Whether command answers in a later block: wait-pane, send-keys -W. */
static int
zp_is_deferred(const char *command)
{
	char		 word[64];
	const char	*p = command;
	size_t		 n;

	p += strspn(p, " \t");
	n = strcspn(p, " \t;");
	if (n == 0 || n >= sizeof word)
		return (0);
	memcpy(word, p, n);
	word[n] = '\0';
	if (strcmp(word, "wait-pane") == 0)
		return (1);
	if (strcmp(word, "send-keys") != 0 && strcmp(word, "send") != 0)
		return (0);
	/* A -W among the flags, before the first key. */
	for (p += n;;) {
		p += strspn(p, " \t");
		if (*p != '-' || p[1] == '\0' || p[1] == ' ')
			return (0);
		if (p[1] == '-')
			return (0);
		n = strcspn(p, " \t");
		if (memchr(p, 'W', n) != NULL)
			return (1);
		/* Flags with a value take the next word. */
		if (strchr("cNtT", p[n - 1]) != NULL) {
			p += n;
			p += strspn(p, " \t");
			n = strcspn(p, " \t");
		}
		p += n;
	}
}

int
zp_send(struct zp_client *c, const char *command, int flags,
    unsigned *ticket)
{
	struct zp_ticket	*t, **tp;
	size_t			 len = strlen(command);

	if (c->closed) {
		errno = EPIPE;
		return (-1);
	}
	if (memchr(command, '\n', len) != NULL) {
		errno = EINVAL;
		return (-1);
	}
	if ((t = calloc(1, sizeof *t)) == NULL)
		return (-1);
	t->id = ++c->next_id;
	t->deferred = (flags & ZP_DEFERRED) || zp_is_deferred(command);
	if (zp_write_all(c->fd, command, len) != 0 ||
	    zp_write_all(c->fd, "\n", 1) != 0) {
		free(t);
		errno = EPIPE;
		return (-1);
	}
	for (tp = &c->tickets; *tp != NULL; tp = &(*tp)->next)
		/* nothing */;
	*tp = t;
	if (ticket != NULL)
		*ticket = t->id;
	return (0);
}

int
zp_result(struct zp_client *c, unsigned ticket, int timeout_ms,
    struct zp_reply *reply)
{
	struct zp_ticket	*t, **tp;
	struct timespec		 start;
	int			 left;

	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		for (tp = &c->tickets; (t = *tp) != NULL; tp = &t->next) {
			if (t->id == ticket)
				break;
		}
		if (t == NULL) {
			errno = ENOENT;
			return (-1);
		}
		if (t->done) {
			*tp = t->next;
			*reply = t->reply;
			free(t);
			return (0);
		}
		if ((left = zp_left(&start, timeout_ms)) == 0) {
			errno = ETIMEDOUT;
			return (-1);
		}
		if (zp_pump(c, left) != 0)
			return (-1);
	}
}

int
zp_command(struct zp_client *c, const char *command, struct zp_reply *reply)
{
	unsigned	ticket;

	memset(reply, 0, sizeof *reply);
	if (zp_send(c, command, 0, &ticket) != 0)
		return (-1);
	return (zp_result(c, ticket, -1, reply));
}

int
zp_notification(struct zp_client *c, int timeout_ms, char **line)
{
	struct zp_line	*l;
	struct timespec	 start;
	int		 left;

	clock_gettime(CLOCK_MONOTONIC, &start);
	while (c->notes == NULL) {
		if (c->closed)
			return (-1);
		if ((left = zp_left(&start, timeout_ms)) == 0)
			return (0);
		if (zp_pump(c, left) != 0 && c->notes == NULL)
			return (-1);
	}
	l = c->notes;
	if ((c->notes = l->next) == NULL)
		c->notes_tail = &c->notes;
	*line = l->text;
	free(l);
	return (1);
}

char *
zp_quote(const char *word)
{
	struct zp_buf	b = { NULL, 0, 0 };
	const char	*p;

	zp_buf_add(&b, "'", 1);
	for (p = word; *p != '\0'; p++) {
		if (*p == '\'')
			zp_buf_add(&b, "'\\''", 4);
		else
			zp_buf_add(&b, p, 1);
	}
	zp_buf_add(&b, "'", 1);
	return (b.data);
}

/* Answer of a command built from words; -1 and *cause on failure. */
static int
zp_command_words(struct zp_client *c, const char *const words[],
    struct zp_reply *reply, char **cause)
{
	struct zp_buf	 b = { NULL, 0, 0 };
	char		*q;
	int		 i, r;

	/* The command's name bare, so zp_send sees a deferred one. */
	zp_buf_add(&b, words[0], strlen(words[0]));
	for (i = 1; words[i] != NULL; i++) {
		zp_buf_add(&b, " ", 1);
		q = zp_quote(words[i]);
		zp_buf_add(&b, q, strlen(q));
		free(q);
	}
	r = zp_command(c, b.data, reply);
	free(b.data);
	if (r != 0) {
		zp_cause(cause, "server exited unexpectedly%s", "");
		return (-1);
	}
	if (reply->error) {
		if (cause != NULL)
			*cause = strdup(reply->out);
		return (-1);
	}
	return (0);
}

int
zp_wait_pane(struct zp_client *c, const char *target, const char *pattern,
    int regex, int timeout_ms, char **cause)
{
	struct zp_reply	 reply;
	const char	*words[9];
	char		 ms[32];
	int		 n = 0, r;

	words[n++] = "wait-pane";
	if (target != NULL) {
		words[n++] = "-t";
		words[n++] = target;
	}
	words[n++] = regex ? "-r" : "-s";
	words[n++] = pattern;
	if (timeout_ms >= 0) {
		snprintf(ms, sizeof ms, "%d", timeout_ms);
		words[n++] = "-T";
		words[n++] = ms;
	}
	words[n] = NULL;
	r = zp_command_words(c, words, &reply, cause);
	zp_reply_free(&reply);
	return (r);
}

int
zp_grep_panes(struct zp_client *c, const char *target, const char *regex,
    struct zp_reply *reply)
{
	const char	*words[6];
	int		 n = 0;

	words[n++] = "grep-panes";
	if (target == NULL)
		words[n++] = "-a";
	else {
		words[n++] = "-t";
		words[n++] = target;
	}
	words[n++] = "-e";
	words[n++] = regex;
	words[n] = NULL;
	return (zp_command_words(c, words, reply, NULL));
}
