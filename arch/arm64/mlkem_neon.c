// SPDX-License-Identifier: GPL-2.0-only
/*
 * ML-KEM polynomial arithmetic for arm64 with NEON intrinsics: eight
 * 16-bit coefficients a register.
 *
 * Multiplication by a constant z mod q (Barrett multiplication) is three
 * instructions: with the twist t = round(z 2^15 / q), SQRDMULH(a, t) =
 * round(a t / 2^15) estimates a z / q, and a z minus q times that
 * estimate, computed mod 2^16 (MUL, MLS), is the exact representative,
 * of absolute value below q (1/2 + |a| / 2^16) < q. Barrett reduction
 * (SQDMULH by 20159, SRSHR by 11, MLS) gives the portable code's result
 * exactly, in [-(q - 1) / 2, (q - 1) / 2].
 *
 * The NTT runs in three passes over memory, each in the layout that
 * needs no shuffles: layers 1-4 on 16 registers of coefficients 16
 * apart (zetas by lane), layers 5-6 on blocks of 32 coefficients loaded
 * with LD4 of doublewords (chunks of four coefficients, so that both
 * layers pair whole registers), layer 7 and the final reduction with LD4
 * of words (pairs of coefficients). The inverse runs the same passes
 * backwards, reducing only where a coefficient could outgrow 16 bits,
 * and folds its scaling by 2^16 / 128 into the last layer. Results are
 * in FIPS 203 order, so the back end needs no ntt_layout.
 *
 * The compress functions compute round(x 2^d / q) mod 2^d directly from
 * any s16 x: on 32-bit lanes, SQRDMULH by round(2^(31 + d) / q) is that
 * rounding exactly (its error stays below 2^-17, a boundary is at least
 * 1 / 2q away), and the reduction mod q is implied because 2^d x / q
 * changes by a multiple of 2^d when x changes by a multiple of q. The
 * d-bit fields are then merged by shift-and-insert (SLI), which also
 * drops the bits above d, into lanes holding whole bytes. Decompress
 * gathers each coefficient's bytes into a lane (TBL), shifts its field
 * to bits 15 - d .. 14 and rounds y q / 2^d with one SQRDMULH by q.
 *
 * Nothing branches on or indexes memory by secret data: coefficients
 * and key bytes only pass through arithmetic, shifts, TBL/TBX (register
 * tables) and loads and stores at public addresses. Rejection sampling
 * (public input) reads its index table at the acceptance mask. The
 * compiler keeps every vector in registers (scripts/check/harness-arm64.sh
 * checks the object for stack stores of vector registers), so no secret
 * is left in a spilled stack slot. Built without -mgeneral-regs-only
 * (arch/arm64/objs.mk); call only inside the back end's NEON section.
 */
#include "mlkem_neon.h"

#include <asm/neon-intrinsics.h>

#include "mlkem_neon_tables.h"

#define Q	VGC_MLKEM_Q
#define N	VGC_MLKEM_N

/*
 * The passes reload what the previous one stored through pointers of
 * another element type (LD4 of 64-bit or 32-bit elements): a compiler
 * barrier keeps those accesses in order whatever the aliasing rules.
 */
static __always_inline void mem_barrier(void)
{
	__asm__ __volatile__("" : : : "memory");
}

/*
 * A vector loaded from a table, hidden from the optimiser: otherwise it
 * folds the constants and multiplies by a register per zeta instead of
 * by lane, and runs out of registers.
 */
static __always_inline int16x8_t ld_hidden(const s16 *p)
{
	int16x8_t v = vld1q_s16(p);

	__asm__("" : "+w" (v));
	return v;
}

/* a * z mod q, |result| < q, for z with twist t (see above) */
static __always_inline int16x8_t bmul(int16x8_t a, int16x8_t z, int16x8_t t,
				      int16x8_t q)
{
	return vmlsq_s16(vmulq_s16(a, z), vqrdmulhq_s16(a, t), q);
}

/*
 * The same with z and t in lane l of zv and tv: MUL and SQRDMULH by
 * element, written out because GCC otherwise turns them into a DUP of
 * each lane (hoisted out of the loop) and a multiplication by vector,
 * which needs 15 more registers than there are. Element operands of
 * 16-bit by-element instructions must be in v0-v15 ("x"); l is a
 * constant once inlined.
 */
static __always_inline int16x8_t bmul_lane(int16x8_t a, int16x8_t zv,
					   int16x8_t tv, const int l,
					   int16x8_t q)
{
	int16x8_t lo, hi;

	__asm__("mul %0.8h, %1.8h, %2.h[%c3]"
		: "=w" (lo) : "w" (a), "x" (zv), "i" (l));
	__asm__("sqrdmulh %0.8h, %1.8h, %2.h[%c3]"
		: "=w" (hi) : "w" (a), "x" (tv), "i" (l));
	return vmlsq_s16(lo, hi, q);
}

/* a mod q in [-(q - 1) / 2, (q - 1) / 2], as vgc_mlkem_barrett_reduce() */
static __always_inline int16x8_t barrett(int16x8_t a, int16x8_t q)
{
	int16x8_t t = vrshrq_n_s16(vqdmulhq_n_s16(a, 20159), 11);

	return vmlsq_s16(a, t, q);
}

/* a mod q in [0, q) */
static __always_inline int16x8_t freeze(int16x8_t a, int16x8_t q)
{
	int16x8_t r = barrett(a, q);

	/* minus q times -1 where negative */
	return vmlsq_s16(r, vshrq_n_s16(r, 15), q);
}

/* ---- NTT ---- */

/* sixteen constants and their twists, by lane, and q */
struct lanes16 {
	int16x8_t z[2];
	int16x8_t t[2];
	int16x8_t q;
};

static __always_inline void lanes16_load(struct lanes16 *c, const s16 *z,
					 const s16 *t)
{
	c->z[0] = ld_hidden(z);
	c->z[1] = ld_hidden(z + 8);
	c->t[0] = ld_hidden(t);
	c->t[1] = ld_hidden(t + 8);
	c->q = vdupq_n_s16(Q);
}

/* a times the constant in lane k (0..15) */
static __always_inline int16x8_t bmul_k(int16x8_t a, const struct lanes16 *c,
					const int k)
{
	if (k < 8)
		return bmul_lane(a, c->z[0], c->t[0], k, c->q);
	return bmul_lane(a, c->z[1], c->t[1], k - 8, c->q);
}

/* Cooley-Tukey: (a, b) = (a + z b, a - z b), z = zeta_(k + 1) in lane k */
static __always_inline void ct_lane(int16x8_t *a, int16x8_t *b,
				    const struct lanes16 *c, const int k)
{
	int16x8_t t = bmul_k(*b, c, k);

	*b = vsubq_s16(*a, t);
	*a = vaddq_s16(*a, t);
}

