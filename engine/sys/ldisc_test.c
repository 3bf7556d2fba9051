/*
 * Unit tests of the line discipline: every editing key, ISIG, echo rules,
 * ONLCR and markers split across buffers. Expected bytes are what Linux's
 * n_tty produces on a PTY with the same termios (the echo of erase, tab
 * erase, kill, werase, lnext, reprint, UTF-8 and ^H cases was compared
 * byte for byte with tmux 3.3a panes via pipe-pane).
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "engine/base/buf.h"
#include "engine/base/testlib.h"
#include "engine/sys/ldisc.h"

#define KEY	"0123456789abcdef"
#define EOFM	ZPTY_EOF_PREFIX KEY

static struct ldisc	ld;
static struct termios	tio;
static struct buf	prog, echo, out;
static char		sigs[64];

static void
on_sig(void *arg, int sig)
{
	const char	*name = sig == SIGINT ? "INT" : sig == SIGQUIT ? "QUIT" :
			    sig == SIGTSTP ? "TSTP" : "?";

	snprintf(sigs + strlen(sigs), sizeof sigs - strlen(sigs), "%s ",
	    name);
}

static void
reset(void)
{
	ldisc_default_termios(&tio);
	ldisc_free(&ld);
	ldisc_init(&ld, &tio);
	ldisc_set_key(&ld, KEY);
	buf_clear(&prog);
	buf_clear(&echo);
	buf_clear(&out);
	sigs[0] = '\0';
}

static void
in(const char *s)
{
	ldisc_input(&ld, &tio, (const uint8_t *)s, strlen(s), &prog, &echo,
	    on_sig, NULL);
}

static void
outs(const char *s)
{
	ldisc_output(&ld, (const uint8_t *)s, strlen(s), &out);
}

static const char *
str(struct buf *b)
{
	return ((const char *)buf_data(b));
}

int
main(void)
{
	buf_init(&prog);
	buf_init(&echo);
	buf_init(&out);

	/* Plain line, ICRNL, echo. */
	reset();
	in("hello");
	test_streq(str(&prog), "", "canonical: nothing before newline");
	test_streq(str(&echo), "hello", "echo of typed text");
	in("\r");
	test_streq(str(&prog), "hello\n", "CR becomes NL, line delivered");
	test_streq(str(&echo), "hello\r\n", "NL echoed as CRLF (ONLCR)");

	/* VERASE ^?; ^H is data as on Linux unless erase_bs is set. */
	reset();
	in("abc\177\177d\bX\n");
	test_streq(str(&prog), "ad\bX\n", "erase with ^?, ^H literal");
	test_streq(str(&echo), "abc\b \b\b \bd^HX\r\n", "ECHOE erase echo");
	reset();
	ld.erase_bs = 1;
	in("abc\177\177d\bX\n");
	test_streq(str(&prog), "aX\n", "erase_bs: ^H erases too");
	test_streq(str(&echo), "abc\b \b\b \bd\b \bX\r\n", "erase_bs echo");
	reset();
	in("\177x\n");
	test_streq(str(&echo), "x\r\n", "erase at line start echoes nothing");
	reset();
	tio.c_lflag &= ~ECHOE;
	in("ab\177\n");
	test_streq(str(&prog), "a\n", "erase without ECHOE");
	test_streq(str(&echo), "ab^?\r\n", "-echoe echoes ^?");

	/* Erasing control characters and UTF-8. */
	reset();
	in("a\026\001\177\n");
	test_streq(str(&prog), "a\n", "erase a literal ^A");
	test_streq(str(&echo), "a^\b^A\b \b\b \b\r\n",
	    "^A erased with two backspaces");
	reset();
	in("x\xc3\xa9\177\n");
	test_streq(str(&prog), "x\n", "erase one UTF-8 character (IUTF8)");
	test_streq(str(&echo), "x\xc3\xa9\b \b\r\n", "one column erased");

	/* Tab erase: back to the column before the tab. */
	reset();
	outs("$ ");
	in("ab\t\177\n");
	test_streq(str(&echo), "ab\t\b\b\b\b\r\n", "tab erase after prompt");
	reset();
	in("\t\177\n");
	test_streq(str(&echo), "\t\b\b\b\b\b\b\b\b\r\n", "tab erase at col 0");

	/* VKILL ^U. */
	reset();
	in("abc\025d\n");
	test_streq(str(&prog), "d\n", "kill line");
	test_streq(str(&echo), "abc\b \b\b \b\b \bd\r\n", "ECHOKE kill echo");
	reset();
	tio.c_lflag &= ~ECHOKE;
	in("ab\025\n");
	test_streq(str(&echo), "ab^U\r\n\r\n", "-echoke: ^U and newline");

	/* VWERASE ^W. */
	reset();
	in("foo bar_1  \027x\n");
	test_streq(str(&prog), "foo x\n", "werase word and trailing blanks");
	reset();
	in("a.b\027\n");
	test_streq(str(&prog), "a.\n", "werase stops at punctuation");

	/* VLNEXT ^V. */
	reset();
	in("\026\003\026\177\n");
	test_streq(str(&prog), "\003\177\n", "lnext makes ^C and ^? literal");
	test_streq(sigs, "", "no signal for literal ^C");
	test_streq(str(&echo), "^\b^C^\b^?\r\n", "lnext echo");

	/* VREPRINT ^R. */
	reset();
	in("ab\022");
	test_streq(str(&echo), "ab^R\r\nab", "reprint");

	/* VEOF ^D. */
	reset();
	in("\004");
	test_ok(prog.len == ZPTY_EOF_LEN &&
	    memcmp(buf_data(&prog), EOFM, ZPTY_EOF_LEN) == 0,
	    "EOF at line start sends the EOF marker");
	test_streq(str(&echo), "", "EOF is not echoed");
	reset();
	in("ab\004");
	test_streq(str(&prog), "ab", "EOF with text delivers it, no newline");
	in("\004");
	test_ok(prog.len == 2 + ZPTY_EOF_LEN, "then EOF marker");

	/* VEOL (disabled by default, NUL is not EOL). */
	reset();
	in("a");
	ldisc_input(&ld, &tio, (const uint8_t *)"\0", 1, &prog, &echo, on_sig,
	    NULL);
	test_ok(prog.len == 0, "NUL is not a disabled VEOL");
	tio.c_cc[VEOL] = '!';
	in("b!");
	test_ok(prog.len == 4 && memcmp(buf_data(&prog), "a\0b!", 4) == 0,
	    "VEOL delivers the line");

	/* ISIG. */
	reset();
	in("abc\003");
	test_streq(sigs, "INT ", "^C sends SIGINT");
	test_streq(str(&echo), "^C", "^C drops the batch's echo (as n_tty)");
	reset();
	in("abc");
	in("\003");
	test_streq(str(&echo), "abc^C", "^C echoed with ECHOCTL");
	in("x\n");
	test_streq(str(&prog), "x\n", "^C flushed the pending line");
	reset();
	in("\034");
	in("\032");
	test_streq(sigs, "QUIT TSTP ", "^\\ and ^Z send SIGQUIT and SIGTSTP");
	test_streq(str(&echo), "^\\^Z", "their echo");
	reset();
	tio.c_lflag &= ~ISIG;
	in("\003\n");
	test_streq(str(&prog), "\003\n", "-isig: ^C is data");
	test_streq(sigs, "", "-isig: no signal");

	/* IXON. */
	reset();
	in("a\023\021b\n");
	test_streq(str(&prog), "ab\n", "^S/^Q consumed with IXON");

	/* ECHO off, ECHONL. */
	reset();
	tio.c_lflag &= ~ECHO;
	in("secret\r");
	test_streq(str(&echo), "", "-echo: nothing echoed");
	tio.c_lflag |= ECHONL;
	in("x\r");
	test_streq(str(&echo), "\r\n", "echonl echoes newline only");

	/* Non-canonical (cbreak) and raw. */
	reset();
	tio.c_lflag &= ~(ICANON|ECHO);
	in("ab\r\177");
	test_streq(str(&prog), "ab\n\177", "cbreak: bytes at once, ICRNL");
	in("\003");
	test_streq(sigs, "INT ", "cbreak: ISIG still");
	reset();
	cfmakeraw(&tio);
	in("\003\r\004\177\033[A");
	test_streq(str(&prog), "\003\r\004\177\033[A", "raw: untouched");
	test_streq(str(&echo), "", "raw: no echo");
	test_streq(sigs, "", "raw: no signals");
	reset();
	tio.c_lflag &= ~ICANON;
	in("x\r");
	test_streq(str(&echo), "x\r\n", "non-canonical echo of CR->NL");

	/* Switching ICANON off makes the pending line readable. */
	reset();
	in("abc");
	tio.c_lflag &= ~ICANON;
	in("d");
	test_streq(str(&prog), "abcd", "-icanon delivers the pending line");
	reset();
	in("abc");
	cfmakeraw(&tio);
	in("d");
	test_streq(str(&prog), "abcd", "raw delivers the pending line");

	/* Output: ONLCR and markers. */
	reset();
	outs("a\nb\n");
	test_streq(str(&out), "a\r\nb\r\n", "ONLCR");
	reset();
	outs("a\n\033_zpty;k=" KEY ";o=0\033\\b\nc");
	test_streq(str(&out), "a\r\nb\nc", "marker removed, -opost after it");
	outs("\033_zpty;k=" KEY ";o=5\033\\d\n");
	test_streq(str(&out), "a\r\nb\ncd\r\n", "opost onlcr back");
	reset();
	{
		const char	*m = "x\033_zpty;k=" KEY ";o=4\033\\y\nz\n";
		size_t		 i, j, len = strlen(m);
		int		 good = 1;

		for (i = 1; i < len; i++) {
			for (j = i; j < len; j++) {
				reset();
				ldisc_output(&ld, (const uint8_t *)m, i, &out);
				ldisc_output(&ld, (const uint8_t *)m + i, j - i,
				    &out);
				ldisc_output(&ld, (const uint8_t *)m + j,
				    len - j, &out);
				if (strcmp(str(&out), "xy\nz\n") != 0) {
					printf("# split %zu %zu: [%s]\n", i, j,
					    str(&out));
					good = 0;
				}
			}
		}
		test_ok(good, "marker split across three buffers, all ways");
	}
	reset();
	outs("\033[31mred\033_other\033\\\033");
	test_streq(str(&out), "\033[31mred\033_other\033\\",
	    "other escapes pass, trailing ESC held");
	outs("[0m\n");
	test_streq(str(&out), "\033[31mred\033_other\033\\\033[0m\r\n",
	    "held ESC released");
	reset();
	outs("\033_zpty;k=" KEY ";o=0;x=1\033\\\n");
	test_streq(str(&out), "\n", "unknown fields ignored");
	reset();
	outs("\033_zpty;k=" KEY ";o=0\033x\n");
	test_streq(str(&out), "\033_zpty;k=" KEY ";o=0\033x\r\n",
	    "broken marker kept");

	/* Markers without the pane's key are data (forged by a file). */
	reset();
	outs("\033_zpty;o=0\033\\a\n");
	test_streq(str(&out), "\033_zpty;o=0\033\\a\r\n",
	    "marker without key: data, ONLCR still on");
	reset();
	outs("\033_zpty;k=0123456789abcdee;o=0\033\\a\n");
	test_streq(str(&out), "\033_zpty;k=0123456789abcdee;o=0\033\\a\r\n",
	    "marker with another key: data");
	reset();
	outs("\033_zpty;k=" KEY "0;o=0\033\\a\n");
	test_streq(str(&out), "\033_zpty;k=" KEY "0;o=0\033\\a\r\n",
	    "marker with a longer key: data");
	reset();
	outs("\033_zpty;k=" KEY "\033\\a\n");
	test_streq(str(&out), "a\r\n", "marker with only the key: consumed");

	buf_free(&prog);
	buf_free(&echo);
	buf_free(&out);
	ldisc_free(&ld);
	return (test_done());
}
