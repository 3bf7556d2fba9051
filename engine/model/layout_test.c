/*
 * Layout engine tests: sequences of operations run on model windows, each
 * checked against what tmux 3.3a printed for the same sequence on a
 * private server (#{window_layout} and the panes' id, left, top, width and
 * height in list-panes order). The expected strings were recorded from
 * /usr/bin/tmux; the operations stand for these commands:
 *
 *	new W H			new -d -x W -y H
 *	split T h|v SIZE FLAGS	split-window -d -t %T -h|-v [-l SIZE] [-b] [-f]
 *	kill T			kill-pane -t %T
 *	rp T L|R|U|D N		resize-pane -t %T -L|-R|-U|-D N
 *	rpx T N, rpy T N	resize-pane -t %T -x|-y N
 *	rw W H			resize-window -x W -y H
 *	sl NAME			select-layout NAME
 *	next, prev		next-layout, previous-layout
 *	spread T		select-layout -E -t %T
 *	zoom T			resize-pane -Z -t %T
 *	custom LAYOUT		select-layout LAYOUT
 *	opt NAME VALUE		set-option -w NAME VALUE
 *
 * The test plays the server's part the way tmux does it: new panes go
 * after (or with -b before) the target in the window's list, or at the end
 * (start) with -f; -l N% is a percentage of the target's size (the
 * window's with -f).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/buf.h"
#include "engine/base/testlib.h"
#include "engine/base/xmalloc.h"
#include "engine/model/layout.h"
#include "engine/model/model.h"

/*
 * Recorded from tmux 3.3a (layout_test.data): operation, then the expected
 * state (for "new", the case's name). Read from $TOP_SRCDIR at start.
 */
static char	**layout_cases;

static void
test_load_cases(void)
{
	const char	*top = getenv("TOP_SRCDIR");
	char		*path, line[8192];
	FILE		*f;
	size_t		 n = 0, len;

	xasprintf(&path, "%s/engine/model/layout_test.data",
	    top != NULL ? top : ".");
	if ((f = fopen(path, "r")) == NULL) {
		printf("Bail out! %s: cannot open\n", path);
		exit(1);
	}
	layout_cases = xcalloc(1, sizeof *layout_cases);
	while (fgets(line, sizeof line, f) != NULL) {
		len = strcspn(line, "\n");
		line[len] = '\0';
		if (line[0] == '#')
			continue;
		layout_cases = xreallocarray(layout_cases, n + 2,
		    sizeof *layout_cases);
		layout_cases[n++] = xstrdup(line);
		layout_cases[n] = NULL;
	}
	fclose(f);
	xfree(path);
	if (n == 0 || n % 2 != 0) {
		printf("Bail out! layout_test.data: %zu lines, want pairs\n", n);
		exit(1);
	}
}

struct opt {
	char	*name;
	char	*value;
};

static struct window	*cur;
static unsigned		 next_id;
static struct opt	 opts[8];
static unsigned		 nopts;
static unsigned		 resized;
static unsigned		 manual_sx, manual_sy;	/* resize-window's size */
static struct layout_cell *zoom_saved;		/* tree while zoomed */

static const char *
test_option(struct window *w, const char *name)
{
	unsigned	i;

	for (i = 0; i < nopts; i++) {
		if (strcmp(opts[i].name, name) == 0)
			return (opts[i].value);
	}
	return (NULL);
}

static void
test_resized(struct pane *p)
{
	resized++;
}

/* Unzoom if zoomed (as tmux does before most commands). */
static void
test_unzoom(void)
{
	if (zoom_saved != NULL) {
		layout_unzoom(cur, zoom_saved);
		zoom_saved = NULL;
	}
}

/* resize_window: unzoom, resize the layout, zoom again. */
static void
test_resize_window(unsigned sx, unsigned sy)
{
	struct pane	*zoomed = NULL;

	if (zoom_saved != NULL)
		zoomed = cur->layout_root->wp;
	test_unzoom();
	layout_resize(cur, sx, sy);
	if (zoomed != NULL)
		zoom_saved = layout_zoom(zoomed);
}

