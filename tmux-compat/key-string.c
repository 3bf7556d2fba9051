/*
 * Key names for bind-key and list-keys. The names themselves are
 * options.c's (tmux 3.3a's key_string_lookup_string and _key, shared with
 * key options such as prefix); this adds tmux's key code order, which
 * list-keys follows: characters by code point, then the special keys in
 * tmux's enum order (focus, Any, paste, mouse keys, BSpace, F1-F12, IC
 * ...), User keys, with modifiers as tmux's high bits (M < C < S).
 */
#include <string.h>

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

long long
key_string_lookup_string(const char *s)
{
	return (options_key_from_string(s));
}

const char *
key_string_lookup_key(long long key)
{
	return (options_key_to_string(key));
}

int
key_string_is_mouse(long long key)
{
	long long	k = key & OPTIONS_KEY_MASK;

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

	if (key == OPTIONS_KEY_NONE)
		return (KS_NONE);
	if (key == OPTIONS_KEY_ANY)
		return (KS_BASE + 2);
	if (key < 0)
		return (~0ULL);
	if (key & OPTIONS_KEY_META)
		mods |= KS_META;
	if (key & OPTIONS_KEY_CTRL)
		mods |= KS_CTRL;
	if (key & OPTIONS_KEY_SHIFT)
		mods |= KS_SHIFT;
	k = key & OPTIONS_KEY_MASK;

	if (k < OPTIONS_KEY_SPECIAL)
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