/* the same with a vector of zetas and twists at z[0], z[8] */
static __always_inline void ct_vec(int16x8_t *a, int16x8_t *b, const s16 *z,
				   int16x8_t q)
{
	int16x8_t t = bmul(*b, vld1q_s16(z), vld1q_s16(z + 8), q);

	*b = vsubq_s16(*a, t);
	*a = vaddq_s16(*a, t);
}

/*
 * Layers 1-4 (len 128 .. 16) on the 16 vectors 8 (j + 2 m) of set j:
 * vector m pairs with m + 8, + 4, + 2, + 1; zeta_1 .. zeta_15 by lane.
 */
static __always_inline void ntt_layers1to4(s16 *p)
{
	struct lanes16 c;
	int16x8_t x[16];
	unsigned int j, m;

	lanes16_load(&c, mlkem_zl, mlkem_zlt);
	for (j = 0; j < 2; j++) {
#pragma GCC unroll 16
		for (m = 0; m < 16; m++)
			x[m] = vld1q_s16(p + 8 * (j + 2 * m));
#pragma GCC unroll 8
		for (m = 0; m < 8; m++)
			ct_lane(&x[m], &x[m + 8], &c, 0);
#pragma GCC unroll 4
		for (m = 0; m < 4; m++) {
			ct_lane(&x[m], &x[m + 4], &c, 1);
			ct_lane(&x[m + 8], &x[m + 12], &c, 2);
		}
#pragma GCC unroll 4
		for (m = 0; m < 16; m += 4) {
			ct_lane(&x[m], &x[m + 2], &c, 3 + m / 4);
			ct_lane(&x[m + 1], &x[m + 3], &c, 3 + m / 4);
		}
#pragma GCC unroll 8
		for (m = 0; m < 16; m += 2)
			ct_lane(&x[m], &x[m + 1], &c, 7 + m / 2);
#pragma GCC unroll 16
		for (m = 0; m < 16; m++)
			vst1q_s16(p + 8 * (j + 2 * m), x[m]);
	}
}

/*
 * A block of 32 coefficients as LD4.2D gives it (register r: chunks r
 * and r + 4 of four coefficients), or LD4.4S (pairs of coefficients r,
 * r + 4, r + 8, r + 12), in four vectors. GCC holds a tuple of four
 * registers as one value written in parts, which its register allocator
 * takes to be live from the function's entry: across a call it would be
 * saved to the stack with whatever an earlier NEON function left in
 * those registers. So the tuples live only inside these loads and
 * stores, and the NTT functions make no call (all inlined).
 */
static __always_inline void ld4d(int16x8_t v[4], const s16 *p)
{
	int64x2x4_t t = vld4q_s64((const int64_t *)p);

	v[0] = vreinterpretq_s16_s64(t.val[0]);
	v[1] = vreinterpretq_s16_s64(t.val[1]);
	v[2] = vreinterpretq_s16_s64(t.val[2]);
	v[3] = vreinterpretq_s16_s64(t.val[3]);
}

static __always_inline void st4d(s16 *p, const int16x8_t v[4])
{
	int64x2x4_t t = { {
		vreinterpretq_s64_s16(v[0]), vreinterpretq_s64_s16(v[1]),
		vreinterpretq_s64_s16(v[2]), vreinterpretq_s64_s16(v[3]),
	} };

	vst4q_s64((int64_t *)p, t);
}

static __always_inline void ld4w(int16x8_t v[4], const s16 *p)
{
	int32x4x4_t t = vld4q_s32((const int32_t *)p);

	v[0] = vreinterpretq_s16_s32(t.val[0]);
	v[1] = vreinterpretq_s16_s32(t.val[1]);
	v[2] = vreinterpretq_s16_s32(t.val[2]);
	v[3] = vreinterpretq_s16_s32(t.val[3]);
}

static __always_inline void st4w(s16 *p, const int16x8_t v[4])
{
	int32x4x4_t t = { {
		vreinterpretq_s32_s16(v[0]), vreinterpretq_s32_s16(v[1]),
		vreinterpretq_s32_s16(v[2]), vreinterpretq_s32_s16(v[3]),
	} };

	vst4q_s32((int32_t *)p, t);
}

void vgc_mlkem_ntt_neon(s16 p[N])
{
	const int16x8_t qv = vdupq_n_s16(Q);
	int16x8_t v[4];
	unsigned int b;

	/* each layer adds below q: from |c| <= q, 8q < 2^15 at the end */
	ntt_layers1to4(p);
	mem_barrier();
	for (b = 0; b < 8; b++) {
		const s16 *z = mlkem_fwd56[b];

		ld4d(v, p + 32 * b);
		ct_vec(&v[0], &v[2], z, qv);
		ct_vec(&v[1], &v[3], z, qv);
		ct_vec(&v[0], &v[1], z + 16, qv);
		ct_vec(&v[2], &v[3], z + 32, qv);
		st4d(p + 32 * b, v);
	}
	mem_barrier();
	for (b = 0; b < 8; b++) {
		const s16 *z = mlkem_fwd7[b];

		ld4w(v, p + 32 * b);
		ct_vec(&v[0], &v[1], z, qv);
		ct_vec(&v[2], &v[3], z + 16, qv);
		v[0] = barrett(v[0], qv);
		v[1] = barrett(v[1], qv);
		v[2] = barrett(v[2], qv);
		v[3] = barrett(v[3], qv);
		st4w(p + 32 * b, v);
	}
}

/* Gentleman-Sande: (a, b) = (a + b, z (b - a)), z = zeta_(k + 1) in lane k */
static __always_inline void gs_lane(int16x8_t *a, int16x8_t *b,
				    const struct lanes16 *c, const int k)
{
	int16x8_t d = vsubq_s16(*b, *a);

	*a = vaddq_s16(*a, *b);
	*b = bmul_k(d, c, k);
}

static __always_inline void gs_vec(int16x8_t *a, int16x8_t *b, const s16 *z,
				   int16x8_t q)
{
	int16x8_t d = vsubq_s16(*b, *a);

	*a = vaddq_s16(*a, *b);
	*b = bmul(d, vld1q_s16(z), vld1q_s16(z + 8), q);
}

/*
 * The last layer, scaled by 2^16 / 128 = 512 (the inverse's 1/128 and
 * the R that cancels basemul_row's R^-1): (a, b) = (512 (a + b),
 * 512 zeta_1 (b - a)), the constants in lanes 15 and 0 (mlkem_izl).
 */
