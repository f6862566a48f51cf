// SPDX-License-Identifier: GPL-2.0-only
/*
 * Poly1305 block function with AVX2: four blocks at a time, one per
 * 64-bit lane, in radix 2^26 so that vpmuludq (32 x 32 -> 64 bits) forms
 * the limb products and a lane's sums of five products stay below 2^64.
 *
 * For 4k blocks m1..m4k, h' = (h + m1) r^4k + m2 r^(4k-1) + ... + m4k r.
 * Lane j takes the blocks m(j+1), m(j+5), ...: the lanes start as the
 * first four blocks (and h in lane 0); every step multiplies them by r^4
 * and adds the next four blocks to the products before their carries
 * (so the add costs no carries of its own and no latency); the last step
 * multiplies lane j by r^(4-j) instead, and the sum of the lanes is h'.
 *
 * Each step waits on the carries of the last, so the loop is bound by
 * that latency, not by throughput. Two accumulators taking the steps in
 * turn (times r^8) would overlap two such chains, but they need more than
 * the 16 ymm registers: the spills made them 7% faster than one at best
 * and up to 20% slower when the machine was busy (Zen 3), so there is one.
 *
 * The state comes in and goes out in radix 2^64, so r^2..r^4 and their
 * vector forms are made on every call (nothing is kept), which is why
 * short calls go to the scalar code; a tail of 1-3 blocks does too.
 *
 * Built with -mavx2 (and, for fewer spills, -fschedule-insns
 * -fsched-pressure); callers bracket it with kernel_fpu_begin()/end().
 */
#include "poly1305_x86.h"

/* <mm_malloc.h> would pull in <stdlib.h>, which the kernel does not have */
#define _MM_MALLOC_H_INCLUDED
#include <immintrin.h>

#define MASK26		0x3ffffffULL

/* at least one whole step below */
#if VGC_POLY1305_AVX2_MIN_BLOCKS < 4
#error "the AVX2 threshold must be at least one 4-block step"
#endif

/* The five 26-bit limbs of one value per lane. */
struct p26 {
	__m256i l0, l1, l2, l3, l4;
};

/*
 * A multiplier per lane: its limbs, and 5 times limbs 1..4 for the
 * products that reach 2^130 and fold back (2^130 == 5 mod p).
 */
struct p26_mul {
	__m256i r0, r1, r2, r3, r4;
	__m256i s1, s2, s3, s4;
};

static __always_inline __m256i times5(__m256i x)
{
	return _mm256_add_epi64(x, _mm256_slli_epi64(x, 2));
}

/*
 * Split 130-bit values given as 64-bit words (lo, hi) and a top part
 * already shifted to bit 24 of limb 4 (the 2^128 bit of a message block,
 * or bits 128.. of a power of r) into 26-bit limbs.
 */
static __always_inline struct p26 split26(__m256i lo, __m256i hi,
					  __m256i top24)
{
	const __m256i mask = _mm256_set1_epi64x(MASK26);
	struct p26 x;

	x.l0 = _mm256_and_si256(lo, mask);
	x.l1 = _mm256_and_si256(_mm256_srli_epi64(lo, 26), mask);
	x.l2 = _mm256_and_si256(_mm256_or_si256(_mm256_srli_epi64(lo, 52),
						_mm256_slli_epi64(hi, 12)),
				mask);
	x.l3 = _mm256_and_si256(_mm256_srli_epi64(hi, 14), mask);
	x.l4 = _mm256_or_si256(_mm256_srli_epi64(hi, 40), top24);
	return x;
}

/*
 * Four message blocks with their 2^128 bits. The unpacks pair the low
 * and the high words of the blocks within each 128-bit half, which puts
 * blocks 0, 2, 1, 3 in lanes 0..3; the lanes' multipliers follow that.
 */
