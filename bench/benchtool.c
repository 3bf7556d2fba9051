/*
 * benchtool: the small programs behind bench/run.sh, in one binary so the
 * load in the panes and the latency timer cost as little as possible.
 *
 *   benchtool idle FILE FIFO PIDFILE
 *	Wait at the start barrier, write FILE to stdout once, then stay
 *	quiet: block reading stdin (discarding what is typed) until it is
 *	closed or hung up, then exit.
 *   benchtool steady INDEX PERIOD_MS FIFO PIDFILE
 *	Wait at the start barrier, then print one line every PERIOD_MS,
 *	starting at phase frac(INDEX * 0.618) of the period so that the
 *	sessions' writes are spread evenly.  Exits when a write fails.
 *   benchtool redraw INDEX FIFO PIDFILE
 *	Wait at the start barrier, then once a second (at phase
 *	frac(INDEX * 0.618)) redraw the same 31 rows in place: a status
 *	panel like an agent's, coloured, with a changing counter.
 *   benchtool dump INDEX FILE PERIOD_MS FIFO PIDFILE
 *	Wait at the start barrier, then every PERIOD_MS (phased as above)
 *	write the next 15 KB of FILE (cut at a line end, wrapping around):
 *	an agent printing a chunk of its transcript.
 *   benchtool replay INDEX CAST FIFO PIDFILE STATFILE [PREFILL]
 *	Replay the output of an asciinema v2 recording at its recorded
 *	speed, looping every (last event + 1 s), session INDEX starting at
 *	frac(INDEX * 0.618) of the loop; with PREFILL, that file is written
 *	first, at the barrier (a full history before the agent starts).  Every second it rewrites STATFILE
 *	with "due=BYTES written=BYTES": what the recording had produced by
 *	now and what the terminal accepted (a multiplexer that does not
 *	read makes written fall behind).  BENCHTOOL_LOOP_GAP_MS (default
 *	1000) is the quiet time between the last event and the next loop.
 *	On SIGUSR1 (bench/soak.py) it stops after the write in progress,
 *	writes its stat file a last time, then CAN, SGR 0 and the end marker
 *	"ESC ] 2 ; soak-end WRITTEN ST" (the pane's title: a multiplexer
 *	that parsed it read every byte before it), then stays quiet like
 *	idle so that the pane lives on.
 *   benchtool bulk LINES FIFO PIDFILE STATFILE
 *	Wait at the start barrier, write LINES coloured lines (~90 bytes
 *	each; 60000 make 5.4 MB) as fast as the terminal takes them, the last one being
 *	"BULK-END", write "write_ns=N" (from the release) to STATFILE, then
 *	stay quiet like idle.
 *   benchtool lat CALLS NSESS PROG ARG...
 *	Run PROG ARG... CALLS times, one after the other (posix_spawn,
 *	stdout and stderr to /dev/null), replacing "{}" in an argument by
 *	the session name s<i % NSESS>; print
 *	"calls=N fail=F p50_us=.. p95_us=.. mean_us=.. min_us=.. max_us=..
 *	cpu_us=..", cpu_us being the mean CPU time (user + system) of one
 *	call's client process, which a loaded machine changes far less than
 *	the wall times.
 *   benchtool ctlmut N CALLERS TAG RFD WFD
 *	Through a control connection already open (write commands to WFD,
 *	read the answers from RFD): N `set-option -g @kTAG_I vI` writes, I
 *	cycling over 128 names, CALLERS (at most 256) of them in flight:
 *	as answers come back, the commands that replace them are written
 *	in one write, as a client's event loop flushes what its callers
 *	queued (the connection answers in order); print
 *	"ops=N fail=F ops_per_s=.. p95_us=.." (write to %end). In C because
 *	a Python driver was slower than either server (the servers waited
 *	for it 40 % of the time).
 *   benchtool pingpong N
 *	The floor under a one-caller round trip on this machine: a child
 *	that does what a server does for a command and nothing else
 *	(epoll_wait, read the line, write a reply) answers N lines sent one
 *	at a time over pipes; print "calls=N p50_us=.. p95_us=..
 *	mean_us=..".
 *
 * The barrier: run.sh holds FIFO open for writing.  Each pane opens it,
 * writes its pid to PIDFILE (so run.sh knows it is ready and can clean it
 * up), then reads until end of file, which comes for every pane at once
 * when run.sh closes its end.
 */

