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
#include "poly1305_neon.h"
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

/*
 * The scalar side (the powers, made once per message, and the flush):
 * d = x * y in radix 2^26 before carries, from y's limbs (y[0-4]) and 5
 * times them (y[5-9]); limbs below 2^27 give sums below 2^60.
 */
static __always_inline void mul26(u64 d[5], const u64 x[5], const u32 y[10])
{
	d[0] = x[0] * y[0] + x[1] * y[9] + x[2] * y[8] + x[3] * y[7] +
	       x[4] * y[6];
	d[1] = x[0] * y[1] + x[1] * y[0] + x[2] * y[9] + x[3] * y[8] +
	       x[4] * y[7];
	d[2] = x[0] * y[2] + x[1] * y[1] + x[2] * y[0] + x[3] * y[9] +
	       x[4] * y[8];
	d[3] = x[0] * y[3] + x[1] * y[2] + x[2] * y[1] + x[3] * y[0] +
	       x[4] * y[9];
	d[4] = x[0] * y[4] + x[1] * y[3] + x[2] * y[2] + x[3] * y[1] +
	       x[4] * y[0];
}

/* d's limbs below 2^26, limb 4 just above (one round of carries, twice) */
static __always_inline void carry26(u64 d[5])
{
	int round, k;

	for (round = 0; round < 2; round++) {
		for (k = 0; k < 4; k++) {
			d[k + 1] += d[k] >> 26;
			d[k] &= VGC_LIMB26_MASK;
		}
		if (!round) {
			d[0] += (d[4] >> 26) * 5;
			d[4] &= VGC_LIMB26_MASK;
		}
	}
}

/* the power pw[from] squared into pw[to]: limbs, then 5 times them */
static __always_inline void square26(u32 *pw, int from, int to)
{
	u64 x[5], d[5];
	int k;

	for (k = 0; k < 5; k++)
		x[k] = pw[from + k];
	mul26(d, x, pw + from);
	carry26(d);
	for (k = 0; k < 5; k++) {
		pw[to + k] = (u32)d[k];
		pw[to + 5 + k] = (u32)d[k] * 5;
	}
}

/* r (clamped, radix 2^64) to radix 2^26, and its powers */
void vgc_poly1305_neon_powers(struct vgc_poly1305 *p)
{
	u32 *pw = (u32 *)p->vec_pw;
	u64 r0 = p->r[0], r1 = p->r[1];
	int k;

	pw[PW_R1 + 0] = r0 & VGC_LIMB26_MASK;
	pw[PW_R1 + 1] = (r0 >> 26) & VGC_LIMB26_MASK;
	pw[PW_R1 + 2] = ((r0 >> 52) | (r1 << 12)) & VGC_LIMB26_MASK;
	pw[PW_R1 + 3] = (r1 >> 14) & VGC_LIMB26_MASK;
	pw[PW_R1 + 4] = r1 >> 40;
	for (k = 0; k < 5; k++)
		pw[PW_R1 + 5 + k] = pw[PW_R1 + k] * 5;
	square26(pw, PW_R1, PW_R2);
	square26(pw, PW_R2, PW_R4);
	/* r^4 0-4, 5r^4 1-4, r^2 0-4, 5r^2 1-4, then two unused */
	for (k = 0; k < 5; k++) {
		pw[PW_K + k] = pw[PW_R4 + k];
		pw[PW_K + 9 + k] = pw[PW_R2 + k];
	}
	for (k = 1; k < 5; k++) {
		pw[PW_K + 4 + k] = pw[PW_R4 + 5 + k];
		pw[PW_K + 13 + k] = pw[PW_R2 + 5 + k];
	}
	pw[PW_K + 18] = 0;
	pw[PW_K + 19] = 0;
	p->vec_powers = 1;
}

/* h = A' r^2 + B' r, in radix 2^64 below 5 * 2^128; the lanes end */
void vgc_poly1305_neon_flush(struct vgc_poly1305 *p)
{
	const u32 *pw = (const u32 *)p->vec_pw;
	u64 *acc = p->vec_acc;
	u64 x[5], da[5], db[5], l[5];
	int k;

	for (k = 0; k < 5; k++)
		x[k] = acc[2 * k];
	mul26(da, x, pw + PW_R2);
	for (k = 0; k < 5; k++)
		x[k] = acc[2 * k + 1];
	mul26(db, x, pw + PW_R1);
	for (k = 0; k < 5; k++)
		l[k] = da[k] + db[k];
	carry26(l);
	/* radix 2^64: limbs 0-3 below 2^26, limb 4 just above, so h2 <= 4 */
	p->h[0] = l[0] | l[1] << 26 | l[2] << 52;
	p->h[1] = l[2] >> 12 | l[3] << 14 | l[4] << 40;
	p->h[2] = l[4] >> 24;
	p->vec_live = 0;
	memzero_explicit(acc, 10 * sizeof(*acc));
	memzero_explicit(x, sizeof(x));
	memzero_explicit(da, sizeof(da));
	memzero_explicit(db, sizeof(db));
	memzero_explicit(l, sizeof(l));
	vgc_arm64_wipe_gprs();
}