static __always_inline struct p26 load4(const u8 *src)
{
	__m256i a = _mm256_loadu_si256((const __m256i *)src);
	__m256i b = _mm256_loadu_si256((const __m256i *)(src + 32));

	return split26(_mm256_unpacklo_epi64(a, b), _mm256_unpackhi_epi64(a, b),
		       _mm256_set1_epi64x(1ULL << 24));
}

static __always_inline struct p26 add26(struct p26 x, struct p26 y)
{
	x.l0 = _mm256_add_epi64(x.l0, y.l0);
	x.l1 = _mm256_add_epi64(x.l1, y.l1);
	x.l2 = _mm256_add_epi64(x.l2, y.l2);
	x.l3 = _mm256_add_epi64(x.l3, y.l3);
	x.l4 = _mm256_add_epi64(x.l4, y.l4);
	return x;
}

#define MUL(a, b)	_mm256_mul_epu32((a), (b))
#define ADD(a, b)	_mm256_add_epi64((a), (b))
/* d += a * b, on 32-bit halves of each lane */
static __always_inline void mac26(__m256i *d, __m256i a, __m256i b)
{
	*d = ADD(*d, MUL(a, b));
}

/*
 * Schoolbook product of the limbs, the terms at 2^130 and above folded
 * through s = 5r. With h's limbs below 2^28 and r's at most 2^26 (so s's
 * below 2^28.4), each of the five terms of a sum is below 2^56.4 and the
 * sum below 2^58.8. No carries yet. (gcc orders the products as it likes;
 * -fsched-pressure keeps them from being spilled.)
 */
static __always_inline struct p26 mul26(struct p26 h, const struct p26_mul *r)
{
	struct p26 d;

	d.l0 = MUL(h.l0, r->r0);
	d.l1 = MUL(h.l0, r->r1);
	d.l2 = MUL(h.l0, r->r2);
	d.l3 = MUL(h.l0, r->r3);
	d.l4 = MUL(h.l0, r->r4);

	mac26(&d.l0, h.l1, r->s4);
	mac26(&d.l1, h.l1, r->r0);
	mac26(&d.l2, h.l1, r->r1);
	mac26(&d.l3, h.l1, r->r2);
	mac26(&d.l4, h.l1, r->r3);

	mac26(&d.l0, h.l2, r->s3);
	mac26(&d.l1, h.l2, r->s4);
	mac26(&d.l2, h.l2, r->r0);
	mac26(&d.l3, h.l2, r->r1);
	mac26(&d.l4, h.l2, r->r2);

	mac26(&d.l0, h.l3, r->s2);
	mac26(&d.l1, h.l3, r->s3);
	mac26(&d.l2, h.l3, r->s4);
	mac26(&d.l3, h.l3, r->r0);
	mac26(&d.l4, h.l3, r->r1);

	mac26(&d.l0, h.l4, r->s1);
	mac26(&d.l1, h.l4, r->s2);
	mac26(&d.l2, h.l4, r->s3);
	mac26(&d.l3, h.l4, r->s4);
	mac26(&d.l4, h.l4, r->r0);
	return d;
}

/*
 * Carry the sums back to about 26 bits a limb, along two chains at once
 * (0->1->2->3 and 3->4->0->1) so each waits on half as many steps; the
 * carry out of limb 4 re-enters limb 0 times 5. From sums below 2^60,
 * limbs 0, 2, 3 end below 2^26 and limbs 1, 4 below 2^26 + 2^11, well
 * within what mul26() takes.
 */
