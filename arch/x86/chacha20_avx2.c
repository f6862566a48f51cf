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

void vgc_chacha20_xor_avx2(u32 state[16], u8 *dst, const u8 *src,
			   unsigned int nblocks)
{
	unsigned int done = 0, nb;

	/*
	 * Eight blocks a pass; a tail of five to seven also takes the
	 * eight-way path, which costs less than four row-wise blocks and
	 * one more set.
	 */
	while (nblocks - done > 4) {
		nb = min_t(unsigned int, nblocks - done, 8);
		y_nway(state, done, dst, src, nb);
		dst += 64 * nb;
		src += 64 * nb;
		done += nb;
	}

	nb = nblocks - done;
	if (nb > 2)
		/* two row-wise sets of two blocks, interleaved */
		y_horiz(state, done, dst, src, nb, true);
	else if (nb == 2)
		/* one block per 128-bit lane, row-wise */
		y_horiz(state, done, dst, src, 2, false);
	else if (nb == 1)
		/* as cheap as it gets: the latency of one chain */
		x_horiz(state, done, dst, src, 1, false);
	state[12] += nblocks;
}
