// SPDX-License-Identifier: GPL-2.0-only
/*
 * Poly1305 for arm64 with NEON: two lanes of 64 bits, h in radix 2^26
 * (five limbs a lane), four blocks a step.
 *
 * The message's blocks alternate between the lanes: a, c, ... to lane A,
 * b, d, ... to lane B. Between steps the lanes hold A' and B', each with
 * its latest blocks added but not yet multiplied, and a step of four
 * blocks a, b, c, d is
 *   A' = A' r^4 + a r^2 + c,   B' = B' r^4 + b r^2 + d,
 * two independent products a lane, so the multiplier is never idle on
 * one chain. The message's value is A' r^2 + B' r (the flush). The first
 * step starts from A' = B' = 0 with h added to block a.
 *
 * A product of 26-bit limbs is one UMULL/UMLAL on 32-bit halves: limb k
 * of x * y sums x_i y_j over i + j = k and 5 x_i y_j over i + j = k + 5
 * (2^130 = 5 mod p), with 5 y_j made once. Limbs stay below 2^27 between
 * steps, products below 2^56 and a limb's ten of them below 2^60. The
 * powers and their multiples by 5 are made once per message (the key
 * changes with it), in struct vgc_poly1305.
 *
 * Call only between kernel_neon_begin() and kernel_neon_end(); the
 * wrappers in backends.c decide what goes here. The powers (made once per
 * message) and the flush are scalar, in poly1305_arm64.c. No branch or
 * address depends on the key or the data.
 */
#include "chacha20_neon.h"
#include "chacha20poly1305.h"
#include "poly1305_neon.h"

#include <asm/neon-intrinsics.h>

#include "regs_wipe.h"


/*
 * The code below names every limb: the lanes (a0-a4), the new blocks
 * (l0-l4 then m0-m4 for a and b, c0-c4 for c and d), the products
 * (d0-d4). GCC 12 keeps arrays of vectors in memory here, and no vector
 * register may be stored to the stack (tests/arm64/no_vector_spills.sh).
 *
 * LIMBS: two blocks at src (lane 0, lane 1) as five 26-bit limbs, with
 * the 2^128 bit; w is scratch.
 */
#define LIMBS(src, w, l0, l1, l2, l3, l4) do {				\
	w = vld2q_u64((const uint64_t *)(src));	/* lo words, hi words */ \
	l0 = vandq_u64(w.val[0], mask);					\
	l1 = vandq_u64(vshrq_n_u64(w.val[0], 26), mask);		\
	l2 = vandq_u64(vsliq_n_u64(vshrq_n_u64(w.val[0], 52),		\
				   w.val[1], 12), mask);		\
	l3 = vandq_u64(vshrq_n_u64(w.val[1], 14), mask);		\
	l4 = vorrq_u64(vshrq_n_u64(w.val[1], 40), hibit);		\
} while (0)

/*
 * d0-d4 += x * y, x two lanes of limbs (x0-x4), y the same for both: its
 * limbs Y0-Y4 and 5 times limbs 1-4 (S1-S4), each a vector and a lane of
 * it, so that each product is one UMLAL by element.
 */
#define PAIR(v, lane)		v, lane
#define MLAL_(...)		vmlal_laneq_u32(__VA_ARGS__)
#define MLAL(d, x, f)		(d = MLAL_(d, x, PAIR f))
#define MAC5(x0, x1, x2, x3, x4, Y0, Y1, Y2, Y3, Y4, S1, S2, S3, S4) do { \
	MLAL(d0, x0, Y0); MLAL(d0, x1, S4); MLAL(d0, x2, S3);		\
	MLAL(d0, x3, S2); MLAL(d0, x4, S1);				\
	MLAL(d1, x0, Y1); MLAL(d1, x1, Y0); MLAL(d1, x2, S4);		\
	MLAL(d1, x3, S3); MLAL(d1, x4, S2);				\
	MLAL(d2, x0, Y2); MLAL(d2, x1, Y1); MLAL(d2, x2, Y0);		\
	MLAL(d2, x3, S4); MLAL(d2, x4, S3);				\
	MLAL(d3, x0, Y3); MLAL(d3, x1, Y2); MLAL(d3, x2, Y1);		\
	MLAL(d3, x3, Y0); MLAL(d3, x4, S4);				\
	MLAL(d4, x0, Y4); MLAL(d4, x1, Y3); MLAL(d4, x2, Y2);		\
	MLAL(d4, x3, Y1); MLAL(d4, x4, Y0);				\
} while (0)