static __always_inline void gs_last(int16x8_t *a, int16x8_t *b,
				    const struct lanes16 *c)
{
	int16x8_t d = vsubq_s16(*b, *a);
	int16x8_t s = vaddq_s16(*a, *b);

	*a = bmul_k(s, c, 15);
	*b = bmul_k(d, c, 0);
}

/*
 * Layers 4-7 of the inverse (len 16 .. 128) on set j, as
 * ntt_layers1to4() backwards. Sums double a layer: after the passes
 * before, no coefficient exceeds 2q but those of vectors 8 j' and
 * 8 j' + 1 (4q, 8q); they are reduced after layer 5 (vectors m = 0, 4,
 * 8, 12 of either set), so that every sum and difference of layers 6 and
 * 7 stays below 8q.
 */
static __always_inline void invntt_layers4to7(s16 *p)
{
	struct lanes16 c;
	int16x8_t x[16];
	unsigned int j, m;

	lanes16_load(&c, mlkem_izl, mlkem_izlt);
	for (j = 0; j < 2; j++) {
#pragma GCC unroll 16
		for (m = 0; m < 16; m++)
			x[m] = vld1q_s16(p + 8 * (j + 2 * m));
#pragma GCC unroll 8
		for (m = 0; m < 16; m += 2)
			gs_lane(&x[m], &x[m + 1], &c, 14 - m / 2);
#pragma GCC unroll 4
		for (m = 0; m < 16; m += 4) {
			gs_lane(&x[m], &x[m + 2], &c, 6 - m / 4);
			gs_lane(&x[m + 1], &x[m + 3], &c, 6 - m / 4);
			x[m] = barrett(x[m], c.q);
		}
#pragma GCC unroll 4
		for (m = 0; m < 4; m++) {
			gs_lane(&x[m], &x[m + 4], &c, 2);
			gs_lane(&x[m + 8], &x[m + 12], &c, 1);
		}
#pragma GCC unroll 8
		for (m = 0; m < 8; m++)
			gs_last(&x[m], &x[m + 8], &c);
#pragma GCC unroll 16
		for (m = 0; m < 16; m++)
			vst1q_s16(p + 8 * (j + 2 * m), x[m]);
	}
}

void vgc_mlkem_invntt_neon(s16 p[N])
{
	const int16x8_t qv = vdupq_n_s16(Q);
	int16x8_t v[4];
	unsigned int b;

	for (b = 0; b < 8; b++) {
		const s16 *z = mlkem_inv1[b];

		ld4w(v, p + 32 * b);
		gs_vec(&v[0], &v[1], z, qv);
		gs_vec(&v[2], &v[3], z + 16, qv);
		st4w(p + 32 * b, v);
	}
	mem_barrier();
	for (b = 0; b < 8; b++) {
		const s16 *z = mlkem_inv23[b];

		ld4d(v, p + 32 * b);
		gs_vec(&v[0], &v[1], z, qv);
		gs_vec(&v[2], &v[3], z + 16, qv);
		gs_vec(&v[0], &v[2], z + 32, qv);
		gs_vec(&v[1], &v[3], z + 32, qv);
		/* coefficients 0-3 of each 16 were sums three times: 8q */
		v[0] = barrett(v[0], qv);
		st4d(p + 32 * b, v);
	}
	mem_barrier();
	invntt_layers4to7(p);
}

/* ---- base multiplication and the other arithmetic ---- */

/*
 * x (eight 32-bit sums, low and high half) times 2^-16 mod q: with
 * m = x q^-1 mod 2^16, (x - m q) / 2^16 is the difference of the high
 * halves of 2x and 2mq (their low halves are equal), halved.
 */
static __always_inline int16x8_t mont_reduce(int32x4_t lo, int32x4_t hi,
					     int16x8_t q, int16x8_t qinv)
{
	int16x8_t h = vshrn_high_n_s32(vshrn_n_s32(lo, 15), hi, 15);
	int16x8_t l = vuzp1q_s16(vreinterpretq_s16_s32(lo),
				 vreinterpretq_s16_s32(hi));
	int16x8_t m = vmulq_s16(l, qinv);

	return vhsubq_s16(h, vqdmulhq_s16(m, q));
}

/*
 * Eight coefficient pairs at a time (LD2: even and odd coefficients):
 * r0 = a0 b0 + a1 (b1 gamma), r1 = a0 b1 + a1 b0, summed over the row in
 * 32 bits and reduced once. With |a| < q and |b| < 4096 each term is
 * below 2^24.7, so four rows of two stay below 2^27.7, and the result
 * below |x| / 2^16 + q / 2 < q.
 */
void vgc_mlkem_basemul_row_neon(s16 r[N], const s16 *a, const s16 *b,
				unsigned int k)
{
	const int16x8_t qv = vdupq_n_s16(Q), qinv = vdupq_n_s16(-3327);
	int32x4_t r0l, r0h, r1l, r1h;
	int16x8x2_t x, y, out;
	int16x8_t g, gt, bg;
	unsigned int i, j;

	for (i = 0; i < N; i += 16) {
		g = vld1q_s16(mlkem_gamma + i / 2);
		gt = vld1q_s16(mlkem_gamma_t + i / 2);
		x = vld2q_s16(a + i);
		y = vld2q_s16(b + i);
		bg = bmul(y.val[1], g, gt, qv);
		r0l = vmull_s16(vget_low_s16(x.val[0]), vget_low_s16(y.val[0]));
		r0h = vmull_high_s16(x.val[0], y.val[0]);
		r0l = vmlal_s16(r0l, vget_low_s16(x.val[1]), vget_low_s16(bg));
		r0h = vmlal_high_s16(r0h, x.val[1], bg);
		r1l = vmull_s16(vget_low_s16(x.val[0]), vget_low_s16(y.val[1]));
		r1h = vmull_high_s16(x.val[0], y.val[1]);
		r1l = vmlal_s16(r1l, vget_low_s16(x.val[1]), vget_low_s16(y.val[0]));
		r1h = vmlal_high_s16(r1h, x.val[1], y.val[0]);
		for (j = 1; j < k; j++) {
			x = vld2q_s16(a + j * N + i);
			y = vld2q_s16(b + j * N + i);
			bg = bmul(y.val[1], g, gt, qv);
			r0l = vmlal_s16(r0l, vget_low_s16(x.val[0]),
					vget_low_s16(y.val[0]));
			r0h = vmlal_high_s16(r0h, x.val[0], y.val[0]);
			r0l = vmlal_s16(r0l, vget_low_s16(x.val[1]),
					vget_low_s16(bg));
			r0h = vmlal_high_s16(r0h, x.val[1], bg);
			r1l = vmlal_s16(r1l, vget_low_s16(x.val[0]),
					vget_low_s16(y.val[1]));
			r1h = vmlal_high_s16(r1h, x.val[0], y.val[1]);
			r1l = vmlal_s16(r1l, vget_low_s16(x.val[1]),
					vget_low_s16(y.val[0]));
			r1h = vmlal_high_s16(r1h, x.val[1], y.val[0]);
		}
		out.val[0] = mont_reduce(r0l, r0h, qv, qinv);
		out.val[1] = mont_reduce(r1l, r1h, qv, qinv);
		vst2q_s16(r + i, out);
	}
}

