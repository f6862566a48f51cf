// SPDX-License-Identifier: GPL-2.0-only
/*
 * Poly1305 block function for arm64 in radix 2^64, general-purpose
 * registers only: each 64 x 64-bit product is one mul (low half) and one
 * umulh (high half), and the sums are adds/adcs carry chains. Built
 * without NEON, it may run anywhere, inside or outside
 * kernel_neon_begin/end.
 *
 * The block step is written as inline assembly because gcc, given
 * unsigned __int128 sums, materialises most carries with cset and adds
 * them back (38 instructions a block with gcc 12, against 27 here).
 *
 * As in the portable code, clamping leaves r0, r1 below 2^60 and r1 a
 * multiple of 4, so the product terms at 2^128 and above fold back as
 * multiples of s1 = r1 + r1 / 4 (2^130 == 5 mod p).
 */
#include "chacha20_neon.h"
#include "regs_wipe.h"

/*
 * h = (h + m + 2^128) * r, partly reduced: on entry h2 <= 4 (h below
 * 5 * 2^128, as every back end leaves it), on return h2 <= 4 again.
 *
 *   h += m + 2^128                            h2 <= 6
 *   d0 = h0 r0 + h1 s1                        weight 2^0,   < 2^126
 *   d1 = h0 r1 + h1 r0 + (h2 s1 + d0 >> 64)   weight 2^64,  < 2^126;
 *        h2 s1 < 2^63.2 and d0 >> 64 < 2^62, so their sum fits 64 bits
 *   d2 = h2 r0 + d1 >> 64                     weight 2^128, < 2^64
 *   h = d0 mod 2^64 + (d1 mod 2^64) 2^64 + (d2 & 3) 2^128
 *       + (d2 >> 2) * 5, the last as (d2 & ~3) + (d2 >> 2)
 */
static __always_inline void poly_block(u64 h[3], u64 m0, u64 m1, u64 r0,
				       u64 r1, u64 s1)
{
	u64 d0, d0h, d1, d1h, t, th;

	asm("	adds	%[h0], %[h0], %[m0]\n"		/* h += m + 2^128 */
	    "	adcs	%[h1], %[h1], %[m1]\n"
	    "	adc	%[h2], %[h2], %[one]\n"
	    "	mul	%[d0], %[h0], %[r0]\n"		/* d0 = h0 r0 */
	    "	umulh	%[d0h], %[h0], %[r0]\n"
	    "	mul	%[t], %[h1], %[s1]\n"		/*    + h1 s1 */
	    "	umulh	%[th], %[h1], %[s1]\n"
	    "	adds	%[d0], %[d0], %[t]\n"
	    "	adc	%[d0h], %[d0h], %[th]\n"
	    "	mul	%[d1], %[h0], %[r1]\n"		/* d1 = h0 r1 */
	    "	umulh	%[d1h], %[h0], %[r1]\n"
	    "	mul	%[t], %[h1], %[r0]\n"		/*    + h1 r0 */
	    "	umulh	%[th], %[h1], %[r0]\n"
	    "	adds	%[d1], %[d1], %[t]\n"
	    "	adc	%[d1h], %[d1h], %[th]\n"
	    "	madd	%[t], %[h2], %[s1], %[d0h]\n"	/*    + h2 s1 + d0 >> 64 */
	    "	adds	%[d1], %[d1], %[t]\n"
	    "	adc	%[d1h], %[d1h], xzr\n"
	    "	madd	%[d1h], %[h2], %[r0], %[d1h]\n"	/* d2 = h2 r0 + d1 >> 64 */
	    "	and	%[t], %[d1h], #-4\n"		/* fold: (d2 >> 2) * 5 */
	    "	add	%[t], %[t], %[d1h], lsr #2\n"
	    "	and	%[h2], %[d1h], #3\n"
	    "	adds	%[h0], %[d0], %[t]\n"
	    "	adcs	%[h1], %[d1], xzr\n"
	    "	adc	%[h2], %[h2], xzr\n"
	    : [h0] "+&r" (h[0]), [h1] "+&r" (h[1]), [h2] "+&r" (h[2]),
	      [d0] "=&r" (d0), [d0h] "=&r" (d0h), [d1] "=&r" (d1),
	      [d1h] "=&r" (d1h), [t] "=&r" (t), [th] "=&r" (th)
	    : [m0] "r" (m0), [m1] "r" (m1), [r0] "r" (r0), [r1] "r" (r1),
	      [s1] "r" (s1), [one] "r" (1ULL)
	    : "cc");
}

void vgc_poly1305_blocks_arm64(struct vgc_poly1305 *p, const u8 *src,
			       unsigned int nblocks)
{
	const u64 r0 = p->r[0], r1 = p->r[1], s1 = r1 + (r1 >> 2);
	u64 h[3] = { p->h[0], p->h[1], p->h[2] };

	for (; nblocks; nblocks--, src += VGC_POLY1305_BLOCK_SIZE)
		poly_block(h, get_unaligned_le64(src), get_unaligned_le64(src + 8),
			   r0, r1, s1);

	p->h[0] = h[0];
	p->h[1] = h[1];
	p->h[2] = h[2];
	vgc_arm64_wipe_gprs();
}