static void
test_clear(void)
{
	unsigned	i;

	if (cur != NULL) {
		test_unzoom();
		layout_free(cur);
		window_destroy(cur);
		cur = NULL;
	}
	for (i = 0; i < nopts; i++) {
		xfree(opts[i].name);
		xfree(opts[i].value);
	}
	nopts = 0;
}

static struct pane *
test_find(const char *id)
{
	struct pane	*p;
	unsigned	 n = strtoul(id, NULL, 10);

	TAILQ_FOREACH(p, &cur->panes, entry) {
		if (p->id == n)
			return (p);
	}
	return (NULL);
}

/* A pane with the next id, placed in the list as tmux's window_add_pane. */
static struct pane *
test_add_pane(struct pane *other, int flags)
{
	struct pane	*p;

	p = window_pane_create(cur, cur->sx, cur->sy, 0);
	p->id = next_id++;
	if (other == NULL)
		return (p);
	TAILQ_REMOVE(&cur->panes, p, entry);
	if (flags & LAYOUT_SPLIT_BEFORE) {
		if (flags & LAYOUT_SPLIT_FULL)
			TAILQ_INSERT_HEAD(&cur->panes, p, entry);
		else
			TAILQ_INSERT_BEFORE(other, p, entry);
	} else {
		if (flags & LAYOUT_SPLIT_FULL)
			TAILQ_INSERT_TAIL(&cur->panes, p, entry);
		else
			TAILQ_INSERT_AFTER(&cur->panes, other, p, entry);
	}
	return (p);
}

/* The window's layout string and its panes' geometry. */
static char *
test_state(void)
{
	struct buf	 b;
	struct pane	*p;
	char		*dump;

	buf_init(&b);
	if (zoom_saved != NULL)
		dump = layout_custom_dump_cell(zoom_saved);
	else
		dump = layout_custom_dump(cur);
	buf_printf(&b, "%s %ux%u", dump, cur->sx, cur->sy);
	xfree(dump);
	if (zoom_saved != NULL) {
		dump = layout_custom_dump(cur);
		buf_printf(&b, " Z%s", dump);
		xfree(dump);
	}
	buf_add_byte(&b, '|');
	TAILQ_FOREACH(p, &cur->panes, entry) {
		if (p != TAILQ_FIRST(&cur->panes))
			buf_add_byte(&b, ';');
		buf_printf(&b, "%%%u %u %u %u %u", p->id, p->xoff, p->yoff,
		    p->sx, p->sy);
	}
	return (buf_take(&b, NULL));
}

