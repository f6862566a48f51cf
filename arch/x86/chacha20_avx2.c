// SPDX-License-Identifier: GPL-2.0-only
/*
 * ChaCha20 keystream XOR with AVX2: eight blocks at a time in ymm
 * registers, with shorter paths so that 1..4 blocks cost about what they
 * need. Built with -mavx2 (see chacha20_simd.h for the layouts).
 * Callers bracket it with kernel_fpu_begin()/kernel_fpu_end().
 *
 * Costs measured on Zen 3, in units of one row-wise block (~290 TSC
 * cycles, the latency of one chain of 20 rounds): 1 or 2 blocks 1.0,
 * 3 or 4 blocks 1.25, 5 to 8 blocks 1.45 (eight-way).
 */
#include "chacha20_simd.h"
#include "chacha20_x86.h"

static void xor_avx2(u32 state[16], u8 *dst, const u8 *src,
		     unsigned int nblocks, u8 *ks)
{
	unsigned int total = nblocks + !!ks, done, n, nd;

	/*
	 * Eight blocks a pass; a tail of five to seven also takes the
	 * eight-way path, which costs less than four row-wise blocks and
	 * one more set.
	 */
	done = vgc_simd_passes(y_nway, 8, 4, state, &dst, &src, nblocks, ks);

	n = total - done;
	nd = vgc_simd_dst_blocks(nblocks, done, n);
	ks = nd < n ? ks : NULL;
	if (n > 2)
		/* two row-wise sets of two blocks, interleaved */
		y_horiz(state, done, dst, src, nd, true, ks);
	else if (n == 2)
		/* one block per 128-bit lane, row-wise */
		y_horiz(state, done, dst, src, nd, false, ks);
	else if (n == 1)
		/* as cheap as it gets: the latency of one chain */
		x_horiz(state, done, dst, src, nd, false, ks);
	state[12] += total;
}

void vgc_chacha20_xor_avx2(u32 state[16], u8 *dst, const u8 *src,
			   unsigned int nblocks)
{
	xor_avx2(state, dst, src, nblocks, NULL);
}

void vgc_chacha20_xor_ks_avx2(u32 state[16], u8 *dst, const u8 *src,
			      unsigned int nblocks, u8 ks[64])
{
	xor_avx2(state, dst, src, nblocks, ks);
}
