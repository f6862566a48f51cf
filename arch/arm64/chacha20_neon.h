/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The arm64 block functions. Same contracts as the portable ones:
 * vgc_chacha20_xor_neon() as vgc_chacha20_xor_generic() (dst = src XOR
 * keystream for @nblocks 64-byte blocks, dst may equal src, state[12]
 * advances by @nblocks mod 2^32), only between kernel_neon_begin() and
 * kernel_neon_end(); vgc_poly1305_blocks_arm64() as
 * vgc_poly1305_blocks_generic(p, src, nblocks, 1), general-purpose
 * registers only, leaving h in radix 2^64 below 5 * 2^128.
 */
#ifndef VGC_ARM64_CHACHA20_NEON_H
#define VGC_ARM64_CHACHA20_NEON_H

#include "chacha20.h"
#include "poly1305.h"

void vgc_chacha20_xor_neon(u32 state[16], u8 *dst, const u8 *src,
			   unsigned int nblocks);
/* the same, then block @nblocks's keystream into @ks (state[12] + 1 more) */
void vgc_chacha20_xor_ks_neon(u32 state[16], u8 *dst, const u8 *src,
			      unsigned int nblocks, u8 ks[64]);
void vgc_poly1305_blocks_arm64(struct vgc_poly1305 *p, const u8 *src,
			       unsigned int nblocks);

/*
 * Stitched (chacha20_neon.c): passes of four NEON blocks with Poly1305
 * in general registers beside the rounds; the seal absorbs the
 * ciphertext of every pass but the last (@npasses >= 2), the open the
 * whole blocks of its @len bytes of input, over @len rounded up to a
 * block (in place is safe). p->h current on entry and on return.
 */
#define VGC_NEON_PASS	256
void vgc_chacha20poly1305_seal_neon(u32 state[16], struct vgc_poly1305 *p,
				    u8 *dst, const u8 *src,
				    unsigned int npasses);
void vgc_chacha20poly1305_open_neon(u32 state[16], struct vgc_poly1305 *p,
				    u8 *dst, const u8 *src, unsigned int len);

/*
 * Poly1305 in NEON lanes (poly1305_neon.c), only between
 * kernel_neon_begin() and kernel_neon_end(): @nblocks a multiple of 4,
 * into the message's two lanes (started from h if they are not live).
 * The flush (poly1305_arm64.c, general registers) folds them back into h
 * (radix 2^64, below 5 * 2^128). The lanes and the powers of r stay in
 * struct vgc_poly1305's vector areas between calls (poly1305_neon.h).
 */
void vgc_poly1305_neon_blocks(struct vgc_poly1305 *p, const u8 *src,
			      unsigned int nblocks);
void vgc_poly1305_neon_flush(struct vgc_poly1305 *p);
/* the fewest blocks a call needs to start the lanes */
#define VGC_POLY1305_NEON_MIN_BLOCKS	32

#endif /* VGC_ARM64_CHACHA20_NEON_H */