/* Run one operation; returns the new state or "ERR:message". */
static char *
test_op(const char *line)
{
	char			*copy, *argv[8] = { NULL }, *cause, *s;
	int			 argc = 0, size, flags = 0;
	struct pane		*p;
	struct layout_cell	*lc;
	enum layout_type	 type;
	unsigned		 curval, i;
	const char		*custom = NULL;

	copy = xstrdup(line);
	if (strncmp(copy, "custom ", 7) == 0) {
		custom = line + 7;
		argv[argc++] = copy;
		copy[6] = '\0';
	} else {
		for (s = strtok(copy, " "); s != NULL && argc < 8;
		    s = strtok(NULL, " "))
			argv[argc++] = s;
	}

	if (argc > 1 && strcmp(argv[0], "new") != 0 &&
	    strcmp(argv[0], "opt") != 0 && strcmp(argv[0], "rw") != 0 &&
	    strcmp(argv[0], "sl") != 0 && strcmp(argv[0], "custom") != 0 &&
	    test_find(argv[1]) == NULL) {
		xasprintf(&s, "ERR:can't find pane: %%%s", argv[1]);
		xfree(copy);
		return (s);
	}
	if (strcmp(argv[0], "new") != 0 && strcmp(argv[0], "opt") != 0 &&
	    strcmp(argv[0], "rw") != 0 && strcmp(argv[0], "zoom") != 0 &&
	    strcmp(argv[0], "split") != 0)
		test_unzoom();
	if (strcmp(argv[0], "new") == 0) {
		test_clear();
		next_id = 0;
		manual_sx = manual_sy = 0;
		cur = window_create(atoi(argv[1]), atoi(argv[2]));
		p = test_add_pane(NULL, 0);
		layout_init(cur, p);
	} else if (strcmp(argv[0], "opt") == 0) {
		for (i = 0; i < nopts; i++) {
			if (strcmp(opts[i].name, argv[1]) == 0)
				break;
		}
		if (i == nopts) {
			opts[nopts].name = xstrdup(argv[1]);
			nopts++;
		} else
			xfree(opts[i].value);
		opts[i].value = xstrdup(argv[2]);
		/* The server redoes panes when pane-border-status changes. */
		layout_fix_panes(cur);
	} else if (strcmp(argv[0], "split") == 0) {
		p = test_find(argv[1]);
		type = argv[2][0] == 'h' ? LAYOUT_LEFTRIGHT : LAYOUT_TOPBOTTOM;
		if (strchr(argv[4], 'b') != NULL)
			flags |= LAYOUT_SPLIT_BEFORE;
		if (strchr(argv[4], 'f') != NULL)
			flags |= LAYOUT_SPLIT_FULL;
		size = -1;
		if (strcmp(argv[3], "-") != 0) {
			size = atoi(argv[3]);
			if (argv[3][strlen(argv[3]) - 1] == '%') {
				if (flags & LAYOUT_SPLIT_FULL)
					curval = type == LAYOUT_TOPBOTTOM ?
					    cur->sy : cur->sx;
				else
					curval = type == LAYOUT_TOPBOTTOM ?
					    p->sy : p->sx;
				size = curval * size / 100;
			}
		}
		/* split-window works out -l N% before it unzooms. */
		test_unzoom();
		lc = layout_split_pane(p, type, size, flags);
		if (lc == NULL) {
			xfree(copy);
			return (xstrdup("ERR:no space for new pane"));
		}
		p = test_add_pane(p, flags);
		layout_assign_pane(lc, p);
		layout_fix_panes(cur);
	} else if (strcmp(argv[0], "zoom") == 0) {
		p = test_find(argv[1]);
		if (zoom_saved != NULL)
			test_unzoom();
		else if (window_pane_count(cur) > 1)
			zoom_saved = layout_zoom(p);
	} else if (strcmp(argv[0], "kill") == 0) {
		p = test_find(argv[1]);
		layout_close_pane(p);
		window_pane_destroy(p);
	} else if (strcmp(argv[0], "rp") == 0) {
		p = test_find(argv[1]);
		size = atoi(argv[3]);
		switch (argv[2][0]) {
		case 'L':
			layout_resize_pane(p, LAYOUT_LEFTRIGHT, -size, 1);
			break;
		case 'R':
			layout_resize_pane(p, LAYOUT_LEFTRIGHT, size, 1);
			break;
		case 'U':
			layout_resize_pane(p, LAYOUT_TOPBOTTOM, -size, 1);
			break;
		case 'D':
			layout_resize_pane(p, LAYOUT_TOPBOTTOM, size, 1);
			break;
		}
	} else if (strcmp(argv[0], "rpx") == 0) {
		p = test_find(argv[1]);
		layout_resize_pane_to(p, LAYOUT_LEFTRIGHT, atoi(argv[2]));
	} else if (strcmp(argv[0], "rpy") == 0) {
		/* As resize-pane -y: the border status line is not counted. */
		p = test_find(argv[1]);
		size = atoi(argv[2]);
		s = (char *)test_option(cur, "pane-border-status");
		if (s != NULL && strcmp(s, "top") == 0 && p->yoff == 1)
			size++;
		if (s != NULL && strcmp(s, "bottom") == 0 &&
		    p->yoff + p->sy == cur->sy - 1)
			size++;
		layout_resize_pane_to(p, LAYOUT_TOPBOTTOM, size);
	} else if (strcmp(argv[0], "rw") == 0) {
		manual_sx = atoi(argv[1]);
		manual_sy = atoi(argv[2]);
		test_resize_window(manual_sx, manual_sy);
	} else if (strcmp(argv[0], "sl") == 0) {
		size = layout_set_lookup(argv[1]);
		if (size == -1) {
			xfree(copy);
			return (xstrdup("ERR:bad layout name"));
		}
		layout_set_select(cur, size);
	} else if (strcmp(argv[0], "next") == 0) {
		layout_set_next(cur);
	} else if (strcmp(argv[0], "prev") == 0) {
		layout_set_previous(cur);
	} else if (strcmp(argv[0], "spread") == 0) {
		layout_spread_out(test_find(argv[1]));
	} else if (strcmp(argv[0], "custom") == 0) {
		if (layout_custom_parse(cur, custom, &cause) != 0) {
			xasprintf(&s, "ERR:%s: %s", cause, custom);
			xfree(cause);
			xfree(copy);
			return (s);
		}
	} else {
		fprintf(stderr, "bad op: %s\n", line);
		abort();
	}
	xfree(copy);

	/*
	 * tmux recalculates window sizes when each command's client goes:
	 * a window sized by resize-window goes back to that size (as far as
	 * its layout allows). Windows with no clients otherwise keep theirs.
	 */
	if (manual_sx != 0 && (cur->sx != manual_sx || cur->sy != manual_sy))
		test_resize_window(manual_sx, manual_sy);
	return (test_state());
}

