// SPDX-License-Identifier: GPL-2.0-only
/*
 * Poly1305 block function with AVX-512 IFMA: eight blocks at a time, one
 * per 64-bit lane of a zmm register, in radix 2^44 (limbs of 44, 44 and
 * 42 bits), because vpmadd52luq/vpmadd52huq multiply 52-bit numbers and
 * add the low or the high 52 bits of the 104-bit product to a lane: three
 * limbs make a product of nine such multiplies, where radix 2^26 takes
 * 25 with vpmuludq.
 *
 * For 8k blocks m1..m8k, h' = (h + m1) r^8k + m2 r^(8k-1) + ... + m8k r.
 * Lane j takes the blocks m(j+1), m(j+9), ...: the lanes start as the
 * first eight blocks (and h in lane 0); each step multiplies them by r^8
 * and adds the next eight blocks, which are the starting values of the
 * multiply-adds' accumulators and so cost no instruction of their own;
 * the last step multiplies each lane by its own power instead, r^8 for
 * the first block down to r for the eighth, and the lanes' sum is h'.
 *
 * The state comes in and goes out in radix 2^64, so r^2..r^8 are made
 * on every call: that and summing the lanes are repaid only on long
 * calls. Below VGC_POLY1305_IFMA_MIN_BLOCKS the AVX2 code (itself scalar
 * below its own threshold) measured faster, and a tail of 1..7 blocks
 * goes to the scalar code.
 *
 * Built with -mavx512f -mavx512vl -mavx512ifma; callers bracket it with
 * kernel_fpu_begin()/kernel_fpu_end().
 */
#include "poly1305_x86.h"
#include "zmm_x86.h"

#if VGC_POLY1305_IFMA_MIN_BLOCKS < 8
#error "the IFMA threshold must be at least one 8-block step"
#endif

/* <mm_malloc.h> would pull in <stdlib.h>, which the kernel does not have */
#define _MM_MALLOC_H_INCLUDED
#include <immintrin.h>

#define MASK44		((1ULL << 44) - 1)
#define MASK42		((1ULL << 42) - 1)

/* The three limbs of one value per lane. */
struct p44 {
	__m512i l0, l1, l2;
};

/*
 * A multiplier per lane: its limbs and 20 times limbs 1 and 2, for the
 * products at 2^132 and above (2^132 == 4 * 5 mod p). All below 2^52, as
 * the multiply-adds need.
 */
struct p44_mul {
	__m512i r0, r1, r2, s1, s2;
};

static __always_inline __m512i times20(__m512i x)
{
	return _mm512_add_epi64(_mm512_slli_epi64(x, 4),
				_mm512_slli_epi64(x, 2));
}

/*
 * 64-bit words (lo, hi) into limbs; @top is added at bit 40 of limb 2
 * (2^128): the block's 2^128 bit, or bits 128.. of a power of r.
 */
static __always_inline struct p44 split44(__m512i lo, __m512i hi, __m512i top)
{
	const __m512i mask = _mm512_set1_epi64(MASK44);
	struct p44 x;

	x.l0 = _mm512_and_si512(lo, mask);
	x.l1 = _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64(lo, 44),
						_mm512_slli_epi64(hi, 20)),
				mask);
	x.l2 = _mm512_or_si512(_mm512_srli_epi64(hi, 24),
			       _mm512_slli_epi64(top, 40));
	return x;
}

/*
 * Eight message blocks with their 2^128 bits. The unpacks pair the
 * blocks' low and high words within each 128-bit lane, which puts blocks
 * 0, 4, 1, 5, 2, 6, 3, 7 in lanes 0..7; the last step's powers follow.
 */
static __always_inline struct p44 load8(const u8 *src)
{
	__m512i a = _mm512_loadu_si512((const void *)src);
	__m512i b = _mm512_loadu_si512((const void *)(src + 64));

	return split44(_mm512_unpacklo_epi64(a, b), _mm512_unpackhi_epi64(a, b),
		       _mm512_set1_epi64(1));
}

static __always_inline void set_mul(struct p44_mul *m, struct p44 x)
{
	m->r0 = x.l0;
	m->r1 = x.l1;
	m->r2 = x.l2;
	m->s1 = times20(x.l1);
	m->s2 = times20(x.l2);
}

#define LO52(acc, a, b)	_mm512_madd52lo_epu64((acc), (a), (b))
#define HI52(acc, a, b)	_mm512_madd52hi_epu64((acc), (a), (b))

