/*
 * The server: one process and one event loop for every session
 * (docs/design.md §4). It accepts command clients on the Unix socket, runs
 * their commands, owns the panes' processes, and exits when no session and
 * no client is left (tmux's exit-empty).
 */
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>

#include <errno.h>
#include <event2/event.h>
#include <fcntl.h>
#include <limits.h>
#include <locale.h>
#include <poll.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine/base/log.h"
#include "engine/base/xmalloc.h"
#include "engine/model/layout.h"
#include "engine/sys/job.h"
#include "engine/sys/pane-io.h"
#include "engine/sys/vtty.h"
#include "engine/term/vt.h"
#include "tmux-compat/client-file.h"
#include "tmux-compat/control.h"
#include "tmux-compat/cmd-parse.h"
#include "tmux-compat/options.h"
#include "tmux-compat/proto.h"
#include "tmux-compat/server-int.h"
#include "tmux-compat/hooks.h"
#include "tmux-compat/prompt-history.h"
#include "tmux-compat/tmux.h"
#include "tmux-compat/tty.h"
#include "tmux-compat/pane-settle.h"
#include "tmux-compat/upgrade.h"

extern char	**environ;

char		*server_socket_path;
pid_t		 server_pid;
char		**server_environ;
time_t		 server_start_time;

static struct event_base	*server_base;
static int			 server_fd = -1;
static struct event		*server_ev_accept;
static int			 server_nclients;
static TAILQ_HEAD(, client)	 server_clients =
    TAILQ_HEAD_INITIALIZER(server_clients);
static int			 server_exiting;
static int			 server_killed;	/* kill-server */
static int			 server_starting = 1;	/* starter not come yet */
/* The starter, waiting for the startup files' jobs (cmd_job_cfg_waited). */
static struct client		*server_cfg_held;
static struct event		*server_ev_start;

static void	server_client_read_cb(evutil_socket_t, short, void *);
static int	server_client_raw(struct client *);
static void	server_client_tty_frame(struct client *, uint32_t,
		    const uint8_t *, size_t);

static int
server_listen(const char *path)
{
	struct sockaddr_un	 sa;
	mode_t			 mask;
	int			 fd;

	memset(&sa, 0, sizeof sa);
	sa.sun_family = AF_UNIX;
	if (strlcpy(sa.sun_path, path, sizeof sa.sun_path) >= sizeof sa.sun_path)
		return (-1);
	unlink(path);
	if ((fd = socket(AF_UNIX, SOCK_STREAM|SOCK_CLOEXEC, 0)) == -1)
		return (-1);
	/* srw------- as tmux 3.3a: others come in only once chmod'ed. */
	mask = umask(S_IXUSR|S_IRWXG|S_IRWXO);
	if (bind(fd, (struct sockaddr *)&sa, sizeof sa) == -1) {
		umask(mask);
		close(fd);
		return (-1);
	}
	umask(mask);
	if (listen(fd, 128) == -1) {
		close(fd);
		return (-1);
	}
	evutil_make_socket_nonblocking(fd);
	return (fd);
}

static void
server_client_free(struct client *c)
{
	int	i;

	if (c->ev_hello != NULL)
		event_free(c->ev_hello);
	control_free(c);
	tty_free(c);
	format_job_client_gone(c);
	pane_settle_client_gone(c);
	if (c->tty_fd != -1)
		close(c->tty_fd);
	for (i = 0; i < c->npassed; i++)
		close(c->passed[i]);
	/*
	 * Jobs, wait-for channels, prompts and menus may still name it even
	 * when its own list is not waiting (an if-shell inside source-file):
	 * they forget it now, not when it is already freed.
	 */
	cmd_wait_for_client_gone(c);
	cmd_source_file_client_gone(c);
	if (server_cfg_held == c)
		server_cfg_held = NULL;
	if (c->wait_list != NULL) {
		cmd_list_free(c->wait_list);
		c->wait_list = NULL;
	}
	if (c->flags & CLIENT_CONTROLFDS) {
		close(event_get_fd(c->ev_read));
		close(c->out_fd);
		event_free(c->ev_sock);
	}
	event_free(c->ev_read);
	event_free(c->ev_write);
	close(c->fd);
	buf_free(&c->in);
	buf_free(&c->out);
	buf_free(&c->sock_out);
	xfree(c->cwd);
	xfree(c->tmux_pane);
	xfree(c->ttyname);
	if (c->env != NULL) {
		for (i = 0; c->env[i] != NULL; i++)
			xfree(c->env[i]);
		xfree(c->env);
	}
	TAILQ_REMOVE(&server_clients, c, all_entry);
	xfree(c);
	server_nclients--;
	server_check_exit();
}

int
server_client_readonly(struct client *c)
{
	return (c != NULL &&
	    (c->readonly || (c->tty != NULL && c->tty->readonly)));
}

void
server_clients_set_readonly(uid_t uid, int readonly)
{
	struct client	*c;

	TAILQ_FOREACH(c, &server_clients, all_entry) {
		if (c->uid == uid)
			c->readonly = readonly;
	}
}

/* server-access -d: the user's clients go, "access not allowed". */
void
server_clients_deny(uid_t uid)
{
	struct client	*c, *next;

	TAILQ_FOREACH_SAFE(c, &server_clients, all_entry, next) {
		if (c->uid != uid || c->exiting)
			continue;
		if (c->tty != NULL)
			tty_detach(c, "access not allowed");
		else
			server_client_exit(c, 0, "access not allowed");
	}
}

/*
 * Output is waiting: write when the socket takes it, or (write_deferred)
 * at server_client_flush, which comes at the end of the control lines
 * being run: no write event added and removed for each answer.
 */
static void
server_client_want_write(struct client *c)
{
	if (!c->write_deferred)
		event_add(c->ev_write, NULL);
}

/* Is out the control client's own stream (no frames)? */
static int
server_client_unframed(struct client *c)
{
	return ((c->flags & (CLIENT_RAWCONTROL|CLIENT_CONTROLFDS)) != 0);
}

