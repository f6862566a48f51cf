/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Keccak-f[1600] on one state with scalar instructions and BMI1/BMI2, as
 * assembler macros: andn computes chi's ~b & c in one instruction and
 * rorx rotates into another register, so each word of a round costs a
 * load, three ALU operations and its share of chi. Used by
 * vgc_keccak_x1_bmi2 (keccak_bmi2.S) and, beside the four-state AVX2
 * macros, by vgc_keccak_x4x1_avx2 (keccak_avx2.S): vector and integer
 * units then work at once.
 *
 * Fifteen registers cannot hold 25 words, so each round reads one copy
 * of the state at K1_S and writes the other: copy 0 (s[0..24]) and copy
 * 1 (s[25..49]) in turn; theta's D values go to s[50..54]. The includer
 * defines K1_S; RC points at the round's constant. Used: rax, rcx,
 * r8-r11, K1_S and RC, all of them registers a caller does not expect
 * kept, so nothing is saved on the stack.
 */
#ifndef VGC_KECCAK_BMI2_H
#define VGC_KECCAK_BMI2_H

#ifdef __ASSEMBLER__

#include "keccak_x86.h"

/* theta's column parities, then one output row's words */
#define K1_C0	%rax
#define K1_C1	%rcx
#define K1_C2	%r8
#define K1_C3	%r9
#define K1_C4	%r10
#define K1_B0	%rax
#define K1_B1	%rcx
#define K1_B2	%r8
#define K1_B3	%r9
#define K1_B4	%r10
#define K1_T0	%r11

/* word i of copy c; D[x] in s[50 + x] */
#define K1_W(c, i)	(200 * (c) + 8 * (i))
#define K1_D(x)		(8 * (50 + (x)))(K1_S)

/* c = the parity of column x of copy s */
.macro k1_parity s, x, c
	mov		K1_W(\s, \x)(K1_S), \c
	xor		K1_W(\s, \x + 5)(K1_S), \c
	xor		K1_W(\s, \x + 10)(K1_S), \c
	xor		K1_W(\s, \x + 15)(K1_S), \c
	xor		K1_W(\s, \x + 20)(K1_S), \c
.endm

/* D[x] = cl ^ (cr rotated left by 1) */
.macro k1_theta_d cl, cr, x
	rorx		$63, \cr, K1_T0
	xor		\cl, K1_T0
	mov		K1_T0, K1_D(\x)
.endm

/* theta's D values of copy s */
.macro k1_theta s
	k1_parity	\s, 0, K1_C0
	k1_parity	\s, 1, K1_C1
	k1_parity	\s, 2, K1_C2
	k1_parity	\s, 3, K1_C3
	k1_parity	\s, 4, K1_C4
	k1_theta_d	K1_C4, K1_C1, 0
	k1_theta_d	K1_C0, K1_C2, 1
	k1_theta_d	K1_C1, K1_C3, 2
	k1_theta_d	K1_C2, K1_C4, 3
	k1_theta_d	K1_C3, K1_C0, 4
.endm

/* b = word i of copy s with its column's D applied, rotated left by r */
.macro k1_rho_pi s, i, r, b
	mov		K1_W(\s, \i)(K1_S), \b
	xor		K1_D(\i % 5), \b
.if \r != 0
	rorx		$(64 - \r), \b, \b
.endif
.endm

/* word x + 5y of copy d = bx ^ (~bx1 & bx2), and iota on word 0 */
.macro k1_chi d, y, x, bx, bx1, bx2
	andn		\bx2, \bx1, K1_T0
	xor		\bx, K1_T0
.if \x + \y == 0
	xor		(RC), K1_T0
.endif
	mov		K1_T0, K1_W(\d, \x + 5 * \y)(K1_S)
.endm

.macro k1_row s, d, y, i0, r0, i1, r1, i2, r2, i3, r3, i4, r4
	k1_rho_pi	\s, \i0, \r0, K1_B0
	k1_rho_pi	\s, \i1, \r1, K1_B1
	k1_rho_pi	\s, \i2, \r2, K1_B2
	k1_rho_pi	\s, \i3, \r3, K1_B3
	k1_rho_pi	\s, \i4, \r4, K1_B4
	k1_chi		\d, \y, 0, K1_B0, K1_B1, K1_B2
	k1_chi		\d, \y, 1, K1_B1, K1_B2, K1_B3
	k1_chi		\d, \y, 2, K1_B2, K1_B3, K1_B4
	k1_chi		\d, \y, 3, K1_B3, K1_B4, K1_B0
	k1_chi		\d, \y, 4, K1_B4, K1_B0, K1_B1
.endm

/* the registers that held words of the state, cleared */
.macro k1_clear
	xor		%eax, %eax
	xor		%ecx, %ecx
	xor		%r8d, %r8d
	xor		%r9d, %r9d
	xor		%r10d, %r10d
	xor		%r11d, %r11d
.endm

#endif /* __ASSEMBLER__ */

#endif /* VGC_KECCAK_BMI2_H */