#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static void
die(const char *what)
{
	fprintf(stderr, "benchtool: %s: %s\n", what, strerror(errno));
	exit(1);
}

/* Write all of buf; exit quietly when the terminal has gone. */
static void
write_all(const char *buf, size_t len)
{
	ssize_t	n;

	while (len > 0) {
		n = write(STDOUT_FILENO, buf, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			exit(0);
		buf += n;
		len -= (size_t)n;
	}
}

/* Join the start barrier (see the top of the file). */
static void
barrier(const char *fifo, const char *pidfile)
{
	char	 tmp[4096], b[32];
	ssize_t	 n;
	int	 fd, pfd, len;

	if ((fd = open(fifo, O_RDONLY)) == -1)
		die(fifo);
	len = snprintf(b, sizeof b, "%ld\n", (long)getpid());
	if (snprintf(tmp, sizeof tmp, "%s.tmp", pidfile) >= (int)sizeof tmp)
		exit(1);
	if ((pfd = open(tmp, O_WRONLY|O_CREAT|O_TRUNC, 0644)) == -1)
		die(tmp);
	if (write(pfd, b, len) != len || close(pfd) != 0)
		die(tmp);
	if (rename(tmp, pidfile) != 0)
		die(pidfile);
	for (;;) {
		n = read(fd, b, sizeof b);
		if (n == 0 || (n < 0 && errno != EINTR))
			break;
	}
	close(fd);
}

/* Copy a file to stdout. */
static void
write_file(const char *path)
{
	char	 buf[65536];
	ssize_t	 n;
	int	 fd;

	if ((fd = open(path, O_RDONLY)) == -1)
		die(path);
	while ((n = read(fd, buf, sizeof buf)) > 0)
		write_all(buf, (size_t)n);
	close(fd);
}

static int
cmd_idle(int argc, char **argv)
{
	char	 buf[65536];
	ssize_t	 n;

	if (argc != 5)
		return (2);
	if (access(argv[2], R_OK) != 0)
		die(argv[2]);
	barrier(argv[3], argv[4]);
	write_file(argv[2]);
	/* Quiet from here on: only typed input (send-keys) wakes us. */
	for (;;) {
		n = read(STDIN_FILENO, buf, sizeof buf);
		if (n == 0 || (n < 0 && errno != EINTR))
			break;
	}
	return (0);
}

static void
ts_add_ns(struct timespec *ts, uint64_t ns)
{
	ns += (uint64_t)ts->tv_nsec;
	ts->tv_sec += (time_t)(ns / 1000000000ULL);
	ts->tv_nsec = (long)(ns % 1000000000ULL);
}

static int
cmd_steady(int argc, char **argv)
{
	static const char *words[] = {
		"parse", "request", "header", "token", "buffer", "commit",
		"render", "socket", "handler", "cache", "session", "window",
	};
	struct timespec	 next;
	uint64_t	 period, phase;
	unsigned long	 seq;
	double		 frac;
	char		 line[512];
	int		 idx, len, i, w;

	if (argc != 6)
		return (2);
	idx = atoi(argv[2]);
	period = (uint64_t)atoi(argv[3]) * 1000000ULL;
	if (period == 0)
		return (2);
	barrier(argv[4], argv[5]);

	frac = idx * 0.618;
	frac -= (double)(uint64_t)frac;
	phase = (uint64_t)(frac * (double)period);
	clock_gettime(CLOCK_MONOTONIC, &next);
	ts_add_ns(&next, phase);
	for (seq = 0;; seq++) {
		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next,
		    NULL) == EINTR)
			;
		/* A log-like line: coloured prefix, ~100 columns of text. */
		len = snprintf(line, sizeof line,
		    "\033[2m%06lu\033[0m \033[32ms%03d\033[0m \033[1m%-8s\033[0m",
		    seq, idx, words[(seq + idx) % 12]);
		for (i = 0; i < 8; i++) {
			w = (int)((seq * 7 + idx * 3 + i * 5) % 12);
			len += snprintf(line + len, sizeof line - len, " %s=%lu",
			    words[w], (seq * 31 + i * 17 + idx) % 100000);
		}
		len += snprintf(line + len, sizeof line - len, "\r\n");
		write_all(line, (size_t)len);
		ts_add_ns(&next, period);
	}
	return (0);
}

