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
 * Arrays of vectors here are indexed by constants only, so that they
 * live in registers: no vector register may be stored to the stack
 * (tests/arm64/no_vector_spills.sh), and the code stays within v0-v7 and
 * v16-v31, which the wipe covers.
 *
 * Two blocks at src (lane 0, lane 1) as five 26-bit limbs, with the 2^128
 * bit.
 */
static __always_inline void load_limbs(const u8 *src, uint64x2_t mask,
				       uint64x2_t hibit, uint64x2_t l[5])
{
	uint64x2x2_t w = vld2q_u64((const uint64_t *)src);	/* lo, hi words */

	l[0] = vandq_u64(w.val[0], mask);
	l[1] = vandq_u64(vshrq_n_u64(w.val[0], 26), mask);
	l[2] = vandq_u64(vsliq_n_u64(vshrq_n_u64(w.val[0], 52), w.val[1], 12),
			 mask);
	l[3] = vandq_u64(vshrq_n_u64(w.val[1], 14), mask);
	l[4] = vorrq_u64(vshrq_n_u64(w.val[1], 40), hibit);
}

/*
 * d back below 2^26 a limb (limbs 1 and 4 just above), the carry out of
 * limb 4 folded into limb 0 times 5; two chains interleaved.
 */
static __always_inline void carry(uint64x2_t d[5], uint64x2_t mask)
{
	uint64x2_t t0, t3;

	t0 = vshrq_n_u64(d[0], 26);
	t3 = vshrq_n_u64(d[3], 26);
	d[0] = vandq_u64(d[0], mask);
	d[3] = vandq_u64(d[3], mask);
	d[1] = vaddq_u64(d[1], t0);
	d[4] = vaddq_u64(d[4], t3);
	t0 = vshrq_n_u64(d[1], 26);
	t3 = vshrq_n_u64(d[4], 26);
	d[1] = vandq_u64(d[1], mask);
	d[4] = vandq_u64(d[4], mask);
	d[2] = vaddq_u64(d[2], t0);
	d[0] = vaddq_u64(d[0], vaddq_u64(t3, vshlq_n_u64(t3, 2)));
	t0 = vshrq_n_u64(d[2], 26);
	t3 = vshrq_n_u64(d[0], 26);
	d[2] = vandq_u64(d[2], mask);
	d[0] = vandq_u64(d[0], mask);
	d[3] = vaddq_u64(d[3], t0);
	d[1] = vaddq_u64(d[1], t3);
	t3 = vshrq_n_u64(d[3], 26);
	d[3] = vandq_u64(d[3], mask);
	d[4] = vaddq_u64(d[4], t3);
}

/*
 * One step: a = c + a r^4 + m r^2, carried and narrowed (a: the lanes; m:
 * blocks a and b, 32-bit limbs; c: blocks c and d). Limb k of x y sums
 * x_i y_j over i + j = k and x_i 5y_j over i + j = k + 5; each factor is
 * one UMLAL by element of the packed powers (poly1305_neon.h):
 *   r^2: k2.1 k2.2 k2.3 k3.0 k3.1   5r^2 limbs 1-4: k3.2 k3.3 k4.0 k4.1
 *   r^4: k0.0 k0.1 k0.2 k0.3 k1.0   5r^4 limbs 1-4: k1.1 k1.2 k1.3 k2.0
 * The lanes' products come last, so that the new blocks' do not wait for
 * the last step; their first two terms go to e (UMULL, UMLAL) and the
 * other three to d, so that three dependent UMLAL, not five, stand
 * between a limb of the lanes and the carries.
 */
