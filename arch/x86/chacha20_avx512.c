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

static void xor_avx512(u32 state[16], u8 *dst, const u8 *src,
		       unsigned int nblocks, u8 *ks)
{
	unsigned int total = nblocks + !!ks, done, n, nd;

	done = vgc_simd_passes(z_nway, 16, 8, state, &dst, &src, nblocks, ks);

	n = total - done;
	nd = vgc_simd_dst_blocks(nblocks, done, n);
	ks = nd < n ? ks : NULL;
	if (n > 4)
		/* two zmm sets of four blocks, interleaved */
		z_horiz(state, done, dst, src, nd, true, ks);
	else if (n > 2)
		z_horiz(state, done, dst, src, nd, false, ks);
	else if (n == 2)
		y_horiz(state, done, dst, src, nd, false, ks);
	else if (n == 1)
		x_horiz(state, done, dst, src, nd, false, ks);
	state[12] += total;
	vgc_zmm_hi16_zero();
}

void vgc_chacha20_xor_avx512(u32 state[16], u8 *dst, const u8 *src,
			     unsigned int nblocks)
{
	xor_avx512(state, dst, src, nblocks, NULL);
}

void vgc_chacha20_xor_ks_avx512(u32 state[16], u8 *dst, const u8 *src,
				unsigned int nblocks, u8 ks[64])
{
	xor_avx512(state, dst, src, nblocks, ks);
}
