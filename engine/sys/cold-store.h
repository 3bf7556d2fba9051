/*
 * The cold store for deep-frozen screens (docs/design.md §3): one unnamed
 * temporary file (O_TMPFILE) holding every blob, so deep-frozen screens are
 * page cache the OS can reclaim rather than process memory.
 * ZEROPTY_COLD=memory keeps the blobs in memory instead.
 *
 * cold_store_ops() gives the struct vt_cold_store that
 * vt_screen_deep_freeze() takes; the store must outlive the screens.
 */
#ifndef ZEROPTY_COLD_STORE_H
#define ZEROPTY_COLD_STORE_H

#include <stddef.h>

#include "engine/term/vt.h"

struct cold_store;

#define COLD_STORE_FILE		0
#define COLD_STORE_MEMORY	1

/*
 * Open a store whose file lives in dir (O_TMPFILE, else an unlinked
 * mkstemp file). mode is COLD_STORE_FILE or COLD_STORE_MEMORY; with
 * COLD_STORE_FILE, ZEROPTY_COLD=memory in the environment switches to
 * memory. NULL with *cause set if the file cannot be made.
 */
struct cold_store *cold_store_open(const char *dir, int mode, char **cause);
void	cold_store_close(struct cold_store *);
/*
 * Where a store's file goes unless told: a directory on tmpfs
 * ($XDG_RUNTIME_DIR, else /dev/shm), so screen contents never reach a
 * disk; NULL if there is none (then keep the store in memory).
 */
const char *cold_store_default_dir(void);
const struct vt_cold_store *cold_store_ops(struct cold_store *);

/* Figures: bytes of live blobs, and the file's size (0 in memory). */
size_t	cold_store_live(struct cold_store *);
size_t	cold_store_file_size(struct cold_store *);

#endif