static __always_inline void poly_step(uint32x2_t a[5], const uint32x2_t m[5],
				      const uint64x2_t c[5], uint32x4_t k0,
				      uint32x4_t k1, uint32x4_t k2,
				      uint32x4_t k3, uint32x4_t k4,
				      uint64x2_t mask)
{
	uint64x2_t d[5], e[5];

	d[0] = vmlal_laneq_u32(c[0], m[0], k2, 1);
	d[0] = vmlal_laneq_u32(d[0], m[1], k4, 1);
	d[0] = vmlal_laneq_u32(d[0], m[2], k4, 0);
	d[0] = vmlal_laneq_u32(d[0], m[3], k3, 3);
	d[0] = vmlal_laneq_u32(d[0], m[4], k3, 2);
	d[1] = vmlal_laneq_u32(c[1], m[0], k2, 2);
	d[1] = vmlal_laneq_u32(d[1], m[1], k2, 1);
	d[1] = vmlal_laneq_u32(d[1], m[2], k4, 1);
	d[1] = vmlal_laneq_u32(d[1], m[3], k4, 0);
	d[1] = vmlal_laneq_u32(d[1], m[4], k3, 3);
	d[2] = vmlal_laneq_u32(c[2], m[0], k2, 3);
	d[2] = vmlal_laneq_u32(d[2], m[1], k2, 2);
	d[2] = vmlal_laneq_u32(d[2], m[2], k2, 1);
	d[2] = vmlal_laneq_u32(d[2], m[3], k4, 1);
	d[2] = vmlal_laneq_u32(d[2], m[4], k4, 0);
	d[3] = vmlal_laneq_u32(c[3], m[0], k3, 0);
	d[3] = vmlal_laneq_u32(d[3], m[1], k2, 3);
	d[3] = vmlal_laneq_u32(d[3], m[2], k2, 2);
	d[3] = vmlal_laneq_u32(d[3], m[3], k2, 1);
	d[3] = vmlal_laneq_u32(d[3], m[4], k4, 1);
	d[4] = vmlal_laneq_u32(c[4], m[0], k3, 1);
	d[4] = vmlal_laneq_u32(d[4], m[1], k3, 0);
	d[4] = vmlal_laneq_u32(d[4], m[2], k2, 3);
	d[4] = vmlal_laneq_u32(d[4], m[3], k2, 2);
	d[4] = vmlal_laneq_u32(d[4], m[4], k2, 1);

	e[0] = vmull_laneq_u32(a[0], k0, 0);
	e[0] = vmlal_laneq_u32(e[0], a[1], k2, 0);
	d[0] = vmlal_laneq_u32(d[0], a[2], k1, 3);
	d[0] = vmlal_laneq_u32(d[0], a[3], k1, 2);
	d[0] = vmlal_laneq_u32(d[0], a[4], k1, 1);
	e[1] = vmull_laneq_u32(a[0], k0, 1);
	e[1] = vmlal_laneq_u32(e[1], a[1], k0, 0);
	d[1] = vmlal_laneq_u32(d[1], a[2], k2, 0);
	d[1] = vmlal_laneq_u32(d[1], a[3], k1, 3);
	d[1] = vmlal_laneq_u32(d[1], a[4], k1, 2);
	e[2] = vmull_laneq_u32(a[0], k0, 2);
	e[2] = vmlal_laneq_u32(e[2], a[1], k0, 1);
	d[2] = vmlal_laneq_u32(d[2], a[2], k0, 0);
	d[2] = vmlal_laneq_u32(d[2], a[3], k2, 0);
	d[2] = vmlal_laneq_u32(d[2], a[4], k1, 3);
	e[3] = vmull_laneq_u32(a[0], k0, 3);
	e[3] = vmlal_laneq_u32(e[3], a[1], k0, 2);
	d[3] = vmlal_laneq_u32(d[3], a[2], k0, 1);
	d[3] = vmlal_laneq_u32(d[3], a[3], k0, 0);
	d[3] = vmlal_laneq_u32(d[3], a[4], k2, 0);
	e[4] = vmull_laneq_u32(a[0], k1, 0);
	e[4] = vmlal_laneq_u32(e[4], a[1], k0, 3);
	d[4] = vmlal_laneq_u32(d[4], a[2], k0, 2);
	d[4] = vmlal_laneq_u32(d[4], a[3], k0, 1);
	d[4] = vmlal_laneq_u32(d[4], a[4], k0, 0);
	d[0] = vaddq_u64(d[0], e[0]);
	d[1] = vaddq_u64(d[1], e[1]);
	d[2] = vaddq_u64(d[2], e[2]);
	d[3] = vaddq_u64(d[3], e[3]);
	d[4] = vaddq_u64(d[4], e[4]);

	carry(d, mask);
	a[0] = vmovn_u64(d[0]);
	a[1] = vmovn_u64(d[1]);
	a[2] = vmovn_u64(d[2]);
	a[3] = vmovn_u64(d[3]);
	a[4] = vmovn_u64(d[4]);
}

