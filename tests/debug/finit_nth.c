// SPDX-License-Identifier: GPL-2.0-only
/*
 * finit_nth - load a module with this task's N-th fault-injection point
 * failing (/proc/thread-self/fail-nth; fail-nth is not inherited, so
 * insmod in a child would not do).
 *
 * usage: finit_nth N MODULE.ko [PARAMS]
 *   N = 0 loads without a fault. Prints "errno E left L": E is 0 if the
 *   module loaded, L is 0 if the N-th point was reached (and failed), else
 *   what was left of the count.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char buf[32] = "0";
	int fd, nfd = -1, rc, err;
	unsigned long n;
	ssize_t got;

	if (argc < 3) {
		fprintf(stderr, "usage: finit_nth N MODULE.ko [PARAMS]\n");
		return 2;
	}
	n = strtoul(argv[1], NULL, 0);
	fd = open(argv[2], O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		perror(argv[2]);
		return 2;
	}
	if (n) {
		nfd = open("/proc/thread-self/fail-nth", O_RDWR | O_CLOEXEC);
		if (nfd < 0) {
			perror("/proc/thread-self/fail-nth");
			return 2;
		}
		snprintf(buf, sizeof(buf), "%lu", n);
		if (write(nfd, buf, strlen(buf)) != (ssize_t)strlen(buf)) {
			perror("fail-nth");
			return 2;
		}
	}
	/* nothing between the write and the load, or the read after it */
	rc = syscall(SYS_finit_module, fd, argc > 3 ? argv[3] : "", 0);
	err = rc ? errno : 0;
	if (n) {
		got = pread(nfd, buf, sizeof(buf) - 1, 0);
		buf[got > 0 ? got : 0] = 0;
		if (write(nfd, "0", 1) != 1)
			return 2;
		buf[strcspn(buf, "\n")] = 0;
	}
	printf("errno %d left %s\n", err, buf);
	return 0;
}
