// SPDX-License-Identifier: GPL-2.0-only
/*
 * Poly1305 block function for x86-64, scalar, in radix 2^64: one block
 * at a time, for the short calls (AD, padding, lengths), for the AVX2
 * code's short calls and tails, and for CPUs without AVX2. Plain mul and
 * adc, so it runs on every x86-64 CPU and needs no kernel_fpu_begin():
 * built with -mbmi2, gcc uses mulx for some products, which measured 1-5%
 * faster on 1-4 block calls and 1% on long ones (Zen 3, gcc 12), not
 * worth a second copy or a CPU requirement; it never emits adcx/adox, so
 * ADX would give nothing.
 *
 * The loop is bound by the latency of one block's multiply and fold, so
 * the next message block is added to the product before the fold of its
 * top bits is, taking that add off the critical path; and the first
 * block needs no fold at all, which keeps one-block calls short.
 */
#include "poly1305_x86.h"

/* h += m + 2^128 */
static __always_inline void add_block(u64 h[3], const u8 *src)
{
	unsigned char c = 0;

	h[0] = vgc_p64_adc(h[0], get_unaligned_le64(src), &c);
	h[1] = vgc_p64_adc(h[1], get_unaligned_le64(src + 8), &c);
	h[2] = vgc_p64_adc(h[2], 1, &c);
}

void vgc_poly1305_blocks_x64(struct vgc_poly1305 *p, const u8 *src,
			     unsigned int nblocks)
{
	const u64 r0 = p->r[0], r1 = p->r[1], s1 = r1 + (r1 >> 2);
	u64 h[3] = { p->h[0], p->h[1], p->h[2] }, fold;

	if (!nblocks)
		return;

	add_block(h, src);
	for (;;) {
		fold = vgc_p64_mul_r(h, r0, r1, s1);
		if (!--nblocks)
			break;
		src += VGC_POLY1305_BLOCK_SIZE;
		/*
		 * The next block goes in before the fold of the product's
		 * top bits, so that its add does not wait for them. h[2],
		 * at most 3 after the product, stays below 8 (as
		 * vgc_p64_mul_r() needs).
		 */
		add_block(h, src);
		vgc_p64_add1(h, fold);
	}
	/* below 4 * 2^128 + 2^64 now: h[2] <= 4 */
	vgc_p64_add1(h, fold);

	p->h[0] = h[0];
	p->h[1] = h[1];
	p->h[2] = h[2];
}