/*
 * Queue a frame to the client. A control client writing to its own stdout
 * gets its frames (stderr, exit) on the socket once its stdout is written.
 * Output goes in frames of at most PROTO_CHUNK: a 20 MB save-buffer - was
 * one frame larger than any client takes.
 */
static void
server_client_send(struct client *c, enum msg_type type, const void *data,
    size_t len)
{
	const uint8_t	*p = data;
	struct msg_hdr	 hdr;
	struct buf	*b;
	size_t		 n;

	b = (c->flags & CLIENT_CONTROLFDS) ? &c->sock_out : &c->out;
	do {
		n = len;
		if (n > PROTO_CHUNK && (type == MSG_STDOUT ||
		    type == MSG_STDERR || type == MSG_WRITE))
			n = PROTO_CHUNK;
		hdr.type = type;
		hdr.len = (uint32_t)n;
		buf_add(b, &hdr, sizeof hdr);
		buf_add(b, p, n);
		p += n;
		len -= n;
	} while (len != 0);
	server_client_want_write(c);
}

void
server_client_message(struct client *c, uint32_t type, const void *data,
    size_t len)
{
	server_client_send(c, (enum msg_type)type, data, len);
}

/* MSG_ATTACH: direct is 1 if the server draws on the terminal itself. */
void
server_client_tty_attach(struct client *c, int direct)
{
	uint8_t	flag = direct ? 1 : 0;

	server_client_send(c, MSG_ATTACH, &flag, 1);
}

/* MSG_LOCK with the command to run, or MSG_SUSPEND (lock_command NULL). */
void
server_client_tty_away(struct client *c, const char *lock_command)
{
	if (lock_command != NULL)
		server_client_send(c, MSG_LOCK, lock_command,
		    strlen(lock_command) + 1);
	else
		server_client_send(c, MSG_SUSPEND, NULL, 0);
}

void
server_client_tty_write(struct client *c, const void *data, size_t len)
{
	if (len != 0 && !c->exiting)
		server_client_send(c, MSG_STDOUT, data, len);
}

void
server_client_exit_message(struct client *c, int retval, const char *message,
    int hup)
{
	struct buf	b;
	int32_t		v = retval;

	if (c->exiting)
		return;
	buf_init(&b);
	buf_add(&b, &v, sizeof v);
	if (message != NULL)
		buf_add_str(&b, message);
	if (hup) {
		buf_add_byte(&b, 0);
		buf_add_byte(&b, 1);
	}
	server_client_send(c, MSG_EXIT, buf_data(&b), b.len);
	buf_free(&b);
	c->exiting = 1;
	event_del(c->ev_read);
}

size_t
server_client_backlog(struct client *c)
{
	return (c->out.len);
}

void
server_client_when_drained(struct client *c)
{
	c->redraw_on_drain = 1;
}

struct session *
server_client_session(struct client *c)
{
	if (c != NULL && c->tty != NULL)
		return (tty_session(c));
	return (control_session(c));
}

unsigned long long	server_activity_seq;

/* Walk the connected clients: the first after c (c NULL: the first). */
struct client *
server_client_next(struct client *c)
{
	if (c == NULL)
		return (TAILQ_FIRST(&server_clients));
	return (TAILQ_NEXT(c, all_entry));
}

/* The directory the server started in: the startup files' (tmux). */
static char	*server_start_cwd;

/*
 * tmux's server_client_get_cwd: where a command of c (or of no client)
 * for session s starts things.
 */
const char *
server_client_get_cwd(struct client *c, struct session *s)
{
	struct session	*cs;
	struct passwd	*pw;
	const char	*home;

	if (!cfg_finished && server_start_cwd != NULL)
		return (server_start_cwd);
	cs = server_client_session(c);
	if (c != NULL && cs == NULL && c->cwd != NULL)
		return (c->cwd);
	if (s != NULL && s->cwd != NULL)
		return (s->cwd);
	if (cs != NULL && cs->cwd != NULL)
		return (cs->cwd);
	if ((home = getenv("HOME")) != NULL && *home != '\0')
		return (home);
	if ((pw = getpwuid(getuid())) != NULL)
		return (pw->pw_dir);
	return ("/");
}

/* Output of commands run by an attached client's keys: errors shown. */
static int
server_client_tty_output(struct client *c, const void *data, size_t len,
    int error)
{
	char	*text;

	if (c->tty == NULL)
		return (0);
	if (error && len != 0) {
		text = xstrndup(data, len);
		tty_set_error(c, text);
		xfree(text);
	} else if (len != 0 && c->tty->view.len < 16 * 1024 * 1024)
		buf_add(&c->tty->view, data, len);
	return (1);
}

void
server_client_stdout(struct client *c, const void *data, size_t len)
{
	if (server_client_tty_output(c, data, len, 0))
		return;
	if (c->control != NULL)
		control_write(c, data, len);
	else if (len != 0)
		server_client_send(c, MSG_STDOUT, data, len);
}

/* A control client's errors go inside its block, on stdout. */
void
server_client_stderr(struct client *c, const void *data, size_t len)
{
	if (server_client_tty_output(c, data, len, 1))
		return;
	if (c->control != NULL)
		control_write(c, data, len);
	else if (len != 0)
		server_client_send(c, MSG_STDERR, data, len);
}

void
server_client_emit(struct client *c, const void *data, size_t len)
{
	if (len == 0 || c->exiting)
		return;
	if (server_client_unframed(c)) {
		buf_add(&c->out, data, len);
		server_client_want_write(c);
	} else
		server_client_send(c, MSG_STDOUT, data, len);
}

void
server_client_stderr_frame(struct client *c, const char *line)
{
	if (*line == '\0' || (c->flags & CLIENT_RAWCONTROL))
		return;
	server_client_send(c, MSG_STDERR, line, strlen(line));
	server_client_send(c, MSG_STDERR, "\n", 1);
}

