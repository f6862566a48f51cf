/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One line that names the back ends of a list this CPU cannot run, for a
 * reader of make check's output (scripts/check/all.sh collects it from
 * every stage): "not exercised on this CPU: avx512, avx512-noifma (the
 * CPU has no AVX-512F and AVX-512VL)", back ends with the same reason
 * together; "none" when every back end ran.
 */
#ifndef VGC_NOT_EXERCISED_H
#define VGC_NOT_EXERCISED_H

#include <stdio.h>
#include <string.h>

#define VGC_NE_MAX 16

struct vgc_not_exercised {
	const char *name[VGC_NE_MAX], *why[VGC_NE_MAX];
	unsigned int n;
};

static inline void vgc_ne_add(struct vgc_not_exercised *ne, const char *name,
			      const char *why)
{
	if (ne->n < VGC_NE_MAX) {
		ne->name[ne->n] = name;
		ne->why[ne->n++] = why;
	}
}

/* prefix names the family where back-end names repeat ("ML-KEM ") */
static inline void vgc_ne_print(const struct vgc_not_exercised *ne,
				const char *prefix)
{
	bool done[VGC_NE_MAX] = { false };
	unsigned int i, j;
	const char *sep = "";

	printf("not exercised on this CPU:");
	if (!ne->n)
		printf(" none");
	for (i = 0; i < ne->n; i++) {
		if (done[i])
			continue;
		printf("%s", sep);
		for (j = i; j < ne->n; j++) {
			if (done[j] || strcmp(ne->why[i], ne->why[j]))
				continue;
			printf("%s %s%s", j == i ? "" : ",", prefix, ne->name[j]);
			done[j] = true;
		}
		printf(" (%s)", ne->why[i]);
		sep = ";";
	}
	printf("\n");
}

#endif