/* frac(index x 0.618) of period: the sessions' phases, spread evenly. */
static uint64_t
phase_of(int idx, uint64_t period)
{
	double	frac = idx * 0.618;

	frac -= (double)(uint64_t)frac;
	return ((uint64_t)(frac * (double)period));
}

static void
sleep_until(const struct timespec *at)
{
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, at, NULL) ==
	    EINTR)
		;
}

static uint64_t
now_ns(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec);
}

static int
cmd_redraw(int argc, char **argv)
{
	static const char *tasks[] = {
		"Reading files", "Running tests", "Editing source",
		"Searching code", "Thinking", "Writing summary",
	};
	struct timespec	 next;
	unsigned long	 tick;
	char		 buf[16384];
	int		 idx, len, row;

	if (argc != 5)
		return (2);
	idx = atoi(argv[2]);
	barrier(argv[3], argv[4]);
	clock_gettime(CLOCK_MONOTONIC, &next);
	ts_add_ns(&next, phase_of(idx, 1000000000ULL));
	for (tick = 0;; tick++) {
		sleep_until(&next);
		len = snprintf(buf, sizeof buf, "\033[H");
		for (row = 0; row < 31; row++) {
			len += snprintf(buf + len, sizeof buf - len,
			    "\033[38;5;%dm%s\033[39m %-16s \033[2m%5lu.%02d\033[22m"
			    " \033[1m%3lu%%\033[22m ", 170 + row % 8,
			    row == 0 ? "\342\234\273" : "\342\216\277",
			    tasks[(row + tick) % 6], tick, row,
			    (tick * 7 + (unsigned long)row * 13) % 101);
			len += snprintf(buf + len, sizeof buf - len,
			    "%.*s\033[K\r\n", (int)((tick + (unsigned long)row) % 40 + 20),
			    "==========================================================="
			    "=====================");
		}
		write_all(buf, (size_t)len);
		ts_add_ns(&next, 1000000000ULL);
	}
	return (0);
}

static char *
read_file(const char *path, size_t *lenp)
{
	struct stat	 st;
	char		*data;
	size_t		 off = 0;
	ssize_t		 n;
	int		 fd;

	if ((fd = open(path, O_RDONLY)) == -1 || fstat(fd, &st) != 0)
		die(path);
	if ((data = malloc((size_t)st.st_size + 1)) == NULL)
		die("malloc");
	while (off < (size_t)st.st_size &&
	    (n = read(fd, data + off, (size_t)st.st_size - off)) > 0)
		off += (size_t)n;
	close(fd);
	data[off] = '\0';
	*lenp = off;
	return (data);
}

static int
cmd_dump(int argc, char **argv)
{
	struct timespec	 next;
	uint64_t	 period;
	size_t		 len, off = 0, end;
	char		*data;
	int		 idx;

	if (argc != 7)
		return (2);
	idx = atoi(argv[2]);
	data = read_file(argv[3], &len);
	period = (uint64_t)atoi(argv[4]) * 1000000ULL;
	if (len < 16384 || period == 0)
		return (2);
	barrier(argv[5], argv[6]);
	off = (size_t)idx * 7919 % len;
	while (off > 0 && data[off - 1] != '\n')
		off--;
	clock_gettime(CLOCK_MONOTONIC, &next);
	ts_add_ns(&next, phase_of(idx, period));
	for (;;) {
		sleep_until(&next);
		if (off + 15360 >= len)
			off = 0;
		end = off + 15360;
		while (end < len && data[end - 1] != '\n')
			end++;
		write_all(data + off, end - off);
		off = end;
		ts_add_ns(&next, period);
	}
	return (0);
}

