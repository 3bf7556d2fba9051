/*
 * send-keys words to bytes: tmux 3.3a's key names (key_string_lookup_string)
 * and how its input_key encodes each key for a pane with the given modes
 * (application cursor and keypad modes, xterm-style modifiers). Encodings
 * were checked byte by byte against tmux 3.3a with od.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "engine/term/vt.h"
#include "tmux-compat/tmux.h"

#define MOD_SHIFT	0x1
#define MOD_META	0x2
#define MOD_CTRL	0x4

enum key_kind {
	KEY_CHAR,	/* a plain byte string */
	KEY_CSI_LETTER,	/* ESC [ X, modified: ESC [ 1 ; m X */
	KEY_SS3_LETTER,	/* ESC O X, modified: ESC [ 1 ; m X */
	KEY_TILDE,	/* ESC [ n ~, modified: ESC [ n ; m ~ */
	KEY_KEYPAD,	/* char, or ESC O X in keypad mode */
};

struct key_name {
	const char	*name;
	enum key_kind	 kind;
	const char	*plain;	/* KEY_CHAR / KEY_KEYPAD: the bytes */
	char		 code;	/* letter or keypad SS3 letter */
	int		 number;	/* KEY_TILDE */
};

static const struct key_name key_names[] = {
	{ "Enter", KEY_CHAR, "\r", 0, 0 },
	{ "Escape", KEY_CHAR, "\033", 0, 0 },
	{ "Tab", KEY_CHAR, "\t", 0, 0 },
	{ "BTab", KEY_CHAR, "\033[Z", 0, 0 },
	{ "Space", KEY_CHAR, " ", 0, 0 },
	{ "BSpace", KEY_CHAR, "\177", 0, 0 },
	{ "Up", KEY_CSI_LETTER, NULL, 'A', 0 },
	{ "Down", KEY_CSI_LETTER, NULL, 'B', 0 },
	{ "Right", KEY_CSI_LETTER, NULL, 'C', 0 },
	{ "Left", KEY_CSI_LETTER, NULL, 'D', 0 },
	{ "Home", KEY_TILDE, NULL, 'H', 1 },
	{ "End", KEY_TILDE, NULL, 'F', 4 },
	{ "IC", KEY_TILDE, NULL, 0, 2 },
	{ "Insert", KEY_TILDE, NULL, 0, 2 },
	{ "DC", KEY_TILDE, NULL, 0, 3 },
	{ "Delete", KEY_TILDE, NULL, 0, 3 },
	{ "PPage", KEY_TILDE, NULL, 0, 5 },
	{ "PageUp", KEY_TILDE, NULL, 0, 5 },
	{ "PgUp", KEY_TILDE, NULL, 0, 5 },
	{ "NPage", KEY_TILDE, NULL, 0, 6 },
	{ "PageDown", KEY_TILDE, NULL, 0, 6 },
	{ "PgDn", KEY_TILDE, NULL, 0, 6 },
	{ "F1", KEY_SS3_LETTER, NULL, 'P', 0 },
	{ "F2", KEY_SS3_LETTER, NULL, 'Q', 0 },
	{ "F3", KEY_SS3_LETTER, NULL, 'R', 0 },
	{ "F4", KEY_SS3_LETTER, NULL, 'S', 0 },
	{ "F5", KEY_TILDE, NULL, 0, 15 },
	{ "F6", KEY_TILDE, NULL, 0, 17 },
	{ "F7", KEY_TILDE, NULL, 0, 18 },
	{ "F8", KEY_TILDE, NULL, 0, 19 },
	{ "F9", KEY_TILDE, NULL, 0, 20 },
	{ "F10", KEY_TILDE, NULL, 0, 21 },
	{ "F11", KEY_TILDE, NULL, 0, 23 },
	{ "F12", KEY_TILDE, NULL, 0, 24 },
	{ "KP/", KEY_KEYPAD, "/", 'o', 0 },
	{ "KP*", KEY_KEYPAD, "*", 'j', 0 },
	{ "KP-", KEY_KEYPAD, "-", 'm', 0 },
	{ "KP7", KEY_KEYPAD, "7", 'w', 0 },
	{ "KP8", KEY_KEYPAD, "8", 'x', 0 },
	{ "KP9", KEY_KEYPAD, "9", 'y', 0 },
	{ "KP+", KEY_KEYPAD, "+", 'k', 0 },
	{ "KP4", KEY_KEYPAD, "4", 't', 0 },
	{ "KP5", KEY_KEYPAD, "5", 'u', 0 },
	{ "KP6", KEY_KEYPAD, "6", 'v', 0 },
	{ "KP1", KEY_KEYPAD, "1", 'q', 0 },
	{ "KP2", KEY_KEYPAD, "2", 'r', 0 },
	{ "KP3", KEY_KEYPAD, "3", 's', 0 },
	{ "KPEnter", KEY_KEYPAD, "\n", 'M', 0 },
	{ "KP0", KEY_KEYPAD, "0", 'p', 0 },
	{ "KP.", KEY_KEYPAD, ".", 'n', 0 },
};

