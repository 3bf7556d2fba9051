/*
 * End of file for programs that read the terminal through glibc's stdio
 * (docs/design.md §1; README). stdio reads with glibc's internal read,
 * past the shim's read(): sort, od -c, sed and python's REPL without
 * readline got the in-band end-of-file marker (shim-proto.h) as data and
 * never saw C-d. Every glibc FILE reads through one slot, the read entry
 * of the FILE function table _IO_file_jumps (and of _IO_wfile_jumps, for
 * wide streams); glibc exports both tables and the function in the slot,
 * _IO_file_read. The shim points the slot at stdio_read, which gives a
 * read of the pane's terminal to the shim's read() and any other to
 * _IO_file_read: stdin, fdopen'd and fopen("/dev/tty") streams, wide and
 * byte, scanf and getline alike, with FILE, fileno and freopen left as
 * glibc made them. If the slot does not hold _IO_file_read (another C
 * library, another layout) nothing is changed and stdio readers miss
 * C-d as before.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <sys/types.h>
#include <sys/mman.h>

#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

#include "shim/shim.h"

typedef ssize_t	stdio_read_fn(FILE *, void *, ssize_t);

/* How many slots of a table to look through for the read entry. */
#define STDIO_SLOTS	32

static stdio_read_fn	*stdio_real;
static int		 stdio_done;

/* A FILE's read: the terminal through the shim, else glibc's. */
static ssize_t
stdio_read(FILE *fp, void *buf, ssize_t size)
{
	int	fd = fp->_fileno;

	if (size > 0 && fd >= 0 && shim_tty_fd(fd))
		return (shim_tty_read(fd, buf, (size_t)size));
	return (stdio_real(fp, buf, size));
}

/* Where a page is read-only after relocation (PT_GNU_RELRO). */
struct stdio_relro {
	uintptr_t	addr;
	int		inside;
};

static int
stdio_relro_cb(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct stdio_relro	*r = arg;
	const ElfW(Phdr)	*ph;
	uintptr_t		 start, end, page = (uintptr_t)getpagesize();
	int			 i;

	(void)size;
	for (i = 0; i < info->dlpi_phnum; i++) {
		ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_GNU_RELRO)
			continue;
		/* As the loader protects it: whole pages inside the range. */
		start = (info->dlpi_addr + ph->p_vaddr) & ~(page - 1);
		end = (info->dlpi_addr + ph->p_vaddr + ph->p_memsz) &
		    ~(page - 1);
		if (r->addr >= start && r->addr < end) {
			r->inside = 1;
			return (1);
		}
	}
	return (0);
}

/* table's slot that holds the real read, or NULL (also if patched). */
static void **
stdio_slot(void **table)
{
	void	**slot = NULL;
	int	  i, n = 0;

	for (i = 0; table != NULL && i < STDIO_SLOTS; i++) {
		if (table[i] == (void *)stdio_read)
			return (NULL);
		if (table[i] == (void *)stdio_real) {
			slot = &table[i];
			n++;
		}
	}
	return (n == 1 ? slot : NULL);
}

/*
 * The tables are read-only after relocation: make their page writable for
 * the two stores (one mprotect pair: both are on one page in glibc 2.36).
 */
static void
stdio_store(void **slot[], int n)
{
	struct stdio_relro	 r;
	uintptr_t		 page = (uintptr_t)getpagesize(), lo, hi;
	int			 i;

	lo = (uintptr_t)slot[0] & ~(page - 1);
	hi = lo + page;
	for (i = 1; i < n; i++) {
		if (((uintptr_t)slot[i] & ~(page - 1)) < lo)
			lo = (uintptr_t)slot[i] & ~(page - 1);
		if (((uintptr_t)slot[i] & ~(page - 1)) + page > hi)
			hi = ((uintptr_t)slot[i] & ~(page - 1)) + page;
	}
	r.addr = lo;
	r.inside = 0;
	dl_iterate_phdr(stdio_relro_cb, &r);
	if (hi - lo > 4 * page || (r.inside &&
	    mprotect((void *)lo, hi - lo, PROT_READ|PROT_WRITE) != 0))
		return;
	for (i = 0; i < n; i++)
		__atomic_store_n(slot[i], (void *)stdio_read, __ATOMIC_RELEASE);
	if (r.inside)
		mprotect((void *)lo, hi - lo, PROT_READ);
}

/*
 * glibc's exports, weak so that the shim still loads where they are
 * missing: resolved when the shim is loaded, cheaper than dlsym.
 */
extern void	*_IO_file_jumps[] __attribute__((weak));
extern void	*_IO_wfile_jumps[] __attribute__((weak));
extern ssize_t	 _IO_file_read(FILE *, void *, ssize_t) __attribute__((weak));

void
shim_stdio_hook(void)
{
	void	**slot[2];
	int	  n = 0;

	if (stdio_done)
		return;
	stdio_done = 1;
	if ((stdio_real = _IO_file_read) == NULL)
		return;
	if ((slot[n] = stdio_slot(_IO_file_jumps)) != NULL)
		n++;
	if ((slot[n] = stdio_slot(_IO_wfile_jumps)) != NULL)
		n++;
	if (n > 0)
		stdio_store(slot, n);
}
