// SPDX-License-Identifier: GPL-2.0-only
/*
 * Poly1305 block function for arm64 in radix 2^64, general-purpose
 * registers only: each 64 x 64-bit product is one mul (low half) and one
 * umulh (high half), and the 128-bit sums are adds/adcs chains, which gcc
 * makes from unsigned __int128 arithmetic on arm64. Built without NEON,
 * it may run anywhere, inside or outside kernel_neon_begin/end.
 *
 * As in the portable code, clamping leaves r0, r1 below 2^60 and r1 a
 * multiple of 4, so the product terms at 2^128 and above fold back as
 * multiples of s1 = r1 + r1 / 4 (2^130 == 5 mod p). The difference is the
 * order: the loop is bound by the latency of one multiply-and-fold, so
 * the next message block is added to the product before the product's
 * top bits are folded in, which takes that add off the critical path.
 */
#include "chacha20_neon.h"

#define vgc_u128 unsigned __int128

/* h (three words) += the 16-byte block at src + 2^128 */
static __always_inline void add_block(u64 *h0, u64 *h1, u64 *h2, const u8 *src)
{
	vgc_u128 t;

	t = (vgc_u128)*h0 + get_unaligned_le64(src);
	*h0 = (u64)t;
	t = (vgc_u128)*h1 + get_unaligned_le64(src + 8) + (u64)(t >> 64);
	*h1 = (u64)t;
	*h2 += (u64)(t >> 64) + 1;
}

/* h += c, carried through all three words */
static __always_inline void add_fold(u64 *h0, u64 *h1, u64 *h2, u64 c)
{
	vgc_u128 t;

	t = (vgc_u128)*h0 + c;
	*h0 = (u64)t;
	t = (vgc_u128)*h1 + (u64)(t >> 64);
	*h1 = (u64)t;
	*h2 += (u64)(t >> 64);
}

void vgc_poly1305_blocks_arm64(struct vgc_poly1305 *p, const u8 *src,
			       unsigned int nblocks)
{
	const u64 r0 = p->r[0], r1 = p->r[1], s1 = r1 + (r1 >> 2);
	u64 h0 = p->h[0], h1 = p->h[1], h2 = p->h[2], d2, fold;
	vgc_u128 d0, d1;

	if (!nblocks)
		return;

	add_block(&h0, &h1, &h2, src);
	for (;;) {
		/*
		 * h * r with h2 <= 7: d0 at weight 2^0, d1 at 2^64, d2 at
		 * 2^128; every sum stays below 2^127, h2 * s1 below 2^64.
		 */
		d0 = (vgc_u128)h0 * r0 + (vgc_u128)h1 * s1;
		d1 = (vgc_u128)h0 * r1 + (vgc_u128)h1 * r0 +
		     (vgc_u128)(h2 * s1) + (u64)(d0 >> 64);
		d2 = h2 * r0 + (u64)(d1 >> 64);
		h0 = (u64)d0;
		h1 = (u64)d1;
		h2 = d2 & 3;
		/* the bits at 2^130 and up, times 5: (d2 & ~3) + (d2 >> 2) */
		fold = (d2 & ~3ULL) + (d2 >> 2);
		if (!--nblocks)
			break;
		src += VGC_POLY1305_BLOCK_SIZE;
		/* h2 <= 3 here, at most 5 after the block, 6 after the fold */
		add_block(&h0, &h1, &h2, src);
		add_fold(&h0, &h1, &h2, fold);
	}
	/* h2 <= 4: h is below 5 * 2^128, as every back end leaves it */
	add_fold(&h0, &h1, &h2, fold);

	p->h[0] = h0;
	p->h[1] = h1;
	p->h[2] = h2;
}