/* One output event of a recording: when (ns from its start) and what. */
struct cast_event {
	uint64_t	 at;
	size_t		 off, len;
};

/* Append the UTF-8 encoding of code point c. */
static size_t
put_utf8(char *out, unsigned long c)
{
	if (c < 0x80) {
		out[0] = (char)c;
		return (1);
	}
	if (c < 0x800) {
		out[0] = (char)(0xc0 | (c >> 6));
		out[1] = (char)(0x80 | (c & 0x3f));
		return (2);
	}
	if (c < 0x10000) {
		out[0] = (char)(0xe0 | (c >> 12));
		out[1] = (char)(0x80 | ((c >> 6) & 0x3f));
		out[2] = (char)(0x80 | (c & 0x3f));
		return (3);
	}
	out[0] = (char)(0xf0 | (c >> 18));
	out[1] = (char)(0x80 | ((c >> 12) & 0x3f));
	out[2] = (char)(0x80 | ((c >> 6) & 0x3f));
	out[3] = (char)(0x80 | (c & 0x3f));
	return (4);
}

/*
 * Decode the JSON string starting after the quote at *p into out (which
 * has room: decoding never grows a string); advance *p past the closing
 * quote and return the length, or -1 if it is malformed.
 */
static long
json_string(const char **p, char *out)
{
	const char	*s = *p;
	unsigned long	 c, lo;
	size_t		 n = 0;
	char		*end;
	char		 hex[5];

	while (*s != '"') {
		if (*s == '\0')
			return (-1);
		if (*s != '\\') {
			out[n++] = *s++;
			continue;
		}
		s++;
		switch (*s++) {
		case 'n': out[n++] = '\n'; break;
		case 'r': out[n++] = '\r'; break;
		case 't': out[n++] = '\t'; break;
		case 'b': out[n++] = '\b'; break;
		case 'f': out[n++] = '\f'; break;
		case '/': out[n++] = '/'; break;
		case '"': out[n++] = '"'; break;
		case '\\': out[n++] = '\\'; break;
		case 'u':
			memcpy(hex, s, 4);
			hex[4] = '\0';
			c = strtoul(hex, &end, 16);
			if (end != hex + 4)
				return (-1);
			s += 4;
			if (c >= 0xd800 && c < 0xdc00 && s[0] == '\\' &&
			    s[1] == 'u') {
				memcpy(hex, s + 2, 4);
				lo = strtoul(hex, &end, 16);
				if (end == hex + 4 && lo >= 0xdc00 && lo < 0xe000) {
					c = 0x10000 + ((c - 0xd800) << 10) +
					    (lo - 0xdc00);
					s += 6;
				}
			}
			n += put_utf8(out + n, c);
			break;
		default:
			return (-1);
		}
	}
	*p = s + 1;
	return ((long)n);
}