void
server_client_exit(struct client *c, int retval, const char *reason)
{
	struct buf	b;
	int32_t		v = retval;

	if (c->exiting)
		return;
	buf_init(&b);
	if (c->flags & CLIENT_RAWCONTROL) {
		buf_add_str(&b, "%exit");
		if (reason != NULL && *reason != '\0') {
			buf_add_str(&b, " ");
			buf_add_str(&b, reason);
		}
		buf_add_str(&b, "\n");
		buf_add(&c->out, buf_data(&b), b.len);
		event_add(c->ev_write, NULL);
	} else {
		buf_add(&b, &v, sizeof v);
		if (c->flags & CLIENT_CONTROL) {
			if (reason != NULL)
				buf_add_str(&b, reason);
			buf_add_byte(&b, 0);
			buf_add_byte(&b, control_wait_exit(c));
		}
		server_client_send(c, MSG_EXIT, buf_data(&b), b.len);
	}
	buf_free(&b);
	c->exiting = 1;
	event_del(c->ev_read);
}

void
server_client_discard(struct client *c)
{
	size_t	keep = server_client_unframed(c) ? 0 : c->out_head;
	uint8_t	*copy;

	if (keep >= c->out.len)
		return;
	copy = xmalloc(keep + 1);
	memcpy(copy, buf_data(&c->out), keep);
	buf_clear(&c->out);
	buf_add(&c->out, copy, keep);
	xfree(copy);
}

struct event_base *
server_event_base(void)
{
	return (server_base);
}

/* Written n bytes: keep track of where the next frame starts. */
static void
server_client_consume(struct client *c, size_t n)
{
	const uint8_t	*p = buf_data(&c->out);
	struct msg_hdr	 hdr;
	size_t		 take;

	while (!server_client_unframed(c) && n > 0) {
		if (c->out_head == 0) {
			memcpy(&hdr, p, sizeof hdr);
			c->out_head = sizeof hdr + hdr.len;
		}
		take = n < c->out_head ? n : c->out_head;
		c->out_head -= take;
		p += take;
		n -= take;
		buf_consume(&c->out, take);
	}
	if (n > 0)
		buf_consume(&c->out, n);
}

/* Take the next NUL-terminated string from [*p, end). */
static const char *
server_next_string(const char **p, const char *end)
{
	const char	*s = *p, *nul;

	if (s >= end || (nul = memchr(s, '\0', (size_t)(end - s))) == NULL)
		return (NULL);
	*p = nul + 1;
	return (s);
}

/* Decode MSG_COMMAND and run it. -1 on a malformed message. */
static int
server_client_command(struct client *c, const char *data, size_t len)
{
	const char	*p = data + 2 * sizeof(uint32_t), *end = data + len;
	const char	*cwd, *pane, *tty, *size, *s;
	struct cmd_list	*list;
	char		**argv, *cause = NULL;
	uint32_t	 head[2];
	int		 argc, envc, i;
	int32_t		 retval;

	if (len < sizeof head)
		return (-1);
	memcpy(head, data, sizeof head);
	if (head[0] != PROTO_VERSION)
		return (-1);
	if (head[1] & PROTO_UTF8)
		c->flags |= CLIENT_UTF8;
	if (head[1] & PROTO_TTY)
		c->flags |= CLIENT_TERMINAL;
	if (head[1] & PROTO_CONTROL)
		c->flags |= CLIENT_CONTROL;
	if (head[1] & PROTO_CONTROLCONTROL)
		c->flags |= CLIENT_CONTROLCONTROL;
	/* A refused client's descriptors were closed unused on arrival. */
	if (!c->denied && server_fds_take_fds(c, head[1]) != 0)
		return (-1);
	if ((cwd = server_next_string(&p, end)) == NULL ||
	    (pane = server_next_string(&p, end)) == NULL ||
	    (tty = server_next_string(&p, end)) == NULL ||
	    (size = server_next_string(&p, end)) == NULL ||
	    (s = server_next_string(&p, end)) == NULL)
		return (-1);
	if (sscanf(size, "%ux%u", &c->tty_sx, &c->tty_sy) != 2 ||
	    c->tty_sx > 10000 || c->tty_sy > 10000)
		c->tty_sx = c->tty_sy = 0;
	argc = atoi(s);
	if (argc < 0 || argc > 100000)
		return (-1);
	argv = xcalloc((size_t)argc + 1, sizeof *argv);
	for (i = 0; i < argc; i++) {
		if ((s = server_next_string(&p, end)) == NULL) {
			xfree(argv);
			return (-1);
		}
		argv[i] = (char *)s;
	}
	if ((s = server_next_string(&p, end)) == NULL ||
	    (envc = atoi(s)) < 0 || envc > 100000) {
		xfree(argv);
		return (-1);
	}
	c->env = xcalloc((size_t)envc + 1, sizeof *c->env);
	for (i = 0; i < envc; i++) {
		if ((s = server_next_string(&p, end)) == NULL)
			break;
		c->env[i] = xstrdup(s);
	}
	c->cwd = xstrdup(cwd);
	c->tmux_pane = *pane != '\0' ? xstrdup(pane) : NULL;
	c->ttyname = *tty != '\0' ? xstrdup(tty) : NULL;

	if (c->denied) {
		server_client_stderr(c, "access not allowed\n", 19);
		xfree(argv);
		server_client_finish(c, 0);
		return (0);
	}
	/* A read-only client's list is refused where it runs (cmd-queue.c). */
	list = cmd_list_parse_argv(argc, argv, &cause);
	if (c->flags & CLIENT_CONTROL) {
		control_start(c, list, cause);
		xfree(cause);
		if (list != NULL)
			cmd_list_free(list);
		xfree(argv);
		return (0);
	}
	if (list == NULL) {
		if (cause != NULL) {
			server_client_stderr(c, cause, strlen(cause));
			server_client_stderr(c, "\n", 1);
		}
		xfree(cause);
		retval = 1;
	} else {
		/*
		 * The client that started us has now come: until then another
		 * client's coming and going must not make us exit (tmux's
		 * starter is connected from the start).
		 */
		if (cmd_list_any_has(list, CMD_STARTSERVER) &&
		    server_starting) {
			server_starting = 0;
			/*
			 * It waits for the startup files' jobs, as tmux's,
			 * but not for those run with -b (tmux 3.3a's
			 * new-session after run-shell -b 'sleep 3' in the
			 * file answers at once).
			 */
			if (!cfg_finished || cmd_job_cfg_waited() != 0) {
				c->wait_list = list;
				c->wait_next = list->first;
				server_cfg_held = c;
				xfree(argv);
				return (0);
			}
		}
		retval = cmdq_run_client(c, list);
		if (retval == CMDQ_WAITING) {
			/* The list now belongs to the client (cmdq_continue). */
			xfree(argv);
			return (0);
		}
		cmd_list_free(list);
	}
	xfree(argv);
	if (c->tty == NULL && !c->exiting)
		server_client_finish(c, retval);
	return (0);
}