/* Length of one UTF-8 character at s, or 0 if s is not exactly one. */
static size_t
keys_one_utf8(const char *s)
{
	const unsigned char	*u = (const unsigned char *)s;
	size_t			 n, i;

	if (u[0] < 0x80)
		n = 1;
	else if ((u[0] & 0xe0) == 0xc0)
		n = 2;
	else if ((u[0] & 0xf0) == 0xe0)
		n = 3;
	else if ((u[0] & 0xf8) == 0xf0)
		n = 4;
	else
		return (0);
	for (i = 1; i < n; i++) {
		if ((u[i] & 0xc0) != 0x80)
			return (0);
	}
	return (u[n] == '\0' ? n : 0);
}

/*
 * Encode one send-keys word. Returns 0 and appends the bytes if the word is
 * a key name (possibly encoding to nothing, as tmux drops C-Enter), -1 if
 * it is not a key (the caller sends it literally).
 */
int
keys_encode(const char *word, unsigned mode, struct buf *out)
{
	const struct key_name	*k = NULL;
	const char		*s = word;
	int			 mods = 0, m;
	size_t			 i, n;
	unsigned char		 ch;

	if (*s == '\0')
		return (-1);
	/* Modifier prefixes: C- M- S- and ^X. */
	for (;;) {
		if (s[0] != '\0' && s[1] == '-' && s[2] != '\0') {
			switch (s[0]) {
			case 'C': case 'c':
				mods |= MOD_CTRL;
				s += 2;
				continue;
			case 'M': case 'm':
				mods |= MOD_META;
				s += 2;
				continue;
			case 'S': case 's':
				mods |= MOD_SHIFT;
				s += 2;
				continue;
			}
		}
		if (s[0] == '^' && s[1] != '\0' && s[2] == '\0') {
			mods |= MOD_CTRL;
			s++;
		}
		break;
	}

	for (i = 0; i < sizeof key_names / sizeof key_names[0]; i++) {
		if (strcasecmp(s, key_names[i].name) == 0) {
			k = &key_names[i];
			break;
		}
	}
	if (k == NULL) {
		if ((n = keys_one_utf8(s)) == 0)
			return (-1);
		ch = (unsigned char)s[0];
		/* A shifted plain character is not a key (S-a, S-Tab). */
		if (mods & MOD_SHIFT)
			return (-1);
		if ((mods & MOD_CTRL) && n == 1 &&
		    strchr("!#()+,-.0123456789:;<=>'\r\t\177`/", ch) == NULL) {
			if (ch >= 'a' && ch <= 'z')
				ch -= 96;
			else if (ch >= '@' && ch <= '_')
				ch -= 64;
			else if (ch == ' ')
				ch = 0;
			else if (ch == '?')
				ch = 127;
			else
				return (-1);
			mods &= ~MOD_CTRL;
			if (mods & MOD_META)
				buf_add_byte(out, '\033');
			buf_add_byte(out, ch);
			return (0);
		}
		/* C-1 is dropped; C- on a non-ASCII character is ignored. */
		if ((mods & MOD_CTRL) && n == 1)
			return (0);
		if (mods & MOD_META)
			buf_add_byte(out, '\033');
		buf_add(out, s, n);
		return (0);
	}

	m = 1 + ((mods & MOD_SHIFT) ? 1 : 0) + ((mods & MOD_META) ? 2 : 0) +
	    ((mods & MOD_CTRL) ? 4 : 0);
	switch (k->kind) {
	case KEY_CHAR:
		if (mods & MOD_SHIFT)
			return (-1);
		if ((mods & MOD_CTRL) && strcmp(k->plain, " ") == 0) {
			if (mods & MOD_META)
				buf_add_byte(out, '\033');
			buf_add_byte(out, '\0');
			break;
		}
		if (mods & MOD_CTRL)
			return (0);
		if (mods & MOD_META)
			buf_add_byte(out, '\033');
		buf_add_str(out, k->plain);
		break;
	case KEY_KEYPAD:
		if (mods & MOD_META)
			buf_add_byte(out, '\033');
		if (mode & VT_MODE_KKEYPAD)
			buf_printf(out, "\033O%c", k->code);
		else
			buf_add_str(out, k->plain);
		break;
	case KEY_CSI_LETTER:
		if (mods != 0)
			buf_printf(out, "\033[1;%d%c", m, k->code);
		else if (mode & VT_MODE_KCURSOR)
			buf_printf(out, "\033O%c", k->code);
		else
			buf_printf(out, "\033[%c", k->code);
		break;
	case KEY_SS3_LETTER:
		if (mods != 0)
			buf_printf(out, "\033[1;%d%c", m, k->code);
		else
			buf_printf(out, "\033O%c", k->code);
		break;
	case KEY_TILDE:
		if (mods != 0 && k->code != 0)
			buf_printf(out, "\033[1;%d%c", m, k->code);
		else if (mods != 0)
			buf_printf(out, "\033[%d;%d~", k->number, m);
		else
			buf_printf(out, "\033[%d~", k->number);
		break;
	}
	return (0);
}
