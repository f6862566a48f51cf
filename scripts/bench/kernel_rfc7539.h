/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * vgc_bench's third column (kernel_rfc7539.c): the kernel's own x86-64
 * ChaCha20 and Poly1305 assembly in its rfc7539 template's composition,
 * and the kernel's prototypes of that assembly (Linux 6.1: arch/x86/crypto,
 * chacha_glue.c and poly1305_glue.c).
 */
#ifndef VGC_BENCH_KERNEL_RFC7539_H
#define VGC_BENCH_KERNEL_RFC7539_H

#include "harness.h"

/* false where the CPU lacks SSSE3 (the least the kernel's code needs) */
/* no_avx512: choose as on a CPU without AVX-512 (VGCRYPTO_HIDE_CPU) */
bool vgc_kt_usable(bool no_avx512);
/* dst gets len + 16 bytes */
void vgc_kt_seal(u8 *dst, const u8 *src, size_t len, const u8 *ad,
		 size_t adlen, const u8 key[32], const u8 nonce[12]);
/* @len includes the tag: 0, -EINVAL or -EBADMSG (dst written either way) */
int vgc_kt_open(u8 *dst, const u8 *src, size_t len, const u8 *ad,
		size_t adlen, const u8 key[32], const u8 nonce[12]);

void chacha_block_xor_ssse3(u32 *state, u8 *dst, const u8 *src,
			    unsigned int len, int nrounds);
void chacha_4block_xor_ssse3(u32 *state, u8 *dst, const u8 *src,
			     unsigned int len, int nrounds);
void chacha_2block_xor_avx2(u32 *state, u8 *dst, const u8 *src,
			    unsigned int len, int nrounds);
void chacha_4block_xor_avx2(u32 *state, u8 *dst, const u8 *src,
			    unsigned int len, int nrounds);
void chacha_8block_xor_avx2(u32 *state, u8 *dst, const u8 *src,
			    unsigned int len, int nrounds);
void chacha_2block_xor_avx512vl(u32 *state, u8 *dst, const u8 *src,
				unsigned int len, int nrounds);
void chacha_4block_xor_avx512vl(u32 *state, u8 *dst, const u8 *src,
				unsigned int len, int nrounds);
void chacha_8block_xor_avx512vl(u32 *state, u8 *dst, const u8 *src,
				unsigned int len, int nrounds);
void poly1305_init_x86_64(void *ctx, const u8 key[16]);
void poly1305_blocks_x86_64(void *ctx, const u8 *inp, size_t len, u32 padbit);
void poly1305_emit_x86_64(void *ctx, u8 mac[16], const u32 nonce[4]);
void poly1305_emit_avx(void *ctx, u8 mac[16], const u32 nonce[4]);
void poly1305_blocks_avx(void *ctx, const u8 *inp, size_t len, u32 padbit);
void poly1305_blocks_avx2(void *ctx, const u8 *inp, size_t len, u32 padbit);
void poly1305_blocks_avx512(void *ctx, const u8 *inp, size_t len, u32 padbit);

#endif /* VGC_BENCH_KERNEL_RFC7539_H */