void
server_cfg_jobs_done(void)
{
	struct client	*c = server_cfg_held;

	if (c == NULL)
		return;
	server_cfg_held = NULL;
	cmdq_continue(c);
}

void
server_client_finish(struct client *c, int retval)
{
	int32_t	v = retval;

	server_client_send(c, MSG_EXIT, &v, sizeof v);
	c->exiting = 1;
	event_del(c->ev_read);
}

/*
 * Read from a client; a client on a terminal sends its terminal with its
 * command frame (SCM_RIGHTS), kept until it attaches, so the server reads
 * keys from it and draws on it directly as tmux does (one hop less each
 * way than relaying through the client; bench/attach_bench.py). A control
 * client sends its stdin and stdout the same way (PROTO_CTLFDS).
 */
static ssize_t
server_client_recv(struct client *c, int fd, void *p, size_t len)
{
	struct msghdr	 msg;
	struct iovec	 iov = { p, len };
	struct cmsghdr	*cmsg;
	union {
		struct cmsghdr	hdr;
		char		buf[CMSG_SPACE(2 * sizeof(int))];
	} u;
	ssize_t		 n;
	int		 got[2];
	size_t		 i, ngot;

	memset(&msg, 0, sizeof msg);
	msg.msg_iov = &iov;
	msg.msg_iovlen = 1;
	msg.msg_control = u.buf;
	msg.msg_controllen = sizeof u.buf;
	n = recvmsg(fd, &msg, MSG_CMSG_CLOEXEC);
	if (n <= 0)
		return (n);
	for (cmsg = CMSG_FIRSTHDR(&msg); cmsg != NULL;
	    cmsg = CMSG_NXTHDR(&msg, cmsg)) {
		if (cmsg->cmsg_level != SOL_SOCKET ||
		    cmsg->cmsg_type != SCM_RIGHTS ||
		    cmsg->cmsg_len < CMSG_LEN(sizeof(int)))
			continue;
		ngot = (cmsg->cmsg_len - CMSG_LEN(0)) / sizeof(int);
		if (ngot > 2)
			ngot = 2;
		memcpy(got, CMSG_DATA(cmsg), ngot * sizeof(int));
		/*
		 * At most two, only before the command (which says whose),
		 * and none from a client server-access refuses: closed unused.
		 */
		for (i = 0; i < ngot; i++) {
			if (c->npassed == 2 || c->env != NULL || c->denied)
				close(got[i]);
			else
				c->passed[c->npassed++] = got[i];
		}
	}
	return (n);
}

static void
server_client_read_cb(evutil_socket_t fd, short events, void *arg)
{
	struct client	*c = arg;
	struct msg_hdr	 hdr;
	uint8_t		*p;
	ssize_t		 n;

	p = buf_reserve(&c->in, 65536);
	n = server_client_recv(c, fd, p, 65536);
	if (n == -1 && (errno == EAGAIN || errno == EINTR))
		return;
	if (n == 0 && (c->flags & CLIENT_RAWCONTROL) && !c->exiting) {
		/* End of input on the socket: detach, say %exit, then close. */
		control_input(c, "", 0);
		event_del(c->ev_read);
		return;
	}
	if (n <= 0) {
		server_client_free(c);
		return;
	}
	buf_commit(&c->in, (size_t)n);
	if (server_client_raw(c) != 0)
		return;
	while (!c->exiting && c->in.len >= sizeof hdr) {
		memcpy(&hdr, buf_data(&c->in), sizeof hdr);
		if (hdr.type == MSG_STDIN && c->control != NULL &&
		    hdr.len <= PROTO_MAX_FRAME) {
			if (c->in.len < sizeof hdr + hdr.len)
				break;
			control_input(c, (const char *)buf_data(&c->in) +
			    sizeof hdr, hdr.len);
			buf_consume(&c->in, sizeof hdr + hdr.len);
			continue;
		}
		if (c->tty != NULL && hdr.len <= PROTO_MAX_FRAME &&
		    (hdr.type == MSG_STDIN || hdr.type == MSG_RESIZE ||
		    hdr.type == MSG_UNLOCK || hdr.type == MSG_WAKEUP)) {
			if (c->in.len < sizeof hdr + hdr.len)
				break;
			server_client_tty_frame(c, hdr.type,
			    buf_data(&c->in) + sizeof hdr, hdr.len);
			buf_consume(&c->in, sizeof hdr + hdr.len);
			continue;
		}
		/* A command client's stdin or files (client-file.c). */
		if ((hdr.type == MSG_READ || hdr.type == MSG_READ_DONE ||
		    hdr.type == MSG_WRITE_DONE) &&
		    c->env != NULL && c->control == NULL && c->tty == NULL &&
		    hdr.len <= PROTO_MAX_FRAME) {
			if (c->in.len < sizeof hdr + hdr.len)
				break;
			client_file_frame(c, hdr.type, buf_data(&c->in) +
			    sizeof hdr, hdr.len);
			buf_consume(&c->in, sizeof hdr + hdr.len);
			continue;
		}
		if (hdr.len > PROTO_MAX_FRAME || hdr.type != MSG_COMMAND ||
		    c->env != NULL) {
			log_debug("client %d: bad frame, dropped", c->fd);
			server_client_free(c);
			return;
		}
		if (c->in.len < sizeof hdr + hdr.len)
			break;
		if (server_client_command(c, (const char *)buf_data(&c->in) +
		    sizeof hdr, hdr.len) != 0) {
			log_debug("client %d: bad command, dropped", c->fd);
			server_client_free(c);
			return;
		}
		buf_consume(&c->in, sizeof hdr + hdr.len);
	}
	if (c->exiting)
		event_del(c->ev_read);
}