/* p * 2^16 mod q: Barrett multiplication by 2^16 mod q = -1044 */
void vgc_mlkem_tomont_neon(s16 p[N])
{
	const int16x8_t qv = vdupq_n_s16(Q);
	const int16x8_t z = vdupq_n_s16(-1044), t = vdupq_n_s16(-10276);
	int16x8x4_t v;
	unsigned int i;

	for (i = 0; i < N; i += 32) {
		v = vld1q_s16_x4(p + i);
		v.val[0] = bmul(v.val[0], z, t, qv);
		v.val[1] = bmul(v.val[1], z, t, qv);
		v.val[2] = bmul(v.val[2], z, t, qv);
		v.val[3] = bmul(v.val[3], z, t, qv);
		vst1q_s16_x4(p + i, v);
	}
}

void vgc_mlkem_add_neon(s16 r[N], const s16 a[N])
{
	int16x8x4_t x, y;
	unsigned int i;

	for (i = 0; i < N; i += 32) {
		x = vld1q_s16_x4(r + i);
		y = vld1q_s16_x4(a + i);
		x.val[0] = vaddq_s16(x.val[0], y.val[0]);
		x.val[1] = vaddq_s16(x.val[1], y.val[1]);
		x.val[2] = vaddq_s16(x.val[2], y.val[2]);
		x.val[3] = vaddq_s16(x.val[3], y.val[3]);
		vst1q_s16_x4(r + i, x);
	}
}

void vgc_mlkem_rsub_neon(s16 r[N], const s16 a[N])
{
	int16x8x4_t x, y;
	unsigned int i;

	for (i = 0; i < N; i += 32) {
		x = vld1q_s16_x4(r + i);
		y = vld1q_s16_x4(a + i);
		x.val[0] = vsubq_s16(y.val[0], x.val[0]);
		x.val[1] = vsubq_s16(y.val[1], x.val[1]);
		x.val[2] = vsubq_s16(y.val[2], x.val[2]);
		x.val[3] = vsubq_s16(y.val[3], x.val[3]);
		vst1q_s16_x4(r + i, x);
	}
}

/* ---- sampling ---- */

/*
 * Eight candidates into p from index *have: the accepted lanes packed to
 * the front by TBX, which leaves the lanes after them as they were, so
 * that nothing past the new count changes.
 */
static __always_inline void rej_store(s16 *p, unsigned int *have,
				      uint16x8_t v, uint16x8_t q,
				      uint16x8_t lane_bit)
{
	unsigned int m = vaddvq_u16(vandq_u16(vcltq_u16(v, q), lane_bit));
	uint8x16_t cur = vld1q_u8((const u8 *)(p + *have));

	cur = vqtbx1q_u8(cur, vreinterpretq_u8_u16(v),
			 vld1q_u8(mlkem_rej_idx[m]));
	vst1q_u8((u8 *)(p + *have), cur);
	*have += mlkem_rej_count[m];
}

/*
 * 24 bytes (16 candidates) at a time while 16 more coefficients fit,
 * the rest as the portable code does. The input is public (XOF output
 * of rho), so branching on it and indexing by the acceptance mask is
 * allowed.
 */
unsigned int vgc_mlkem_rej_uniform_neon(s16 p[N], unsigned int have,
					const u8 *buf, unsigned int len)
{
	const uint8x16_t ea = vld1q_u8(mlkem_rej_expand);
	const uint8x16_t eb = vld1q_u8(mlkem_rej_expand + 16);
	const int16x8_t sh = vld1q_s16(mlkem_rej_shift);
	const uint16x8_t m12 = vdupq_n_u16(0x0fff), qv = vdupq_n_u16(Q);
	const uint16x8_t lane_bit = vld1q_u16(mlkem_lane_bit);
	uint16x8_t v0, v1;
	unsigned int i = 0;

	for (; i + 24 <= len && have + 16 <= N; i += 24) {
		v0 = vreinterpretq_u16_u8(vqtbl1q_u8(vld1q_u8(buf + i), ea));
		v1 = vreinterpretq_u16_u8(vqtbl1q_u8(vld1q_u8(buf + i + 8),
						     eb));
		v0 = vandq_u16(vshlq_u16(v0, sh), m12);
		v1 = vandq_u16(vshlq_u16(v1, sh), m12);
		rej_store(p, &have, v0, qv, lane_bit);
		rej_store(p, &have, v1, qv, lane_bit);
	}
	return vgc_mlkem_rej_uniform(p, have, buf + i, len - i);
}

/*
 * eta = 2: each nibble is one coefficient, (b0 + b1) - (b2 + b3): a
 * 16-entry table (TBL) on the low and the high nibbles, widened, and
 * stored interleaved (ST2). eta = 3: each 6-bit field is one, from a
 * 64-entry table.
 */
static void cbd2(s16 *p, const u8 *buf)
{
	const int8x16_t t = vld1q_s8(mlkem_cbd2);
	const uint8x16_t m4 = vdupq_n_u8(0x0f);
	int8x16_t lo, hi;
	int16x8x2_t a, b;
	uint8x16_t x;
	unsigned int i;

	for (i = 0; i < 128; i += 16) {
		x = vld1q_u8(buf + i);
		lo = vqtbl1q_s8(t, vandq_u8(x, m4));
		hi = vqtbl1q_s8(t, vshrq_n_u8(x, 4));
		a.val[0] = vmovl_s8(vget_low_s8(lo));
		a.val[1] = vmovl_s8(vget_low_s8(hi));
		b.val[0] = vmovl_high_s8(lo);
		b.val[1] = vmovl_high_s8(hi);
		vst2q_s16(p + 2 * i, a);
		vst2q_s16(p + 2 * i + 16, b);
	}
}

