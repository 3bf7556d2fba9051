/*
 * pane: runs inside the tmux pane for fuzz.py (compiled by it on first
 * use).  Usage: pane DIR N.  Puts the tty in raw mode (no ONLCR, no echo),
 * waits for DIR/go, writes DIR/in to the tty while draining replies, waits
 * until tmux's replies hold N "tmux 3.3a" (the XTVERSION trailer: tmux has
 * parsed everything) or 3 seconds, writes "ok" or "timeout" to DIR/done,
 * then sleeps until killed.
 */
#define _GNU_SOURCE
#include <sys/select.h>
#include <sys/stat.h>
#include <sys/time.h>

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static char	 got[1 << 16];
static size_t	 gotlen;
static int	 marks;

/* Read replies, counting "tmux 3.3a" (a mark may span two reads). */
static void
drain(void)
{
	ssize_t	 n;
	char	*p;

	n = read(0, got + gotlen, sizeof got - gotlen - 1);
	if (n <= 0)
		return;
	gotlen += n;
	p = got;	/* the 8 bytes kept cannot hold a whole mark */
	got[gotlen] = '\0';
	while ((p = memmem(p, got + gotlen - p, "tmux 3.3a", 9)) != NULL) {
		marks++;
		p += 9;
	}
	/* Keep only the last 8 bytes as context for the next read. */
	if (gotlen > 8) {
		memmove(got, got + gotlen - 8, 8);
		gotlen = 8;
	}
}

static double
now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (ts.tv_sec + ts.tv_nsec / 1e9);
}

int
main(int argc, char **argv)
{
	struct termios	 tio;
	struct stat	 sb;
	struct timeval	 tv;
	fd_set		 rfds, wfds;
	char		 path[4096], tmp[4096];
	char		*data;
	size_t		 len, off = 0;
	ssize_t		 n;
	int		 fd, want;
	const char	*status = "ok";
	double		 deadline;
	FILE		*f;

	if (argc != 3)
		return (1);
	want = atoi(argv[2]);
	if (tcgetattr(0, &tio) == 0) {
		cfmakeraw(&tio);
		tcsetattr(0, TCSANOW, &tio);
	}
	snprintf(path, sizeof path, "%s/go", argv[1]);
	while (stat(path, &sb) != 0)
		usleep(500);
	snprintf(path, sizeof path, "%s/in", argv[1]);
	if ((fd = open(path, O_RDONLY)) == -1 || fstat(fd, &sb) != 0)
		return (1);
	len = sb.st_size;
	data = malloc(len + 1);
	if (data == NULL || read(fd, data, len) != (ssize_t)len)
		return (1);
	close(fd);
	while (off < len) {
		FD_ZERO(&rfds);
		FD_ZERO(&wfds);
		FD_SET(0, &rfds);
		FD_SET(1, &wfds);
		tv.tv_sec = 5;
		tv.tv_usec = 0;
		if (select(2, &rfds, &wfds, NULL, &tv) <= 0)
			continue;
		if (FD_ISSET(0, &rfds))
			drain();
		if (FD_ISSET(1, &wfds)) {
			n = write(1, data + off, len - off > 4096 ? 4096 :
			    len - off);
			if (n > 0)
				off += n;
		}
	}
	deadline = now() + 3;
	while (marks < want) {
		double	left = deadline - now();

		if (left <= 0) {
			status = "timeout";
			break;
		}
		FD_ZERO(&rfds);
		FD_SET(0, &rfds);
		tv.tv_sec = (long)left;
		tv.tv_usec = (long)((left - (long)left) * 1e6);
		if (select(1, &rfds, NULL, NULL, &tv) > 0)
			drain();
	}
	snprintf(tmp, sizeof tmp, "%s/done.tmp", argv[1]);
	snprintf(path, sizeof path, "%s/done", argv[1]);
	if ((f = fopen(tmp, "w")) != NULL) {
		fputs(status, f);
		fclose(f);
		rename(tmp, path);
	}
	for (;;)
		pause();
}