/* Keys and size changes from an attached client. */
static void
server_client_tty_frame(struct client *c, uint32_t type, const uint8_t *data,
    size_t len)
{
	uint32_t	size[2];

	if (type == MSG_STDIN)
		tty_input(c, data, len);
	else if (type == MSG_UNLOCK || type == MSG_WAKEUP)
		tty_wake(c);
	else if (len == sizeof size) {
		memcpy(size, data, sizeof size);
		tty_resize(c, size[0], size[1]);
	}
}

/*
 * Control mode straight on the socket: a first line starting with
 * PROTO_CONTROL_HELLO instead of a frame. Returns 1 if the input was taken.
 */
static int
server_client_raw(struct client *c)
{
	const char	*p = (const char *)buf_data(&c->in), *nl;
	size_t		 hlen = strlen(PROTO_CONTROL_HELLO), n, len;
	char		*line;

	if (c->flags & CLIENT_RAWCONTROL) {
		if (!c->exiting && c->in.len != 0)
			control_input(c, p, c->in.len);
		buf_clear(&c->in);
		return (1);
	}
	if (c->env != NULL || c->in.len == 0 || *p != '\033')
		return (0);
	if ((nl = memchr(p, '\n', c->in.len)) == NULL) {
		if (c->in.len > 65536)
			server_client_free(c);
		return (1);
	}
	n = (size_t)(nl - p);
	if (n < hlen || memcmp(p, PROTO_CONTROL_HELLO, hlen) != 0 ||
	    (n > hlen && p[hlen] != ' ') || c->denied || c->readonly) {
		server_client_free(c);
		return (1);
	}
	/* The line may hold a NUL: its length is what xstrndup kept. */
	line = xstrndup(p + hlen, n - hlen);
	len = strlen(line);
	if (len != 0 && line[len - 1] == '\r')
		line[len - 1] = '\0';
	buf_consume(&c->in, n + 1);
	c->flags |= CLIENT_RAWCONTROL|CLIENT_CONTROL|CLIENT_UTF8;
	c->env = xcalloc(1, sizeof *c->env);
	c->cwd = xstrdup("/");
	control_start_raw(c, line);
	xfree(line);
	if (!c->exiting && c->in.len != 0)
		control_input(c, buf_data(&c->in), c->in.len);
	buf_clear(&c->in);
	return (1);
}

/* One write of the queued output; -1 if the client is gone for good. */
static int
server_client_write_some(struct client *c)
{
	ssize_t	n;

	if (c->out.len == 0 || c->fd == -1) {
		server_fds_send_held(c);
		return (0);
	}
	n = write(c->out_fd, buf_data(&c->out), c->out.len);
	if (n == -1 && errno != EAGAIN && errno != EINTR)
		return (-1);
	if (n > 0)
		server_client_consume(c, (size_t)n);
	if (c->control != NULL)
		control_write_done(c);
	if (c->out.len == 0)
		server_fds_send_held(c);
	return (0);
}

/*
 * Write what is queued now rather than on the next turn of the loop (a
 * control client's answers: no epoll_ctl to add and remove the write
 * event; measured 3 fewer syscalls per command). What the socket does not
 * take, and errors, are left to the write callback.
 */
void
server_client_flush(struct client *c)
{
	c->write_deferred = 0;
	if (c->out.len == 0 && c->sock_out.len == 0)
		return;
	(void)server_client_write_some(c);
	if (c->out.len != 0 || c->exiting || c->redraw_on_drain)
		event_add(c->ev_write, NULL);
}

void
server_client_write_cb(evutil_socket_t fd, short events, void *arg)
{
	struct client	*c = arg;

	if (server_client_write_some(c) != 0) {
		if (c->flags & CLIENT_CONTROLFDS) {
			/* Nobody reads its stdout: what its relay would say. */
			buf_clear(&c->out);
			control_detach(c, 1, "lost tty");
			server_fds_send_held(c);
		}
		server_client_free(c);
		return;
	}
	if (c->out.len != 0) {
		event_add(c->ev_write, NULL);
		return;
	}
	if (c->redraw_on_drain && c->tty != NULL) {
		c->redraw_on_drain = 0;
		tty_redraw_client(c);
	}
	if (c->exiting)
		server_client_free(c);
}

/* A second after running out of descriptors: accept again. */
static void
server_accept_resume(evutil_socket_t fd, short events, void *arg)
{
	if (server_ev_accept != NULL)
		event_add(server_ev_accept, NULL);
}

/*
 * A connection that has not sent its command (or control hello) in this
 * long is closed: idle and refused connections held descriptors forever,
 * and enough of them ran the server out (the load test's fd exhaustion).
 * Real clients send theirs at once.
 */
#define SERVER_HELLO_SECONDS	10

static void
server_client_hello_cb(evutil_socket_t fd, short events, void *arg)
{
	struct client	*c = arg;

	if (c->env == NULL && (~c->flags & CLIENT_RAWCONTROL)) {
		log_debug("client %d: no command in %d s, dropped", c->fd,
		    SERVER_HELLO_SECONDS);
		server_client_free(c);
	}
}