/* Load the "o" events of an asciinema v2 file; the bytes go to *datap. */
static struct cast_event *
cast_load(const char *path, char **datap, int *nevp, uint64_t *loopp)
{
	struct cast_event	*ev = NULL;
	const char		*p, *q, *eol;
	char			*text, *data;
	size_t			 len, used = 0;
	long			 n;
	double			 t;
	int			 nev = 0;

	text = read_file(path, &len);
	if ((data = malloc(len + 1)) == NULL)
		die("malloc");
	p = strchr(text, '\n');	/* skip the header line */
	while (p != NULL && *p != '\0') {
		p++;
		if (*p != '[')
			break;
		if ((eol = strchr(p, '\n')) == NULL)
			eol = p + strlen(p);
		t = strtod(p + 1, (char **)&q);
		if ((q = strstr(q, "\"o\"")) == NULL || q > eol)
			goto next;	/* not output: input, resize, marker */
		if ((q = strchr(q + 3, '"')) == NULL)
			break;
		q++;
		if ((n = json_string(&q, data + used)) < 0)
			break;
		if ((ev = realloc(ev, (size_t)(nev + 1) * sizeof *ev)) == NULL)
			die("realloc");
		ev[nev].at = (uint64_t)(t * 1e9);
		ev[nev].off = used;
		ev[nev].len = (size_t)n;
		used += (size_t)n;
		nev++;
	next:
		p = strchr(p, '\n');
	}
	free(text);
	if (nev == 0) {
		fprintf(stderr, "benchtool: %s: no output events\n", path);
		exit(1);
	}
	*datap = data;
	*nevp = nev;
	*loopp = ev[nev - 1].at + 1000000000ULL;
	return (ev);
}

static void
write_stat(const char *path, const char *text)
{
	char	tmp[4096];
	int	fd, len = (int)strlen(text);

	if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp)
		return;
	if ((fd = open(tmp, O_WRONLY|O_CREAT|O_TRUNC, 0644)) == -1)
		return;
	if (write(fd, text, len) == len && close(fd) == 0)
		rename(tmp, path);
	else
		close(fd);
}

static volatile sig_atomic_t replay_stop;

static void
replay_on_usr1(int sig)
{
	replay_stop = 1;
}

/* SIGUSR1: the last stat, the end marker, then quiet (see the top). */
static void
replay_finish(const char *statfile, uint64_t due, uint64_t written)
{
	char	 buf[128];
	ssize_t	 n;
	int	 len;

	snprintf(buf, sizeof buf, "due=%llu written=%llu\n",
	    (unsigned long long)due, (unsigned long long)written);
	write_stat(statfile, buf);
	len = snprintf(buf, sizeof buf, "\030\033[0m\033]2;soak-end %llu\033\\",
	    (unsigned long long)written);
	write_all(buf, (size_t)len);
	for (;;) {
		n = read(STDIN_FILENO, buf, sizeof buf);
		if (n == 0 || (n < 0 && errno != EINTR))
			break;
	}
	exit(0);
}

static int
cmd_replay(int argc, char **argv)
{
	struct sigaction	 sa;
	const char		*gap;
	struct cast_event	*ev;
	struct timespec		 at;
	uint64_t		 loop, start, base, t, due = 0, written = 0;
	uint64_t		 next_stat;
	char			*data, stat[128];
	int			 idx, nev, i;

	if (argc != 7 && argc != 8)
		return (2);
	idx = atoi(argv[2]);
	ev = cast_load(argv[3], &data, &nev, &loop);
	if ((gap = getenv("BENCHTOOL_LOOP_GAP_MS")) != NULL)
		loop += (uint64_t)atoi(gap) * 1000000ULL - 1000000000ULL;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = replay_on_usr1;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);	/* no SA_RESTART: wake the sleep */
	barrier(argv[4], argv[5]);
	if (argc == 8)
		write_file(argv[7]);

	/* Session idx enters the loop at phase frac(idx x 0.618). */
	start = phase_of(idx, loop);
	base = now_ns() - start;
	for (i = 0; i < nev && ev[i].at < start; i++)
		;
	next_stat = now_ns() + 1000000000ULL;
	for (;;) {
		if (i == nev) {
			i = 0;
			base += loop;
		}
		t = base + ev[i].at;
		at.tv_sec = (time_t)(t / 1000000000ULL);
		at.tv_nsec = (long)(t % 1000000000ULL);
		while (!replay_stop && clock_nanosleep(CLOCK_MONOTONIC,
		    TIMER_ABSTIME, &at, NULL) == EINTR)
			;
		if (replay_stop)
			replay_finish(argv[6], due, written);
		due += ev[i].len;
		write_all(data + ev[i].off, ev[i].len);
		written += ev[i].len;
		i++;
		if (now_ns() >= next_stat) {
			/* Output due by now, counting events already late. */
			snprintf(stat, sizeof stat, "due=%llu written=%llu\n",
			    (unsigned long long)due,
			    (unsigned long long)written);
			write_stat(argv[6], stat);
			next_stat += 1000000000ULL;
		}
	}
	return (0);
}

