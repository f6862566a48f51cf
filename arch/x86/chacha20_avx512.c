// SPDX-License-Identifier: GPL-2.0-only
/*
 * ChaCha20 keystream XOR with AVX-512: sixteen blocks at a time in zmm
 * registers, with row-wise paths for the tail. Built with -mavx512f
 * -mavx512vl, so the ymm and xmm paths also get vprold and 32 registers
 * (see chacha20_simd.h for the layouts). Callers bracket it with
 * kernel_fpu_begin()/kernel_fpu_end().
 *
 * Why these paths: the row-wise (horizontal) code is bound by the
 * latency of one chain of 20 rounds whatever its width, so one zmm set
 * makes four blocks for about the price of one, and two interleaved sets
 * eight; the sixteen-way code is bound by throughput and pays for all
 * sixteen blocks, so it only runs when more than eight are left.
 */
#include "chacha20_simd.h"
#include "chacha20_x86.h"
#include "zmm_x86.h"

#if !defined(__AVX512F__) || !defined(__AVX512VL__)
#error "chacha20_avx512.c needs -mavx512f -mavx512vl"
#endif

void vgc_chacha20_xor_avx512(u32 state[16], u8 *dst, const u8 *src,
			     unsigned int nblocks)
{
	unsigned int done = 0, nb;

	while (nblocks - done > 8) {
		nb = min_t(unsigned int, nblocks - done, 16);
		z_nway(state, done, dst, src, nb);
		dst += 64 * nb;
		src += 64 * nb;
		done += nb;
	}

	nb = nblocks - done;
	if (nb > 4)
		/* two zmm sets of four blocks, interleaved */
		z_horiz(state, done, dst, src, nb, true);
	else if (nb > 2)
		z_horiz(state, done, dst, src, nb, false);
	else if (nb == 2)
		y_horiz(state, done, dst, src, 2, false);
	else if (nb == 1)
		x_horiz(state, done, dst, src, 1, false);
	state[12] += nblocks;
	vgc_zmm_hi16_zero();
}
