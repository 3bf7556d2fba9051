/*
 * The cold store (cold-store.h): deep-frozen screen blobs in one O_TMPFILE
 * file. Space is handed out in 64-byte units, first fit from a sorted list
 * of free extents (coalesced on free); the file shrinks when its tail is
 * freed, and freed whole pages inside it are punched out so they leave the
 * page cache. Blobs allocated one by one took 0.84 MB for 0.3 MB of data at
 * 400 sessions in the predecessor (docs/design.md §3); one file has no per-blob
 * allocator overhead.
 */
#include <sys/types.h>
#include <sys/stat.h>
#include <sys/vfs.h>

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/base/xmalloc.h"
#include "engine/sys/cold-store.h"

#ifndef TMPFS_MAGIC
#define TMPFS_MAGIC	0x01021994
#endif

#define COLD_UNIT	64
#define COLD_PAGE	4096

struct cold_extent {
	uint64_t	off, len;
};

struct cold_store {
	int			 mode;
	int			 fd;
	uint64_t		 end;		/* file size in use */
	struct cold_extent	*free;		/* sorted by off, disjoint */
	size_t			 nfree, capfree;
	size_t			 live;
	struct vt_cold_store	 ops;
};

static uint64_t
cold_round(size_t len)
{
	return (((uint64_t)len + COLD_UNIT - 1) / COLD_UNIT * COLD_UNIT);
}

/* Take len bytes of file space: first fit, else the end of the file. */
static uint64_t
cold_alloc(struct cold_store *cs, uint64_t len)
{
	struct cold_extent	*e;
	uint64_t		 off;
	size_t			 i;

	for (i = 0; i < cs->nfree; i++) {
		e = &cs->free[i];
		if (e->len < len)
			continue;
		off = e->off;
		e->off += len;
		e->len -= len;
		if (e->len == 0) {
			memmove(e, e + 1, (cs->nfree - i - 1) * sizeof *e);
			cs->nfree--;
		}
		return (off);
	}
	off = cs->end;
	cs->end += len;
	return (off);
}

/* Give file space back: merge with neighbours, shrink or punch holes. */
static void
cold_release(struct cold_store *cs, uint64_t off, uint64_t len)
{
	struct cold_extent	*e;
	uint64_t		 from, to;
	size_t			 i;

	for (i = 0; i < cs->nfree && cs->free[i].off < off; i++)
		;
	if (cs->nfree == cs->capfree) {
		cs->capfree = cs->capfree == 0 ? 16 : cs->capfree * 2;
		cs->free = xreallocarray(cs->free, cs->capfree,
		    sizeof *cs->free);
	}
	memmove(&cs->free[i + 1], &cs->free[i],
	    (cs->nfree - i) * sizeof *cs->free);
	cs->free[i].off = off;
	cs->free[i].len = len;
	cs->nfree++;
	if (i + 1 < cs->nfree &&
	    cs->free[i].off + cs->free[i].len == cs->free[i + 1].off) {
		cs->free[i].len += cs->free[i + 1].len;
		memmove(&cs->free[i + 1], &cs->free[i + 2],
		    (cs->nfree - i - 2) * sizeof *cs->free);
		cs->nfree--;
	}
	if (i > 0 && cs->free[i - 1].off + cs->free[i - 1].len ==
	    cs->free[i].off) {
		cs->free[i - 1].len += cs->free[i].len;
		memmove(&cs->free[i], &cs->free[i + 1],
		    (cs->nfree - i - 1) * sizeof *cs->free);
		cs->nfree--;
		i--;
	}
	e = &cs->free[i];

	if (e->off + e->len == cs->end) {
		cs->end = e->off;
		cs->nfree--;
		if (ftruncate(cs->fd, cs->end) != 0) {
			/* the space stays allocated; nothing depends on it */
		}
		return;
	}
	from = (e->off + COLD_PAGE - 1) / COLD_PAGE * COLD_PAGE;
	to = (e->off + e->len) / COLD_PAGE * COLD_PAGE;
	if (to > from) {
		if (fallocate(cs->fd, FALLOC_FL_PUNCH_HOLE|FALLOC_FL_KEEP_SIZE,
		    from, to - from) != 0) {
			/* no hole punching here: the pages stay cached */
		}
	}
}