/* eight 6-bit fields of a 48-byte window, each in a 16-bit lane's low bits */
static __always_inline uint16x8_t cbd3_gather(uint8x16x3_t in, const u8 *idx,
					      int16x8_t sh)
{
	uint8x16_t x = vqtbl3q_u8(in, vld1q_u8(idx));

	return vshlq_u16(vreinterpretq_u16_u8(x), sh);
}

/* sixteen coefficients from two registers of fields, widened, stored */
static __always_inline void cbd3_put(s16 *p, int8x16x4_t t, uint16x8_t a,
				     uint16x8_t b, uint8x16_t m6)
{
	uint8x16_t f = vuzp1q_u8(vreinterpretq_u8_u16(a),
				 vreinterpretq_u8_u16(b));
	int8x16_t c = vqtbl4q_s8(t, vandq_u8(f, m6));
	int16x8x2_t o = { { vmovl_s8(vget_low_s8(c)), vmovl_high_s8(c) } };

	vst1q_s16_x2(p, o);
}

static void cbd3(s16 *p, const u8 *buf)
{
	const int8x16x4_t t = vld1q_s8_x4(mlkem_cbd3);
	const int16x8_t sh = vld1q_s16(mlkem_cbd3_shift);
	const uint8x16_t m6 = vdupq_n_u8(0x3f);
	const u8 *end = buf + 192;
	uint8x16x3_t in;
	unsigned int u;

	for (; buf < end; buf += 48, p += 64) {
		in = vld1q_u8_x3(buf);
#pragma GCC unroll 4
		for (u = 0; u < 4; u++)
			cbd3_put(p + 16 * u, t,
				 cbd3_gather(in, mlkem_cbd3_idx[2 * u], sh),
				 cbd3_gather(in, mlkem_cbd3_idx[2 * u + 1], sh),
				 m6);
	}
}

void vgc_mlkem_cbd_neon(s16 p[N], const u8 *buf, unsigned int eta)
{
	if (eta == 2)
		cbd2(p, buf);
	else
		cbd3(p, buf);
}

/* ---- compress and ByteEncode ---- */

/* round(x 2^d / q) of the low and high four lanes, 32 bits (see above) */
static __always_inline int32x4_t cmp_lo(int16x8_t x, int32_t m)
{
	return vqrdmulhq_n_s32(vmovl_s16(vget_low_s16(x)), m);
}

static __always_inline int32x4_t cmp_hi(int16x8_t x, int32_t m)
{
	return vqrdmulhq_n_s32(vmovl_high_s16(x), m);
}

static __always_inline uint32x4_t u32v(int32x4_t x)
{
	return vreinterpretq_u32_s32(x);
}

/* the d = 1 bit of 32 coefficients as lane masks, narrowed to bytes */
static __always_inline void bits32(uint8x16_t *b0, uint8x16_t *b1,
				   const s16 *p, int16x8_t q, int16x8_t lim,
				   uint8x16_t wt)
{
	int16x8x4_t v = vld1q_s16_x4(p);
	uint16x8_t m0 = vcgtq_s16(vabsq_s16(barrett(v.val[0], q)), lim);
	uint16x8_t m1 = vcgtq_s16(vabsq_s16(barrett(v.val[1], q)), lim);
	uint16x8_t m2 = vcgtq_s16(vabsq_s16(barrett(v.val[2], q)), lim);
	uint16x8_t m3 = vcgtq_s16(vabsq_s16(barrett(v.val[3], q)), lim);

	*b0 = vandq_u8(vuzp1q_u8(vreinterpretq_u8_u16(m0),
				 vreinterpretq_u8_u16(m1)), wt);
	*b1 = vandq_u8(vuzp1q_u8(vreinterpretq_u8_u16(m2),
				 vreinterpretq_u8_u16(m3)), wt);
}

/*
 * d = 1: round(2x / q) is odd exactly when x mod q, centred, has
 * absolute value above q / 4 (832.25): Barrett, ABS, CMGT give the bit
 * as a lane mask; each lane's weight 2^(i % 8) is kept and pairwise
 * additions (ADDP) sum eight lanes into a byte.
 */
static void compress1(u8 *out, const s16 *p)
{
	const int16x8_t qv = vdupq_n_s16(Q), lim = vdupq_n_s16(832);
	const uint8x16_t wt = vld1q_u8(mlkem_byte_bit);
	uint8x16_t b0, b1, b2, b3, b4, b5, b6, b7;
	unsigned int i;

	for (i = 0; i < 2; i++, p += 128, out += 16) {
		bits32(&b0, &b1, p, qv, lim, wt);
		bits32(&b2, &b3, p + 32, qv, lim, wt);
		bits32(&b4, &b5, p + 64, qv, lim, wt);
		bits32(&b6, &b7, p + 96, qv, lim, wt);
		b0 = vpaddq_u8(vpaddq_u8(b0, b1), vpaddq_u8(b2, b3));
		b4 = vpaddq_u8(vpaddq_u8(b4, b5), vpaddq_u8(b6, b7));
		vst1q_u8(out, vpaddq_u8(b0, b4));
	}
}

/*
 * d = 4 and 5: LD4 puts coefficients 4l + r in lane l of register r, so
 * one word lane gathers four consecutive fields (3 SLI): 16 bits for
 * d = 4, narrowed straight to the output; 20 bits for d = 5, two word
 * lanes then joined in a doubleword (40 bits, 8 coefficients, 5 bytes).
 */
static __always_inline void join4(uint32x4_t *lo, uint32x4_t *hi,
				  int16x8x4_t v, int32_t m, const int d)
{
	*lo = vsliq_n_u32(u32v(cmp_lo(v.val[0], m)), u32v(cmp_lo(v.val[1], m)), d);
	*lo = vsliq_n_u32(*lo, u32v(cmp_lo(v.val[2], m)), 2 * d);
	*lo = vsliq_n_u32(*lo, u32v(cmp_lo(v.val[3], m)), 3 * d);
	*hi = vsliq_n_u32(u32v(cmp_hi(v.val[0], m)), u32v(cmp_hi(v.val[1], m)), d);
	*hi = vsliq_n_u32(*hi, u32v(cmp_hi(v.val[2], m)), 2 * d);
	*hi = vsliq_n_u32(*hi, u32v(cmp_hi(v.val[3], m)), 3 * d);
}

static void compress4(u8 *out, const s16 *p)
{
	const s16 *end = p + N;
	uint32x4_t lo, hi;
	uint16x8_t w;

	for (; p < end; p += 32, out += 16) {
		join4(&lo, &hi, vld4q_s16(p), 10321339, 4);
		/* the low halves of the word lanes */
		w = vuzp1q_u16(vreinterpretq_u16_u32(lo),
			       vreinterpretq_u16_u32(hi));
		vst1q_u16((uint16_t *)out, w);
	}
}

