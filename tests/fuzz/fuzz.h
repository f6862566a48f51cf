/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the libFuzzer targets share: reading the fuzzer's bytes as fields
 * (past the end, every field reads as zeros, so any input is valid), and
 * the check that turns a wrong answer into a crash libFuzzer reports and
 * keeps.
 */
#ifndef VGC_FUZZ_H
#define VGC_FUZZ_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/types.h>

/* the entry point libFuzzer calls with each input, under its name */
int fz_target(const u8 *data, size_t size) __asm__("LLVMFuzzerTestOneInput");

struct fz {
	const u8 *p;
	size_t left;
};

static inline void fz_bytes(struct fz *f, void *out, size_t n)
{
	size_t k = n < f->left ? n : f->left;

	memcpy(out, f->p, k);
	memset((u8 *)out + k, 0, n - k);
	f->p += k;
	f->left -= k;
}

static inline unsigned int fz_u8(struct fz *f)
{
	u8 b;

	fz_bytes(f, &b, 1);
	return b;
}

static inline unsigned int fz_u16(struct fz *f)
{
	u8 b[2];

	fz_bytes(f, b, 2);
	return b[0] | b[1] << 8;
}

/* A wrong answer: say what, and abort so that libFuzzer keeps the input. */
#define FZ_CHECK(cond, ...)						\
	do {								\
		if (!(cond)) {						\
			fprintf(stderr, "FUZZ CHECK FAILED at %s:%d: ",	\
				__FILE__, __LINE__);			\
			fprintf(stderr, __VA_ARGS__);			\
			fprintf(stderr, "\n");				\
			abort();					\
		}							\
	} while (0)

#endif /* VGC_FUZZ_H */