static int
cmd_bulk(int argc, char **argv)
{
	static const char	*words[] = {
		"compiling", "module", "linking", "object", "warning",
		"section", "symbol", "archive",
	};
	char			*buf, stat[64];
	size_t			 cap, len = 0;
	uint64_t		 t0;
	long			 lines, i;
	int			 w;

	if (argc != 6 || (lines = atol(argv[2])) < 1)
		return (2);
	cap = (size_t)lines * 128 + 64;
	if ((buf = malloc(cap)) == NULL)
		die("malloc");
	for (i = 0; i < lines - 1; i++) {
		w = (int)(i % 8);
		len += (size_t)snprintf(buf + len, cap - len,
		    "\033[3%dm%07ld\033[0m \033[1m%-9s\033[0m %s/%s_%ld.c: "
		    "\033[38;5;%ldm%s %s\033[0m ok %ld\r\n", 1 + w % 6, i,
		    words[w], words[(w + 3) % 8], words[(w + 5) % 8], i % 977,
		    16 + i % 200, words[(w + 1) % 8], words[(w + 2) % 8],
		    i * 31 % 100000);
	}
	len += (size_t)snprintf(buf + len, cap - len, "BULK-END\r\n");
	barrier(argv[3], argv[4]);
	t0 = now_ns();
	write_all(buf, len);
	snprintf(stat, sizeof stat, "write_ns=%llu bytes=%zu\n",
	    (unsigned long long)(now_ns() - t0), len);
	write_stat(argv[5], stat);
	for (;;) {
		if (read(STDIN_FILENO, buf, 4096) <= 0 && errno != EINTR)
			break;
	}
	return (0);
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t	x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x < y ? -1 : x > y);
}

/* Nearest-rank percentile of sorted v[0..n-1]. */
static uint64_t
pct(const uint64_t *v, int n, int p)
{
	int	rank;

	rank = (p * n + 99) / 100;
	if (rank < 1)
		rank = 1;
	return (v[rank - 1]);
}

static int
cmd_lat(int argc, char **argv)
{
	posix_spawn_file_actions_t	 fa;
	struct timespec			 t0, t1;
	struct rusage			 ru;
	uint64_t			*us, sum = 0, cpu = 0;
	char				**av, name[32];
	int				 calls, nsess, nargs, i, j, status;
	int				 fail = 0;
	pid_t				 pid;

	if (argc < 5)
		return (2);
	calls = atoi(argv[2]);
	nsess = atoi(argv[3]);
	if (calls < 1 || nsess < 1)
		return (2);
	nargs = argc - 4;
	if ((us = calloc(calls, sizeof *us)) == NULL ||
	    (av = calloc(nargs + 1, sizeof *av)) == NULL)
		die("calloc");
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null",
	    O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, "/dev/null",
	    O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null",
	    O_WRONLY, 0);

	for (i = 0; i < calls; i++) {
		snprintf(name, sizeof name, "s%d", i % nsess);
		for (j = 0; j < nargs; j++)
			av[j] = strcmp(argv[4 + j], "{}") == 0 ? name :
			    argv[4 + j];
		av[nargs] = NULL;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		if ((errno = posix_spawn(&pid, av[0], &fa, NULL, av,
		    environ)) != 0)
			die(av[0]);
		while (wait4(pid, &status, 0, &ru) == -1) {
			if (errno != EINTR)
				die("waitpid");
		}
		clock_gettime(CLOCK_MONOTONIC, &t1);
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
			fail++;
		us[i] = (uint64_t)(((int64_t)(t1.tv_sec - t0.tv_sec) *
		    1000000000LL + (t1.tv_nsec - t0.tv_nsec)) / 1000);
		sum += us[i];
		cpu += (uint64_t)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) *
		    1000000ULL + (uint64_t)(ru.ru_utime.tv_usec +
		    ru.ru_stime.tv_usec);
	}
	qsort(us, calls, sizeof *us, cmp_u64);
	printf("calls=%d fail=%d p50_us=%llu p95_us=%llu mean_us=%llu "
	    "min_us=%llu max_us=%llu cpu_us=%llu\n", calls, fail,
	    (unsigned long long)pct(us, calls, 50),
	    (unsigned long long)pct(us, calls, 95),
	    (unsigned long long)(sum / calls),
	    (unsigned long long)us[0], (unsigned long long)us[calls - 1],
	    (unsigned long long)(cpu / calls));
	posix_spawn_file_actions_destroy(&fa);
	free(av);
	free(us);
	return (0);
}