/*
 * a + h0 y0 + h1 y1 + h2 y2, of the low (or with @hi, the high) 52-bit
 * halves of the products. The step is bound by its longest chain, so the
 * three products go to accumulators of their own and are summed after:
 * a chain of three multiply-adds waits 3 x 4 cycles, this 4 + 2.
 */
static __always_inline __m512i sum3(const bool hi, __m512i a, struct p44 h,
				    __m512i y0, __m512i y1, __m512i y2)
{
	const __m512i zero = _mm512_setzero_si512();

	if (hi)
		return _mm512_add_epi64(HI52(a, h.l0, y0),
					_mm512_add_epi64(HI52(zero, h.l1, y1),
							 HI52(zero, h.l2, y2)));
	return _mm512_add_epi64(LO52(a, h.l0, y0),
				_mm512_add_epi64(LO52(zero, h.l1, y1),
						 LO52(zero, h.l2, y2)));
}

/*
 * h * r + m, carried back to limbs below 2^44 + 2^11 (limb 1) and 2^44,
 * 2^42 (limbs 0 and 2). Needs h's limbs below 2^52, which h + m meets.
 *
 * Limb k of the product is d_k = sum of h_i r_j (i + j = k) plus the
 * wrapped terms times 20; each multiply-add gives the low 52 bits of a
 * product at 2^(44k) and the high bits at 2^(44k + 52), that is, 8 bits
 * up in limb k + 1. Products are below 2^93.4, so a high part is below
 * 2^41.4 and a low sum (three parts and m) below 2^54: the carries are
 * plain shifts. The high part of d_2 is at 2^140 = 2^10 * 2^130, which
 * folds to limb 0 as 5 * 2^10.
 */
static __always_inline struct p44 mul_add(struct p44 h, const struct p44_mul *r,
					  struct p44 m)
{
	const __m512i mask44 = _mm512_set1_epi64(MASK44);
	const __m512i zero = _mm512_setzero_si512();
	__m512i d0, d1, d2, e0, e1, e2, f;

	d0 = sum3(false, m.l0, h, r->r0, r->s2, r->s1);
	d1 = sum3(false, m.l1, h, r->r1, r->r0, r->s2);
	d2 = sum3(false, m.l2, h, r->r2, r->r1, r->r0);
	e0 = sum3(true, zero, h, r->r0, r->s2, r->s1);
	e1 = sum3(true, zero, h, r->r1, r->r0, r->s2);
	e2 = sum3(true, zero, h, r->r2, r->r1, r->r0);

	d1 = _mm512_add_epi64(d1, _mm512_slli_epi64(e0, 8));
	d2 = _mm512_add_epi64(d2, _mm512_slli_epi64(e1, 8));

	d1 = _mm512_add_epi64(d1, _mm512_srli_epi64(d0, 44));
	d0 = _mm512_and_si512(d0, mask44);
	d2 = _mm512_add_epi64(d2, _mm512_srli_epi64(d1, 44));
	d1 = _mm512_and_si512(d1, mask44);
	/* bits 130.. of the product, below 2^52.1; times 5 into limb 0 */
	f = _mm512_add_epi64(_mm512_srli_epi64(d2, 42), _mm512_slli_epi64(e2, 10));
	d2 = _mm512_and_si512(d2, _mm512_set1_epi64(MASK42));
	d0 = _mm512_add_epi64(d0, _mm512_add_epi64(f, _mm512_slli_epi64(f, 2)));
	d1 = _mm512_add_epi64(d1, _mm512_srli_epi64(d0, 44));
	d0 = _mm512_and_si512(d0, mask44);

	return (struct p44){ d0, d1, d2 };
}

/* x = x * r, partly reduced: below 2^130 + 2^64, so x[2] <= 4 */
static __always_inline void mul_r(u64 x[3], const u64 r[3])
{
	const u64 s1 = r[1] + (r[1] >> 2);

	vgc_p64_add1(x, vgc_p64_mul_r(x, r[0], r[1], s1));
}

/*
 * The lanes' sums (each limb below 2^44.1, so below 2^47.1 summed) into
 * radix 2^64, with bits 130.. folded back times 5: h[2] <= 4.
 */
static __always_inline void lanes_to_h(struct p44 a, u64 h[3])
{
	unsigned __int128 t = _mm512_reduce_add_epi64(a.l0) +
		((unsigned __int128)_mm512_reduce_add_epi64(a.l1) << 44);
	u64 l2 = _mm512_reduce_add_epi64(a.l2);
	u64 top;

	h[0] = (u64)t;
	t = (t >> 64) + ((unsigned __int128)l2 << 24);
	h[1] = (u64)t;
	top = (u64)(t >> 64);		/* below 2^8 */
	h[2] = top & 3;
	vgc_p64_add1(h, (top & ~3ULL) + (top >> 2));
}