/*
 * The same for the lanes, whose products end each step's chain from the
 * last: their first two terms go to e0-e4, started by UMULL, the other
 * three to d0-d4, and the two are summed, so that three dependent UMLAL
 * stand between a limb of the lanes and the carries, not five.
 */
#define MULL_(...)		vmull_laneq_u32(__VA_ARGS__)
#define MULL(e, x, f)		(e = MULL_(x, PAIR f))
#define MAC5_LANES(x0, x1, x2, x3, x4, Y0, Y1, Y2, Y3, Y4, S1, S2, S3, S4) do { \
	MULL(e0, x0, Y0); MLAL(e0, x1, S4); MLAL(d0, x2, S3);		\
	MLAL(d0, x3, S2); MLAL(d0, x4, S1);				\
	MULL(e1, x0, Y1); MLAL(e1, x1, Y0); MLAL(d1, x2, S4);		\
	MLAL(d1, x3, S3); MLAL(d1, x4, S2);				\
	MULL(e2, x0, Y2); MLAL(e2, x1, Y1); MLAL(d2, x2, Y0);		\
	MLAL(d2, x3, S4); MLAL(d2, x4, S3);				\
	MULL(e3, x0, Y3); MLAL(e3, x1, Y2); MLAL(d3, x2, Y1);		\
	MLAL(d3, x3, Y0); MLAL(d3, x4, S4);				\
	MULL(e4, x0, Y4); MLAL(e4, x1, Y3); MLAL(d4, x2, Y2);		\
	MLAL(d4, x3, Y1); MLAL(d4, x4, Y0);				\
	d0 = vaddq_u64(d0, e0); d1 = vaddq_u64(d1, e1);			\
	d2 = vaddq_u64(d2, e2); d3 = vaddq_u64(d3, e3);			\
	d4 = vaddq_u64(d4, e4);						\
} while (0)

/*
 * d0-d4 back below 2^26 (limbs 1 and 4 just above), the carry out of
 * limb 4 folded into limb 0 times 5; two chains interleaved.
 */
#define CARRY() do {							\
	t0 = vshrq_n_u64(d0, 26);					\
	t3 = vshrq_n_u64(d3, 26);					\
	d0 = vandq_u64(d0, mask);					\
	d3 = vandq_u64(d3, mask);					\
	d1 = vaddq_u64(d1, t0);						\
	d4 = vaddq_u64(d4, t3);						\
	t0 = vshrq_n_u64(d1, 26);					\
	t3 = vshrq_n_u64(d4, 26);					\
	d1 = vandq_u64(d1, mask);					\
	d4 = vandq_u64(d4, mask);					\
	d2 = vaddq_u64(d2, t0);						\
	d0 = vaddq_u64(d0, vaddq_u64(t3, vshlq_n_u64(t3, 2)));		\
	t0 = vshrq_n_u64(d2, 26);					\
	t3 = vshrq_n_u64(d0, 26);					\
	d2 = vandq_u64(d2, mask);					\
	d0 = vandq_u64(d0, mask);					\
	d3 = vaddq_u64(d3, t0);						\
	d1 = vaddq_u64(d1, t3);						\
	t3 = vshrq_n_u64(d3, 26);					\
	d3 = vandq_u64(d3, mask);					\
	d4 = vaddq_u64(d4, t3);						\
} while (0)

/*
 * One step: d = c + a r^4 + m r^2 (c: blocks c and d; m: blocks a and
 * b; a: the lanes), carried, and the lanes narrowed from it.
 */
#define STEP() do {							\
	d0 = c0; d1 = c1; d2 = c2; d3 = c3; d4 = c4;			\
	/* r^2: k2 1-3, k3 0-1; 5r^2: k3 2-3, k4 0-1 */			\
	MAC5(m0, m1, m2, m3, m4, (k2, 1), (k2, 2), (k2, 3), (k3, 0),	\
	     (k3, 1), (k3, 2), (k3, 3), (k4, 0), (k4, 1));		\
	/* r^4: k0 0-3, k1 0; 5r^4: k1 1-3, k2 0 (the lanes last: the	\
	 * new blocks' products do not wait for the last step) */	\
	MAC5_LANES(a0, a1, a2, a3, a4, (k0, 0), (k0, 1), (k0, 2),	\
		   (k0, 3), (k1, 0), (k1, 1), (k1, 2), (k1, 3), (k2, 0)); \
	CARRY();							\
	a0 = vmovn_u64(d0); a1 = vmovn_u64(d1); a2 = vmovn_u64(d2);	\
	a3 = vmovn_u64(d3); a4 = vmovn_u64(d4);				\
} while (0)