/* two word lanes (20 bits each) into one doubleword lane, 5 bytes */
static __always_inline uint8x16_t join2x20(uint32x4_t w, uint8x16_t pack)
{
	uint64x2_t d = vreinterpretq_u64_u32(w);

	d = vsliq_n_u64(d, vshrq_n_u64(d, 32), 20);
	/* the five low bytes of each doubleword to the front */
	return vqtbl1q_u8(vreinterpretq_u8_u64(d), pack);
}

/* the first 10 bytes of v, exactly */
static __always_inline void store10(u8 *out, uint8x16_t v)
{
	vst1q_lane_u64((uint64_t *)out, vreinterpretq_u64_u8(v), 0);
	vst1q_lane_u16((uint16_t *)(out + 8), vreinterpretq_u16_u8(v), 4);
}

/*
 * Where a group of bytes is not 16 long, each store writes 16 and the
 * next one overwrites the extra bytes; the last store of the polynomial
 * writes exactly what is left. d = 5: 20 bytes from 32 coefficients.
 */
static void compress5(u8 *out, const s16 *p)
{
	const uint8x16_t pack = vld1q_u8(mlkem_pack40);
	const s16 *last = p + N - 32;
	uint32x4_t lo, hi;

	for (; p < last; p += 32, out += 20) {
		join4(&lo, &hi, vld4q_s16(p), 20642679, 5);
		vst1q_u8(out, join2x20(lo, pack));
		vst1q_u8(out + 10, join2x20(hi, pack));
	}
	join4(&lo, &hi, vld4q_s16(p), 20642679, 5);
	vst1q_u8(out, join2x20(lo, pack));
	store10(out + 10, join2x20(hi, pack));
}

/*
 * d = 10 and 11: LD2 gives even and odd coefficients; one SLI joins each
 * pair in a word lane (20 or 22 bits), one more each two pairs in a
 * doubleword lane (40 or 44 bits).
 */
static __always_inline void join_pairs(uint64x2_t *lo, uint64x2_t *hi,
				       int16x8x2_t v, int32_t m, const int d)
{
	uint64x2_t a, b;

	a = vreinterpretq_u64_u32(vsliq_n_u32(u32v(cmp_lo(v.val[0], m)),
					      u32v(cmp_lo(v.val[1], m)), d));
	b = vreinterpretq_u64_u32(vsliq_n_u32(u32v(cmp_hi(v.val[0], m)),
					      u32v(cmp_hi(v.val[1], m)), d));
	*lo = vsliq_n_u64(a, vshrq_n_u64(a, 32), 2 * d);
	*hi = vsliq_n_u64(b, vshrq_n_u64(b, 32), 2 * d);
}

/* d = 10: 40 bytes from 32 coefficients, 10 from each 8 */
static __always_inline void pack10x4(u8 *out, const s16 *p, uint8x16_t pack,
				     bool last)
{
	uint64x2_t a, b, c, d;

	join_pairs(&a, &b, vld2q_s16(p), 660565712, 10);
	join_pairs(&c, &d, vld2q_s16(p + 16), 660565712, 10);
	vst1q_u8(out, vqtbl1q_u8(vreinterpretq_u8_u64(a), pack));
	vst1q_u8(out + 10, vqtbl1q_u8(vreinterpretq_u8_u64(b), pack));
	vst1q_u8(out + 20, vqtbl1q_u8(vreinterpretq_u8_u64(c), pack));
	if (last)
		store10(out + 30, vqtbl1q_u8(vreinterpretq_u8_u64(d), pack));
	else
		vst1q_u8(out + 30, vqtbl1q_u8(vreinterpretq_u8_u64(d), pack));
}

static void compress10(u8 *out, const s16 *p)
{
	const uint8x16_t pack = vld1q_u8(mlkem_pack40);
	const s16 *last = p + N - 32;

	for (; p < last; p += 32, out += 40)
		pack10x4(out, p, pack, false);
	pack10x4(out, p, pack, true);
}

/*
 * 44-bit lanes L0, L1 into 11 bytes: L0 | L1 << 44 in the low
 * doubleword, L1 >> 20 in the high one.
 */
static __always_inline uint8x16_t join88(uint64x2_t v)
{
	uint64x2_t lo = vsliq_n_u64(v, vextq_u64(v, v, 1), 44);

	return vreinterpretq_u8_u64(vcopyq_laneq_u64(lo, 1,
						     vshrq_n_u64(v, 20), 1));
}

/* d = 11: 44 bytes from 32 coefficients, 11 from each 8 */
static __always_inline void pack11x4(u8 *out, const s16 *p, bool last)
{
	uint64x2_t a, b, c, d;
	uint8x16_t t;

	join_pairs(&a, &b, vld2q_s16(p), 1321131424, 11);
	join_pairs(&c, &d, vld2q_s16(p + 16), 1321131424, 11);
	vst1q_u8(out, join88(a));
	vst1q_u8(out + 11, join88(b));
	vst1q_u8(out + 22, join88(c));
	t = join88(d);
	if (!last) {
		vst1q_u8(out + 33, t);
		return;
	}
	vst1q_lane_u64((uint64_t *)(out + 33), vreinterpretq_u64_u8(t), 0);
	vst1q_lane_u16((uint16_t *)(out + 41), vreinterpretq_u16_u8(t), 4);
	vst1q_lane_u8(out + 43, t, 10);
}

static void compress11(u8 *out, const s16 *p)
{
	const s16 *last = p + N - 32;

	for (; p < last; p += 32, out += 44)
		pack11x4(out, p, false);
	pack11x4(out, p, true);
}

void vgc_mlkem_compress_neon(u8 *out, const s16 p[N], unsigned int d)
{
	switch (d) {
	case 1:
		compress1(out, p);
		break;
	case 4:
		compress4(out, p);
		break;
	case 5:
		compress5(out, p);
		break;
	case 10:
		compress10(out, p);
		break;
	default:
		compress11(out, p);
		break;
	}
}

/* ---- ByteDecode and decompress ---- */

/*
 * d = 1: each byte spread over a register's eight lanes (ZIP with
 * itself, DUP of a lane), CMTST with the lane's bit, AND with 1665.
 */
static __always_inline void dec1_lane(s16 *p, uint16x8_t z, const int l,
				      uint16x8_t bit, uint16x8_t h)
{
	uint16x8_t m = vtstq_u16(vdupq_laneq_u16(z, l), bit);

	vst1q_s16(p, vreinterpretq_s16_u16(vandq_u16(m, h)));
}