static uint64_t
now_us(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((uint64_t)ts.tv_sec * 1000000ULL + (uint64_t)ts.tv_nsec / 1000);
}

#define MUT_CALLERS_MAX 256

static int
cmd_ctlmut(int argc, char **argv)
{
	static char	 in[65536], out[MUT_CALLERS_MAX * 64];
	uint64_t	*sent_at, *lat, t0, total;
	size_t		 have = 0, used, len;
	char		*nl;
	ssize_t		 n;
	int		 ops, callers, tag, rfd, wfd, sent = 0, done = 0;
	int		 fail = 0;

	if (argc != 7)
		return (2);
	ops = atoi(argv[2]);
	callers = atoi(argv[3]);
	tag = atoi(argv[4]);
	rfd = atoi(argv[5]);
	wfd = atoi(argv[6]);
	if (ops < 1 || callers < 1 || callers > MUT_CALLERS_MAX)
		return (2);
	if ((sent_at = calloc(ops, sizeof *sent_at)) == NULL ||
	    (lat = calloc(ops, sizeof *lat)) == NULL)
		die("calloc");
	t0 = now_us();
	while (done < ops) {
		len = 0;
		while (sent < ops && sent - done < callers) {
			len += (size_t)snprintf(out + len, sizeof out - len,
			    "set-option -g @k%d_%d v%d\n", tag, sent % 128, sent);
			sent_at[sent++] = now_us();
		}
		if (len != 0 && write(wfd, out, len) != (ssize_t)len)
			die("write");
		n = read(rfd, in + have, sizeof in - have);
		if (n <= 0) {
			if (n == -1 && errno == EINTR)
				continue;
			die("read");
		}
		have += (size_t)n;
		used = 0;
		while ((nl = memchr(in + used, '\n', have - used)) != NULL) {
			if (strncmp(in + used, "%end ", 5) == 0 ||
			    strncmp(in + used, "%error ", 7) == 0) {
				if (in[used + 1] == 'e' && in[used + 2] == 'r')
					fail++;
				lat[done] = now_us() - sent_at[done];
				done++;
			}
			used = (size_t)(nl + 1 - in);
		}
		memmove(in, in + used, have - used);
		have -= used;
		if (have == sizeof in)
			have = 0;	/* a line longer than the buffer */
	}
	total = now_us() - t0;
	qsort(lat, ops, sizeof *lat, cmp_u64);
	printf("ops=%d fail=%d ops_per_s=%.0f p95_us=%llu\n", ops, fail,
	    ops * 1e6 / (double)(total != 0 ? total : 1),
	    (unsigned long long)pct(lat, ops, 95));
	free(sent_at);
	free(lat);
	return (0);
}

