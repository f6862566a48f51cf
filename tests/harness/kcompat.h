/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernel names lib/ and arch/ use, for the user-space harness: the
 * same algorithm sources build here and in the module.
 */
#ifndef VGC_KCOMPAT_H
#define VGC_KCOMPAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <errno.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int32_t s32;
typedef int64_t s64;

#define min_t(type, a, b) ((type)(a) < (type)(b) ? (type)(a) : (type)(b))
#define max_t(type, a, b) ((type)(a) > (type)(b) ? (type)(a) : (type)(b))
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#ifndef __always_inline
#define __always_inline inline __attribute__((always_inline))
#endif
#define __aligned(x) __attribute__((aligned(x)))

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
	return (u64)get_unaligned_le32(p) | (u64)get_unaligned_le32((const u8 *)p + 4) << 32;
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

static inline int crypto_memneq(const void *a, const void *b, size_t n)
{
	const volatile u8 *x = a, *y = b;
	u8 d = 0;

	while (n--)
		d |= *x++ ^ *y++;
	return d != 0;
}

#endif /* VGC_KCOMPAT_H */