static __always_inline struct p26 carry26(struct p26 d)
{
	const __m256i mask = _mm256_set1_epi64x(MASK26);
	__m256i c;

	c = _mm256_srli_epi64(d.l0, 26);
	d.l0 = _mm256_and_si256(d.l0, mask);
	d.l1 = ADD(d.l1, c);
	c = _mm256_srli_epi64(d.l3, 26);
	d.l3 = _mm256_and_si256(d.l3, mask);
	d.l4 = ADD(d.l4, c);

	c = _mm256_srli_epi64(d.l1, 26);
	d.l1 = _mm256_and_si256(d.l1, mask);
	d.l2 = ADD(d.l2, c);
	c = _mm256_srli_epi64(d.l4, 26);
	d.l4 = _mm256_and_si256(d.l4, mask);
	d.l0 = ADD(d.l0, times5(c));

	c = _mm256_srli_epi64(d.l2, 26);
	d.l2 = _mm256_and_si256(d.l2, mask);
	d.l3 = ADD(d.l3, c);
	c = _mm256_srli_epi64(d.l0, 26);
	d.l0 = _mm256_and_si256(d.l0, mask);
	d.l1 = ADD(d.l1, c);

	c = _mm256_srli_epi64(d.l3, 26);
	d.l3 = _mm256_and_si256(d.l3, mask);
	d.l4 = ADD(d.l4, c);
	return d;
}

static __always_inline u64 hsum(__m256i x)
{
	__m128i t = _mm_add_epi64(_mm256_castsi256_si128(x),
				  _mm256_extracti128_si256(x, 1));

	return (u64)_mm_cvtsi128_si64(_mm_add_epi64(t, _mm_unpackhi_epi64(t, t)));
}

/*
 * Sum the lanes' limb sums (each below 2^59.1, so the totals below
 * 2^61.1) and carry them into radix 2^64 in scalar code. The carry out
 * of limb 4 folds into limb 0 times 5; after one more step limb 0 is
 * below 2^26 and limb 1 below 2^26 + 2^12, so the value is below
 * 2^130 + 2^52 and h[2] <= 4.
 */
static __always_inline void lanes_to_h(struct p26 d, u64 h[3])
{
	u64 l0 = hsum(d.l0), l1 = hsum(d.l1), l2 = hsum(d.l2);
	u64 l3 = hsum(d.l3), l4 = hsum(d.l4), c;
	unsigned char cf = 0;

	l1 += l0 >> 26;
	l0 &= MASK26;
	l2 += l1 >> 26;
	l1 &= MASK26;
	l3 += l2 >> 26;
	l2 &= MASK26;
	l4 += l3 >> 26;
	l3 &= MASK26;
	c = l4 >> 26;
	l4 &= MASK26;
	l0 += c * 5;
	l1 += l0 >> 26;
	l0 &= MASK26;

	/* limb 1 may exceed 26 bits by a little: add, do not OR */
	h[0] = vgc_p64_adc(l0 + (l1 << 26), l2 << 52, &cf);
	h[1] = vgc_p64_adc((l2 >> 12) + (l3 << 14), l4 << 40, &cf);
	h[2] = (l4 >> 24) + cf;
}

/* the multiplier x, lane by lane */
static __always_inline void set_mul(struct p26_mul *m, struct p26 x)
{
	m->r0 = x.l0;
	m->r1 = x.l1;
	m->r2 = x.l2;
	m->r3 = x.l3;
	m->r4 = x.l4;
	m->s1 = times5(x.l1);
	m->s2 = times5(x.l2);
	m->s3 = times5(x.l3);
	m->s4 = times5(x.l4);
}

/* lane 0 of x in every lane */
static __always_inline void set_mul_bcast(struct p26_mul *m, struct p26 x)
{
	x.l0 = _mm256_permute4x64_epi64(x.l0, 0);
	x.l1 = _mm256_permute4x64_epi64(x.l1, 0);
	x.l2 = _mm256_permute4x64_epi64(x.l2, 0);
	x.l3 = _mm256_permute4x64_epi64(x.l3, 0);
	x.l4 = _mm256_permute4x64_epi64(x.l4, 0);
	set_mul(m, x);
}

/*
 * The vector state of a call. gcc gives the temporaries of every inlined
 * part stack slots of their own, so the parts below are out of line,
 * passing this in memory: each has a small stack frame.
 */
struct avx2_state {
	struct p26 a;		/* the accumulator */
	struct p26 mix4;	/* the lane multipliers of the last step */
	struct p26_mul r4;	/* r^4 in every lane */
};

