/*
 * The options store (options.h): global stores and per-object stores,
 * inheritance, tmux 3.3a's value parsing (flags, choices, numbers with
 * ranges, keys, colours, styles, arrays) and printing, and the getters the
 * rest of the server uses.
 */
#include <ctype.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "engine/base/hash.h"
#include "engine/base/xmalloc.h"
#include "engine/model/layout.h"
#include "tmux-compat/cmd-parse.h"
#include "tmux-compat/format-int.h"
#include "tmux-compat/options.h"
#include "tmux-compat/style.h"

struct options_array_item {
	unsigned	 index;
	char		*string;	/* string and command arrays */
	long long	 number;	/* colour arrays */
};

struct options_entry {
	char					*name;
	const struct options_table_entry	*oe;	/* NULL: @user */
	char					*string;
	long long				 number;
	struct options_array_item		*items;	/* by index */
	unsigned				 nitems;
	char					*text;	/* options_get_string */
};

struct options {
	struct options_entry	**list;		/* sorted by name */
	unsigned		  n;
};

struct options	*global_options;
struct options	*global_s_options;
struct options	*global_w_options;

#define OPTIONS_IS_NUMBER(oe) ((oe) != NULL && \
	(oe)->type != OPTIONS_TABLE_STRING && \
	(oe)->type != OPTIONS_TABLE_COMMAND)

/* --- keys ------------------------------------------------------------ */

#define KS(n)	(OPTIONS_KEY_SPECIAL + (n))
static const struct {
	const char	*name;
	long long	 key;
} options_key_table[] = {
	{ "F1", KS(0) }, { "F2", KS(1) }, { "F3", KS(2) }, { "F4", KS(3) },
	{ "F5", KS(4) }, { "F6", KS(5) }, { "F7", KS(6) }, { "F8", KS(7) },
	{ "F9", KS(8) }, { "F10", KS(9) }, { "F11", KS(10) },
	{ "F12", KS(11) },
	{ "IC", KS(12) }, { "Insert", KS(12) },
	{ "DC", KS(13) }, { "Delete", KS(13) },
	{ "Home", KS(14) }, { "End", KS(15) },
	{ "NPage", KS(16) }, { "PageDown", KS(16) }, { "PgDn", KS(16) },
	{ "PPage", KS(17) }, { "PageUp", KS(17) }, { "PgUp", KS(17) },
	{ "Tab", '\t' }, { "BTab", KS(18) }, { "Space", ' ' },
	{ "BSpace", KS(19) }, { "Enter", '\r' }, { "Escape", '\033' },
	{ "Up", KS(20) }, { "Down", KS(21) }, { "Left", KS(22) },
	{ "Right", KS(23) },
	{ "KP/", KS(24) }, { "KP*", KS(25) }, { "KP-", KS(26) },
	{ "KP7", KS(27) }, { "KP8", KS(28) }, { "KP9", KS(29) },
	{ "KP+", KS(30) }, { "KP4", KS(31) }, { "KP5", KS(32) },
	{ "KP6", KS(33) }, { "KP1", KS(34) }, { "KP2", KS(35) },
	{ "KP3", KS(36) }, { "KPEnter", KS(37) }, { "KP0", KS(38) },
	{ "KP.", KS(39) },
	{ "FocusIn", KS(40) }, { "FocusOut", KS(41) },
};

static const char *options_mouse_types[] = {
	"MouseDown", "MouseUp", "MouseDrag", "MouseDragEnd", "SecondClick",
	"DoubleClick", "TripleClick", "WheelUp", "WheelDown", "MouseMove"
};
static const char *options_mouse_where[] = {
	"Pane", "Status", "StatusLeft", "StatusRight", "StatusDefault",
	"Border"
};
#define OPTIONS_MOUSE_BUTTONED	7	/* types before this have 1-3 */
#define OPTIONS_MOUSE_COUNT	(10 * 4 * 6)

/* Name of mouse key n (type, button, location), "" if there is none. */
static const char *
options_mouse_name(unsigned n)
{
	static char	buf[64];
	unsigned	t = n / 24, b = (n / 6) % 4, w = n % 6;

	if (t >= 10)
		return ("");
	if (t < OPTIONS_MOUSE_BUTTONED) {
		if (b == 0)
			return ("");
		snprintf(buf, sizeof buf, "%s%u%s", options_mouse_types[t], b,
		    options_mouse_where[w]);
	} else {
		if (b != 0)
			return ("");
		snprintf(buf, sizeof buf, "%s%s", options_mouse_types[t],
		    options_mouse_where[w]);
	}
	return (buf);
}

/* Modifier prefixes C- M- S- (and ^): advance *s, return the flags. */
static long long
options_key_modifiers(const char **s)
{
	long long	mods = 0;

	while ((*s)[0] != '\0' && (*s)[1] == '-') {
		switch ((*s)[0]) {
		case 'C':
		case 'c':
			mods |= OPTIONS_KEY_CTRL;
			break;
		case 'M':
		case 'm':
			mods |= OPTIONS_KEY_META;
			break;
		case 'S':
		case 's':
			mods |= OPTIONS_KEY_SHIFT;
			break;
		default:
			return (-1);
		}
		*s += 2;
	}
	return (mods);
}

/* One UTF-8 character making up all of s: its code point, else -1. */
static long long
options_key_utf8(const char *s)
{
	const unsigned char	*u = (const unsigned char *)s;
	unsigned		 n, i;
	long long		 c;

	if (u[0] < 0xc2)
		return (-1);
	if (u[0] < 0xe0) {
		n = 2;
		c = u[0] & 0x1f;
	} else if (u[0] < 0xf0) {
		n = 3;
		c = u[0] & 0x0f;
	} else if (u[0] < 0xf5) {
		n = 4;
		c = u[0] & 0x07;
	} else
		return (-1);
	for (i = 1; i < n; i++) {
		if ((u[i] & 0xc0) != 0x80)
			return (-1);
		c = (c << 6) | (u[i] & 0x3f);
	}
	if (u[n] != '\0')
		return (-1);
	return (c);
}

