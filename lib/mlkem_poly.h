/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ML-KEM (FIPS 203) polynomial arithmetic over Z_q[X]/(X^256 + 1),
 * q = 3329: the narrow interface that faster back ends may replace (NTT,
 * inverse NTT, base multiplication, sampling, compression). Coefficients
 * are s16; Montgomery arithmetic uses R = 2^16.
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

/* a * 2^-16 mod q, in (-q, q), for |a| < q * 2^15 */
static inline s16 vgc_mlkem_montgomery_reduce(s32 a)
{
	/* q^-1 mod 2^16 */
	s16 t = (s16)((u32)a * 62209U);

	return (s16)((a - (s32)t * VGC_MLKEM_Q) >> 16);
}

/* a mod q, in [-(q - 1) / 2, (q - 1) / 2] */
static inline s16 vgc_mlkem_barrett_reduce(s16 a)
{
	/* round(2^26 / q) */
	s16 t = (s16)((20159 * (s32)a + (1 << 25)) >> 26);

	return a - t * VGC_MLKEM_Q;
}

/* a mod q, in [0, q): the sign bit, spread, selects whether to add q */
static inline s16 vgc_mlkem_freeze(s16 a)
{
	a = vgc_mlkem_barrett_reduce(a);
	return a + ((a >> 15) & VGC_MLKEM_Q);
}

/*
 * An ML-KEM back end: a name for its drivers (mlkem768-vgcrypto-<name>),
 * their priority, whether this CPU can run it (NULL: everywhere; else
 * *why says what is missing) and, for vector code, the bracket of each
 * section. The portable code below is the one every other is checked
 * against.
 */
struct vgc_mlkem_backend {
	const char *name;
	int priority;
	bool (*usable)(const char **why);
	void (*simd_begin)(void);
	void (*simd_end)(void);
};

extern const struct vgc_mlkem_backend vgc_mlkem_backend_generic;

/*
 * Every ML-KEM back end of this build, fastest first, the portable one
 * last, NULL-terminated (arch/<arch>/backends.c, or
 * lib/backends_portable.c): registration, KUnit and the harness walk it.
 */
extern const struct vgc_mlkem_backend *const vgc_mlkem_backends[];

/* In place, coefficients |c| < 4096 in; output reduced (Barrett). */
void vgc_mlkem_ntt(s16 p[VGC_MLKEM_N]);
/*
 * In place, |c| <= q in; the result is multiplied by R = 2^16, which
 * cancels the R^-1 that vgc_mlkem_basemul_acc() leaves. Output |c| < q.
 */
void vgc_mlkem_invntt(s16 p[VGC_MLKEM_N]);
/*
 * acc = a * b in the NTT domain (first) or acc += that, unreduced: with
 * |a| < q and |b| < 4096, up to four products fit the input range of
 * Montgomery reduction. vgc_mlkem_acc_reduce() then gives
 * r = acc * R^-1 mod q, |r| < q.
 */
void vgc_mlkem_basemul_acc(s32 acc[VGC_MLKEM_N], const s16 a[VGC_MLKEM_N],
			   const s16 b[VGC_MLKEM_N], bool first);
void vgc_mlkem_acc_reduce(s16 r[VGC_MLKEM_N], const s32 acc[VGC_MLKEM_N]);
void vgc_mlkem_poly_reduce(s16 p[VGC_MLKEM_N]);
/* p = p * R mod q: undoes the R^-1 of base multiplication */
void vgc_mlkem_poly_tomont(s16 p[VGC_MLKEM_N]);
void vgc_mlkem_poly_add(s16 r[VGC_MLKEM_N], const s16 a[VGC_MLKEM_N]);
/* r = a - r */
void vgc_mlkem_poly_rsub(s16 r[VGC_MLKEM_N], const s16 a[VGC_MLKEM_N]);

/* SamplePolyCBD_eta, eta 2 or 3, from 64 * eta bytes */
void vgc_mlkem_cbd(s16 p[VGC_MLKEM_N], const u8 *buf, unsigned int eta);
/*
 * SampleNTT's rejection step over len bytes (a multiple of 3) of XOF
 * output: fills p from index have on; returns the new count (at most N).
 */
unsigned int vgc_mlkem_rej_uniform(s16 p[VGC_MLKEM_N], unsigned int have,
				   const u8 *buf, unsigned int len);

/* ByteEncode_d(Compress_d(p)) into 32 * d bytes; any s16 input */
void vgc_mlkem_poly_compress(u8 *out, const s16 p[VGC_MLKEM_N],
			     unsigned int d);
/* Decompress_d(ByteDecode_d(in)) from 32 * d bytes */
void vgc_mlkem_poly_decompress(s16 p[VGC_MLKEM_N], const u8 *in,
			       unsigned int d);
/* ByteEncode_12 of p mod q */
void vgc_mlkem_poly_tobytes(u8 out[VGC_MLKEM_POLYBYTES],
			    const s16 p[VGC_MLKEM_N]);
/*
 * ByteDecode_12 without the reduction mod q: values up to 4095 stay as
 * they are. Returns true when every one is below q (FIPS 203 section 7.2).
 */
bool vgc_mlkem_poly_frombytes(s16 p[VGC_MLKEM_N],
			      const u8 in[VGC_MLKEM_POLYBYTES]);

#endif /* VGC_MLKEM_POLY_H */
