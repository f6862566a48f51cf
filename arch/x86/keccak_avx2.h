/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Keccak-f[1600] on four states at once with AVX2, as assembler macros:
 * ymm register lane j holds state j, so every instruction works on all
 * four (the ML-KEM back-end layout: word i of state j is s[4 * i + j],
 * 32 bytes a word). Used by vgc_keccak_x4_avx2 and, beside the one-state
 * macros of keccak_bmi2.h, by vgc_keccak_x4x1_avx2 (keccak_avx2.S).
 *
 * Sixteen ymm registers cannot hold 25 words, so the state stays in
 * memory at K4_S: each round reads one copy and writes the other,
 * copy 0 (s[0..99]) and copy 1 (s[100..199]) in turn. Per round: theta's
 * column parities C and D from the loaded words; then for each output
 * row, its five words loaded with D applied, rotated (rho), taken from
 * their pi positions, and combined by chi; iota on word 0. AVX2 has no
 * 64-bit rotate: shift left, shift right, or (one byte shuffle for the
 * rotations by 8 and 56). RC points at the round's constant; ymm0-13
 * are used, no general register but K4_S and RC.
 */
#ifndef VGC_KECCAK_AVX2_H
#define VGC_KECCAK_AVX2_H

#ifdef __ASSEMBLER__

#include "keccak_x86.h"

#define K4_S	%rdi	/* the four states */

/* theta's column parities, then the D values replace them */
#define K4_C0	%ymm0
#define K4_C1	%ymm1
#define K4_C2	%ymm2
#define K4_C3	%ymm3
#define K4_C4	%ymm4
#define K4_D0	%ymm5
#define K4_D1	%ymm6
#define K4_D2	%ymm7
#define K4_D3	%ymm8
#define K4_D4	%ymm9
/* one output row's words after rho and pi: the C registers again */
#define K4_B0	%ymm0
#define K4_B1	%ymm1
#define K4_B2	%ymm2
#define K4_B3	%ymm3
#define K4_B4	%ymm4
#define K4_T0	%ymm10
#define K4_T1	%ymm11
#define K4_ROT8	%ymm12	/* byte shuffles that rotate each u64 left by 8 */
#define K4_ROT56 %ymm13	/* ... and by 56 */

/* word i of copy c */
#define K4_W(c, i)	(800 * (c) + 32 * (i))

/* v = v rotated left by r, each u64 (K4_T0 is clobbered) */
.macro k4_rol64 v, r
.if \r == 8
	vpshufb		K4_ROT8, \v, \v
.elseif \r == 56
	vpshufb		K4_ROT56, \v, \v
.elseif \r == 1
	/* v + v is v << 1 on more execution ports than a shift */
	vpsrlq		$63, \v, K4_T0
	vpaddq		\v, \v, \v
	vpor		K4_T0, \v, \v
.elseif \r != 0
	vpsrlq		$(64 - \r), \v, K4_T0
	vpsllq		$\r, \v, \v
	vpor		K4_T0, \v, \v
.endif
.endm

/* c = the parity of column x of copy s */
.macro k4_parity s, x, c
	vmovdqu		K4_W(\s, \x)(K4_S), \c
	vpxor		K4_W(\s, \x + 5)(K4_S), \c, \c
	vpxor		K4_W(\s, \x + 10)(K4_S), \c, \c
	vpxor		K4_W(\s, \x + 15)(K4_S), \c, \c
	vpxor		K4_W(\s, \x + 20)(K4_S), \c, \c
.endm

/* d = cl ^ (cr rotated left by 1): theta's D for the column between */
.macro k4_theta_d cl, cr, d
	vpsrlq		$63, \cr, K4_T0
	vpaddq		\cr, \cr, \d
	vpor		K4_T0, \d, \d
	vpxor		\cl, \d, \d
.endm

/* theta's D values of copy s */
.macro k4_theta s
	k4_parity	\s, 0, K4_C0
	k4_parity	\s, 1, K4_C1
	k4_parity	\s, 2, K4_C2
	k4_parity	\s, 3, K4_C3
	k4_parity	\s, 4, K4_C4
	k4_theta_d	K4_C4, K4_C1, K4_D0
	k4_theta_d	K4_C0, K4_C2, K4_D1
	k4_theta_d	K4_C1, K4_C3, K4_D2
	k4_theta_d	K4_C2, K4_C4, K4_D3
	k4_theta_d	K4_C3, K4_C0, K4_D4
.endm

/* b = word i of copy s with its column's D applied, rotated by r */
.macro k4_rho_pi s, i, r, b
.if \i % 5 == 0
	vpxor		K4_W(\s, \i)(K4_S), K4_D0, \b
.elseif \i % 5 == 1
	vpxor		K4_W(\s, \i)(K4_S), K4_D1, \b
.elseif \i % 5 == 2
	vpxor		K4_W(\s, \i)(K4_S), K4_D2, \b
.elseif \i % 5 == 3
	vpxor		K4_W(\s, \i)(K4_S), K4_D3, \b
.else
	vpxor		K4_W(\s, \i)(K4_S), K4_D4, \b
.endif
	k4_rol64	\b, \r
.endm

/* word x + 5y of copy d = bx ^ (~bx1 & bx2) (chi), iota on word 0 */
.macro k4_chi d, y, x, bx, bx1, bx2
	vpandn		\bx2, \bx1, K4_T1
	vpxor		\bx, K4_T1, K4_T1
.if \x + \y == 0
	vpbroadcastq	(RC), K4_T0
	vpxor		K4_T0, K4_T1, K4_T1
.endif
	vmovdqu		K4_T1, K4_W(\d, \x + 5 * \y)(K4_S)
.endm

/* output row y of copy d from the words of copy s that keccak_rows lists */
.macro k4_row s, d, y, i0, r0, i1, r1, i2, r2, i3, r3, i4, r4
	k4_rho_pi	\s, \i0, \r0, K4_B0
	k4_rho_pi	\s, \i1, \r1, K4_B1
	k4_rho_pi	\s, \i2, \r2, K4_B2
	k4_rho_pi	\s, \i3, \r3, K4_B3
	k4_rho_pi	\s, \i4, \r4, K4_B4
	k4_chi		\d, \y, 0, K4_B0, K4_B1, K4_B2
	k4_chi		\d, \y, 1, K4_B1, K4_B2, K4_B3
	k4_chi		\d, \y, 2, K4_B2, K4_B3, K4_B4
	k4_chi		\d, \y, 3, K4_B3, K4_B4, K4_B0
	k4_chi		\d, \y, 4, K4_B4, K4_B0, K4_B1
.endm

/* the byte shuffles into K4_ROT8 and K4_ROT56 (keccak_avx2.S's tables) */
.macro k4_setup
	vmovdqa		.Lrot8(%rip), K4_ROT8
	vmovdqa		.Lrot56(%rip), K4_ROT56
.endm

#endif /* __ASSEMBLER__ */

#endif /* VGC_KECCAK_AVX2_H */
