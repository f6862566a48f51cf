/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ML-KEM (FIPS 203) polynomial arithmetic over Z_q[X]/(X^256 + 1),
 * q = 3329: the portable back end's primitives (their contracts are those
 * of struct vgc_mlkem_backend, lib/mlkem_backend.h) and the scalar
 * helpers every back end may share. Coefficients are s16; Montgomery
 * arithmetic uses R = 2^16.
 *
 * Nothing here branches on or indexes by coefficient values, except
 * vgc_mlkem_rej_uniform(), whose input is public (derived from rho).
 */
#ifndef VGC_MLKEM_POLY_H
#define VGC_MLKEM_POLY_H

#include "vgc_base.h"

#define VGC_MLKEM_N		256
#define VGC_MLKEM_Q		3329
#define VGC_MLKEM_POLYBYTES	384	/* ByteEncode_12 */

/* The polynomial of FIPS 203's ByteEncode_1 / Decompress_1 message. */
#define VGC_MLKEM_MSGBYTES	32

/*
 * round(x * 2^d / q) mod 2^d for 0 <= x < q and 1 <= d <= 11, without a
 * division: (x * 2^d + q/2) / q equals (x * 2^d + q/2) * ceil(2^40 / q)
 * >> 40 for every numerator below 2^24, because the error of the
 * reciprocal, at most 2^24 / 2^40, stays below 1/q.
 */
static inline u32 vgc_mlkem_compress(u32 x, unsigned int d)
{
	u64 n = ((u64)x << d) + VGC_MLKEM_Q / 2;

	return (u32)((n * 330282857ULL) >> 40) & ((1U << d) - 1);
}

/* round(y * q / 2^d) */
static inline u32 vgc_mlkem_decompress(u32 y, unsigned int d)
{
	return (y * VGC_MLKEM_Q + (1U << (d - 1))) >> d;
}

/*
 * a * 2^-16 mod q, in (-q, q), for |a| < q * 2^15. t = a * q^-1 mod 2^16
 * as a signed value is the product's low half, sign-extended by the two
 * shifts: 32-bit arithmetic throughout, because a 16-bit multiply is
 * three times slower on some x86 cores (measured on Zen 5).
 */
static inline s16 vgc_mlkem_montgomery_reduce(s32 a)
{
	/* q^-1 mod 2^16 = 62209, in the top half */
	s32 t = (s32)((u32)a * (62209U << 16)) >> 16;

	return (s16)((a - t * VGC_MLKEM_Q) >> 16);
}

/* a mod q, in [-(q - 1) / 2, (q - 1) / 2] */
static inline s16 vgc_mlkem_barrett_reduce(s16 a)
{
	/* round(2^26 / q) */
	s32 t = (20159 * (s32)a + (1 << 25)) >> 26;

	return (s16)(a - t * VGC_MLKEM_Q);
}

/* a mod q, in [0, q): the sign bit, spread, selects whether to add q */
static inline s16 vgc_mlkem_freeze(s16 a)
{
	a = vgc_mlkem_barrett_reduce(a);
	return a + ((a >> 15) & VGC_MLKEM_Q);
}

/* The portable back end's entries (lib/mlkem_backend.h has the contracts) */
void vgc_mlkem_ntt(s16 p[VGC_MLKEM_N]);
void vgc_mlkem_invntt(s16 p[VGC_MLKEM_N]);
void vgc_mlkem_basemul_row(s16 r[VGC_MLKEM_N], const s16 *a, const s16 *b,
			   unsigned int k);
void vgc_mlkem_poly_tomont(s16 p[VGC_MLKEM_N]);
void vgc_mlkem_poly_add(s16 r[VGC_MLKEM_N], const s16 a[VGC_MLKEM_N]);
void vgc_mlkem_poly_rsub(s16 r[VGC_MLKEM_N], const s16 a[VGC_MLKEM_N]);
/* Barrett: out in [-(q - 1) / 2, (q - 1) / 2] */
void vgc_mlkem_poly_reduce(s16 p[VGC_MLKEM_N]);

void vgc_mlkem_cbd(s16 p[VGC_MLKEM_N], const u8 *buf, unsigned int eta);
unsigned int vgc_mlkem_rej_uniform(s16 p[VGC_MLKEM_N], unsigned int have,
				   const u8 *buf, unsigned int len);
void vgc_mlkem_poly_compress(u8 *out, const s16 p[VGC_MLKEM_N],
			     unsigned int d);
void vgc_mlkem_poly_decompress(s16 p[VGC_MLKEM_N], const u8 *in,
			       unsigned int d);
void vgc_mlkem_poly_tobytes(u8 out[VGC_MLKEM_POLYBYTES],
			    const s16 p[VGC_MLKEM_N]);
bool vgc_mlkem_poly_frombytes(s16 p[VGC_MLKEM_N],
			      const u8 in[VGC_MLKEM_POLYBYTES]);

#endif /* VGC_MLKEM_POLY_H */