/* A key name as tmux 3.3a's key_string_lookup_string reads it. */
long long
options_key_from_string(const char *s)
{
	static const char	 other[] = "!#()+,-.0123456789:;<=>'\r\t\177`/";
	long long		 mods = 0, key = -1, u;
	unsigned long		 hex;
	unsigned		 i, n;
	char			*end;

	if (strcasecmp(s, "None") == 0)
		return (OPTIONS_KEY_NONE);
	if (strcasecmp(s, "Any") == 0)
		return (OPTIONS_KEY_ANY);
	if (s[0] == '0' && s[1] == 'x') {
		hex = strtoul(s + 2, &end, 16);
		if (s[2] == '\0' || *end != '\0' || hex > 0x10ffff)
			return (OPTIONS_KEY_UNKNOWN);
		return ((long long)hex);
	}
	if (s[0] == '^' && s[1] != '\0') {
		mods |= OPTIONS_KEY_CTRL;
		s++;
	}
	if ((u = options_key_modifiers(&s)) == -1)
		return (OPTIONS_KEY_UNKNOWN);
	mods |= u;
	if (*s == '\0')
		return (OPTIONS_KEY_UNKNOWN);
	if (s[1] == '\0' && (unsigned char)s[0] <= 127) {
		key = (unsigned char)s[0];
		if (key < 32)
			return (OPTIONS_KEY_UNKNOWN);
	} else if ((u = options_key_utf8(s)) != -1)
		return (u | mods);
	else {
		for (i = 0; i < sizeof options_key_table /
		    sizeof options_key_table[0]; i++) {
			if (strcasecmp(options_key_table[i].name, s) == 0) {
				key = options_key_table[i].key;
				break;
			}
		}
		if (key == -1 && strncasecmp(s, "User", 4) == 0 &&
		    isdigit((unsigned char)s[4])) {
			n = (unsigned)strtoul(s + 4, &end, 10);
			if (*end == '\0' && n < 1000)
				key = OPTIONS_KEY_USER + n;
		}
		for (i = 0; key == -1 && i < OPTIONS_MOUSE_COUNT; i++) {
			if (strcasecmp(options_mouse_name(i), s) == 0)
				key = OPTIONS_KEY_MOUSE + i;
		}
		if (key == -1)
			return (OPTIONS_KEY_UNKNOWN);
	}
	if (key <= 127 && (mods & OPTIONS_KEY_CTRL) &&
	    strchr(other, (int)key) == NULL && key != 9 && key != 13 &&
	    key != 27) {
		if (key >= 97 && key <= 122)
			key -= 96;
		else if (key >= 64 && key <= 95)
			key -= 64;
		else if (key == 32)
			key = 0;
		else if (key == 63)
			key = 127;
		else
			return (OPTIONS_KEY_UNKNOWN);
		mods &= ~OPTIONS_KEY_CTRL;
	}
	return (key | mods);
}

/* Append to a fixed buffer (no strlcat in this libc). */
static void
options_cat(char *out, const char *add, size_t size)
{
	size_t	len = strlen(out);

	if (len < size)
		snprintf(out + len, size - len, "%s", add);
}

/* A key as tmux 3.3a's key_string_lookup_key prints it. */
const char *
options_key_to_string(long long key)
{
	static char	out[64];
	char		tmp[32];
	long long	k;
	unsigned	i;

	if (key == OPTIONS_KEY_NONE)
		return ("None");
	if (key == OPTIONS_KEY_ANY)
		return ("Any");
	if (key < 0)
		return ("Unknown");
	*out = '\0';
	if (key & OPTIONS_KEY_CTRL)
		options_cat(out, "C-", sizeof out);
	if (key & OPTIONS_KEY_META)
		options_cat(out, "M-", sizeof out);
	if (key & OPTIONS_KEY_SHIFT)
		options_cat(out, "S-", sizeof out);
	k = key & OPTIONS_KEY_MASK;
	for (i = 0; i < sizeof options_key_table / sizeof options_key_table[0];
	    i++) {
		if (options_key_table[i].key == k) {
			options_cat(out, options_key_table[i].name, sizeof out);
			return (out);
		}
	}
	if (k >= OPTIONS_KEY_MOUSE &&
	    k < OPTIONS_KEY_MOUSE + OPTIONS_MOUSE_COUNT) {
		options_cat(out, options_mouse_name((unsigned)(k -
		    OPTIONS_KEY_MOUSE)), sizeof out);
		return (out);
	}
	if (k >= OPTIONS_KEY_USER && k < OPTIONS_KEY_USER + 1000) {
		snprintf(tmp, sizeof tmp, "User%lld", k - OPTIONS_KEY_USER);
		options_cat(out, tmp, sizeof out);
		return (out);
	}
	if (k == 0)
		snprintf(tmp, sizeof tmp, "C-Space");
	else if (k < 27)
		snprintf(tmp, sizeof tmp, "C-%c", (int)(96 + k));
	else if (k < 32)
		snprintf(tmp, sizeof tmp, "C-%c", (int)(64 + k));
	else if (k < 127)
		snprintf(tmp, sizeof tmp, "%c", (int)k);
	else if (k == 127)
		snprintf(tmp, sizeof tmp, "C-?");
	else if (k < 0x80)
		snprintf(tmp, sizeof tmp, "\\%llo", k);
	else if (k < 0x800)
		snprintf(tmp, sizeof tmp, "%c%c", (int)(0xc0 | (k >> 6)),
		    (int)(0x80 | (k & 0x3f)));
	else if (k < 0x10000)
		snprintf(tmp, sizeof tmp, "%c%c%c", (int)(0xe0 | (k >> 12)),
		    (int)(0x80 | ((k >> 6) & 0x3f)), (int)(0x80 | (k & 0x3f)));
	else if (k < 0x110000)
		snprintf(tmp, sizeof tmp, "%c%c%c%c", (int)(0xf0 | (k >> 18)),
		    (int)(0x80 | ((k >> 12) & 0x3f)),
		    (int)(0x80 | ((k >> 6) & 0x3f)), (int)(0x80 | (k & 0x3f)));
	else
		snprintf(tmp, sizeof tmp, "Invalid#%llx", key);
	options_cat(out, tmp, sizeof out);
	return (out);
}

/* --- colours and styles ------------------------------------------------ */

static const char *options_colour_names[] = {
	"black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"
};

/* strtonum(s, 0, 255): -1 if not. */
static int
options_colour_index(const char *s)
{
	char	*end;
	long	 n;

	if (*s == '\0' || (!isdigit((unsigned char)*s) && *s != '-' &&
	    *s != '+'))
		return (-1);
	n = strtol(s, &end, 10);
	if (*end != '\0' || n < 0 || n > 255)
		return (-1);
	return ((int)n);
}