static __always_inline void dec1_reg(s16 *p, uint16x8_t z, uint16x8_t bit,
				     uint16x8_t h)
{
	dec1_lane(p, z, 0, bit, h);
	dec1_lane(p + 8, z, 1, bit, h);
	dec1_lane(p + 16, z, 2, bit, h);
	dec1_lane(p + 24, z, 3, bit, h);
	dec1_lane(p + 32, z, 4, bit, h);
	dec1_lane(p + 40, z, 5, bit, h);
	dec1_lane(p + 48, z, 6, bit, h);
	dec1_lane(p + 56, z, 7, bit, h);
}

static void decompress1(s16 *p, const u8 *in)
{
	const uint16x8_t bit = vld1q_u16(mlkem_lane_bit);
	const uint16x8_t h = vdupq_n_u16((Q + 1) / 2);
	uint8x16x2_t m = vld1q_u8_x2(in);

	dec1_reg(p, vreinterpretq_u16_u8(vzip1q_u8(m.val[0], m.val[0])), bit, h);
	dec1_reg(p + 64, vreinterpretq_u16_u8(vzip2q_u8(m.val[0], m.val[0])),
		 bit, h);
	dec1_reg(p + 128, vreinterpretq_u16_u8(vzip1q_u8(m.val[1], m.val[1])),
		 bit, h);
	dec1_reg(p + 192, vreinterpretq_u16_u8(vzip2q_u8(m.val[1], m.val[1])),
		 bit, h);
}

/* round(y q / 2^d) for y at bits 15 - d .. 14 of a lane */
static __always_inline int16x8_t dec_round(uint16x8_t y, int16x8_t q)
{
	return vqrdmulhq_s16(vreinterpretq_s16_u16(y), q);
}

/*
 * d = 4: lane l of a 16-byte load holds coefficients 4l .. 4l + 3, one a
 * nibble: each shifted to bits 11-14 and masked; ST4 interleaves them.
 */
static void decompress4(s16 *p, const u8 *in)
{
	const int16x8_t qv = vdupq_n_s16(Q);
	const uint16x8_t m = vdupq_n_u16(0x7800);
	const u8 *end = in + 128;
	int16x8x4_t o;
	uint16x8_t x;

	for (; in < end; in += 16, p += 32) {
		x = vreinterpretq_u16_u8(vld1q_u8(in));
		o.val[0] = dec_round(vandq_u16(vshlq_n_u16(x, 11), m), qv);
		o.val[1] = dec_round(vandq_u16(vshlq_n_u16(x, 7), m), qv);
		o.val[2] = dec_round(vandq_u16(vshlq_n_u16(x, 3), m), qv);
		o.val[3] = dec_round(vandq_u16(vshrq_n_u16(x, 1), m), qv);
		vst4q_s16(p, o);
	}
}

/* one group of eight d-bit coefficients from a loaded window */
static __always_inline int16x8_t dec_group(uint8x16_t win, uint8x16_t idx,
					   int16x8_t sh, uint16x8_t m,
					   int16x8_t q)
{
	uint16x8_t x = vreinterpretq_u16_u8(vqtbl1q_u8(win, idx));

	return dec_round(vandq_u16(vshlq_u16(x, sh), m), q);
}

static __always_inline int16x8_t dec_group3(uint8x16x3_t win, uint8x16_t idx,
					    int16x8_t sh, uint16x8_t m,
					    int16x8_t q)
{
	uint16x8_t x = vreinterpretq_u16_u8(vqtbl3q_u8(win, idx));

	return dec_round(vandq_u16(vshlq_u16(x, sh), m), q);
}

/* d = 5: 16-byte windows at 0, 15, ..., 135 (three groups), then 144 */
static void decompress5(s16 *p, const u8 *in)
{
	const int16x8_t qv = vdupq_n_s16(Q);
	const int16x8_t sh = vld1q_s16(mlkem_dec5_shift);
	const uint16x8_t m = vdupq_n_u16(0x7c00);
	const uint8x16_t i0 = vld1q_u8(mlkem_dec5_idx[0]);
	const uint8x16_t i1 = vld1q_u8(mlkem_dec5_idx[1]);
	const uint8x16_t i2 = vld1q_u8(mlkem_dec5_idx[2]);
	const u8 *last = in + 150;
	int16x8x3_t o3;
	int16x8x2_t o2;
	uint8x16_t win;

	for (; in < last; in += 15, p += 24) {
		win = vld1q_u8(in);
		o3.val[0] = dec_group(win, i0, sh, m, qv);
		o3.val[1] = dec_group(win, i1, sh, m, qv);
		o3.val[2] = dec_group(win, i2, sh, m, qv);
		vst1q_s16_x3(p, o3);
	}
	win = vld1q_u8(in - 6);
	o2.val[0] = dec_group(win, vld1q_u8(mlkem_dec5_idx[3]), sh, m, qv);
	o2.val[1] = dec_group(win, vld1q_u8(mlkem_dec5_idx[4]), sh, m, qv);
	vst1q_s16_x2(p, o2);
}

/* d = 10: 48-byte windows at 0, 40, ..., 240 (four groups), then 272 */
static __always_inline void dec10x4(s16 *p, uint8x16x3_t win,
				    uint8x16x4_t idx, int16x8_t sh,
				    uint16x8_t m, int16x8_t q)
{
	int16x8x4_t o = { {
		dec_group3(win, idx.val[0], sh, m, q),
		dec_group3(win, idx.val[1], sh, m, q),
		dec_group3(win, idx.val[2], sh, m, q),
		dec_group3(win, idx.val[3], sh, m, q),
	} };

	vst1q_s16_x4(p, o);
}

static void decompress10(s16 *p, const u8 *in)
{
	const int16x8_t qv = vdupq_n_s16(Q);
	const int16x8_t sh = vld1q_s16(mlkem_dec10_shift);
	const uint16x8_t m = vdupq_n_u16(0x7fe0);
	const uint8x16x4_t idx = vld1q_u8_x4(mlkem_dec10_idx[0]);
	const u8 *last = in + 280;

	for (; in < last; in += 40, p += 32)
		dec10x4(p, vld1q_u8_x3(in), idx, sh, m, qv);
	dec10x4(p, vld1q_u8_x3(in - 8), vld1q_u8_x4(mlkem_dec10_idx[4]), sh,
		m, qv);
}

/*
 * d = 11: a coefficient can span three bytes, so each goes to a word
 * lane (four bytes) shifted to bits 4..14; the narrowing to 16 bits
 * keeps those. 48-byte windows at 0, 44, ..., 264, then 304.
 */
