/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Assembler macros of the x86 ML-KEM arithmetic, for either width: the
 * caller names every register (%ymm for AVX2, 16 lanes of s16; %zmm for
 * AVX-512, 32 lanes), so one body serves both. Arithmetic mod q = 3329
 * on signed 16-bit lanes; Montgomery factor R = 2^16.
 *
 * Bounds (checked for every input by scripts/build/mlkem-x86-tables.py's
 * model and by tests/mlkem suite_equiv): mont_const returns |t| < q for
 * any s16 @b when |z| <= q / 2; barrett returns |a| <= 2160 < q for any
 * s16 @a.
 */
#ifndef VGC_MLKEM_X86_MACROS_H
#define VGC_MLKEM_X86_MACROS_H

#define MLKEM_Q		3329

/*
 * t = b * z * R^-1 mod q, |t| < q, with zq = z * q^-1 mod 2^16 given:
 * the low half of b * zq is the multiple of q that clears the low half
 * of b * z, so the difference of the high halves is exact.
 */
.macro mont_const b, z, zq, q, t, u
	vpmullw		\zq, \b, \u
	vpmulhw		\z, \b, \t
	vpmulhw		\q, \u, \u
	vpsubw		\u, \t, \t
.endm

/* Cooley-Tukey: (a, b) = (a + z b, a - z b); bounds grow by below q */
.macro ct_bfly a, b, z, zq, q, t, u
	mont_const	\b, \z, \zq, \q, \t, \u
	vpsubw		\t, \a, \b
	vpaddw		\t, \a, \a
.endm

/* Gentleman-Sande: (a, b) = (a + b, z (b - a)); needs |a| + |b| < 2^15 */
.macro gs_bfly a, b, z, zq, q, t, u
	vpsubw		\a, \b, \t
	vpaddw		\b, \a, \a
	mont_const	\t, \z, \zq, \q, \b, \u
.endm

/*
 * a = a mod q, |a| <= 2160: the quotient round(a * 10 / 2^15) is within
 * 0.66 of a / q for every s16 a, one multiplication instead of Barrett's
 * usual two. @ten holds 10 in every lane.
 */
.macro barrett a, q, ten, t
	vpmulhrsw	\ten, \a, \t
	vpmullw		\q, \t, \t
	vpsubw		\t, \a, \a
.endm

#endif /* VGC_MLKEM_X86_MACROS_H */
