/*
 * vtcat: development tool. Feeds a file to a screen and prints the capture
 * and state, for comparing with tmux 3.3a by hand or from scripts.
 * Usage: vtcat [-eCJNaqsPm] [-x cols] [-y rows] [-X cols -Y rows]
 *     [-R file2] [-H history-limit] [-S n] [-E n] file
 * (-X/-Y resize after the input, then -R feeds a second file).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/buf.h"
#include "engine/base/xmalloc.h"
#include "engine/term/vt.h"

int
main(int argc, char **argv)
{
	struct vt_screen	*s;
	struct vt_capture	 cap;
	struct vt_state		 st;
	struct buf		 out, reply;
	const char		*cause;
	char			*tabs;
	unsigned		 sx = 80, sy = 24, rx = 0, ry = 0;
	unsigned		 hlimit = 2000;
	uint8_t			 data[65536];
	size_t			 n;
	FILE			*f;
	int			 ch, state = 1, i, optind, pending = 0;
	int			 memory = 0;
	const char		*optarg, *second = NULL;

	memset(&cap, 0, sizeof cap);
	for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1] != '\0'; i++) {
		ch = argv[i][1];
		optarg = argv[i][2] != '\0' ? argv[i] + 2 : argv[i + 1];
		switch (ch) {
		case 'a': cap.flags |= VT_CAPTURE_ALTERNATE; continue;
		case 'C': cap.flags |= VT_CAPTURE_OCTAL; continue;
		case 'e': cap.flags |= VT_CAPTURE_ESCAPES; continue;
		case 'J': cap.flags |= VT_CAPTURE_JOIN; continue;
		case 'N': cap.flags |= VT_CAPTURE_TRAILING; continue;
		case 'q': cap.flags |= VT_CAPTURE_QUIET; continue;
		case 's': state = 0; continue;
		case 'P': pending = 1; continue;
		case 'm': memory = 1; continue;
		}
		if (optarg == NULL)
			return (1);
		if (argv[i][2] == '\0')
			i++;
		switch (ch) {
		case 'S':
			cap.start_set = 1;
			if (strcmp(optarg, "-") == 0)
				cap.start_all = 1;
			else
				cap.start = atol(optarg);
			break;
		case 'E':
			cap.end_set = 1;
			if (strcmp(optarg, "-") == 0)
				cap.end_all = 1;
			else
				cap.end = atol(optarg);
			break;
		case 'x': sx = atoi(optarg); break;
		case 'X': rx = atoi(optarg); break;
		case 'Y': ry = atoi(optarg); break;
		case 'y': sy = atoi(optarg); break;
		case 'R': second = optarg; break;
		case 'H': hlimit = atoi(optarg); break;
		default:
			return (1);
		}
	}
	optind = i;
	if (optind >= argc)
		return (1);
	f = fopen(argv[optind], "rb");
	if (f == NULL)
		return (1);
	s = vt_screen_new(sx, sy, hlimit);
	buf_init(&reply);
	while ((n = fread(data, 1, sizeof data, f)) > 0)
		vt_screen_input(s, data, n, &reply);
	fclose(f);
	if (rx != 0 && ry != 0)
		vt_screen_resize(s, rx, ry);
	if (second != NULL && (f = fopen(second, "rb")) != NULL) {
		while ((n = fread(data, 1, sizeof data, f)) > 0)
			vt_screen_input(s, data, n, &reply);
		fclose(f);
	}
	buf_init(&out);
	if (pending)
		vt_screen_capture_pending(s, cap.flags, &out);
	else if (vt_screen_capture(s, &cap, &out, &cause) != 0) {
		fprintf(stderr, "%s\n", cause);
		pending = 1;
	}
	/* As capture-pane -p: drop one trailing newline, then add one. */
	if (!pending && out.len > 0 && buf_data(&out)[out.len - 1] == '\n')
		out.len--;
	fwrite(buf_data(&out), 1, out.len, stdout);
	if (!pending)
		fputc('\n', stdout);
	if (state) {
		vt_screen_state(s, &st);
		tabs = vt_screen_tabs(s);
		printf("%u %u hs=%u hb=%zu fl=%d,%d,%d,%d,%d,%d,%d alt=%d "
		    "sr=%u,%u tabs=%s title=%s\n", st.cx, st.cy,
		    st.history_size, st.history_bytes,
		    !!(st.mode & VT_MODE_CURSOR), !!(st.mode & VT_MODE_INSERT),
		    !!(st.mode & VT_MODE_KCURSOR),
		    !!(st.mode & VT_MODE_KKEYPAD),
		    !!(st.mode & VT_MODE_WRAP),
		    !!(st.mode & (VT_MODE_MOUSE_ALL|VT_MODE_MOUSE_STANDARD|
		    VT_MODE_MOUSE_BUTTON)),
		    !!(st.mode & VT_MODE_ORIGIN), st.alternate_on, st.rupper,
		    st.rlower, tabs, st.title);
		xfree(tabs);
	}
	if (memory)
		printf("memory %zu\n", vt_screen_memory(s));
	buf_free(&out);
	buf_free(&reply);
	vt_screen_free(s);
	return (0);
}