/*
 * mix4 = (r^4, r^2, r^3, r) for lanes 0..3, which hold blocks 0, 2, 1, 3
 * of a step; r^4 in every lane; a = the first step's blocks, plus h in
 * lane 0 (below 2^27 + 2^26 a limb).
 */
static noinline void setup(struct avx2_state *st, const struct vgc_poly1305 *p,
			   const u8 *src)
{
	const u64 r0 = p->r[0], r1 = p->r[1], s1 = r1 + (r1 >> 2);
	u64 pw2[3] = { r0, r1, 0 }, pw3[3], pw4[3];

	/* partly reduced (below 2^130 + 2^64) is enough for the limbs */
	vgc_p64_add1(pw2, vgc_p64_mul_r(pw2, r0, r1, s1));
	pw3[0] = pw2[0];
	pw3[1] = pw2[1];
	pw3[2] = pw2[2];
	vgc_p64_add1(pw3, vgc_p64_mul_r(pw3, r0, r1, s1));
	pw4[0] = pw3[0];
	pw4[1] = pw3[1];
	pw4[2] = pw3[2];
	vgc_p64_add1(pw4, vgc_p64_mul_r(pw4, r0, r1, s1));

	st->mix4 = split26(_mm256_set_epi64x(r0, pw3[0], pw2[0], pw4[0]),
			   _mm256_set_epi64x(r1, pw3[1], pw2[1], pw4[1]),
			   _mm256_set_epi64x(0, pw3[2] << 24, pw2[2] << 24,
					     pw4[2] << 24));
	set_mul_bcast(&st->r4, st->mix4);
	st->a = add26(split26(_mm256_set_epi64x(0, 0, 0, p->h[0]),
			      _mm256_set_epi64x(0, 0, 0, p->h[1]),
			      _mm256_set_epi64x(0, 0, 0, p->h[2] << 24)),
		      load4(src));
}

/*
 * @n steps: a = a * r^4 + the next four blocks, carried. Adding the
 * blocks to the products before the carry, rather than to a before the
 * product, keeps that add out of the chain from one step to the next.
 */
static noinline void steps(struct avx2_state *st, const u8 *src,
			   unsigned int n)
{
	struct p26 a = st->a;

	while (n--) {
		a = carry26(add26(mul26(a, &st->r4), load4(src)));
		src += 64;
	}
	st->a = a;
}

/*
 * The last step, times mix4 lane by lane: the lanes' sums need no
 * vector carry, as lanes_to_h() adds them up and carries in scalar code.
 */
static noinline void last_step(struct vgc_poly1305 *p,
			       const struct avx2_state *st)
{
	struct p26_mul m;
	u64 h[3];

	set_mul(&m, st->mix4);
	lanes_to_h(mul26(st->a, &m), h);
	p->h[0] = h[0];
	p->h[1] = h[1];
	p->h[2] = h[2];
}

/* Four blocks or more: the vector path, then any 1-3 left, scalar. */
static noinline void blocks_vector(struct vgc_poly1305 *p, const u8 *src,
				   unsigned int nblocks)
{
	unsigned int nsteps = nblocks / 4;
	struct avx2_state st;

	setup(&st, p, src);
	steps(&st, src + 64, nsteps - 1);
	last_step(p, &st);
	vgc_poly1305_blocks_x64(p, src + 64 * nsteps, nblocks % 4);
}

void vgc_poly1305_blocks_avx2(struct vgc_poly1305 *p, const u8 *src,
			      unsigned int nblocks)
{
	/*
	 * Short calls (the AD, padding and lengths blocks of the AEAD) go
	 * straight to the scalar code: out of line, the vector path's stack
	 * frame is not set up for them.
	 */
	if (nblocks < VGC_POLY1305_AVX2_MIN_BLOCKS)
		vgc_poly1305_blocks_x64(p, src, nblocks);
	else
		blocks_vector(p, src, nblocks);
}