/*
 * The vector state of a call, in memory between the out-of-line parts
 * so that each has a small stack frame.
 */
struct ifma_state {
	struct p44 a;		/* the accumulator */
	struct p44 last;	/* the lanes' powers for the last step */
	struct p44_mul r8;	/* r^8 in every lane */
};

/* word @w of the powers the lanes' blocks take at the end (see setup) */
static __always_inline __m512i lane_powers(const u64 pw[9][3], int w)
{
	return _mm512_setr_epi64(pw[8][w], pw[4][w], pw[7][w], pw[3][w],
				 pw[6][w], pw[2][w], pw[5][w], pw[1][w]);
}

/*
 * Powers r..r^8 in radix 2^64; lanes 0..7 hold blocks 0, 4, 1, 5, 2, 6,
 * 3, 7 of a step, which take r^8, r^4, r^7, r^3, r^6, r^2, r^5, r.
 */
static noinline void setup(struct ifma_state *st, const struct vgc_poly1305 *p,
			   const u8 *src)
{
	u64 pw[9][3];
	int i;

	pw[1][0] = p->r[0];
	pw[1][1] = p->r[1];
	pw[1][2] = 0;
	for (i = 2; i <= 8; i++) {
		pw[i][0] = pw[i - 1][0];
		pw[i][1] = pw[i - 1][1];
		pw[i][2] = pw[i - 1][2];
		mul_r(pw[i], pw[1]);
	}

	st->last = split44(lane_powers(pw, 0), lane_powers(pw, 1),
			   lane_powers(pw, 2));
	set_mul(&st->r8, split44(_mm512_set1_epi64(pw[8][0]),
				 _mm512_set1_epi64(pw[8][1]),
				 _mm512_set1_epi64(pw[8][2])));

	/* h (h[2] <= 4) in lane 0, added to the first eight blocks */
	st->a = load8(src);
	st->a.l0 = _mm512_add_epi64(st->a.l0, _mm512_setr_epi64(p->h[0] & MASK44,
								0, 0, 0, 0, 0, 0, 0));
	st->a.l1 = _mm512_add_epi64(st->a.l1,
				    _mm512_setr_epi64(((p->h[0] >> 44) |
						       (p->h[1] << 20)) & MASK44,
						      0, 0, 0, 0, 0, 0, 0));
	st->a.l2 = _mm512_add_epi64(st->a.l2,
				    _mm512_setr_epi64((p->h[1] >> 24) |
						      (p->h[2] << 40),
						      0, 0, 0, 0, 0, 0, 0));
	memzero_explicit(pw, sizeof(pw));
}

/* @n steps: a = a * r^8 + the next eight blocks */
static noinline void steps(struct ifma_state *st, const u8 *src,
			   unsigned int n)
{
	struct p44 a = st->a;

	while (n--) {
		a = mul_add(a, &st->r8, load8(src));
		src += 128;
	}
	st->a = a;
}

/* the last step: each lane times its own power, then the lanes' sum */
static noinline void last_step(struct vgc_poly1305 *p,
			       const struct ifma_state *st)
{
	const __m512i zero = _mm512_setzero_si512();
	struct p44_mul m;
	u64 h[3];

	set_mul(&m, st->last);
	lanes_to_h(mul_add(st->a, &m, (struct p44){ zero, zero, zero }), h);
	p->h[0] = h[0];
	p->h[1] = h[1];
	p->h[2] = h[2];
}

static noinline void blocks_vector(struct vgc_poly1305 *p, const u8 *src,
				   unsigned int nblocks)
{
	unsigned int nsteps = nblocks / 8;
	struct ifma_state st;

	setup(&st, p, src);
	steps(&st, src + 128, nsteps - 1);
	last_step(p, &st);
	vgc_zmm_hi16_zero();
	vgc_poly1305_blocks_x64(p, src + 128 * nsteps, nblocks % 8);
}

void vgc_poly1305_blocks_avx512ifma(struct vgc_poly1305 *p, const u8 *src,
				    unsigned int nblocks)
{
	if (nblocks < VGC_POLY1305_IFMA_MIN_BLOCKS)
		vgc_poly1305_blocks_avx2(p, src, nblocks);
	else
		blocks_vector(p, src, nblocks);
}
