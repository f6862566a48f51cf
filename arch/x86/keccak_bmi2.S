/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Keccak-f[1600] on one state with scalar instructions and BMI1/BMI2:
 * andn computes chi's ~b & c in one instruction and rorx rotates into
 * another register, so each word of a round costs a load, three ALU
 * operations and its share of chi. For the permutations in which only
 * one of the SIMD back ends' lanes has a job (G, and the tails of H(ek)
 * and J), where the multi-state permutations would cost more.
 *
 * Fifteen registers cannot hold 25 words, so each round reads one copy
 * of the state and writes the other: s[0..24] and s[25..49] in turn
 * (the caller's scratch, lib/mlkem_backend.h), the result in s[0..24];
 * theta's D values go to s[50..54]. So only the nine registers that a
 * caller does not expect kept are used: nothing is saved on the stack.
 * The state may be secret (G's input): the registers that held words of
 * it are cleared before returning (the caller wipes its scratch).
 */
#include <linux/linkage.h>

#include "keccak_x86.h"

#define STATE	%rdi	/* the caller's state */
#define TMP	%rsi	/* the other copy: s + 25 */
#define RC	%rdx	/* the next round constant */

/* theta's column parities, then one output row's words */
#define C0	%rax
#define C1	%rcx
#define C2	%r8
#define C3	%r9
#define C4	%r10
#define B0	%rax
#define B1	%rcx
#define B2	%r8
#define B3	%r9
#define B4	%r10
#define T0	%r11

#define W(i)	(8 * (i))
/* D[x], in s[50 + x] */
#define D(x)	W(50 + (x))(STATE)

	.section .rodata
	.p2align 3
.Lkeccak_rc1:
	keccak_round_constants
.Lkeccak_rc1_end:

	.text

/* c = the parity of column x of the state at src */
.macro parity src, x, c
	mov		W(\x)(\src), \c
	xor		W(\x + 5)(\src), \c
	xor		W(\x + 10)(\src), \c
	xor		W(\x + 15)(\src), \c
	xor		W(\x + 20)(\src), \c
.endm

/* D[x] = cl ^ (cr rotated left by 1) */
.macro theta_d cl, cr, x
	rorx		$63, \cr, T0
	xor		\cl, T0
	mov		T0, D(\x)
.endm

/* b = word i of src with its column's D applied, rotated left by r */
.macro rho_pi src, i, r, b
	mov		W(\i)(\src), \b
	xor		D(\i % 5), \b
.if \r != 0
	rorx		$(64 - \r), \b, \b
.endif
.endm

/* word x + 5y of dst = bx ^ (~bx1 & bx2), and iota on word 0 */
.macro chi dst, y, x, bx, bx1, bx2
	andn		\bx2, \bx1, T0
	xor		\bx, T0
.if \x + \y == 0
	xor		(RC), T0
.endif
	mov		T0, W(\x + 5 * \y)(\dst)
.endm

.macro row src, dst, y, i0, r0, i1, r1, i2, r2, i3, r3, i4, r4
	rho_pi		\src, \i0, \r0, B0
	rho_pi		\src, \i1, \r1, B1
	rho_pi		\src, \i2, \r2, B2
	rho_pi		\src, \i3, \r3, B3
	rho_pi		\src, \i4, \r4, B4
	chi		\dst, \y, 0, B0, B1, B2
	chi		\dst, \y, 1, B1, B2, B3
	chi		\dst, \y, 2, B2, B3, B4
	chi		\dst, \y, 3, B3, B4, B0
	chi		\dst, \y, 4, B4, B0, B1
.endm

.macro round src, dst
	parity		\src, 0, C0
	parity		\src, 1, C1
	parity		\src, 2, C2
	parity		\src, 3, C3
	parity		\src, 4, C4
	theta_d		C4, C1, 0
	theta_d		C0, C2, 1
	theta_d		C1, C3, 2
	theta_d		C2, C4, 3
	theta_d		C3, C0, 4
	keccak_rows	row, \src, \dst
	add		$8, RC
.endm

/* void vgc_keccak_x1_bmi2(u64 s[64]): s[0..24] permuted, s[25..] scratch */
SYM_FUNC_START(vgc_keccak_x1_bmi2)
	lea		W(25)(STATE), TMP
	lea		.Lkeccak_rc1(%rip), RC
.Lx1_rounds:
	round		STATE, TMP
	round		TMP, STATE
	lea		.Lkeccak_rc1_end(%rip), T0
	cmp		T0, RC
	jne		.Lx1_rounds

	/* no word of the state stays in a register */
	xor		%eax, %eax
	xor		%ecx, %ecx
	xor		%r8d, %r8d
	xor		%r9d, %r9d
	xor		%r10d, %r10d
	xor		%r11d, %r11d
	RET
SYM_FUNC_END(vgc_keccak_x1_bmi2)
