/*
 * The virtual terminal end to end: a socketpair, a state file from
 * vtty_create, and real programs under the LD_PRELOAD shim ($ZEROPTY_SHIM,
 * set by make check). Checks what the programs see (isatty, termios,
 * size, ttyname, stty, tput, python) and what the engine sees (markers,
 * termios changes, foreground group), SIGWINCH, EOF and ^C.
 *
 * Every child is its own session; all are killed by process group (their
 * own pid) at exit, whether the test passes or not.
 */
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <errno.h>
#include <stddef.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "engine/base/buf.h"
#include "engine/base/testlib.h"
#include "engine/base/xmalloc.h"
#include "engine/sys/vtty.h"
#include "shim/shim-proto.h"

struct child {
	pid_t		 pid;
	int		 fd;
	struct vtty	*vt;
	struct buf	 raw;	/* bytes as the program wrote them */
	struct buf	 out;	/* after vtty_output */
	int		 eof;
	int		 status;
};

static char	 tmpdir[] = "/tmp/zpvtty-XXXXXX";
static char	 self[4096];
static pid_t	 pids[64];
static int	 npids;

static void
cleanup(void)
{
	int	i;

	for (i = 0; i < npids; i++) {
		if (pids[i] > 0) {
			kill(-pids[i], SIGKILL);
			waitpid(pids[i], NULL, WNOHANG);
		}
	}
	rmdir(tmpdir);
}

static long
now_ms(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (ts.tv_sec * 1000 + ts.tv_nsec / 1000000);
}

