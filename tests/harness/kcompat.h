/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernel names lib/ and arch/ use, for the user-space harness: the
 * same algorithm sources build here and in the module.
 */
#ifndef VGC_KCOMPAT_H
#define VGC_KCOMPAT_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include <errno.h>
#include <sys/cdefs.h>	/* glibc's __always_inline */

/* As the kernel has them: u64 is unsigned long long on every arch. */
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;
typedef int s32;
typedef long long s64;

/* What <linux/compiler_attributes.h> gives the kernel. */
#define vgc_attribute(x)	__attribute__((x))
#define __aligned(x)		vgc_attribute(aligned(x))
#define __printf(a, b)		vgc_attribute(format(printf, a, b))
#define __maybe_unused		vgc_attribute(unused)
#define noinline		vgc_attribute(noinline)

#define min_t(type, a, b) ({			\
	type __min_a = (a);			\
	type __min_b = (b);			\
	__min_a < __min_b ? __min_a : __min_b;	\
})

#define max_t(type, a, b) ({			\
	type __max_a = (a);			\
	type __max_b = (b);			\
	__max_a > __max_b ? __max_a : __max_b;	\
})

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static inline u32 rol32(u32 w, unsigned int s)
{
	return (w << s) | (w >> ((-s) & 31));
}

static inline u32 get_unaligned_le32(const void *p)
{
	const u8 *b = p;

	return (u32)b[0] | (u32)b[1] << 8 | (u32)b[2] << 16 | (u32)b[3] << 24;
}

static inline u64 get_unaligned_le64(const void *p)
{
	const u8 *b = p;

	return get_unaligned_le32(b) | (u64)get_unaligned_le32(b + 4) << 32;
}

static inline void put_unaligned_le32(u32 v, void *p)
{
	u8 *b = p;

	b[0] = v;
	b[1] = v >> 8;
	b[2] = v >> 16;
	b[3] = v >> 24;
}

static inline void put_unaligned_le64(u64 v, void *p)
{
	put_unaligned_le32((u32)v, p);
	put_unaligned_le32((u32)(v >> 32), (u8 *)p + 4);
}

/* The barrier keeps the compiler from dropping the wipe of dead memory. */
static inline void memzero_explicit(void *p, size_t n)
{
	memset(p, 0, n);
	__asm__ __volatile__("" : : "r"(p) : "memory");
}

/*
 * Constant time: no early exit, no branch on the data. The empty asm
 * hides d from the optimiser, so it cannot stop once d is non-zero.
 */
static inline int crypto_memneq(const void *a, const void *b, size_t n)
{
	const u8 *x = a, *y = b;
	u8 d = 0;

	while (n--) {
		d |= *x++ ^ *y++;
		__asm__("" : "+r"(d));
	}
	return d != 0;
}

#endif /* VGC_KCOMPAT_H */
