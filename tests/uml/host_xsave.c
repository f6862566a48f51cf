// SPDX-License-Identifier: GPL-2.0-only
/*
 * host_xsave: the size of this host's XSAVE area, as User-Mode Linux
 * meets it. UML moves each user process's FP state with
 * PTRACE_GETREGSET/SETREGSET NT_X86_XSTATE, and the host takes that
 * state at its own full size only: that size is what counts, and it is
 * read the same way UML reads it (a buffer larger than any XSAVE area,
 * cut by the host to its size). CPUID leaf 0xD is printed beside it.
 *
 * usage: host_xsave        prints the ptrace size in bytes
 *        host_xsave -v     prints "N bytes (ptrace NT_X86_XSTATE; CPUID
 *                          0xD: E enabled, M supported)"
 * Exits 1 when the size cannot be read.
 */
#include <cpuid.h>
#include <elf.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#define PROBE_BYTES 0x100000

/* the regset size a stopped child reports; 0 where it has none */
static long ptrace_xstate_size(void)
{
	struct iovec iov;
	long size = 0;
	int status;
	void *buf;
	pid_t pid;

	buf = calloc(1, PROBE_BYTES);
	if (!buf)
		return 0;
	pid = fork();
	if (pid < 0)
		goto out;
	if (pid == 0) {
		ptrace(PTRACE_TRACEME, 0, NULL, NULL);
		raise(SIGSTOP);
		_exit(0);
	}
	if (waitpid(pid, &status, 0) == pid && WIFSTOPPED(status)) {
		iov.iov_base = buf;
		iov.iov_len = PROBE_BYTES;
		if (ptrace(PTRACE_GETREGSET, pid, (void *)NT_X86_XSTATE, &iov) == 0)
			size = (long)iov.iov_len;
	}
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
out:
	free(buf);
	return size;
}

int main(int argc, char **argv)
{
	unsigned int eax = 0, ebx = 0, ecx = 0, edx = 0;
	long size = ptrace_xstate_size();

	if (__get_cpuid_max(0, NULL) >= 0xd)
		__cpuid_count(0xd, 0, eax, ebx, ecx, edx);
	if (argc > 1 && strcmp(argv[1], "-v") == 0)
		printf("%ld bytes (ptrace NT_X86_XSTATE; CPUID 0xD: %u enabled, %u supported)\n",
		       size, ebx, ecx);
	else
		printf("%ld\n", size);
	return size > 0 ? 0 : 1;
}