static __always_inline int16x8_t dec11_group(uint8x16x3_t win,
					     uint8x16_t ilo, uint8x16_t ihi,
					     int32x4_t sh_lo, int32x4_t sh_hi,
					     uint16x8_t m, int16x8_t q)
{
	uint32x4_t lo = vreinterpretq_u32_u8(vqtbl3q_u8(win, ilo));
	uint32x4_t hi = vreinterpretq_u32_u8(vqtbl3q_u8(win, ihi));
	uint16x8_t x;

	x = vuzp1q_u16(vreinterpretq_u16_u32(vshlq_u32(lo, sh_lo)),
		       vreinterpretq_u16_u32(vshlq_u32(hi, sh_hi)));
	return dec_round(vandq_u16(x, m), q);
}

static __always_inline void dec11x4(s16 *p, uint8x16x3_t win,
				    uint8x16x4_t ia, uint8x16x4_t ib,
				    int32x4_t sl, int32x4_t sh, uint16x8_t m,
				    int16x8_t q)
{
	int16x8x4_t o = { {
		dec11_group(win, ia.val[0], ia.val[1], sl, sh, m, q),
		dec11_group(win, ia.val[2], ia.val[3], sl, sh, m, q),
		dec11_group(win, ib.val[0], ib.val[1], sl, sh, m, q),
		dec11_group(win, ib.val[2], ib.val[3], sl, sh, m, q),
	} };

	vst1q_s16_x4(p, o);
}

static void decompress11(s16 *p, const u8 *in)
{
	const int16x8_t qv = vdupq_n_s16(Q);
	const int32x4_t sl = vld1q_s32(mlkem_dec11_shift);
	const int32x4_t sh = vld1q_s32(mlkem_dec11_shift + 4);
	const uint16x8_t m = vdupq_n_u16(0x7ff0);
	const uint8x16x4_t ia = vld1q_u8_x4(mlkem_dec11_idx[0]);
	const uint8x16x4_t ib = vld1q_u8_x4(mlkem_dec11_idx[4]);
	const u8 *last = in + 308;

	for (; in < last; in += 44, p += 32)
		dec11x4(p, vld1q_u8_x3(in), ia, ib, sl, sh, m, qv);
	dec11x4(p, vld1q_u8_x3(in - 4), vld1q_u8_x4(mlkem_dec11_idx[8]),
		vld1q_u8_x4(mlkem_dec11_idx[12]), sl, sh, m, qv);
}

void vgc_mlkem_decompress_neon(s16 p[N], const u8 *in, unsigned int d)
{
	switch (d) {
	case 1:
		decompress1(p, in);
		break;
	case 4:
		decompress4(p, in);
		break;
	case 5:
		decompress5(p, in);
		break;
	case 10:
		decompress10(p, in);
		break;
	default:
		decompress11(p, in);
		break;
	}
}

/* ---- ByteEncode_12 and ByteDecode_12 ---- */

/*
 * 32 coefficients (LD2: even e, odd o, frozen to [0, q)) into 48 bytes:
 * e & 0xff, e >> 8 | o << 4, o >> 4, interleaved by ST3.
 */
void vgc_mlkem_tobytes_neon(u8 out[VGC_MLKEM_POLYBYTES], const s16 p[N])
{
	const int16x8_t qv = vdupq_n_s16(Q);
	int16x8x2_t a, b;
	uint16x8_t e0, o0, e1, o1;
	uint8x16x3_t r;
	unsigned int i;

	for (i = 0; i < N; i += 32) {
		a = vld2q_s16(p + i);
		b = vld2q_s16(p + i + 16);
		e0 = vreinterpretq_u16_s16(freeze(a.val[0], qv));
		o0 = vreinterpretq_u16_s16(freeze(a.val[1], qv));
		e1 = vreinterpretq_u16_s16(freeze(b.val[0], qv));
		o1 = vreinterpretq_u16_s16(freeze(b.val[1], qv));
		r.val[0] = vuzp1q_u8(vreinterpretq_u8_u16(e0),
				     vreinterpretq_u8_u16(e1));
		r.val[1] = vsliq_n_u8(vshrn_high_n_u16(vshrn_n_u16(e0, 8), e1, 8),
				      vuzp1q_u8(vreinterpretq_u8_u16(o0),
						vreinterpretq_u8_u16(o1)), 4);
		r.val[2] = vshrn_high_n_u16(vshrn_n_u16(o0, 4), o1, 4);
		vst3q_u8(out + 3 * i / 2, r);
	}
}

/*
 * LD3 splits 48 bytes into b0, b1, b2 (16 pairs of coefficients):
 * even = b0 | (b1 & 15) << 8 and odd = (b1 | b2 << 8) >> 4, each made by
 * ZIPping bytes into 16-bit lanes. The range check keeps a running
 * maximum, compared with q once.
 */
/* the 16-bit lanes of bytes lo | hi << 8 (ZIP1 or ZIP2) */
static __always_inline uint16x8_t zip_lo(uint8x16_t lo, uint8x16_t hi)
{
	return vreinterpretq_u16_u8(vzip1q_u8(lo, hi));
}

static __always_inline uint16x8_t zip_hi(uint8x16_t lo, uint8x16_t hi)
{
	return vreinterpretq_u16_u8(vzip2q_u8(lo, hi));
}

bool vgc_mlkem_frombytes_neon(s16 p[N], const u8 in[VGC_MLKEM_POLYBYTES])
{
	const uint8x16_t m4 = vdupq_n_u8(0x0f);
	uint16x8_t mx = vdupq_n_u16(0), bad;
	const u8 *end = in + VGC_MLKEM_POLYBYTES;

	for (; in < end; in += 48, p += 32) {
		uint8x16x3_t b = vld3q_u8(in);
		uint8x16_t b1 = vandq_u8(b.val[1], m4);
		uint16x8x2_t x = { {
			zip_lo(b.val[0], b1),
			vshrq_n_u16(zip_lo(b.val[1], b.val[2]), 4),
		} };
		uint16x8x2_t y = { {
			zip_hi(b.val[0], b1),
			vshrq_n_u16(zip_hi(b.val[1], b.val[2]), 4),
		} };

		mx = vmaxq_u16(mx, vmaxq_u16(vmaxq_u16(x.val[0], x.val[1]),
					     vmaxq_u16(y.val[0], y.val[1])));
		vst2q_u16((uint16_t *)p, x);
		vst2q_u16((uint16_t *)(p + 16), y);
	}
	bad = vcgeq_u16(mx, vdupq_n_u16(Q));
	return !(vgetq_lane_u64(vreinterpretq_u64_u16(bad), 0) |
		 vgetq_lane_u64(vreinterpretq_u64_u16(bad), 1));
}