/* Do lc's children exactly fill it, and do panes sit where their cells are? */
static int
test_consistent(struct layout_cell *lc)
{
	struct layout_cell	*child;
	unsigned		 at, n = 0;

	if (lc->type == LAYOUT_WINDOWPANE) {
		if (lc->wp == NULL || lc->wp->layout_cell != lc)
			return (0);
		return (lc->wp->xoff == lc->xoff && lc->wp->sx == lc->sx);
	}
	at = lc->type == LAYOUT_LEFTRIGHT ? lc->xoff : lc->yoff;
	TAILQ_FOREACH(child, &lc->cells, entry) {
		if (child->parent != lc || !test_consistent(child))
			return (0);
		n++;
		if (lc->type == LAYOUT_LEFTRIGHT) {
			if (child->sy != lc->sy || child->yoff != lc->yoff ||
			    child->xoff != at)
				return (0);
			at += child->sx + 1;
		} else {
			if (child->sx != lc->sx || child->xoff != lc->xoff ||
			    child->yoff != at)
				return (0);
			at += child->sy + 1;
		}
	}
	if (n < 2)
		return (0);
	if (lc->type == LAYOUT_LEFTRIGHT)
		return (at - 1 == lc->xoff + lc->sx);
	return (at - 1 == lc->yoff + lc->sy);
}

/* Checksums and the string format on their own. */
static void
test_basics(void)
{
	char	*s, *cause;
	int	 r;

	s = test_op("new 80 24");
	test_streq(s, "b25d,80x24,0,0,0 80x24|%0 0 0 80 24", "one pane");
	xfree(s);
	test_ok(cur->layout_last == -1, "no preset yet");

	test_ok(layout_set_lookup("tiled") == 4, "lookup tiled");
	test_ok(layout_set_lookup("even-h") == 0, "lookup prefix");
	test_ok(layout_set_lookup("main") == -1, "lookup ambiguous");
	test_ok(layout_set_lookup("") == -1, "lookup empty");
	test_ok(layout_set_lookup("tiledx") == -1, "lookup unknown");

	cause = NULL;
	r = layout_custom_parse(cur, "zzzz,80x24,0,0,0", &cause);
	test_ok(r == -1 && cause != NULL &&
	    strcmp(cause, "invalid layout") == 0, "no checksum");
	xfree(cause);
	r = layout_custom_parse(cur, "", &cause);
	test_ok(r == -1 && strcmp(cause, "invalid layout") == 0, "empty");
	xfree(cause);
	r = layout_custom_parse(cur, "b25", &cause);
	test_ok(r == -1 && strcmp(cause, "invalid layout") == 0, "short");
	xfree(cause);

	resized = 0;
	s = test_op("split 0 h - -");
	test_ok(resized == 2, "both panes resized (%u)", resized);
	xfree(s);
	resized = 0;
	s = test_op("sl even-horizontal");
	test_ok(resized == 2, "even-horizontal resizes both (%u)", resized);
	xfree(s);
	resized = 0;
	s = test_op("sl even-horizontal");
	test_ok(resized == 0, "same sizes: no resize calls (%u)", resized);
	xfree(s);
}