/* blocks a and b's limbs to 32 bits */
static __always_inline void narrow(uint32x2_t m[5], const uint64x2_t l[5])
{
	m[0] = vmovn_u64(l[0]);
	m[1] = vmovn_u64(l[1]);
	m[2] = vmovn_u64(l[2]);
	m[3] = vmovn_u64(l[3]);
	m[4] = vmovn_u64(l[4]);
}

/*
 * A limb of h (radix 2^64 to 2^26) added to lane 0 of x: duplicated and
 * masked (DUP and AND; FMOV from a general register is off Arm's list of
 * instructions with data-independent timing).
 */
static __always_inline uint64x2_t join(uint64x2_t x, u64 limb, uint64x2_t lane0)
{
	return vaddq_u64(x, vandq_u64(vdupq_n_u64(limb), lane0));
}

static const u64 vgc_lane0_mask[2] __aligned(16) = { ~0ULL, 0 };

/*
 * Absorb @nblocks blocks (a multiple of 4, at least 4) into the lanes,
 * starting them from h if they are not live.
 */
void vgc_poly1305_neon_blocks(struct vgc_poly1305 *p, const u8 *src,
			      unsigned int nblocks)
{
	const u32 *pw = (const u32 *)p->vec_pw;
	u64 *acc = p->vec_acc;
	uint64x2_t mask, hibit, lane0, l[5], c[5];
	uint32x4_t k0, k1, k2, k3, k4;
	uint32x2_t a[5], m[5];

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
		a[0] = vmovn_u64(vld1q_u64((const uint64_t *)acc));
		a[1] = vmovn_u64(vld1q_u64((const uint64_t *)acc + 2));
		a[2] = vmovn_u64(vld1q_u64((const uint64_t *)acc + 4));
		a[3] = vmovn_u64(vld1q_u64((const uint64_t *)acc + 6));
		a[4] = vmovn_u64(vld1q_u64((const uint64_t *)acc + 8));
	} else {
		/* the first step: lanes at zero, h (below 5 * 2^128) joins block a */
		u64 h0 = p->h[0], h1 = p->h[1], h2 = p->h[2];

		a[0] = vdup_n_u32(0);
		a[1] = a[0];
		a[2] = a[0];
		a[3] = a[0];
		a[4] = a[0];
		load_limbs(src, mask, hibit, l);
		load_limbs(src + 2 * VGC_POLY1305_BLOCK_SIZE, mask, hibit, c);
		l[0] = join(l[0], h0 & VGC_LIMB26_MASK, lane0);
		l[1] = join(l[1], (h0 >> 26) & VGC_LIMB26_MASK, lane0);
		l[2] = join(l[2], ((h0 >> 52) | (h1 << 12)) & VGC_LIMB26_MASK, lane0);
		l[3] = join(l[3], (h1 >> 14) & VGC_LIMB26_MASK, lane0);
		l[4] = join(l[4], (h1 >> 40) | (h2 << 24), lane0);
		narrow(m, l);
		poly_step(a, m, c, k0, k1, k2, k3, k4, mask);
		p->vec_live = 1;
		nblocks -= 4;
		src += 4 * VGC_POLY1305_BLOCK_SIZE;
	}

	for (; nblocks >= 4; nblocks -= 4, src += 4 * VGC_POLY1305_BLOCK_SIZE) {
		load_limbs(src, mask, hibit, l);
		load_limbs(src + 2 * VGC_POLY1305_BLOCK_SIZE, mask, hibit, c);
		narrow(m, l);
		poly_step(a, m, c, k0, k1, k2, k3, k4, mask);
	}

	vst1q_u64((uint64_t *)acc, vmovl_u32(a[0]));
	vst1q_u64((uint64_t *)acc + 2, vmovl_u32(a[1]));
	vst1q_u64((uint64_t *)acc + 4, vmovl_u32(a[2]));
	vst1q_u64((uint64_t *)acc + 6, vmovl_u32(a[3]));
	vst1q_u64((uint64_t *)acc + 8, vmovl_u32(a[4]));
	vgc_arm64_wipe_vregs();
	vgc_arm64_wipe_gprs();
}
