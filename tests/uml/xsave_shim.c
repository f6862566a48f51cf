// SPDX-License-Identifier: GPL-2.0-only
/*
 * xsave_shim.so: an LD_PRELOAD library that makes this host look, to a
 * ptrace() caller, like one with a larger XSAVE area: the way to run
 * User-Mode Linux as on an AMX host (11008 bytes) without one.
 *
 * With VGC_FAKE_XSAVE=F (bytes, a multiple of 8, at least the host's own
 * size R), PTRACE_GETREGSET/SETREGSET NT_X86_XSTATE behave as a host
 * kernel with an F-byte area does:
 *   GETREGSET   fills min(len, F) bytes and sets iov_len to that: the
 *               host's real R bytes, then F - R bytes of a fixed pattern
 *               where the extra state would sit;
 *   SETREGSET   takes exactly F bytes (min(len, F) != F: EFAULT, as the
 *               host does), passes the first R on; the F - R after them
 *               must still hold the pattern, or it fails with EINVAL: a
 *               caller that lost or cut a task's state is caught.
 * Every other request goes to libc's ptrace() unchanged.
 *
 * VGC_FAKE_XSAVE_STATS=FILE: counts kept in FILE, one line rewritten in
 * place after each call (readable after a crash too), by the first
 * process that calls ptrace() on NT_X86_XSTATE (the caller empties it
 * first; other processes that inherit the variable leave it alone):
 *   host R fake F probe P get G get_full GF set S set_full SF bad_size B
 *   (last L) bad_tail T
 * (P: the largest GETREGSET buffer asked for; GF, SF: transfers of all
 * F bytes; L: the last refused SETREGSET size).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

#define STATS_BYTES 256
#define PROBE_BYTES 0x100000

typedef long (*ptrace_fn)(int, pid_t, void *, void *);

static ptrace_fn real_ptrace;
static size_t fake, host;
static unsigned char *pattern, *scratch;
static char *stats_map;
static struct {
	size_t probe;
	unsigned long get, get_full, set, set_full, bad_size, last_bad, bad_tail;
} st;

static void stats_write(void)
{
	int n;

	if (!stats_map)
		return;
	n = snprintf(stats_map, STATS_BYTES,
		     "host %zu fake %zu probe %zu get %lu get_full %lu set %lu set_full %lu bad_size %lu (last %lu) bad_tail %lu",
		     host, fake, st.probe, st.get, st.get_full, st.set,
		     st.set_full, st.bad_size, st.last_bad, st.bad_tail);
	if (n < 0 || n >= STATS_BYTES - 1)
		n = STATS_BYTES - 2;
	memset(stats_map + n, ' ', STATS_BYTES - 1 - n);
	stats_map[STATS_BYTES - 1] = '\n';
}

static const char *stats_path;

static void stats_open(void)
{
	int fd;

	if (stats_map || !stats_path)
		return;
	fd = open(stats_path, O_RDWR | O_CREAT, 0644);
	stats_path = NULL;
	if (fd < 0)
		return;
	if (ftruncate(fd, STATS_BYTES) == 0) {
		stats_map = mmap(NULL, STATS_BYTES, PROT_READ | PROT_WRITE,
				 MAP_SHARED, fd, 0);
		if (stats_map == MAP_FAILED)
			stats_map = NULL;
	}
	close(fd);
	stats_write();
}

__attribute__((constructor)) static void shim_init(void)
{
	const char *f = getenv("VGC_FAKE_XSAVE");
	const char *s = getenv("VGC_FAKE_XSAVE_STATS");
	size_t i;

	real_ptrace = (ptrace_fn)dlsym(RTLD_NEXT, "ptrace");
	if (!f || !real_ptrace)
		return;
	fake = strtoul(f, NULL, 0);
	if (fake % 8)
		fake = 0;
	pattern = malloc(fake);
	scratch = malloc(fake > PROBE_BYTES ? fake : PROBE_BYTES);
	if (!pattern || !scratch) {
		fake = 0;
		return;
	}
	for (i = 0; i < fake; i++)
		pattern[i] = (unsigned char)(i * 131 + 17);
	stats_path = s;
}

/* the host's own size, read once from a stopped tracee */
static int host_size(pid_t pid)
{
	struct iovec iov = { scratch, PROBE_BYTES };

	if (host)
		return 0;
	stats_open();
	if (real_ptrace(PTRACE_GETREGSET, pid, (void *)NT_X86_XSTATE, &iov) < 0)
		return -1;
	host = iov.iov_len;
	if (host > fake) {
		/* the host has more than the fake: nothing to pretend */
		fake = 0;
		return -1;
	}
	return 0;
}

static long xstate_get(pid_t pid, struct iovec *iov)
{
	struct iovec real = { scratch, host };
	size_t n;

	if (iov->iov_len % 8) {
		errno = EINVAL;
		return -1;
	}
	if (real_ptrace(PTRACE_GETREGSET, pid, (void *)NT_X86_XSTATE, &real) < 0)
		return -1;
	memcpy(scratch + host, pattern + host, fake - host);
	n = iov->iov_len < fake ? iov->iov_len : fake;
	memcpy(iov->iov_base, scratch, n);
	iov->iov_len = n;
	if (iov->iov_len > st.probe)
		st.probe = iov->iov_len;
	st.get++;
	st.get_full += n == fake;
	stats_write();
	return 0;
}

static long xstate_set(pid_t pid, struct iovec *iov)
{
	struct iovec real = { iov->iov_base, host };
	size_t n = iov->iov_len < fake ? iov->iov_len : fake;

	st.set++;
	if (iov->iov_len % 8) {
		errno = EINVAL;
		return -1;
	}
	if (n != fake) {
		st.bad_size++;
		st.last_bad = iov->iov_len;
		stats_write();
		errno = EFAULT;
		return -1;
	}
	if (memcmp((unsigned char *)iov->iov_base + host, pattern + host,
		   fake - host)) {
		st.bad_tail++;
		stats_write();
		errno = EINVAL;
		return -1;
	}
	st.set_full++;
	stats_write();
	return real_ptrace(PTRACE_SETREGSET, pid, (void *)NT_X86_XSTATE, &real);
}

long ptrace(enum __ptrace_request request, ...)
{
	va_list ap;
	pid_t pid;
	void *addr, *data;

	va_start(ap, request);
	pid = va_arg(ap, pid_t);
	addr = va_arg(ap, void *);
	data = va_arg(ap, void *);
	va_end(ap);

	if (!real_ptrace) {
		errno = EIO;
		return -1;
	}
	if (fake && (uintptr_t)addr == NT_X86_XSTATE &&
	    (request == PTRACE_GETREGSET || request == PTRACE_SETREGSET) &&
	    host_size(pid) == 0) {
		if (request == PTRACE_GETREGSET)
			return xstate_get(pid, data);
		return xstate_set(pid, data);
	}
	return real_ptrace(request, pid, addr, data);
}
