// SPDX-License-Identifier: GPL-2.0-only
/*
 * ChaCha20 keystream XOR with SSSE3: four blocks at a time in xmm
 * registers. Built with -mssse3 (see chacha20_simd.h for the layouts).
 * Callers bracket it with kernel_fpu_begin()/kernel_fpu_end().
 */
#include "chacha20_simd.h"
#include "chacha20_x86.h"

void vgc_chacha20_xor_ssse3(u32 state[16], u8 *dst, const u8 *src,
			    unsigned int nblocks)
{
	unsigned int done = 0;

	for (; nblocks - done >= 4; done += 4) {
		x_nway(state, done, dst, src, 4);
		dst += 4 * 64;
		src += 4 * 64;
	}

	switch (nblocks - done) {
	case 3:
		/* four blocks of rounds, three written: cheaper than 2 + 1 */
		x_nway(state, done, dst, src, 3);
		break;
	case 2:
		/* two row-wise blocks interleaved cost about as much as one */
		x_horiz(state, done, dst, src, 2, true);
		break;
	case 1:
		/* the latency of one chain, but a quarter of the work */
		x_horiz(state, done, dst, src, 1, false);
		break;
	}
	state[12] += nblocks;
}