static int64_t
cold_file_put(void *handle, const void *data, size_t len)
{
	struct cold_store	*cs = handle;
	uint64_t		 off, rlen = cold_round(len);
	const uint8_t		*p = data;
	size_t			 done = 0;
	ssize_t			 n;

	off = cold_alloc(cs, rlen);
	while (done < len) {
		n = pwrite(cs->fd, p + done, len - done, off + done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			cold_release(cs, off, rlen);
			return (-1);
		}
		done += n;
	}
	cs->live += len;
	return ((int64_t)off);
}

static int
cold_file_get(void *handle, int64_t id, void *data, size_t len)
{
	struct cold_store	*cs = handle;
	uint8_t			*p = data;
	size_t			 done = 0;
	ssize_t			 n;

	while (done < len) {
		n = pread(cs->fd, p + done, len - done, id + done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return (-1);
		done += n;
	}
	return (0);
}

static void
cold_file_free(void *handle, int64_t id, size_t len)
{
	struct cold_store	*cs = handle;

	cs->live -= len;
	cold_release(cs, id, cold_round(len));
}

static int64_t
cold_mem_put(void *handle, const void *data, size_t len)
{
	struct cold_store	*cs = handle;
	void			*copy = xmemdup(data, len);

	cs->live += len;
	return ((int64_t)(uintptr_t)copy);
}

static int
cold_mem_get(void *handle, int64_t id, void *data, size_t len)
{
	memcpy(data, (void *)(uintptr_t)id, len);
	return (0);
}

static void
cold_mem_free(void *handle, int64_t id, size_t len)
{
	struct cold_store	*cs = handle;

	cs->live -= len;
	xfree((void *)(uintptr_t)id);
}

/* An unnamed file in dir: O_TMPFILE, else mkstemp and unlink. */
static int
cold_open_file(const char *dir, char **cause)
{
	char	*path;
	int	 fd;

	fd = open(dir, O_TMPFILE|O_RDWR|O_CLOEXEC, 0600);
	if (fd >= 0)
		return (fd);
	xasprintf(&path, "%s/zeropty-cold-XXXXXX", dir);
	fd = mkostemp(path, O_CLOEXEC);
	if (fd < 0) {
		xasprintf(cause, "cold store in %s: %s", dir, strerror(errno));
		xfree(path);
		return (-1);
	}
	unlink(path);
	xfree(path);
	return (fd);
}

const char *
cold_store_default_dir(void)
{
	const char	*dirs[2];
	struct statfs	 sf;
	size_t		 i;

	dirs[0] = getenv("XDG_RUNTIME_DIR");
	dirs[1] = "/dev/shm";
	for (i = 0; i < 2; i++) {
		if (dirs[i] == NULL || dirs[i][0] != '/')
			continue;
		if (statfs(dirs[i], &sf) == 0 &&
		    (unsigned long)sf.f_type == TMPFS_MAGIC &&
		    access(dirs[i], W_OK|X_OK) == 0)
			return (dirs[i]);
	}
	return (NULL);
}

struct cold_store *
cold_store_open(const char *dir, int mode, char **cause)
{
	struct cold_store	*cs;
	const char		*env = getenv("ZEROPTY_COLD");

	if (env != NULL && strcmp(env, "memory") == 0)
		mode = COLD_STORE_MEMORY;
	cs = xcalloc(1, sizeof *cs);
	cs->mode = mode;
	cs->fd = -1;
	cs->ops.handle = cs;
	if (mode == COLD_STORE_MEMORY) {
		cs->ops.put = cold_mem_put;
		cs->ops.get = cold_mem_get;
		cs->ops.free = cold_mem_free;
		return (cs);
	}
	if ((cs->fd = cold_open_file(dir, cause)) < 0) {
		xfree(cs);
		return (NULL);
	}
	cs->ops.put = cold_file_put;
	cs->ops.get = cold_file_get;
	cs->ops.free = cold_file_free;
	return (cs);
}

void
cold_store_close(struct cold_store *cs)
{
	if (cs == NULL)
		return;
	if (cs->fd >= 0)
		close(cs->fd);
	xfree(cs->free);
	xfree(cs);
}

const struct vt_cold_store *
cold_store_ops(struct cold_store *cs)
{
	return (&cs->ops);
}

size_t
cold_store_live(struct cold_store *cs)
{
	return (cs->live);
}

size_t
cold_store_file_size(struct cold_store *cs)
{
	return (cs->mode == COLD_STORE_MEMORY ? 0 : cs->end);
}