static void
server_accept_cb(evutil_socket_t fd, short events, void *arg)
{
	struct client	*c;
	struct ucred	 cred;
	socklen_t	 len = sizeof cred;
	struct timeval	 tv = { 1, 0 }, hello = { SERVER_HELLO_SECONDS, 0 };
	int		 cfd;

	cfd = accept4(fd, NULL, NULL, SOCK_CLOEXEC|SOCK_NONBLOCK);
	if (cfd == -1) {
		/*
		 * Out of descriptors, the waiting connection stays and the
		 * socket stays readable: without a pause, as tmux makes, the
		 * server spun at 100 % CPU until one was closed.
		 */
		if (errno == EMFILE || errno == ENFILE) {
			event_del(server_ev_accept);
			event_base_once(server_base, -1, EV_TIMEOUT,
			    server_accept_resume, NULL, &tv);
		}
		return;
	}
	if (getsockopt(cfd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0) {
		close(cfd);
		return;
	}
	c = xcalloc(1, sizeof *c);
	c->fd = c->out_fd = cfd;
	c->tty_fd = -1;
	c->pid = cred.pid;
	c->uid = cred.uid;
	/* Users server-access does not list are told so (tmux's ACL). */
	switch (server_acl_find(cred.uid)) {
	case -1:
		c->denied = 1;
		break;
	case 1:
		c->readonly = 1;
		break;
	}
	TAILQ_INSERT_TAIL(&server_clients, c, all_entry);
	c->created = c->activity = time(NULL);
	c->activity_seq = ++server_activity_seq;
	buf_init(&c->in);
	buf_init(&c->out);
	buf_init(&c->sock_out);
	c->ev_read = event_new(server_base, cfd, EV_READ|EV_PERSIST,
	    server_client_read_cb, c);
	c->ev_write = event_new(server_base, cfd, EV_WRITE,
	    server_client_write_cb, c);
	event_add(c->ev_read, NULL);
	c->ev_hello = evtimer_new(server_base, server_client_hello_cb, c);
	evtimer_add(c->ev_hello, &hello);
	server_nclients++;
}

static void	server_panes_reaped(void);

static void
server_signal_cb(evutil_socket_t sig, short events, void *arg)
{
	switch (sig) {
	case SIGCHLD:
		server_panes_reaped();
		break;
	case SIGTERM:
	case SIGINT:
		server_kill_server();
		break;
	case SIGUSR2:
		/* server-upgrade for package scripts: the installed server. */
		{
			char	*cause = NULL;

			if (upgrade_exec(NULL, NULL, &cause) != 0) {
				log_debug("upgrade: %s", cause);
				xfree(cause);
			}
		}
		break;
	case SIGUSR1:
		/* Recreate a deleted socket (tmux #1036). */
		if (server_fd != -1) {
			int	fd = server_listen(server_socket_path);

			if (fd != -1) {
				event_free(server_ev_accept);
				close(server_fd);
				server_fd = fd;
				server_ev_accept = event_new(server_base, fd,
				    EV_READ|EV_PERSIST, server_accept_cb, NULL);
				event_add(server_ev_accept, NULL);
			}
		}
		break;
	}
}

void
server_check_exit(void)
{
	if (server_killed) {
		if (server_nclients != 0)
			return;
	} else {
		if (!TAILQ_EMPTY(&model_sessions) || server_nclients != 0)
			return;
		if (server_starting)
			return;
		if (!options_get_number("exit-empty"))
			return;
	}
	if (!server_exiting) {
		server_exiting = 1;
		event_base_loopexit(server_base, NULL);
	}
}

/* A pane's program went away: remove it, and what became empty. */
void
server_pane_gone(struct pane *p)
{
	struct window	*w = p->window;

	pane_io_close(p);
	window_zoom_unzoom(w);
	if (window_pane_count(w) > 1) {
		layout_close_pane(p);
		window_pane_destroy(p);
		layout_fix_panes(w);
		notify_changed();
		return;
	}
	server_kill_window_everywhere(w);
	notify_changed();
	server_check_exit();
}

/* The layout changed a pane's size: its screen and program follow. */
static void
server_pane_resized(struct pane *p)
{
	pane_io_resize(p, p->sx, p->sy);
}

/*
 * A dead pane kept by remain-on-exit: once its exit status is known, tmux
 * draws remain-on-exit-format on a new bottom line (or, for "failed",
 * removes the pane if it exited with 0).
 */
static void
server_pane_show_dead(struct pane *p)
{
	struct cmd_find_state	 fs;
	struct cmdq_item	 item;
	struct buf		 b;
	const char		*fmt;
	char			*text;

	if (!p->dead || p->dead_shown || !p->status_ready)
		return;
	if (options_pane_number(p, "remain-on-exit") == 2 &&
	    WIFEXITED(p->status) && WEXITSTATUS(p->status) == 0) {
		server_pane_gone(p);
		return;
	}
	p->dead_shown = 1;
	gettimeofday(&p->dead_time, NULL);
	hooks_notify("pane-died", NULL, NULL, p, NULL);
	cmd_find_from_pane(&fs, p);
	memset(&item, 0, sizeof item);
	fmt = options_get_string("remain-on-exit-format");
	text = format_vars_for(&item, &fs, fmt != NULL ? fmt : "", 0);
	buf_init(&b);
	buf_printf(&b, "\033[r\033[%u;1H\n\033[m", p->sy);
	buf_add_str(&b, text);
	vt_screen_input(p->screen, buf_data(&b), b.len, NULL);
	buf_free(&b);
	xfree(text);
}

/* Exit statuses arrived (SIGCHLD): dead panes waiting for one. */
static void
server_panes_reaped(void)
{
	struct pane	*p, *next;

	pane_io_reap();
	TAILQ_FOREACH_SAFE(p, &model_panes, all_entry, next)
		server_pane_show_dead(p);
	popup_reaped();
}

/* Monotonic milliseconds (#{pane_idle}). */
static uint64_t
server_now_ms(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000);
}

