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
 *   benchtool lat CALLS NSESS PROG ARG...
 *	Run PROG ARG... CALLS times, one after the other (posix_spawn,
 *	stdout and stderr to /dev/null), replacing "{}" in an argument by
 *	the session name s<i % NSESS>; print
 *	"calls=N fail=F p50_us=.. p95_us=.. mean_us=.. min_us=.. max_us=..
 *	cpu_us=..", cpu_us being the mean CPU time (user + system) of one
 *	call's client process, which a loaded machine changes far less than
 *	the wall times.
 *
 * The barrier: run.sh holds FIFO open for writing.  Each pane opens it,
 * writes its pid to PIDFILE (so run.sh knows it is ready and can clean it
 * up), then reads until end of file, which comes for every pane at once
 * when run.sh closes its end.
 */

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

static int
cmd_idle(int argc, char **argv)
{
	char	 buf[65536];
	ssize_t	 n;
	int	 fd;

	if (argc != 5)
		return (2);
	if ((fd = open(argv[2], O_RDONLY)) == -1)
		die(argv[2]);
	barrier(argv[3], argv[4]);
	while ((n = read(fd, buf, sizeof buf)) > 0)
		write_all(buf, (size_t)n);
	close(fd);
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

int
main(int argc, char **argv)
{
	int	rc = 2;

	if (argc >= 2 && strcmp(argv[1], "idle") == 0)
		rc = cmd_idle(argc, argv);
	else if (argc >= 2 && strcmp(argv[1], "steady") == 0)
		rc = cmd_steady(argc, argv);
	else if (argc >= 2 && strcmp(argv[1], "lat") == 0)
		rc = cmd_lat(argc, argv);
	if (rc == 2) {
		fprintf(stderr, "usage: benchtool idle FILE FIFO PIDFILE\n"
		    "       benchtool steady INDEX PERIOD_MS FIFO PIDFILE\n"
		    "       benchtool lat CALLS NSESS PROG ARG...\n");
	}
	return (rc);
}