/* The child of pingpong: answer each line read from rfd on wfd. */
static void
pingpong_echo(int rfd, int wfd)
{
	struct epoll_event	ev = { .events = EPOLLIN };
	char			buf[256];
	ssize_t			n;
	int			ep;

	if ((ep = epoll_create1(0)) == -1 ||
	    epoll_ctl(ep, EPOLL_CTL_ADD, rfd, &ev) == -1)
		die("epoll");
	for (;;) {
		if (epoll_wait(ep, &ev, 1, -1) == -1) {
			if (errno == EINTR)
				continue;
			die("epoll_wait");
		}
		if ((n = read(rfd, buf, sizeof buf)) <= 0)
			_exit(0);
		if (write(wfd, "%end 1 1 1\n", 11) != 11)
			_exit(0);
	}
}

static int
cmd_pingpong(int argc, char **argv)
{
	uint64_t	*lat, t0, sum = 0;
	char		 buf[256];
	int		 to_child[2], from_child[2], calls, i;
	pid_t		 pid;

	if (argc != 3 || (calls = atoi(argv[2])) < 1)
		return (2);
	if ((lat = calloc(calls, sizeof *lat)) == NULL)
		die("calloc");
	if (pipe(to_child) == -1 || pipe(from_child) == -1)
		die("pipe");
	if ((pid = fork()) == -1)
		die("fork");
	if (pid == 0) {
		close(to_child[1]);
		close(from_child[0]);
		pingpong_echo(to_child[0], from_child[1]);
	}
	close(to_child[0]);
	close(from_child[1]);
	for (i = 0; i < calls; i++) {
		t0 = now_us();
		if (write(to_child[1], "set-option -g @k 1\n", 19) != 19 ||
		    read(from_child[0], buf, sizeof buf) <= 0)
			die("pingpong");
		lat[i] = now_us() - t0;
		sum += lat[i];
	}
	close(to_child[1]);
	waitpid(pid, NULL, 0);
	qsort(lat, calls, sizeof *lat, cmp_u64);
	printf("calls=%d p50_us=%llu p95_us=%llu mean_us=%llu\n", calls,
	    (unsigned long long)pct(lat, calls, 50),
	    (unsigned long long)pct(lat, calls, 95),
	    (unsigned long long)(sum / calls));
	free(lat);
	return (0);
}

int
main(int argc, char **argv)
{
	int	rc = 2;

	if (argc >= 2 && strcmp(argv[1], "idle") == 0)
		rc = cmd_idle(argc, argv);
	else if (argc >= 2 && strcmp(argv[1], "steady") == 0)
		rc = cmd_steady(argc, argv);
	else if (argc >= 2 && strcmp(argv[1], "redraw") == 0)
		rc = cmd_redraw(argc, argv);
	else if (argc >= 2 && strcmp(argv[1], "dump") == 0)
		rc = cmd_dump(argc, argv);
	else if (argc >= 2 && strcmp(argv[1], "replay") == 0)
		rc = cmd_replay(argc, argv);
	else if (argc >= 2 && strcmp(argv[1], "bulk") == 0)
		rc = cmd_bulk(argc, argv);
	else if (argc >= 2 && strcmp(argv[1], "lat") == 0)
		rc = cmd_lat(argc, argv);
	else if (argc >= 2 && strcmp(argv[1], "ctlmut") == 0)
		rc = cmd_ctlmut(argc, argv);
	else if (argc >= 2 && strcmp(argv[1], "pingpong") == 0)
		rc = cmd_pingpong(argc, argv);
	if (rc == 2) {
		fprintf(stderr, "usage: benchtool idle FILE FIFO PIDFILE\n"
		    "       benchtool steady INDEX PERIOD_MS FIFO PIDFILE\n"
		    "       benchtool redraw INDEX FIFO PIDFILE\n"
		    "       benchtool dump INDEX FILE PERIOD_MS FIFO PIDFILE\n"
		    "       benchtool replay INDEX CAST FIFO PIDFILE STATFILE [PREFILL]\n"
		    "       benchtool bulk LINES FIFO PIDFILE STATFILE\n"
		    "       benchtool lat CALLS NSESS PROG ARG...\n"
		    "       benchtool ctlmut N CALLERS TAG RFD WFD\n"
		    "       benchtool pingpong N\n");
	}
	return (rc);
}
