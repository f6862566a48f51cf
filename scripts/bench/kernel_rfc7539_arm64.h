/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The arm64 bench's kernel column (kernel_rfc7539_arm64.c): the kernel's
 * own arm64 ChaCha20 and Poly1305 assembly (Linux 6.1) in its rfc7539
 * template's composition.
 */
#ifndef VGC_BENCH_KERNEL_RFC7539_ARM64_H
#define VGC_BENCH_KERNEL_RFC7539_ARM64_H

#include "kcompat.h"

/* 61 (default): Linux 6.1's glue; 73: Linux 7.3's (the same assembly) */
extern int vgc_ka_release;

/* dst gets len + 16 bytes */
void vgc_ka_seal(u8 *dst, const u8 *src, size_t len, const u8 *ad,
		 size_t adlen, const u8 key[32], const u8 nonce[12]);
/* @len includes the tag: 0, -EINVAL or -EBADMSG (dst written either way) */
int vgc_ka_open(u8 *dst, const u8 *src, size_t len, const u8 *ad,
		size_t adlen, const u8 key[32], const u8 nonce[12]);

#endif /* VGC_BENCH_KERNEL_RFC7539_ARM64_H */