/* A pane's screen changed (output, echo): alerts, then redraw. */
static void
server_pane_changed(struct pane *p)
{
	unsigned	events;

	if (p->window == NULL) {
		popup_pane_changed(p);
		return;
	}
	p->output_ms = server_now_ms();
	pane_settle_output(p);
	cmd_wait_pane_output(p);
	events = vt_screen_take_events(p->screen);
	alerts_pane_output(p, events);
	if (events & VT_EVENT_CLIPBOARD)
		clipboard_pane(p);
	tty_pane_changed(p);
}

/* A pane's terminal closed: remove the pane unless remain-on-exit. */
static void
server_pane_exited(struct pane *p)
{
	pane_io_reap();
	if (p->window == NULL) {
		popup_pane_check(p);
		return;
	}
	if (options_pane_number(p, "remain-on-exit") == 0) {
		hooks_notify("pane-exited", NULL, NULL, p, NULL);
		server_pane_gone(p);
		return;
	}
	pane_io_close(p);
	p->dead = 1;
	server_pane_show_dead(p);
}

void
server_unlink_window(struct session *s, struct winlink *wl)
{
	struct window	*w = wl->window;
	struct pane	*p;

	if (w->references == 1) {
		TAILQ_FOREACH(p, &w->panes, entry)
			pane_io_close(p);
	}
	winlink_remove(wl);
}

/*
 * Remove a window from a session; the session goes when it is empty, and
 * with it its whole group, which shared its windows.
 */
void
server_kill_window(struct session *s, struct winlink *wl)
{
	struct session_group	*sg;

	server_unlink_window(s, wl);
	if (!TAILQ_EMPTY(&s->windows)) {
		session_group_synchronize_from(s);
		return;
	}
	while ((sg = s->group) != NULL && sg->n > 1) {
		struct session	*other = sg->members[0] != s ? sg->members[0] :
			    sg->members[1];

		server_destroy_session(other);
	}
	session_destroy(s);
}

/* renumber-windows: close the gaps a killed window left (tmux). */
void
server_renumber(struct session *s)
{
	if (options_session_number(s, "renumber-windows")) {
		session_renumber(s,
		    (int)options_session_number(s, "base-index"));
		session_group_synchronize_from(s);
	}
}

/* Remove a window from every session that links it (its last pane went). */
void
server_kill_window_everywhere(struct window *w)
{
	struct session	*s;
	struct winlink	*wl;

again:
	TAILQ_FOREACH(s, &model_sessions, entry) {
		if ((wl = winlink_find_by_window(s, w)) != NULL) {
			/* This may destroy several sessions: start again. */
			server_kill_window(s, wl);
			if (session_find_by_id(s->id) == s)
				server_renumber(s);
			goto again;
		}
	}
}

/* Destroy a session: its windows go where no other session links them. */
void
server_destroy_session(struct session *s)
{
	struct winlink	*wl;

	hooks_notify("session-closed", s, NULL, NULL, NULL);
	while ((wl = TAILQ_FIRST(&s->windows)) != NULL)
		server_unlink_window(s, wl);
	session_destroy(s);
}

/* kill-session: only this session; its group keeps the windows. */
void
server_kill_session(struct session *s)
{
	server_destroy_session(s);
}

/*
 * kill-server: stop accepting first, so a client started once this one
 * has its answer finds no server (rather than one about to exit); then
 * exit whatever exit-empty says, once the connected clients have gone.
 */
void
server_kill_server(void)
{
	if (server_fd != -1) {
		event_del(server_ev_accept);
		close(server_fd);
		server_fd = -1;
	}
	server_killed = 1;
	server_kill_all();
}

void
server_kill_all(void)
{
	struct session	*s;

	while ((s = TAILQ_FIRST(&model_sessions)) != NULL)
		server_kill_session(s);
	server_check_exit();
}

static void
server_start_timeout(evutil_socket_t fd, short events, void *arg)
{
	server_starting = 0;
	server_check_exit();
}

int
server_listen_fd(void)
{
	return (server_fd);
}

/* Write all of b to fd, waiting up to a second in all. */
static void
server_upgrade_write(int fd, struct buf *b)
{
	struct pollfd	pfd;
	ssize_t		n;
	int		tries = 0;

	while (b->len != 0 && fd != -1 && tries < 100) {
		n = write(fd, buf_data(b), b->len);
		if (n > 0) {
			buf_consume(b, (size_t)n);
			continue;
		}
		if (n == -1 && errno != EAGAIN && errno != EINTR)
			return;
		pfd.fd = fd;
		pfd.events = POLLOUT;
		(void)poll(&pfd, 1, 10);
		tries++;
	}
}

/*
 * server-upgrade: every client gets its answer now and its connection is
 * not handed over (they close at exec): the requester exits 0, attached
 * clients see "[server upgraded]", control clients "%exit server
 * upgraded", other command clients an error.
 */
void
server_upgrade_clients(struct client *requester)
{
	struct client	*c;

	tty_detach_all("[server upgraded]", 0);
	TAILQ_FOREACH(c, &server_clients, all_entry) {
		if (c == requester)
			server_client_exit(c, 0, NULL);
		else if (c->flags & CLIENT_CONTROL)
			server_client_exit(c, 0, "server upgraded");
		else if (!c->exiting) {
			server_client_stderr_frame(c, "server upgraded");
			server_client_exit(c, 1, NULL);
		}
	}
	TAILQ_FOREACH(c, &server_clients, all_entry) {
		server_upgrade_write(c->out_fd, &c->out);
		server_upgrade_write(c->fd, &c->sock_out);
	}
}

