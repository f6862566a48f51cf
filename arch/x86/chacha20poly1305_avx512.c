// SPDX-License-Identifier: GPL-2.0-only
/*
 * The avx512 back end's one-pass seal and open: the IFMA Poly1305 steps
 * run between the double rounds of the sixteen-block zmm ChaCha20, so
 * that the core has the multiply-adds of one to issue while the other's
 * chain waits, instead of two passes of which Poly1305's is latency-bound.
 *
 * Each sixteen-block group (1 KiB) of ChaCha20 takes eight Poly1305 steps
 * of 128 bytes, one after each of its first eight double rounds. Sealing
 * absorbs the ciphertext, which exists only once its group is written, so
 * the steps of a group run in the next group's rounds and the last
 * group's after them; opening absorbs the group it is decrypting, read
 * before its keystream is written over it (dst may equal src).
 *
 * Calls of fewer than two groups, and the blocks past the last whole
 * group (with the keystream for a partial block after them), take the
 * two separate functions.
 *
 * Built with -mavx512f -mavx512vl -mavx512ifma; callers bracket it with
 * kernel_fpu_begin()/kernel_fpu_end().
 */
#include "poly1305_ifma.h"

/* the Poly1305 work for one group's rounds */
struct vgc_nway_hook {
	struct ifma_state st;
	const u8 *src;		/* absorbed in 128-byte steps from here */
	unsigned int nsteps;	/* steps in these rounds, at most 8 */
};

static __always_inline void vgc_stitch_step(struct vgc_nway_hook *h,
					    unsigned int k)
{
	/*
	 * Hide that h is the same across the rounds, so that the multiplier
	 * is read as memory operands in each step instead of being kept in
	 * five of the registers the ChaCha20 state needs.
	 */
	asm("" : "+r" (h));
	if (k < h->nsteps)
		h->st.a = mul_add_x(h->st.a, &h->st.r8,
				    load8(h->src + 128 * k), true);
}

#define VGC_NWAY_HOOK(hook, k)	vgc_stitch_step((hook), (k))

#include "chacha20_simd.h"
#include "chacha20_x86.h"
#include "chacha20poly1305_x86.h"

#define GROUP_BLOCKS	16			/* ChaCha20 blocks */
#define GROUP_BYTES	(GROUP_BLOCKS * 64)
#define GROUP_STEPS	(GROUP_BYTES / 128)	/* Poly1305 steps */

/* sixteen blocks of keystream XOR with @h's steps among the rounds */
static noinline void z_nway_stitched(const u32 state[16], u32 done, u8 *dst,
				     const u8 *src, struct vgc_nway_hook *h)
{
	z_nway_impl(state, done, dst, src, GROUP_BLOCKS, h, NULL);
}

/* @nblocks blocks, and with @ks the next block's keystream */
static void chacha(u32 state[16], u8 *dst, const u8 *src,
		   unsigned int nblocks, u8 *ks)
{
	if (ks)
		vgc_chacha20_xor_ks_avx512(state, dst, src, nblocks, ks);
	else
		vgc_chacha20_xor_avx512(state, dst, src, nblocks);
}

void vgc_cp_seal_blocks_avx512(u32 state[16], struct vgc_poly1305 *p,
			       u8 *dst, const u8 *src, unsigned int nblocks,
			       u8 *ks)
{
	unsigned int ngroups = nblocks / GROUP_BLOCKS, g, rest;
	struct vgc_nway_hook h;

	if (ngroups < 2) {
		chacha(state, dst, src, nblocks, ks);
		vgc_poly1305_blocks_avx512ifma(p, dst, nblocks * 4);
		return;
	}

	/* group 0 alone; its first step is setup()'s, with h added */
	z_nway(state, 0, dst, src, GROUP_BLOCKS, NULL);
	setup(&h.st, p, dst);
	h.src = dst + 128;
	h.nsteps = GROUP_STEPS - 1;
	for (g = 1; g < ngroups; g++) {
		z_nway_stitched(state, g * GROUP_BLOCKS, dst + g * GROUP_BYTES,
				src + g * GROUP_BYTES, &h);
		h.src = dst + g * GROUP_BYTES;
		h.nsteps = GROUP_STEPS;
	}
	steps(&h.st, h.src, h.nsteps);
	last_step(p, &h.st);
	state[12] += ngroups * GROUP_BLOCKS;

	rest = nblocks - ngroups * GROUP_BLOCKS;
	dst += ngroups * GROUP_BYTES;
	src += ngroups * GROUP_BYTES;
	chacha(state, dst, src, rest, ks);
	vgc_poly1305_blocks_avx512ifma(p, dst, rest * 4);
}

void vgc_cp_open_blocks_avx512(u32 state[16], struct vgc_poly1305 *p,
			       u8 *dst, const u8 *src, unsigned int nblocks,
			       u8 *ks)
{
	unsigned int ngroups = nblocks / GROUP_BLOCKS, g, rest;
	struct vgc_nway_hook h;

	if (ngroups < 2) {
		vgc_poly1305_blocks_avx512ifma(p, src, nblocks * 4);
		chacha(state, dst, src, nblocks, ks);
		return;
	}

	setup(&h.st, p, src);
	h.src = src + 128;
	h.nsteps = GROUP_STEPS - 1;
	for (g = 0; g < ngroups; g++) {
		z_nway_stitched(state, g * GROUP_BLOCKS, dst + g * GROUP_BYTES,
				src + g * GROUP_BYTES, &h);
		h.src = src + (g + 1) * GROUP_BYTES;
		h.nsteps = GROUP_STEPS;
	}
	last_step(p, &h.st);
	state[12] += ngroups * GROUP_BLOCKS;

	rest = nblocks - ngroups * GROUP_BLOCKS;
	dst += ngroups * GROUP_BYTES;
	src += ngroups * GROUP_BYTES;
	vgc_poly1305_blocks_avx512ifma(p, src, rest * 4);
	chacha(state, dst, src, rest, ks);
}
