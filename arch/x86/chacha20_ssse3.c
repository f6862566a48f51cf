// SPDX-License-Identifier: GPL-2.0-only
/*
 * ChaCha20 keystream XOR with SSSE3: four blocks at a time in xmm
 * registers. Built with -mssse3 (see chacha20_simd.h for the layouts).
 * Callers bracket it with kernel_fpu_begin()/kernel_fpu_end().
 */
#include "chacha20_simd.h"
#include "chacha20_x86.h"

static void xor_ssse3(u32 state[16], u8 *dst, const u8 *src,
		      unsigned int nblocks, u8 *ks)
{
	unsigned int total = nblocks + !!ks, done, nd;

	done = vgc_simd_passes(x_nway, 4, 3, state, &dst, &src, nblocks, ks);
	nd = vgc_simd_dst_blocks(nblocks, done, total - done);
	ks = nd < total - done ? ks : NULL;
	switch (total - done) {
	case 3:
		/* four blocks of rounds, three used: cheaper than 2 + 1 */
		x_nway(state, done, dst, src, nd, ks);
		break;
	case 2:
		/* two row-wise blocks interleaved cost about as much as one */
		x_horiz(state, done, dst, src, nd, true, ks);
		break;
	case 1:
		/* the latency of one chain, but a quarter of the work */
		x_horiz(state, done, dst, src, nd, false, ks);
		break;
	}
	state[12] += total;
}

void vgc_chacha20_xor_ssse3(u32 state[16], u8 *dst, const u8 *src,
			    unsigned int nblocks)
{
	xor_ssse3(state, dst, src, nblocks, NULL);
}

void vgc_chacha20_xor_ks_ssse3(u32 state[16], u8 *dst, const u8 *src,
			       unsigned int nblocks, u8 ks[64])
{
	xor_ssse3(state, dst, src, nblocks, ks);
}
