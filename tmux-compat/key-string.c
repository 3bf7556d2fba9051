/*
 * Key names for bind-key and list-keys. The names themselves are
 * options.c's (tmux 3.3a's key_string_lookup_string and _key, shared with
 * key options such as prefix); this adds tmux's key code order, which
 * list-keys follows: characters by code point, then the special keys in
 * tmux's enum order (focus, Any, paste, mouse keys, BSpace, F1-F12, IC
 * ...), User keys, with modifiers as tmux's high bits (M < C < S).
 */
#include <string.h>
#include <wchar.h>

#include "tmux-compat/key-bindings.h"
#include "tmux-compat/options.h"

/* tmux 3.3a's values. */
#define KS_BASE		0x000000010e000ULL
#define KS_USER		0x000000010f000ULL
#define KS_NONE		0x00000ff000000000ULL
#define KS_META		0x00100000000000ULL
#define KS_CTRL		0x00200000000000ULL
#define KS_SHIFT	0x00400000000000ULL

/* Special keys after the mouse keys, in tmux's enum order. */
static const char *const key_string_specials[] = {
	"BSpace", "F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9",
	"F10", "F11", "F12", "IC", "DC", "Home", "End", "NPage", "PPage",
	"BTab", "Up", "Down", "Left", "Right", "KP/", "KP*", "KP-", "KP7",
	"KP8", "KP9", "KP+", "KP4", "KP5", "KP6", "KP1", "KP2", "KP3",
	"KPEnter", "KP0", "KP."
};

/*
 * Mouse keys: options.c numbers them type * 24 + button * 6 + where with
 * types MouseDown, MouseUp, MouseDrag, MouseDragEnd, SecondClick,
 * DoubleClick, TripleClick, WheelUp, WheelDown, MouseMove; tmux's enum
 * has MouseMove, then Down, Up, Drag, DragEnd (buttons 1-3), WheelUp,
 * WheelDown, then SecondClick, DoubleClick, TripleClick, six places each.
 */
static unsigned
key_string_mouse_index(unsigned n)
{
	unsigned	t = n / 24, b = (n / 6) % 4, w = n % 6, slot;

	switch (t) {
	case 9:			/* MouseMove */
		slot = 0;
		break;
	case 0: case 1: case 2: case 3:
		slot = 1 + t * 3 + (b - 1);
		break;
	case 7:			/* WheelUp */
		slot = 13;
		break;
	case 8:			/* WheelDown */
		slot = 14;
		break;
	default:		/* 4, 5, 6: the clicks */
		slot = 15 + (t - 4) * 3 + (b - 1);
		break;
	}
	return (slot * 6 + w);
}

/*
 * tmux keeps a key typed as a multibyte UTF-8 character, or given as 0xN,
 * as a utf8_char (size, width and bytes packed), not as the code point a
 * plain ASCII key is: "A" and "0x41" are two keys that both print "A".
 * KEY_STRING_UTF8 marks the former.
 */
long long
key_string_lookup_string(const char *s)
{
	long long	 key = options_key_from_string(s);
	const char	*p = s;

	if (key < 0 || key == OPTIONS_KEY_NONE || key == OPTIONS_KEY_ANY)
		return (key);
	if ((key & OPTIONS_KEY_MASK) >= OPTIONS_KEY_SPECIAL)
		return (key);
	if (s[0] == '0' && s[1] == 'x')
		return (key | KEY_STRING_UTF8);
	if (p[0] == '^' && p[1] != '\0')
		p++;
	while (p[0] != '\0' && p[1] == '-' && strchr("CcMmSs", p[0]) != NULL)
		p += 2;
	if ((unsigned char)p[0] >= 0x80)
		return (key | KEY_STRING_UTF8);
	return (key);
}

const char *
key_string_lookup_key(long long key)
{
	if (key >= 0 && (key & KEY_STRING_UTF8))
		key &= ~KEY_STRING_UTF8;
	return (options_key_to_string(key));
}

/* tmux's utf8_char for code point cp. */
static unsigned long long
key_string_utf8_char(long long cp)
{
	unsigned char	b[4] = { 0, 0, 0, 0 };
	unsigned	size;
	int		width;

	if (cp < 0x80) {
		b[0] = (unsigned char)cp;
		size = 1;
	} else if (cp < 0x800) {
		b[0] = (unsigned char)(0xc0 | (cp >> 6));
		b[1] = (unsigned char)(0x80 | (cp & 0x3f));
		size = 2;
	} else if (cp < 0x10000) {
		b[0] = (unsigned char)(0xe0 | (cp >> 12));
		b[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
		b[2] = (unsigned char)(0x80 | (cp & 0x3f));
		size = 3;
	} else
		size = 4;
	width = wcwidth((wchar_t)cp);
	if (width < 0 || width > 2)
		width = 1;
	if (size == 4) {
		/* tmux numbers these in order of first use: approximate. */
		return ((4ULL << 24) | ((unsigned long long)(width + 1) << 29) |
		    (unsigned long long)(cp & 0xffffff));
	}
	return (((unsigned long long)size << 24) |
	    ((unsigned long long)(width + 1) << 29) |
	    ((unsigned long long)b[2] << 16) | ((unsigned long long)b[1] << 8) |
	    b[0]);
}

int
key_string_is_mouse(long long key)
{
	long long	k = key & OPTIONS_KEY_MASK & ~KEY_STRING_UTF8;

	if (key < 0 || key == OPTIONS_KEY_NONE || key == OPTIONS_KEY_ANY)
		return (0);
	return (k >= OPTIONS_KEY_MOUSE && k < OPTIONS_KEY_MOUSE + 240);
}

unsigned long long
key_string_order(long long key)
{
	unsigned long long	mods = 0, base;
	long long		k;
	const char		*name;
	unsigned		i;
	int			utf8 = 0;

	if (key == OPTIONS_KEY_NONE)
		return (KS_NONE);
	if (key == OPTIONS_KEY_ANY)
		return (KS_BASE + 2);
	if (key < 0)
		return (~0ULL);
	if (key & KEY_STRING_UTF8) {
		key &= ~KEY_STRING_UTF8;
		utf8 = 1;
	}
	if (key & OPTIONS_KEY_META)
		mods |= KS_META;
	if (key & OPTIONS_KEY_CTRL)
		mods |= KS_CTRL;
	if (key & OPTIONS_KEY_SHIFT)
		mods |= KS_SHIFT;
	k = key & OPTIONS_KEY_MASK;

	if (utf8)
		base = key_string_utf8_char(k);
	else if (k < OPTIONS_KEY_SPECIAL)
		base = (unsigned long long)k;
	else if (k >= OPTIONS_KEY_MOUSE && k < OPTIONS_KEY_MOUSE + 240)
		base = KS_BASE + 5 + key_string_mouse_index((unsigned)(k -
		    OPTIONS_KEY_MOUSE));
	else if (k >= OPTIONS_KEY_USER && k < OPTIONS_KEY_MOUSE)
		base = KS_USER + (unsigned long long)(k - OPTIONS_KEY_USER);
	else {
		name = options_key_to_string(k);
		if (strcmp(name, "FocusIn") == 0)
			base = KS_BASE;
		else if (strcmp(name, "FocusOut") == 0)
			base = KS_BASE + 1;
		else {
			base = KS_BASE + 5 + 29 * 6 + 100;
			for (i = 0; i < sizeof key_string_specials /
			    sizeof key_string_specials[0]; i++) {
				if (strcmp(key_string_specials[i], name) == 0) {
					base = KS_BASE + 5 + 29 * 6 + i;
					break;
				}
			}
		}
	}
	return (mods | base);
}