/*
 * Where tmux 3.3a hangs (select-layout -E when a child cannot shrink far
 * enough) the layout is left alone.
 */
static void
test_spread_hang(void)
{
	static const char *ops[] = {
		"new 80 24", "split 0 h 89% -", "rpx 0 42", "split 1 h - f",
		"split 0 v 92% -", "split 3 h - b", "rpy 3 48",
		"split 4 v 14 b",
		"split 2 v 23% f", "prev", "split 3 h - f", "rpx 4 31",
		"split 1 v - bf", "split 3 h - -", "split 8 v 72% bf",
		"rpy 3 34", "split 4 v - b", "split 7 v - -", "kill 2",
		"split 1 h - -", "split 6 h - -", "split 7 v - -",
		"split 8 v - -", "rw 20 19", "split 3 v 1 -", NULL
	};
	char		*before, *after;
	unsigned	 i;

	for (i = 0; ops[i] != NULL; i++)
		xfree(test_op(ops[i]));
	before = test_state();
	after = test_op("spread 1");
	test_ok(test_consistent(cur->layout_root),
	    "spread where tmux hangs: layout still consistent");
	xfree(before);
	xfree(after);
}

/*
 * Where tmux 3.3a crashes (a full-size split whose proportional resize
 * would make a cell smaller than zero) the split is refused.
 */
static void
test_split_crash(void)
{
	static const char *ops[] = {
		"new 20 8", "split 0 h 71% -", "sl even-horizontal",
		"split 0 h 18 b", "rw 78 14", "rpx 0 22", "rp 1 R 11", "kill 2",
		"split 1 v 50% bf",
		"custom 472a,78x14,0,0{21x14,0,0,2,22x14,22,0,0,33x14,45,0,1}",
		"kill 3", "split 0 v - -", "rp 0 U 5", "split 1 v 5 -",
		"split 5 v 95% bf", "split 1 v - f", "split 6 h - bf",
		"split 4 v 17 -", "rw 33 23", "rw 54 8",
		"custom 4c80,78x14,0,0[78x7,0,0{44x7,0,0[44x1,0,0,0,"
		"44x5,0,2,4],33x7,45,0[33x4,45,0,1,33x2,45,5,5]},78x6,0,8,6]",
		"zoom 1", "split 1 h 12% b", "split 6 v - -", "rpy 8 21", NULL
	};
	char		*got;
	unsigned	 i;

	for (i = 0; ops[i] != NULL; i++)
		xfree(test_op(ops[i]));
	got = test_op("split 4 h 15 bf");
	test_streq(got, "ERR:no space for new pane",
	    "full-size split where tmux crashes: refused");
	xfree(got);
	test_ok(test_consistent(cur->layout_root),
	    "full-size split where tmux crashes: layout unchanged");
}

/*
 * A cell 0 high under a top border line (main-pane-height 0): tmux 3.3a
 * wraps the pane's height and crashes; here the pane is 0 high.
 */
static void
test_zero_under_border(void)
{
	static const char *ops[] = {
		"new 12 6", "opt pane-border-status top",
		"opt main-pane-height 0", "rp 0 U 11", "split 0 h - f", NULL
	};
	char		*got;
	unsigned	 i;

	for (i = 0; ops[i] != NULL; i++)
		xfree(test_op(ops[i]));
	got = test_op("sl main-horizontal");
	test_streq(got, "76c0,12x6,0,0[12x0,0,0,0,12x5,0,1,1] 12x6|"
	    "%0 0 1 12 0;%1 0 1 12 5", "zero-high cell under a border line");
	xfree(got);
	got = test_op("spread 1");
	test_streq(got, "90c1,12x6,0,0[12x3,0,0,0,12x2,0,4,1] 12x6|"
	    "%0 0 1 12 2;%1 0 4 12 2", "and spread out again");
	xfree(got);
}