/* Start cmd with sh -c in a new session on a vtty of 80x24. */
static void
spawn(struct child *c, const char *cmd)
{
	char	*cause = NULL;
	int	 sv[2];

	memset(c, 0, sizeof *c);
	buf_init(&c->raw);
	buf_init(&c->out);
	if (socketpair(AF_UNIX, SOCK_STREAM|SOCK_CLOEXEC, 0, sv) != 0)
		abort();
	c->vt = vtty_create(tmpdir, sv[1], 80, 24, &cause);
	if (c->vt == NULL) {
		printf("Bail out! vtty_create: %s\n", cause);
		exit(1);
	}
	fflush(stdout);
	c->pid = fork();
	if (c->pid == 0) {
		setsid();
		dup2(sv[1], 0);
		dup2(sv[1], 1);
		dup2(sv[1], 2);
		setenv("LD_PRELOAD", vtty_shim_path(), 1);
		putenv(xstrdup(vtty_env(c->vt)));
		setenv("TERM", "xterm", 1);
		unsetenv("COLUMNS");
		unsetenv("LINES");
		setenv("ZPVTTY_SELF", self, 1);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	pids[npids++] = c->pid;
	close(sv[1]);
	c->fd = sv[0];
	vtty_set_child(c->vt, c->pid);
}

static int	expect_in(struct child *, struct buf *, const char *, int);

/* Read output until it contains want (NULL: until EOF) or timeout. */
static int
expect(struct child *c, const char *want, int ms)
{
	return (expect_in(c, &c->out, want, ms));
}

/* The same, looking at what the program wrote (before the ldisc). */
static int
expect_raw(struct child *c, const char *want, int ms)
{
	return (expect_in(c, &c->raw, want, ms));
}

static int
expect_in(struct child *c, struct buf *b0, const char *want, int ms)
{
	struct pollfd	pfd;
	uint8_t		b[4096];
	ssize_t		n;
	long		end = now_ms() + ms;

	for (;;) {
		if (want != NULL && strstr((char *)buf_data(b0), want))
			return (1);
		if (c->eof)
			return (want == NULL);
		if (now_ms() >= end)
			return (0);
		pfd.fd = c->fd;
		pfd.events = POLLIN;
		if (poll(&pfd, 1, end - now_ms()) <= 0)
			continue;
		n = read(c->fd, b, sizeof b);
		if (n <= 0) {
			c->eof = 1;
			continue;
		}
		buf_add(&c->raw, b, n);
		vtty_output(c->vt, b, n, &c->out);
	}
}

/* Keys through the line discipline; returns the echo. */
static const char *
keys(struct child *c, const char *s)
{
	static struct buf	echo;
	struct buf		prog;

	buf_init(&prog);
	buf_clear(&echo);
	vtty_input(c->vt, (const uint8_t *)s, strlen(s), &prog, &echo);
	buf_add(&c->out, buf_data(&echo), echo.len);
	if (prog.len > 0 && write(c->fd, buf_data(&prog), prog.len) < 0)
		abort();
	buf_free(&prog);
	return ((const char *)buf_data(&echo));
}

/* Whether vtty_input_wait says want within ms. */
static int
wait_input(struct child *c, int want, int ms)
{
	long	end = now_ms() + ms;

	while (now_ms() < end) {
		if (vtty_input_wait(c->vt) == want)
			return (1);
		usleep(5000);
	}
	return (0);
}

/* Wait for the child to exit; 1 if it did within ms. */
static int
reap(struct child *c, int ms)
{
	long	end = now_ms() + ms;

	while (now_ms() < end) {
		if (waitpid(c->pid, &c->status, WNOHANG) == c->pid) {
			c->pid = -c->pid;
			return (1);
		}
		usleep(10000);
	}
	return (0);
}

/* Has pid died (no process, or a zombie nobody reaps) within ms? */
static int
gone(pid_t pid, int ms)
{
	char	path[64], buf[256], *p;
	long	end = now_ms() + ms;
	FILE	*f;

	snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
	while (now_ms() < end) {
		if ((f = fopen(path, "r")) == NULL)
			return (1);
		p = fgets(buf, sizeof buf, f);
		fclose(f);
		if (p != NULL && (p = strrchr(buf, ')')) != NULL &&
		    (p[2] == 'Z' || p[2] == 'X'))
			return (1);
		usleep(10000);
	}
	return (0);
}

/* For a failure: the process's state and signal masks, as TAP comments. */
static void
show_proc(pid_t pid)
{
	char	path[64], buf[512];
	FILE	*f;

	snprintf(path, sizeof path, "/proc/%ld/status", (long)pid);
	if ((f = fopen(path, "r")) == NULL) {
		printf("# %ld: no such process now\n", (long)pid);
		return;
	}
	while (fgets(buf, sizeof buf, f) != NULL) {
		if (strncmp(buf, "Name:", 5) == 0 ||
		    strncmp(buf, "State:", 6) == 0 ||
		    strncmp(buf, "PPid:", 5) == 0 ||
		    strncmp(buf, "Sig", 3) == 0)
			printf("# %ld %s", (long)pid, buf);
	}
	fclose(f);
}

static void
finish(struct child *c)
{
	int	i;

	if (c->pid > 0) {
		kill(-c->pid, SIGKILL);
		waitpid(c->pid, NULL, 0);
	}
	for (i = 0; i < npids; i++)
		if (pids[i] == c->pid || pids[i] == -c->pid)
			pids[i] = 0;
	close(c->fd);
	vtty_destroy(c->vt);
	buf_free(&c->raw);
	buf_free(&c->out);
}

static const char *
out(struct child *c)
{
	return ((const char *)buf_data(&c->out));
}

/* A static ELF (no dynamic loader named in its first page)? */
static int
is_static(const char *path)
{
	char	b[4096];
	ssize_t	n;
	int	fd;

	if ((fd = open(path, O_RDONLY)) == -1)
		return (0);
	n = read(fd, b, sizeof b);
	close(fd);
	return (n > 4 && memcmp(b, "\177ELF", 4) == 0 &&
	    memmem(b, n, "/ld-", 4) == NULL);
}

/* Child side, run under the shim: report what a program sees. */
static int
child_main(const char *what)
{
	struct termios	t;
	struct winsize	ws;
	char		*name;
	int		 fd;

	if (strcmp(what, "basic") == 0) {
		printf("isatty=%d%d%d\n", isatty(0), isatty(1), isatty(2));
		fd = tcgetattr(0, &t);
		printf("tcgetattr=%d icanon=%d\n", fd,
		    (t.c_lflag & ICANON) != 0);
		memset(&ws, 0, sizeof ws);
		ioctl(1, TIOCGWINSZ, &ws);
		printf("winsz=%ux%u\n", ws.ws_col, ws.ws_row);
		name = ttyname(0);
		printf("ttyname=%s\n", name ? name : "(null)");
		fd = open("/dev/tty", O_RDWR);
		printf("devtty=%d\n", fd >= 0 && isatty(fd));
		fd = name ? open(name, O_RDWR|O_NOCTTY) : -1;
		printf("openname=%d\n", fd >= 0 && isatty(fd));
		printf("pgrp=%d\n", tcgetpgrp(0) == getpgrp());
		printf("sid=%d\n", tcgetsid(0) == getsid(0));
		printf("pipe=%d\n", isatty(open("/dev/null", O_RDONLY)));
		return (0);
	}
	if (strcmp(what, "raw") == 0) {
		printf("x\n");
		fflush(stdout);
		tcgetattr(0, &t);
		cfmakeraw(&t);
		tcsetattr(0, TCSANOW, &t);
		printf("a\nb\n");
		return (0);
	}
	if (strcmp(what, "prompt") == 0) {
		char	line[64];

		printf("Name: ");
		if (fgets(line, sizeof line, stdin) != NULL)
			printf("hi %s", line);
		return (0);
	}
	if (strcmp(what, "getpass") == 0) {
		name = getpass("pw: ");
		printf("got [%s]\n", name ? name : "(null)");
		return (0);
	}
	if (strcmp(what, "winch") == 0) {
		sigset_t	set;
		int		sig;

		sigemptyset(&set);
		sigaddset(&set, SIGWINCH);
		sigprocmask(SIG_BLOCK, &set, NULL);
		printf("ready\n");
		fflush(stdout);
		if (sigwait(&set, &sig) == 0) {
			ioctl(0, TIOCGWINSZ, &ws);
			printf("winch %ux%u\n", ws.ws_col, ws.ws_row);
		}
		return (0);
	}
	if (strcmp(what, "setpgrp") == 0) {
		pid_t	v = atoi(getenv("ZPVTTY_VICTIM"));
		int32_t	i = v;
		char	line[64];
		int	r;

		r = tcsetpgrp(0, v);
		printf("tcsetpgrp=%d %s\n", r, r == 0 ? "" : strerror(errno));
		r = ioctl(0, TIOCSPGRP, &v);
		printf("TIOCSPGRP=%d %s\n", r, r == 0 ? "" : strerror(errno));
		printf("own=%d\n", tcsetpgrp(0, getpgrp()));
		/* Past the shim: write the state file as any program can. */
		fd = open(getenv(ZPTY_ENV), O_RDWR);
		if (fd == -1 ||
		    pwrite(fd, &i, sizeof i, offsetof(struct zpty_state, pgrp))
		    != sizeof i ||
		    pwrite(fd, &i, sizeof i, offsetof(struct zpty_state, sid))
		    != sizeof i)
			return (1);
		printf("forged\n");
		fflush(stdout);
		while (fgets(line, sizeof line, stdin) != NULL)
			/* nothing */;
		return (0);
	}
	return (1);
}

int
main(int argc, char **argv)
{
	struct child	 c;
	struct termios	 t;
	char		 cmd[8192], want[256];
	const char	*shim;
	ssize_t		 n;
	int		 ok;

	if (argc == 3 && strcmp(argv[1], "--child") == 0)
		return (child_main(argv[2]));

	n = readlink("/proc/self/exe", self, sizeof self - 1);
	if (n <= 0)
		return (1);
	self[n] = '\0';
	shim = vtty_shim_path();
	if (access(shim, R_OK) != 0) {
		printf("Bail out! no shim at %s (set ZEROPTY_SHIM)\n", shim);
		return (1);
	}
	if (mkdtemp(tmpdir) == NULL)
		return (1);
	atexit(cleanup);
	signal(SIGPIPE, SIG_IGN);

	/* What a C program sees. */
	snprintf(cmd, sizeof cmd, "exec \"$ZPVTTY_SELF\" --child basic");
	spawn(&c, cmd);
	test_ok(expect(&c, NULL, 5000), "basic child ran");
	test_ok(strstr(out(&c), "isatty=111\r\n") != NULL, "isatty(0/1/2)");
	test_ok(strstr(out(&c), "tcgetattr=0 icanon=1\r\n") != NULL,
	    "tcgetattr");
	test_ok(strstr(out(&c), "winsz=80x24\r\n") != NULL, "TIOCGWINSZ");
	snprintf(want, sizeof want, "ttyname=%s\r\n", vtty_name(c.vt));
	test_ok(strstr(out(&c), want) != NULL, "ttyname is %s",
	    vtty_name(c.vt));
	test_ok(strstr(out(&c), "devtty=1\r\n") != NULL, "open /dev/tty");
	test_ok(strstr(out(&c), "openname=1\r\n") != NULL,
	    "open the ttyname");
	test_ok(strstr(out(&c), "pgrp=1\r\n") != NULL, "tcgetpgrp");
	test_ok(strstr(out(&c), "sid=1\r\n") != NULL, "tcgetsid");
	test_ok(strstr(out(&c), "pipe=0\r\n") != NULL, "/dev/null no tty");
	test_ok(reap(&c, 2000) && WIFEXITED(c.status) &&
	    WEXITSTATUS(c.status) == 0, "exit 0");
	finish(&c);

	/* Tools. */
	spawn(&c, "stty size; tput cols; tput lines; "
	    "/usr/bin/python3 -c 'import os; print(os.get_terminal_size())';"
	    "tty; test -t 0 && echo t0");
	test_ok(expect(&c, NULL, 10000), "tools ran");
	test_ok(strstr(out(&c), "24 80\r\n80\r\n24\r\n") != NULL,
	    "stty size, tput cols/lines");
	test_ok(strstr(out(&c), "os.terminal_size(columns=80, lines=24)")
	    != NULL, "python os.get_terminal_size");
	snprintf(want, sizeof want, "%s\r\nt0\r\n", vtty_name(c.vt));
	test_ok(strstr(out(&c), want) != NULL, "tty(1) and test -t");
	finish(&c);

	/* stty -a as in a tmux 3.3a pane. */
	spawn(&c, "stty -a");
	expect(&c, NULL, 5000);
	test_ok(strstr(out(&c), "speed 38400 baud; rows 24; columns 80; "
	    "line = 0;\r\n"
	    "intr = ^C; quit = ^\\; erase = ^?; kill = ^U; eof = ^D; "
	    "eol = <undef>;\r\n"
	    "eol2 = <undef>; swtch = <undef>; start = ^Q; stop = ^S; "
	    "susp = ^Z; rprnt = ^R;\r\n"
	    "werase = ^W; lnext = ^V; discard = ^O; min = 1; time = 0;\r\n"
	    "-parenb -parodd -cmspar cs8 -hupcl -cstopb cread -clocal "
	    "-crtscts\r\n"
	    "-ignbrk -brkint -ignpar -parmrk -inpck -istrip -inlcr -igncr "
	    "icrnl ixon -ixoff\r\n"
	    "-iuclc -ixany -imaxbel iutf8\r\n"
	    "opost -olcuc -ocrnl onlcr -onocr -onlret -ofill -ofdel nl0 cr0 "
	    "tab0 bs0 vt0 ff0\r\n"
	    "isig icanon iexten echo echoe echok -echonl -noflsh -xcase "
	    "-tostop -echoprt\r\n"
	    "echoctl echoke -flusho -extproc\r\n") != NULL,
	    "stty -a is a fresh tmux pane's");
	finish(&c);

	/* tcsetattr: marker in the stream, termios seen by the engine. */
	spawn(&c, "exec \"$ZPVTTY_SELF\" --child raw");
	expect(&c, NULL, 5000);
	test_streq(out(&c), "x\r\na\nb\n", "output after cfmakeraw: no ONLCR");
	test_ok(strstr((char *)buf_data(&c.raw), ";o=4\033\\a") != NULL &&
	    strstr((char *)buf_data(&c.raw), "\033_zpty;k=") != NULL,
	    "marker o=4 (ONLCR, no OPOST) before the raw output");
	vtty_get_termios(c.vt, &t);
	test_ok(!(t.c_lflag & (ICANON|ECHO)) && !(t.c_oflag & OPOST),
	    "engine sees the raw termios");
	finish(&c);

	spawn(&c, "stty -echo -icanon; echo ok; stty sane; echo ok2");
	expect(&c, NULL, 5000);
	test_streq(out(&c), "ok\r\nok2\r\n", "stty changes, no marker shown");
	finish(&c);

	/* SIGWINCH. */
	spawn(&c, "exec \"$ZPVTTY_SELF\" --child winch");
	test_ok(expect(&c, "ready\r\n", 5000), "winch child ready");
	vtty_resize(c.vt, 100, 30);
	test_ok(expect(&c, "winch 100x30\r\n", 5000),
	    "SIGWINCH after vtty_resize, new size");
	finish(&c);

	/* Markers forged by data: a program's output, a paste. */
	spawn(&c, "printf 'a\\033_zpty;o=0\\033\\\\b\\nc\\n'");
	expect(&c, NULL, 5000);
	test_streq(out(&c), "a\033_zpty;o=0\033\\b\r\nc\r\n",
	    "a forged output marker is data: ONLCR stays on");
	finish(&c);
	spawn(&c, "cat; echo done=$?");
	usleep(100000);
	keys(&c, "x\377\376EOFy\r");
	keys(&c, "z\r");
	test_ok(expect_raw(&c, "z\n", 5000) &&
	    strstr(out(&c), "done=") == NULL,
	    "a forged EOF marker in the input is data: cat goes on");
	test_ok(strstr((char *)buf_data(&c.raw), "x\377\376EOFy\nz\n") !=
	    NULL, "cat copies the forged marker's bytes");
	finish(&c);

	/*
	 * No pty to be had (no helper): a static program runs on the socket
	 * without the shim. Its group gets no echo (it cannot turn echo off:
	 * passwords) and no EOF marker (it would read it as data).
	 */
	if (is_static("/usr/bin/busybox")) {
		setenv("ZEROPTY_PTY_HELPER", "/nonexistent", 1);
		spawn(&c, "exec busybox sh -c 'read x; echo got=$x'");
		test_ok(expect(&c, "runs without a terminal: /nonexistent: "
		    "No such file or directory\r", 5000),
		    "no pty: one line says why");
		test_streq(keys(&c, "s3cret\r"), "",
		    "no pty: no echo for a program without the shim");
		test_ok(expect(&c, "got=s3cret\r\n", 5000),
		    "no pty: the line is read");
		finish(&c);
		spawn(&c, "exec busybox cat");
		test_ok(expect(&c, "runs without a terminal", 5000),
		    "no pty: cat started");
		keys(&c, "\004");
		keys(&c, "x\r");
		test_ok(expect_raw(&c, "x\n", 5000) &&
		    memchr(buf_data(&c.raw), 0xff, c.raw.len) == NULL,
		    "no pty: C-d sends no EOF marker to a reader without "
		    "the shim");
		finish(&c);
		unsetenv("ZEROPTY_PTY_HELPER");
	}

	/* cat and EOF. */
	spawn(&c, "cat; echo done=$?");
	usleep(100000);
	test_streq(keys(&c, "hello\r"), "hello\r\n", "echo of hello");
	test_ok(expect(&c, "hello\r\nhello\r\n", 5000), "cat copies the line");
	keys(&c, "ab");
	keys(&c, "\004");
	test_ok(expect(&c, "hello\r\nabab", 5000), "^D with text: delivered");
	keys(&c, "\004");
	test_ok(expect(&c, "done=0\r\n", 5000), "^D at line start: cat exits");
	finish(&c);

	/* ^C kills the foreground group. */
	spawn(&c, "sleep 100; echo not-killed");
	usleep(200000);
	test_streq(keys(&c, "\003"), "^C", "^C echoed");
	test_ok(reap(&c, 3000), "^C: sh and sleep are gone");
	test_ok(strstr(out(&c), "not-killed") == NULL, "nothing ran after");
	finish(&c);

	/* node (libuv reopens the tty by its name and sets O_NONBLOCK). */
	if (access("/usr/bin/node", X_OK) == 0) {
		spawn(&c, "/usr/bin/node -e 'console.log([process.stdout.isTTY, "
		    "process.stdin.isTTY, process.stdout.columns, "
		    "process.stdout.rows].join(\" \")); "
		    "process.stdin.setRawMode(true); "
		    "process.stdin.once(\"data\", d => { console.log(\"key\", "
		    "JSON.stringify(d.toString())); process.exit(0); })'; "
		    "echo back; read x; echo \"read=$x\"");
		test_ok(expect(&c, "true true 80 24\r\n", 5000),
		    "node: isTTY and size");
		usleep(300000);
		keys(&c, "q");
		test_ok(expect(&c, "key \"q\"\r\nback\r\n", 5000),
		    "node: raw key");
		keys(&c, "ok\r");
		test_ok(expect(&c, "read=ok\r\n", 5000),
		    "shell reads the tty after node");
		finish(&c);
	}

	/* less reads keys from /dev/tty when stdin is a pipe. */
	spawn(&c, "printf 'l1\\nl2\\n' | less; echo less=$?");
	test_ok(expect(&c, "l2", 5000), "less shows its input");
	usleep(200000);
	keys(&c, "q");
	test_ok(expect(&c, "less=0\r\n", 5000), "less quits on q");
	finish(&c);

	/* vim starts and quits. */
	spawn(&c, "vim -u NONE -N -i NONE -n; echo vim=$?");
	usleep(1000000);
	keys(&c, "\033:q!\r");
	test_ok(expect(&c, "vim=0\r\n", 5000), "vim quits on :q!");
	finish(&c);

	/* stdout is line-buffered on the terminal, as on a tty. */
	spawn(&c, "(echo a; echo b; sleep 5) | grep a; echo end");
	test_ok(expect(&c, "a\r\n", 2000) && strstr(out(&c), "end") == NULL,
	    "grep's output arrives line by line");
	finish(&c);

	/* stdio: reading stdin flushes a prompt on stdout. */
	spawn(&c, "exec \"$ZPVTTY_SELF\" --child prompt");
	test_ok(expect(&c, "Name: ", 3000), "stdio prompt shows before input");
	keys(&c, "zp\r");
	test_ok(expect(&c, "hi zp\r\n", 3000), "stdio reads the line");
	finish(&c);

	/* Passwords: echo off, through /dev/tty. */
	spawn(&c, "exec \"$ZPVTTY_SELF\" --child getpass");
	test_ok(expect(&c, "pw: ", 5000), "getpass prompt");
	test_streq(keys(&c, "s3cret\r"), "\r\n", "getpass: only NL echoed");
	test_ok(expect(&c, "got [s3cret]\r\n", 5000), "getpass: the line");
	finish(&c);
	spawn(&c, "/usr/bin/python3 -c 'import getpass; "
	    "print(\"got\", getpass.getpass(\"pw: \"))'");
	test_ok(expect(&c, "pw: ", 5000), "python getpass prompt");
	test_streq(keys(&c, "xyz\r"), "", "python getpass: no echo");
	test_ok(expect(&c, "got xyz\r\n", 5000), "python getpass: the line");
	finish(&c);

	/* Without ZEROPTY_TTY, or with a missing file: plain libc. */
	spawn(&c, "env -u ZEROPTY_TTY sh -c 'test -t 0 || echo notty1'; "
	    "ZEROPTY_TTY=/nonexistent /usr/bin/python3 -c "
	    "'import os; print(os.isatty(0))'; "
	    "ZEROPTY_TTY=/nonexistent stty size 2>/dev/null || echo nosize");
	expect(&c, NULL, 5000);
	test_streq(out(&c), "notty1\r\nFalse\r\nnosize\r\n",
	    "no state: not a terminal");
	finish(&c);

	/* A pending line becomes readable when the program leaves ICANON. */
	spawn(&c, "stty -icanon min 1; dd bs=1 count=3 2>/dev/null; echo");
	usleep(300000);
	keys(&c, "xyz");
	test_ok(expect(&c, "xyzxyz\r\n", 5000), "-icanon: bytes at once");
	finish(&c);

	/* Hangup: the foreground job in its own group goes too. */
	spawn(&c, "export PS1='zp> '; exec bash --norc --noprofile -i");
	expect(&c, "zp> ", 5000);
	keys(&c, "sleep 100\r");
	usleep(500000);
	{
		pid_t	fg = vtty_foreground(c.vt);
		int	dead;

		test_ok(fg != c.pid && fg > 0, "sleep is the foreground job");
		vtty_hangup(c.vt);
		/* Generous: under make check -j2 the machine is busy. */
		test_ok(reap(&c, 10000), "hangup: bash exits");
		dead = gone(fg, 10000);
		test_ok(dead, "hangup: the job is gone");
		if (!dead)
			show_proc(fg);
		kill(-fg, SIGKILL);
	}
	finish(&c);

	/*
	 * tcsetpgrp to another session's group: EPERM, as on a tty, and a
	 * group forged in the state file is not signalled (^C, resize,
	 * hangup). The victim is a sleep this test started in its own
	 * session.
	 */
	{
		pid_t	victim;
		char	vs[32];
		int	alive;

		fflush(stdout);
		if ((victim = fork()) == 0) {
			setsid();
			execl("/bin/sleep", "sleep", "1000", (char *)NULL);
			_exit(127);
		}
		pids[npids++] = victim;
		snprintf(vs, sizeof vs, "%ld", (long)victim);
		setenv("ZPVTTY_VICTIM", vs, 1);
		spawn(&c, "exec \"$ZPVTTY_SELF\" --child setpgrp");
		test_ok(expect(&c, "forged\r\n", 5000), "setpgrp child ran");
		test_ok(strstr(out(&c), "tcsetpgrp=-1 Operation not permitted"
		    "\r\n") != NULL, "tcsetpgrp(other session): EPERM");
		test_ok(strstr(out(&c), "TIOCSPGRP=-1 Operation not permitted"
		    "\r\n") != NULL, "TIOCSPGRP(other session): EPERM");
		test_ok(strstr(out(&c), "own=0\r\n") != NULL,
		    "tcsetpgrp(own group) works");
		keys(&c, "\003");
		vtty_resize(c.vt, 90, 30);
		vtty_hangup(c.vt);
		test_ok(reap(&c, 10000), "hangup: the pane's program exits");
		alive = waitpid(victim, NULL, WNOHANG) == 0 &&
		    kill(victim, 0) == 0;
		test_ok(alive, "forged foreground group and session: the "
		    "other session's process survives ^C, resize, hangup");
		if (!alive)
			printf("# raw: %s\n", (char *)buf_data(&c.raw));
		kill(victim, SIGKILL);
		waitpid(victim, NULL, 0);
		unsetenv("ZPVTTY_VICTIM");
		finish(&c);
	}

	/* An interactive bash with job control. */
	spawn(&c, "export PS1='zp> '; exec bash --norc --noprofile -i");
	test_ok(expect(&c, "zp> ", 5000), "bash prompt");
	keys(&c, "sleep 100\r");
	usleep(500000);
	test_ok(vtty_foreground(c.vt) != c.pid,
	    "bash made sleep the foreground group");
	keys(&c, "\003");
	usleep(300000);
	test_ok(vtty_foreground(c.vt) == c.pid, "bash took it back after ^C");
	keys(&c, "echo $((6*7))\r");
	ok = expect(&c, "42\r\n", 5000);
	test_ok(ok, "bash still works");
	if (!ok)
		printf("# raw: %s\n", (char *)buf_data(&c.raw));
	keys(&c, "exit\r");
	test_ok(reap(&c, 5000), "bash exited");
	finish(&c);

	/*
	 * Waits for input (shim-proto.h, input_wait): a read of the
	 * terminal, and poll/select on it; none while the program works.
	 */
	spawn(&c, "echo ready; read x; echo got=$x; sleep 0.3; "
	    "/usr/bin/python3 -c 'import select, sys; print(\"sel\", "
	    "flush=True); select.select([0], [], []); print(\"woke\")'; "
	    "sleep 5");
	test_ok(expect(&c, "ready\r\n", 5000), "input wait child ready");
	test_ok(wait_input(&c, 1, 3000), "a read of the terminal is a wait");
	keys(&c, "hi\r");
	test_ok(expect(&c, "got=hi\r\n", 5000) && wait_input(&c, 0, 3000),
	    "no wait once it has read and works");
	test_ok(expect(&c, "sel\r\n", 5000) && wait_input(&c, 1, 3000),
	    "select on the terminal is a wait");
	keys(&c, "x\r");
	test_ok(expect(&c, "woke\r\n", 5000) && wait_input(&c, 0, 3000),
	    "none after select woke (sleep runs)");
	finish(&c);

	return (test_done());
}