/* tmux 3.3a's colour_fromstring: -1 if not a colour. */
int
options_colour_from_string(const char *s)
{
	const char	*cp;
	unsigned	 r, g, b;
	int		 n, i, rgb;
	char		 bright[16];

	if (*s == '#' && strlen(s) == 7) {
		for (cp = s + 1; isxdigit((unsigned char)*cp); cp++)
			;
		if (*cp != '\0' || sscanf(s + 1, "%2x%2x%2x", &r, &g, &b) != 3)
			return (-1);
		return (OPTIONS_COLOUR_RGB | (int)((r << 16) | (g << 8) | b));
	}
	if (strncasecmp(s, "colour", 6) == 0) {
		if ((n = options_colour_index(s + 6)) == -1)
			return (-1);
		return (n | OPTIONS_COLOUR_256);
	}
	if (strncasecmp(s, "color", 5) == 0) {
		if ((n = options_colour_index(s + 5)) == -1)
			return (-1);
		return (n | OPTIONS_COLOUR_256);
	}
	if (strcasecmp(s, "default") == 0)
		return (8);
	if (strcasecmp(s, "terminal") == 0)
		return (9);
	for (i = 0; i < 8; i++) {
		if (strcasecmp(s, options_colour_names[i]) == 0 ||
		    (s[0] == '0' + i && s[1] == '\0'))
			return (i);
	}
	for (i = 0; i < 8; i++) {
		snprintf(bright, sizeof bright, "bright%s",
		    options_colour_names[i]);
		if (strcasecmp(s, bright) == 0 ||
		    (s[0] == '9' && s[1] == '0' + i && s[2] == '\0'))
			return (90 + i);
	}
	/* X11 names: format-colour.c has the table. */
	if ((rgb = format_colour_rgb(s)) == -1)
		return (-1);
	return (OPTIONS_COLOUR_RGB | rgb);
}

/* tmux 3.3a's colour_tostring. */
const char *
options_colour_to_string(int c)
{
	static char	buf[32];

	if (c == -1)
		return ("none");
	if (c & OPTIONS_COLOUR_RGB) {
		snprintf(buf, sizeof buf, "#%02x%02x%02x", (c >> 16) & 0xff,
		    (c >> 8) & 0xff, c & 0xff);
		return (buf);
	}
	if (c & OPTIONS_COLOUR_256) {
		snprintf(buf, sizeof buf, "colour%d", c & 0xff);
		return (buf);
	}
	if (c >= 0 && c <= 7)
		return (options_colour_names[c]);
	if (c == 8)
		return ("default");
	if (c == 9)
		return ("terminal");
	if (c >= 90 && c <= 97) {
		snprintf(buf, sizeof buf, "bright%s",
		    options_colour_names[c - 90]);
		return (buf);
	}
	return ("invalid");
}

/* Whether tmux 3.3a's style_parse accepts s. */
int
options_style_valid(const char *s)
{
	struct tty_style	gc = { 0, 8, 8 };
	struct style		sy;

	style_set(&sy, &gc);
	return (style_parse(&sy, &gc, s) == 0);
}

/* --- the store --------------------------------------------------------- */

static struct options *
options_create(void)
{
	return (xcalloc(1, sizeof (struct options)));
}

static void
options_entry_clear(struct options_entry *o)
{
	unsigned	i;

	for (i = 0; i < o->nitems; i++)
		xfree(o->items[i].string);
	xfree(o->items);
	o->items = NULL;
	o->nitems = 0;
	xfree(o->string);
	o->string = NULL;
	xfree(o->text);
	o->text = NULL;
}

static void
options_entry_free(struct options_entry *o)
{
	options_entry_clear(o);
	xfree(o->name);
	xfree(o);
}

void
options_free(struct options *oo)
{
	unsigned	i;

	if (oo == NULL)
		return;
	for (i = 0; i < oo->n; i++)
		options_entry_free(oo->list[i]);
	xfree(oo->list);
	xfree(oo);
}