/* blocks a and b's limbs to 32 bits */
#define NARROW() do {							\
	m0 = vmovn_u64(l0); m1 = vmovn_u64(l1); m2 = vmovn_u64(l2);	\
	m3 = vmovn_u64(l3); m4 = vmovn_u64(l4);				\
} while (0)

/*
 * A limb of h (radix 2^64 to 2^26) added to lane 0 of x: duplicated and
 * masked (DUP and AND; FMOV from a general register is off Arm's list of
 * instructions with data-independent timing).
 */
#define JOIN(x, limb)	(x = vaddq_u64(x, vandq_u64(vdupq_n_u64(limb), lane0)))

static const u64 vgc_lane0_mask[2] __aligned(16) = { ~0ULL, 0 };

/*
 * Absorb @nblocks blocks (a multiple of 4, at least 4) into the lanes,
 * starting them from h if they are not live.
 */
void vgc_poly1305_neon_blocks(struct vgc_poly1305 *p, const u8 *src,
			      unsigned int nblocks)
{
	const u32 *pw = (const u32 *)p->vec_pw;
	uint64_t *acc = (uint64_t *)p->vec_acc;
	uint64x2_t mask, hibit, lane0, t0, t3;
	uint64x2_t d0, d1, d2, d3, d4, e0, e1, e2, e3, e4;
	uint64x2_t c0, c1, c2, c3, c4;
	uint64x2_t l0, l1, l2, l3, l4;
	uint32x2_t a0, a1, a2, a3, a4, m0, m1, m2, m3, m4;
	uint32x4_t k0, k1, k2, k3, k4;
	uint64x2x2_t w;

	VGC_SIMD_ENTRY();
	if (!p->vec_powers)
		vgc_poly1305_neon_powers(p);
	mask = vdupq_n_u64(VGC_LIMB26_MASK);
	hibit = vdupq_n_u64(1U << 24);
	lane0 = vld1q_u64((const uint64_t *)vgc_lane0_mask);
	k0 = vld1q_u32(pw + PW_K);
	k1 = vld1q_u32(pw + PW_K + 4);
	k2 = vld1q_u32(pw + PW_K + 8);
	k3 = vld1q_u32(pw + PW_K + 12);
	k4 = vld1q_u32(pw + PW_K + 16);

	if (p->vec_live) {
		a0 = vmovn_u64(vld1q_u64(acc));
		a1 = vmovn_u64(vld1q_u64(acc + 2));
		a2 = vmovn_u64(vld1q_u64(acc + 4));
		a3 = vmovn_u64(vld1q_u64(acc + 6));
		a4 = vmovn_u64(vld1q_u64(acc + 8));
	} else {
		/* the first step: lanes at zero, h (below 5 * 2^128) joins block a */
		u64 h0 = p->h[0], h1 = p->h[1], h2 = p->h[2];

		a0 = vdup_n_u32(0);
		a1 = a0;
		a2 = a0;
		a3 = a0;
		a4 = a0;
		LIMBS(src, w, l0, l1, l2, l3, l4);
		LIMBS(src + 2 * VGC_POLY1305_BLOCK_SIZE, w, c0, c1, c2, c3, c4);
		JOIN(l0, h0 & VGC_LIMB26_MASK);
		JOIN(l1, (h0 >> 26) & VGC_LIMB26_MASK);
		JOIN(l2, ((h0 >> 52) | (h1 << 12)) & VGC_LIMB26_MASK);
		JOIN(l3, (h1 >> 14) & VGC_LIMB26_MASK);
		JOIN(l4, (h1 >> 40) | (h2 << 24));
		NARROW();
		STEP();
		p->vec_live = 1;
		nblocks -= 4;
		src += 4 * VGC_POLY1305_BLOCK_SIZE;
	}

	for (; nblocks >= 4; nblocks -= 4, src += 4 * VGC_POLY1305_BLOCK_SIZE) {
		LIMBS(src, w, l0, l1, l2, l3, l4);
		LIMBS(src + 2 * VGC_POLY1305_BLOCK_SIZE, w, c0, c1, c2, c3, c4);
		NARROW();
		STEP();
	}

	vst1q_u64(acc, vmovl_u32(a0));
	vst1q_u64(acc + 2, vmovl_u32(a1));
	vst1q_u64(acc + 4, vmovl_u32(a2));
	vst1q_u64(acc + 6, vmovl_u32(a3));
	vst1q_u64(acc + 8, vmovl_u32(a4));
	vgc_arm64_wipe_vregs();
	vgc_arm64_wipe_gprs();
}
