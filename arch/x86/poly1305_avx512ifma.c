// SPDX-License-Identifier: GPL-2.0-only
/*
 * Poly1305 block function with AVX-512 IFMA, eight blocks a step in
 * radix 2^44 (see poly1305_ifma.h). Making r^2..r^8 and summing the
 * lanes is repaid only on long calls: below VGC_POLY1305_IFMA_MIN_BLOCKS
 * the AVX2 code (itself scalar below its own threshold) measured faster,
 * and a tail of 1..7 blocks goes to the scalar code.
 *
 * Built with -mavx512f -mavx512vl -mavx512ifma; callers bracket it with
 * kernel_fpu_begin()/kernel_fpu_end().
 */
#include "poly1305_ifma.h"

#if VGC_POLY1305_IFMA_MIN_BLOCKS < 8
#error "the IFMA threshold must be at least one 8-block step"
#endif

static noinline void blocks_vector(struct vgc_poly1305 *p, const u8 *src,
				   unsigned int nblocks)
{
	unsigned int nsteps = nblocks / 8;
	struct ifma_state st;

	setup(&st, p, src);
	steps(&st, src + 128, nsteps - 1);
	last_step(p, &st);
	vgc_zmm_hi16_zero();
	vgc_poly1305_blocks_x64(p, src + 128 * nsteps, nblocks % 8);
}

void vgc_poly1305_blocks_avx512ifma(struct vgc_poly1305 *p, const u8 *src,
				    unsigned int nblocks)
{
	if (nblocks < VGC_POLY1305_IFMA_MIN_BLOCKS)
		vgc_poly1305_blocks_avx2(p, src, nblocks);
	else
		blocks_vector(p, src, nblocks);
}