/* Position of name in oo (or where it would go); *found if there. */
static unsigned
options_search(const struct options *oo, const char *name, int *found)
{
	unsigned	lo = 0, hi = oo->n, mid;
	int		c;

	*found = 0;
	while (lo < hi) {
		mid = (lo + hi) / 2;
		c = strcmp(oo->list[mid]->name, name);
		if (c == 0) {
			*found = 1;
			return (mid);
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (lo);
}

static struct options_entry *
options_find(const struct options *oo, const char *name)
{
	unsigned	i;
	int		found;

	if (oo == NULL)
		return (NULL);
	i = options_search(oo, name, &found);
	return (found ? oo->list[i] : NULL);
}

/* The entry for name in *slot, created (empty) if missing. */
static struct options_entry *
options_add(struct options **slot, const char *name,
    const struct options_table_entry *oe)
{
	struct options		*oo;
	struct options_entry	*o;
	unsigned		 i;
	int			 found;

	if (*slot == NULL)
		*slot = options_create();
	oo = *slot;
	i = options_search(oo, name, &found);
	if (found)
		return (oo->list[i]);
	o = xcalloc(1, sizeof *o);
	o->name = xstrdup(name);
	o->oe = oe;
	oo->list = xreallocarray(oo->list, oo->n + 1, sizeof *oo->list);
	memmove(oo->list + i + 1, oo->list + i,
	    (oo->n - i) * sizeof *oo->list);
	oo->list[i] = o;
	oo->n++;
	return (o);
}

static void
options_remove(struct options *oo, const char *name)
{
	unsigned	i;
	int		found;

	if (oo == NULL)
		return;
	i = options_search(oo, name, &found);
	if (!found)
		return;
	options_entry_free(oo->list[i]);
	memmove(oo->list + i, oo->list + i + 1,
	    (oo->n - i - 1) * sizeof *oo->list);
	oo->n--;
}

/* Index in o->items of array index idx, or where it would go. */
static unsigned
options_item_search(const struct options_entry *o, unsigned idx, int *found)
{
	unsigned	i;

	*found = 0;
	for (i = 0; i < o->nitems; i++) {
		if (o->items[i].index == idx) {
			*found = 1;
			return (i);
		}
		if (o->items[i].index > idx)
			break;
	}
	return (i);
}

static struct options_array_item *
options_item(const struct options_entry *o, unsigned idx)
{
	unsigned	i;
	int		found;

	i = options_item_search(o, idx, &found);
	return (found ? &o->items[i] : NULL);
}

static struct options_array_item *
options_item_new(struct options_entry *o, unsigned idx)
{
	unsigned	i;
	int		found;

	i = options_item_search(o, idx, &found);
	if (found)
		return (&o->items[i]);
	o->items = xreallocarray(o->items, o->nitems + 1, sizeof *o->items);
	memmove(o->items + i + 1, o->items + i,
	    (o->nitems - i) * sizeof *o->items);
	memset(&o->items[i], 0, sizeof o->items[i]);
	o->items[i].index = idx;
	o->nitems++;
	return (&o->items[i]);
}

static void
options_item_remove(struct options_entry *o, unsigned idx)
{
	unsigned	i;
	int		found;

	i = options_item_search(o, idx, &found);
	if (!found)
		return;
	xfree(o->items[i].string);
	memmove(o->items + i, o->items + i + 1,
	    (o->nitems - i - 1) * sizeof *o->items);
	o->nitems--;
}

static unsigned
options_item_free_index(const struct options_entry *o)
{
	unsigned	idx;

	for (idx = 0; options_item(o, idx) != NULL; idx++)
		;
	return (idx);
}

/* Put the table default into *slot. */
static struct options_entry *
options_default(struct options **slot, const struct options_table_entry *oe)
{
	struct options_entry		*o;
	struct options_array_item	*a;
	unsigned			 i;

	o = options_add(slot, oe->name, oe);
	options_entry_clear(o);
	if (oe->flags & OPTIONS_TABLE_IS_ARRAY) {
		for (i = 0; oe->default_arr != NULL &&
		    oe->default_arr[i] != NULL; i++) {
			a = options_item_new(o, i);
			a->string = xstrdup(oe->default_arr[i]);
		}
		return (o);
	}
	if (oe->type == OPTIONS_TABLE_STRING)
		o->string = xstrdup(oe->default_str);
	else
		o->number = oe->default_num;
	return (o);
}

static void
options_model_free(struct options *oo)
{
	options_free(oo);
}

void
options_init(void)
{
	const struct options_table_entry	*oe;
	struct options_entry			*o;

	if (global_options != NULL)
		return;
	global_options = options_create();
	global_s_options = options_create();
	global_w_options = options_create();
	for (oe = options_table; oe->name != NULL; oe++) {
		if (oe->scope & OPTIONS_TABLE_SERVER)
			options_default(&global_options, oe);
		if (oe->scope & OPTIONS_TABLE_SESSION)
			options_default(&global_s_options, oe);
		if (oe->scope & OPTIONS_TABLE_WINDOW)
			options_default(&global_w_options, oe);
	}
	/*
	 * As tmux at start: default-shell is the user's shell; set -gu puts
	 * back the table's /bin/sh.
	 */
	o = options_find(global_s_options, "default-shell");
	xfree(o->string);
	o->string = xstrdup(globals_default_shell());
	model_options_free = options_model_free;
}

/* --- targets ----------------------------------------------------------- */

void
options_target_server(struct options_target *t)
{
	if (global_options == NULL)
		options_init();
	memset(t, 0, sizeof *t);
	t->scope = OPTIONS_TABLE_SERVER;
	t->chain[0] = &global_options;
	t->n = 1;
}

void
options_target_global(struct options_target *t, int scope)
{
	if (global_options == NULL)
		options_init();
	memset(t, 0, sizeof *t);
	t->scope = scope;
	if (scope == OPTIONS_TABLE_SERVER)
		t->chain[0] = &global_options;
	else if (scope == OPTIONS_TABLE_SESSION)
		t->chain[0] = &global_s_options;
	else
		t->chain[0] = &global_w_options;
	t->n = 1;
}

void
options_target_session(struct options_target *t, struct session *s)
{
	if (global_options == NULL)
		options_init();
	memset(t, 0, sizeof *t);
	t->scope = OPTIONS_TABLE_SESSION;
	t->chain[0] = &s->options;
	t->chain[1] = &global_s_options;
	t->n = 2;
}

void
options_target_window(struct options_target *t, struct window *w)
{
	if (global_options == NULL)
		options_init();
	memset(t, 0, sizeof *t);
	t->scope = OPTIONS_TABLE_WINDOW;
	t->chain[0] = &w->options;
	t->chain[1] = &global_w_options;
	t->n = 2;
	t->w = w;
}

void
options_target_pane(struct options_target *t, struct pane *wp)
{
	if (global_options == NULL)
		options_init();
	memset(t, 0, sizeof *t);
	t->scope = OPTIONS_TABLE_PANE;
	t->chain[0] = &wp->options;
	t->chain[1] = &wp->window->options;
	t->chain[2] = &global_w_options;
	t->n = 3;
}

static int
options_is_global_target(const struct options_target *t)
{
	return (t->chain[0] == &global_options ||
	    t->chain[0] == &global_s_options ||
	    t->chain[0] == &global_w_options);
}

static int
options_no(char **cause, const char *target, const char *what)
{
	if (target != NULL)
		xasprintf(cause, "no such %s: %s", what, target);
	else
		xasprintf(cause, "no current %s", what);
	return (OPTIONS_TABLE_NONE);
}

static int
options_pick_pane(const struct cmd_find_state *fs, const char *target,
    struct options_target *t, char **cause)
{
	if (fs->wp == NULL)
		return (options_no(cause, target, "pane"));
	options_target_pane(t, fs->wp);
	return (OPTIONS_TABLE_PANE);
}

static int
options_pick_window(struct args *args, const struct cmd_find_state *fs,
    const char *target, struct options_target *t, char **cause)
{
	if (args_has(args, 'g')) {
		options_target_global(t, OPTIONS_TABLE_WINDOW);
		return (OPTIONS_TABLE_WINDOW);
	}
	if (fs->wl == NULL || fs->w == NULL)
		return (options_no(cause, target, "window"));
	options_target_window(t, fs->w);
	return (OPTIONS_TABLE_WINDOW);
}

static int
options_pick_session(struct args *args, const struct cmd_find_state *fs,
    const char *target, struct options_target *t, char **cause)
{
	if (args_has(args, 'g')) {
		options_target_global(t, OPTIONS_TABLE_SESSION);
		return (OPTIONS_TABLE_SESSION);
	}
	if (fs->s == NULL)
		return (options_no(cause, target, "session"));
	options_target_session(t, fs->s);
	return (OPTIONS_TABLE_SESSION);
}

int
options_scope_from_flags(struct args *args, int window,
    const struct cmd_find_state *fs, struct options_target *t, char **cause)
{
	const char	*target = args_get(args, 't');

	*cause = NULL;
	if (args_has(args, 's')) {
		options_target_server(t);
		return (OPTIONS_TABLE_SERVER);
	}
	if (args_has(args, 'p'))
		return (options_pick_pane(fs, target, t, cause));
	if (window || args_has(args, 'w'))
		return (options_pick_window(args, fs, target, t, cause));
	return (options_pick_session(args, fs, target, t, cause));
}

int
options_scope_from_name(struct args *args, int window, const char *name,
    const struct cmd_find_state *fs, struct options_target *t, char **cause)
{
	const struct options_table_entry	*oe;
	const char				*target = args_get(args, 't');

	*cause = NULL;
	if (*name == '@')
		return (options_scope_from_flags(args, window, fs, t, cause));
	if ((oe = options_table_find(name)) == NULL) {
		xasprintf(cause, "unknown option: %s", name);
		return (OPTIONS_TABLE_NONE);
	}
	switch (oe->scope) {
	case OPTIONS_TABLE_SERVER:
		options_target_server(t);
		return (OPTIONS_TABLE_SERVER);
	case OPTIONS_TABLE_SESSION:
		return (options_pick_session(args, fs, target, t, cause));
	case OPTIONS_TABLE_WINDOW|OPTIONS_TABLE_PANE:
		if (args_has(args, 'p'))
			return (options_pick_pane(fs, target, t, cause));
		__attribute__((fallthrough));
	default:
		return (options_pick_window(args, fs, target, t, cause));
	}
}

/* --- names ------------------------------------------------------------- */

/* Exact name lookup (formats ask for every name, commands for a few). */
const struct options_table_entry *
options_table_find(const char *name)
{
	static const struct options_table_entry	**slots;
	static uint32_t				  mask;
	const struct options_table_entry	 *oe;
	uint32_t				  n = 0, i;

	/*
	 * Open addressing by FNV-1a: every command looks up a few names (its
	 * after- hook, message-limit, command-alias), and a binary search
	 * was ~300 instructions of strcmp each (callgrind, control set-option).
	 */
	if (slots == NULL) {
		for (oe = options_table; oe->name != NULL; oe++)
			n++;
		for (mask = 1; mask < 2 * n; mask <<= 1)
			;
		slots = xcalloc(mask, sizeof *slots);
		mask--;
		for (oe = options_table; oe->name != NULL; oe++) {
			i = hash_fnv_string(oe->name) & mask;
			while (slots[i] != NULL)
				i = (i + 1) & mask;
			slots[i] = oe;
		}
	}
	for (i = hash_fnv_string(name) & mask; slots[i] != NULL;
	    i = (i + 1) & mask) {
		if (strcmp(slots[i]->name, name) == 0)
			return (slots[i]);
	}
	return (NULL);
}

/* Split "name[N]": the name (caller frees) or NULL if malformed. */
static char *
options_parse(const char *name, int *idx)
{
	char	*copy, *cp, *end;

	if (*name == '\0')
		return (NULL);
	copy = xstrdup(name);
	if ((cp = strchr(copy, '[')) == NULL) {
		*idx = -1;
		return (copy);
	}
	end = strchr(cp + 1, ']');
	if (end == NULL || end[1] != '\0' || end == cp + 1 ||
	    !isdigit((unsigned char)end[-1]) ||
	    sscanf(cp, "[%d]", idx) != 1 || *idx < 0) {
		xfree(copy);
		return (NULL);
	}
	*cp = '\0';
	return (copy);
}

char *
options_match(const char *s, int *idx, int *ambiguous)
{
	const struct options_table_entry	*oe, *found = NULL;
	const struct options_name_map		*map;
	char					*parsed;
	const char				*name;
	size_t					 len;

	/* A malformed name is "ambiguous" in 3.3a (its flag is left set). */
	*ambiguous = 1;
	if ((parsed = options_parse(s, idx)) == NULL)
		return (NULL);
	*ambiguous = 0;
	if (*parsed == '@')
		return (parsed);
	name = parsed;
	for (map = options_other_names; map->from != NULL; map++) {
		if (strcmp(map->from, name) == 0) {
			name = map->to;
			break;
		}
	}
	len = strlen(name);
	for (oe = options_table; oe->name != NULL; oe++) {
		if (strcmp(oe->name, name) == 0) {
			found = oe;
			break;
		}
		if ((~oe->flags & OPTIONS_TABLE_IS_EXT) &&
		    strncmp(oe->name, name, len) == 0) {
			if (found != NULL) {
				*ambiguous = 1;
				xfree(parsed);
				return (NULL);
			}
			found = oe;
		}
	}
	xfree(parsed);
	if (found == NULL)
		return (NULL);
	return (xstrdup(found->name));
}

/* --- entries ----------------------------------------------------------- */

struct options_entry *
options_get_only(const struct options_target *t, const char *name)
{
	return (options_find(*t->chain[0], name));
}

struct options_entry *
options_get(const struct options_target *t, const char *name, int *parent)
{
	struct options_entry	*o;
	unsigned		 i;

	for (i = 0; i < t->n; i++) {
		if ((o = options_find(*t->chain[i], name)) != NULL) {
			if (parent != NULL)
				*parent = (i != 0);
			return (o);
		}
	}
	return (NULL);
}

const char *
options_name(const struct options_entry *o)
{
	return (o->name);
}

const struct options_table_entry *
options_entry_table(const struct options_entry *o)
{
	return (o->oe);
}

int
options_is_array(const struct options_entry *o)
{
	return (o->oe != NULL && (o->oe->flags & OPTIONS_TABLE_IS_ARRAY));
}

int
options_is_string(const struct options_entry *o)
{
	return (o->oe == NULL || o->oe->type == OPTIONS_TABLE_STRING);
}

int
options_array_next(const struct options_entry *o, int from)
{
	unsigned	i;

	for (i = 0; i < o->nitems; i++) {
		if ((int)o->items[i].index >= from)
			return ((int)o->items[i].index);
	}
	return (-1);
}

int
options_array_has(const struct options_entry *o, int idx)
{
	return (idx >= 0 && options_item(o, (unsigned)idx) != NULL);
}

struct options_entry *
options_user_next(struct options *oo, unsigned *cursor)
{
	if (oo == NULL)
		return (NULL);
	while (*cursor < oo->n) {
		if (oo->list[(*cursor)++]->name[0] == '@')
			return (oo->list[*cursor - 1]);
	}
	return (NULL);
}

struct options_entry *
options_next_entry(struct options *oo, unsigned *cursor)
{
	if (oo == NULL || *cursor >= oo->n)
		return (NULL);
	return (oo->list[(*cursor)++]);
}

char *
options_default_to_string(const struct options_table_entry *oe)
{
	char	*s;

	switch (oe->type) {
	case OPTIONS_TABLE_STRING:
	case OPTIONS_TABLE_COMMAND:
		return (xstrdup(oe->default_str != NULL ? oe->default_str : ""));
	case OPTIONS_TABLE_KEY:
		return (xstrdup(options_key_to_string(oe->default_num)));
	case OPTIONS_TABLE_COLOUR:
		return (xstrdup(options_colour_to_string((int)oe->default_num)));
	case OPTIONS_TABLE_FLAG:
		return (xstrdup(oe->default_num ? "on" : "off"));
	case OPTIONS_TABLE_CHOICE:
		return (xstrdup(oe->choices[oe->default_num]));
	default:
		xasprintf(&s, "%lld", oe->default_num);
		return (s);
	}
}

static char *
options_value_to_string(const struct options_entry *o, const char *string,
    long long number, int numeric)
{
	char	*s;

	if (!OPTIONS_IS_NUMBER(o->oe))
		return (xstrdup(string != NULL ? string : ""));
	switch (o->oe->type) {
	case OPTIONS_TABLE_NUMBER:
		xasprintf(&s, "%lld", number);
		return (s);
	case OPTIONS_TABLE_KEY:
		return (xstrdup(options_key_to_string(number)));
	case OPTIONS_TABLE_COLOUR:
		return (xstrdup(options_colour_to_string((int)number)));
	case OPTIONS_TABLE_FLAG:
		if (numeric) {
			xasprintf(&s, "%lld", number);
			return (s);
		}
		return (xstrdup(number ? "on" : "off"));
	case OPTIONS_TABLE_CHOICE:
		return (xstrdup(o->oe->choices[number]));
	default:
		return (xstrdup(""));
	}
}

char *
options_to_string(const struct options_entry *o, int idx, int numeric)
{
	struct options_array_item	*a;
	char				*result, *next, *tmp;
	unsigned			 i;

	if (!options_is_array(o))
		return (options_value_to_string(o, o->string, o->number,
		    numeric));
	if (idx != -1) {
		if ((a = options_item(o, (unsigned)idx)) == NULL)
			return (xstrdup(""));
		return (options_value_to_string(o, a->string, a->number,
		    numeric));
	}
	result = xstrdup("");
	for (i = 0; i < o->nitems; i++) {
		a = &o->items[i];
		next = options_value_to_string(o, a->string, a->number,
		    numeric);
		if (*result == '\0')
			xasprintf(&tmp, "%s", next);
		else
			xasprintf(&tmp, "%s %s", result, next);
		xfree(next);
		xfree(result);
		result = tmp;
	}
	return (result);
}

/* --- changes ----------------------------------------------------------- */

/* Effective number (for toggling flags and choices). */
static long long
options_effective_number(const struct options_target *t, const char *name)
{
	struct options_entry	*o;

	if ((o = options_get(t, name, NULL)) == NULL)
		return (0);
	return (o->number);
}

/* tmux's areshell: whether the shell is this program. */
static int
options_is_us(const char *shell)
{
	const char	*p = strrchr(shell, '/'), *me;

	p = (p != NULL) ? p + 1 : shell;
	if (*p == '-')
		p++;
	me = strrchr(zp_progname != NULL ? zp_progname : "tmux", '/');
	me = (me != NULL) ? me + 1 : (zp_progname != NULL ? zp_progname :
	    "tmux");
	return (strcmp(p, me) == 0);
}

static int
options_check_string(const struct options_table_entry *oe, const char *value,
    char **cause)
{
	if (oe == NULL)
		return (0);
	if (strcmp(oe->name, "default-shell") == 0 &&
	    (*value != '/' || options_is_us(value) ||
	    access(value, X_OK) != 0)) {
		xasprintf(cause, "not a suitable shell: %s", value);
		return (-1);
	}
	if (oe->pattern != NULL && fnmatch(oe->pattern, value, 0) != 0) {
		xasprintf(cause, "value is invalid: %s", value);
		return (-1);
	}
	if ((oe->flags & OPTIONS_TABLE_IS_STYLE) &&
	    strstr(value, "#{") == NULL && !options_style_valid(value)) {
		xasprintf(cause, "invalid style: %s", value);
		return (-1);
	}
	return (0);
}

/* Set a string; append joins with the table's separator. */
static void
options_put_string(const struct options_target *t,
    const struct options_table_entry *oe, const char *name,
    const char *value, int append)
{
	struct options_entry	*o;
	char			*v;
	const char		*sep = "";

	o = append ? options_get_only(t, name) : NULL;
	if (o != NULL) {
		if (oe != NULL && oe->separator != NULL)
			sep = oe->separator;
		xasprintf(&v, "%s%s%s", o->string != NULL ? o->string : "",
		    sep, value);
	} else
		v = xstrdup(value);
	o = options_add(t->chain[0], name, oe);
	xfree(o->string);
	o->string = v;
	xfree(o->text);
	o->text = NULL;
}

static void
options_put_number(const struct options_target *t,
    const struct options_table_entry *oe, long long n)
{
	struct options_entry	*o;

	o = options_add(t->chain[0], oe->name, oe);
	o->number = n;
	xfree(o->text);
	o->text = NULL;
}

int
options_set_user(const struct options_target *t, const char *name,
    const char *value, int append)
{
	options_put_string(t, NULL, name, value, append);
	return (0);
}

int
options_set_from_string(const struct options_target *t,
    const struct options_table_entry *oe, const char *name,
    const char *value, int append, char **cause)
{
	struct options_entry	*o;
	char			*old;
	const char		*errstr = NULL, **cp;
	long long		 n;
	int			 choice, i;

	if (oe == NULL) {
		if (*name != '@') {
			xasprintf(cause, "bad option name");
			return (-1);
		}
		return (options_set_user(t, name, value, append));
	}
	if (value == NULL && oe->type != OPTIONS_TABLE_FLAG &&
	    oe->type != OPTIONS_TABLE_CHOICE) {
		xasprintf(cause, "empty value");
		return (-1);
	}
	switch (oe->type) {
	case OPTIONS_TABLE_STRING:
		o = options_get_only(t, name);
		old = (o != NULL && o->string != NULL) ? xstrdup(o->string) :
		    NULL;
		options_put_string(t, oe, name, value, append);
		o = options_get_only(t, name);
		if (options_check_string(oe, o->string, cause) != 0) {
			if (old != NULL)
				options_put_string(t, oe, name, old, 0);
			else
				options_remove(*t->chain[0], name);
			xfree(old);
			return (-1);
		}
		xfree(old);
		return (0);
	case OPTIONS_TABLE_NUMBER:
		n = args_strtonum_string(value, oe->minimum, oe->maximum,
		    &errstr);
		if (errstr != NULL) {
			xasprintf(cause, "value is %s: %s", errstr, value);
			return (-1);
		}
		options_put_number(t, oe, n);
		return (0);
	case OPTIONS_TABLE_KEY:
		if ((n = options_key_from_string(value)) ==
		    OPTIONS_KEY_UNKNOWN) {
			xasprintf(cause, "bad key: %s", value);
			return (-1);
		}
		options_put_number(t, oe, n);
		return (0);
	case OPTIONS_TABLE_COLOUR:
		if ((n = options_colour_from_string(value)) == -1) {
			xasprintf(cause, "bad colour: %s", value);
			return (-1);
		}
		options_put_number(t, oe, n);
		return (0);
	case OPTIONS_TABLE_FLAG:
		if (value == NULL || *value == '\0')
			n = !options_effective_number(t, name);
		else if (strcmp(value, "1") == 0 ||
		    strcasecmp(value, "on") == 0 ||
		    strcasecmp(value, "yes") == 0)
			n = 1;
		else if (strcmp(value, "0") == 0 ||
		    strcasecmp(value, "off") == 0 ||
		    strcasecmp(value, "no") == 0)
			n = 0;
		else {
			xasprintf(cause, "bad value: %s", value);
			return (-1);
		}
		options_put_number(t, oe, n);
		return (0);
	case OPTIONS_TABLE_CHOICE:
		if (value == NULL) {
			choice = (int)options_effective_number(t, name);
			if (choice < 2)
				choice = !choice;
		} else {
			choice = -1;
			for (cp = oe->choices, i = 0; *cp != NULL; cp++, i++) {
				if (strcmp(*cp, value) == 0)
					choice = i;
			}
			if (choice == -1) {
				xasprintf(cause, "unknown value: %s", value);
				return (-1);
			}
		}
		options_put_number(t, oe, choice);
		return (0);
	case OPTIONS_TABLE_COMMAND:
		break;
	}
	xasprintf(cause, "not a suitable type");
	return (-1);
}

/*
 * A hook's command as tmux stores it: parsed with the config language
 * (cmd-parse.h, $VARIABLES from the global environment) and printed back
 * as tmux's cmd_list_print does. NULL with *cause on failure.
 */
static char *
options_parse_command(const char *s, char **cause)
{
	struct cmd_parse_input	pi;
	struct cmd_parse_result	pr;
	char		       *out;

	cfg_parse_input(&pi, NULL, NULL, 0);
	cmd_parse_from_string(s, &pi, &pr);
	if (pr.status == CMD_PARSE_ERROR) {
		*cause = pr.error;
		pr.error = NULL;
		cmd_parse_result_free(&pr);
		return (NULL);
	}
	out = cmd_parse_print_list(pr.cmdlist, 0);
	cmd_parse_result_free(&pr);
	return (out);
}

/* One array item; value NULL removes it. */
static int
options_array_set_one(struct options_entry *o, unsigned idx,
    const char *value, int append, char **cause)
{
	struct options_array_item	*a;
	char				*v;
	int				 n;

	if (value == NULL) {
		options_item_remove(o, idx);
		return (0);
	}
	if (o->oe->type == OPTIONS_TABLE_COLOUR) {
		if ((n = options_colour_from_string(value)) == -1) {
			xasprintf(cause, "bad colour: %s", value);
			return (-1);
		}
		a = options_item_new(o, idx);
		a->number = n;
		return (0);
	}
	if (o->oe->type == OPTIONS_TABLE_COMMAND) {
		if ((v = options_parse_command(value, cause)) == NULL)
			return (-1);
		a = options_item_new(o, idx);
		xfree(a->string);
		a->string = v;
		return (0);
	}
	a = options_item(o, idx);
	if (a != NULL && append)
		xasprintf(&v, "%s%s", a->string != NULL ? a->string : "", value);
	else
		v = xstrdup(value);
	a = options_item_new(o, idx);
	xfree(a->string);
	a->string = v;
	return (0);
}

int
options_set_array(const struct options_target *t,
    const struct options_table_entry *oe, int idx, const char *value,
    int append, char **cause)
{
	struct options_entry	*o;
	const char		*sep;
	char			*copy, *string, *next;
	int			 rc = 0;

	if (value == NULL) {
		xasprintf(cause, "empty value");
		return (-1);
	}
	if ((o = options_get_only(t, oe->name)) == NULL)
		o = options_add(t->chain[0], oe->name, oe);
	xfree(o->text);
	o->text = NULL;
	if (idx != -1)
		return (options_array_set_one(o, (unsigned)idx, value, append,
		    cause));
	if (!append)
		options_entry_clear(o);
	sep = oe->separator != NULL ? oe->separator : " ,";
	if (*value == '\0')
		return (0);
	if (*sep == '\0')
		return (options_array_set_one(o, options_item_free_index(o),
		    value, 0, cause));
	copy = string = xstrdup(value);
	while ((next = strsep(&string, sep)) != NULL) {
		if (*next == '\0')
			continue;
		if ((rc = options_array_set_one(o, options_item_free_index(o),
		    next, 0, cause)) != 0)
			break;
	}
	xfree(copy);
	return (rc);
}

int
options_remove_or_default(const struct options_target *t, const char *name,
    int idx, char **cause)
{
	struct options_entry	*o;

	(void)cause;
	if ((o = options_get_only(t, name)) == NULL)
		return (0);
	if (idx == -1) {
		if (o->oe != NULL && options_is_global_target(t))
			options_default(t->chain[0], o->oe);
		else
			options_remove(*t->chain[0], name);
	} else {
		options_item_remove(o, (unsigned)idx);
		xfree(o->text);
		o->text = NULL;
	}
	return (0);
}

void
options_push_changes(const char *name)
{
	struct options_target	 t;
	struct session		*s;
	struct winlink		*wl;
	struct window		*w;
	char			*auto_name;
	int			 on;

	if (strcmp(name, "monitor-silence") == 0)
		alerts_reset_all();
	/* The status line takes a line from the panes at the edge (tmux). */
	if (strcmp(name, "pane-border-status") == 0) {
		TAILQ_FOREACH(s, &model_sessions, entry) {
			TAILQ_FOREACH(wl, &s->windows, entry)
				layout_fix_panes(wl->window);
		}
		return;
	}
	if (strcmp(name, "automatic-rename") != 0)
		return;
	TAILQ_FOREACH(s, &model_sessions, entry) {
		TAILQ_FOREACH(wl, &s->windows, entry) {
			w = wl->window;
			options_target_window(&t, w);
			on = (int)options_effective_number(&t, name);
			/*
			 * Turned off, a window keeps the name it was given
			 * last (tmux renamed it as it went).
			 */
			if (w->automatic_rename && !on &&
			    (auto_name = format_vars_window_name(w)) != NULL) {
				xfree(w->name);
				w->name = auto_name;
			}
			w->automatic_rename = on;
		}
	}
}

/* --- getters ----------------------------------------------------------- */

/* Global store holding a table option (window for window|pane). */
static struct options **
options_global_slot(const struct options_table_entry *oe)
{
	if (oe->scope & OPTIONS_TABLE_SERVER)
		return (&global_options);
	if (oe->scope & OPTIONS_TABLE_SESSION)
		return (&global_s_options);
	return (&global_w_options);
}

static struct options_entry *
options_global_entry(const char *name)
{
	const struct options_table_entry	*oe;

	if (global_options == NULL)
		options_init();
	if ((oe = options_table_find(name)) == NULL)
		return (NULL);
	return (options_find(*options_global_slot(oe), name));
}

/* The global value as text, or NULL if there is no such option. */
const char *
options_get_string(const char *name)
{
	struct options_entry	*o;

	if ((o = options_global_entry(name)) == NULL)
		return (NULL);
	if (o->text == NULL)
		o->text = options_to_string(o, -1, 0);
	return (o->text);
}

long long
options_get_number(const char *name)
{
	struct options_entry	*o;

	if ((o = options_global_entry(name)) == NULL)
		return (0);
	if (OPTIONS_IS_NUMBER(o->oe))
		return (o->number);
	return (strtoll(o->string != NULL ? o->string : "", NULL, 10));
}

/* The entry for name (no index) seen from fs: see options.h. */
static struct options_entry *
options_lookup_for(const struct cmd_find_state *fs, const char *name,
    int server_first)
{
	const struct options_table_entry	*oe;
	struct options_target			 t;
	struct options_entry			*o = NULL;
	struct window				*w;

	if (global_options == NULL)
		options_init();
	oe = options_table_find(name);
	if (oe == NULL && *name != '@')
		return (NULL);
	if (server_first || (oe != NULL &&
	    (oe->scope & OPTIONS_TABLE_SERVER))) {
		if ((o = options_find(global_options, name)) != NULL)
			return (o);
	}
	if (oe == NULL || (oe->scope & (OPTIONS_TABLE_WINDOW|
	    OPTIONS_TABLE_PANE))) {
		w = (fs != NULL && fs->w != NULL) ? fs->w :
		    (fs != NULL && fs->wp != NULL ? fs->wp->window : NULL);
		if (fs != NULL && fs->wp != NULL)
			options_target_pane(&t, fs->wp);
		else if (w != NULL)
			options_target_window(&t, w);
		else
			options_target_global(&t, OPTIONS_TABLE_WINDOW);
		if ((o = options_get(&t, name, NULL)) != NULL)
			return (o);
	}
	if (oe == NULL || (oe->scope & OPTIONS_TABLE_SESSION)) {
		if (fs != NULL && fs->s != NULL)
			options_target_session(&t, fs->s);
		else
			options_target_global(&t, OPTIONS_TABLE_SESSION);
		if ((o = options_get(&t, name, NULL)) != NULL)
			return (o);
	}
	return (NULL);
}

char *
options_get_for(const struct cmd_find_state *fs, const char *name)
{
	struct options_entry	*o;
	char			*parsed;
	int			 idx;

	if ((parsed = options_parse(name, &idx)) == NULL)
		return (NULL);
	o = options_lookup_for(fs, parsed, 0);
	xfree(parsed);
	if (o == NULL)
		return (NULL);
	return (options_to_string(o, idx, 0));
}

long long
options_get_number_for(const struct cmd_find_state *fs, const char *name)
{
	struct options_entry	*o;

	if ((o = options_lookup_for(fs, name, 0)) == NULL)
		return (0);
	if (OPTIONS_IS_NUMBER(o->oe))
		return (o->number);
	return (strtoll(o->string != NULL ? o->string : "", NULL, 10));
}

char *
options_format_lookup(const struct cmd_find_state *fs, const char *name)
{
	struct options_entry	*o;
	char			*parsed;
	int			 idx;

	/* No option of the table has '_' in its name; most variables do. */
	if (*name != '@' && strchr(name, '_') != NULL)
		return (NULL);
	if ((parsed = options_parse(name, &idx)) == NULL)
		return (NULL);
	o = options_lookup_for(fs, parsed, 1);
	xfree(parsed);
	if (o == NULL)
		return (NULL);
	return (options_to_string(o, idx, 1));
}

void
options_window_set_number(struct window *w, const char *name, long long n)
{
	const struct options_table_entry	*oe;
	struct options_target			 t;

	if ((oe = options_table_find(name)) == NULL)
		return;
	options_target_window(&t, w);
	options_put_number(&t, oe, n);
	if (strcmp(name, "automatic-rename") == 0)
		w->automatic_rename = (int)n;
}

void
options_session_set_string(struct session *s, const char *name,
    const char *value)
{
	const struct options_table_entry	*oe;
	struct options_target			 t;

	if ((oe = options_table_find(name)) == NULL)
		return;
	options_target_session(&t, s);
	options_put_string(&t, oe, name, value, 0);
}

void
options_array_each(const char *name,
    void (*cb)(unsigned idx, const char *value, void *arg), void *arg)
{
	const struct options_table_entry	*oe;
	struct options_entry			*o;
	unsigned				 i;

	/*
	 * Before the store is made (a client looking up command-alias), the
	 * values are the table's: making the store was two thirds of a
	 * client's instructions (callgrind, list-panes).
	 */
	if (global_options == NULL) {
		for (oe = options_table; oe->name != NULL; oe++) {
			if (strcmp(oe->name, name) == 0)
				break;
		}
		if (oe->name == NULL || !(oe->flags & OPTIONS_TABLE_IS_ARRAY))
			return;
		for (i = 0; oe->default_arr != NULL &&
		    oe->default_arr[i] != NULL; i++)
			cb(i, oe->default_arr[i], arg);
		return;
	}
	if ((o = options_global_entry(name)) == NULL || !options_is_array(o))
		return;
	for (i = 0; i < o->nitems; i++) {
		cb(o->items[i].index, o->items[i].string != NULL ?
		    o->items[i].string : "", arg);
	}
}

/* Effective entry for a target, text cached in the entry. */
static const char *
options_target_text(const struct options_target *t, const char *name)
{
	struct options_entry	*o;

	if ((o = options_get(t, name, NULL)) == NULL)
		return (NULL);
	if (o->text == NULL)
		o->text = options_to_string(o, -1, 0);
	return (o->text);
}

static long long
options_target_number(const struct options_target *t, const char *name)
{
	struct options_entry	*o;

	if ((o = options_get(t, name, NULL)) == NULL)
		return (0);
	if (OPTIONS_IS_NUMBER(o->oe))
		return (o->number);
	return (strtoll(o->string != NULL ? o->string : "", NULL, 10));
}

const char *
options_session_string(struct session *s, const char *name)
{
	struct options_target	t;

	if (s == NULL)
		return (options_get_string(name));
	options_target_session(&t, s);
	return (options_target_text(&t, name));
}

long long
options_session_number(struct session *s, const char *name)
{
	struct options_target	t;

	if (s == NULL)
		return (options_get_number(name));
	options_target_session(&t, s);
	return (options_target_number(&t, name));
}

long long
options_window_number(struct window *w, const char *name)
{
	struct options_target	t;

	if (w == NULL)
		return (options_get_number(name));
	options_target_window(&t, w);
	return (options_target_number(&t, name));
}

long long
options_pane_number(struct pane *wp, const char *name)
{
	struct options_target	t;

	if (wp == NULL)
		return (options_get_number(name));
	options_target_pane(&t, wp);
	return (options_target_number(&t, name));
}