/* Finding the cell whose border is under the mouse. */
static void
test_border_search(void)
{
	struct layout_cell	*lc;
	char			*s;

	/* %0 40x24 | %1 39x12 over %2 39x11 */
	xfree(test_op("new 80 24"));
	xfree(test_op("split 0 h - -"));
	xfree(test_op("split 1 v - -"));
	lc = layout_search_by_border(cur->layout_root, 40, 5);
	test_ok(lc != NULL && lc == test_find("0")->layout_cell,
	    "border right of %%0");
	lc = layout_search_by_border(cur->layout_root, 50, 12);
	test_ok(lc != NULL && lc == test_find("1")->layout_cell,
	    "border below %%1");
	test_ok(layout_search_by_border(cur->layout_root, 10, 5) == NULL,
	    "inside a pane: no border");
	test_ok(layout_search_by_border(cur->layout_root, 79, 23) == NULL,
	    "inside the last pane: no border");

	/* Drag the vertical border 5 right (tmux: resize-pane -R 5 -t %0). */
	lc = layout_search_by_border(cur->layout_root, 40, 5);
	layout_resize_layout(cur, lc, lc->parent->type, 5, 0);
	s = test_state();
	test_streq(s, "8723,80x24,0,0{45x24,0,0,0,34x24,46,0[34x12,46,0,1,"
	    "34x11,46,13,2]} 80x24|%0 0 0 45 24;%1 46 0 34 12;%2 46 13 34 11",
	    "drag a border");
	xfree(s);
}

static void
test_recorded(void)
{
	unsigned	 i, bad = 0;
	char		*got;
	const char	*what = "";

	for (i = 0; layout_cases[i] != NULL; i += 2) {
		if (strncmp(layout_cases[i], "new ", 4) == 0)
			what = layout_cases[i + 1];
		got = test_op(layout_cases[i]);
		if (strncmp(layout_cases[i], "new ", 4) == 0) {
			xfree(got);
			continue;
		}
		test_streq(got, layout_cases[i + 1], "%s: %s", what,
		    layout_cases[i]);
		xfree(got);
		if (!test_consistent(cur->layout_root) &&
		    !(cur->layout_root->type == LAYOUT_WINDOWPANE &&
		    TAILQ_FIRST(&cur->panes)->layout_cell == cur->layout_root))
			bad++;
	}
	test_ok(bad == 0, "every recorded state is a consistent tree (%u bad)",
	    bad);
}

/*
 * Cases from a file (for checking new recordings without rebuilding): an
 * operation line then an expected line, repeated.
 */
static void
test_file(const char *path)
{
	FILE		*f;
	char		 op[16384], want[16384], title[64] = "", *got;
	size_t		 n;

	if ((f = fopen(path, "r")) == NULL) {
		test_ok(0, "open %s", path);
		return;
	}
	while (fgets(op, sizeof op, f) != NULL &&
	    fgets(want, sizeof want, f) != NULL) {
		if ((n = strlen(op)) > 0 && op[n - 1] == '\n')
			op[n - 1] = '\0';
		if ((n = strlen(want)) > 0 && want[n - 1] == '\n')
			want[n - 1] = '\0';
		got = test_op(op);
		if (strncmp(op, "new ", 4) == 0)
			snprintf(title, sizeof title, "%s", want);
		else
			test_streq(got, want, "%s: %s", title, op);
		xfree(got);
	}
	fclose(f);
}

int
main(int argc, char **argv)
{
	session_init();
	layout_pane_resized = test_resized;
	layout_option = test_option;

	if (argc > 1) {
		test_file(argv[1]);
		test_clear();
		return (test_done());
	}
	test_basics();
	test_load_cases();
	test_recorded();
	test_spread_hang();
	test_split_crash();
	test_border_search();
	test_zero_under_border();
	test_clear();
	return (test_done());
}
