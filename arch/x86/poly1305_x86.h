/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The x86-64 Poly1305 block functions. Same contract as
 * vgc_poly1305_blocks_generic(p, src, nblocks, 1): absorb @nblocks full
 * 16-byte blocks, each with its 2^128 bit, and return with h in radix
 * 2^64 below 5 * 2^128 (h[2] <= 4), so any back end can continue.
 *
 * vgc_poly1305_blocks_x64() is plain 64-bit code (no SIMD, no CPU
 * feature beyond x86-64). vgc_poly1305_blocks_avx2() needs AVX2, and
 * vgc_poly1305_blocks_avx512ifma() AVX-512F, VL and IFMA; they run only
 * between kernel_fpu_begin() and kernel_fpu_end(), and below their
 * thresholds they are the scalar code.
 */
#ifndef VGC_X86_POLY1305_X86_H
#define VGC_X86_POLY1305_X86_H

#include "poly1305.h"

void vgc_poly1305_blocks_x64(struct vgc_poly1305 *p, const u8 *src,
			     unsigned int nblocks);
void vgc_poly1305_blocks_avx2(struct vgc_poly1305 *p, const u8 *src,
			      unsigned int nblocks);
void vgc_poly1305_blocks_avx512ifma(struct vgc_poly1305 *p, const u8 *src,
				    unsigned int nblocks);

/*
 * Shorter calls go to the scalar code: the vector path's fixed cost
 * (r^2..r^4, their vector forms, the final lane sum) is only repaid from
 * about this many blocks on (measured with vgc_polybench on Zen 3).
 */
#ifndef VGC_POLY1305_AVX2_MIN_BLOCKS	/* vgc_polybench builds other values */
#define VGC_POLY1305_AVX2_MIN_BLOCKS	16
#endif

/*
 * The IFMA code (eight blocks a step, r^2..r^8 to make) beat the AVX2 code
 * from 48-64 blocks up (vgc_polybench, Xeon model 0xcf); below, it calls
 * the AVX2 code.
 */
#ifndef VGC_POLY1305_IFMA_MIN_BLOCKS
#define VGC_POLY1305_IFMA_MIN_BLOCKS	64
#endif

/*
 * 64 x 64 -> 128-bit products and add-with-carry chains. gcc turns
 * unsigned __int128 sums into spills through the stack, so only the
 * products use it; the sums go through the add-with-carry builtin, which
 * needs no header (it works in the kernel without <immintrin.h>) and no
 * CPU feature beyond x86-64 (it is plain adc).
 */
static __always_inline u64 vgc_p64_mul(u64 a, u64 b, u64 *hi)
{
	unsigned __int128 t = (unsigned __int128)a * b;

	*hi = (u64)(t >> 64);
	return (u64)t;
}

/* a + b + *carry; the carry out replaces *carry */
static __always_inline u64 vgc_p64_adc(u64 a, u64 b, unsigned char *carry)
{
	unsigned long long out;

	*carry = __builtin_ia32_addcarryx_u64(*carry, a, b, &out);
	return out;
}

/*
 * h = h * r, all but the last carry: on return (h[0], h[1], h[2]) holds
 * the product's bits below 2^130 and the function returns what the bits
 * at 2^130 and above fold back to (times 5, as 2^130 == 5 mod p). The
 * caller adds it to h[0] and carries it through; the scalar loop first
 * adds the next message block, which does not wait on the product's top.
 *
 * Needs h[2] <= 7 and r clamped; s1 = r1 + r1 / 4. Clamping leaves r0, r1
 * below 2^60 and r1 a multiple of 4, so h1 * r1 * 2^128 ==
 * h1 * (r1 / 4) * 5 (mod p) = h1 * s1 and every sum below fits 128 bits;
 * h2 * s1 and h2 * r0 fit 64 bits. The returned fold is below 2^64.
 */
static __always_inline u64 vgc_p64_mul_r(u64 h[3], u64 r0, u64 r1, u64 s1)
{
	u64 d0, d0h, d1, d1h, t, th, d2;
	unsigned char c;

	/* d0 = h0 r0 + h1 s1 (weight 2^0) */
	d0 = vgc_p64_mul(h[0], r0, &d0h);
	t = vgc_p64_mul(h[1], s1, &th);
	c = 0;
	d0 = vgc_p64_adc(d0, t, &c);
	d0h = vgc_p64_adc(d0h, th, &c);

	/* d1 = h0 r1 + h1 r0 + h2 s1 + d0's high half (weight 2^64) */
	d1 = vgc_p64_mul(h[0], r1, &d1h);
	t = vgc_p64_mul(h[1], r0, &th);
	c = 0;
	d1 = vgc_p64_adc(d1, t, &c);
	d1h = vgc_p64_adc(d1h, th, &c);
	c = 0;
	d1 = vgc_p64_adc(d1, h[2] * s1, &c);
	d1h = vgc_p64_adc(d1h, 0, &c);
	c = 0;
	d1 = vgc_p64_adc(d1, d0h, &c);
	d1h = vgc_p64_adc(d1h, 0, &c);

	/* d2 = h2 r0 + d1's high half (weight 2^128), below 2^63 */
	d2 = h[2] * r0 + d1h;

	h[0] = d0;
	h[1] = d1;
	h[2] = d2 & 3;
	/* (d2 >> 2) * 2^130 == (d2 >> 2) * 5 = (d2 & ~3) + (d2 >> 2) */
	return (d2 & ~3ULL) + (d2 >> 2);
}

/* h += c, carried through all three words */
static __always_inline void vgc_p64_add1(u64 h[3], u64 c)
{
	unsigned char cf = 0;

	h[0] = vgc_p64_adc(h[0], c, &cf);
	h[1] = vgc_p64_adc(h[1], 0, &cf);
	h[2] = vgc_p64_adc(h[2], 0, &cf);
}

#endif /* VGC_X86_POLY1305_X86_H */
