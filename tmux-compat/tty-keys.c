/*
 * Splitting an attached client's input into keys, named as tmux names
 * them ("C-b", "%", "Up", "M-x", "F5"), for the key tables. The names feed
 * key_string_lookup_string; what reaches the pane is encoded again for
 * the pane's modes (keys_encode), as tmux does.
 */
#include <stdio.h>
#include <string.h>

#include "tmux-compat/tty.h"

static const struct {
	const char	*seq;
	const char	*name;
} tty_keys_table[] = {
	{ "\033[A", "Up" }, { "\033[B", "Down" },
	{ "\033[C", "Right" }, { "\033[D", "Left" },
	{ "\033OA", "Up" }, { "\033OB", "Down" },
	{ "\033OC", "Right" }, { "\033OD", "Left" },
	{ "\033[H", "Home" }, { "\033[F", "End" },
	{ "\033OH", "Home" }, { "\033OF", "End" },
	{ "\033[1~", "Home" }, { "\033[4~", "End" },
	{ "\033[7~", "Home" }, { "\033[8~", "End" },
	{ "\033[2~", "IC" }, { "\033[3~", "DC" },
	{ "\033[5~", "PPage" }, { "\033[6~", "NPage" },
	{ "\033OP", "F1" }, { "\033OQ", "F2" },
	{ "\033OR", "F3" }, { "\033OS", "F4" },
	{ "\033[11~", "F1" }, { "\033[12~", "F2" },
	{ "\033[13~", "F3" }, { "\033[14~", "F4" },
	{ "\033[15~", "F5" }, { "\033[17~", "F6" },
	{ "\033[18~", "F7" }, { "\033[19~", "F8" },
	{ "\033[20~", "F9" }, { "\033[21~", "F10" },
	{ "\033[23~", "F11" }, { "\033[24~", "F12" },
	{ "\033[Z", "BTab" },
	/* Bracketed paste: what comes between is text (tty.c). */
	{ "\033[200~", "PasteStart" },
	/* Focus reports (focus-events): not keys (tty.c). */
	{ "\033[I", "FocusIn" }, { "\033[O", "FocusOut" },
};

/* xterm's modifier parameter (2 = S, 3 = M, 5 = C ...) as a prefix. */
static void
tty_keys_modifiers(unsigned m, char *out, size_t size)
{
	*out = '\0';
	if (m < 2)
		return;
	m--;
	snprintf(out, size, "%s%s%s", (m & 4) ? "C-" : "", (m & 2) ? "M-" : "",
	    (m & 1) ? "S-" : "");
}

/* A CSI or SS3 sequence at data: its length, or 0 if incomplete. */
static size_t
tty_keys_csi_length(const uint8_t *data, size_t len)
{
	size_t	i;

	if (len < 3)
		return (0);
	if (data[1] == 'O')
		return (3);
	for (i = 2; i < len; i++) {
		if (data[i] >= 0x40 && data[i] <= 0x7e)
			return (i + 1);
		if (data[i] < 0x20 || data[i] > 0x3f)
			return (i);	/* broken: stop before it */
	}
	return (0);
}

static int
tty_keys_lookup(const uint8_t *data, size_t n, char *name, size_t namesize)
{
	char		 plain[16], mods[16], final;
	unsigned	 a, m, i;
	size_t		 j;

	for (j = 0; j < sizeof tty_keys_table / sizeof tty_keys_table[0];
	    j++) {
		if (strlen(tty_keys_table[j].seq) == n &&
		    memcmp(tty_keys_table[j].seq, data, n) == 0) {
			snprintf(name, namesize, "%s", tty_keys_table[j].name);
			return (1);
		}
	}
	/* Modified: ESC [ 1 ; m X or ESC [ a ; m ~. */
	if (n < 6 || n > 12 || data[1] != '[')
		return (0);
	memcpy(plain, data, n);
	plain[n] = '\0';
	if (sscanf(plain + 2, "%u;%u%c", &a, &m, &final) != 3)
		return (0);
	tty_keys_modifiers(m, mods, sizeof mods);
	if (a == 1)
		snprintf(plain, sizeof plain, "\033[%c", final);
	else
		snprintf(plain, sizeof plain, "\033[%u%c", a, final);
	for (i = 0; i < sizeof tty_keys_table / sizeof tty_keys_table[0]; i++) {
		if (strcmp(tty_keys_table[i].seq, plain) == 0) {
			snprintf(name, namesize, "%s%s", mods,
			    tty_keys_table[i].name);
			return (1);
		}
	}
	return (0);
}

static void
tty_keys_c0(uint8_t ch, char *name, size_t namesize)
{
	switch (ch) {
	case 0x00:
		snprintf(name, namesize, "C-Space");
		break;
	case 0x09:
		snprintf(name, namesize, "Tab");
		break;
	case 0x0d:
		snprintf(name, namesize, "Enter");
		break;
	case 0x1b:
		snprintf(name, namesize, "Escape");
		break;
	case 0x7f:
		snprintf(name, namesize, "BSpace");
		break;
	default:
		if (ch < 0x1b)
			snprintf(name, namesize, "C-%c", 'a' + ch - 1);
		else
			snprintf(name, namesize, "C-%c", "\\]^_"[ch - 0x1c]);
		break;
	}
}

static size_t
tty_keys_utf8_length(uint8_t ch)
{
	if (ch >= 0xf0 && ch <= 0xf4)
		return (4);
	if (ch >= 0xe0)
		return (3);
	if (ch >= 0xc2)
		return (2);
	return (1);
}

/*
 * The first key of data: its length and name ("" for a sequence with no
 * name, passed to the pane as it is). 0 if more bytes may complete it;
 * with complete set (escape-time passed) a partial key is taken as it is.
 */
size_t
tty_keys_next(const uint8_t *data, size_t len, int complete, char *name,
    size_t namesize)
{
	size_t	n, sub;
	char	inner[32];
	int	mouse;

	*name = '\0';
	if (len == 0)
		return (0);
	if (data[0] == 0x1b) {
		if (len == 1) {
			if (!complete)
				return (0);
			snprintf(name, namesize, "Escape");
			return (1);
		}
		/* A mouse report: one key, named by tty-mouse.c. */
		if ((mouse = tty_mouse_length(data, len)) > 0) {
			snprintf(name, namesize, "Mouse");
			return ((size_t)mouse);
		}
		if (mouse == 0 && !complete)
			return (0);
		if (data[1] == '[' || data[1] == 'O') {
			n = tty_keys_csi_length(data, len);
			if (n == 0) {
				if (!complete)
					return (0);
				n = len;
			}
			if (!tty_keys_lookup(data, n, name, namesize) &&
			    data[1] == 'O' && n == 3 && data[2] >= 0x20)
				snprintf(name, namesize, "M-O");
			return (n);
		}
		/* ESC then a key: Meta. */
		sub = tty_keys_next(data + 1, len - 1, complete, inner,
		    sizeof inner);
		if (sub == 0)
			return (0);
		if (*inner != '\0')
			snprintf(name, namesize, "M-%s", inner);
		return (1 + sub);
	}
	if (data[0] < 0x20 || data[0] == 0x7f) {
		tty_keys_c0(data[0], name, namesize);
		return (1);
	}
	if (data[0] < 0x80) {
		if (data[0] == ' ')
			snprintf(name, namesize, "Space");
		else
			snprintf(name, namesize, "%c", data[0]);
		return (1);
	}
	n = tty_keys_utf8_length(data[0]);
	if (n > len)
		return (complete ? len : 0);
	if (n < namesize) {
		memcpy(name, data, n);
		name[n] = '\0';
	}
	return (n);
}