/* Runs in the daemonised child; returns the exit status. */
int
server_start(const char *path, int lockfd, int ready_fd, int log_level)
{
	struct event	*ev_chld, *ev_term, *ev_int, *ev_usr1, *ev_usr2;
	int		 devnull, i, n;

	setsid();
	if ((devnull = open("/dev/null", O_RDWR)) != -1) {
		dup2(devnull, 0);
		dup2(devnull, 1);
		dup2(devnull, 2);
		if (devnull > 2)
			close(devnull);
	}
	setlocale(LC_CTYPE, "C.UTF-8");
	log_open(log_level, "server");
	server_pid = getpid();
	server_start_time = time(NULL);
	server_socket_path = xstrdup(path);
	for (n = 0; environ[n] != NULL; n++)
		;
	server_environ = xcalloc((size_t)n + 1, sizeof *server_environ);
	for (i = 0; i < n; i++)
		server_environ[i] = xstrdup(environ[i]);

	signal(SIGPIPE, SIG_IGN);
	signal(SIGHUP, SIG_IGN);
	server_base = event_base_new();
	xmalloc_return_pages();
	session_init();
	options_init();
	window_zoom_layout_init();
	job_init(server_base);
	for (i = 0; i < n; i++)
		environ_put(&global_environ, server_environ[i]);
	environ_unset(&global_environ, "TMUX");
	pane_io_init(server_base, server_pane_exited, server_pane_changed);
	server_acl_init();
	alerts_init();
	pane_io_set_output_hook(control_pane_output);
	notify_init(server_base);
	layout_pane_resized = server_pane_resized;

	if (lockfd == -1) {
		/* Exec'd by server-upgrade: the state comes from the old one. */
		char	*cause = NULL;

		server_fd = upgrade_restore(&cause);
		if (server_fd < 0) {
			log_debug("upgrade: %s", cause);
			return (1);
		}
		evutil_make_socket_nonblocking(server_fd);
		fcntl(server_fd, F_SETFD, FD_CLOEXEC);
	} else {
		server_fd = server_listen(path);
		close(lockfd);
	}
	if (server_fd == -1)
		return (1);
	server_ev_accept = event_new(server_base, server_fd, EV_READ|EV_PERSIST,
	    server_accept_cb, NULL);
	event_add(server_ev_accept, NULL);
	ev_chld = evsignal_new(server_base, SIGCHLD, server_signal_cb, NULL);
	ev_term = evsignal_new(server_base, SIGTERM, server_signal_cb, NULL);
	ev_int = evsignal_new(server_base, SIGINT, server_signal_cb, NULL);
	ev_usr1 = evsignal_new(server_base, SIGUSR1, server_signal_cb, NULL);
	ev_usr2 = evsignal_new(server_base, SIGUSR2, server_signal_cb, NULL);
	event_add(ev_usr2, NULL);
	event_add(ev_chld, NULL);
	event_add(ev_term, NULL);
	event_add(ev_int, NULL);
	event_add(ev_usr1, NULL);

	{
		char	cwd[PATH_MAX];

		if (getcwd(cwd, sizeof cwd) != NULL)
			server_start_cwd = xstrdup(cwd);
	}
	if (lockfd == -1) {
		/* No starter, no startup files: the old server had them. */
		cfg_finished = 1;
		server_starting = 0;
		server_panes_reaped();
	} else {
		cfg_load();
		/* Whatever happens, do not wait for the starter longer. */
		server_ev_start = evtimer_new(server_base,
		    server_start_timeout, NULL);
		{
			struct timeval	tv = { 5, 0 };

			evtimer_add(server_ev_start, &tv);
		}
		(void)write(ready_fd, "R", 1);
		close(ready_fd);
	}

	event_base_dispatch(server_base);
	prompt_history_save();
	job_kill_all();		/* as tmux */

	/* tmux leaves its socket file behind; so do we. */
	if (server_fd != -1)
		close(server_fd);
	return (0);
}

const char *
server_client_getenv(struct client *c, const char *name)
{
	size_t	len = strlen(name);
	int	i;

	if (c == NULL || c->env == NULL)
		return (NULL);
	for (i = 0; c->env[i] != NULL; i++) {
		if (strncmp(c->env[i], name, len) == 0 && c->env[i][len] == '=')
			return (c->env[i] + len + 1);
	}
	return (NULL);
}

int
server_client_nested(struct client *c)
{
	const char	*tmux = server_client_getenv(c, "TMUX");
	struct pane	*p;

	if (tmux == NULL || *tmux == '\0' || c->ttyname == NULL)
		return (0);
	TAILQ_FOREACH(p, &model_panes, all_entry) {
		if (p->tty != NULL && strcmp(vtty_name(p->tty), c->ttyname) == 0)
			return (1);
	}
	return (0);
}

/* The marked pane; pointers are checked against the model before use. */
static struct session	*marked_s;
static struct winlink	*marked_wl;
static struct pane	*marked_wp;

int
server_marked_get(struct cmd_find_state *fs)
{
	struct session	*s;
	struct winlink	*wl;
	struct pane	*p;

	if (marked_s == NULL)
		return (-1);
	TAILQ_FOREACH(s, &model_sessions, entry) {
		if (s != marked_s)
			continue;
		TAILQ_FOREACH(wl, &s->windows, entry) {
			if (wl != marked_wl)
				continue;
			TAILQ_FOREACH(p, &wl->window->panes, entry) {
				if (p != marked_wp)
					continue;
				if (fs != NULL) {
					memset(fs, 0, sizeof *fs);
					fs->s = s;
					fs->wl = wl;
					fs->w = wl->window;
					fs->wp = p;
					fs->idx = wl->idx;
				}
				return (0);
			}
		}
	}
	server_marked_clear();
	return (-1);
}

void
server_marked_set(struct session *s, struct winlink *wl, struct pane *wp)
{
	marked_s = s;
	marked_wl = wl;
	marked_wp = wp;
}

void
server_marked_clear(void)
{
	marked_s = NULL;
	marked_wl = NULL;
	marked_wp = NULL;
}
